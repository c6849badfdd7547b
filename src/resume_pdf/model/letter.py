"""The cover letter's content (SPEC §9 `letter:`): its fields and their validation, where
they come from (the résumé's `letter:` block, else a `letter.yaml` beside the résumé), how a
variant overrides them, and what the letter shows, in reading order.

The letter is laid out by pdf/letter.py and written as twins by write/letter_doc.py; both
read it from here, so the PDF, its --verify check and the twins show the same words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import Location, Problem, ResumeError, Severity, quote
from ..paths import is_file
from ..read.source import Path_
from ..text.inline import Rich
from ..values import field_names, replace, value
from .schema import INVALID, Context, MapOf, Record, Spec, TextField, describe
from .text_fields import Date, Markup, Text

if TYPE_CHECKING:
    from .resume import Resume

LETTER_FILE = "letter.yaml"  # beside the résumé; used when the résumé has no `letter:` block
ISO_DAY = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


@value
class Letter:
    """A cover letter; in a variant's `letter:` every field is an override."""

    to: tuple[str, ...] = ()  # the recipient's address, one line each
    date: str | None = None  # shown as written; an ISO day (2026-11-29) in the locale's words
    subject: str | None = None
    greeting: str | None = None
    body: tuple[Rich, ...] = ()  # paragraphs with inline markup
    closing: str | None = None
    signature: str | None = None  # default: the résumé's name
    # a variant's: paragraph number (1, 2, ...) -> its new text, the rest of the body kept
    paragraphs: tuple[tuple[str, Rich], ...] = ()


@value
class Lines(Spec):
    """Address lines: a list of texts, or one text with a line per line."""

    def check(self, value: Any, path: Path_, ctx: Context) -> Any:
        if isinstance(value, str):
            value = [line for line in value.splitlines() if line.strip()]
        if not isinstance(value, list):
            return ctx.error(path, f"expected a list of lines, got {describe(value)}")
        lines = [Text().check(v, (*path, i), ctx) for i, v in enumerate(value) if v is not None]
        if any(line is INVALID for line in lines):
            return INVALID
        return tuple(line for line in lines if line)

    def json_schema(self) -> dict[str, Any]:
        return {
            "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
            "description": "The recipient, one line each",
        }


LETTER = Record(
    Letter,
    {
        "to": Lines(),
        "date": Date(
            free=True,
            suggest=False,
            description="e.g. 2026-11-29 (shown in the locale's words) or free text",
        ),
        "subject": Text(description="The letter's subject line, e.g. the role applied for"),
        "greeting": Text(description="e.g. Dear hiring team,"),
        "body": Markup(paragraphs=True, description="Inline markup; blank line = paragraph"),
        "closing": Text(description="e.g. Kind regards,"),
        "signature": Text(description="The name under the closing (default: your name)"),
        "paragraphs": MapOf(
            Markup(), description="In a variant: paragraph number -> its replacement text"
        ),
    },
    description="A cover letter in the résumé's style: resume-pdf letter",
)


def override(
    base: Letter | None, changes: Letter | None, where: str = "letter", texts: tuple = ()
) -> Letter | None:
    """`changes`' fields that are set, over `base` (a variant's letter over the résumé's);
    its `paragraphs:` replace single paragraphs of the body. `where` names the variant's
    letter in messages, located through the résumé's `texts`."""
    if changes is None:
        return base
    set_fields = {name: getattr(changes, name) for name in field_names(Letter)}
    set_fields.pop("paragraphs")
    merged = replace(base or Letter(), **{k: v for k, v in set_fields.items() if v})
    body = list(merged.body)
    for number, text in changes.paragraphs:
        # ASCII digits only ('²' is a digit to isdigit), and no int() of 5,000 of them
        digits = number.lstrip("0")
        n = int(digits or "0") if number.isascii() and number.isdigit() and len(digits) < 10 else 0
        if not 1 <= n <= len(body):
            path = f"{where}.paragraphs.{number}"
            found = next((t.location for t in texts if t.path == path), None)
            count = f"{len(body)} paragraph{'s' * (len(body) != 1)}"
            message = f"no paragraph {quote(number)} to replace: the letter's body has {count}"
            raise ResumeError([Problem(message, found, path)])
        body[n - 1] = text
    return replace(merged, body=tuple(body), paragraphs=())


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

    from ..style.dates import long_date  # CLDR's long date (Babel) for every language but English

    year, mm, day = (int(g) for g in match.groups())
    if year < 1 or not (1 <= mm <= 12 and 1 <= day <= monthrange(year, mm)[1]):
        return text
    return long_date(year, mm, day, locale)


def signature_of(resume: Resume, letter: Letter) -> str:
    return letter.signature or resume.name


def letter_links(resume: Resume, letter: Letter) -> list[str]:
    """The links the letter's PDF must hold: the contact line's, then the body's."""
    from .content import contact_items

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
    from .content import contact_items

    yield from (("name", resume.name), ("headline", resume.headline or ""))
    yield from (("contact", shown) for shown, _ in contact_items(resume.contact))
    yield "letter.date", shown_date(letter.date, resume.locale) or ""
    yield from (("letter.to", line) for line in letter.to)
    yield "letter.subject", letter.subject or ""
    yield "letter.greeting", letter.greeting or ""
    yield from (("letter.body", para.plain) for para in letter.body)
    yield "letter.closing", letter.closing or ""
    yield "letter.signature", signature_of(resume, letter)
