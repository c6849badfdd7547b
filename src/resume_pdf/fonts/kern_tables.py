"""A face's pair kerning tables, parsed: GPOS `kern` lookups, else the legacy `kern` table.

In: the font file's bytes and reportlab's table directory (tag -> offset and length), which
reportlab already holds: `struct` over them, no fontTools import at build time (75 ms).
Out: the `kern` feature's PairPos subtables in lookup order (each answers one glyph pair,
lazily) or the legacy table's pairs, in font units; fonts/kerning.py turns these into
adjustments per character pair and into text widths.

Parsing keeps the tables as they are (coverage and class arrays become dicts on first use);
a face's kerning costs about a millisecond the first time a pair is asked of it. Every read of
the parse stays inside the table and is charged against its size, so a broken or hostile table
fails at once (`Malformed`) instead of later, mid-layout, or after minutes of overlapping
structures; `read_kerning(strict=True)` also checks every pair set a look-up may read later, so
a user's font is refused before use (fonts/validate.py) while a bundled face is never re-checked.
"""

from __future__ import annotations

from bisect import bisect_right
from struct import Struct, unpack_from
from typing import Any

_U16 = Struct(">H")
_I16 = Struct(">h")


class Malformed(ValueError):
    """A kerning table that does not hold together; the message says where."""


class _Table:
    """One table's bytes, read only inside the table. What a parse reads is charged against
    twice the table's size: a real font's structures lie side by side (shared ones are parsed
    once, memoised by offset), while overlapping ones are the only way to make a parse slow."""

    def __init__(self, data: bytes, start: int, length: int, tag: str) -> None:
        self.data, self.start, self.tag = data, start, tag
        self.end = min(start + length, len(data))
        self.left = 2 * length + 4096
        self.memo: dict[tuple[type, int], Any] = {}

    def u16s(self, pos: int, count: int) -> tuple[int, ...]:
        self.within(pos, 2 * count)
        self.left -= 2 * count
        if self.left < 0:
            raise Malformed(
                f"its {self.tag} table's structures overlap (far more to read than it holds)"
            )
        return unpack_from(f">{count}H", self.data, pos)

    def u16(self, pos: int) -> int:
        return self.u16s(pos, 1)[0]

    def u32(self, pos: int) -> int:
        high, low = self.u16s(pos, 2)
        return high << 16 | low

    def within(self, pos: int, size: int) -> None:
        if pos < self.start or pos + size > self.end:
            raise Malformed(
                f"its {self.tag} table points outside itself (at byte {pos - self.start})"
            )

    def shared(self, kind: type, pos: int) -> Any:
        """The structure of `kind` at `pos`, parsed once however many subtables use it."""
        found = self.memo.get((kind, pos))
        if found is None:
            found = self.memo[(kind, pos)] = kind(self, pos)
        return found


def _value_size(fmt: int) -> int:
    return 2 * bin(fmt & 0xFF).count("1")


def _x_advance_at(fmt: int) -> int | None:
    """Byte offset of XAdvance inside a value record of format `fmt` (None: absent)."""
    return 2 * bin(fmt & 0x3).count("1") if fmt & 0x4 else None


class _Coverage:
    """glyph id -> coverage index, by binary search over the table's own arrays (building a
    dict of every covered glyph would cost more than all the look-ups a résumé makes)."""

    def __init__(self, table: _Table, pos: int) -> None:
        fmt, count = table.u16s(pos, 2)
        if fmt == 1:
            self.starts = table.u16s(pos + 4, count)
            self.ends, self.first = self.starts, tuple(range(count))
        elif fmt == 2:
            flat = table.u16s(pos + 4, 3 * count)
            self.starts, self.ends, self.first = flat[0::3], flat[1::3], flat[2::3]
        else:
            raise Malformed(f"its {table.tag} table has a coverage of unknown format {fmt}")

    def index(self, glyph: int) -> int | None:
        r = bisect_right(self.starts, glyph) - 1
        if r < 0 or glyph > self.ends[r]:
            return None
        return self.first[r] + glyph - self.starts[r]

    def size(self) -> int:
        """One past the largest index this coverage gives."""
        ranges = zip(self.starts, self.ends, self.first, strict=True)
        return max((f + e - s + 1 for s, e, f in ranges), default=0)


