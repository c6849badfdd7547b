"""The look of one theme, ready for layout: paragraph styles, the text-to-XML helper that
every layout function writes through, and the section heading flowable."""

from __future__ import annotations

import functools
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from ..fonts.book import FontBook
from ..style.dates import format_range
from ..style.theme import Theme
from ..text.inline import Rich, Span
from ..text.typography import MAX_TIED, NBSP, typeset, typeset_rich
from ..values import value
from .markup import rich_xml, text_xml
from .tags import HEADING, artifact, element


@value
class Styles:
    """The paragraph styles of one theme, made once per layout."""

    name: ParagraphStyle
    headline: ParagraphStyle
    contact: ParagraphStyle
    heading: ParagraphStyle
    entry: ParagraphStyle
    org: ParagraphStyle  # the second field of an entry's header (organisation, degree)
    right: ParagraphStyle
    sub: ParagraphStyle
    body: ParagraphStyle
    bullet: ParagraphStyle
    group: ParagraphStyle  # a skill group's name
    date: ParagraphStyle  # a timeline's dates


UNDERLINE_WIDTH = 0.03  # ems
UNDERLINE_DROP = 0.3  # ems below the baseline: the bundled faces' descenders end by 0.23


def make_styles(theme: Theme, cjk: bool = False, rtl: bool = False) -> Styles:
    """`cjk`: break lines the Chinese and Japanese way (pdf/cjk.py). The same look gets
    the same style objects from one build to the next (never changed once made), so
    `paragraph` can recognise them; a theme whose spacing alone differs (a fit pass that
    moves only the gaps, a sidebar's panel grown in spacing) has the same look."""
    return _styles(theme.fonts, theme.sizes, theme.colors, theme.leading, cjk, rtl)


@functools.lru_cache(maxsize=8)
def _styles(fonts: Any, s: Any, c: Any, lead: float, cjk: bool, rtl: bool) -> Styles:
    text, muted, accent = HexColor(c.text), HexColor(c.muted), HexColor(c.accent)
    base = ParagraphStyle(
        "body",
        fontName=fonts.body,
        fontSize=s.body,
        leading=s.body * lead,
        textColor=text,
        alignment=TA_LEFT,
        splitLongWords=1,
        wordWrap="CJK" if cjk else None,
        # a link underlined (where links have the text's colour, as in mono): a hairline
        # below the descenders of g, p, y and @, not through them
        underlineWidth=f"{UNDERLINE_WIDTH}*F",
        underlineOffset=f"{-UNDERLINE_DROP}*F",
        allowWidows=0,  # a paragraph or bullet never leaves one line alone across a page
        allowOrphans=0,
        rtl_page=rtl,  # a right-to-left page: every paragraph mirrored (pdf/rtl.py)
    )

    def derive(name: str, **kw: Any) -> ParagraphStyle:
        return ParagraphStyle(name, parent=base, **kw)

    entry = derive("entry", fontSize=s.entry, leading=s.entry * 1.25)
    return Styles(
        name=derive("name", fontName=fonts.name, fontSize=s.name, leading=s.name * 1.15),
        headline=derive(
            "headline", fontSize=s.headline, leading=s.headline * 1.3, textColor=accent
        ),
        contact=derive("contact", fontSize=s.small, leading=s.small * 1.4, textColor=muted),
        heading=derive(
            "heading",
            fontName=fonts.headings,
            fontSize=s.heading,
            leading=s.heading * 1.2,
            textColor=accent,
            keepWithNext=1,
        ),
        entry=entry,
        org=derive("org", fontSize=s.entry, leading=s.entry * 1.25),
        # dates and places at the right of an entry, lowered onto the title's baseline by
        # the difference in size (pdf/entries.py): their row is then no taller than the title's
        right=derive(
            "right",
            fontSize=s.small,
            leading=s.entry * 1.25 - max(s.entry - s.small, 0),
            textColor=muted,
            alignment=TA_RIGHT,
        ),
        sub=derive("sub", fontSize=s.small, leading=s.small * lead, textColor=muted),
        body=base,
        bullet=derive(
            "bullet",
            leftIndent=s.body * 1.1,
            bulletIndent=s.body * 0.2,
            bulletFontName=fonts.body,
            bulletFontSize=s.body,
        ),
        group=ParagraphStyle("group", parent=entry, textColor=accent),
        date=derive("tdate", textColor=accent),
    )


NESTED_MARKER = "–"  # an en dash marks an item nested under another, as in Markdown's look
MARKER_GAP = 0.4  # ems between a written marker ("10.") and its text


@functools.lru_cache(maxsize=64)
def list_style(bullet: ParagraphStyle, depth: int, marker_width: float) -> ParagraphStyle:
    """The style of a list item `depth` levels in, whose widest marker is `marker_width`
    points: the text starts after the widest marker, so numbered items line up, and a nested
    item's marker stands where its parent's text starts."""
    size = bullet.fontSize
    start = bullet.bulletIndent + depth * (bullet.leftIndent - bullet.bulletIndent)
    indent = max(
        start + marker_width + MARKER_GAP * size, start + bullet.leftIndent - bullet.bulletIndent
    )
    if depth == 0 and indent == bullet.leftIndent:
        return bullet
    return ParagraphStyle(
        f"{bullet.name}-{depth}", parent=bullet, bulletIndent=start, leftIndent=indent
    )


