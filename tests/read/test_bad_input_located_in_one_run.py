"""Bad input: every problem located as FILE:LINE:COL: field: what, in one run; exit 1; no
traceback; the previous PDF untouched."""

from __future__ import annotations

import os
import re
import signal
import socket
from pathlib import Path

import pytest

from conftest import EXAMPLE, run_cli
from resume_pdf.errors import ResumeError

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
        r"  hint: write 2020-03$",
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
    said = run.stdout.strip()  # the example, shorter than its page, grown to fill it
    assert re.search(
        r": ok, 1 page within its 1-page budget(, grown [^;]*)?; letter: 1 page$", said
    )


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


def test_an_input_that_is_not_a_regular_file_is_refused_at_its_first_line(tmp_path: Path) -> None:
    """A FIFO would block, a device never end, a symlink loop raise: each is one located
    line naming what the path is, checked before anything is read."""
    os.mkfifo(tmp_path / "pipe.yaml")
    (tmp_path / "folder.yaml").mkdir()
    (tmp_path / "loop.yaml").symlink_to("loop.yaml")
    cases = {
        tmp_path / "pipe.yaml": "is a FIFO (named pipe), not a regular file",
        tmp_path / "folder.yaml": "is a directory, not a regular file (nor a LinkedIn data export:"
        " it holds none of Profile.csv, Positions.csv, Education.csv, …)",
        Path("/dev/null"): "is a device, not a regular file",
        tmp_path / "loop.yaml": "cannot read: too many levels of symbolic links (a symlink loop?)",
        tmp_path / "socket.yaml": "is a socket, not a regular file",
    }
    with socket.socket(socket.AF_UNIX) as listening:
        listening.bind(str(tmp_path / "socket.yaml"))
        for path, message in cases.items():
            run = run_cli("check", str(path))
            assert run.exit_code == 1
            assert run.stderr == f"{path}:1:1: error: {message}\n"


def test_an_input_over_one_mebibyte_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"name: A\n#" + b"x" * (1024 * 1024 - 9) + b"\n")  # 1 MiB + 1 byte
    run = run_cli("check", str(big))
    assert run.exit_code == 1
    assert run.stderr == f"{big}:1:1: error: input too large (1.0 MiB > 1 MiB)\n"


def test_a_path_swapped_for_a_fifo_after_its_check_cannot_hang_the_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The path is a regular file when it is checked and a FIFO when it is opened: the
    open does not wait for a writer, and the open file is checked again."""
    from resume_pdf.read.source import read_source

    regular, pipe = tmp_path / "r.yaml", tmp_path / "pipe.yaml"
    regular.write_text("name: A\n", encoding="utf-8")
    os.mkfifo(pipe)
    real_stat = os.stat
    monkeypatch.setattr(
        os, "stat", lambda p, *a, **k: real_stat(regular if p == pipe else p, *a, **k)
    )

    def hung(*_: object) -> None:
        raise TimeoutError("the read waited for a writer")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(5)
    try:
        with pytest.raises(ResumeError) as info:
            read_source(pipe)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    assert [str(p) for p in info.value.problems] == [
        f"{pipe}:1:1: is a FIFO (named pipe), not a regular file"
    ]


def test_a_file_gone_before_it_is_read_is_a_located_problem(tmp_path: Path) -> None:
    """The command line says how to start a missing résumé; a style or letter file that
    vanishes between that check and the read is still one located line."""
    from resume_pdf.read.source import read_source

    with pytest.raises(ResumeError) as info:
        read_source(tmp_path / "gone.yaml", "gone.yaml")
    assert [str(p) for p in info.value.problems] == ["gone.yaml:1:1: file not found"]


def test_a_file_of_exactly_one_mebibyte_is_read_to_its_last_byte(tmp_path: Path) -> None:
    from resume_pdf.model.resume_schema import load_resume

    path = tmp_path / "full.yaml"
    tail = b"\nheadline: Engineer"  # no newline at the end: the last byte is the last letter
    path.write_bytes(b"name: A\n#" + b"x" * (1024 * 1024 - 9 - len(tail)) + tail)
    assert path.stat().st_size == 1024 * 1024
    assert load_resume(path).headline == "Engineer"


def test_a_duplicate_key_warns_and_the_later_value_is_the_one_checked(tmp_path: Path) -> None:
    src = tmp_path / "d.yaml"
    src.write_text("name: A\nheadline: one\nheadline: two\n", encoding="utf-8")
    run = run_cli("check", str(src))
    assert run.exit_code == 0
    warning = "headline: warning: duplicate key 'headline' (first at line 2); the later one is used"
    assert run.stderr == f"{src}:3:1: {warning}\n"
    src.write_text("name: A\nheadline: one\nheadline: [x]\n", encoding="utf-8")
    run = run_cli("check", str(src))
    assert run.exit_code == 1
    assert run.stderr.splitlines() == [
        f"{src}:3:1: {warning}",
        f"{src}:3:11: headline: error: expected text, got a list",
    ]


def test_a_file_that_grows_after_its_size_was_checked_is_read_only_to_the_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from resume_pdf.read.source import read_source

    small, big = tmp_path / "small.yaml", tmp_path / "big.yaml"
    small.write_text("name: A\n", encoding="utf-8")
    big.write_bytes(b"name: A\n#" + b"x" * (3 * 1024 * 1024))  # 3 MiB when it is read
    real_stat = os.stat
    monkeypatch.setattr(os, "stat", lambda p, *a, **k: real_stat(small if p == big else p, *a, **k))
    with pytest.raises(ResumeError) as info:
        read_source(big)
    assert [str(p) for p in info.value.problems] == [
        f"{big}:1:1: input too large (1.0 MiB > 1 MiB)"  # the first 1 MiB + 1 byte, no more
    ]
