"""Text field specs: what a user writes, cleaned once and checked by kind.

In: a value from `source.py` (text, or a YAML number or boolean read as text) with its key
path. Out: NFC text without control or invisible characters (those warned), whitespace
collapsed, or `Rich` inline markup, or `INVALID` with the problem recorded in the
`Context`. Plain text, markup, patterns, dates, URLs and phone numbers live here; the
containers that hold them (lists, mappings, records) are in `schema.py`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from typing import Any

from ..read.dates import DATE_PATTERN, ISO, ISO_LIKE, impossible_date, iso_form
from ..read.source import Path_
from ..text.inline import MAX_MARKERS, check_url, parse_inline, tel_problem, too_much_markup
from ..values import value
from .schema import INVALID, Context, Spec, TextField, describe, described

LONG_WORD = 60  # longer words are hard-wrapped, which splits them in the text layer

_INVISIBLE = {
    "\u200b": "zero-width space",
    "\u200c": "zero-width non-joiner",  # these three stay in the text layer and split a word
    "\u200d": "zero-width joiner",  # for an ATS: `Py\u200dthon` no longer matches Python
    "\u034f": "combining grapheme joiner",
    **{chr(c): "invisible operator" for c in range(0x2061, 0x2065)},
    "\u180e": "Mongolian vowel separator",
    "\u2060": "word joiner",
    "\ufeff": "zero-width no-break space",
    "\u00ad": "soft hyphen",
    **{chr(c): "bidi control" for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))},
    "\u200e": "bidi mark",
    "\u200f": "bidi mark",
}
_SPACES = re.compile(r"[ \t\r\n\u2028\u2029\u3000\u2000-\u200a]+")
# what clean_text removes: control characters but tab and line ends, and the invisible ones
_REMOVED = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f" + "".join(map(re.escape, _INVISIBLE)) + "]"
)
_LINE_ENDS = str.maketrans({"\t": " ", "\r": " ", "\u2028": "\n", "\u2029": "\n"})
_PARAGRAPH_BREAK = re.compile(r"\n[ \t\r]*\n\s*")


def clean_text(value: str, path: Path_, ctx: Context, *, paragraphs: bool = False) -> str:
    """NFC, no control or invisible characters (warned), whitespace collapsed."""
    text = unicodedata.normalize("NFC", value)
    if _REMOVED.search(text):
        removed = {
            _INVISIBLE.get(ch) or f"control character {ch!r}" for ch in _REMOVED.findall(text)
        }
        ctx.warn(path, "removed " + ", ".join(sorted(removed)))
        text = _REMOVED.sub("", text)
    text = text.translate(_LINE_ENDS)
    long_word = max(text.split(), key=len, default="")
    cjk = any("\u2e80" <= ch <= "\u9fff" for ch in long_word)  # breaks between characters
    if len(long_word) > LONG_WORD and "://" not in long_word and not cjk:
        ctx.warn(path, f"a {len(long_word)}-character long word will be broken across lines")
    if paragraphs:
        parts = (_SPACES.sub(" ", p).strip() for p in _PARAGRAPH_BREAK.split(text))
        return "\n\n".join(p for p in parts if p)
    return _SPACES.sub(" ", text).strip()


@value
class Text(Spec):
    """Plain text shown as written; YAML numbers and booleans arrive here as their text."""

    description: str = ""
    record: bool = True  # count it as displayed text (for glyph checks and --verify)
    plain: bool = False  # a field that never holds markup: warn when it looks like it does

    def check(self, value: Any, path: Path_, ctx: Context) -> Any:
        value, path = self.translated(value, path, ctx)
        if value is None or value is INVALID:
            return value
        if not isinstance(value, str):
            return ctx.error(path, f"expected text, got {describe(value)}")
        text = clean_text(value, path, ctx)
        if self.plain and parse_inline(text)[0].plain != text:
            ctx.warn(path, "Markdown is not applied in this field; it is shown as written")
        if text and self.record:
            ctx.texts.append(TextField(ctx.source.name(path), text, ctx.source.locate(path)))
        return text or None

    def translatable(self) -> bool:
        """Shown text takes `{en: ..., de: ...}`; names (a style, a tag) and addresses not."""
        return self.record

    def translated(self, value: Any, path: Path_, ctx: Context) -> tuple[Any, Path_]:
        """`value` itself, or its translation into the language built, and where it is."""
        if isinstance(value, dict) and self.translatable():
            from .translations import translate

            return translate(value, path, ctx)
        return value, path

    def json_schema(self) -> dict[str, Any]:
        plain = {"type": ["string", "number", "boolean"]}
        if self.translatable():
            from .translations import translatable_schema

            plain = translatable_schema(plain)
        return described(plain, self.description)


@value
class Markup(Text):
    """Inline markup (bold, italic, links); `paragraphs` splits on blank lines."""

    paragraphs: bool = False

    def check(self, value: Any, path: Path_, ctx: Context) -> Any:
        value, path = self.translated(value, path, ctx)
        if value is None or value is INVALID:
            return value
        if not isinstance(value, str):
            return ctx.error(path, f"expected text, got {describe(value)}")
        text = clean_text(value, path, ctx, paragraphs=self.paragraphs)
        if not text:
            return None
        parsed = []
        for part in text.split("\n\n"):
            if too_much_markup(part):
                ctx.warn(path, f"over {MAX_MARKERS:,} markup characters (* [ \\): shown as written")
            rich, bad_links = parse_inline(part)
            for problem in bad_links:
                ctx.error(path, problem)
            parsed.append(rich)
            ctx.texts.append(TextField(ctx.source.name(path), rich.plain, ctx.source.locate(path)))
        return tuple(parsed) if self.paragraphs else parsed[0]


@value
class Pattern(Text):
    """Text that must match a rule, e.g. a date or a colour."""

    regex: str = ".*"
    expected: str = ""
    validate: Callable[[str], bool] | None = None
    hint: str = ""  # added for files in our own format only (a foreign file has other keys)

    def translatable(self) -> bool:
        return False

    def check(self, value: Any, path: Path_, ctx: Context) -> Any:
        text = super().check(value, path, ctx)
        if text in (None, INVALID):
            return text
        ok = re.fullmatch(self.regex, text, re.IGNORECASE) is not None
        if ok and self.validate:
            ok = self.validate(text)
        if ok:
            return text
        hint = f" ({self.hint})" if self.hint and not ctx.source.format else ""
        return ctx.error(path, f"expected {self.expected}{hint}, got {describe(text)}")

    def json_schema(self) -> dict[str, Any]:
        pattern = f"^({_ignore_case(self.regex)})$"
        return described({"type": ["string", "number"], "pattern": pattern}, self.expected)


@value
class Date(Text):
    """A date: `2021`, `2021-03`, `2021-03-14` or one of the `present` words. With `free`,
    any other text too (shown as written), except one that starts like an ISO date and is
    not one (`2025-13-01`): every date field is checked by this one rule and its words.
    Text that reads as a month and year (`Sept 2021`, `09/2021`) gets the ISO form as a
    hint: an error where a date is required, a warning (with `suggest`) where free text
    is allowed, since the style's date format is not applied to it."""

    present: tuple[str, ...] = ()
    free: bool = False
    suggest: bool = True
    hint: str = ""  # where no ISO form can be offered, for files in our own format

    def translatable(self) -> bool:
        return self.free and self.record  # `date: {en: Fall 2023, de: Herbst 2023}`

    def check(self, value: Any, path: Path_, ctx: Context) -> Any:
        text = super().check(value, path, ctx)
        if text in (None, INVALID) or text.lower() in self.present:
            return text
        found = ISO.fullmatch(text)
        why = impossible_date(found) if found else None
        if found and why is None:
            return text
        iso = iso_form(text)
        if self.free and not found and not ISO_LIKE.fullmatch(text):
            if iso and self.suggest:
                message = "shown as written, not in the style's date format"
                ctx.warn(path, message, hint=f"write {iso}")
            return text
        *some, last = ("2021", "2021-03", "2021-03-14", *self.present[:1])
        expected = f"expected a date like {', '.join(some)} or {last}"
        extra = f" ({why})" if why else ""
        free_text = not (found or ISO_LIKE.fullmatch(text) or ctx.source.format)
        hint = f"write {iso}" if iso else (self.hint if free_text else "")
        return ctx.error(path, f"{expected}, got {describe(text)}{extra}", hint=hint)

    def json_schema(self) -> dict[str, Any]:
        strict = "|".join((DATE_PATTERN, *self.present))
        pattern = f"^({_ignore_case(strict)})$"
        if self.free:  # any text, but not an impossible ISO date
            iso_like = "\\d{4}-\\d{1,2}(-\\d{1,2})?([T ]|$)"
            pattern = f"^({_ignore_case(strict)}|(?!{iso_like}).*)$"
        schema: dict[str, Any] = {"type": ["string", "number"], "pattern": pattern}
        if self.translatable():  # `pattern` only ever applies to a string
            from .translations import translatable_schema

            schema = {"pattern": pattern, **translatable_schema({"type": ["string", "number"]})}
        return described(schema, self.description)


