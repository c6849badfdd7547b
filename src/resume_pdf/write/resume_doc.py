"""Resume + Theme -> Document: the résumé as the twins show it.

The same validated, tailored Resume the PDF is laid out from, walked in the PDF's reading
order (for a sidebar style: header, sidebar sections, then the main column) with the same
choices as pdf/layout.py — which fields are bold, which line the dates go on, how contact
links are shown, how the style writes dates — so every word the PDF shows is in each twin,
in order.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from ..fonts.files import UserFamily
from ..model.content import contact_items, display_url
from ..model.resume import (
    Bullet,
    Education,
    Experience,
    Project,
    Resume,
    SectionKind,
    SkillGroup,
    TimelineEntry,
)
from ..model.resume import Section as ResumeSection
from ..read.titles import summary_title
from ..style.dates import format_date, format_range
from ..style.theme import Theme
from ..text.inline import Rich, Span, doi_url
from .document import (
    Block,
    Bullets,
    Dates,
    Document,
    Entry,
    Heading,
    Look,
    Para,
    Photo,
    Row,
    Rows,
    Section,
    curled,
    joined,
    plain,
)

PAGE_POINTS = {"letter": (612.0, 792.0), "a4": (595.2756, 841.8898)}
FAMILY_NAMES = {"source-sans": "Source Sans Pro", "source-serif": "Source Serif Pro"}
SUB_SEPARATOR = " · "
MAX_FAMILY = 64  # characters of a family name taken from a font file


def resume_document(resume: Resume, theme: Theme) -> Document:
    """The résumé's blocks in the PDF's reading order, with its metadata and the style's look."""
    # the style's placement (a sidebar's main column never empty); the PDF may also move
    # a section or two to balance its columns, which a twin of one column need not follow
    panel = theme.in_panel([(s.kind.value, s.title) for s in resume.sections])
    sections = [_section(s, theme, resume.locale) for s in resume.sections]
    summary: tuple[Block | Section, ...] = tuple(Para((p,)) for p in resume.summary)
    if summary and theme.layout.kind == "sidebar":  # titled, as the PDF's main column has it
        summary = (Section(summary_title(resume.locale), summary),)
    subject_of = resume.headline or resume.name
    doc = Document(
        title=f"{resume.name} — Résumé",
        author=resume.name,
        subject=resume.headline or f"Résumé of {resume.name}",
        keywords=_skills(resume),
        lang=resume.locale,
        header=tuple(identity_blocks(resume)),
        side=tuple(s for s, p in zip(sections, panel, strict=True) if p),
        main=(*summary, *(s for s, p in zip(sections, panel, strict=True) if not p)),
        look=look_of(theme),
        sources=(("title", resume.name), ("author", resume.name), ("subject", subject_of)),
        photo=photo_of(resume, theme),
        pages=budget if isinstance(budget := resume.pages or 1, int) else None,
    )
    return as_typeset(doc, theme)


def as_typeset(doc: Document, theme: Theme) -> Document:
    """The document with the PDF's quotes: curled, unless the style keeps them straight."""
    return curled(doc) if theme.typography.quotes == "curly" else doc


def photo_of(resume: Resume, theme: Theme) -> Photo | None:
    """The photo the PDF draws (the build has checked the file and made its path absolute),
    as the same PNG bytes; None without one."""
    ref = resume.photo
    if ref is None or not ref.path:
        return None
    from ..read.photo import photo_png

    return Photo(photo_png(Path(ref.path), ref), theme.photo.size, theme.photo.shape)


def identity_blocks(resume: Resume) -> list[Block]:
    """Name, headline and contact line — the header the résumé and its letter share."""
    blocks: list[Block] = [Heading(resume.name, 1)]
    if resume.headline:
        blocks.append(Para((plain(resume.headline),), "headline"))
    items = [Rich((Span(text, url=url),)) for text, url in contact_items(resume.contact)]
    if items:
        blocks.append(Para((joined(items, " · "),), "contact"))
    return blocks


def look_of(theme: Theme) -> Look:
    """The style's colours, family names, sizes, heading treatment and page, for writers."""
    c, s, m = theme.colors, theme.sizes, theme.page.margins
    width, height = PAGE_POINTS.get(theme.page.size, PAGE_POINTS["letter"])
    return Look(
        text=c.text,
        muted=c.muted,
        accent=c.accent,
        rule=c.rule,
        link=c.link,
        body_font=family_name(theme.fonts.body, theme.fonts.user),
        heading_font=family_name(theme.fonts.headings, theme.fonts.user),
        name_font=family_name(theme.fonts.name, theme.fonts.user),
        name_size=s.name,
        heading_size=s.heading,
        body_size=s.body,
        small_size=s.small,
        entry_size=s.entry,
        treatment=theme.heading.treatment,
        uppercase=theme.heading.uppercase,
        page_width=width,
        page_height=height,
        margins=(m.top, m.bottom, m.left, m.right),
        sidebar=theme.layout.kind == "sidebar",
        sidebar_background=theme.layout.sidebar.background,
        sidebar_side=theme.layout.sidebar.side,
    )


def family_name(font: Any, user: tuple[UserFamily, ...] = ()) -> str:
    """The family name a word processor or browser knows: `source-sans` -> `Source Sans Pro`,
    a user's font file -> the family its name table gives (`DejaVu Sans`, not `DejaVuSans`)."""
    key = str(font)
    if key in FAMILY_NAMES:
        return FAMILY_NAMES[key]
    for family in user:
        if family.key == key:
            named = named_family(family.faces[0].path, family.faces[0].index)
            if named:
                return named
    stem = key.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    return stem.replace("-", " ").title() if stem.islower() else stem


