"""The résumé as the later stages see it: frozen values, which resume_schema.py makes from a
file (stage 2: it checks the file against the format and locates every problem).
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from ..errors import Problem
from ..read.photo import PhotoRef
from ..text.inline import Rich
from ..values import value
from .letter import Letter
from .schema import TextField

PRESENT_WORDS = ("present", "now", "current")
MAX_PAGES = 20
ANY_PAGES = "any"  # the budget that lays out as many pages as the content takes
Budget = int | str  # 1..MAX_PAGES, or ANY_PAGES
EMPTY = Rich(())


@value
class Link:
    url: str | None = None  # only a contact link may go without (then its label is shown)
    label: str | None = None
    show: str = "url"  # in the contact line: "url" (the address) or "label"


@value
class Contact:
    email: str | None = None
    phone: str | None = None
    location: str | None = None
    website: str | None = None
    links: tuple[Link, ...] = ()


@value
class Bullet:
    """One list item: its marker as written ("3.", "a)"; None draws the style's bullet) and
    the items nested under it (one level: a résumé's lists go no deeper)."""

    text: Rich
    tags: tuple[str, ...] = ()
    marker: str | None = None
    items: tuple[Bullet, ...] = ()


@value
class Dated:
    """Fields every entry shares: its dates (kept as written) and tags."""

    start: str | None = None
    end: str | None = None
    date: str | None = None
    tags: tuple[str, ...] = ()


@value
class Project(Dated):
    title: Rich = EMPTY
    summary: tuple[Rich, ...] = ()
    link: Link | None = None
    location: Rich | None = None
    highlights: tuple[Bullet, ...] = ()


@value
class Experience(Dated):
    role: Rich | None = None
    organization: Rich | None = None
    location: Rich | None = None
    summary: tuple[Rich, ...] = ()
    highlights: tuple[Bullet, ...] = ()


@value
class Education(Dated):
    institution: Rich = EMPTY
    degree: Rich | None = None
    field: Rich | None = None
    location: Rich | None = None
    summary: tuple[Rich, ...] = ()
    highlights: tuple[Bullet, ...] = ()


@value
class SkillGroup:
    group: Rich
    items: tuple[Rich, ...] = ()
    tags: tuple[str, ...] = ()


@value
class TimelineEntry(Dated):
    text: Rich = EMPTY


@value
class Publication(Dated):
    title: Rich = EMPTY
    authors: tuple[Rich, ...] = ()
    venue: Rich | None = None
    url: str | None = None
    doi: str | None = None
    summary: tuple[Rich, ...] = ()


class SectionKind(Enum):
    PROJECTS = "projects"
    EXPERIENCE = "experience"
    EDUCATION = "education"
    SKILLS = "skills"
    TIMELINE = "timeline"
    TEXT = "text"
    BULLETS = "bullets"
    PUBLICATIONS = "publications"


@value
class Section:
    title: str
    kind: SectionKind
    items: tuple[Any, ...]  # entries of the kind; Rich paragraphs for TEXT; Bullets for BULLETS
    tags: tuple[str, ...] = ()


@value
class Variant:
    """A tailored build: keeps untagged items and items tagged with one of `tags`, drops
    items tagged with one of `exclude`, and may override a few top-level fields."""

    tags: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    headline: str | None = None
    summary: tuple[Rich, ...] = ()
    style: str | None = None
    pages: Budget | None = None
    letter: Letter | None = None  # fields that override the résumé's letter
    photo: PhotoRef | None = None  # NO_PHOTO drops the résumé's photo


FORMATS = ("pdf", "txt", "md", "html", "docx")  # what `build` can write (`formats:`)


@value
class Resume:
    name: str
    headline: str | None = None
    contact: Contact = Contact()
    summary: tuple[Rich, ...] = ()
    style: str | None = None
    pages: Budget | None = None
    page_size: str | None = None
    sections: tuple[Section, ...] = ()
    locale: str = "en"
    # the page's direction when no `locale:` or `languages:` says it: from the majority of
    # its letters (resume_schema.py); None follows the locale
    rtl_page: bool | None = None
    variants: tuple[tuple[str, Variant], ...] = ()
    formats: tuple[str, ...] = ()  # empty: the command line's, or only the PDF
    letter: Letter | None = None  # the cover letter (`resume-pdf letter`)
    photo: PhotoRef | None = None
    texts: tuple[TextField, ...] = ()  # every displayed text, in file order
    warnings: tuple[Problem, ...] = ()
    source_format: str = ""  # "" for ours; "JSON Resume", "RenderCV", "YAMLResume"
    languages: tuple[str, ...] = ()  # `languages:`, the first the default
    language: str = ""  # the one its texts were resolved for ("" when it lists none)
    embed_source: bool = False  # attach the résumé as built to its PDF (pdf/source.py)


def entry_label(item: Any) -> str:
    """How an entry is named in messages: its title, role and organisation, or its text."""
    names = ("title", "role", "organization", "institution", "group")
    text = ", ".join(plain(getattr(item, n, None)) for n in names if plain(getattr(item, n, None)))
    return text or plain(getattr(item, "text", None)) or "?"


def plain(value: Rich | str | None) -> str:
    """What a reader sees of a field, markup or not ('' when absent)."""
    if isinstance(value, Rich):
        return value.plain
    return value or ""
