"""Tiny TrueType fonts made with fontTools, so kerning tests need no system font."""

from __future__ import annotations

from pathlib import Path

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import newTable
from fontTools.ttLib.tables._k_e_r_n import KernTable_format_0

LETTERS = "AVTo"
ADVANCE = 600  # every glyph, in font units


def make_font(
    path: Path,
    *,
    features: str = "",
    legacy: dict[tuple[str, str], int] | None = None,
    upem: int = 1000,
) -> Path:
    """A face with a space and the letters A V T o, all `ADVANCE` wide; `features` is
    OpenType feature code (e.g. a `kern` feature), `legacy` pairs go into a `kern` table."""
    names = {c: c for c in LETTERS}
    glyphs = [".notdef", "space", *names.values()]
    fb = FontBuilder(upem, isTTF=True)
    fb.setupGlyphOrder(glyphs)
    fb.setupCharacterMap({32: "space", **{ord(c): g for c, g in names.items()}})
    pen = TTGlyphPen(None)
    for x0, y0, x1, y1 in [(50, 0, 50, 700), (50, 700, 500, 0)]:
        pen.moveTo((x0, y0))
        pen.lineTo((x1, y1))
        pen.lineTo((x1 + 40, y1))
        pen.closePath()
    box = pen.glyph()
    fb.setupGlyf({g: box for g in glyphs})
    fb.setupHorizontalMetrics({g: (ADVANCE * upem // 1000, 0) for g in glyphs})
    fb.setupHorizontalHeader(ascent=800 * upem // 1000, descent=-200 * upem // 1000)
    fb.setupNameTable({"familyName": "Kern Test", "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=800, usWinAscent=800, usWinDescent=200)
    fb.setupPost()
    if features:
        fb.addOpenTypeFeatures(features)
    if legacy:
        kern = newTable("kern")
        kern.version, table = 0, KernTable_format_0()
        table.version, table.coverage, table.format = 0, 1, 0
        table.kernTable = {(names[a], names[b]): v for (a, b), v in legacy.items()}
        kern.kernTables = [table]
        fb.font["kern"] = kern
    fb.save(str(path))
    return path
