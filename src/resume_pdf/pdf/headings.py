"""Section headings: the title as written, in capitals or in small capitals (the font's own
where it has them), shrunk to one line in the sidebar's panel. In: a title and the Ink;
out: the SectionHeading flowable (pdf/ink.py), its outline entry the title as written."""

from __future__ import annotations

import functools
from itertools import groupby

from reportlab.lib.styles import ParagraphStyle

from ..text.typography import tie_last
from ..theme import MIN_TYPE
from .ink import Ink, SectionHeading
from .paragraphs import line_width, paragraph

HEADING_FLOOR = 0.8  # a sidebar's title shrinks to this share of its size to fit one line


def heading(title: str, ink: Ink) -> SectionHeading:
    """A section title; in the sidebar it shrinks (down to HEADING_FLOOR) to stay on one
    line, since a parser reads each line of a title as a title of its own."""
    shown = tie_last(title) if ink.narrow else title  # wrapped past the floor: no runt
    style, xml = ink.st.heading, heading_xml(shown, ink)
    room, floor = ink.theme.layout.sidebar.width - 1, ink.st.heading.fontSize * HEADING_FLOOR
    while ink.narrow and line_width(xml, style) > room and style.fontSize - 0.25 >= floor:
        style = _smaller(style)  # a quarter point at a time
        xml = heading_xml(shown, ink, style.fontSize)
    return SectionHeading(paragraph(xml, style), ink.theme, title)


@functools.lru_cache(maxsize=64)
def _smaller(style: ParagraphStyle) -> ParagraphStyle:
    """`style` a quarter point smaller: the same object from one build to the next, so
    the paragraphs set in it are parsed once (paragraphs.paragraph)."""
    size = style.fontSize - 0.25
    return ParagraphStyle("sidebar-heading", parent=style, fontSize=size, leading=size * 1.2)


def heading_xml(title: str, ink: Ink, size: float | None = None) -> str:
    """As written, uppercase, or small caps: the font's own small capitals where it has
    them (source-serif's `.sc` glyphs, drawn for capital letters, so the text layer holds
    capitals), else real capitals at 80 % size (never a font feature or spaced-out letters).
    Upper and small caps put capitals in the text layer: readers compare words regardless
    of case (ATS.md C.2), and a parser that sees only text takes a bold line in capitals
    for a section title, where a mixed-case title of several words is missed. The small
    capitals come from the family's heavy face where it has one: a bold scaled to 80 % has
    80 % of its stroke and looks lighter than the full capitals beside it."""
    theme = ink.theme
    family = theme.fonts.headings
    if theme.heading_case != "small-caps":
        shown = title.upper() if theme.heading_case == "upper" else title
        return ink.text(shown, bold=True, family=family)
    small = f"{max((size or theme.sizes.heading) * 0.8, MIN_TYPE):.2f}"
    real = ink.book.small_caps(family)  # the font's own small capitals, where it has them
    parts = []
    for lower, run in groupby(title, key=str.islower):
        shown = "".join(run).upper()
        xml = ink.text(shown, bold=True, family=family)
        if lower and real and all(ord(ch) in real[1] or not ch.isalpha() for ch in shown):
            parts.append(f'<font name="{real[0]}">{xml}</font>')
            continue
        heavy = ink.book.heavy(family) if lower else None  # read only when it is drawn
        if heavy and all(ord(ch) in heavy[1] for ch in shown):
            parts.append(f'<font name="{heavy[0]}" size="{small}">{xml}</font>')
        elif lower:
            parts.append(f'<font size="{small}">{xml}</font>')
        else:
            parts.append(xml)
    return "".join(parts)
