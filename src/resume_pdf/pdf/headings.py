"""Section headings: the title as written, in capitals or in small capitals (the font's own
where it has them), the same size in the sidebar's panel as in the main column. In: a title
and the Ink; out: the SectionHeading flowable (pdf/ink.py), its outline entry the title
as written."""

from __future__ import annotations

from ..text.typography import tie_last
from .ink import Ink, SectionHeading
from .paragraphs import balanced


def heading(title: str, ink: Ink) -> SectionHeading:
    """A section title, in the sidebar's panel at the main column's size: a panel heading
    smaller than the main column's reads as a lesser section (and below the entries under
    it). There it wraps rather than shrink; wrapped anywhere, its last two words are tied
    (no runt) and its lines are balanced: "THREE THINGS I'VE BUILT, / AND WHY THEY MATTER",
    not "… AND WHY / THEY MATTER", and "FIVE YEARS / ACROSS PYTORCH'S / COMPILER STACK",
    not a lone "PYTORCH'S" between two long lines."""
    shown = tie_last(title)
    return SectionHeading(balanced(heading_xml(shown, ink), ink.st.heading), ink.theme, title)


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
