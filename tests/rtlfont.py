"""A font made on the spot for right-to-left tests: Latin, digits, a few Hebrew letters, and
Arabic letters with their joining forms (`init`/`medi`/`fina` lookups) and a lam-alef
ligature (`rlig`), compiled with fontTools' feaLib; like real fonts, its cmap maps the joined
forms to Arabic presentation forms. Each glyph is a box whose notch height
depends on its glyph id, so joined forms look different from isolated ones."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

LATIN = "".join(chr(c) for c in range(0x20, 0x7F)) + "•·→←–—…’“”éè"
HEBREW = "אבגדהוזחטיכלמנסעפצקרשתםןףךץ"
DUAL = "بتثجحخسشصضطظعغفقكلمنهيى"  # Arabic letters that join on both sides
RIGHT = "اأإآدذرزوة"  # Arabic letters that join only to the letter before them
EXTRA = "،؛؟٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹"  # Arabic comma, semicolon, question mark; digits


def _box(pen, seed: int, width: int) -> None:  # type: ignore[no-untyped-def]
    left, right, high = 40, max(width - 40, 60), 700
    notch = 60 + (seed * 37) % 480
    pen.moveTo((left, 0))
    pen.lineTo((left, high))
    pen.lineTo((right, high))
    pen.lineTo((right, 0))
    pen.closePath()
    pen.moveTo((left + 10, notch))
    pen.lineTo((right - 10, notch))
    pen.lineTo((right - 10, notch + 40))
    pen.lineTo((left + 10, notch + 40))
    pen.closePath()


def _presentation_forms() -> dict[str, int]:
    """Glyph name of each joined form -> its Arabic presentation form (U+FE70-U+FEFF), which
    real fonts (DejaVu Sans, Noto Naskh Arabic) map in their cmap."""
    tags = {"<initial>": "init", "<medial>": "medi", "<final>": "fina"}
    out = {}
    for code in range(0xFE70, 0xFF00):
        kind, *letters = unicodedata.decomposition(chr(code)).split() or [""]
        if kind in tags and len(letters) == 1:
            out[f"{_name(chr(int(letters[0], 16)))}.{tags[kind]}"] = code
    out["lam_alef"], out["lam_alef.fina"] = 0xFEFB, 0xFEFC
    return out


def _name(ch: str) -> str:
    return f"uni{ord(ch):04X}"


def make_rtl_font(
    path: Path, *, family: str = "Test RTL", style: str = "Regular", wide_seen: bool = False
) -> Path:
    """Write the font to `path` (TrueType outlines); `wide_seen`: seen and sheen, alone or
    final, 1300 units wide, as DejaVu Sans draws them (1275)."""
    chars = "".join(dict.fromkeys(LATIN + HEBREW + DUAL + RIGHT + EXTRA))
    names = [".notdef"] + [_name(c) for c in chars]
    forms = [f"{_name(c)}.{f}" for c in DUAL for f in ("init", "medi", "fina")]
    forms += [f"{_name(c)}.fina" for c in RIGHT] + ["lam_alef", "lam_alef.fina"]
    order = names + forms
    widths = {n: 600 for n in order}
    widths["uni0020"] = 250
    for n in forms:  # joined forms are narrower than isolated ones, as in real fonts
        widths[n] = 420
    if wide_seen:
        widths.update({n: 1300 for c in "سش" for n in (_name(c), f"{_name(c)}.fina")})
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder(order)
    cmap = {ord(c): _name(c) for c in chars}
    cmap.update((code, name) for name, code in _presentation_forms().items() if name in order)
    fb.setupCharacterMap(cmap)
    glyphs = {}
    for gid, name in enumerate(order):
        pen = TTGlyphPen(None)
        if name != "uni0020":
            _box(pen, gid, widths[name])
        glyphs[name] = pen.glyph()
    fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics({n: (widths[n], 40) for n in order})
    fb.setupHorizontalHeader(ascent=880, descent=-120)
    ps_name = f"{family}-{style}".replace(" ", "")
    fb.setupNameTable({"familyName": family, "styleName": style, "psName": ps_name})
    fb.setupOS2(sTypoAscender=880, sTypoDescender=-120, usWinAscent=880, usWinDescent=120)
    fb.setupPost()
    lam, alef = _name("ل"), _name("ا")
    fea = ["languagesystem DFLT dflt;", "languagesystem arab dflt;"]
    for feature in ("init", "medi", "fina"):
        pairs = [(c, f"{_name(c)}.{feature}") for c in DUAL]
        if feature == "fina":
            pairs += [(c, f"{_name(c)}.fina") for c in RIGHT]
        subs = " ".join(f"sub {_name(c)} by {g};" for c, g in pairs)
        fea.append(f"feature {feature} {{ script arab; {subs} }} {feature};")
    fea.append(
        f"feature rlig {{ script arab; sub {lam} {alef} by lam_alef; "
        f"sub {lam}.init {alef}.fina by lam_alef; "
        f"sub {lam}.medi {alef}.fina by lam_alef.fina; }} rlig;"
    )
    addOpenTypeFeaturesFromString(fb.font, "\n".join(fea))
    path.parent.mkdir(parents=True, exist_ok=True)
    fb.save(str(path))
    return path


def rtl_style(folder: Path, base: str = "classic", *, wide_seen: bool = False) -> None:
    """`folder/R.ttf` and `folder/styles/r.yaml`: style `r`, `base` with the generated font as
    its fallback, so the Hebrew and Arabic letters come from it (the style's own font draws
    the Latin letters and the spaces)."""
    make_rtl_font(folder / "R.ttf", wide_seen=wide_seen)
    (folder / "styles").mkdir(exist_ok=True)
    (folder / "styles" / "r.yaml").write_text(
        f"extends: {base}\nfonts: {{fallback: [../R.ttf]}}\n", encoding="utf-8"
    )
