"""Pair kerning read straight from a TrueType face's own tables (GPOS `kern`, else `kern`).

reportlab sets text with each glyph's plain advance: "To" is drawn at 536/1000 em where the
font asks for 470. Its own remedy, HarfBuzz shaping, doubles a warm rebuild and turns "ft"
into private-use ligature glyphs that break the text layer. So this module reads only the
pair adjustments a face defines, with `struct` over the bytes reportlab already holds (no
fontTools import at build time: 75 ms), and answers "how much between these two
characters" lazily, memoised per face: a résumé uses a few hundred distinct pairs. Every
glyph still maps to its own character, so the text layer is unchanged.

Parsing keeps the tables as they are (coverage and class arrays become dicts on first use);
a face's kerning costs about a millisecond the first time a pair is asked of it. Every read of
the parse stays inside the table and is charged against its size, so a broken or hostile table
fails at once (`Malformed`) instead of later, mid-layout, or after minutes of overlapping
structures; `read_kerning(strict=True)` also checks every pair set a look-up may read later, so
a user's font is refused before use (fonts/validate.py) while a bundled face is never re-checked.
"""

from __future__ import annotations

import copy
from bisect import bisect_right
from struct import Struct, unpack_from
from struct import error as StructError
from typing import Any
from weakref import WeakKeyDictionary

from reportlab.pdfbase.ttfonts import TTEncoding, TTFont

from .embed import memoise_embedding

_U16 = Struct(">H")
_I16 = Struct(">h")
_NO_KERN = frozenset(" \u00a0\u2009\u202f\t\n")  # widths around spaces stay as measured


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


class _PairSubtable:
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


def _kern_lookups(table: _Table, strict: bool) -> list[list[_PairSubtable]]:
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
                subtable = table.shared(_PairSubtable, sub)
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
) -> tuple[list[list[_PairSubtable]], dict[tuple[int, int], int]]:
    """The GPOS `kern` lookups of a face, else its legacy `kern` pairs (`tables`: reportlab's
    directory, tag -> offset and length). Raises Malformed or struct.error on a broken table;
    `strict` also checks the pair sets that look-ups read only later."""
    lookups: list[list[_PairSubtable]] = []
    if "GPOS" in tables:
        entry = tables["GPOS"]
        lookups = _kern_lookups(_Table(data, entry["offset"], entry["length"], "GPOS"), strict)
    if not lookups and "kern" in tables:
        entry = tables["kern"]
        return [], _legacy_kern(_Table(data, entry["offset"], entry["length"], "kern"))
    return lookups, {}


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
        try:  # a user's face was checked strictly before (fonts/validate.py)
            self._lookups, self._legacy = read_kerning(data, tables)
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
        try:
            for subtables in self._lookups:
                for subtable in subtables:
                    value = subtable.lookup(left, right)
                    if value is not None:
                        total += value
                        break
        except (StructError, IndexError):  # unchecked (bundled) data: this pair has none
            return 0.0
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
        self.stroked_bold = False  # a bold drawn from these regular outlines (fonts/book.py)
        memoise_embedding(self.face)

    def twin(self, name: str) -> KernedFont:
        """This font under another name, with a face of its own whose character map may be
        changed (a small-caps face: capitals to their `.sc` glyphs) without a second read
        of the file (3-5 ms a face). The file's bytes and tables are shared; the maps, the
        memos and what reportlab keeps per document are the twin's own."""
        twin = copy.copy(self)
        face = copy.copy(self.face)
        for memoised in ("makeSubset", "addSubsetObjects", "subset_memos"):
            face.__dict__.pop(memoised, None)  # bound to this face's maps: made anew below
        face.charToGlyph, face.charWidths = dict(face.charToGlyph), dict(face.charWidths)
        twin.fontName, twin.face, twin.encoding = name, face, TTEncoding()
        twin.state = WeakKeyDictionary()
        twin._kerning, twin._advances, twin._adjustments = None, {}, {}
        memoise_embedding(face)
        return twin

    @property
    def kerning(self) -> Kerning:
        if self._kerning is None:
            self._kerning = Kerning(self.face)
        return self._kerning

    def stringWidth(self, text: str, size: float, encoding: str = "utf8") -> float:  # noqa: N802
        advance = self._advances.get(text)
        if advance is None:
            advance = self._advance(text if isinstance(text, str) else text.decode(encoding))
        if type(text) is Trailing:
            return 0.001 * size * advance + text.trail
        return 0.001 * size * advance

    def _advance(self, text: str) -> float:
        widths, default = self.face.charWidths.get, self.face.defaultWidth
        advance = sum([widths(ord(c), default) for c in text])
        if self.spaced(text):
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
            kerning = self.kerning
            found = [0.0] * (len(text) - 1) if kerning.empty else kerning.adjustments(text)
            if text and max(text) >= "\u2e80":
                found = cjk_spacing(text, found, self.face.charWidths.get)
            self._adjustments[text] = found
        return found

    def spaced(self, text: str) -> bool:
        """Does `text` need adjustments between its characters (pair kerning or CJK
        spacing)? The cheap test before `adjustments`."""
        return len(text) > 1 and (not self.kerning.empty or max(text) >= "\u2e80")


