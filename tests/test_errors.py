"""Bad input: every problem located as FILE:LINE:COL: field: what, in one run; exit 1; no
traceback; the previous PDF untouched."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import EXAMPLE, run_cli

BROKEN = """\
name: Ann Example
contact:
  emial: ann@example.com
sections:
  - title: Experience
    experience:
      - role: Engineer
        organization: [a, b]
        start: March 2020
  - title: Awards
    bullets: [one, two
  - title: Fine
    text: hello
"""


def test_all_problems_of_a_file_in_one_run_and_the_old_pdf_survives(tmp_path: Path) -> None:
    out = tmp_path / "resume.pdf"
    good = tmp_path / "resume.yaml"
    good.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    assert run_cli("build", str(good), "-o", str(out)).exit_code == 0
    before = out.read_bytes()

    good.write_text(BROKEN, encoding="utf-8")
    run = run_cli("build", str(good), "-o", str(out))

    assert run.exit_code == 1
    assert "Traceback" not in run.stderr and run.stdout == ""
    f = re.escape(str(good))
    lines = run.stderr.splitlines()
    expected = [
        rf"{f}:3:3: contact\.emial: error: unknown key `emial`; did you mean `email`\?",
        rf"{f}:8:23: sections\[0\]\.experience\[0\]\.organization: error: expected text, got a "
        "list",
        rf"{f}:9:16: sections\[0\]\.experience\[0\]\.start: error: expected a date like 2021.*"
        r"'March 2020'",
        rf"{f}:11:14: error: YAML syntax error: the \[ opened here is never closed$",
        r" 11 \|     bullets: \[one, two$",
        r"    \|              \^$",
        r"  hint: close it with \], or write one item per line starting with `- `$",
    ]
    assert len(lines) == len(expected), run.stderr
    for line, pattern in zip(lines, expected, strict=True):
        assert re.match(pattern, line), (line, pattern)
    assert out.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_check_reports_the_same_problems_without_writing(tmp_path: Path) -> None:
    bad = tmp_path / "r.yaml"
    bad.write_text(BROKEN, encoding="utf-8")
    run = run_cli("check", str(bad))
    assert run.exit_code == 1
    assert len([line for line in run.stderr.splitlines() if line.startswith(str(bad))]) == 4
    assert not (tmp_path / "output").exists()


def test_check_ok(tmp_path: Path) -> None:
    run = run_cli("check", str(EXAMPLE))
    assert run.exit_code == 0
    assert run.stdout.strip().endswith(": ok, 1 page within its 1-page budget")


def test_missing_file_and_usage_errors(tmp_path: Path) -> None:
    run = run_cli("build", str(tmp_path / "nope.yaml"), "-o", str(tmp_path / "x.pdf"))
    assert run.exit_code == 1 and "file not found" in run.stderr
    assert run_cli("build", "--page-size", "a3").exit_code == 2
    assert run_cli("frobnicate").exit_code == 2


def test_output_that_is_a_folder_or_the_input_is_refused(tmp_path: Path) -> None:
    src = tmp_path / "r.yaml"
    src.write_text("name: A\n", encoding="utf-8")
    run = run_cli("build", str(src), "-o", str(tmp_path))
    assert run.exit_code == 1 and "is a directory" in run.stderr
    run = run_cli("build", str(src), "-o", str(src))
    assert run.exit_code == 1 and "input file itself" in run.stderr
    assert src.read_text(encoding="utf-8") == "name: A\n"


def test_output_folder_is_created(tmp_path: Path) -> None:
    src = tmp_path / "r.yaml"
    src.write_text("name: A\n", encoding="utf-8")
    run = run_cli("build", str(src))
    assert run.exit_code == 0, run.stderr
    assert (tmp_path / "output" / "r.pdf").is_file()


def test_a_link_with_a_forbidden_scheme_is_an_error(tmp_path: Path) -> None:
    src = tmp_path / "r.yaml"
    src.write_text(
        "name: A\ncontact:\n  website: javascript:alert(1)\n"
        "summary: see [me](file:///etc/passwd)\n",
        encoding="utf-8",
    )
    run = run_cli("check", str(src))
    assert run.exit_code == 1
    assert re.search(
        r":3:12: contact\.website: error: link scheme 'javascript' is not allowed", run.stderr
    )
    assert re.search(r":4:10: summary: error: link scheme 'file' is not allowed", run.stderr)
