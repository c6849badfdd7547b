"""Section headings: the title as written, in capitals or in small capitals (the font's own
where it has them), shrunk to one line in the sidebar's panel. In: a title and the Ink;
out: the SectionHeading flowable (pdf/ink.py), its outline entry the title as written."""

from __future__ import annotations

import functools

from reportlab.lib.styles import ParagraphStyle

from ..text.typography import tie_last
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
    return SectionHeading(paragraph(xml, style), ink.theme, title)


@functools.lru_cache(maxsize=64)
def _smaller(style: ParagraphStyle) -> ParagraphStyle:
    """`style` a quarter point smaller: the same object from one build to the next, so
    the paragraphs set in it are parsed once (paragraphs.paragraph)."""
    size = style.fontSize - 0.25
    return ParagraphStyle("sidebar-heading", parent=style, fontSize=size, leading=size * 1.2)


def heading_xml(title: str, ink: Ink) -> str:
    """As written, uppercase, or small caps. Upper and small caps put capitals in the text
    layer: readers compare words regardless of case (ATS.md C.2), and a parser that sees
    only text takes a bold line in capitals for a section title, where a mixed-case title of
    several words is missed. A title is drawn in one face, one font run: small capitals are
    the font's own (source-serif's and source-sans's `.sc` glyphs, drawn for capital
    letters, so the text layer holds capitals), every letter of the title in them; a
    family without them sets tracked capitals. A capital in the bold beside small capitals
    in their own face made two fonts on one line, and a reader starts a new text item at
    every change of font: a parser read `E` and `DUCATION` and found no heading."""
    theme = ink.theme
    family = theme.fonts.headings
    if theme.heading_case != "small-caps":
        shown = title.upper() if theme.heading_case == "upper" else title
        return ink.text(shown, bold=True, family=family)
    shown = title.upper()
    xml = ink.text(shown, bold=True, family=family)
    real = ink.book.small_caps(family)  # the font's own small capitals, where it has them
    if real and all(ord(ch) in real[1] for ch in shown if ch.isalpha() and ch.isascii()):
        return f'<font name="{real[0]}">{xml}</font>'
    return xml
