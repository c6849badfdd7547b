"""Pair kerning read straight from a TrueType face's own tables (GPOS `kern`, else `kern`).

reportlab sets text with each glyph's plain advance: "To" is drawn at 536/1000 em where the
font asks for 470. Its own remedy, HarfBuzz shaping, doubles a warm rebuild and turns "ft"
into private-use ligature glyphs that break the text layer. So this module reads only the
pair adjustments a face defines, with `struct` over the bytes reportlab already holds (no
fontTools import at build time: 75 ms), and answers "how much between these two
characters" lazily, memoised per face: a résumé uses a few hundred distinct pairs. Every
glyph still maps to its own character, so the text layer is unchanged.

Parsing keeps the tables as they are (coverage and class arrays become dicts on first use);
a face's kerning costs about a millisecond the first time a pair is asked of it.
"""

from __future__ import annotations

from bisect import bisect_right
from struct import Struct, unpack_from
from typing import Any

from reportlab.pdfbase.ttfonts import TTFont

from .embed import memoise_embedding

_U16 = Struct(">H")
_U32 = Struct(">L")
_I16 = Struct(">h")
_NO_KERN = frozenset(" \u00a0\u2009\u202f\t\n")  # widths around spaces stay as measured


def _u16(data: bytes, pos: int) -> int:
    return _U16.unpack_from(data, pos)[0]


def _u16s(data: bytes, pos: int, count: int) -> tuple[int, ...]:
    return unpack_from(f">{count}H", data, pos)


def _value_size(fmt: int) -> int:
    return 2 * bin(fmt & 0xFF).count("1")


def _x_advance_at(fmt: int) -> int | None:
    """Byte offset of XAdvance inside a value record of format `fmt` (None: absent)."""
    return 2 * bin(fmt & 0x3).count("1") if fmt & 0x4 else None


class _Coverage:
    """glyph id -> coverage index, by binary search over the table's own arrays (building a
    dict of every covered glyph would cost more than all the look-ups a résumé makes)."""

    def __init__(self, data: bytes, pos: int) -> None:
        fmt, count = _u16s(data, pos, 2)
        if fmt == 1:
            self.starts = _u16s(data, pos + 4, count)
            self.ends, self.first = self.starts, tuple(range(count))
        else:
            flat = _u16s(data, pos + 4, 3 * count)
            self.starts, self.ends, self.first = flat[0::3], flat[1::3], flat[2::3]

    def index(self, glyph: int) -> int | None:
        r = bisect_right(self.starts, glyph) - 1
        if r < 0 or glyph > self.ends[r]:
            return None
        return self.first[r] + glyph - self.starts[r]


class _ClassDef:
    """glyph id -> class (glyphs not listed are class 0), searched like _Coverage."""

    def __init__(self, data: bytes, pos: int) -> None:
        self.listed = _u16(data, pos) == 1  # format 1: one class per glyph from `start`
        if self.listed:
            self.start, count = _u16s(data, pos + 2, 2)
            self.classes = _u16s(data, pos + 6, count)
        else:
            count = _u16(data, pos + 2)
            flat = _u16s(data, pos + 4, 3 * count)
            self.starts, self.ends, self.classes = flat[0::3], flat[1::3], flat[2::3]

    def of(self, glyph: int) -> int:
        if self.listed:
            i = glyph - self.start
            return self.classes[i] if 0 <= i < len(self.classes) else 0
        r = bisect_right(self.starts, glyph) - 1
        return self.classes[r] if r >= 0 and glyph <= self.ends[r] else 0


class _PairSubtable:
    """One GPOS PairPos subtable (format 1: glyph pairs; format 2: class pairs)."""

    def __init__(self, data: bytes, pos: int) -> None:
        self.data, self.pos = data, pos
        self.format, cov, self.vf1, self.vf2 = _u16s(data, pos, 4)
        self.coverage = _Coverage(data, pos + cov)
        self.rec = _value_size(self.vf1) + _value_size(self.vf2)
        self.xadv = _x_advance_at(self.vf1)
        self._sets: dict[int, dict[int, int]] = {}
        if self.format == 2:
            cd1, cd2, self.n1, self.n2 = _u16s(data, pos + 8, 4)
            self.cls1 = _ClassDef(data, pos + cd1)
            self.cls2 = _ClassDef(data, pos + cd2)

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
        at = self.pos + _u16(data, self.pos + 10 + 2 * index)
        count, step = _u16(data, at), 2 + self.rec
        if self.xadv is None:
            return {_u16(data, at + 2 + i * step): 0 for i in range(count)}
        return {
            _u16(data, at + 2 + i * step): _I16.unpack_from(data, at + 4 + i * step + self.xadv)[0]
            for i in range(count)
        }


def _kern_lookups(data: bytes, gpos: int) -> list[list[_PairSubtable]]:
    """The pair-adjustment lookups of the `kern` feature, in lookup order; a script's default
    language (latn, else DFLT, else any) chooses among several `kern` features."""
    script_list, feature_list, lookup_list = (gpos + o for o in _u16s(data, gpos + 4, 3))
    features = [
        (data[feature_list + 2 + 6 * i : feature_list + 6 + 6 * i], i)
        for i in range(_u16(data, feature_list))
    ]
    kern = {i for tag, i in features if tag == b"kern"}
    chosen = _default_features(data, script_list) & kern or kern
    indices: set[int] = set()
    for i in chosen:
        at = feature_list + _u16(data, feature_list + 2 + 6 * i + 4)
        indices.update(_u16s(data, at + 4, _u16(data, at + 2)))
    lookups = []
    for index in sorted(indices):
        at = lookup_list + _u16(data, lookup_list + 2 + 2 * index)
        kind, _flags, count = _u16s(data, at, 3)
        subtables = []
        for offset in _u16s(data, at + 6, count):
            sub, sub_kind = at + offset, kind
            if kind == 9:  # extension: the real subtable is further on
                sub_kind = _u16(data, sub + 2)
                sub += _U32.unpack_from(data, sub + 4)[0]
            if sub_kind == 2 and _u16(data, sub) in (1, 2):
                subtables.append(_PairSubtable(data, sub))
        if subtables:
            lookups.append(subtables)
    return lookups


