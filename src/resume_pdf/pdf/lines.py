"""Lines of several items set as one flowable: contact details or an entry's subtitle joined
by a separator and broken only between items (rows balanced), and an entry's fields side by
side on one baseline, each its own run. In: the items' XML and styles; out: flowables."""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph

from .paragraphs import balanced_rows, line_width, paragraph
from .tags import path_of


class SeparatedLine(Flowable):
    """Items joined by a separator (" · "), broken only between items, with the separator
    dropped at a break: a line never ends or starts with a separator. One paragraph, so
    the text layer reads the items in order."""

    def __init__(self, items: list[str], separator: str, style: ParagraphStyle) -> None:
        super().__init__()
        self.items, self.separator, self.style = items, separator, style
        self.para: Paragraph | None = None

    def _rows(self, width: float) -> list[list[str]]:
        rows: list[list[str]] = []
        for item in self.items:
            # measured as set, separators and all: a separator's spaces alone measure
            # nothing (a paragraph drops them), and a row too wide for its line would
            # break after a separator
            row = self.separator.join([*rows[-1], item]) if rows else ""
            if rows and line_width(row, self.style) <= width:
                rows[-1].append(item)
            else:
                rows.append([item])
        return rows

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        rows = balanced_rows(self._rows, avail_width)  # never one item alone on a last row
        xml = "<br/>".join(self.separator.join(row) for row in rows)
        self.para = paragraph(xml, self.style)
        self.para.tag_path = path_of(self)  # its own element: its links hold their words
        self.width, self.height = self.para.wrap(avail_width, avail_height)
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        self.wrap(avail_width, avail_height)
        assert self.para is not None
        return self.para.split(avail_width, avail_height)

    def getPlainText(self, identify: int = 0) -> str:  # noqa: N802, ARG002 (reportlab's name)
        return Paragraph(self.separator.join(self.items), self.style).getPlainText()

    def draw(self) -> None:
        assert self.para is not None
        self.para.drawOn(self.canv, 0, 0)


class FieldLine(Flowable):
    """Fields side by side on one line, each its own run, `gap` apart with no separator
    glyph, on one baseline; a field that does not fit starts the next line. An ATS
    merges runs closer than a character's width: a gap of an em keeps them fields."""

    def __init__(self, fields: list[tuple[str, ParagraphStyle]], gap: float) -> None:
        super().__init__()
        self.fields, self.gap = fields, gap
        self.style = fields[0][1]  # the first field's, for the baseline of the row
        self.rows: list[list[tuple[Paragraph, float, float]]] = []  # (para, x, top drop)

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        rows: list[list[tuple[Paragraph, float, float]]] = []
        x = 0.0
        for xml, style in self.fields:
            para = paragraph(xml, style)
            width = line_width(xml, style)
            if rows and x + self.gap + width <= avail_width:
                rows[-1].append((para, x + self.gap, 0.0))
                x += self.gap + width
            else:
                rows.append([(para, 0.0, 0.0)])
                x = width
            para.wrap(avail_width - rows[-1][-1][1], avail_height)
        self.rows, self.height = [], 0.0
        for row in rows:  # one baseline per row: smaller type drops by the difference
            top = max(p.style.fontSize for p, _, _ in row)
            self.rows.append([(p, x, top - p.style.fontSize) for p, x, _ in row])
            self.height += max(p.height + top - p.style.fontSize for p, _, _ in row)
        self.width = avail_width
        return avail_width, self.height

    def draw(self) -> None:
        y, first = self.height, True
        for row in self.rows:
            for para, x, drop in row:
                para.tag_path = ("H3",) if first else ("P",)  # an entry's title first
                # a right-to-left page: the field, right-aligned in its box, ends `x`
                # from the right edge (its box is as wide as the room left)
                at = 0.0 if getattr(para.style, "rtl_page", False) else x
                para.drawOn(self.canv, at, y - drop - para.height)
                first = False
            y -= max(p.height + drop for p, _, drop in row)

    def getPlainText(self, identify: int = 0) -> str:  # noqa: N802, ARG002 (reportlab's name)
        return " ".join(paragraph(x, s).getPlainText() for x, s in self.fields)
