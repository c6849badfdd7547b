"""Declarative field specs shared by the résumé model and the style files.

A spec both validates plain data from `source.py` (collecting every located problem) and
describes itself as JSON Schema, so the validator and `resume-pdf schema` cannot drift.
Text is normalised here once (NFC, whitespace, invisible and control characters), so the
later stages only ever see clean text.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from typing import Any

from .errors import Problem, Severity, quote
from .read.dates import DATE_PATTERN, ISO, ISO_LIKE, impossible_date, iso_form
from .read.source import Path_, Source
from .text.inline import MAX_MARKERS, check_url, parse_inline, tel_problem, too_much_markup
from .values import field, value

LONG_WORD = 60  # longer words are hard-wrapped, which splits them in the text layer
INVALID: Any = object()  # a value that failed validation; its problem is already recorded

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


@value
class TextField:
    """One displayed text of the input and where it was written (for glyph checks)."""

    path: str
    text: str
    location: Any


class Context:
    """What one validation collects: problems, warnings, the displayed texts."""

    def __init__(self, source: Source, warnings: list[Problem] | None = None) -> None:
        self.source = source
        self.problems: list[Problem] = []
        self.warnings: list[Problem] = warnings if warnings is not None else []
        self.texts: list[TextField] = []
        self.missing: list[Problem] = []  # "required" problems

    def error(self, path: Path_, message: str, *, key: bool = False, hint: str = "") -> Any:
        loc = self.source.locate(path, key=key)
        self.problems.append(Problem(message, loc, self.source.name(path), hint=hint))
        return INVALID

    def require(self, path: Path_, message: str) -> None:
        """A missing key: kept apart, since a syntax error elsewhere may be its cause."""
        self.error(path, message)
        self.missing.append(self.problems[-1])

    def warn(self, path: Path_, message: str, *, hint: str = "") -> None:
        loc = self.source.locate(path)
        problem = Problem(message, loc, self.source.name(path), Severity.WARNING, hint=hint)
        self.warnings.append(problem)


def describe(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return quote(value, 40)


class Spec:
    """A field type: validates one value and describes itself as JSON Schema."""

    def check(self, value: Any, path: Path_, ctx: Context) -> Any:  # pragma: no cover
        raise NotImplementedError

    def json_schema(self) -> dict[str, Any]:  # pragma: no cover
        raise NotImplementedError


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
        if not isinstance(value, str):
            return ctx.error(path, f"expected text, got {describe(value)}")
        text = clean_text(value, path, ctx)
        if self.plain and parse_inline(text)[0].plain != text:
            ctx.warn(path, "Markdown is not applied in this field; it is shown as written")
        if text and self.record:
            ctx.texts.append(TextField(ctx.source.name(path), text, ctx.source.locate(path)))
        return text or None

    def json_schema(self) -> dict[str, Any]:
        return _described({"type": ["string", "number", "boolean"]}, self.description)


@value
class Markup(Text):
    """Inline markup (bold, italic, links); `paragraphs` splits on blank lines."""

    paragraphs: bool = False

    def check(self, value: Any, path: Path_, ctx: Context) -> Any:
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
        return _described({"type": ["string", "number"], "pattern": pattern}, self.expected)


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
        return _described({"type": ["string", "number"], "pattern": pattern}, self.description)


@value
class Url(Text):
    def check(self, value: Any, path: Path_, ctx: Context) -> Any:
        text = super().check(value, path, ctx)
        if text in (None, INVALID):
            return text
        problem = check_url(text)
        return ctx.error(path, problem) if problem else text

    def json_schema(self) -> dict[str, Any]:
        schemes = "|".join(("https?://", "mailto:", "tel:"))
        return _described({"type": "string", "pattern": f"^({schemes})"}, self.description)


@value
class Phone(Text):
    """A phone number: shown as written, linked as `tel:` when its digits can be dialled
    (keypad letters mapped, `ext. 42` as `;ext=42`); otherwise shown unlinked, with a warning."""

    plain: bool = True

    def check(self, value: Any, path: Path_, ctx: Context) -> Any:
        text = super().check(value, path, ctx)
        if text in (None, INVALID):
            return text
        problem = tel_problem(text)
        if problem:
            ctx.warn(path, f"shown without a tel: link (a phone link takes {problem})")
        return text


LISTED_CHOICES = 20  # a longer list of choices is not printed whole in a message
_SAMPLE = ("en", "de", "fr", "es", "he", "ja")


@value
class Choice(Spec):
    options: tuple[str, ...]
    convert: Callable[[str], Any] = str
    description: str = ""

    def check(self, value: Any, path: Path_, ctx: Context) -> Any:
        text = value.strip().lower() if isinstance(value, str) else None
        if text not in self.options:
            if len(self.options) <= LISTED_CHOICES:
                allowed = f"one of {', '.join(self.options)}"
            else:  # the CLDR languages: a few, not 299
                sample = [o for o in _SAMPLE if o in self.options] or self.options[:6]
                allowed = f"one of {len(self.options)} codes such as {', '.join(sample)}"
            base = re.split(r"[-_]", text)[0] if text else None
            if base and base != text and base in self.options:  # en-US: a region
                return ctx.error(path, f"expected {allowed}, got {describe(value)}; write {base}")
            return ctx.error(path, f"expected {allowed}, got {describe(value)}")
        return self.convert(text)

    def json_schema(self) -> dict[str, Any]:
        options: list[Any] = list(self.options)
        options += [self.convert(o) for o in self.options if self.convert(o) != o]
        return _described({"enum": options}, self.description)


@value
class Number(Spec):
    low: float
    high: float
    description: str = ""

    def check(self, value: Any, path: Path_, ctx: Context) -> Any:
        try:
            number = float(value) if isinstance(value, str) else None
        except ValueError:
            number = None
        if number is None or not self.low <= number <= self.high:
            expected = f"a number from {self.low:g} to {self.high:g}"
            return ctx.error(path, f"expected {expected}, got {describe(value)}")
        return number

    def json_schema(self) -> dict[str, Any]:
        schema = {"type": "number", "minimum": self.low, "maximum": self.high}
        return _described(schema, self.description)


@value
class ListOf(Spec):
    item: Spec
    description: str = ""

    def check(self, value: Any, path: Path_, ctx: Context) -> Any:
        if not isinstance(value, list):
            return ctx.error(path, f"expected a list, got {describe(value)}")
        items = [self.item.check(v, (*path, i), ctx) for i, v in enumerate(value) if v is not None]
        if any(item is INVALID for item in items):
            return INVALID
        return tuple(item for item in items if item is not None)

    def json_schema(self) -> dict[str, Any]:
        return _described({"type": "array", "items": self.item.json_schema()}, self.description)


@value
class Either(Spec):
    """A text shorthand or a full mapping, e.g. a bullet as text or {text, tags}."""

    text: Spec
    mapping: Spec
    wrap: Callable[[Any], Any]  # turns the shorthand's value into the mapping's type
    description: str = ""

    def check(self, value: Any, path: Path_, ctx: Context) -> Any:
        fields = getattr(self.mapping, "fields", {})
        if isinstance(value, dict) and len(value) == 1 and not value.keys() & fields:
            (key,) = value
            if ctx.source.file.lower().endswith(".json"):  # JSON has no colon to quote
                found = f"an object with {quote(key, mark='`')}"
                return ctx.error(path, f"expected text or an object with `text`, got {found}")
            return ctx.error(
                path, f"reads as a mapping because of the colon after {quote(key)}: quote the text"
            )
        if isinstance(value, dict):
            return self.mapping.check(value, path, ctx)
        checked = self.text.check(value, path, ctx)
        return checked if checked in (None, INVALID) else self.wrap(checked)

    def json_schema(self) -> dict[str, Any]:
        schema = {"anyOf": [self.text.json_schema(), self.mapping.json_schema()]}
        return _described(schema, self.description)


@value
class MapOf(Spec):
    """A mapping from user-chosen names to values, kept in file order as (name, value)."""

    item: Spec
    description: str = ""
    names: str = r"[A-Za-z0-9][A-Za-z0-9_.-]*"  # names become file names: no / and no ..

    def check(self, value: Any, path: Path_, ctx: Context) -> Any:
        if not isinstance(value, dict):
            return ctx.error(path, f"expected a mapping, got {describe(value)}")
        for key in value:
            if not re.fullmatch(self.names, key) or ".." in key:
                ctx.error(
                    (*path, key),
                    f"{quote(key)} is not a usable name (letters, digits, - _ .)",
                    key=True,
                )
        items = [(k, self.item.check(v, (*path, k), ctx)) for k, v in value.items()]
        if any(v is INVALID for _, v in items):
            return INVALID
        return tuple((k, v) for k, v in items if v is not None)

    def json_schema(self) -> dict[str, Any]:
        schema = {"type": "object", "additionalProperties": self.item.json_schema()}
        return _described(schema, self.description)


RecordCheck = Callable[[dict[str, Any], Path_, Context], None]

# What other résumé formats (JSON Resume, RenderCV, YAMLResume, Europass, LinkedIn's export)
# call our keys, lower case: an unknown key names ours, the first that its record has
# (`title` on a job is its `role`; `name` in a skill group its `group`).
_OTHER_NAMES = {
    "role": "position title job jobtitle job_title",
    "headline": "title label tagline",
    "organization": "company employer organisation name business",
    "institution": "school university college name",
    "title": "name",
    "group": "name label category",
    "summary": "description about bio abstract objective profile",
    "items": "keywords details skills list",
    "start": "from startdate start_date begin since",
    "end": "to enddate end_date until",
    "degree": "studytype study_type qualification diploma",
    "field": "area major subject study field_of_study fieldofstudy",
    "highlights": "achievements responsibilities accomplishments duties courses",
    "venue": "publisher journal conference",
    "date": "releasedate release_date published year",
    "location": "city place address",
    "locale": "language lang",
    "style": "theme template",
    "photo": "image picture avatar",
    "page_size": "paper papersize paper_size",
    "link": "url website homepage",
    "url": "website homepage",
    "website": "url homepage site",
    "links": "profiles social socials social_networks networks",
    "contact.email": "email mail",
    "contact.phone": "phone telephone mobile",
    "contact.location": "location city address",
    "contact.website": "website url homepage",
    "contact.links": "profiles social socials social_networks links",
}
OTHER_NAMES = {
    theirs: tuple(ours for ours, names in _OTHER_NAMES.items() if theirs in names.split())
    for theirs in " ".join(_OTHER_NAMES.values()).split()
}


@value
class Record(Spec):
    """A mapping with known keys, built into a frozen dataclass `build(**fields)`."""

    build: Callable[..., Any]
    fields: dict[str, Spec]
    required: tuple[str, ...] = ()
    checks: tuple[RecordCheck, ...] = ()
    description: str = ""
    about: dict[str, str] = field(default_factory=dict)  # key -> what it holds, for editors

    def check(self, value: Any, path: Path_, ctx: Context) -> Any:
        if not isinstance(value, dict):
            return ctx.error(path, f"expected a mapping, got {describe(value)}")
        errors_before = len(ctx.problems)
        out: dict[str, Any] = {}
        for key, raw in value.items():
            spec = self.fields.get(key)
            if spec is None:
                ctx.error((*path, key), self._unknown(key), key=True)
            elif raw is not None:
                checked = spec.check(raw, (*path, key), ctx)
                if checked is not None:
                    out[key] = checked
        for key in self.required:
            if key not in out and (*path, key) not in ctx.source.keys:
                ctx.require(path, f"`{key}` is required")
            elif key not in out:
                ctx.error((*path, key), f"`{key}` is required and must not be empty")
        if len(ctx.problems) == errors_before:  # rules between fields need valid fields
            for rule in self.checks:
                rule(out, path, ctx)
        if len(ctx.problems) > errors_before:
            return INVALID
        return self.build(**out)

    def _unknown(self, key: str) -> str:
        import difflib  # here: only a misspelt key needs it

        ours = self._ours(key)
        close = difflib.get_close_matches(key, list(self.fields), n=1, cutoff=0.6)
        hint = f"; here it is called `{ours}`" if ours else ""
        hint = hint or (f"; did you mean `{close[0]}`?" if close else "")
        known = ", ".join(self.fields)
        return f"unknown key {quote(key, mark='`')}{hint} (known keys: {known})"

    def _ours(self, key: str) -> str | None:
        """Our name for a key another format uses (`position` -> `role`), if this record
        has it; `contact.email` for an `email` given beside `name`."""
        import difflib

        theirs = key.lower().replace("-", "_")
        if theirs not in OTHER_NAMES:  # `descrption`: a misspelt `description`
            close = difflib.get_close_matches(theirs, list(OTHER_NAMES), n=1, cutoff=0.85)
            theirs = close[0] if close else theirs
        for name in OTHER_NAMES.get(theirs, ()):
            if name.split(".")[0] in self.fields:
                return name
        return None

    def json_schema(self) -> dict[str, Any]:
        schema = {
            "type": "object",
            "properties": {
                k: _described(v.json_schema(), self.about.get(k, ""))
                for k, v in self.fields.items()
            },
            "additionalProperties": False,
        }
        if self.required:
            schema["required"] = list(self.required)
        return _described(schema, self.description)


def _described(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {**schema, "description": description} if description else schema


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
