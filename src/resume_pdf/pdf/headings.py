"""Section headings: the title as written, in capitals or in small capitals (the font's own
where it has them), the same size in the sidebar's panel as in the main column. In: a title
and the Ink; out: the SectionHeading flowable (pdf/ink.py), its outline entry the title
as written."""

from __future__ import annotations

from itertools import groupby

from ..text.typography import tie_last
from ..theme import MIN_TYPE
from .ink import Ink, SectionHeading
from .paragraphs import paragraph


def heading(title: str, ink: Ink) -> SectionHeading:
    """A section title, in the sidebar's panel at the main column's size: a panel heading
    smaller than the main column's reads as a lesser section (and below the entries under
    it). There it wraps rather than shrink; wrapped anywhere, its last two words are tied:
    no runt."""
    shown = tie_last(title)
    return SectionHeading(paragraph(heading_xml(shown, ink), ink.st.heading), ink.theme, title)


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