class _ClassDef:
    """glyph id -> class (glyphs not listed are class 0), searched like _Coverage."""

    def __init__(self, table: _Table, pos: int) -> None:
        fmt = table.u16(pos)
        self.listed = fmt == 1  # format 1: one class per glyph from `start`
        if self.listed:
            self.start, count = table.u16s(pos + 2, 2)
            self.classes = table.u16s(pos + 6, count)
        elif fmt == 2:
            count = table.u16(pos + 2)
            flat = table.u16s(pos + 4, 3 * count)
            self.starts, self.ends, self.classes = flat[0::3], flat[1::3], flat[2::3]
        else:
            raise Malformed(f"its {table.tag} table has a class definition of unknown format {fmt}")

    def of(self, glyph: int) -> int:
        if self.listed:
            i = glyph - self.start
            return self.classes[i] if 0 <= i < len(self.classes) else 0
        r = bisect_right(self.starts, glyph) - 1
        return self.classes[r] if r >= 0 and glyph <= self.ends[r] else 0


class PairSubtable:
    """One GPOS PairPos subtable (format 1: glyph pairs; format 2: class pairs)."""

    def __init__(self, table: _Table, pos: int) -> None:
        self.data, self.pos = table.data, pos
        self.format, cov, self.vf1, self.vf2 = table.u16s(pos, 4)
        self.coverage = table.shared(_Coverage, pos + cov)
        self.rec = _value_size(self.vf1) + _value_size(self.vf2)
        self.xadv = _x_advance_at(self.vf1)
        self._sets: dict[int, dict[int, int]] = {}
        if self.format == 2:
            cd1, cd2, self.n1, self.n2 = table.u16s(pos + 8, 4)
            self.cls1 = table.shared(_ClassDef, pos + cd1)
            self.cls2 = table.shared(_ClassDef, pos + cd2)

    def check(self, table: _Table) -> None:
        """Every value a look-up may read later lies inside the table (strict parses only)."""
        if self.format == 2:
            table.within(self.pos + 16, self.n1 * self.n2 * self.rec)
            return
        count, covered = table.u16(self.pos + 8), self.coverage.size()
        if covered > count:
            raise Malformed(f"its {table.tag} table covers {covered} glyphs with {count} pair sets")
        for offset in set(table.u16s(self.pos + 10, count)):
            at = self.pos + offset
            table.within(at + 2, table.u16(at) * (2 + self.rec))

    def lookup(self, left: int, right: int) -> int | None:
        """The XAdvance adjustment of `left` before `right`; None when this subtable does
        not apply (the next subtable of the lookup is then tried, as shapers do)."""
        index = self.coverage.index(left)
        if index is None:
            return None
        if self.format == 1:
            pairs = self._sets.get(index)
            if pairs is None:
                pairs = self._sets[index] = self._pair_set(index)
            return pairs.get(right)
        c1, c2 = self.cls1.of(left), self.cls2.of(right)
        if c1 >= self.n1 or c2 >= self.n2:
            return None
        if self.xadv is None:
            return 0
        at = self.pos + 16 + (c1 * self.n2 + c2) * self.rec + self.xadv
        return _I16.unpack_from(self.data, at)[0]

    def _pair_set(self, index: int) -> dict[int, int]:
        data = self.data
        at = self.pos + _U16.unpack_from(data, self.pos + 10 + 2 * index)[0]
        count, step = _U16.unpack_from(data, at)[0], 2 + self.rec
        if self.xadv is None:
            return {_U16.unpack_from(data, at + 2 + i * step)[0]: 0 for i in range(count)}
        return {
            _U16.unpack_from(data, at + 2 + i * step)[0]: _I16.unpack_from(
                data, at + 4 + i * step + self.xadv
            )[0]
            for i in range(count)
        }


