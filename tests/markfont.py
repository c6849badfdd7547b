"""A font made on the spot for combining marks: Arabic letters with their harakat (fatha,
damma, kasra, shadda, sukun ... as zero-width marks, GDEF class mark, placed by HarfBuzz)
and Devanagari consonants with vowel signs, the virama and the pre-base vowel sign I (which
HarfBuzz draws before its consonant), plus Latin, each glyph a box with its own notch."""

from __future__ import annotations

from pathlib import Path

from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

LATIN = "".join(chr(c) for c in range(0x20, 0x7F)) + "•·→–—…’“”"
ARABIC = "ابتثجحخدذرزسشصضطظعغفقكلمنهوية،"
HARAKAT = "".join(chr(c) for c in range(0x064B, 0x0653))  # tanwin, fatha ... sukun
HEBREW = "אבגדהוזחטיכלמנסעפצקרשתםןףךץ"
DEVANAGARI = "कखगघचजटडतथदधनपबभमयरलवशसहअआइईउएओ"
VOWEL_SIGNS = "ािीुूेैोौंः्"  # U+093E... and the virama
MARKS = set(HARAKAT) | {c for c in VOWEL_SIGNS if c not in "ाीोौः"}  # zero-width ones


def _box(pen, seed: int, left: int, right: int, low: int, high: int) -> None:  # type: ignore[no-untyped-def]
    notch = low + 20 + (seed * 37) % max(high - low - 60, 1)
    pen.moveTo((left, low))
    pen.lineTo((left, high))
    pen.lineTo((right, high))
    pen.lineTo((right, low))
    pen.closePath()
    pen.moveTo((left + 10, notch))
    pen.lineTo((right - 10, notch))
    pen.lineTo((right - 10, notch + 20))
    pen.lineTo((left + 10, notch + 20))
    pen.closePath()


def make_mark_font(path: Path, family: str = "Mark Test") -> Path:
    chars = "".join(dict.fromkeys(LATIN + ARABIC + HARAKAT + HEBREW + DEVANAGARI + VOWEL_SIGNS))
    names = [".notdef"] + [f"uni{ord(c):04X}" for c in chars]
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({ord(c): f"uni{ord(c):04X}" for c in chars})
    glyphs, metrics = {}, {}
    for gid, name in enumerate(names):
        pen = TTGlyphPen(None)
        char = chr(int(name[3:], 16)) if name.startswith("uni") else ""
        if char in MARKS:  # drawn over (or under) the letter before it, no advance
            _box(pen, gid, -400, -200, 750, 900)
            metrics[name] = (0, -400)
        elif char != " ":
            _box(pen, gid, 40, 560, 0, 700)
            metrics[name] = (600, 40)
        else:
            metrics[name] = (250, 0)
        glyphs[name] = pen.glyph()
    fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics(metrics)
    fb.setupHorizontalHeader(ascent=950, descent=-200)
    ps_name = family.replace(" ", "") + "-Regular"
    fb.setupNameTable({"familyName": family, "styleName": "Regular", "psName": ps_name})
    fb.setupOS2(sTypoAscender=950, sTypoDescender=-200, usWinAscent=950, usWinDescent=200)
    fb.setupPost()
    bases = " ".join(n for n in names[1:] if chr(int(n[3:], 16)) not in MARKS)
    marks = " ".join(f"uni{ord(c):04X}" for c in sorted(MARKS))
    fea = f"table GDEF {{ GlyphClassDef [{bases}], , [{marks}], ; }} GDEF;"
    addOpenTypeFeaturesFromString(fb.font, fea)
    path.parent.mkdir(parents=True, exist_ok=True)
    fb.save(str(path))
    return path


def mark_style(folder: Path, base: str = "classic") -> None:
    """`folder/M.ttf` and style `m` (`base` with it as the fallback font)."""
    make_mark_font(folder / "M.ttf")
    (folder / "styles").mkdir(exist_ok=True)
    (folder / "styles" / "m.yaml").write_text(
        f"extends: {base}\nfonts: {{fallback: [../M.ttf]}}\n", encoding="utf-8"
    )
