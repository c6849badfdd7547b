"""An entry's header as flowables: the title, dates and the other fields of a job, a
school, a project or a publication (part of stage 6, layout).

Applicant-tracking systems group a PDF's text runs into fields by the gaps between them:
runs closer than about a character's width become one item. So a job's role, organisation,
place and dates are separate runs, at least an en apart or on lines of their own, and
never joined by punctuation alone; the style's `entry: {header: ...}` chooses the shape.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable

from ..model.content import CONTACT_SEPARATOR, display_url, link_text
from ..model.resume import Education, Experience, Project
from ..text.bidi import list_comma
from ..text.inline import Rich, doi_url
from .ink import Ink
from .lines import FieldLine, SeparatedLine
from .paragraphs import line_width, paragraph, shrunk
from .tags import tagged

TITLE_FLOOR = 0.85  # a title in the sidebar's panel shrinks to its line down to this share
RIGHT_MAX = 200.0  # points: the widest the right-hand column (dates, place) grows
EN = 0.5  # an en, in ems: the least gap between two fields on one line


def entry_head(item: Any, ink: Ink) -> list[Flowable]:
    """The header of any dated entry."""
    if isinstance(item, Experience | Education):
        return _field_head(item, ink)
    title, right, subs = _entry_lines(item, ink)
    if isinstance(item, Project) and item.link and ink.dates_xml(item) and not ink.narrow:
        # the dates take the right: the link follows the title an em apart, its own run
        # (joined by " · ", pdf.js and OpenResume read "Fast Thing· Source" as one item)
        link = ink.link(link_text(item.link.url, item.link.label), item.link.url)
        fields = [(title, ink.st.entry), (link, ink.st.entry)]
        head = title_rows([(FieldLine(fields, ink.st.entry.fontSize), right)], ink)
    else:
        head = title_rows([(title, right)], ink)
    if subs:
        head.append(SeparatedLine(subs, ink.text(CONTACT_SEPARATOR), ink.st.sub))
    return head


def _field_head(item: Experience | Education, ink: Ink) -> list[Flowable]:
    """Role, organisation, place and dates as separate runs, in the style's shape:
    role-first ("role | dates" over "organisation | place"), organization-first, or
    inline (the three apart by an em on one line, the dates at the right). Education
    leads with the institution, its degree taking the role's line."""
    right = ink.dates_xml(item)
    place = ink.rich(item.location, paragraph=False) if item.location else ""
    header = ink.theme.entry.header
    if isinstance(item, Experience):
        first, second = item.role, item.organization
        if header == "organization-first" or not first:
            first, second = second, first
        lead = ink.rich(first, bold=True, paragraph=False) if first else ""
        other = ink.rich(second, paragraph=False) if second else ""
    else:
        lead = ink.rich(item.institution, bold=True, paragraph=False)
        other = _joined((item.degree, item.field), ", ", ink)
    if ink.narrow:  # the sidebar: a line each
        st = ink.st
        lead_style = panel_title(lead, ink) if lead else st.entry
        lines = [(lead, lead_style), (right, st.sub), (other, st.org), (place, st.sub)]
        out = [paragraph(xml, style) for xml, style in lines if xml]
        return [tagged(out[0], "H3" if lead else "P"), *out[1:]] if out else []
    if header == "inline":
        fields = [(x, s) for x, s in ((lead, ink.st.entry), (other, ink.st.org)) if x]
        fields += [(place, ink.st.sub)] if place else []
        return title_rows([(FieldLine(fields, ink.st.entry.fontSize), right)], ink)
    rows: list[tuple[Any, str]] = [(lead, right)]
    if other or place:
        rows.append((other and paragraph(other, ink.st.org), place))
    return title_rows(rows, ink)


def panel_title(xml: str, ink: Ink) -> ParagraphStyle:
    """The style of an entry's title in the sidebar's panel: its size, or, where that does
    not fit the panel's line, smaller in quarter points down to TITLE_FLOOR of it, as a
    long name shrinks in the header. A parser reads a title's first line as the whole
    title ("University of Illinois" for "... Urbana-Champaign"); one too long even at the
    floor wraps at its own size."""
    style, width = ink.st.entry, ink.theme.layout.sidebar.width
    fitted = shrunk(xml, style, width, TITLE_FLOOR)
    return fitted if line_width(xml, fitted) <= width else style


