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

from ..text.bidi import has_rtl
from .wrapped import WrappedOnce


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
            self._last_not_longest(lines_at, avail_width)
        else:
            lines_at(avail_width)
        if max(self.getActualLineWidths0() or [0.0]) > avail_width:  # a word cut too wide
            lines_at(avail_width)
        self._balanced = (avail_width, self.width)
        return avail_width, self.height

    def _last_not_longest(self, lines_at: Callable[[float], list[Any]], most: float) -> None:
        """Three lines or more whose last is the longest (a wedge, its weight at the foot:
        "Infrastructure engineer building / the systems between research / models and
        production machines") are broken again at the width between the balanced one and
        `most` that keeps their count, ends on a shorter line and spreads its lengths
        least; left as they are when no such width is found."""
        widths = self.getActualLineWidths0()
        if len(widths) < 3 or widths[-1] <= max(widths[:-1]) or self.width >= most:
            return
        start, count, best = self.width, len(widths), None
        for k in range(1, LAST_LINE_STEPS + 1):
            width = start + (most - start) * k / LAST_LINE_STEPS
            lines_at(width)
            found = self.getActualLineWidths0()
            if len(found) == count and found[-1] <= max(found[:-1]):
                spread = max(found) - min(found)
                best = min(best or (spread, width), (spread, width))
        lines_at(best[1] if best else start)


T = TypeVar("T")
LAST_LINE_STEPS = 12  # widths tried for a wrapped headline that ends on its longest line
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
# (xml, the style but its sizes, bullet) -> the same: a fitting pass that changes the type
# size parses nothing again (markup sets no size of its own, so only fontSize differs)
_SHAPED: dict[tuple[str, tuple[Any, ...], str | None], tuple[ParagraphStyle, list[Any]]] = {}
_SHAPES: dict[int, tuple[ParagraphStyle, tuple[Any, ...]]] = {}  # id(style) -> its shape
_SIZES = frozenset(
    ("name", "parent", "fontSize", "leading", "bulletFontSize", "spaceBefore", "spaceAfter")
    + ("leftIndent", "rightIndent", "firstLineIndent", "bulletIndent")
)


def paragraph(xml: str, style: ParagraphStyle, bullet: str | None = None) -> Paragraph:
    """A Paragraph of `xml`, whose markup is parsed once per text and style: a watch loop,
    a batch of variants and each fitting pass lay out mostly the same paragraphs, and
    reportlab's markup parser is about a tenth of a warm build (a fifth of a pass at a new
    type size). Each paragraph gets its own copies of the fragments, since line breaking
    may change them."""
    if getattr(style, "rtl_page", False) or has_rtl(xml):
        from .bidi_paragraph import BidiParagraph  # right-to-left text: shaped, reordered per line

        return BidiParagraph(xml, style, bulletText=bullet)
    key = (xml, id(style), bullet)
    parsed = _PARSED.get(key) or _resized(xml, style, bullet)
    if parsed is None:
        para = WrappedOnce(xml, style, bulletText=bullet)
        if len(_PARSED) >= _PARSED_MAX:
            _PARSED.clear()
            _SHAPED.clear()
            _SHAPES.clear()
        _PARSED[key] = _SHAPED[(xml, _shape(style), bullet)] = (
            style,
            [_copied(f) for f in para.frags],
        )
        return para
    _PARSED[key] = parsed
    return WrappedOnce(xml, style, bulletText=bullet, frags=[_copied(f) for f in parsed[1]])


def _resized(
    xml: str, style: ParagraphStyle, bullet: str | None
) -> tuple[ParagraphStyle, list[Any]] | None:
    """The fragments parsed for `xml` in a style that differs from `style` in its sizes
    alone, set in `style`'s type size; None when there are none, or one has a size of its
    own (which the markup never sets)."""
    found = _SHAPED.get((xml, _shape(style), bullet))
    if found is None:
        return None
    other, frags = found
    if any(f.fontSize != other.fontSize for f in frags):
        return None
    resized = [_copied(f) for f in frags]
    for frag in resized:
        frag.fontSize = style.fontSize
    return style, resized


def _shape(style: ParagraphStyle) -> tuple[Any, ...]:
    """Every setting of `style` but its sizes, spaces and indents (and its name)."""
    known = _SHAPES.get(id(style))
    if known is not None and known[0] is style:
        return known[1]
    names = sorted({*ParagraphStyle.defaults, *vars(style)} - _SIZES)
    shape = tuple((n, _hashable(getattr(style, n, None))) for n in names)
    _SHAPES[id(style)] = (style, shape)
    return shape


def _hashable(setting: Any) -> Any:
    try:
        hash(setting)
    except TypeError:
        return repr(setting)
    return setting


def _copied(frag: Any) -> Any:
    """What `copy.copy` makes of a fragment (a plain attribute bag, ParaFrag), made directly:
    a warm build copies a few hundred, and the generic route is five times slower."""
    twin = object.__new__(type(frag))
    twin.__dict__.update(frag.__dict__)
    return twin


_SHRUNK: dict[tuple[int, float], tuple[ParagraphStyle, ParagraphStyle]] = {}


def shrunk(xml: str, style: ParagraphStyle, width: float, floor: float) -> ParagraphStyle:
    """`style` at the size that sets `xml` on one line `width` points wide, in quarter
    points down, but no smaller than `floor` times its size; `style` itself where the line
    fits. A long name in the header shrinks so, and a long title in the sidebar's panel."""
    wide = line_width(xml, style)
    if wide <= width:
        return style
    size = max(style.fontSize * width / wide, style.fontSize * floor)
    size = int(size * 4) / 4  # quarter points, down: the line fits
    key = (id(style), size)
    if key not in _SHRUNK:  # one style object per look: paragraph() caches by its id
        leading = style.leading * size / style.fontSize
        fitted = ParagraphStyle(
            f"{style.name}-fitted", parent=style, fontSize=size, leading=leading
        )
        _SHRUNK[key] = (style, fitted)
    return _SHRUNK[key][1]


# (xml, the style but its sizes) -> (type size, width): a skill grid or a date column is
# measured again on every fitting pass, and at another type size a width scales with it
_WIDTHS: dict[tuple[str, tuple[Any, ...]], tuple[float, float]] = {}


def line_width(xml: str, style: ParagraphStyle) -> float:
    """The width `xml` takes set on one line (fonts, bold and fallback faces included).
    Every advance and kerning pair is in thousandths of an em, so the width at another
    size is the known one scaled; text that is shaped or spaced for itself (right to left,
    CJK) is measured each time."""
    rtl = getattr(style, "rtl_page", False) or has_rtl(xml)
    plain = not rtl and max(xml, default=" ") < "\u2e80"
    key = (xml, _shape(style)) if plain else None
    known = _WIDTHS.get(key) if key else None
    if known is not None:
        size, width = known
        return width if size == style.fontSize else width * style.fontSize / size
    para = paragraph(xml, style)
    para.wrap(1e6, 1e6)
    width = max(para.getActualLineWidths0() or [0.0])
    if key:
        if len(_WIDTHS) >= _PARSED_MAX:
            _WIDTHS.clear()
        _WIDTHS[key] = (style.fontSize, width)
    return width
