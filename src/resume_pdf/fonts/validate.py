"""A user's font file checked before reportlab (or fontTools' conversion) reads it: font
file -> None, or the reason it cannot be used.

reportlab parses a face's header tables when it loads it, but walks the glyph locations and
composite glyphs only when it writes the PDF, and fonts/kerning.py reads pair sets while text
is measured: a broken table there used to surface as an IndexError from deep inside the PDF
writer, after the layout was done. So before reportlab sees a user's file, fontTools parses
the tables both touch (head, hhea, maxp, hmtx, loca, cmap) and this module walks what they
walk: every glyph's place in `glyf` (as reportlab reads `loca`), every composite glyph's
components, and the kerning tables (GPOS, else kern) the way the kerning reader will, in
full. Sizes that make parsers expand data (a cmap range over all of Unicode repeated, a
GPOS whose structures overlap) are bounded before anything is expanded. A CFF font gets the
same checks but the glyph walk (its glyf is made by fontTools, fonts/convert.py).

Bundled faces are trusted and never checked. A user's file is checked once for its bytes
(a BLAKE2 digest, not its times: see problem_with), remembered for the process and by an
empty marker file in the cache folder. The check takes about as long as reportlab's own
loading of the file (Roboto ~14 ms, a 9 MB font of 30,000 glyphs ~40 ms; benchmarks/
font_validation.py) plus fontTools' import (~50 ms), on the first build only.
"""

from __future__ import annotations

import hashlib
import io
import logging
from array import array
from pathlib import Path
from struct import unpack_from
from typing import Any

from .convert import cache_dir
from .kern_tables import Malformed, read_kerning

MAX_CMAP_CODES = 0x40000  # codes all cmap subtables map together (CJK fonts: ~130,000)
_TABLES = ("head", "hhea", "maxp", "hmtx", "loca", "cmap")
FORMAT = "1"  # bump when the checks change, so files checked before are checked again
_MEMO_MAX = 64
_checked: dict[str, str | None] = {}

# composite glyph flags (as reportlab reads them)
_WORDS, _SCALE, _MORE, _XY_SCALE, _TWO_BY_TWO = 0x1, 0x8, 0x20, 0x40, 0x80


def problem_with(path: str, index: int) -> str | None:
    """Why face `index` of the font file at `path` cannot be read (a phrase like "its 'glyf'
    table is malformed: ..."), or None when reportlab, the kerning reader and (for CFF
    outlines) fontTools' conversion can. A sound file is remembered for the process and, by a
    marker in the cache folder, for later builds."""
    with open(path, "rb") as f:
        data = f.read()
    # keyed by the bytes, not by inode and times: those are kept at the kernel's coarse clock
    # (ticks of a few ms), so a file rewritten at once with the same size would pass unchecked
    key = f"{FORMAT}|{index}|" + hashlib.blake2b(data, digest_size=20).hexdigest()
    if key not in _checked:
        if len(_checked) >= _MEMO_MAX:
            _checked.clear()
        marker = cache_dir() / "checked" / hashlib.sha256(key.encode()).hexdigest()[:32]
        if marker.is_file():
            _checked[key] = None
        else:
            _checked[key] = problem = _problem(data, index)
            if problem is None:
                _remember(marker)
    return _checked[key]


def _remember(marker: Path) -> None:
    try:
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.touch()
    except OSError:
        pass  # checked again next time


def _problem(data: bytes, index: int) -> str | None:
    from fontTools.ttLib import TTFont  # only a user's font file pays for the import

    quiet = logging.getLogger("fontTools")  # its warnings are ours to word, not to print
    level = quiet.level
    quiet.setLevel(logging.CRITICAL + 1)
    try:
        font = TTFont(io.BytesIO(data), fontNumber=index, lazy=True, checkChecksums=0)
        tables = {tag: (e.offset, e.length) for tag, e in font.reader.tables.items()}
        cff = "CFF " in tables  # converted by fontTools (fonts/convert.py): no glyf to walk
        parsed = [tag for tag in _TABLES if not (cff and tag == "loca")]
        missing = [tag for tag in (*parsed, "CFF " if cff else "glyf") if tag not in tables]
        if missing:
            return f"no {missing[0]!r} table: not a TrueType or OpenType outline font"
        count = font["maxp"].numGlyphs
        reason = _cmap_size(data, *tables["cmap"]) or (
            None if cff else _loca_size(font, count, tables)
        )
        if reason:
            return reason
        font.setGlyphOrder([f"g{i}" for i in range(count)])  # glyph ids as names, no `post`
        for tag in parsed:
            reason = _parse(font, tag)
            if reason:
                return reason
        return (
            _cmap_glyphs(font)
            or (None if cff else _glyphs(data, font["loca"].locations, tables["glyf"], count))
            or _kerning(data, tables)
        )
    except Exception as exc:  # noqa: BLE001 - any parser failure is the file's fault
        return f"{type(exc).__name__}: {exc}"[:250]
    finally:
        quiet.setLevel(level)


def _parse(font: Any, tag: str) -> str | None:
    try:
        table = font[tag]
        if tag == "cmap":
            for subtable in table.tables:
                subtable.ensureDecompiled()
    except Exception as exc:  # noqa: BLE001
        return f"its {tag!r} table is malformed ({type(exc).__name__}: {exc})"[:300]
    return None


