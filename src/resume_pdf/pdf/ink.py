"""The look of one theme, ready for layout: paragraph styles, the text-to-XML helper that
every layout function writes through, and the section heading flowable."""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph

from ..dates import format_range
from ..fonts.book import FontBook
from ..text.inline import Rich, Span
from ..text.markup import rich_xml, text_xml
from ..theme import Theme
from ..values import value


@value
class Styles:
    """The paragraph styles of one theme, made once per layout."""

    name: ParagraphStyle
    headline: ParagraphStyle
    contact: ParagraphStyle
    heading: ParagraphStyle
    entry: ParagraphStyle
    right: ParagraphStyle
    sub: ParagraphStyle
    body: ParagraphStyle
    bullet: ParagraphStyle


def make_styles(theme: Theme, cjk: bool = False) -> Styles:
    """`cjk`: break lines the Chinese and Japanese way (pdf/cjk.py)."""
    s, c, lead = theme.sizes, theme.colors, theme.leading
    text, muted, accent = HexColor(c.text), HexColor(c.muted), HexColor(c.accent)
    base = ParagraphStyle(
        "body",
        fontName=theme.fonts.body,
        fontSize=s.body,
        leading=s.body * lead,
        textColor=text,
        alignment=TA_LEFT,
        splitLongWords=1,
        wordWrap="CJK" if cjk else None,
    )

    def derive(name: str, **kw: Any) -> ParagraphStyle:
        return ParagraphStyle(name, parent=base, **kw)

    return Styles(
        name=derive("name", fontName=theme.fonts.name, fontSize=s.name, leading=s.name * 1.15),
        headline=derive(
            "headline", fontSize=s.headline, leading=s.headline * 1.3, textColor=accent
        ),
        contact=derive("contact", fontSize=s.small, leading=s.small * 1.4, textColor=muted),
        heading=derive(
            "heading",
            fontName=theme.fonts.headings,
            fontSize=s.heading,
            leading=s.heading * 1.2,
            textColor=accent,
            keepWithNext=1,
        ),
        entry=derive("entry", fontSize=s.entry, leading=s.entry * 1.25),
        right=derive(
            "right", fontSize=s.small, leading=s.entry * 1.25, textColor=muted, alignment=TA_RIGHT
        ),
        sub=derive("sub", fontSize=s.small, leading=s.small * lead, textColor=muted),
        body=base,
        bullet=derive(
            "bullet",
            leftIndent=s.body * 1.1,
            bulletIndent=s.body * 0.2,
            bulletFontName=theme.fonts.body,
            bulletFontSize=s.body,
        ),
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
        return format_range(entry, self.theme.dates, self.locale)

    def text(self, text: str, *, bold: bool = False, family: str | None = None) -> str:
        return text_xml(text, self.book, family=family or self.theme.fonts.body, bold=bold)

    def rich(self, rich: Rich, *, bold: bool = False, family: str | None = None) -> str:
        family = family or self.theme.fonts.body
        return rich_xml(
            rich, self.book, family=family, bold=bold, link_color=self.theme.colors.link
        )

    def link(self, text: str, url: str | None) -> str:
        return self.rich(Rich((Span(text, url=url),)))


class SectionHeading(Flowable):
    """A section title with the theme's treatment; carries its outline entry."""

    def __init__(self, para: Paragraph, theme: Theme) -> None:
        super().__init__()
        self.para, self.theme = para, theme
        self.outline_title = para.getPlainText()
        self.keepWithNext = 1
        self._gap = 3.0 if theme.heading.treatment == "rule" else 0.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        _, h = self.para.wrap(avail_width - self._indent(), avail_height)
        self.height = h + self._gap
        return avail_width, self.height

    def _indent(self) -> float:
        return 7.0 if self.theme.heading.treatment == "bar" else 0.0

    def draw(self) -> None:
        canv, treatment = self.canv, self.theme.heading.treatment
        self.para.drawOn(canv, self._indent(), self._gap)
        canv.setStrokeColor(HexColor(self.theme.colors.rule))
        canv.setFillColor(HexColor(self.theme.colors.rule))
        if treatment == "rule":
            canv.setLineWidth(0.7)
            canv.line(0, 0.5, self.width, 0.5)
        elif treatment == "bar":
            canv.rect(0, self._gap + 1, 3, self.height - self._gap - 2, stroke=0, fill=1)