def _default_features(data: bytes, script_list: int) -> set[int]:
    scripts = {
        data[script_list + 2 + 6 * i : script_list + 6 + 6 * i]: script_list
        + _u16(data, script_list + 6 + 6 * i)
        for i in range(_u16(data, script_list))
    }
    for tag in (b"latn", b"DFLT", *scripts):
        at = scripts.get(tag)
        if at is None or not _u16(data, at):
            continue
        lang = at + _u16(data, at)
        return set(_u16s(data, lang + 6, _u16(data, lang + 4)))
    return set()


def _legacy_kern(data: bytes, at: int) -> dict[tuple[int, int], int]:
    """The classic `kern` table (version 0, format 0, horizontal subtables)."""
    pairs: dict[tuple[int, int], int] = {}
    if _u16(data, at) != 0:
        return pairs  # Apple's version 1 table: not read
    pos = at + 4
    for _ in range(_u16(data, at + 2)):
        length, coverage = _u16s(data, pos + 2, 2)
        if coverage >> 8 == 0 and coverage & 0x7 == 0x1:  # format 0, horizontal, kerning
            short = Struct(">HHh")
            for i in range(_u16(data, pos + 6)):
                left, right, value = short.unpack_from(data, pos + 14 + 6 * i)
                pairs.setdefault((left, right), value)
        pos += length
    return pairs


class Kerning:
    """The pair adjustments of one face, in thousandths of an em, asked by character."""

    def __init__(self, face: Any) -> None:
        """`face` is reportlab's TTFontFace: its bytes, table directory, cmap and em size."""
        self._glyph = face.charToGlyph
        self._scale = 1000 / face.unitsPerEm
        self._pairs: dict[str, float] = {}
        data, tables = face._ttf_data, face.table  # noqa: SLF001 (reportlab keeps them here)
        self._lookups: list[list[_PairSubtable]] = []
        self._legacy: dict[tuple[int, int], int] = {}
        try:
            if "GPOS" in tables:
                self._lookups = _kern_lookups(data, tables["GPOS"]["offset"])
            if not self._lookups and "kern" in tables:
                self._legacy = _legacy_kern(data, tables["kern"]["offset"])
        except Exception:  # noqa: BLE001 — a malformed table means no kerning, not no PDF
            self._lookups, self._legacy = [], {}
        self.empty = not (self._lookups or self._legacy)

    def pair(self, pair: str) -> float:
        """The adjustment between the two characters of `pair` (0 when none)."""
        value = self._pairs.get(pair)
        if value is None:
            value = self._pairs[pair] = self._find(pair)
        return value

    def _find(self, pair: str) -> float:
        if pair[0] in _NO_KERN or pair[1] in _NO_KERN:
            return 0.0
        left, right = self._glyph.get(ord(pair[0])), self._glyph.get(ord(pair[1]))
        if left is None or right is None:
            return 0.0
        total = self._legacy.get((left, right), 0)
        for subtables in self._lookups:
            for subtable in subtables:
                value = subtable.lookup(left, right)
                if value is not None:
                    total += value
                    break
        return total * self._scale

    def adjustments(self, text: str) -> list[float]:
        """The adjustment after each character but the last (thousandths of an em)."""
        pair = self.pair
        return [pair(text[i : i + 2]) for i in range(len(text) - 1)]


class KernedFont(TTFont):
    """A TrueType font whose widths include its pair kerning, so line breaking, right
    alignment and the drawn text (pdf/canvas.py) agree. Kerning is read on first use; any
    TrueType face reportlab can embed works (faces without kerning data cost nothing).

    A text's advance (glyph widths plus kerning, in thousandths of an em) is memoised:
    words repeat across lines, fit passes and rebuilds, so a warm rebuild measures mostly
    from the memo, faster than reportlab's own per-character sum.

    What the face embeds in each PDF is memoised too (fonts/embed.py)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._kerning: Kerning | None = None
        self._advances: dict[str, float] = {}
        self._adjustments: dict[str, list[float]] = {}
        memoise_embedding(self.face)

    @property
    def kerning(self) -> Kerning:
        if self._kerning is None:
            self._kerning = Kerning(self.face)
        return self._kerning

    def stringWidth(self, text: str, size: float, encoding: str = "utf8") -> float:  # noqa: N802
        advance = self._advances.get(text)
        if advance is None:
            advance = self._advance(text if isinstance(text, str) else text.decode(encoding))
        return 0.001 * size * advance

    def _advance(self, text: str) -> float:
        widths, default = self.face.charWidths.get, self.face.defaultWidth
        advance = sum([widths(ord(c), default) for c in text])
        if len(text) > 1 and not self.kerning.empty:
            advance += sum(self.adjustments(text))
        if len(self._advances) > _MAX_MEMO:
            self._advances.clear()
        self._advances[text] = advance
        return advance

    def adjustments(self, text: str) -> list[float]:
        """The kerning after each character of `text` but the last (thousandths of an em)."""
        found = self._adjustments.get(text)
        if found is None:
            if len(self._adjustments) > _MAX_MEMO:
                self._adjustments.clear()
            found = self._adjustments[text] = self.kerning.adjustments(text)
        return found


_MAX_MEMO = 50_000
