"""The cover letter of a résumé: where it comes from (the résumé's `letter:` block, else a
`letter.yaml` beside the résumé) and what it shows, in reading order.

The letter is laid out by pdf/letter.py and written as twins by write/letter_doc.py; both
read it from here, so the PDF, its --verify check and the twins show the same words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from ..errors import Location, Problem, ResumeError, Severity
from ..paths import is_file
from ..values import replace
from .content import contact_items
from .letter import LETTER, Letter
from .resume import Resume
from .schema import Context, TextField

LETTER_FILE = "letter.yaml"  # beside the résumé; used when the résumé has no `letter:` block
ISO_DAY = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


def attach_letter_file(resume: Resume, resume_path: Path) -> Resume:
    """The résumé with the letter of `letter.yaml` beside it, when it has no `letter:` block
    of its own (a block in the résumé wins, with a warning that the file is not used)."""
    path = resume_path.parent / LETTER_FILE
    if not is_file(path, "letter file", Location(str(path), 1, 1)):
        return resume
    from ..read.source import read_source

    source = read_source(path)
    if resume.letter is not None:
        warning = Problem(
            f"{LETTER_FILE} is not used: the résumé has its own `letter:` block",
            source.locate(()),
            severity=Severity.WARNING,
        )
        return replace(resume, warnings=(*resume.warnings, warning))
    ctx = Context(source, warnings=list(source.warnings))
    ctx.languages, ctx.language = resume.languages, resume.language or None  # the résumé's
    letter = LETTER.check(source.data if source.data is not None else {}, (), ctx)
    if ctx.problems or source.errors:
        raise ResumeError([*source.errors, *ctx.problems, *ctx.warnings])
    return replace(
        resume,
        letter=letter,
        texts=(*resume.texts, *ctx.texts),
        warnings=(*resume.warnings, *ctx.warnings),
    )


def require_letter(resume: Resume, resume_path: Path) -> Letter:
    """The letter to lay out; a located problem when there is none or it has no body."""
    letter = resume.letter
    where = Location(str(resume_path), 1, 1)
    if letter is None:
        raise ResumeError(
            [
                Problem(
                    f"no cover letter: add a `letter:` block (with a `body:`) to the résumé, "
                    f"or a {LETTER_FILE} beside it",
                    where,
                    "letter",
                )
            ]
        )
    if not letter.body:
        raise ResumeError([Problem("the letter has no `body:`", where, "letter.body")])
    return letter


def shown_date(text: str | None, locale: str) -> str | None:
    """An ISO day in the locale's words (`November 29, 2026`); anything else as written."""
    match = ISO_DAY.fullmatch(text or "")
    if not match:
        return text
    from calendar import monthrange

    from ..text.cldr import long_date  # CLDR's long date (Babel) for every language but English

    year, mm, day = (int(g) for g in match.groups())
    if year < 1 or not (1 <= mm <= 12 and 1 <= day <= monthrange(year, mm)[1]):
        return text
    return long_date(year, mm, day, locale)


def signature_of(resume: Resume, letter: Letter) -> str:
    return letter.signature or resume.name


def letter_links(resume: Resume, letter: Letter) -> list[str]:
    """The links the letter's PDF must hold: the contact line's, then the body's."""
    links = [url for _, url in contact_items(resume.contact) if url]
    return links + [s.url for para in letter.body for s in para.spans if s.url]


def letter_fields(resume: Resume, letter: Letter) -> tuple[TextField, ...]:
    """The letter's displayed texts, located where a file wrote them (for glyph checks)."""
    where = {f.text: f for f in resume.texts}
    links = [("link", url) for url in letter_links(resume, letter)]
    pairs = [*letter_displayed(resume, letter), *links]
    return tuple(
        TextField(where[t].path, t, where[t].location) if t in where else TextField(n, t, None)
        for n, t in pairs
        if t
    )


def letter_displayed(resume: Resume, letter: Letter) -> Iterator[tuple[str, str]]:
    """(field, text) for every text the letter shows, in reading order: the résumé's
    header (name, headline, contact line), then the letter's own fields."""
    yield from (("name", resume.name), ("headline", resume.headline or ""))
    yield from (("contact", shown) for shown, _ in contact_items(resume.contact))
    yield "letter.date", shown_date(letter.date, resume.locale) or ""
    yield from (("letter.to", line) for line in letter.to)
    yield "letter.subject", letter.subject or ""
    yield "letter.greeting", letter.greeting or ""
    yield from (("letter.body", para.plain) for para in letter.body)
    yield "letter.closing", letter.closing or ""
    yield "letter.signature", signature_of(resume, letter)
