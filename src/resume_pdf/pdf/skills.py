"""The skills section in the style's layout: `columns` (a grid of groups), `rows` ("Group: a,
b, c", one line per group) or `inline` (one paragraph); the sidebar uses a compact list.

A grid sets each group's name over its items, running inline and comma-separated, wrapping
within the group's column ("ML compilers" over "TorchInductor, TorchDynamo, Triton codegen,
AOT compilation"): a line per item spent 10 lines on the example where 5 hold it. The
column count is chosen when the available width is known (at wrap time): of the counts up
to the style's `skill_columns` (one more when that puts every group on one row) whose
columns hold every group name and every word of an item on one line, the one whose grid is
shortest; on a tie, one that leaves no group alone on a last row, then the most columns.
When no grid of two or more columns fits, the groups become rows. Within a cell a line
breaks between items: an item that fits its column keeps its words together ("Stable C ABI"
never parts as "Stable" / "C ABI"), and only an item wider than the column breaks inside.
"""

from __future__ import annotations

from typing import Any

from reportlab.platypus import Flowable

from ..model.content import CONTACT_SEPARATOR
from ..model.resume import SkillGroup
from ..text.bidi import list_comma
from ..text.inline import Rich
from ..text.typography import NBSP
from ..values import replace
from .gaps import TopGap
from .ink import Ink, grid
from .lines import SeparatedLine
from .paragraphs import line_width, paragraph
from .tags import tagged

# Read as a list of labelled lists: each group an item, its name the label, its skills the
# body. Not a table: the grid's columns mean nothing (groups flow into as many as fit), and
# a screen reader would announce "row 2, column 3" where a person reads "the next group".
LABEL, BODY, ROW = ("L", "LI*", "Lbl"), ("L", "LI", "LBody"), ("L", "LI*", "LBody")

GUTTER = 12.0  # points between grid columns: ragged lines need more than a list did


def skills_flowables(items: tuple[SkillGroup, ...], ink: Ink) -> list[Flowable]:
    theme, st = ink.theme, ink.st
    layout = theme.skills.layout
    if ink.narrow:  # the sidebar: each group's name, then its items as one short paragraph
        out: list[Flowable] = []
        for k, g in enumerate(items):
            if k:  # a group apart from the one above: its name labels what follows
                out.append(TopGap(1, theme.spacing.paragraph))
            out.append(tagged(paragraph(ink.rich(g.group, bold=True), ink.st.group), *LABEL))
            out.append(tagged(paragraph(_items_xml(g, ink), st.body), *BODY))
        return out
    if layout == "inline":
        return [
            SeparatedLine([_row_xml(g, ink) for g in items], ink.text(CONTACT_SEPARATOR), st.body)
        ]
    if layout == "rows":
        return [tagged(paragraph(_row_xml(g, ink), st.body), *ROW) for g in items]
    return [SkillsGrid(items, ink)]


def _items_xml(group: SkillGroup, ink: Ink, whole: tuple[bool, ...] | None = None) -> str:
    """A group's items as one paragraph, comma-separated, its last two words tied; the
    items marked `whole` kept on one line."""
    comma = ink.text(list_comma([i.plain for i in group.items]))
    items = group.items
    if whole is not None:
        items = tuple(_whole(i) if w else i for i, w in zip(items, whole, strict=True))
    return comma.join(ink.rich(i) for i in items)


def _whole(item: Rich) -> Rich:
    """The item with its spaces unbreakable: it moves to the next line as one."""
    return Rich(tuple(replace(s, text=s.text.replace(" ", NBSP)) for s in item.spans))


def _row_xml(group: SkillGroup, ink: Ink) -> str:
    return (
        ink.rich(group.group, bold=True)
        + ink.text(": ")
        + ink.text(list_comma([i.plain for i in group.items])).join(
            ink.rich(i, paragraph=False) for i in group.items
        )
    )


