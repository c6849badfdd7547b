"""The top of the page: the name, the headline and the contact details, what an ATS must
find first; set across the page, or in the sidebar's narrow panel (the name kept large and
on two lines at most, the headline balanced). In: the résumé and its Ink; out: flowables,
shared by the résumé and its cover letter."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Spacer

from ..model.content import CONTACT_SEPARATOR, contact_items
from ..model.resume import Resume
from ..text.bidi import has_rtl
from ..text.typography import tie_last, tie_phone
from .ink import Ink
from .lines import SeparatedLine
from .paragraphs import balanced, line_width, paragraph, shrunk
from .tags import HEADER, Part, tagged


def header(resume: Resume, ink: Ink) -> list[Flowable]:
    """Name, headline and contact line, as the résumé shows them (the letter shares it)."""
    return list(identity(resume, ink))


def identity(resume: Resume, ink: Ink, aside: float = 0.0) -> Iterable[Flowable]:
    """Name, headline and contact details: what an ATS must find first. `aside`: the
    width a photo beside the header takes from the page's text width."""
    st = ink.st
    wide = _wide_name(resume.name, ink, aside) if not ink.narrow else None
    name = wide or _sidebar_name(resume.name, ink)
    yield tagged(name, "H1", part=Part(HEADER))
    if resume.headline:  # clear of the name's descenders by NAME_CLEAR of its size
        yield Spacer(1, NAME_CLEAR * name.style.fontSize)
        # no runt: its last two words tied; in the panel, lines of even length too
        shown = ink.text(tie_last(resume.headline))
        yield balanced(shown, st.headline) if ink.narrow else paragraph(shown, st.headline)
    contact = resume.contact
    items = [(ink.link(tie_phone(text), url), text, url) for text, url in contact_items(contact)]
    if not items:
        return
    yield Spacer(1, 2 + 4 * ink.narrow)
    # vector icons, the same text layer as without them; not on a right-to-left page or
    # beside right-to-left text: the icon line draws its runs as they come, unshaped and
    # in logical order, where a paragraph joins Arabic letters and reorders the line
    rtl = getattr(st.contact, "rtl_page", False) or any(has_rtl(text) for _, text, _ in items)
    if ink.theme.contact.icons and not rtl:
        from .contact import ContactLine  # only here: the icon shapes are a large table
        from .icons import contact_icon

        icons = [(contact_icon(contact, text, url), xml, url) for xml, text, url in items]
        dot = ink.text(CONTACT_SEPARATOR.strip())
        yield ContactLine(icons, st.contact, HexColor(ink.theme.colors.accent), ink.narrow, dot)
        return
    xmls = [xml for xml, _, _ in items]
    if ink.narrow:
        yield paragraph("<br/>".join(xmls), st.contact)
    else:
        yield SeparatedLine(xmls, ink.text(CONTACT_SEPARATOR), st.contact)


PAGE_WIDTH = {"letter": LETTER[0], "a4": A4[0]}
NAME_CLEAR = 0.12  # the name's descenders end about this far below its line: ~3 pt or more
NAME_FLOOR = 0.7  # the sidebar's name keeps at least this share of its size
NAME_ONE_LINE = 0.85  # on one line down to this share; below it, two lines if larger


def _wide_name(name: str, ink: Ink, aside: float) -> Flowable:
    """The name across the page: on one line, shrunk to the text width when it is wider,
    down to NAME_FLOOR of its size; only a name too long at the floor wraps (at the
    floor). A first name and a 36-letter surname wrapped at 26.4 pt where 21 pt fit."""
    style, family = ink.st.name, ink.theme.fonts.name
    xml = ink.text(name, bold=True, family=family)
    page = ink.theme.page
    width = PAGE_WIDTH[page.size] - page.margins.left - page.margins.right - aside
    return paragraph(xml, shrunk(xml, style, width, NAME_FLOOR))


def _sidebar_name(name: str, ink: Ink) -> Flowable:
    """The name in the sidebar column, never broken inside a word and at most once: on one
    line when it fits at NAME_ONE_LINE of its size or more, else on the two lines (broken
    at a space or after a hyphen) that let it be largest, down to NAME_FLOOR. Only a name
    too long for that breaks further, at every space and hyphen, at the floor."""
    style, width, family = ink.st.name, ink.theme.layout.sidebar.width, ink.theme.fonts.name

    def em(text: str) -> float:  # width per point of type size, in whatever faces draw it
        return line_width(ink.text(text, bold=True, family=family), style) / style.fontSize

    full, floor = style.fontSize, style.fontSize * NAME_FLOOR
    rows, size = [name], min(full, width / em(name))
    if size < full * NAME_ONE_LINE:
        found = list(re.finditer(r"[^\s-]+-?|-", name))
        cuts = [m.end() for m in found[:-1]]
        two = [(min(full, width / max(em(name[:c]), em(name[c:].strip()))), c) for c in cuts]
        spaced = [t for t in two if name[t[1] - 1] != "-"]  # a space before a hyphen
        best = max(spaced, default=(0.0, 0))
        if best[0] < floor:
            best = max(two, default=(0.0, 0))
        if best[0] > size:
            size, rows = best[0], [name[: best[1]], name[best[1] :].strip()]
        if size < floor:  # too long for two lines at the floor: a line per piece
            size, rows = floor, [m.group() for m in found]
            rows = _packed(rows, name, found, lambda t: em(t) * floor <= width)
    size = max(int(size * 2) / 2, int(floor * 2) / 2)  # whole or half points
    xml = "<br/>".join(ink.text(r, bold=True, family=family) for r in rows)
    fitted = ParagraphStyle("sidebar-name", parent=style, fontSize=size, leading=size * 1.15)
    fitted.splitLongWords = 0
    return paragraph(xml, fitted)


def _packed(pieces: list[str], name: str, found: list[Any], fits: Any) -> list[str]:
    """Pieces of a name joined into as few lines as fit (a space kept where the name has
    one between them)."""
    glue = [" " if name[: m.start()].endswith(" ") else "" for m in found]
    rows = [pieces[0]]
    for piece, sep in zip(pieces[1:], glue[1:], strict=True):
        if fits(rows[-1] + sep + piece):
            rows[-1] += sep + piece
        else:
            rows.append(piece)
    return rows
