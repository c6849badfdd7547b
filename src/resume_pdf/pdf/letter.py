"""The cover letter as a second kind of document through the résumé's layout and fit: the
same header (name, headline, contact line — in the sidebar for a sidebar style), fonts and
colours, then date, recipient, subject, greeting, body, closing and signature, fitted to
one page by the same budget search, with its own diagnosis when it cannot fit.
"""

from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, HRFlowable, Paragraph, Spacer

from ..errors import Problem, ResumeError, quote
from ..fonts.book import FontBook
from ..model.cover_letter import shown_date, signature_of
from ..model.letter import Letter
from ..model.resume import Resume
from ..style.theme import TIGHTEST, Theme
from ..values import replace
from .fit import Fitted, fit
from .identity import header
from .ink import Ink
from .layout import Story, make_ink
from .paragraphs import paragraph
from .render import PAGE_SIZES, Kind, Rendered, SidebarOverflow, sidebar_problem
from .tags import SUMMARY, Part, artifact, tagged

PAGES = 1  # a cover letter is one page
SIGNATURE_ROOM = 2.2  # lines left blank above the signature, for a signature by hand


def letter_kind(letter: Letter) -> Kind:
    """The letter as a kind of document: its story, metadata and diagnosis."""

    def story(resume: Resume, theme: Theme, book: FontBook, **_: object) -> Story:
        """The letter; a résumé's placement of sections (`placed`, `side_only`) means
        nothing here: the panel holds the header alone."""
        return letter_story(resume, letter, theme, book)

    def diagnose(search, budget: int) -> ResumeError:  # type: ignore[no-untyped-def]
        return _diagnose(search.run(TIGHTEST), search, letter)

    return Kind(story, "Cover letter", letter.subject, keywords=False, diagnose=diagnose)


def fit_letter(resume: Resume, letter: Letter, theme: Theme, book: FontBook) -> Fitted:
    return fit(resume, theme, book, PAGES, letter_kind(letter))


def letter_story(resume: Resume, letter: Letter, theme: Theme, book: FontBook) -> Story:
    """The header as the résumé draws it, then the letter in the main column."""
    ink = make_ink(resume, theme, book)
    body = _letter_flowables(resume, letter, ink)
    if theme.layout.kind == "sidebar":
        return Story(body, header(resume, replace(ink, narrow=True)))
    gap = theme.spacing.section * 0.8
    rule = _Rule(
        width="100%",
        thickness=0.7,
        color=HexColor(theme.colors.rule),
        spaceBefore=gap,
        spaceAfter=gap * 1.2,
    )
    return Story([*header(resume, ink), rule, *body], [])


class _Rule(HRFlowable):
    """The rule under the header: a decoration (an artifact of the tagged PDF)."""

    def draw(self) -> None:
        with artifact(self.canv):
            super().draw()


def _styles(ink: Ink) -> tuple[ParagraphStyle, ParagraphStyle, ParagraphStyle]:
    """(text, subject, date) styles: letter text a step larger than résumé body text."""
    theme = ink.theme
    size = theme.sizes.entry
    text = ParagraphStyle(
        "letter", parent=ink.st.body, fontSize=size, leading=size * (theme.leading + 0.08)
    )
    subject = ParagraphStyle(
        "letter-subject",
        parent=text,
        fontName=theme.fonts.headings,
        textColor=HexColor(theme.colors.accent),
    )
    date = ParagraphStyle("letter-date", parent=text, alignment=TA_RIGHT)
    return text, subject, date


def _letter_flowables(resume: Resume, letter: Letter, ink: Ink) -> list[Flowable]:
    text, subject, date_style = _styles(ink)
    para_gap = ink.theme.spacing.entry + ink.theme.spacing.paragraph
    out: list[Flowable] = []
    date = shown_date(letter.date, resume.locale)
    if date:
        out += [paragraph(ink.text(date), date_style), Spacer(1, para_gap)]
    if letter.to:
        out += [paragraph("<br/>".join(ink.text(line) for line in letter.to), text)]
        out.append(Spacer(1, para_gap * 2))
    if letter.subject:
        headings = ink.theme.fonts.headings
        out += [paragraph(ink.text(letter.subject, bold=True, family=headings), subject)]
        out.append(Spacer(1, para_gap * 1.5))
    if letter.greeting:
        out += [paragraph(ink.text(letter.greeting), text), Spacer(1, para_gap)]
    for para in letter.body:
        out += [paragraph(ink.rich(para), text), Spacer(1, para_gap)]
    if letter.closing:
        out += [paragraph(ink.text(letter.closing), text)]
        out.append(Spacer(1, text.leading * SIGNATURE_ROOM))
    out.append(paragraph(ink.text(signature_of(resume, letter)), text))
    tagged(out[0], part=Part(SUMMARY))  # after the header, wherever that is drawn
    return out


def _diagnose(tightest: Rendered | None, search: object, letter: Letter) -> ResumeError:
    """How far over one page the letter is at the style's floors, its longest paragraphs
    (they are what to shorten), and other ways out."""
    if tightest is None:
        return sidebar_problem(getattr(search, "overflow", None) or SidebarOverflow(""))
    resume, theme, book = search.resume, search.theme, search.book  # type: ignore[attr-defined]
    floor = theme.tightened(TIGHTEST)
    ink = make_ink(resume, floor, book)
    text = _styles(ink)[0]
    m = floor.page.margins
    page_w, page_h = PAGE_SIZES[floor.page.size]
    width = page_w - m.left - m.right - _sidebar_width(floor)
    over = tightest.used - PAGES
    lines = over * (page_h - m.top - m.bottom) / text.leading
    heights = [Paragraph(ink.rich(p), text).wrap(width, 1e6)[1] for p in letter.body]
    total = sum(heights) or 1.0
    ranked = sorted(range(len(heights)), key=lambda i: -heights[i])[:3]
    longest = ", ".join(
        f"paragraph {i + 1} ({quote(_start(letter, i))}, {heights[i] / total:.0%} of the body)"
        for i in ranked
    )
    ways = [f"shorten paragraph {ranked[0] + 1}"] if ranked else []
    ways += [] if theme.name == "compact" else ["--style compact"]
    problems = [
        f"the letter does not fit one page: {tightest.used:.2f} pages even at the style's "
        f"floors (over by {over:.2f} page, about {lines:.0f} lines)",
        f"longest paragraphs: {longest}",
        "ways out: " + "; ".join(ways),
    ]
    where = next((f for f in resume.texts if f.text == letter.body[0].plain), None)
    location, field = (where.location, where.path) if where else (None, "letter.body")
    return ResumeError([Problem(p, location, field) for p in problems])


def _sidebar_width(theme: Theme) -> float:
    from .render import SIDEBAR_GAP

    return theme.layout.sidebar.width + SIDEBAR_GAP if theme.layout.kind == "sidebar" else 0.0


def _start(letter: Letter, i: int) -> str:
    words = letter.body[i].plain.split()
    return " ".join(words[:5]) + (" …" if len(words) > 5 else "")