class SkillsGrid(Flowable):
    """Groups side by side, each cell its group's name over its items, so the text layer
    reads group by group; the grid is chosen for the width it is given."""

    def __init__(self, items: tuple[SkillGroup, ...], ink: Ink) -> None:
        super().__init__()
        self.items, self.ink = items, ink
        self.names = [ink.rich(g.group, bold=True) for g in items]
        self.bodies = [_items_xml(g, ink) for g in items]  # as measured on one line
        self.needs = [  # the narrowest column that sets the group with no word cut
            max(
                line_width(name, ink.st.group),
                *(
                    line_width(ink.text(w + ","), ink.st.body)
                    for i in g.items
                    for w in i.plain.split()
                ),
            )
            for name, g in zip(self.names, items, strict=True)
        ]
        self.lengths = [line_width(b, ink.st.body) for b in self.bodies]  # set on one line
        self.widths = [  # each item with its comma, on one line (0: one word, never tied)
            [line_width(ink.rich(i) + ",", ink.st.body) if " " in i.plain else 0.0 for i in g.items]
            for g in items
        ]
        self.inner: Flowable | None = None
        self._chosen: dict[float, int] = {}

    def measures(self, cols: int, width: float) -> list[float] | None:
        """The text width of each of `cols` columns in `width`, a GUTTER between two:
        shared in proportion to the length of the items a column holds (so the columns
        end near one line), never below what its names and words need; None when the
        columns cannot hold their groups' names and words."""
        needs = [max(self.needs[j::cols]) for j in range(cols)]
        room = width - (cols - 1) * GUTTER
        if sum(needs) > room:
            return None
        lengths = [max(self.lengths[j::cols]) for j in range(cols)]
        pinned: set[int] = set()
        while True:  # a column its share leaves below its need takes its need
            free = room - sum(needs[j] for j in pinned)
            share = free / max(sum(lengths[j] for j in range(cols) if j not in pinned), 1e-6)
            short = {j for j in range(cols) if j not in pinned and lengths[j] * share < needs[j]}
            if not short:
                return [needs[j] if j in pinned else lengths[j] * share for j in range(cols)]
            pinned |= short

    def _cells(self, measures: list[float]) -> list[list[Flowable]]:
        cells = []
        for k, (name, group) in enumerate(zip(self.names, self.items, strict=True)):
            measure = measures[k % len(measures)]
            whole = tuple(0 < w <= measure for w in self.widths[k])
            cell = [
                tagged(paragraph(name, self.ink.st.group), *LABEL),
                tagged(paragraph(_items_xml(group, self.ink, whole), self.ink.st.body), *BODY),
            ]
            for part in cell:
                part.wrap(measure, 1e6)
            cells.append(cell)
        return cells

    def _height(self, measures: list[float]) -> float:
        """How tall the grid stands (its rows' tallest cells)."""
        cols = len(measures)
        heights = [sum(p.height for p in cell) for cell in self._cells(measures)]
        return sum(max(heights[i : i + cols]) for i in range(0, len(heights), cols))

    def columns(self, width: float) -> int:
        """The column count for `width`; 0 when no grid of two or more columns fits."""
        if width not in self._chosen:
            n, most = len(self.items), self.ink.theme.skill_columns
            counts = [c for c in range(min(n, most + 1), 1, -1) if c <= most or c == n]
            fitting = {c: m for c in counts if (m := self.measures(c, width))}
            # the shortest; then no group alone on a last row; then the most columns
            ranked = [(round(self._height(m), 1), n % c == 1, -c) for c, m in fitting.items()]
            self._chosen[width] = 1 if n <= 1 else -min(ranked)[2] if ranked else 0
        return self._chosen[width]

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        cols, ink = self.columns(avail_width), self.ink
        measures = self.measures(cols, avail_width) if cols else None
        if not measures:
            rows = [[tagged(paragraph(_row_xml(g, ink), ink.st.body), *ROW)] for g in self.items]
            self.inner = grid(rows, [avail_width], ink, bottom=2)
        else:
            cells: list[Any] = self._cells(measures)
            rows = [cells[i : i + cols] for i in range(0, len(cells), cols)]
            rows[-1] += [""] * (cols - len(rows[-1]))
            gap = ink.theme.spacing.entry  # between rows of groups, as between entries
            widths = [m + GUTTER for m in measures[:-1]] + [measures[-1]]
            self.inner = grid(rows, widths, ink, right=GUTTER, bottom=gap)
            # the last column ends at the margin
            self.inner.setStyle([("RIGHTPADDING", (-1, 0), (-1, -1), 0)])
        # the last row ends with its text: the space after the grid is the section's
        self.inner.setStyle([("BOTTOMPADDING", (0, -1), (-1, -1), 0)])
        self.width, self.height = self.inner.wrap(avail_width, avail_height)
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        self.wrap(avail_width, avail_height)
        assert self.inner is not None
        return self.inner.split(avail_width, avail_height)

    def draw(self) -> None:
        assert self.inner is not None
        self.inner.drawOn(self.canv, 0, 0)