def _kern_lookups(table: _Table, strict: bool) -> list[list[PairSubtable]]:
    """The pair-adjustment lookups of the `kern` feature, in lookup order; a script's default
    language (latn, else DFLT, else any) chooses among several `kern` features."""
    gpos = table.start
    script_list, feature_list, lookup_list = (gpos + o for o in table.u16s(gpos + 4, 3))
    count = table.u16(feature_list)
    table.within(feature_list + 2, 6 * count)
    data = table.data
    kern = {
        i
        for i in range(count)
        if data[feature_list + 2 + 6 * i : feature_list + 6 + 6 * i] == b"kern"
    }
    chosen = _default_features(table, script_list) & kern or kern
    indices: set[int] = set()
    for i in chosen:
        at = feature_list + table.u16(feature_list + 2 + 6 * i + 4)
        indices.update(table.u16s(at + 4, table.u16(at + 2)))
    lookups = []
    for index in sorted(indices):
        at = lookup_list + table.u16(lookup_list + 2 + 2 * index)
        kind, _flags, count = table.u16s(at, 3)
        subtables = []
        for offset in table.u16s(at + 6, count):
            sub, sub_kind = at + offset, kind
            if kind == 9:  # extension: the real subtable is further on
                sub_kind = table.u16(sub + 2)
                sub += table.u32(sub + 4)
            if sub_kind == 2 and table.u16(sub) in (1, 2):
                subtable = table.shared(PairSubtable, sub)
                if strict:
                    subtable.check(table)
                subtables.append(subtable)
        if subtables:
            lookups.append(subtables)
    return lookups


def _default_features(table: _Table, script_list: int) -> set[int]:
    count = table.u16(script_list)
    table.within(script_list + 2, 6 * count)
    data = table.data
    scripts = {
        data[script_list + 2 + 6 * i : script_list + 6 + 6 * i]: script_list
        + table.u16(script_list + 6 + 6 * i)
        for i in range(count)
    }
    for tag in (b"latn", b"DFLT", *scripts):
        at = scripts.get(tag)
        if at is None or not table.u16(at):
            continue
        lang = at + table.u16(at)
        return set(table.u16s(lang + 6, table.u16(lang + 4)))
    return set()


def _legacy_kern(table: _Table) -> dict[tuple[int, int], int]:
    """The classic `kern` table (version 0, format 0, horizontal subtables)."""
    pairs: dict[tuple[int, int], int] = {}
    at = table.start
    if table.u16(at) != 0:
        return pairs  # Apple's version 1 table: not read
    pos = at + 4
    for _ in range(table.u16(at + 2)):
        length, coverage = table.u16s(pos + 2, 2)
        if coverage >> 8 == 0 and coverage & 0x7 == 0x1:  # format 0, horizontal, kerning
            flat = table.u16s(pos + 14, 3 * table.u16(pos + 6))
            for i in range(0, len(flat), 3):
                value = flat[i + 2]
                pairs.setdefault(
                    (flat[i], flat[i + 1]), value - 0x10000 if value > 0x7FFF else value
                )
        if length < 14:  # a subtable with no length would be read over and over
            break
        pos += length
    return pairs


def read_kerning(
    data: bytes, tables: dict[str, Any], strict: bool = False
) -> tuple[list[list[PairSubtable]], dict[tuple[int, int], int]]:
    """The GPOS `kern` lookups of a face, else its legacy `kern` pairs (`tables`: reportlab's
    directory, tag -> offset and length). Raises Malformed or struct.error on a broken table;
    `strict` also checks the pair sets that look-ups read only later."""
    lookups: list[list[PairSubtable]] = []
    if "GPOS" in tables:
        entry = tables["GPOS"]
        lookups = _kern_lookups(_Table(data, entry["offset"], entry["length"], "GPOS"), strict)
    if not lookups and "kern" in tables:
        entry = tables["kern"]
        return [], _legacy_kern(_Table(data, entry["offset"], entry["length"], "kern"))
    return lookups, {}
