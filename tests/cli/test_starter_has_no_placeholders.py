"""The starter `init` writes holds no placeholder to fill in before it works: the commands
at its top name the file it was written as (and run as written from its folder), its
comments say what the format accepts (a page budget of 1 to 20 pages, or any), and the
quoted ` #` in its example bullet is typeset with an opening quote before it, as a reader
expects (‘ #’, not ’ #’)."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from ats import pdf_text
from conftest import run_cli


@pytest.mark.parametrize("name", ["resume.yaml", "my-cv.yaml", "my cv.yaml"])
def test_the_starters_commands_name_its_file_and_run_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    monkeypatch.chdir(tmp_path)
    assert run_cli("init", name).exit_code == 0
    text = (tmp_path / name).read_text(encoding="utf-8")
    assert not re.search(r"\b[A-Z]{2,}_[A-Z_]+\b|\{\w+\}", text), "a placeholder"
    commands = re.findall(r"^#.*?(resume-pdf (?:build|check)\b.*)$", text, re.MULTILINE)
    assert len(commands) == 2, commands
    for command in commands:
        words = shlex.split(command)
        assert words[2:] == ([] if name == "resume.yaml" else [name]), command
        run = subprocess.run(
            [sys.executable, "-m", "resume_pdf", *words[1:]],
            cwd=tmp_path,
            capture_output=True,
            text=True,
        )
        assert run.returncode == 0, run.stderr


def test_the_starters_comments_say_what_the_format_accepts(tmp_path: Path) -> None:
    assert run_cli("init", str(tmp_path / "cv.yaml")).exit_code == 0
    text = (tmp_path / "cv.yaml").read_text(encoding="utf-8")
    assert "1 or 2" not in text
    budget = re.search(r"^pages: 1 +# (.*)$", text, re.MULTILINE).group(1)
    assert budget == "the page budget: 1 to 20 pages, or any"
    for pages in ("20", "any"):
        edited = tmp_path / f"p{pages}.yaml"
        edited.write_text(text.replace("pages: 1 ", f"pages: {pages} "), encoding="utf-8")
        assert run_cli("check", str(edited)).exit_code == 0


def test_the_starters_quoted_hash_opens_with_an_opening_quote(tmp_path: Path) -> None:
    assert run_cli("init", str(tmp_path / "cv.yaml")).exit_code == 0
    out = tmp_path / "cv.pdf"
    assert run_cli("build", str(tmp_path / "cv.yaml"), "-o", str(out)).exit_code == 0
    shown = " ".join(pdf_text(out).split())
    assert "drops the text from ‘ #’ on" in shown, shown
