"""The résumé as the later stages see it: frozen values, which resume_schema.py makes from a
file (stage 2: it checks the file against the format and locates every problem).
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from .errors import Location, Problem
from .letter import Letter
from .schema import TextField
from .text.inline import Rich
from .values import value

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
class PhotoRef:
    """`photo:` as written, and where: pdf/photo.py opens and checks the file at build time."""

    path: str
    location: Location | None = None


NO_PHOTO = PhotoRef("")  # a variant's `photo: false`


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


# every language CLDR (Babel 2.19) names the months of: dates.py reads them from Babel
_CLDR_LANGUAGES = """
aa ab ady af agq ak am an apc ar as asa ast az ba bal bas be bem bew bez bg bgc bho blo bm
bn bo bqi br brh brx bs bua byn ca cad cch ccp ce ceb cgg chr cic ckb co cop cs csw cu cv cy
da dav de dje doi dsb dua dyo dz ebu ee el en eo es et eu ewo fa ff fi fil fo fr frr fur fy
ga gaa gd gez gl gn gsw gu guz gv ha haw he hi hnj hr hrx hsb hu hy ia id ie ig ii is it iu
ja jgo jmc jv ka kaa kab kaj kam kbd kcg kde kea kek kgp khq ki kk kkj kl kln km kn ko kok
ks ksb ksf ksh ku kw kxv ky la lag lb lg lij lkt lld lmo ln lo lrc lt ltg lu luo luy lv lzz
mai mas mer mfe mg mgh mgo mi mk ml mn mni mr mrh ms mt mua mus mww my myv mzn naq nb nd nds
ne nl nmg nn nnh no nqo nr nso nus ny nyn oc om or os osa pa pap pcm pis pl pms prg ps pt qu
quc raj rif rm rn ro rof ru rw rwk sa sah saq sat sbp sc scn sd se seh ses sg shi shn si sk
skr sl smn sn so sq sr ss ssy st su sus sv sw syr szl ta te teo tg th ti tig tk tn to tok
tpi tr trv trw ts tt twq tyv tzm ug uk ur uz vai ve vec vi vmw vo vun wae wal wo xh xnr xog
yav yi yo yrl yue za zgh zh zu
"""
LOCALES = tuple(_CLDR_LANGUAGES.split())
FORMATS = ("pdf", "txt", "md", "html", "docx")  # what `build` can write (SPEC §9 `formats:`)


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
