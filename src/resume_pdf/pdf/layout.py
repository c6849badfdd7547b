"""Stage 6: Resume + Theme -> a list of flowables (pure: no I/O, no page counting).

Everything is drawn left to right, top to bottom, one block after another, because
ATS parsers read the text layer in drawing order: a row's title comes before its dates, a
skill group's name before its items.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, KeepTogether, Spacer

from ..fonts.book import FontBook
from ..model.resume import (
    Bullet,
    Resume,
    Section,
    SectionKind,
    SkillGroup,
    TimelineEntry,
    entry_label,
)
from ..read.titles import summary_title
from ..style.theme import Theme
from ..text.bidi import RTL_LOCALES
from ..text.inline import Rich
from ..values import replace, value
from .breaks import install as install_url_breaking
from .cjk import install as install_cjk_breaking
from .cjk import needs_cjk_breaking
from .entries import entry_head
from .gaps import TopGap
from .headings import heading
from .identity import identity
from .ink import NESTED_MARKER, Ink, grid, list_style, make_styles
from .paragraphs import line_width, paragraph
from .sidebar import GUTTER, PANEL_PAD, Placed, panel_theme, place_sections
from .skills import skills_flowables
from .tags import HEADER, SUMMARY, Part, tagged

Block = list[Flowable]  # flowables kept on one page together
PAGE_POINTS = {"letter": LETTER, "a4": A4}
MAX_DATE_COLUMN = 150  # points; a longer free-text date wraps inside its column


@value
class Story:
    """The flowables of the main column and, for sidebar styles, of the sidebar."""

    main: list[Flowable]
    side: list[Flowable]
    panel: tuple[bool, ...] = ()  # which of the résumé's sections the sidebar holds
    width: float = 0.0  # the sidebar's width, balanced against the main column


def make_ink(resume: Resume, theme: Theme, book: FontBook) -> Ink:
    """The theme's styles, with the font families they name registered."""
    for family in {theme.fonts.body, theme.fonts.headings, theme.fonts.name}:
        book.cmap(family, (False, False))  # paragraph styles name these: register them
    install_url_breaking()  # an over-long word is cut after / ? & = . _ - #, not mid-word
    cjk = any(needs_cjk_breaking(field.text) for field in resume.texts)
    if cjk:
        install_cjk_breaking()
    # the page follows the locale, or without one the majority of its letters
    # (resume_schema.py); a right-to-left name in an English résumé is set right to left
    # as a run, on a left-to-right page
    rtl = resume.rtl_page
    if rtl is None:
        rtl = resume.locale.split("-")[0] in RTL_LOCALES
    return Ink(theme, make_styles(theme, cjk, rtl), book, locale=resume.locale)


def build_story(
    resume: Resume,
    theme: Theme,
    book: FontBook,
    placed: Placed | None = None,
    side_only: bool = False,
) -> Story:
    """The whole résumé as flowables, in reading order; `placed`: a sidebar's sections and
    width as another pass decided them; `side_only`: the sidebar's panel alone (set in a
    tightening or growth of its own, beside a main column made with the page's)."""
    ink = make_ink(resume, theme, book)
    photo = _photo(resume, theme)
    if photo:
        tagged(photo, "Figure", part=Part(HEADER), alt=f"Photo of {resume.name}")
    if theme.layout.kind == "single":
        gap = 12.0
        # a photo beside the header narrows the name's line (an argument only then: the
        # tests stand in for identity with a two-argument function)
        header = list(
            identity(resume, ink, theme.photo.size + gap) if photo else identity(resume, ink)
        )
        if photo:  # the photo at the right of the name, headline and contact line
            table = grid([[header, photo]], [None, theme.photo.size + gap], ink)
            table.setStyle([("ALIGN", (1, 0), (1, 0), "RIGHT")])  # flush with the margin
            header = [table]
        return Story([*header, *_summary(resume, ink), *_sections(resume.sections, ink)], [])
    (panel, width), made = _placed(resume, theme, ink, photo, placed)
    main, side = made or _columns(resume, ink, photo, panel, width, side_only)
    return Story(main, side, panel, width)