def _entry_lines(item: Any, ink: Ink) -> tuple[str, str, list[str]]:
    """(title XML, right-hand XML, subtitle items' XML) of a project or publication."""
    right = ink.dates_xml(item)
    subs: list[str] = []  # XML
    if isinstance(item, Project):
        title = ink.rich(item.title, bold=True)
        if item.link:
            link = ink.link(link_text(item.link.url, item.link.label), item.link.url)
            if not right:  # else the dates take the right, the link follows the title
                right = link
            elif ink.narrow:  # the sidebar: on the title's line, set apart
                title += ink.text(CONTACT_SEPARATOR) + link
    else:  # Publication
        title = ink.rich(item.title, bold=True)
        subs = [_joined(item.authors, ", ", ink), _joined((item.venue,), "", ink)]
        subs += [ink.link(display_url(item.url), item.url)] if item.url else []
        subs += [ink.link(f"doi:{item.doi}", doi_url(item.doi))] if item.doi else []
    location = getattr(item, "location", None)
    subs += [ink.rich(location)] if location else []
    return title, right, [s for s in subs if s]


def _joined(parts: Iterable[Rich | None], separator: str, ink: Ink) -> str:
    """Markup fields shown on one line, e.g. a degree and its field, or the authors; a
    comma is the Arabic comma between fields in Arabic script."""
    shown = [p for p in parts if p and p.plain]
    if separator == ", ":
        separator = list_comma([p.plain for p in shown])
    return ink.text(separator).join(ink.rich(p) for p in shown)


def title_rows(rows: list[tuple[Any, str]], ink: Ink) -> list[Flowable]:
    """Rows of a left part (XML or a flowable) with a right-aligned part (dates, a place,
    a link); stacked in the sidebar. The right column is as wide as its widest text plus
    an en or more, so a left part never comes nearer to it than that."""
    st = ink.st
    lefts = [paragraph(x, st.entry) if isinstance(x, str) and x else x for x, _ in rows]
    if ink.narrow and isinstance(rows[0][0], str) and rows[0][0]:
        lefts[0] = paragraph(rows[0][0], panel_title(rows[0][0], ink))
    if lefts and isinstance(rows[0][0], str) and rows[0][0]:
        tagged(lefts[0], "H3")  # the entry's title: a heading under its section's
    if not any(r for _, r in rows):
        return [x for x in lefts if x]
    if ink.narrow:
        out = []
        for left, (_, right) in zip(lefts, rows, strict=True):
            out += [x for x in (left, right and paragraph(right, st.sub)) if x]
        return out
    rights = [paragraph(r, st.right) if r else None for _, r in rows]
    gap = max(6.0, EN * st.entry.fontSize)
    width = min(max(line_width(r, st.right) for _, r in rows if r) + gap, RIGHT_MAX)
    return [HeaderGrid(list(zip(lefts, rights, strict=True)), width)]


class HeaderGrid(Flowable):
    """An entry header's rows: a left part, and a right-aligned part set on the left's
    first baseline. Drawn row by row, each line finished before the next begins ("role,
    dates", then "organisation, place"): the order a person reads, the text twins write,
    and a reader that takes text as drawn (pdf.js) follows; a jump back up to the role's
    line for the dates read as a gap and split the entry in two. Never split: its rows
    stay on one page."""

    def __init__(self, rows: list[tuple[Any, Any]], right_width: float) -> None:
        super().__init__()
        self.rows, self.right_width = rows, right_width
        self.placed: list[tuple[Flowable, float, float]] = []  # (flowable, x, y from top)

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        left_width = avail_width - self.right_width
        # a right-to-left page mirrors the header: the dates on the left (pdf/rtl.py)
        mirror = any(getattr(getattr(r, "style", None), "rtl_page", False) for r, _ in self.rows)
        at_left, at_right = (self.right_width, 0.0) if mirror else (0.0, left_width)
        placed, top = [], 0.0  # row by row, left to right
        for left, right in self.rows:
            height = left.wrap(left_width, avail_height)[1] if left else 0.0
            size = getattr(getattr(left, "style", None), "fontSize", 0.0) if left else 0.0
            if left:
                placed.append((left, at_left, top))
            if right is not None:
                # a paragraph's first baseline is one type size below its top: lower the
                # smaller right-hand type by the difference, onto the left's baseline
                drop = max(size - right.style.fontSize, 0.0)
                height = max(height, right.wrap(self.right_width, avail_height)[1] + drop)
                placed.append((right, at_right, top + drop))
            top += height
        self.placed, self.width, self.height = placed, avail_width, top
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        return []  # whole, on the next page

    def draw(self) -> None:
        for flowable, x, top in self.placed:
            flowable.drawOn(self.canv, x, self.height - top - flowable.height)

    def getPlainText(self, identify: int = 0) -> str:  # noqa: N802, ARG002 (reportlab's name)
        return " ".join(f.getPlainText() for f, _, _ in self.placed if hasattr(f, "getPlainText"))