@value
class Url(Text):
    def translatable(self) -> bool:
        return False

    def check(self, value: Any, path: Path_, ctx: Context) -> Any:
        text = super().check(value, path, ctx)
        if text in (None, INVALID):
            return text
        problem = check_url(text)
        return ctx.error(path, problem) if problem else text

    def json_schema(self) -> dict[str, Any]:
        schemes = "|".join(("https?://", "mailto:", "tel:"))
        return described({"type": "string", "pattern": f"^({schemes})"}, self.description)


@value
class Phone(Text):
    """A phone number: shown as written, linked as `tel:` when its digits can be dialled
    (keypad letters mapped, `ext. 42` as `;ext=42`); otherwise shown unlinked, with a warning."""

    plain: bool = True

    def translatable(self) -> bool:
        return False

    def check(self, value: Any, path: Path_, ctx: Context) -> Any:
        text = super().check(value, path, ctx)
        if text in (None, INVALID):
            return text
        problem = tel_problem(text)
        if problem:
            ctx.warn(path, f"shown without a tel: link (a phone link takes {problem})")
        return text


def _ignore_case(regex: str) -> str:
    """`now` -> `[nN][oO][wW]`: JSON Schema patterns (ECMA 262) have no inline flags.
    Escapes (`\\d`) and character classes are left alone."""
    out, i, in_class = [], 0, False
    while i < len(regex):
        c = regex[i]
        if c == "\\":
            out.append(regex[i : i + 2])
            i += 2
            continue
        in_class = (in_class or c == "[") and c != "]"
        out.append(f"[{c.lower()}{c.upper()}]" if c.isalpha() and not in_class else c)
        i += 1
    return "".join(out)
