"""Reading order is drawing order: on every page the marked-content sequences are painted
in the order the structure tree reads them, so a reader of the tags and a reader of the
page (an extractor, an ATS, a sighted person) meet the same text in the same order. A
sidebar's panel is drawn first and read first; checkers such as outloud warn when the two
orders differ (ORD-001). Where outloud is installed, it runs on each PDF too."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from test_tagged_pdf import PHOTO_CV, make, two_pages

import structure
from conftest import EXAMPLE
from resume_pdf.style.theme import builtin_styles

STYLES = builtin_styles()
LETTER = PHOTO_CV.replace("photo: me.png\n", "") + (
    "letter:\n  to: [Hiring Team]\n  subject: Analyst role\n  greeting: Dear team,\n"
    "  body: |\n    First paragraph.\n\n    Second paragraph with a [link](https://example.org/x).\n"
    "  closing: Yours,\n"
)


def pdfs(tmp_path: Path, style: str) -> list[Path]:
    """The example, a two-page résumé, a résumé with a photo and the letter in `style`."""
    out = []
    for name, source, args in (
        ("example", EXAMPLE, ()),
        ("two", two_pages(), ("--pages", "2")),
        ("photo", PHOTO_CV, ()),
    ):
        folder = tmp_path / name
        folder.mkdir()
        out.append(make(folder, source, "--style", style, *args))
    folder = tmp_path / "letter"
    folder.mkdir()
    out.append(make(folder, LETTER, "--style", style, command="letter"))
    return out


def out_of_order(tagged: structure.Tagged) -> list[tuple[int, int]]:
    """The sequences painted before one the tree reads ahead of them, page by page."""
    wrong = []
    for page in range(len(tagged.pdf.pages)):
        read = [m for m in tagged.root.mcids() if m[0] == page]
        at = [tagged.painted[m] for m in read]
        wrong += [m for m, a, b in zip(read[1:], at, at[1:], strict=False) if b < a]
    return wrong


@pytest.mark.parametrize("style", STYLES)
def test_sequences_are_painted_in_the_trees_order(tmp_path: Path, style: str) -> None:
    for pdf in pdfs(tmp_path, style):
        tagged = structure.read(pdf)
        assert set(tagged.painted) == set(tagged.root.mcids()), pdf.parent.name
        assert out_of_order(tagged) == [], pdf.parent.name


@pytest.mark.skipif(shutil.which("outloud") is None, reason="outloud is not installed")
@pytest.mark.parametrize("style", ["classic", "modern", "sidebar"])
def test_outloud_finds_nothing(tmp_path: Path, style: str) -> None:
    """outloud (PDF/UA-1 and WCAG checks, PyPI): no error, no warning, no note."""
    paths = pdfs(tmp_path, style)
    report = tmp_path / "report.json"
    subprocess.run(["outloud", "--json", str(report), *map(str, paths)], capture_output=True)
    results = json.loads(report.read_text(encoding="utf-8"))["results"]
    found = [
        (Path(r["path"]).parent.name, f["rule"], f["message"])
        for r in results
        for f in r["findings"]
    ]
    assert len(results) == len(paths) and found == []
