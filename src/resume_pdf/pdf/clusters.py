"""A cluster of several glyphs in the text layer (the shaping path of pdf/rtl.py): which
glyph stands for which letters, so every extractor reads a letter with its marks, and a
consonant with the vowel sign drawn before it, in the text's order; and the glyphs that
stand for nothing drawn as outlines (fonts/outlines.py)."""

from __future__ import annotations

from typing import Any

from .glyph_codes import LETTERS, Glyph, advance_1000, cmap_chars, code_for, face_name

CLUSTER_START = 0x100000  # plane 16: codes for glyphs that stand for letters of a cluster


def cluster_glyphs(
    font: Any, held: list[tuple[Any, Any]], text: str, rtl: bool, scale: float
) -> list[Glyph]:
    """One cluster's glyphs (HarfBuzz's infos and positions, in drawing order) standing for
    its `text`. A glyph alone stands for the text. Several, left to right (a consonant and
    the vowel sign HarfBuzz drew before it, `हि`): one letter each, in the text's order, so
    the sign drawn first still reads after its consonant. Several, right to left (a letter
    and its harakat, `مَّ`), or where glyphs and letters do not pair up: the first glyph on
    the baseline stands for the whole text (reversed in a right-to-left run: PDFium, poppler
    and pdf.js reverse a glyph's characters with the run, measured), spanning the cluster,
    and the others are drawn as outlines (fonts/outlines.py): PDFium took a raised mark for
    a line of its own and read `مُحَمَّد` as `ُم َح مَّمَّد`."""
    if len(held) == 1:
        info, pos = held[0]  # a letter, or a ligature (lam-alef: its letters reversed)
        own = next((c for c in cmap_chars(font, info.codepoint) if c in text), "")
        code = code_for(font, info.codepoint, own or (text[::-1] if rtl else text))
        return [Glyph(code, pos.x_advance * scale, pos.x_offset * scale, pos.y_offset * scale)]
    if not rtl and len(text) == len(held):
        stands = list(text)
    else:
        holder = next((n for n, (_, p) in enumerate(held) if p.x_advance and not p.y_offset), 0)
        stands = ["" if n != holder else (text[::-1] if rtl else text) for n in range(len(held))]
    span = sum(p.x_advance for _, p in held) * 1000 / font.hbFace.upem
    out = []
    for (info, pos), stand in zip(held, stands, strict=True):
        gid = info.codepoint
        width = advance_1000(font, gid) if len(stand) == 1 else span
        code = cluster_code(font, gid, stand, width) if stand else ""
        out.append(Glyph(code, pos.x_advance * scale, pos.x_offset * scale,
                         pos.y_offset * scale, -1 if stand else gid))  # fmt: skip
    return out


def cluster_code(font: Any, gid: int, text: str, width: float) -> str:
    """A code for glyph `gid` standing for `text` (a letter of a cluster, or all of it),
    `width` wide (per 1000 units): in plane 16, chosen by a digest so that the same text
    gives the same bytes in any process (a glyph stands for other letters elsewhere)."""
    import hashlib

    face, name = font.face, face_name(font)
    key = f"{gid}|{round(width, 3)}|{text}".encode()
    code = CLUSTER_START + int.from_bytes(hashlib.blake2b(key, digest_size=4).digest()) % 0xFFF0
    while code in face.charToGlyph and (
        face.charToGlyph[code] != gid or LETTERS.get((name, code)) != text
        or abs(face.charWidths.get(code, -1) - width) > 1e-3
    ):  # fmt: skip
        code = CLUSTER_START + (code - CLUSTER_START + 1) % 0xFFF0
    if code not in face.charToGlyph:
        face.charToGlyph[code] = gid
        face.glyphToChar.setdefault(gid, []).append(code)
        face.charWidths[code] = width
        LETTERS[(name, code)] = text
    return chr(code)


def outline_ops(font: Any, gid: int, x: float, y: float, size: float) -> str:
    """Glyph `gid` as a filled path at (x, y), `size` points to the em."""
    from ..fonts.outlines import glyph_path

    path = glyph_path(font.face, gid)
    if not path:
        return ""
    scale = size / font.face.unitsPerEm
    return f"q {scale:.6f} 0 0 {scale:.6f} {x:.3f} {y:.3f} cm {path} f Q"
