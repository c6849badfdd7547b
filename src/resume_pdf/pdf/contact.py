"""The contact line with icons (style `contact: {icons: true}`).

Items flow left to right and wrap between items (an item longer than the column wraps
between its characters, as a paragraph would split it), with the separator only between
two items on one line. Each line is one text object: an item's text starts after its icon
by a cursor move, never by a character, so the text layer reads exactly as the line without
icons (`a@b.com · +1 555 · example.com`). Icons are stroked vector paths. An icon at the
start of a line hangs in the margin, so the text lines up with the name (and an extractor
sees no indent that it would read as a space).
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import Color
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from ..values import value
from .icons import draw_icon
from .paragraphs import balanced_rows, paragraph
from .tags import artifact, element

ICON_SCALE = 1.0  # icon side as a multiple of the type size
ICON_GAP = 0.35  # between an icon and its text, in type sizes
ICON_DROP = 0.17  # how far the icon reaches below the baseline, in type sizes
ICON_LEAD = 0.1  # extra room between a separator and the icon after it, in type sizes
SEPARATOR = " · "
MIN_FRAGMENT = 4  # characters: no line of a cut address holds fewer
JOINT_BEFORE = frozenset("@?&")  # an address's line may begin with one of these, or follow "/"


@value
class Run:
    """Text in one font and colour (a font-fallback run of an item)."""

    text: str
    font: str
    size: float
    color: Any

    @property
    def width(self) -> float:
        return stringWidth(self.text, self.font, self.size)


@value
class Piece:
    """An item, or the part of a long item that fits on one line."""

    icon: str | None  # None for the continuation of a split item
    runs: tuple[Run, ...]
    url: str | None

    @property
    def width(self) -> float:
        return sum(r.width for r in self.runs)


def runs_of(xml: str, style: ParagraphStyle) -> tuple[Run, ...]:
    """The item's escaped paragraph XML (fonts chosen per character) as runs."""
    frags = paragraph(xml, style).frags  # its markup parsed once per process
    return tuple(Run(f.text, f.fontName, f.fontSize, f.textColor) for f in frags if f.text)


