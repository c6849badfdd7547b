"""The skills section in the style's layout: `columns` (a balanced grid), `rows` ("Group: a,
b, c", one line per group) or `inline` (one paragraph); the sidebar uses a compact list.

A grid's column count is chosen when the available width is known (at wrap time): the most
columns, up to the style's `skill_columns` (one more when that puts every group on one
row), in which no item or group name wraps, preferring a count that leaves no group alone
on a last row. When no grid of two or more columns fits its items, the groups become rows.
"""

from __future__ import annotations

from reportlab.platypus import Flowable

from ..content import CONTACT_SEPARATOR
from ..model import SkillGroup
from ..text.bidi import list_comma
from .ink import Ink, grid
from .lines import SeparatedLine
from .paragraphs import line_width, paragraph
from .tags import tagged

# Read as a list of labelled lists: each group an item, its name the label, its skills the
# body. Not a table: the grid's columns mean nothing (groups flow into as many as fit), and
# a screen reader would announce "row 2, column 3" where a person reads "the next group".
LABEL, BODY, ROW = ("L", "LI*", "Lbl"), ("L", "LI", "LBody"), ("L", "LI*", "LBody")

GUTTER = 8.0  # points between grid columns


def skills_flowables(items: tuple[SkillGroup, ...], ink: Ink) -> list[Flowable]:
    theme, st = ink.theme, ink.st
    layout = theme.skills.layout
    if ink.narrow:  # the sidebar: each group's name, then its items as one short paragraph
        out: list[Flowable] = []
        for g in items:
            out.append(tagged(paragraph(ink.rich(g.group, bold=True), ink.st.group), *LABEL))
            comma = ink.text(list_comma([i.plain for i in g.items]))
            items = paragraph(comma.join(ink.rich(i) for i in g.items), st.body)
            out.append(tagged(items, *BODY))
        return out
    if layout == "inline":
        return [
            SeparatedLine([_row_xml(g, ink) for g in items], ink.text(CONTACT_SEPARATOR), st.body)
        ]
    if layout == "rows":
        return [tagged(paragraph(_row_xml(g, ink), st.body), *ROW) for g in items]
    return [SkillsGrid(items, ink)]


def _row_xml(group: SkillGroup, ink: Ink) -> str:
    return (
        ink.rich(group.group, bold=True)
        + ink.text(": ")
        + ink.text(list_comma([i.plain for i in group.items])).join(
            ink.rich(i, paragraph=False) for i in group.items
        )
    )


class SkillsGrid(Flowable):
    """Groups side by side, each cell its group's name then its items, so the text layer
    reads group by group; the grid is chosen for the width it is given."""

    def __init__(self, items: tuple[SkillGroup, ...], ink: Ink) -> None:
        super().__init__()
        self.items, self.ink = items, ink
        style = ink.st.group
        self.names = [ink.rich(g.group, bold=True) for g in items]
        self.lists = [[ink.rich(i, paragraph=False) for i in g.items] for g in items]
        widest = [
            max([line_width(n, style), *(line_width(i, ink.st.body) for i in items)])
            for n, items in zip(self.names, self.lists, strict=True)
        ]
        self.widest = max(widest, default=0.0)
        self.inner: Flowable | None = None

    def columns(self, width: float) -> int:
        """The column count for `width`; 0 when no grid of two or more columns fits."""
        n, most = len(self.items), self.ink.theme.skill_columns
        counts = [c for c in range(min(n, most + 1), 1, -1) if c <= most or c == n]
        fitting = [c for c in counts if width / c - GUTTER >= self.widest]
        balanced = [c for c in fitting if n % c != 1]
        return (balanced or fitting or [0])[0] if n > 1 else 1

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        cols, ink = self.columns(avail_width), self.ink
        if cols == 0:
            rows = [[tagged(paragraph(_row_xml(g, ink), ink.st.body), *ROW)] for g in self.items]
            self.inner = grid(rows, [avail_width], ink, bottom=2)
        else:
            style = ink.st.group
            cells = [
                [
                    tagged(paragraph(n, style), *LABEL),
                    tagged(paragraph("<br/>".join(i), ink.st.body), *BODY),
                ]
                for n, i in zip(self.names, self.lists, strict=True)
            ]
            rows = [cells[i : i + cols] for i in range(0, len(cells), cols)]
            rows[-1] += [""] * (cols - len(rows[-1]))
            self.inner = grid(rows, [avail_width / cols] * cols, ink, right=GUTTER, bottom=4)
        self.width, self.height = self.inner.wrap(avail_width, avail_height)
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        self.wrap(avail_width, avail_height)
        assert self.inner is not None
        return self.inner.split(avail_width, avail_height)

    def draw(self) -> None:
        assert self.inner is not None
        self.inner.drawOn(self.canv, 0, 0)