Columns = tuple[list[Flowable], list[Flowable]]  # the main column's flowables, the panel's


def _columns(
    resume: Resume,
    ink: Ink,
    photo: Flowable | None,
    panel: tuple[bool, ...] | list[bool],
    width: float,
    side_only: bool = False,
) -> Columns:
    """Both columns of a sidebar page, the panel `width` points wide holding the sections
    `panel` marks; `side_only`: the panel alone."""
    sections = resume.sections
    narrow = replace(ink, narrow=True, theme=panel_theme(ink.theme, width))
    side = [*([photo, Spacer(1, 10)] if photo else []), *identity(resume, narrow)]
    side += _sections(
        [s for s, p in zip(sections, panel, strict=True) if p], narrow, among=sections
    )
    if side_only:
        return [], side
    main = _titled_summary(resume, ink)
    kept = [s for s, p in zip(sections, panel, strict=True) if not p]
    main += _sections(kept, ink, first=not resume.summary, among=sections)
    return main, side


def _placed(
    resume: Resume, theme: Theme, ink: Ink, photo: Flowable | None, placed: Placed | None
) -> tuple[Placed, Columns | None]:
    """Which sections the panel holds, and its width (pdf/sidebar.py decides, from the
    heights both columns would take); a `placed` from another tightening is kept, so both
    columns of one build come from one decision. With the decision, the columns measured
    for it: they are the story's, already broken into lines at their widths."""
    if placed is not None:
        return placed, None
    m = theme.page.margins
    page_w, page_h = PAGE_POINTS[theme.page.size]
    text_w = page_w - m.left - m.right - PANEL_PAD - GUTTER  # both columns' text
    made: dict[tuple[tuple[bool, ...], float], Columns] = {}

    def heights(panel: list[bool], width: float) -> tuple[float, float]:
        main, side = made[(tuple(panel), width)] = _columns(resume, ink, photo, panel, width)
        return _height(side, width), _height(main, text_w - width)

    decided = place_sections(theme, resume.sections, page_h - m.top - m.bottom, heights)
    return decided, made.get(decided)


def panel_height(resume: Resume, theme: Theme, book: FontBook, placed: Placed) -> float:
    """How tall the sidebar's panel stands set in `theme`, its sections and width `placed`:
    measured, not laid out, so a growing page can ask how far the panel may grow with it."""
    side = build_story(resume, theme, book, placed=placed, side_only=True).side
    return _height(side, placed[1])


def _height(flowables: list[Flowable], width: float) -> float:
    """The height the flowables take set one after the other `width` points wide."""
    return sum(
        _height(f._content, width) if isinstance(f, KeepTogether) else f.wrap(width, 1e6)[1]  # noqa: SLF001
        for f in flowables
    )


def _photo(resume: Resume, theme: Theme) -> Flowable | None:
    """The photo (its file checked and resolved by the build), or None."""
    ref = resume.photo
    if ref is None or not ref.path:
        return None
    from .photo import PhotoFlowable

    align = "left" if theme.layout.kind == "sidebar" else "right"
    return PhotoFlowable(Path(ref.path), ref, theme.photo.size, theme.photo.shape, align)


def _sections(
    sections: Iterable[Section], ink: Ink, first: bool = False, among: Iterable[Section] = ()
) -> list[Flowable]:
    """`among`: all the résumé's sections, whose order is the reading order (pdf/tags.py)
    of these, wherever they are drawn."""
    out: list[Flowable] = []
    order = {id(s): n for n, s in enumerate(among)}
    for i, section in enumerate(sections):
        if i or not first:
            out.append(TopGap(1, ink.theme.spacing.section))  # none atop a page
        out.extend(_section(section, ink, order.get(id(section), i)))
    return out


def _summary(resume: Resume, ink: Ink, first: bool = False) -> list[Flowable]:
    """The opening paragraphs; a little more air above them when they follow the header."""
    gap = [] if first else [Spacer(1, ink.theme.spacing.paragraph + 2)]
    paragraphs = [f for block in _text_section(resume.summary, ink) for f in block]
    if paragraphs:  # the summary's place in reading order, wherever it is drawn
        tagged(paragraphs[0], part=Part(SUMMARY))
    return gap + paragraphs


