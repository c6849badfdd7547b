"""Paragraphs as every layout function makes them: reportlab's Paragraph with its markup
parsed once per text and style, its lines broken once per width, drawn inside its element
of the structure tree (pdf/tags.py); balanced lines (CSS's `text-wrap: balance`) for a
headline or a row of items; and a paragraph's width set on one line. In: XML of escaped
text (text/markup.py) and a ParagraphStyle; out: flowables."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph
from reportlab.platypus.paragraph import _FUZZ, _HSFrag

from ..text.bidi import has_rtl
from .runs import inline, runs_of
from .tags import element, link_texts, then


class WrappedOnce(Paragraph):
    """A Paragraph that breaks its lines once per width. Reportlab asks most paragraphs
    for the same width two or three times (a table measures its cells, then draws them;
    a KeepTogether measures its parts, then the frame places each), and line breaking is
    the largest part of a layout; the lines found for a width do not depend on the height
    offered (see Paragraph.wrap), so the last width's lines are kept."""

    _memo: tuple[Any, ...] | None = None
    tag_path: tuple[str, ...] | None = None  # what it is (pdf/tags.py); None: a P
    tag_part: Any = None
    tag_alt: str | None = None
    tag_key: Any = None  # shared by the parts of a split paragraph: one element
    tag_runs: Any = None  # its bold, italic and linked runs, while it is drawn (pdf/tags.py)
    continues = False  # a part of a paragraph split by a page break, not its last

    def draw(self) -> None:
        """Drawn inside its element; a bullet as its list item's label, then its body."""
        canv, path = self.canv, self.tag_path
        if path is None and self.bulletText:
            path = ("L", "LI", "LBody")  # a bullet: an item of a list
        tagger = getattr(canv, "tagger", None)
        link_texts(tagger, self.frags)
        text = "".join(getattr(f, "text", "") for f in self.frags)
        fallback = path is None and self.tag_part is None
        role = (path or ("P",))[-1].rstrip("*")
        self.tag_runs = None
        own = not (fallback and tagger is not None and tagger.leaf is not None)
        if tagger is not None and own and type(self).drawPara is Paragraph.drawPara:
            bl = self.blPara  # reportlab's own line drawing, which tags.inline hooks
            runs = runs_of(bl.lines, bl.kind, self.style.fontName, role, bl)
            self.tag_runs = runs
        if self.bulletText and path and path[-1] == "LBody":
            with element(canv, (*path[:-2], path[-2].rstrip("*") + "*", "Lbl"), part=self.tag_part):
                then(canv, "LBody", self.tag_key, text, self.tag_runs)
                super().draw()
            return
        with element(
            canv,
            path or ("P",),
            part=self.tag_part,
            key=self.tag_key,
            fallback=fallback,
            text=text,
            runs=self.tag_runs,
        ):
            super().draw()

    def beginText(self, x: float, y: float) -> Any:  # noqa: N802 (reportlab's name)
        """The text object of the lines: it marks their bold, italic and linked runs."""
        text = super().beginText(x, y)
        inline(self.canv, text, self.tag_runs)
        if type(self).drawPara is Paragraph.drawPara:
            text.soft_ends = soft_ends(self.blPara, self.frags, self.continues)
        return text

    def split(self, avail_width: float, avail_height: float) -> list[Any]:
        parts = super().split(avail_width, avail_height)
        if len(parts) > 1:
            key = self.tag_key or self
            for i, part in enumerate(parts):
                part.tag_path, part.tag_key = self.tag_path, key
                part.tag_part = self.tag_part if i == 0 else None
                part.continues = i < len(parts) - 1 or self.continues
        return parts

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        memo = self._memo
        if memo is not None and memo[0] == avail_width:
            _, self.width, self._wrapWidths, self.blPara, self.height, self._width_max = memo
            return self.width, self.height
        size = super().wrap(avail_width, avail_height)
        # below _FUZZ reportlab sets nothing up; its CJK line breaking keeps other state
        if avail_width >= _FUZZ and self.style.wordWrap != "CJK":
            state = (self.width, self._wrapWidths, self.blPara, self.height, self._width_max)
            self._memo = (avail_width, *state)
        return size


HYPHENS = ("-", "\u2010", "\u2011")