@value
class Ink:
    """What every layout function needs: the theme, its styles and the fonts."""

    theme: Theme
    st: Styles
    book: FontBook
    narrow: bool = False  # laying out the sidebar: one column, dates under titles
    locale: str = "en"

    def dates(self, entry: Any) -> str | None:
        """The entry's dates, never broken across lines ("2021 → now"); a long free-text
        date ("Fall 2019, while ...") may break like any text."""
        shown = format_range(entry, self.theme.dates, self.locale)
        return shown.replace(" ", NBSP) if shown and len(shown) <= MAX_TIED else shown

    def dates_xml(self, entry: Any, *, bold: bool = False) -> str:
        """The entry's dates as paragraph XML ("" for none); a range kept on one line is in
        <nobr>, which Chinese and Japanese line breaking honours too (pdf/cjk.py), where
        any two Han characters may otherwise part ("現|在")."""
        shown = self.dates(entry)
        if not shown:
            return ""
        xml = self.text(shown, bold=bold)
        return f"<nobr>{xml}</nobr>" if NBSP in shown else xml

    @property
    def quotes(self) -> bool:
        return self.theme.typography.quotes == "curly"

    def text(self, text: str, *, bold: bool = False, family: str | None = None) -> str:
        """A plain field (a name, title, item) with quotes and non-breaking rules applied."""
        text = typeset(text, quotes=self.quotes)
        return text_xml(text, self.book, family=family or self.theme.fonts.body, bold=bold)

    def rich(
        self,
        rich: Rich,
        *,
        bold: bool = False,
        family: str | None = None,
        paragraph: bool = True,
    ) -> str:
        """A marked-up field; as a `paragraph` its last word never stands alone."""
        family = family or self.theme.fonts.body
        rich = typeset_rich(rich, quotes=self.quotes, paragraph=paragraph)
        return rich_xml(
            rich,
            self.book,
            family=family,
            bold=bold,
            link_color=self.theme.colors.link,
            underline=self.theme.colors.link == self.theme.colors.text,
        )

    def link(self, text: str, url: str | None) -> str:
        return self.rich(Rich((Span(text, url=url),)), paragraph=False)


# a heading's bar hangs this far before the text's edge, in the margin: its words start at
# the edge every line starts at (modern had three left edges: icons, text, heading words)
BAR_HANG = 7.0
TRACKING = 0.05  # ems after each letter of a title set in capitals or small capitals


class SectionHeading(Flowable):
    """A section title with the theme's treatment; carries its outline entry. A title set
    in capitals or small capitals is letter-spaced by TRACKING: capitals set tight read as
    a block. On a right-to-left page it is mirrored: the bar stands at the right, and the
    title is not tracked (Hebrew and Arabic have no capitals, and right-aligned tracked text
    stopped short of the margin)."""

    def __init__(self, para: Paragraph, theme: Theme, title: str | None = None) -> None:
        super().__init__()
        self.para, self.theme = para, theme
        self.outline_title = title or para.getPlainText()  # as written, whatever the case
        self.keepWithNext = 1
        self._rtl = bool(getattr(para.style, "rtl_page", False))
        caps = theme.heading_case in ("upper", "small-caps") and not self._rtl
        self._track = TRACKING * para.style.fontSize if caps else 0.0
        # the rule's gap under the title moves with the spacing (one scale), at most 3 pt
        rule = theme.heading.treatment == "rule"
        self._gap = min(3.0, 0.85 * theme.spacing.heading) if rule else 0.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        spaced = self._track * len(self.outline_title)  # what the tracking adds to a line
        _, h = self.para.wrap(avail_width - spaced, avail_height)
        self.height = h + self._gap
        return avail_width, self.height

    def draw(self) -> None:
        canv, treatment = self.canv, self.theme.heading.treatment
        with element(canv, HEADING, part=getattr(self, "tag_part", None)):
            canv.saveState()
            if self._track:  # character spacing (Tc) for the text objects drawn inside
                canv._code.append(f"{self._track:.3f} Tc")
            self.para.drawOn(canv, 0.0, self._gap)  # a bar hangs in the margin (BAR_HANG)
            canv.restoreState()
        with artifact(canv):
            canv.setStrokeColor(HexColor(self.theme.colors.rule))
            canv.setFillColor(HexColor(self.theme.colors.rule))
            if treatment == "rule":
                canv.setLineWidth(0.7)
                canv.line(0, 0.5, self.width, 0.5)
            elif treatment == "bar":
                x = self.width + BAR_HANG - 3 if self._rtl else -BAR_HANG
                canv.rect(x, self._gap + 1, 3, self.height - self._gap - 2, stroke=0, fill=1)


def grid(rows: list[list[Any]], widths: list[Any], ink: Ink, **padding: float) -> Table:
    """A borderless grid; its font is the theme's (reportlab's default would reference an
    unembedded Helvetica in the PDF)."""
    table = Table(rows, colWidths=widths, hAlign="LEFT")
    pads = {"left": 0.0, "right": 0.0, "top": 0.0, "bottom": 0.0, **padding}
    style = [(f"{side.upper()}PADDING", (0, 0), (-1, -1), pt) for side, pt in pads.items()]
    style += [("VALIGN", (0, 0), (-1, -1), "TOP"), ("FONT", (0, 0), (-1, -1), ink.theme.fonts.body)]
    table.setStyle(TableStyle(style))
    return table