class ContactLine(Flowable):
    """Contact items, each after its icon; `stacked` puts one item per line (sidebar)."""

    def __init__(
        self,
        items: list[tuple[str, str, str | None]],  # (icon, item XML, link target)
        style: ParagraphStyle,
        icon_color: Color,
        stacked: bool = False,
        dot_xml: str = SEPARATOR.strip(),
    ) -> None:
        super().__init__()
        self.style, self.color, self.stacked = style, icon_color, stacked
        self.items = [Piece(icon, runs_of(xml, style), url) for icon, xml, url in items]
        size = style.fontSize
        self.indent = size * (ICON_SCALE + ICON_GAP)
        self.step = size * ICON_LEAD + self.indent  # from a separator's end to the next text
        # the dot is set in the font chosen for it (a user font without "·" falls back)
        space = Run(" ", style.fontName, size, style.textColor)
        self.sep = Piece(None, (space, *runs_of(dot_xml, style), space), None)
        self.rows: list[list[Piece]] = []

    def _rows(self, avail_width: float) -> list[list[Piece]]:
        rows: list[list[Piece]] = []
        x = 0.0
        for item in self.items:
            width = self.step + item.width
            if not rows or self.stacked or x + self.sep.width + width > avail_width:
                for piece in _split(item, avail_width):
                    rows.append([piece])
                x = rows[-1][-1].width
            else:
                rows[-1].append(item)
                x += self.sep.width + width
        return rows

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.rows = (
            self._rows(avail_width) if self.stacked else balanced_rows(self._rows, avail_width)
        )
        self.width = avail_width
        self.height = len(self.rows) * self.style.leading
        return avail_width, self.height

    def draw(self) -> None:
        """Tagged as the line without icons is: one P, each row one marked-content
        sequence holding its items and separators, each link a Link holding its annotation
        (its Contents the link's text); icons are artifacts. A boundary between an item and
        a separator made pdf.js hand the space there as an item of its own, which parsers
        drop, gluing `alex@example.com·`."""
        canv, size = self.canv, self.style.fontSize
        for n, row in enumerate(self.rows):
            baseline = self.height - n * self.style.leading - size
            text = canv.beginText(0, baseline)
            x = start = 0.0
            with element(canv, ("P",), key=self, into=text) as leaf:
                for i, piece in enumerate(row):
                    if i:  # the icons part the items: the dot is read, not drawn
                        for run in self.sep.runs:
                            text.setTextRenderMode(3 if run.text.strip() else 0)
                            self._write(text, run)
                        text.setTextRenderMode(0)
                        x += self.sep.width + self.step
                        text.moveCursor(x - start, 0)  # over the icon: Td is from the line start
                        start = x
                    if piece.icon:
                        self._icon(piece.icon, x, baseline)
                    for run in piece.runs:
                        self._write(text, run)
                    if piece.url:
                        if leaf is not None:  # the annotation's Contents: its visible text
                            shown = "".join(r.text for r in piece.runs)
                            canv.tagger.link_texts = {piece.url: shown}
                        left, bottom = x - self.indent, baseline - size * 0.25
                        box = (left, bottom, x + piece.width, baseline + size)
                        canv.linkURL(piece.url, box, relative=1, thickness=0)
                    x += piece.width
                if n < len(self.rows) - 1:  # the row's end: a space, for the tags' readers
                    self._write(text, self.sep.runs[0])
            canv.drawText(text)  # after its sequence is ended: the EMC is the text's

    def _icon(self, icon: str, x: float, baseline: float) -> None:
        """An icon before the text at `x`, drawn on the page (outside the text object)."""
        size = self.style.fontSize
        with artifact(self.canv):
            draw_icon(
                self.canv, icon, x - self.indent, baseline - size * ICON_DROP, size, self.color
            )

    @staticmethod
    def _write(text: Any, run: Run) -> None:
        text.setFont(run.font, run.size)
        text.setFillColor(run.color)
        text.textOut(run.text)


def _split(item: Piece, width: float) -> list[Piece]:
    """An item wider than the column, cut into lines that fit: after a space where the line
    has one (so no word is cut in the text layer), else at an address's joint (before `@`,
    `?`, `&`, after `/`), else between characters; never leaving a line of fewer than
    MIN_FRAGMENT characters (a query split two characters from its end read as noise)."""
    if item.width <= width:
        return [item]
    chars = [(Run(ch, r.font, r.size, r.color), stringWidth(ch, r.font, r.size))
             for r in item.runs for ch in r.text]  # fmt: skip
    pieces: list[Piece] = []
    start = 0
    while start < len(chars):
        end, used = start, 0.0
        while end < len(chars) and (end == start or used + chars[end][1] <= width):
            used += chars[end][1]
            end += 1
        cut = end if end == len(chars) else _cut(chars, start, end)
        runs = tuple(r for r, _ in chars[start:cut])
        pieces.append(Piece(None if pieces else item.icon, runs, item.url))
        start = cut + (cut < len(chars) and chars[cut][0].text == " ")
    return pieces


def _cut(chars: list[tuple[Run, float]], start: int, end: int) -> int:
    """Where the line chars[start:end] ends: its last space, else its last joint that leaves
    MIN_FRAGMENT characters either side, else the last place that does."""
    text = "".join(r.text for r, _ in chars)
    last = len(text) - MIN_FRAGMENT
    spaces = [i for i in range(start + 1, end + 1) if i < len(text) and text[i] == " "]
    if spaces:
        return spaces[-1]
    joints = [
        i for i in range(start + MIN_FRAGMENT, min(end, last) + 1)
        if text[i] in JOINT_BEFORE or text[i - 1] == "/"
    ]  # fmt: skip
    if joints:
        return joints[-1]
    cut = min(end, last)
    return cut if cut - start >= MIN_FRAGMENT else end
