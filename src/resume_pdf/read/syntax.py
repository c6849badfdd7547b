"""YAML syntax errors in the project's words: the cause first, at the line where the problem
starts (where a quote or a bracket was opened, not where the parser gave up), with the
source line for a caret and a hint that says how to fix it.

The parser's own exception is read by its attributes (problem, context and their marks),
so this module needs no YAML library; source.py hands it the error and the file's lines.
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import Location, Problem

PREFIX = "YAML syntax error: "
_KEY = re.compile(r"^(\s*(?:-\s+)?)([^\s:#'\"][^:#]*?):\s+(.*)$")


def explain(exc: Any, name: str, lines: list[str], opened: Any = None) -> Problem:
    """The Problem for one parser error; falls back to the parser's words when the error
    is not one of the mistakes people make. `opened`: where a quote that ran on over
    the next lines was opened (the loader finds it in the token stream), said there."""
    json = name.lower().endswith(".json")
    if opened is not None:
        return _problem(name, lines, opened, *_runaway(exc, opened, lines, json=json))
    problem, context = exc.problem or "", exc.context or ""
    mark, start = exc.problem_mark or exc.context_mark, exc.context_mark
    for rule in JSON_RULES if json else RULES:
        found = rule(problem, context, mark, start, lines)
        if found:
            at, message, hint = found
            return _problem(name, lines, at, message, hint)
    started = (
        f" started at line {start.line + 1}" if start and mark and start.line != mark.line else ""
    )
    message = f"{problem or 'invalid YAML'}" + (f" ({context}{started})" if context else "")
    return _problem(name, lines, mark, message, "")


def _problem(name: str, lines: list[str], at: Any, message: str, hint: str) -> Problem:
    if at is None:
        return Problem(PREFIX + message, hint=hint)
    excerpt = lines[at.line] if at.line < len(lines) else ""
    loc = Location(name, at.line + 1, at.column + 1)
    return Problem(PREFIX + message, loc, hint=hint, excerpt=excerpt.rstrip("\r"))


Found = tuple[Any, str, str] | None


def _line(lines: list[str], mark: Any) -> str:
    return lines[mark.line] if mark and mark.line < len(lines) else ""


def _documents(problem: str, context: str, mark: Any, start: Any, lines: list[str]) -> Found:
    if "expected a single document" in problem + context:
        return mark, "several YAML documents (---) in one file", "keep one résumé per file"
    return None


def _depth(problem: str, context: str, mark: Any, start: Any, lines: list[str]) -> Found:
    if "nesting depth" not in problem:
        return None
    return mark, "nesting too deep: lists or mappings inside each other too many levels", ""


def _tab(problem: str, context: str, mark: Any, start: Any, lines: list[str]) -> Found:
    if mark and _line(lines, mark)[mark.column : mark.column + 1] == "\t":
        return mark, "a tab character here: YAML indentation must use spaces, not tabs", ""
    return None


_ESCAPE = re.compile(r"\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8}))")


def _escape(problem: str, context: str, mark: Any, start: Any, lines: list[str]) -> Found:
    """`"\\ud800"`: an escape of a code point that is no character (libyaml stops there and
    calls it an unfinished quote). Said at the escape, with what it is."""
    if "invalid Unicode character escape" not in problem or mark is None:
        return None
    text = _line(lines, mark)
    column = text.rfind("\\", 0, mark.column + 1)
    found = _ESCAPE.match(text, column) if column >= 0 else None
    if not found:
        return None
    code = int(found.group(1) or found.group(2), 16)
    at = type("Mark", (), {"line": mark.line, "column": column})()
    low = _ESCAPE.match(text, found.end())
    low_code = int(low.group(1) or low.group(2), 16) if low else 0
    if 0xD800 <= code <= 0xDBFF and 0xDC00 <= low_code <= 0xDFFF:
        char = chr(0x10000 + (code - 0xD800) * 0x400 + (low_code - 0xDC00))
        pair = text[column : low.end()] if low else ""
        message = f"`{pair}` is a UTF-16 surrogate pair, which YAML does not read as one character"
        return at, message, f"write {char} itself, or \\U{ord(char):08X}"
    hint = "delete it; write a character itself, or one beyond U+FFFF as \\U0001F600"
    if 0xD800 <= code <= 0xDFFF:
        return at, f"`{found.group()}` is a lone surrogate (U+{code:04X}), not a character", hint
    return at, f"`{found.group()}` is beyond U+10FFFF, not a character", hint


def _quote(problem: str, context: str, mark: Any, start: Any, lines: list[str]) -> Found:
    if "quoted scalar" not in context or start is None:
        return None
    quote = _line(lines, start)[start.column : start.column + 1] or '"'
    hint = f"end the text with {quote} on this line"
    hint += r' (write \" for a quote inside "...")' if quote == '"' else " (write '' for a quote)"
    return start, f"the quoted text opened here with {quote} is never closed", hint


def _runaway(exc: Any, opened: Any, lines: list[str], *, json: bool) -> tuple[str, str]:
    quote = _line(lines, opened)[opened.column : opened.column + 1] or '"'
    ended = (exc.problem_mark or exc.context_mark).line + 1
    message = f"the quoted text opened here with {quote} is not closed on this line"
    hint = f"end the text with {quote} on this line"
    if json:
        hint += r" (JSON text stays on one line: write \n for a line break, \" for a quote)"
    else:
        hint += (
            r' (write \" for a quote inside "...")' if quote == '"' else " (write '' for a quote)"
        )
    return message + f"; it runs on to line {ended}", hint


def _bracket(problem: str, context: str, mark: Any, start: Any, lines: list[str]) -> Found:
    if "while parsing a flow" not in context or start is None:
        return None
    opened, closing = ("[", "]") if "sequence" in context else ("{", "}")
    hint = f"close it with {closing}, or write one item per line starting with `- `"
    if opened == "{":
        hint = f"close it with {closing}; a text with ', ' or ': ' inside it must be quoted"
    return start, f"the {opened} opened here is never closed", hint


def _colon_in_value(problem: str, context: str, mark: Any, start: Any, lines: list[str]) -> Found:
    """`title: Talk: Ledgers` — a second ': ' on a line that already has its key."""
    if "mapping values are not allowed" not in problem or mark is None:
        return None
    text = _line(lines, mark)
    found = _KEY.match(text)
    if not found or len(found.group(1) + found.group(2)) >= mark.column:
        return None  # the colon is the line's first: an indentation mistake
    lead, key, value = found.groups()
    value = value.rstrip() if len(value) <= 50 else value[:40].rstrip() + "…"
    quoted = '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    hint = f"quote it: {lead.strip()}{' ' if lead.strip() else ''}{key}: {quoted}"
    return mark, "a value containing ': ' must be quoted", hint.replace("  ", " ")


def _indentation(problem: str, context: str, mark: Any, start: Any, lines: list[str]) -> Found:
    block = "block" in context or "mapping values are not allowed" in problem
    if not block or mark is None:
        return None
    text = _line(lines, mark)
    column = len(text) - len(text.lstrip(" "))
    above = _previous_key_column(lines, mark.line)
    hint = "keys of one mapping, and the `- ` items of one list, start at the same column"
    if above is not None and above != column:
        hint = f"this line starts at column {column + 1}, the line above at {above + 1}; " + hint
    at = type("Mark", (), {"line": mark.line, "column": column})()
    return at, "this line's indentation does not match the lines around it", hint


def _previous_key_column(lines: list[str], line: int) -> int | None:
    for text in reversed(lines[:line]):
        if text.strip() and not text.lstrip().startswith("#"):
            return len(text) - len(text.lstrip(" "))
    return None


def _no_colon(problem: str, context: str, mark: Any, start: Any, lines: list[str]) -> Found:
    if "could not find expected ':'" not in problem or start is None:
        return None
    hint = "text that goes on over several lines is indented further than its key, or quoted"
    return start, "expected `key: value` on this line", hint


_JSON_SEPARATOR = re.compile(r"did not find expected ',' or '([}\]])'")


def _json_comma(problem: str, context: str, mark: Any, start: Any, lines: list[str]) -> Found:
    """`"name": "Ada"` and the next member with no comma between them."""
    found = _JSON_SEPARATOR.search(problem)
    if not found or mark is None or mark.line >= len(lines):
        return None
    closing = found.group(1)
    what = "members of an object" if closing == "}" else "items of a list"
    hint = f"JSON separates the {what} with commas: add one after the value before this"
    return mark, f"expected ',' or '{closing}' before this", hint


def _json_bracket(problem: str, context: str, mark: Any, start: Any, lines: list[str]) -> Found:
    if "while parsing a flow" not in context or start is None:
        return None
    opened, closing = ("[", "]") if "sequence" in context else ("{", "}")
    return start, f"the {opened} opened here is never closed", f"close it with {closing}"


def before_first(errors: tuple[Problem, ...], problems: list[Problem]) -> list[Problem]:
    """The problems that the recovery from a syntax error cannot have caused: those in
    other files or above the first syntax error. One mistake, one message."""
    if not errors:
        return problems
    first = errors[0].location
    if first is None:
        return []
    return [
        p
        for p in problems
        if p.location and (p.location.file != first.file or p.location.line < first.line)
    ]


# a JSON file: the same parser, hints in JSON's terms (no indentation, no `- ` items, no
# YAML quoting advice), and the parser's own words where no rule knows the mistake
JSON_RULES = (_documents, _depth, _escape, _quote, _json_comma, _json_bracket)

RULES = (
    _documents,
    _depth,
    _tab,
    _escape,
    _quote,
    _bracket,
    _colon_in_value,
    _indentation,
    _no_colon,
)