# CJK spacing (JIS X 4051): full-width punctuation is drawn in one half of its em, the other
# half blank. Where two such marks meet with a blank half between them, half an em is taken
# out ("）「", "。」", "「（"); a quarter em is put between Han or kana and a Latin letter or
# digit (not between a number and its counter). Both are spacing in the TJ array, so the
# text layer keeps the same characters.
CJK_CLOSING = frozenset("、。，．）」』】〕〉》〗〙〛］｝｠")
CJK_OPENING = frozenset("（「『【〔〈《〖〘〚［｛｟")
_HALF_EM, _QUARTER_EM = 500.0, 250.0
_COUNTERS = frozenset("年月日時分秒")  # a number stays tight with its counter: 2021年3月


def _ideograph(ch: str) -> bool:
    """Han or kana (not punctuation, not full-width forms)."""
    code = ord(ch)
    return (
        0x3040 <= code <= 0x30FF
        or 0x3400 <= code <= 0x9FFF
        or 0xF900 <= code <= 0xFAFF
        or (0x20000 <= code <= 0x3FFFF)
    )


def _latin(ch: str) -> bool:
    return ch < "\u2e80" and ch.isalnum()


def cjk_spacing(text: str, adjust: list[float], width: Any) -> list[float]:
    """`adjust` (thousandths of an em after each character but the last) with the CJK
    spacing added; `width(code, default)` is the face's advance (only full-width marks,
    about an em wide, are compressed)."""
    out = list(adjust)
    for i in range(len(text) - 1):
        a, b = text[i], text[i + 1]
        out[i] += cjk_pair(a, b, width(ord(a), 0), width(ord(b), 0))
    return out


def cjk_pair(a: str, b: str, width_a: float, width_b: float) -> float:
    """The CJK spacing between `a` and `b` (thousandths of an em; their advances given in
    the same unit): minus half an em, a quarter em, or 0."""
    if (a in CJK_CLOSING and (b in CJK_CLOSING or b in CJK_OPENING)) or (
        a in CJK_OPENING and b in CJK_OPENING
    ):
        return -_HALF_EM if width_a >= 900 and width_b >= 900 else 0.0
    if (_ideograph(a) and _latin(b) and not (a in _COUNTERS and b.isdigit())) or (
        _latin(a) and _ideograph(b) and not (a.isdigit() and b in _COUNTERS)
    ):
        return _QUARTER_EM
    return 0.0


class Trailing(str):
    """A run of text followed by `trail` points of space before the next run: CJK spacing
    between two runs of a line set in different faces (pdf/cjk.py), drawn by the canvas as
    a displacement at the end of the run's TJ array and counted in its measured width."""

    trail: float = 0.0


_MAX_MEMO = 50_000