def soft_ends(bl: Any, frags: list[Any], continues: bool) -> frozenset[int]:
    """The lines of a paragraph broken into `bl` (its blPara) that end at a word space or
    a hard break (<br/>): not the last, unless the paragraph `continues` on the next page;
    not a long word cut between two letters or after a hyphen, nor CJK text broken between
    two characters, where the text has no space. Each line's letters are counted off the
    text (`frags`: fragments, or after line breaking reportlab's words, [width, (fragment,
    text), ...], an _HSFrag where a space follows the word)."""
    spaced, count = set(), 0  # the letter counts that a space follows
    for frag in frags:
        texts = [t for _, t in frag[1:]] if isinstance(frag, list) else [getattr(frag, "text", "")]
        for text in texts:
            for ch in text:
                if ch.isspace():
                    spaced.add(count)
                else:
                    count += 1
        if isinstance(frag, _HSFrag):
            spaced.add(count)
    ends, count = set(), 0
    for n, line in enumerate(bl.lines):
        words = line[1] if bl.kind == 0 else [getattr(f, "text", "") for f in line.words]
        count += sum(not ch.isspace() for w in words for ch in w)
        last = n == len(bl.lines) - 1
        # a space, or a <br/> not after a hyphen (a name broken after its own hyphen)
        hard = getattr(line, "lineBreak", False) and not "".join(words).endswith(HYPHENS)
        broken = count in spaced or hard
        if continues if last else broken and count > 0:
            ends.add(n)
    return frozenset(ends)


class Balanced(WrappedOnce):
    """Lines of even length (CSS's `text-wrap: balance`): broken at the narrowest width that
    keeps the line count the full width gives, so a headline wrapped in the sidebar does
    not leave a stub or a short line between two long ones ("Compiler engineer with a /
    decade of / production systems" becomes "Compiler engineer / with a decade of /
    production systems"). Left-aligned text only: it is drawn at the narrower width."""

    _balanced: tuple[float, float] | None = None  # (the width offered, the width used)

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        if self._balanced is not None and self._balanced[0] == avail_width:
            return avail_width, super().wrap(self._balanced[1], avail_height)[1]

        def lines_at(width: float) -> list[Any]:  # the paragraph is left broken at `width`
            super(Balanced, self).wrap(width, avail_height)
            return self.blPara.lines

        if self.style.alignment == TA_LEFT:
            balanced_rows(lines_at, avail_width)
        else:
            lines_at(avail_width)
        if max(self.getActualLineWidths0() or [0.0]) > avail_width:  # a word cut too wide
            lines_at(avail_width)
        self._balanced = (avail_width, self.width)
        return avail_width, self.height


T = TypeVar("T")
BALANCE_STEPS = 7  # halvings of the width: within 1 % of the narrowest


def balanced_rows(rows_at: Callable[[float], list[T]], width: float) -> list[T]:
    """The rows `rows_at` makes at the narrowest width that keeps the number it makes at
    `width` (CSS's `text-wrap: balance`): a contact line that wraps puts four items over
    three, not six over one. `rows_at` is called last at the width returned for."""
    rows = rows_at(width)
    if len(rows) < 2:
        return rows
    fits, fails = width, width / 2
    for _ in range(BALANCE_STEPS):
        middle = (fits + fails) / 2
        if len(rows_at(middle)) > len(rows):
            fails = middle
        else:
            fits = middle
    return rows_at(fits)


def balanced(xml: str, style: ParagraphStyle) -> Paragraph:
    """`paragraph`, its lines balanced where it is a plain left-to-right one."""
    made = paragraph(xml, style)
    if type(made) is WrappedOnce:
        made.__class__ = Balanced
    return made


# (xml, id(style), bullet) -> (style, pristine fragments); the style is kept so its id
# cannot be reused by another style while the entry lives
_PARSED: dict[tuple[str, int, str | None], tuple[ParagraphStyle, list[Any]]] = {}
_PARSED_MAX = 4096


def paragraph(xml: str, style: ParagraphStyle, bullet: str | None = None) -> Paragraph:
    """A Paragraph of `xml`, whose markup is parsed once per text and style: a watch loop,
    a batch of variants and each fitting pass lay out mostly the same paragraphs, and
    reportlab's markup parser is about a tenth of a warm build. Each paragraph gets its
    own copies of the fragments, since line breaking may change them."""
    if getattr(style, "rtl_page", False) or has_rtl(xml):
        from .rtl import BidiParagraph  # right-to-left text: shaped and reordered per line

        return BidiParagraph(xml, style, bulletText=bullet)
    key = (xml, id(style), bullet)
    parsed = _PARSED.get(key)
    if parsed is None:
        para = WrappedOnce(xml, style, bulletText=bullet)
        if len(_PARSED) >= _PARSED_MAX:
            _PARSED.clear()
        _PARSED[key] = (style, [_copied(f) for f in para.frags])
        return para
    return WrappedOnce(xml, style, bulletText=bullet, frags=[_copied(f) for f in parsed[1]])


def _copied(frag: Any) -> Any:
    """What `copy.copy` makes of a fragment (a plain attribute bag, ParaFrag), made directly:
    a warm build copies a few hundred, and the generic route is five times slower."""
    twin = object.__new__(type(frag))
    twin.__dict__.update(frag.__dict__)
    return twin


def line_width(xml: str, style: ParagraphStyle) -> float:
    """The width `xml` takes set on one line (fonts, bold and fallback faces included)."""
    para = paragraph(xml, style)
    para.wrap(1e6, 1e6)
    return max(para.getActualLineWidths0() or [0.0])