def _titled_summary(resume: Resume, ink: Ink) -> list[Flowable]:
    """The main column's summary beside a sidebar, under a heading of its own."""
    paragraphs = _summary(resume, ink, first=True)
    if not paragraphs:
        return []
    title = summary_title(resume.locale)
    paragraphs[0].tag_part = None  # the heading starts the part: a section of its own
    return [
        tagged(heading(title, ink), part=Part(SUMMARY, "Sect")),
        Spacer(1, ink.theme.spacing.heading),
        *paragraphs,
    ]


def _section(section: Section, ink: Ink, position: int = 0) -> list[Flowable]:
    title = tagged(heading(section.title, ink), part=Part(SUMMARY + 1 + position, "Sect"))
    first, *rest = _SECTION_BODIES[section.kind](section.items, ink)
    # the heading stays with its first block, nearer it than what comes before (one scale)
    blocks = [[title, Spacer(1, ink.theme.spacing.heading), *first], *rest]
    if ink.narrow:  # the sidebar is drawn into one frame on one page: nothing to keep together
        return [f for block in blocks for f in block]
    return [_together(block) for block in blocks]


def _together(block: Block) -> Flowable:
    return block[0] if len(block) == 1 else KeepTogether(block)


def _entries(items: tuple[Any, ...], ink: Ink) -> list[Block]:
    out: list[Block] = []
    gap = entry_gap(ink)
    for i, item in enumerate(items):
        if i:
            out.append([TopGap(1, gap)])  # none atop a page
        out.extend(_entry(item, ink))
    return out


ENTRY_APART = 1.5  # baseline to baseline, entries are this many times further apart than
# the lines inside one: parsers split entries at a gap clearly above the usual (~1.4x)


def entry_gap(ink: Ink) -> float:
    """The space between two entries: the style's `spacing.entry`, or more where that
    would leave the entries less than ENTRY_APART times as far apart (baseline to
    baseline) as the furthest two lines inside one, at any tightening. Inside an entry the
    steps are a header row, header to text (a paragraph's space between) and text lines."""
    st, para = ink.st, ink.theme.spacing.paragraph
    inner = (
        max(
            st.entry.leading,
            st.entry.leading - st.entry.fontSize + para + st.body.fontSize,
            st.body.leading + para,
        )
        + 0.5
    )  # rounding, and the odd half point a table row adds
    tail = min(st.body.leading - st.body.fontSize, st.entry.leading - st.entry.fontSize)
    return max(ink.theme.spacing.entry, ENTRY_APART * inner - tail - st.entry.fontSize)


def _entry(item: Any, ink: Ink) -> list[Block]:
    head = entry_head(item, ink)
    body: list[Flowable] = []
    for para in getattr(item, "summary", ()):
        body.append(TopGap(1, ink.theme.spacing.paragraph))
        body.append(paragraph(ink.rich(para), ink.st.body))
    body.extend(_bullets(getattr(item, "highlights", ()), ink))
    # an entry's title stays with its first two paragraphs or bullets (two lines at
    # least), and its last two bullets stay together: no bullet alone atop a page
    if len(body) <= 6:
        return [head + body]
    return [head + body[:4], *([f] for f in body[4:-4]), body[-4:]]


def _bullet_section(items: tuple[Bullet, ...], ink: Ink) -> list[Block]:
    """Bullets that break anywhere between them, but the first two stay together (with
    the heading, which _section keeps with the first block): no heading alone at a foot."""
    flowables = _bullets(items, ink)
    second = [i for i, f in enumerate(flowables) if isinstance(f, Spacer)][2:3]
    cut = second[0] if second else len(flowables)
    return [flowables[:cut], *([f] for f in flowables[cut:])]


