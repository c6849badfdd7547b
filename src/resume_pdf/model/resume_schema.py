"""Stage 2: plain data -> a frozen, validated `Resume`, with every problem located.

The résumé format (schema v1) is written once, as specs over the values of model.py; the
same specs validate files and print the JSON Schema (`resume-pdf schema`). Here: the
document (its top-level keys, sections, contact line, variants) and loading a file; the
entries a section lists are specified in entry_schema.py.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..errors import Location, Problem, ResumeError, Severity, quote
from ..read.foreign import read_foreign
from ..read.photo import NO_PHOTO, PhotoRef
from ..read.source import Path_, Source
from ..read.syntax import before_first
from ..text.bidi import mostly_rtl
from ..text.cldr import LOCALES, locale_for
from ..values import replace
from .entry_schema import BULLET, CONTACT_LINK, ENTRY_SPECS, PARAGRAPHS, PLAIN, TAGS
from .letter import LETTER
from .resume import (
    ANY_PAGES,
    FORMATS,
    MAX_PAGES,
    Budget,
    Contact,
    Resume,
    Section,
    SectionKind,
    Variant,
)
from .schema import INVALID, Choice, Context, ListOf, MapOf, Record, describe
from .text_fields import Pattern, Phone, Text, Url
from .translations import LANGUAGES, chosen_language, written_languages


class Photo(Text):
    """`photo: me.jpg` (an image beside the résumé), or `false` (a variant without it)."""

    def check(self, value: Any, path: Path_, ctx: Context) -> Any:
        text = super().check(value, path, ctx)
        if text in (None, INVALID):
            return text
        if text.lower() in ("false", "no", "none"):
            return NO_PHOTO
        if not text.lower().endswith((".jpg", ".jpeg", ".png")):
            return ctx.error(
                path, f"expected a .jpg, .jpeg or .png file, or false, got {quote(text)}"
            )
        return PhotoRef(text, ctx.source.locate(path))


PHOTO = Photo(record=False, description="A JPEG or PNG beside the résumé; false drops it")


def parse_budget(text: str) -> Budget | None:
    """`3` -> 3, `any` -> "any", anything else -> None."""
    text = text.strip().lower()
    if text == ANY_PAGES:
        return ANY_PAGES
    return int(text) if text.isdigit() and 1 <= int(text) <= MAX_PAGES else None


class PageBudget(Choice):
    """`pages:`: 1 to 20, or `any` (as many pages as the content takes, no tightening)."""

    def check(self, value: Any, path: Path_, ctx: Context) -> Any:
        budget = parse_budget(value) if isinstance(value, str) else None
        if budget is None:
            expected = f"a page budget from 1 to {MAX_PAGES}, or {ANY_PAGES}"
            return ctx.error(path, f"expected {expected}, got {describe(value)}")
        return budget


PAGES = PageBudget(
    (*(str(n) for n in range(1, MAX_PAGES + 1)), ANY_PAGES),
    convert=parse_budget,
    description=f"Page budget: 1 to {MAX_PAGES}, or any (no budget); default 2",
)


def _make_section(title: str, tags: tuple[str, ...] = (), **content: Any) -> Section:
    if not content:  # `bullets:` left empty, or only blank text: a section left out later
        return Section(title, SectionKind.TEXT, (), tags)
    ((key, items),) = content.items()
    kind = SectionKind(key)
    return Section(title, kind, items if isinstance(items, tuple) else (items,), tags)


def _one_content_key(data: dict[str, Any], path: Path_, ctx: Context) -> None:
    kinds = [k.value for k in SectionKind]
    present = [k for k in data if k in kinds]
    if len(present) > 1:
        ctx.error((*path, present[1]), f"a section has one content key, got {present}")
    elif not present and (*path, "title") in ctx.source.keys:
        given = [k.value for k in SectionKind if (*path, k.value) in ctx.source.keys]
        if not given:
            ctx.require(path, "needs one content key: " + ", ".join(kinds))


SECTION = Record(
    _make_section,
    {
        "title": PLAIN,
        "tags": TAGS,
        **{kind.value: ListOf(spec) for kind, spec in ENTRY_SPECS.items()},
        "text": PARAGRAPHS,
        "bullets": ListOf(BULLET),
    },
    required=("title",),
    checks=(_one_content_key,),
    description="A titled section with exactly one content key",
    about={
        "title": "The section's heading, shown as written",
        "projects": "Entries with a title, a link, dates and bullets",
        "experience": "Jobs: role, organization, dates, summary and bullets",
        "education": "Schools: institution, degree, field, dates",
        "skills": "Groups of skills, one column per group",
        "timeline": "Dated one-line entries, newest first as written",
        "publications": "Papers, talks and books: title, authors, venue, date, link",
        "text": "Paragraphs of free text with inline markup; blank line = paragraph",
        "bullets": "A list of bullets with inline markup",
    },
)

CONTACT = Record(
    Contact,
    {
        "email": Pattern(regex=r"[^@\s]+@[^@\s]+\.[^@\s]+", expected="an email address"),
        "phone": Phone(),
        "location": PLAIN,
        "website": Url(),
        "links": ListOf(CONTACT_LINK),
    },
    description="How to reach you, shown on one line under the name",
    about={
        "email": "An email address, linked as mailto:",
        "phone": "A phone number as you want it shown, linked as tel: when it can be dialled",
        "location": "Where you are: a city, a country",
        "website": "Your site: an https:// address",
        "links": "Profiles and other links, e.g. {label: GitHub, url: https://github.com/you}",
    },
)

RESUME = Record(
    Resume,
    {
        "name": PLAIN,
        "headline": PLAIN,
        "contact": CONTACT,
        "summary": PARAGRAPHS,
        "style": Text(record=False, description="Style name or path"),
        "pages": PAGES,
        "page_size": Choice(("letter", "a4")),
        "sections": ListOf(SECTION),
        "locale": Choice(LOCALES, description="Language of month names and 'present'"),
        "languages": LANGUAGES,
        "formats": ListOf(
            Choice(FORMATS), description="Files `build` writes: pdf, txt, md, html, docx"
        ),
        "letter": LETTER,
        "photo": PHOTO,
        "embed_source": Choice(
            ("true", "false", "yes", "no"),
            convert=lambda v: v in ("true", "yes"),
            description="true: the résumé as built is attached to its PDF (docs/security.md)",
        ),
        "variants": MapOf(
            Record(
                Variant,
                {
                    "tags": TAGS,
                    "exclude": TAGS,
                    "headline": PLAIN,
                    "summary": PARAGRAPHS,
                    "style": Text(record=False),
                    "pages": PAGES,
                    "letter": LETTER,
                    "photo": PHOTO,
                },
                about={
                    "tags": "Keep only entries with one of these tags (untagged entries stay)",
                    "exclude": "Drop entries with one of these tags",
                    "headline": "This variant's headline instead of the résumé's",
                    "summary": "This variant's summary instead of the résumé's",
                    "style": "This variant's style: a built-in name or a path",
                    "pages": "This variant's page budget",
                },
            ),
            description="Tailored builds: resume-pdf build --variant NAME",
        ),
    },
    required=("name",),
    description="A résumé for resume-pdf (schema v1)",
    about={
        "name": "Your name, the document's title",
        "headline": "One line under the name that says what you do",
        "summary": "A short introduction with inline markup; blank line = paragraph",
        "page_size": "Paper size; the style's choice when left out",
        "sections": "The sections in the order shown; each has a title and one content key",
    },
)


def load_resume(
    path: Path,
    display_name: str | None = None,
    references: bool = True,
    language: str | None = None,
) -> Resume:
    """Read, parse and validate a résumé file (ours, or JSON Resume recognised by its
    `basics` key), its texts in `language` (default: its first); raises ResumeError listing
    every problem."""
    from ..read.decode import is_archive
    from ..read.source import parse_source, read_bytes

    name = display_name or str(path)
    if is_archive(path):  # a LinkedIn data export: a ZIP or its folder of CSV files
        from ..read.linkedin import read_linkedin

        return validate_resume(read_linkedin(path, name)[1], language)
    raw = read_bytes(path, name)
    try:
        source = parse_source(raw, name)
    except ResumeError as exc:
        if _has_resume_key(raw):
            raise
        raise ResumeError([_without_content(exc.problems[0])]) from None
    if source.errors and not isinstance(source.data, dict) and not _has_resume_key(raw):
        raise ResumeError([_without_content(source.errors[0])])
    source = read_foreign(source, references)
    if _has_bibliography(source.data):  # `publications: {bib: refs.bib}`: the entries it picks
        from ..read.bibliography import expand_bibliographies

        source = expand_bibliographies(source, path.parent)
    return validate_resume(source, language)


# A file that does not look like a résumé at all (a symlink to /etc/shadow, a binary, a
# text) gets one error that quotes nothing of it: its lines are not "unknown keys" to echo.
_KEYS = "|".join([*RESUME.fields, "basics", "cv", "content"])  # ours, then other tools'
_RESUME_KEY_LINE = re.compile(rf"""(?m)^[ \t{{,]*["']?({_KEYS})["']?[ \t]*:""".encode())


def _has_resume_key(raw: bytes) -> bool:
    """A line of the (unparsable) file starts with a résumé key: show its syntax errors."""
    return bool(_RESUME_KEY_LINE.search(raw.replace(b"\0", b"")))  # UTF-16/32 as ASCII


def _without_content(problem: Problem) -> Problem:
    """The first problem of a file with no résumé key, in the parser's words (a syntax error,
    an empty document) but without the source line and hint that would quote the file."""
    return Problem(problem.message, problem.location, problem.field, problem.severity)


def _not_a_resume(where: Location) -> ResumeError:
    message = (
        "not a résumé: expected a YAML or JSON mapping of résumé keys (name, headline, "
        "contact, sections, ...); nothing of this file is shown"
    )
    return ResumeError([Problem(message, where)])


def _looks_like_a_resume(data: dict[str, Any]) -> bool:
    """At least one key is a résumé key, a near miss of one (`nmae`), or another tool's
    (JSON Resume, RenderCV, YAMLResume); an empty mapping is a résumé missing its name."""
    from ..read.foreign import SHAPES

    keys = [k for k in data if isinstance(k, str)]
    known = [*RESUME.fields, *SHAPES]
    if not data or any(k in known for k in keys):
        return True
    import difflib  # only for a file with no key known: a near miss (~1.5 ms to import)

    return any(difflib.get_close_matches(k, known, n=1, cutoff=0.6) for k in keys)


def _has_bibliography(data: Any) -> bool:
    """Does a section take its publications from a file? Asked here, before anything is
    imported: the BibTeX reader (read/bibliography.py, its parser and `logging`) costs a
    résumé without one ~5 ms."""
    sections = data.get("sections") if isinstance(data, dict) else None
    return isinstance(sections, list) and any(
        isinstance(s, dict) and isinstance(s.get("publications"), dict) for s in sections
    )


def validate_resume(source: Source, language: str | None = None) -> Resume:
    data = source.data
    if isinstance(data, dict) and not source.format and not _looks_like_a_resume(data):
        raise _not_a_resume(Location(source.file, 1, 1))
    ctx = Context(source, warnings=list(source.warnings))
    if not isinstance(source.data, dict):
        ctx.error((), "the top level must be a mapping with at least `name`")
        raise ResumeError([*source.errors, *ctx.problems])
    ctx.languages = written_languages(source.data.get("languages"))
    ctx.language = chosen_language(language, ctx)
    resume = RESUME.check(source.data, (), ctx)
    if source.errors:
        # a blanked-out line may have held a required key: do not blame the user twice
        ctx.problems = [p for p in ctx.problems if p not in ctx.missing]
    if ctx.problems or source.errors:
        later = before_first(source.errors, [*ctx.problems, *ctx.warnings])
        raise ResumeError([*source.errors, *later])
    direction = _direction(ctx, "locale" in source.data or bool(ctx.languages))
    return replace(
        resume,
        sections=tuple(s for s in resume.sections if s.items),
        texts=tuple(ctx.texts),
        warnings=tuple(ctx.warnings),
        source_format=source.format,
        **_language_of(resume, ctx, "locale" in source.data),
        **direction,
    )


def _direction(ctx: Context, said: bool) -> dict[str, Any]:
    """Without `locale:` (or `languages:`), the page's direction is the majority of its
    letters', not its name's: a Hebrew and Arabic résumé with a Latin name had each
    paragraph flip alignment on a left-to-right page. A note says so when it turns."""
    if said:
        return {}
    rtl, ltr = mostly_rtl(field.text for field in ctx.texts)
    if rtl <= ltr:
        return {}
    share = rtl / (rtl + ltr)
    note = Problem(
        f"the page is set right to left: {share:.0%} of its letters are written right to "
        "left and no `locale:` names its language",
        hint="locale: he (or ar, fa, ...) also sets the month names; locale: en keeps the "
        "page left to right",
        severity=Severity.NOTE,
    )
    ctx.warnings.append(note)
    return {"rtl_page": True}


def _language_of(resume: Resume, ctx: Context, locale_written: bool) -> dict[str, Any]:
    """The language built and the locale it sets (dates, "present", section titles, /Lang)."""
    if not ctx.languages:
        return {}
    language = ctx.language or ctx.languages[0]
    locale = locale_for(language, resume.locale if locale_written else None)
    return {"language": language, "locale": locale}
