"""Stage 6: Resume + Theme -> a list of flowables (pure: no I/O, no page counting).

Everything is drawn left to right, top to bottom, one block after another, because
ATS parsers read the text layer in drawing order: a row's title comes before its dates, a
skill group's name before its items.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from itertools import groupby
from pathlib import Path
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, KeepTogether, Spacer

from ..content import CONTACT_SEPARATOR, contact_items
from ..fonts.book import FontBook
from ..model import (
    Bullet,
    Resume,
    Section,
    SectionKind,
    SkillGroup,
    TimelineEntry,
    entry_label,
)
from ..text.bidi import RTL_LOCALES
from ..text.inline import Rich
from ..text.typography import tie_last, tie_phone
from ..theme import MIN_TYPE, Theme
from ..values import replace, value
from .breaks import install as install_url_breaking
from .cjk import install as install_cjk_breaking
from .cjk import needs_cjk_breaking
from .entries import entry_head
from .ink import NESTED_MARKER, Ink, SectionHeading, grid, list_style, make_styles
from .lines import SeparatedLine
from .paragraphs import balanced, line_width, paragraph
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
    # a right-to-left language, or a right-to-left name: the page is mirrored
    # the page follows the locale; a right-to-left name in an English résumé is set right
    # to left as a run, on a left-to-right page
    rtl = resume.locale.split("-")[0] in RTL_LOCALES
    return Ink(theme, make_styles(theme, cjk, rtl), book, locale=resume.locale)


def header(resume: Resume, ink: Ink) -> list[Flowable]:
    """Name, headline and contact line, as the résumé shows them (the letter shares it)."""
    return list(_identity(resume, ink))


def build_story(
    resume: Resume, theme: Theme, book: FontBook, placed: Placed | None = None
) -> Story:
    """The whole résumé as flowables, in reading order; `placed`: a sidebar's sections and
    width as another pass decided them."""
    ink = make_ink(resume, theme, book)
    photo = _photo(resume, theme)
    if photo:
        tagged(photo, "Figure", part=Part(HEADER), alt=f"Photo of {resume.name}")
    if theme.layout.kind == "single":
        header = list(_identity(resume, ink))
        if photo:  # the photo at the right of the name, headline and contact line
            gap = 12.0
            table = grid([[header, photo]], [None, theme.photo.size + gap], ink)
            table.setStyle([("ALIGN", (1, 0), (1, 0), "RIGHT")])  # flush with the margin
            header = [table]
        return Story([*header, *_summary(resume, ink), *_sections(resume.sections, ink)], [])
    panel, width = _placed(resume, theme, ink, photo, placed)
    side_ink = replace(ink, narrow=True, theme=panel_theme(theme, width))
    side = [s for s, p in zip(resume.sections, panel, strict=True) if p]
    main = [s for s, p in zip(resume.sections, panel, strict=True) if not p]
    return Story(
        [
            *_titled_summary(resume, ink),
            *_sections(main, ink, first=not resume.summary, among=resume.sections),
        ],
        [*([photo, Spacer(1, 10)] if photo else []), *_identity(resume, side_ink)]
        + _sections(side, side_ink, among=resume.sections),
        panel,
        width,
    )


def _placed(
    resume: Resume, theme: Theme, ink: Ink, photo: Flowable | None, placed: Placed | None
) -> Placed:
    """Which sections the panel holds, and its width (pdf/sidebar.py decides, from the
    heights both columns would take); a `placed` from another tightening is kept, so both
    columns of one build come from one decision."""
    if placed is not None:
        return placed
    sections, m = resume.sections, theme.page.margins
    page_w, page_h = PAGE_POINTS[theme.page.size]
    text_w = page_w - m.left - m.right - PANEL_PAD - GUTTER  # both columns' text

    def heights(panel: list[bool], width: float) -> tuple[float, float]:
        narrow = replace(ink, narrow=True, theme=panel_theme(theme, width))
        side = [*([photo, Spacer(1, 10)] if photo else []), *_identity(resume, narrow)]
        side += _sections([s for s, p in zip(sections, panel, strict=True) if p], narrow)
        main = _titled_summary(resume, ink)
        main += _sections([s for s, p in zip(sections, panel, strict=True) if not p], ink)
        return _height(side, width), _height(main, text_w - width)

    return place_sections(theme, sections, page_h - m.top - m.bottom, heights)


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
            out.append(Spacer(1, ink.theme.spacing.section))
        out.extend(_section(section, ink, order.get(id(section), i)))
    return out


def _identity(resume: Resume, ink: Ink) -> Iterable[Flowable]:
    """Name, headline and contact details: what an ATS must find first."""
    st, fonts = ink.st, ink.theme.fonts
    if ink.narrow:
        yield tagged(_sidebar_name(resume.name, ink), "H1", part=Part(HEADER))
    else:
        name = paragraph(ink.text(resume.name, bold=True, family=fonts.name), st.name)
        yield tagged(name, "H1", part=Part(HEADER))
    if resume.headline:  # clear of the name's descenders by NAME_CLEAR of its size
        yield Spacer(1, NAME_CLEAR * st.name.fontSize)
        if ink.narrow:  # no runt, and lines of even length in the panel's narrow column
            yield balanced(ink.text(tie_last(resume.headline)), st.headline)
        else:
            yield paragraph(ink.text(resume.headline), st.headline)
    contact = resume.contact
    items = [(ink.link(tie_phone(text), url), text, url) for text, url in contact_items(contact)]
    if not items:
        return
    yield Spacer(1, 2 + 4 * ink.narrow)
    if ink.theme.contact.icons:  # vector icons; the same text layer as without them
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


NAME_CLEAR = 0.12  # the name's descenders end about this far below its line: ~3 pt or more
NAME_FLOOR = 0.7  # the sidebar's name keeps at least this share of its size
NAME_ONE_LINE = 0.85  # on one line down to this share; below it, two lines if larger


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


def _summary(resume: Resume, ink: Ink, first: bool = False) -> list[Flowable]:
    """The opening paragraphs; a little more air above them when they follow the header."""
    gap = [] if first else [Spacer(1, ink.theme.spacing.paragraph + 2)]
    paragraphs = [f for block in _text_section(resume.summary, ink) for f in block]
    if paragraphs:  # the summary's place in reading order, wherever it is drawn
        tagged(paragraphs[0], part=Part(SUMMARY))
    return gap + paragraphs


# The summary's title beside a sidebar, in the résumé's language: the panel (name, skills,
# education) is read first, and an untitled summary after it would read as their last lines
SUMMARY_TITLES = {
    "en": "Summary",
    "de": "Profil",
    "fr": "Profil",
    "es": "Perfil",
    "it": "Profilo",
    "pt": "Perfil",
    "nl": "Profiel",
    "pl": "Profil",
    "ru": "Профиль",
    "ja": "概要",
    "zh": "简介",
    "ko": "요약",
}


def _titled_summary(resume: Resume, ink: Ink) -> list[Flowable]:
    """The main column's summary beside a sidebar, under a heading of its own."""
    paragraphs = _summary(resume, ink, first=True)
    if not paragraphs:
        return []
    title = SUMMARY_TITLES.get(resume.locale, SUMMARY_TITLES["en"])
    paragraphs[0].tag_part = None  # the heading starts the part: a section of its own
    return [
        tagged(_heading(title, ink), part=Part(SUMMARY, "Sect")),
        Spacer(1, ink.theme.spacing.heading),
        *paragraphs,
    ]


