"""Pair kerning read straight from a TrueType face's own tables (GPOS `kern`, else `kern`).

reportlab sets text with each glyph's plain advance: "To" is drawn at 536/1000 em where the
font asks for 470. Its own remedy, HarfBuzz shaping, doubles a warm rebuild and turns "ft"
into private-use ligature glyphs that break the text layer. So this module reads only the
pair adjustments a face defines, with `struct` over the bytes reportlab already holds (no
fontTools import at build time: 75 ms), and answers "how much between these two
characters" lazily, memoised per face: a résumé uses a few hundred distinct pairs. Every
glyph still maps to its own character, so the text layer is unchanged.

The tables are parsed by fonts/kern_tables.py (bounded reads: a broken table is `Malformed`).
"""

from __future__ import annotations

import copy
from struct import error as StructError
from typing import Any
from weakref import WeakKeyDictionary

from reportlab.pdfbase.ttfonts import TTEncoding, TTFont

from .embed import memoise_embedding
from .kern_tables import PairSubtable, read_kerning

_NO_KERN = frozenset(" \u00a0\u2009\u202f\t\n")  # widths around spaces stay as measured


class Kerning:
    """The pair adjustments of one face, in thousandths of an em, asked by character."""

    def __init__(self, face: Any) -> None:
        """`face` is reportlab's TTFontFace: its bytes, table directory, cmap and em size."""
        self._glyph = face.charToGlyph
        self._scale = 1000 / face.unitsPerEm
        self._pairs: dict[str, float] = {}
        data, tables = face._ttf_data, face.table  # noqa: SLF001 (reportlab keeps them here)
        self._lookups: list[list[PairSubtable]] = []
        self._legacy: dict[tuple[int, int], int] = {}
        try:  # a user's face was checked strictly before (fonts/validate.py)
            self._lookups, self._legacy = read_kerning(data, tables)
        except Exception:  # noqa: BLE001 — a malformed table means no kerning, not no PDF
            self._lookups, self._legacy = [], {}
        self.empty = not (self._lookups or self._legacy)

    def through(self, face: Any) -> Kerning:
        """The same tables asked through `face`'s character map (a small-caps twin's, whose
        capitals are other glyphs of the same file): no second read of them."""
        twin = object.__new__(Kerning)
        twin._glyph, twin._scale, twin._pairs = face.charToGlyph, self._scale, {}
        twin._lookups, twin._legacy, twin.empty = self._lookups, self._legacy, self.empty
        return twin

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
        face.glyphToChar = {gid: list(codes) for gid, codes in face.glyphToChar.items()}
        twin.fontName, twin.face, twin.encoding = name, face, TTEncoding()
        twin.state = WeakKeyDictionary()
        twin._kerning, twin._advances, twin._adjustments = None, {}, {}
        twin._kin = self
        memoise_embedding(face)
        return twin

    _kin: KernedFont | None = None  # the font a twin was made from: its kerning is shared

    @property
    def kerning(self) -> Kerning:
        if self._kerning is None:
            kin = self._kin
            self._kerning = kin.kerning.through(self.face) if kin else Kerning(self.face)
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
