"""The command line a newcomer meets: `--open` says when no viewer starts, `-o`
names a lone twin, the plain-text twin survives a tag-stripping portal, help fits the
terminal, and `--style ./file.yaml` is read from the current folder."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import click
import docx
import pytest

from conftest import FIXTURES, Run, run_cli
from resume_pdf.cli import main

RESUME = "name: Ann\nsections:\n  - title: Work\n    bullets: [Built things]\n"


def test_open_says_when_no_viewer_starts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "cv.yaml"
    source.write_text(RESUME, encoding="utf-8")
    opened: list[str] = []
    monkeypatch.setattr(click, "launch", lambda url, **_: opened.append(url) or 1)
    run = run_cli("build", str(source), "--open")
    assert run.exit_code == 0  # the build succeeded
    assert opened and opened[0].endswith("cv.pdf")
    assert "cv.pdf: note: no PDF viewer could be started; open the file yourself" in run.stderr


def test_open_is_quiet_when_the_viewer_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "cv.yaml"
    source.write_text(RESUME, encoding="utf-8")
    monkeypatch.setattr(click, "launch", lambda url, **_: 0)
    run = run_cli("build", str(source), "--open")
    assert run.exit_code == 0 and "note:" not in run.stderr


@pytest.mark.parametrize("fmt", ["txt", "md", "html", "docx"])
def test_o_names_the_only_twin(tmp_path: Path, fmt: str) -> None:
    source = tmp_path / "r.yaml"
    source.write_text(RESUME, encoding="utf-8")
    target = tmp_path / f"cv.{fmt}"
    run = run_cli("build", str(source), "--format", fmt, "-o", str(target))
    assert run.exit_code == 0, run.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"cv.{fmt}", "r.yaml"]
    if fmt == "docx":
        assert "Built things" in "\n".join(p.text for p in docx.Document(str(target)).paragraphs)
    else:
        assert "Built things" in target.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("fmt", "name"), [("docx", "cv.txt"), ("txt,docx", "cv.docx"), ("pdf", "cv.docx")]
)
def test_o_still_refuses_a_name_that_is_not_the_only_format(
    tmp_path: Path, fmt: str, name: str
) -> None:
    source = tmp_path / "r.yaml"
    source.write_text(RESUME, encoding="utf-8")
    run = run_cli("build", str(source), "--format", fmt, "-o", str(tmp_path / name))
    assert run.exit_code == 2 and "the output is a PDF" in run.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.yaml"]


def strip_tags(text: str) -> str:
    """What a job portal that strips HTML tags keeps of a pasted text."""
    return re.sub("<[^>]+>", "", text)


def test_txt_links_survive_a_tag_stripper(tmp_path: Path) -> None:
    source = tmp_path / "r.yaml"
    shutil.copy(FIXTURES / "all_sections.yaml", source)
    assert run_cli("build", str(source), "--format", "txt").exit_code == 0
    text = (tmp_path / "output" / "r.txt").read_text(encoding="utf-8")
    kept = strip_tags(text)
    for url in ("https://example.org/notes", "https://github.com/example/vm"):
        assert url in kept, url
    # a project's link after its title, in the PDF's order (title · link … dates)
    assert "Bytecode VM · Source: https://github.com/example/vm | 2020 - 2021" in text.splitlines()
    assert "  Source" not in text and "<https://" not in text
    assert "→" not in text and "2023 - now" in text


def test_txt_writes_the_address_alone_when_it_is_the_label(tmp_path: Path) -> None:
    source = tmp_path / "r.yaml"
    source.write_text(
        "name: Ann\ncontact: {website: https://ann.example.org}\n"
        "summary: See <https://blog.example.org/x> and [my talk](https://talk.example.org).\n",
        encoding="utf-8",
    )
    assert run_cli("build", str(source), "--format", "txt").exit_code == 0
    text = (tmp_path / "output" / "r.txt").read_text(encoding="utf-8")
    assert "ann.example.org" in text and "ann.example.org:" not in text
    assert "https://talk.example.org" in strip_tags(text)
    assert "my talk: https://talk.example.org" in text


COMMANDS = ["", *sorted(main.commands)]


@pytest.mark.parametrize("command", COMMANDS)
def test_help_fits_60_columns(command: str) -> None:
    args = [sys.executable, "-m", "resume_pdf", *([command] if command else []), "--help"]
    env = {"COLUMNS": "60", "PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"}
    shown = subprocess.run(args, capture_output=True, text=True, env=env, check=True).stdout
    long = [line for line in shown.splitlines() if len(line) > 60]
    assert not long, long


def test_style_path_is_read_from_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "cv").mkdir()
    (tmp_path / "cv" / "r.yaml").write_text(RESUME, encoding="utf-8")
    (tmp_path / "my.yaml").write_text("extends: mono\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    run = run_cli("check", "cv/r.yaml", "--style", "./my.yaml")
    assert run.exit_code == 0, run.stderr
    run = run_cli("build", "cv/r.yaml", "--style", "my.yaml", "--format", "txt")
    assert run.exit_code == 0, run.stderr
    run = run_cli("build", "cv/r.yaml", "--style", "my", "--format", "txt")
    assert run.exit_code == 1 and "unknown style 'my'" in run.stderr  # a bare name


LETTER = (
    "name: Ann\nsections:\n  - title: Work\n    bullets: [Built things]\n"
    "letter:\n  to: Acme\n  body: {body}\n"
)


def test_all_variants_letter_reports_a_variants_error_once(tmp_path: Path) -> None:
    source = tmp_path / "r.yaml"
    source.write_text(
        LETTER.format(body="One paragraph.")
        + "variants:\n  acme:\n    letter:\n      paragraphs: {2: Replaced.}\n",
        encoding="utf-8",
    )
    run = run_cli("build", str(source), "--all-variants", "--letter")
    assert run.exit_code == 1
    assert run.stderr.count("no paragraph '2' to replace") == 1, run.stderr


def test_watch_letter_rebuilds_the_letter_on_each_save(tmp_path: Path) -> None:
    import os
    import signal
    import time

    from ats import pdf_text

    source = tmp_path / "cv.yaml"
    letter = tmp_path / "output" / "cv-letter.pdf"
    source.write_text(LETTER.format(body="First letter text."), encoding="utf-8")

    def shows(words: str) -> bool:
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                if words in pdf_text(letter):
                    return True
            except Exception:  # noqa: BLE001 - not written yet
                pass
            time.sleep(0.05)
        return False

    args = [sys.executable, "-m", "resume_pdf", "build", str(source), "--watch", "--letter"]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert shows("First letter text.")
        tmp = tmp_path / ".cv.yaml.swp"
        tmp.write_text(LETTER.format(body="Second letter text."), encoding="utf-8")
        os.replace(tmp, source)
        assert shows("Second letter text.")
        time.sleep(0.3)
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=10)
    assert "Traceback" not in err
    assert out.count("cv.pdf: 1 page") == 2 and out.count("cv-letter.pdf: 1 page") == 2, out


# --- `check` checks the letter as `letter` would -------------------------------------------------

GOOD_LETTER = "to: Acme\ngreeting: Dear team,\nbody: I would like to build things at Acme.\n"


def grown(source: Path) -> str:
    """The fit note `build` gives this short résumé (', grown 16% (spacing 140%, ...)': a
    short page is grown to fill it), which `check` must give too; built elsewhere, so that
    nothing is written beside the résumé."""
    out = source.parent / "elsewhere" / "r.pdf"
    built = run_cli("build", str(source), "-o", str(out))
    assert built.exit_code == 0 and ", grown " in built.stdout, built.stdout
    return ", " + built.stdout.split(", ", 1)[1].rsplit(", ", 1)[0]


def check_and_letter(source: Path) -> tuple[Run, Run]:
    """`check` (which must write nothing), then `letter` on the same résumé."""
    checked = run_cli("check", str(source))
    assert not (source.parent / "output").exists()
    return checked, run_cli("letter", str(source))


@pytest.mark.parametrize("where", ["block", "letter.yaml"])
def test_check_passes_a_good_letter_and_names_it(tmp_path: Path, where: str) -> None:
    source = tmp_path / "r.yaml"
    if where == "block":
        source.write_text(RESUME + "letter:\n" + textwrap.indent(GOOD_LETTER, "  "), "utf-8")
    else:
        source.write_text(RESUME, encoding="utf-8")
        (tmp_path / "letter.yaml").write_text(GOOD_LETTER, encoding="utf-8")
    checked, built = check_and_letter(source)
    assert checked.exit_code == 0, checked.stderr
    line = f"{source}: ok, 1 page within its 2-page budget{grown(source)}; letter: 1 page"
    assert checked.stdout.splitlines() == [line] and checked.stderr == ""
    assert built.exit_code == 0 and "r-letter.pdf: 1 page" in built.stdout


def test_check_fails_on_a_letter_too_long_with_letters_message(tmp_path: Path) -> None:
    para = "I have built compilers, runtimes and the teams around them for years. " * 10
    body = "\n\n    ".join([para] * 12)
    source = tmp_path / "r.yaml"
    source.write_text(LETTER.format(body=f"|\n    {body}\n"), encoding="utf-8")
    checked, built = check_and_letter(source)
    assert checked.exit_code == 1 and built.exit_code == 1
    assert checked.stdout == "" and "Traceback" not in checked.stderr
    assert f"{source}:7:9: letter.body: error: the letter does not fit one page" in checked.stderr
    assert checked.stderr == built.stderr  # the same located lines, word for word
    assert not (tmp_path / "output").exists()  # `letter` refused it too


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        (
            {"letter.yaml": "greeting: Dear team,\nbody: Hello.\nclosng: Bye\n"},
            "letter.yaml:3:1: closng: error: unknown key `closng`; did you mean `closing`?",
        ),
        (
            {"r.yaml": LETTER.format(body="Hello \U0001f600.")},
            "r.yaml:7:9: letter.body: error: no available font",
        ),
        (
            {"r.yaml": RESUME + "letter:\n  to: Acme\n"},
            "r.yaml:1:1: letter.body: error: the letter has no `body:`",
        ),
    ],
    ids=["letter.yaml-key", "glyph", "no-body"],
)
def test_check_fails_on_a_letter_field_error_as_letter_does(
    tmp_path: Path, files: dict[str, str], expected: str
) -> None:
    source = tmp_path / "r.yaml"
    source.write_text(RESUME, encoding="utf-8")
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    checked, built = check_and_letter(source)
    assert checked.exit_code == 1 and checked.stdout == ""
    assert f"{tmp_path}/{expected}" in checked.stderr, checked.stderr
    assert checked.stderr == built.stderr


def test_check_without_a_letter_is_unchanged(tmp_path: Path) -> None:
    source = tmp_path / "r.yaml"
    source.write_text(RESUME, encoding="utf-8")
    unchanged = [f"{source}: ok, 1 page within its 2-page budget{grown(source)}"]
    assert run_cli("check", str(source)).stdout.splitlines() == unchanged
    # a `letter:` with no body whose variants bring theirs is their base, not a letter
    base = RESUME + "letter: {closing: Bye}\nvariants:\n  acme: {letter: {body: Hi Acme.}}\n"
    source.write_text(base, encoding="utf-8")
    assert run_cli("check", str(source)).stdout.splitlines() == unchanged
    assert run_cli("letter", str(source), "--variant", "acme").exit_code == 0
    # ... and a letter.yaml beside it is the letter, named on the same line
    source.write_text(RESUME, encoding="utf-8")
    (tmp_path / "letter.yaml").write_text(GOOD_LETTER, encoding="utf-8")
    assert run_cli("check", str(source)).stdout.splitlines() == [f"{unchanged[0]}; letter: 1 page"]
