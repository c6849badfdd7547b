"""The space before and after a bold or italic word is the font's own word space, as the
eye measures it: PDFium's glyph boxes on the page, every built-in style. A wider gap at a
font switch ("I created␣␣AOTInductor") reads as a typing error and gives text extractors
two or three spaces there."""

from __future__ import annotations

import ctypes
import statistics
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest

from resume_pdf.build import Options, build
from resume_pdf.style.theme import builtin_styles

SUMMARY = (
    "I built the **ahead-of-time** compiler and *maintain* its runtime for the team, "
    "so every model ships."
)
RESUME = f"""\
name: Sam Example
summary: "{SUMMARY}"
sections:
  - title: Skills
    skills:
      - {{group: Languages, items: [C++, Python]}}
"""


def _chars(pdf: Path) -> list[tuple[str, float, float, float]]:
    """(char, left, right, baseline) of each drawn character of page 1: left is its origin,
    right its origin plus its advance (PDFium's loose box), so a gap is the white between
    two glyph cells, whatever the letters' side bearings."""
    doc = pdfium.PdfDocument(pdf)
    try:
        text = doc[0].get_textpage()
        out = []
        x, y = ctypes.c_double(), ctypes.c_double()
        rect = raw.FS_RECTF()
        for i in range(text.count_chars()):
            if raw.FPDFText_IsGenerated(text.raw, i) == 1:
                continue
            raw.FPDFText_GetCharOrigin(text.raw, i, ctypes.byref(x), ctypes.byref(y))
            raw.FPDFText_GetLooseCharBox(text.raw, i, ctypes.byref(rect))
            char = chr(raw.FPDFText_GetUnicode(text.raw, i))
            out.append((char, x.value, rect.right, round(y.value, 1)))
        return out
    finally:
        doc.close()


def _word_gaps(
    chars: list[tuple[str, float, float, float]], line: float
) -> list[tuple[str, float]]:
    """(the word after, the gap before it) for every word after the first on one baseline."""
    on_line = [c for c in chars if c[3] == line]
    gaps, word, last_right, gap = [], "", None, None
    for char, left, right, _ in on_line:
        if not char.strip() or char == "\u00a0":
            if word:
                gaps.append((word, gap))
                word = ""
            continue
        if not word and last_right is not None:
            gap = left - last_right
        word += char
        last_right = right
    if word:
        gaps.append((word, gap))
    return [(w, g) for w, g in gaps if g is not None]


@pytest.mark.parametrize("style", builtin_styles())
def test_a_bold_or_italic_word_sits_at_the_word_space(style: str, tmp_path: Path) -> None:
    source = tmp_path / "resume.yaml"
    source.write_text(RESUME, encoding="utf-8")
    out = tmp_path / "out.pdf"
    build(source, out, Options(style=style))
    chars = _chars(out)
    baselines = sorted({c[3] for c in chars if c[0] == "b"})
    line = next(b for b in baselines if any(w == "built" for w, _ in _word_gaps(chars, b)))
    gaps = _word_gaps(chars, line)
    switch = {"ahead-of-time", "compiler", "maintain", "its"}  # a font changes before each
    at_switch = [g for w, g in gaps if w in switch]
    others = [g for w, g in gaps if w not in switch]
    assert len(at_switch) == 4 and len(others) >= 3, gaps
    usual = statistics.median(others)
    for word, gap in gaps:
        if word in switch:
            assert abs(gap - usual) <= 0.2 * usual, (word, gap, usual)
