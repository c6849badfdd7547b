"""Small fonts made on the spot with fontTools' FontBuilder, so no test needs system fonts
or the network: TrueType or CFF outlines, for any characters (each glyph a box with a
notch whose place depends on the code point, so glyphs differ in the rendering)."""

from __future__ import annotations

from pathlib import Path

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.ttGlyphPen import TTGlyphPen

LATIN = "".join(chr(c) for c in range(0x20, 0x7F)) + "•·→–—…’“”éèàüöäñçÉ"
HANGUL = "가나다라마바사아자차카타파하김이박최정재현서울대학교경력학력기술요약회사개발자년월"
KANA = (
    "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん"
    "アイウエオカキクケコサシスセソタチツテトナニヌネノ"
)
HAN = "日本語東京大学株式会社開発者経歴学歴技能要約年月現在至今北京中文工程师简历教育经验技能"
CJK_PUNCT = "。、「」『』（）・：；！？ー〜，"
HEBREW = "אבגדהוזחטיכלמנסעפצקרשתםןףךץ"
ARABIC = "ابتثجحخدذرزسشصضطظعغفقكلمنهوي"


def _box(pen, code: int, width: int, em: int) -> None:  # type: ignore[no-untyped-def]
    """A box with a notch at a code-point-dependent height."""
    left, right, low, high = 50, width - 50, 0, int(em * 0.7)
    notch = low + 60 + (code * 37) % (high - low - 160)
    pen.moveTo((left, low))
    pen.lineTo((left, high))
    pen.lineTo((right, high))
    pen.lineTo((right, low))
    pen.closePath()
    pen.moveTo((left + 60, notch))
    pen.lineTo((right - 60, notch))
    pen.lineTo((right - 60, notch + 40))
    pen.lineTo((left + 60, notch + 40))
    pen.closePath()


def make_font(
    path: Path, chars: str, *, cff: bool = False, family: str = "Test Sans", style: str = "Regular"
) -> Path:
    """Write a font with a glyph for each of `chars` (spaces empty) to `path`."""
    em = 1000
    chars = "".join(dict.fromkeys(chars + " "))
    names = [".notdef"] + [f"uni{ord(c):04X}" for c in chars]
    fb = FontBuilder(em, isTTF=not cff)
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({ord(c): f"uni{ord(c):04X}" for c in chars})
    widths = {
        n: (em if n.startswith("uni") and ord(chr(int(n[3:], 16))) > 0x2E80 else 600) for n in names
    }
    widths["uni0020"] = 250
    if cff:
        charstrings = {}
        for name in names:
            pen = T2CharStringPen(widths[name], None)
            if name != "uni0020":
                _box(pen, int(name[3:], 16) if name.startswith("uni") else 0, widths[name], em)
            charstrings[name] = pen.getCharString()
        fb.setupCFF(f"{family}-{style}".replace(" ", ""), {"FullName": family}, charstrings, {})
    else:
        glyphs = {}
        for name in names:
            pen = TTGlyphPen(None)
            if name != "uni0020":
                _box(pen, int(name[3:], 16) if name.startswith("uni") else 0, widths[name], em)
            glyphs[name] = pen.glyph()
        fb.setupGlyf(glyphs)
    metrics = {n: (widths[n], 50) for n in names}
    fb.setupHorizontalMetrics(metrics)
    fb.setupHorizontalHeader(ascent=880, descent=-120)
    ps_name = f"{family}-{style}".replace(" ", "")
    fb.setupNameTable({"familyName": family, "styleName": style, "psName": ps_name})
    fb.setupOS2(sTypoAscender=880, sTypoDescender=-120, usWinAscent=880, usWinDescent=120)
    fb.setupPost()
    path.parent.mkdir(parents=True, exist_ok=True)
    fb.save(str(path))
    return path
