"""The cover letter's content (`letter:`): its fields and their validation, how a
and how a variant overrides them.

What a letter attached to a résumé shows is cover_letter.py's: this module knows no résumé.
"""

from __future__ import annotations

from typing import Any

from ..errors import Problem, ResumeError, quote
from ..read.source import Path_
from ..text.inline import Rich
from ..values import field_names, replace, value
from .schema import INVALID, Context, MapOf, Record, Spec, describe
from .text_fields import Date, Markup, Text


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
