"""Titles in capitals or small capitals are letter-spaced (+5 %), serif's
small capitals are the font's own, mono's link underline is a hairline under the
descenders — measured on PDFium's glyphs and paths."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pytest

from conftest import run_cli
from glyphs import lines, read_glyphs, shapes

SOURCE = """\
name: Jane Doe
sections:
  - title: Experience
    bullets:
      - "**EXPERIENCE** in capitals, and [a typography guide](https://example.org/g) to read."
"""


def _build(tmp_path: Path, style: str) -> Path:
    (tmp_path / "cv.yaml").write_text(SOURCE, encoding="utf-8")
    pdf = tmp_path / f"{style}.pdf"
    run = run_cli("build", str(tmp_path / "cv.yaml"), "-o", str(pdf), "--style", style)
    assert run.exit_code == 0, run.stderr
    return pdf


def _spacing(line: list) -> float:
    """The mean advance between the letters of EXPERIENCE, in ems of their size."""
    word = next(
        i for i in range(len(line)) if "".join(g.char for g in line[i : i + 10]) == "EXPERIENCE"
    )
    letters = line[word : word + 10]
    return (letters[-1].x - letters[0].x) / letters[0].size / 9


@pytest.mark.parametrize("style", ["compact", "modern"])
def test_a_title_in_capitals_is_letter_spaced(tmp_path: Path, style: str) -> None:
    """The title and the same word in bold body text share a face: the title's letters
    stand 0.05 em further apart."""
    found = [
        line
        for line in lines(read_glyphs(_build(tmp_path, style)))
        if "EXPERIENCE" in "".join(g.char for g in line)
    ]
    heading, body = found[0], found[1]
    assert _spacing(heading) - _spacing(body) == pytest.approx(0.05, abs=0.01)


def test_serif_small_capitals_are_the_fonts_own(tmp_path: Path) -> None:
    pdf = _build(tmp_path, "serif")
    doc = pdfium.PdfDocument(pdf)
    try:
        text = doc[0].get_textpage()
        shown = text.get_text_range()
        at = shown.index("EXPERIENCE")
        boxes = [text.get_charbox(at + i) for i in range(10)]
    finally:
        doc.close()
    first = boxes[0][3] - boxes[0][1]  # E, the title's first letter
    small = boxes[1][3] - boxes[1][1]  # X, a small capital
    glyph = [g for g in read_glyphs(pdf) if g.char in "EX"][:2]
    assert glyph[0].size == glyph[1].size, "small capitals drawn as capitals at 80 % size"
    # one face, one run: the first letter is a small capital too (a capital from the bold
    # beside them was a second font, and readers start a new text item at each)
    assert first == pytest.approx(small, rel=0.03)
    text_layer = pypdf.PdfReader(pdf).pages[0].extract_text()
    assert "EXPERIENCE" in text_layer  # capitals in the text layer, as before


def test_mono_underline_is_thin_and_clears_descenders(tmp_path: Path) -> None:
    pdf = _build(tmp_path, "mono")
    glyphs = read_glyphs(pdf)
    text = "".join(g.char for g in glyphs)
    at = text.index("typography")
    link = [g for g in glyphs[at : at + 10] if g.char in "ypg"]  # the link's descenders
    baseline, size = link[0].y, link[0].size
    rules = [s for s in shapes(pdf) if s[3] - s[1] < 0.1 * size and s[3] < baseline]
    under = [s for s in rules if s[0] <= link[0].x <= s[2]]
    assert under, "the link is underlined"
    left, bottom, right, top = under[0]
    assert top < baseline - 0.235 * size  # below g's and p's descenders (0.224 em)
    assert top - bottom <= 0.07 * size  # a hairline, not a bar


def test_small_caps_without_the_fonts_own_are_tracked_capitals(tmp_path: Path) -> None:
    """Roboto has no small capitals of its own: there a small-caps title is set in tracked
    capitals of one face and size, one font run (capitals at two sizes were two runs, which
    a reader takes for two items: `E` and `XPERIENCE`)."""
    (tmp_path / "cv.yaml").write_text(SOURCE, encoding="utf-8")
    (tmp_path / "sc.yaml").write_text("extends: modern\nheadings: {case: small-caps}\n")
    pdf = tmp_path / "cv.pdf"
    run = run_cli(
        "build", str(tmp_path / "cv.yaml"), "-o", str(pdf), "--style", str(tmp_path / "sc.yaml")
    )
    assert run.exit_code == 0, run.stderr
    titles = [
        line
        for line in lines(read_glyphs(pdf))
        if "".join(g.char for g in line).replace(" ", "") == "EXPERIENCE"
    ]
    assert titles
    for line in titles:
        assert len({(g.size, g.weight) for g in line if g.char.isalpha()}) == 1
