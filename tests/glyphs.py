"""Every glyph of a PDF as PDFium places it: character, origin, size, page, colour — for tests
of what the eye sees (kerning, baselines, line ends, link colours), independent of the
builder's code; and the boxes of the lines and shapes drawn (rules, underlines)."""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw


@dataclass(frozen=True, slots=True)
class Glyph:
    char: str
    x: float  # origin (baseline, left), points from the page's lower left
    y: float
    size: float
    page: int
    weight: int = 0  # PDFium's font weight (400 regular, 700 bold, from the face's data)
    fill: str = ""  # the fill colour it is drawn in, "#rrggbb"


def read_glyphs(pdf: Path | bytes) -> list[Glyph]:
    """All drawn characters in content order (PDFium's generated spaces left out)."""
    doc = pdfium.PdfDocument(pdf)
    out = []
    try:
        for number in range(len(doc)):
            text = doc[number].get_textpage()
            x, y = ctypes.c_double(), ctypes.c_double()
            rgba = [ctypes.c_uint() for _ in range(4)]
            for i in range(text.count_chars()):
                if raw.FPDFText_IsGenerated(text.raw, i) == 1:
                    continue
                code = raw.FPDFText_GetUnicode(text.raw, i)
                raw.FPDFText_GetCharOrigin(text.raw, i, ctypes.byref(x), ctypes.byref(y))
                size = raw.FPDFText_GetFontSize(text.raw, i)
                weight = raw.FPDFText_GetFontWeight(text.raw, i)
                raw.FPDFText_GetFillColor(text.raw, i, *(ctypes.byref(c) for c in rgba))
                fill = "#" + "".join(f"{c.value:02x}" for c in rgba[:3])
                out.append(Glyph(chr(code), x.value, y.value, size, number, weight, fill))
    finally:
        doc.close()
    return out


def shapes(pdf: Path | bytes, page: int = 0) -> list[tuple[float, float, float, float]]:
    """The bounds (left, bottom, right, top) of every path drawn on a page: rules, bars,
    underlines, icons."""
    doc = pdfium.PdfDocument(pdf)
    try:
        paths = doc[page].get_objects(filter=[raw.FPDF_PAGEOBJ_PATH])
        return [tuple(path.get_bounds()) for path in paths]
    finally:
        doc.close()


def lines(glyphs: list[Glyph], tolerance: float = 0.5) -> list[list[Glyph]]:
    """Glyphs grouped into runs on one baseline, in content order."""
    out: list[list[Glyph]] = []
    for g in glyphs:
        last = out[-1][-1] if out else None
        if last and last.page == g.page and abs(last.y - g.y) <= tolerance and g.x >= last.x:
            out[-1].append(g)
            continue
        out.append([g])
    return out


def advances(glyphs: list[Glyph]) -> dict[tuple[str, str, float], set[float]]:
    """(letter, next letter, size) -> the distances drawn between their origins."""
    found: dict[tuple[str, str, float], set[float]] = {}
    for line in lines(glyphs):
        for a, b in zip(line, line[1:], strict=False):
            if a.size == b.size and a.char.strip() and b.char.strip():
                found.setdefault((a.char, b.char, round(a.size, 2)), set()).add(round(b.x - a.x, 3))
    return found
