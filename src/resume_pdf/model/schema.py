"""Declarative field specs shared by the résumé model and the style files.

A spec both validates plain data from `source.py` (collecting every located problem) and
describes itself as JSON Schema, so the validator and `resume-pdf schema` cannot drift.
This module holds the frame (`Context`, `Spec`) and the containers and choices (lists,
mappings, records, numbers); the text specs, where text is normalised once so later
stages only ever see clean text, are in `text_fields.py`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..errors import Problem, Severity, quote
from ..read.source import Path_, Source
from ..values import field, replace, value

INVALID: Any = object()  # a value that failed validation; its problem is already recorded


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
        self.languages: tuple[str, ...] = ()  # `languages:`, the first the default
        self.language: str | None = None  # the one being built (None: the default)

    def untranslated(self, path: Path_, message: str) -> None:
        """A text with no translation into the language built: shown in another (warned)."""
        self.warn(path, message)

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
        return described({"enum": options}, self.description)


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
        return described(schema, self.description)


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
        return described({"type": "array", "items": self.item.json_schema()}, self.description)


@value
class Either(Spec):
    """A text shorthand or a full mapping, e.g. a bullet as text or {text, tags}."""

    text: Spec
    mapping: Spec
    wrap: Callable[[Any], Any]  # turns the shorthand's value into the mapping's type
    description: str = ""

    def check(self, value: Any, path: Path_, ctx: Context) -> Any:
        fields = getattr(self.mapping, "fields", {})
        if isinstance(value, dict) and not value.keys() & fields and _translated(value, ctx):
            return self._text(value, path, ctx)
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
        return self._text(value, path, ctx)

    def _text(self, value: Any, path: Path_, ctx: Context) -> Any:
        checked = self.text.check(value, path, ctx)
        return checked if checked in (None, INVALID) else self.wrap(checked)

    def json_schema(self) -> dict[str, Any]:
        schema = {"anyOf": [self.text.json_schema(), self.mapping.json_schema()]}
        return described(schema, self.description)


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
        return described(schema, self.description)


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
        meant: set[str] = set()  # keys an unknown key was taken for: not missing as well
        listed: list[Any] = []  # `{items: a, b}`: a list field given a text, and the keys after
        for key, raw in value.items():
            spec = self.fields.get(key)
            if spec is None and raw is None and listed:
                listed.append(key)  # `b` of `items: a, b`: part of that one mistake
                self._comma_split(listed, path, ctx)
                continue
            if spec is None:
                ctx.error((*path, key), self._unknown(key), key=True)
                meant.add(self._meant(key) or "")
            elif raw is not None:
                checked = spec.check(raw, (*path, key), ctx)
                if checked is not None:
                    out[key] = checked
            listed = [key, raw] if isinstance(spec, ListOf) and isinstance(raw, str) else []
        for key in self.required:
            if key in meant and key not in value:
                continue  # `nmae:` was reported as `name` misspelt: one mistake, one message
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

    def _comma_split(self, listed: list[Any], path: Path_, ctx: Context) -> None:
        """`{group: G, items: Python, C++}`: YAML ends the text at the comma and reads `C++`
        as a key. The list field's error says so (with the list written out) in place of
        an unknown key `C++` besides."""
        key, text, *after = listed
        name = ctx.source.name((*path, key))
        for i in range(len(ctx.problems) - 1, -1, -1):
            if ctx.problems[i].field == name:
                items = ", ".join([text, *after])
                hint = f"inside {{...}} a comma starts a new key: write `{key}: [{items}]`"
                ctx.problems[i] = replace(ctx.problems[i], hint=hint)
                return

    def _meant(self, key: str) -> str | None:
        """The key of this record an unknown `key` most likely is (`nmae` -> `name`)."""
        import difflib

        close = difflib.get_close_matches(key, list(self.fields), n=1, cutoff=0.6)
        return self._ours(key) or (close[0] if close else None)

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
                k: described(v.json_schema(), self.about.get(k, "")) for k, v in self.fields.items()
            },
            "additionalProperties": False,
        }
        if self.required:
            schema["required"] = list(self.required)
        return described(schema, self.description)


def described(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {**schema, "description": description} if description else schema


def _translated(value: dict[str, Any], ctx: Context) -> bool:
    """A mapping some of whose keys are language codes: a translated text, not a record."""
    from ..text.cldr import canonical_code  # Babel: only in a file that lists `languages:`

    return bool(ctx.languages) and any(
        isinstance(k, str) and canonical_code(k) is not None for k in value
    )
