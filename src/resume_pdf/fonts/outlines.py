"""A glyph's outline as PDF path operators, for a glyph drawn as a shape rather than as text.

The right-to-left and shaping path (pdf/rtl.py) draws a cluster of several glyphs (a letter
with its harakat, a consonant with the vowel sign HarfBuzz set before it) as its first glyph
in the text layer, standing for the whole cluster, and the others as their outlines: the
text layer then holds each letter once, in order, in every extractor, wherever the marks are
placed (PDFium cut a line at a raised mark and read `مُحَمَّد` as `ُم َح مَّمَّد`).
"""

from __future__ import annotations

import io
from typing import Any

from fontTools.pens.basePen import BasePen
from fontTools.ttLib import TTFont

_FONTS: dict[int, Any] = {}  # id of reportlab's face -> (face, its fontTools font)
_PATHS: dict[tuple[int, int], str] = {}


class _PdfPen(BasePen):
    """Path operators in font units (cubic curves; TrueType's quadratic ones converted)."""

    def __init__(self, glyphset: Any) -> None:
        super().__init__(glyphset)
        self.ops: list[str] = []

    def _moveTo(self, pt: tuple[float, float]) -> None:  # noqa: N802 (fontTools' names)
        self.ops.append(f"{pt[0]:g} {pt[1]:g} m")

    def _lineTo(self, pt: tuple[float, float]) -> None:  # noqa: N802
        self.ops.append(f"{pt[0]:g} {pt[1]:g} l")

    def _curveToOne(self, p1: Any, p2: Any, p3: Any) -> None:  # noqa: N802
        self.ops.append(" ".join(f"{v:g}" for p in (p1, p2, p3) for v in p) + " c")

    def _closePath(self) -> None:  # noqa: N802
        self.ops.append("h")


def glyph_path(face: Any, gid: int) -> str:
    """Glyph `gid` of reportlab's TrueType `face` as path operators in font units ("" for
    a glyph without outline)."""
    key = (id(face), gid)
    if key not in _PATHS:
        held = _FONTS.get(id(face))
        if held is None or held[0] is not face:
            data = io.BytesIO(face._ttf_data)  # noqa: SLF001 - the bytes reportlab read
            held = _FONTS[id(face)] = (
                face,
                TTFont(data, fontNumber=int(face.subfontNameX[1:] or 0), lazy=True),
            )
        font = held[1]
        glyphset = font.getGlyphSet()
        pen = _PdfPen(glyphset)
        glyphset[font.getGlyphOrder()[gid]].draw(pen)
        _PATHS[key] = " ".join(pen.ops)
    return _PATHS[key]