HEADING_FLOOR = 0.8  # a sidebar's title shrinks to this share of its size to fit one line


def _heading(title: str, ink: Ink) -> SectionHeading:
    """A section title; in the sidebar it shrinks (down to HEADING_FLOOR) to stay on one
    line, since a parser reads each line of a title as a title of its own."""
    shown = tie_last(title) if ink.narrow else title  # wrapped past the floor: no runt
    style, xml = ink.st.heading, _heading_xml(shown, ink)
    room, floor = ink.theme.layout.sidebar.width - 1, ink.st.heading.fontSize * HEADING_FLOOR
    while ink.narrow and line_width(xml, style) > room and style.fontSize - 0.25 >= floor:
        style = _smaller(style)  # a quarter point at a time
        xml = _heading_xml(shown, ink, style.fontSize)
    return SectionHeading(paragraph(xml, style), ink.theme, title)


@functools.lru_cache(maxsize=64)
def _smaller(style: ParagraphStyle) -> ParagraphStyle:
    """`style` a quarter point smaller: the same object from one build to the next, so
    the paragraphs set in it are parsed once (paragraphs.paragraph)."""
    size = style.fontSize - 0.25
    return ParagraphStyle("sidebar-heading", parent=style, fontSize=size, leading=size * 1.2)


def _section(section: Section, ink: Ink, position: int = 0) -> list[Flowable]:
    heading = tagged(_heading(section.title, ink), part=Part(SUMMARY + 1 + position, "Sect"))
    first, *rest = _SECTION_BODIES[section.kind](section.items, ink)
    # the heading stays with its first block, nearer it than what comes before (one scale)
    blocks = [[heading, Spacer(1, ink.theme.spacing.heading), *first], *rest]
    if ink.narrow:  # the sidebar is drawn into one frame on one page: nothing to keep together
        return [f for block in blocks for f in block]
    return [_together(block) for block in blocks]


def _heading_xml(title: str, ink: Ink, size: float | None = None) -> str:
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


def _together(block: Block) -> Flowable:
    return block[0] if len(block) == 1 else KeepTogether(block)


def _entries(items: tuple[Any, ...], ink: Ink) -> list[Block]:
    out: list[Block] = []
    gap = entry_gap(ink)
    for i, item in enumerate(items):
        if i:
            out.append([Spacer(1, gap)])
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
        body.append(Spacer(1, ink.theme.spacing.paragraph))
        body.append(paragraph(ink.rich(para), ink.st.body))
    body.extend(_bullets(getattr(item, "highlights", ()), ink))
    # an entry's title stays with its first two paragraphs or bullets (two lines at
    # least), and its last two bullets stay together: no bullet alone atop a page
    if len(body) <= 6:
        return [head + body]
    return [head + body[:4], *([f] for f in body[4:-4]), body[-4:]]


def _bullet_section(items: tuple[Bullet, ...], ink: Ink) -> list[Block]:
    return [[f] for f in _bullets(items, ink)]


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
        out.append(Spacer(1, ink.theme.spacing.paragraph * (0.6 if depth == 0 else 0.3)))
        item = paragraph(ink.rich(bullet.text), style, bullet=marker)
        out.append(tagged(item, *("L", "LI", "LBody") * (depth + 1)))  # nested in its parent
        out.extend(_bullets(bullet.items, ink, depth + 1))
    return out


def _text_section(items: tuple[Rich, ...], ink: Ink) -> list[Block]:
    out: list[Block] = []
    for i, para in enumerate(items):
        if i:
            out.append([Spacer(1, ink.theme.spacing.paragraph + 1)])
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