def _bullets(bullets: Iterable[Bullet], ink: Ink, depth: int = 0) -> list[Flowable]:
    """A list as written: a written marker ("3.") instead of the bullet, nested items
    indented under their parent with a dash."""
    bullets = tuple(bullets)
    st = ink.st.bullet
    default = "•" if depth == 0 else NESTED_MARKER
    markers = [b.marker or default for b in bullets]
    widest = max((stringWidth(m, st.bulletFontName, st.bulletFontSize) for m in markers), default=0)
    style = list_style(st, depth, round(widest, 1))
    out: list[Flowable] = []
    for bullet, marker in zip(bullets, markers, strict=True):
        out.append(TopGap(1, ink.theme.spacing.paragraph * (0.6 if depth == 0 else 0.3)))
        item = paragraph(ink.rich(bullet.text), style, bullet=marker)
        out.append(tagged(item, *("L", "LI", "LBody") * (depth + 1)))  # nested in its parent
        out.extend(_bullets(bullet.items, ink, depth + 1))
    return out


def _text_section(items: tuple[Rich, ...], ink: Ink) -> list[Block]:
    out: list[Block] = []
    for i, para in enumerate(items):
        if i:
            out.append([TopGap(1, ink.theme.spacing.paragraph + 1)])
        out.append([paragraph(ink.rich(para), ink.st.body)])
    return out


def _skills(items: tuple[SkillGroup, ...], ink: Ink) -> list[Block]:
    """The style's skills layout (pdf/skills.py), kept on one page."""
    return [skills_flowables(items, ink)]


def _timeline(items: tuple[TimelineEntry, ...], ink: Ink) -> list[Block]:
    theme, st = ink.theme, ink.st
    dates = [ink.dates(e) or "" for e in items]
    if ink.narrow:  # date above text
        return [
            [
                tagged(paragraph(ink.text(d, bold=True), st.sub), "L", "LI*", "Lbl"),
                tagged(paragraph(ink.rich(e.text), st.body), "L", "LI", "LBody"),
                Spacer(1, theme.spacing.paragraph),
            ]
            for d, e in zip(dates, items, strict=True)
        ]
    # measured as drawn: a date's CJK or other fallback glyphs come from other faces
    xmls = [ink.dates_xml(e, bold=True) for e in items]
    width = min(max(line_width(x, st.date) for x in xmls) + 12, MAX_DATE_COLUMN)
    rows = [
        [
            tagged(paragraph(x, st.date), "L", "LI*", "Lbl"),
            tagged(paragraph(ink.rich(e.text), st.body), "L", "LI", "LBody"),
        ]
        for x, e in zip(xmls, items, strict=True)
    ]
    return [[grid(rows, [width, None], ink, bottom=theme.spacing.paragraph)]]


@value
class Measured:
    """A section's (or entry's) height when laid out in the main column, for diagnoses."""

    label: str
    height: float
    parts: tuple[Measured, ...] = ()


def measure_sections(resume: Resume, theme: Theme, book: FontBook, width: float) -> list[Measured]:
    ink = make_ink(resume, theme, book)

    def height(blocks: list[Block]) -> float:
        return sum(f.wrap(width, 1e6)[1] for block in blocks for f in block)

    summary = [[f] for f in _summary(resume, ink)]
    out = [Measured("summary", height(summary))] if summary else []
    for section in resume.sections:
        parts: tuple[Measured, ...] = ()
        if section.kind in (
            SectionKind.PROJECTS,
            SectionKind.EXPERIENCE,
            SectionKind.EDUCATION,
            SectionKind.PUBLICATIONS,
        ):
            parts = tuple(
                Measured(entry_label(item), height(_entry(item, ink))) for item in section.items
            )
        blocks = _SECTION_BODIES[section.kind](section.items, ink)
        out.append(Measured(section.title, height(blocks), parts))
    return out


_SECTION_BODIES = {
    SectionKind.PROJECTS: _entries,
    SectionKind.EXPERIENCE: _entries,
    SectionKind.EDUCATION: _entries,
    SectionKind.PUBLICATIONS: _entries,
    SectionKind.SKILLS: _skills,
    SectionKind.TIMELINE: _timeline,
    SectionKind.TEXT: _text_section,
    SectionKind.BULLETS: _bullet_section,
}