@functools.lru_cache(maxsize=32)
def named_family(path: str, index: int = 0) -> str | None:
    """The family in a font file's name table (typographic family, ID 16, else ID 1), kept
    to printable characters; None when the file has no usable one. Only the name table is
    read; fontTools is imported only for a user's font."""
    from fontTools.ttLib import TTFont

    try:
        with TTFont(path, fontNumber=index, lazy=True) as font:
            name = font["name"].getBestFamilyName() if "name" in font else None
    except Exception:  # noqa: BLE001 - a broken name table leaves the file's own name
        return None
    shown = " ".join("".join(c for c in name or "" if c.isprintable()).split())
    return shown[:MAX_FAMILY] or None


def _skills(resume: Resume) -> tuple[str, ...]:
    return tuple(
        rich(item).plain
        for section in resume.sections
        if section.kind is SectionKind.SKILLS
        for group in section.items
        for item in group.items
    )


def _section(section: ResumeSection, theme: Theme, locale: str) -> Section:
    items = section.items
    kind = section.kind
    blocks: list[Block] = []
    if kind is SectionKind.TEXT:
        blocks = [Para((para,)) for para in items]
    elif kind is SectionKind.BULLETS:
        blocks = [bullet_list(items)]
    elif kind is SectionKind.SKILLS:
        blocks = [Rows(tuple(_skill_row(g) for g in items))]
    elif kind is SectionKind.TIMELINE:
        blocks = [Rows(tuple(_timeline_row(e, theme, locale) for e in items))]
    else:
        for item in items:
            blocks.extend(_entry(item, theme, locale))
    return Section(section.title, tuple(blocks))


def _skill_row(group: SkillGroup) -> Row:
    return Row(joined([rich(i) for i in group.items], ", "), label=rich(group.group).plain)


def _timeline_row(entry: TimelineEntry, theme: Theme, locale: str) -> Row:
    return Row(entry.text, dates=dates_of(entry, theme, locale))


def dates_of(entry: Any, theme: Theme, locale: str) -> Dates | None:
    """The entry's dates as the style shows them, split into parts for `<time>` markup."""
    shown = format_range(entry, theme.dates, locale)
    if shown is None:
        return None
    if getattr(entry, "date", None):
        return Dates(((shown, None),))
    start, end = entry.start, entry.end
    parts = [(format_date(start, theme.dates, locale), _iso(start))]
    if end and parts[0][0] != shown:
        separator = f" {theme.dates.separator} "
        parts += [(separator, None), (format_date(end, theme.dates, locale), _iso(end))]
    return Dates(tuple(parts))


def _iso(date: str) -> str | None:
    return date if date[:1].isdigit() else None


def rich(value: Any) -> Rich:
    """A field as Rich, whether the model holds it as text or (newer fields) as markup."""
    return value if isinstance(value, Rich) else plain(str(value))


def _bold(value: Any) -> Rich:
    return Rich(tuple(Span(s.text, True, s.italic, s.url) for s in rich(value).spans))


def _job_title(item: Experience, header: str) -> tuple[Rich, list[Rich]]:
    """A job's title line and subtitle in the PDF's reading order: the role (or, by the
    style, the organisation) with the dates, the other on the line below; the inline header
    keeps both on the title line."""
    first, second = item.role, item.organization
    if header == "organization-first" or not first:
        first, second = second, first
    if header == "inline":
        parts = [_bold(first)] + ([rich(second)] if second else []) if first else []
        return joined(parts, ", "), []
    return _bold(first) if first else Rich(()), [rich(second)] if second else []


def _entry(item: Any, theme: Theme, locale: str) -> list[Block]:
    """Title line (title, link, dates), subtitle, summary paragraphs, bullets — as the PDF."""
    dates = dates_of(item, theme, locale)
    subs: list[Rich] = []
    if isinstance(item, Project):
        title = _bold(item.title)
        if item.link:
            link = Rich((Span(item.link.label or display_url(item.link.url), url=item.link.url),))
            title = joined([title, link], "  ")
    elif isinstance(item, Experience):
        title, subs = _job_title(item, theme.entry.header)
    elif isinstance(item, Education):
        title = _bold(item.institution)
        degree = [rich(p) for p in (item.degree, item.field) if p]
        subs = [joined(degree, ", ")] if degree else []
    else:  # Publication
        title = _bold(item.title)
        authors = [rich(a) for a in item.authors]
        subs = [joined(authors, ", ")] if authors else []
        subs += [rich(item.venue)] if item.venue else []
        subs += [Rich((Span(display_url(item.url), url=item.url),))] if item.url else []
        subs += [Rich((Span(f"doi:{item.doi}", url=doi_url(item.doi)),))] if item.doi else []
    location = getattr(item, "location", None)
    subs += [rich(location)] if location else []
    blocks: list[Block] = [Entry(title, dates, joined(subs, SUB_SEPARATOR) if subs else None)]
    blocks += [Para((para,)) for para in getattr(item, "summary", ())]
    highlights: tuple[Bullet, ...] = getattr(item, "highlights", ())
    if highlights:
        blocks.append(bullet_list(highlights))
    return blocks


def bullet_list(bullets: tuple[Bullet, ...]) -> Bullets:
    """The model's list as the twins' block: markers and nested lists kept."""
    return Bullets(
        tuple(b.text for b in bullets),
        tuple(b.marker for b in bullets),
        tuple(bullet_list(b.items) if b.items else None for b in bullets),
    )
