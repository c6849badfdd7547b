"""The codes a shaped glyph is drawn with, and the letters the text layer reads for them.
A glyph the font's cmap draws for a letter is drawn as that letter; any other (a joined
Arabic form, a ligature, a mirrored bracket, a cluster of a letter and its marks) gets a
private-use code whose ToUnicode entry is the logical text it stands for: reportlab's
ToUnicode map is extended with those (rtl.py and clusters.py both draw with them)."""

from __future__ import annotations

from typing import Any

from reportlab.pdfbase import ttfonts

from ..values import value

PUA_START = 0xF0000  # supplementary private use: no font maps a letter there


@value
class Glyph:
    code: str  # the character that stands for the glyph in the font's subsets
    advance: float  # points
    dx: float  # points, HarfBuzz's offset (a mark over its letter)
    dy: float
    outline: int = -1  # glyph id of a glyph drawn as its outline, not as text


# (face name, code) -> the logical text a private-use code stands for, for ToUnicode
LETTERS: dict[tuple[str, int], str] = {}


def face_name(font: Any) -> str:
    return (font.face.name + font.face.subfontNameX).decode("pdfdoc")


def cmap_chars(font: Any, gid: int) -> list[str]:
    """The characters the font's cmap draws `gid` for (presentation forms left out)."""
    codes = font.face.glyphToChar.get(gid, ())
    return [chr(c) for c in codes if c < PUA_START and not _form(c)]


def code_for(font: Any, gid: int, text: str) -> str:
    """A character the font's subsets draw `gid` with: `text` itself when the cmap draws
    it with `gid`, else a private-use code added for `gid` (a joined form, a ligature, a
    mirrored bracket), its ToUnicode remembered as `text`."""
    face = font.face
    if text in cmap_chars(font, gid):
        return text
    code = PUA_START + gid
    if code not in face.charToGlyph:
        face.charToGlyph[code] = gid
        face.glyphToChar.setdefault(gid, []).append(code)
        face.charWidths[code] = advance_1000(font, gid)  # reportlab's: per 1000 units
        LETTERS[(face_name(font), code)] = text
    return chr(code)


def _form(code: int) -> bool:
    """An Arabic presentation form: what a font's cmap gives a joined glyph, which
    extractors would copy instead of the letter (pypdf, poppler and pdf.js do)."""
    return 0xFB50 <= code <= 0xFDFF or 0xFE70 <= code <= 0xFEFF


def harfbuzz() -> Any:
    """uharfbuzz, also handed to reportlab, whose import of it thirdparty.py kept out of a
    build without right-to-left text (`hbFace` reads it from reportlab's module)."""
    import uharfbuzz
    from reportlab.pdfbase import ttfonts

    ttfonts.uharfbuzz = uharfbuzz
    return uharfbuzz


def advance_1000(font: Any, gid: int) -> float:
    uharfbuzz = harfbuzz()

    hb = uharfbuzz.Font(font.hbFace)
    return hb.get_glyph_h_advance(gid) * 1000 / font.hbFace.upem


def _to_unicode(fontname: str, subset: list[int]) -> str:
    """reportlab's ToUnicode map, with each private-use code mapped to its letters."""
    face = fontname.partition("+")[2]
    cmap = _ORIGINAL_CMAP(fontname, subset)
    for i, code in enumerate(subset):
        text = LETTERS.get((face, code))
        if text:
            utf16 = text.encode("utf-16-be").hex().upper()
            cmap = cmap.replace(f"<{i:02X}> <{code:04X}>", f"<{i:02X}> <{utf16}>")
    return cmap


_ORIGINAL_CMAP = ttfonts.makeToUnicodeCMap
ttfonts.makeToUnicodeCMap = _to_unicode  # type: ignore[assignment]