def _cmap_size(data: bytes, start: int, length: int) -> str | None:
    """A cmap whose subtables map more codes than MAX_CMAP_CODES (overlapping ranges expand
    to billions of entries in every parser), before any parser expands them."""
    end = start + length

    def u16s(pos: int, n: int) -> tuple[int, ...]:
        if pos + 2 * n > end:
            raise IndexError("a cmap subtable runs past the table")
        return unpack_from(f">{n}H", data, pos)

    def u32(pos: int) -> int:
        high, low = u16s(pos, 2)
        return high << 16 | low

    total = 0
    try:
        offsets = {u32(start + 8 + 8 * i) for i in range(u16s(start + 2, 1)[0])}
        for offset in offsets:
            sub = start + offset
            fmt = u16s(sub, 1)[0]
            if fmt == 4:
                segments = u16s(sub + 6, 1)[0] // 2
                ends, starts = u16s(sub + 14, segments), u16s(sub + 16 + 2 * segments, segments)
                total += sum(max(0, e - s + 1) for s, e in zip(starts, ends, strict=True))
            elif fmt in (12, 13):
                groups = u32(sub + 12)
                if groups > length // 12:
                    raise IndexError("a cmap subtable runs past the table")
                flat = u16s(sub + 16, 6 * groups)
                for i in range(0, len(flat), 6):
                    first, last = flat[i] << 16 | flat[i + 1], flat[i + 2] << 16 | flat[i + 3]
                    total += max(0, last - first + 1)
            elif fmt == 10:
                total += u32(sub + 16)
            elif fmt == 2:
                keys = u16s(sub + 6, 256)
                heads = u16s(sub + 518, 4 * (max(keys) + 1))
                total += sum(heads[4 * k + 1] for k in keys if k)
            if total > MAX_CMAP_CODES:
                return f"its 'cmap' table maps more than {MAX_CMAP_CODES:,} character codes"
    except IndexError as exc:
        return f"its 'cmap' table is malformed ({exc})"
    return None


def _loca_size(font: Any, count: int, tables: dict[str, tuple[int, int]]) -> str | None:
    """reportlab reads count + 1 locations whatever the table's length."""
    length = tables["loca"][1]
    size = 4 if font["head"].indexToLocFormat else 2
    if length < (count + 1) * size:
        return f"its 'loca' table holds fewer than the {count + 1} glyph locations 'maxp' needs"
    return None


def _cmap_glyphs(font: Any) -> str | None:
    """reportlab maps a character to any glyph id the cmap names, and its subsetter then
    indexes the glyph locations with it."""
    glyphs = set(font.getGlyphOrder())
    for subtable in font["cmap"].tables:
        if not glyphs.issuperset(subtable.cmap.values()):
            code = next(c for c, name in subtable.cmap.items() if name not in glyphs)
            return f"its 'cmap' table maps U+{code:04X} to a glyph the font does not have"
    return None


def _glyphs(data: bytes, locations: Any, glyf: tuple[int, int], count: int) -> str | None:
    """Every glyph inside `glyf`; every component of a composite glyph a glyph of the font,
    its record inside the glyph (what reportlab's subsetter reads)."""
    start, length = glyf
    where = array("L", locations[: count + 1])  # as reportlab reads them
    if any(b < a for a, b in zip(where, where[1:], strict=False)) or where[-1] > length:
        return "its 'loca' table places glyphs outside the 'glyf' table"
    for glyph in range(count):
        a, b = start + where[glyph], start + where[glyph + 1]
        if a == b:
            continue
        if b - a < 10:
            return f"its 'glyf' table is malformed: glyph {glyph} is too short to be a glyph"
        contours = unpack_from(">h", data, a)[0]
        if contours > 0:
            at = a + 10 + 2 * contours
            if at + 2 > b or at + 2 + unpack_from(">H", data, at)[0] > b:
                return f"its 'glyf' table is malformed: glyph {glyph}'s outline runs past its end"
            continue
        if contours == 0:
            continue
        reason = _components(data, a + 10, b, count)
        if reason:
            return f"its 'glyf' table is malformed: glyph {glyph} {reason}"
    return None


def _components(data: bytes, at: int, end: int, count: int) -> str | None:
    flags = _MORE
    while flags & _MORE:
        if at + 4 > end:
            return "has a component past its end"
        flags, component = unpack_from(">HH", data, at)
        if component >= count:
            return f"is made of glyph {component}, and the font has {count} glyphs"
        at += 4 + (4 if flags & _WORDS else 2)
        at += 2 if flags & _SCALE else 4 if flags & _XY_SCALE else 8 if flags & _TWO_BY_TWO else 0
    return "has a component past its end" if at > end else None


def _kerning(data: bytes, tables: dict[str, tuple[int, int]]) -> str | None:
    directory = {tag: {"offset": o, "length": n} for tag, (o, n) in tables.items()}
    try:
        read_kerning(data, directory, strict=True)
    except Malformed as exc:
        return str(exc)[:300]
    except Exception as exc:  # noqa: BLE001 - struct.error, IndexError
        return f"its kerning table is malformed ({type(exc).__name__}: {exc})"[:300]
    return None
