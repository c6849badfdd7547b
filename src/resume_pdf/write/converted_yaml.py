"""A converted résumé as YAML (`convert`): keys in the order docs/format.md shows them, long
texts as readable blocks, and each value a warning names kept as comment lines at the entry it
came from.

The file must say only what the input said. A comment is one line in YAML only while no line
break is inside it, and YAML readers (PyYAML, libyaml) end a line at `\\n`, `\\r`, U+0085,
U+2028 and U+2029; so every such character in a comment (and every character a YAML stream may
not hold) is written as an escape (`\\u2028`), whatever key, value or message brings it. The
comments are placed through stand-in keys replaced after dumping; the stand-in's name holds a
random part chosen after reading the data, so no user text can be mistaken for one, and the
finished text is parsed back and compared with the data before it is returned.
"""

from __future__ import annotations

import re
import secrets
from typing import TYPE_CHECKING, Any

from ..errors import Problem, field_path
from ..thirdparty import yaml

if TYPE_CHECKING:
    from collections.abc import Iterator

    from ..read.source import Source

# What YAML or a reader takes as a line break, and what a YAML stream may not hold at all.
_UNSAFE = re.compile(
    "[\r\n\x85\u2028\u2029]|[^\t\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
)


def comment_safe(text: str) -> str:
    """`text` on one comment line: each line break and unprintable character as an escape."""
    return _UNSAFE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


class _Dumper(yaml.SafeDumper):
    """Block style; a text of several lines as a `|` block when it reads back as itself."""


WIDTH = 100  # columns a written line holds; longer plain texts are folded at a space


class Prose(str):
    """A paragraph text (`summary`, `text`): a single line break in it reads as a space."""

    __slots__ = ()


def _text(dumper: yaml.SafeDumper, data: str) -> yaml.ScalarNode:
    if isinstance(data, Prose) and "\n" in data:
        data = wrapped(data)
    if "\n" in data and not _UNSAFE.search(data.replace("\n", "")):
        node = yaml.ScalarNode("tag:yaml.org,2002:str", str(data), style="|")
        written = yaml.serialize(node, Dumper=yaml.SafeDumper, allow_unicode=True)
        if _parsed(written) == data:
            return dumper.represent_scalar("tag:yaml.org,2002:str", str(data), style="|")
    return dumper.represent_str(str(data))


def wrapped(text: str, width: int = 80) -> str:
    """Long lines of a paragraph text broken at single spaces between words (which the
    reader turns back into spaces), so a `|` block reads without scrolling."""
    out = []
    for line in text.split("\n"):
        row = ""
        for word in re.split(r"(?<=\S) (?=\S)", line):
            if row and len(row) + 1 + len(word) > width:
                out.append(row)
                row = word
            else:
                row = f"{row} {word}" if row else word
        out.append(row)
    return "\n".join(out)


_Dumper.add_representer(str, _text)
_Dumper.add_representer(Prose, _text)


def dump_converted(data: Any) -> str:
    """Plain data as block-style YAML, long texts folded at WIDTH columns."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=WIDTH)


def dump_noted(source: Source, converted: Source, warnings: tuple[Problem, ...]) -> str:
    """The converted data as YAML, in reading order, with each warned value of `source` as
    comment lines (`# work[0].website: not shown: ...` and the value as YAML) inside the
    entry it came from, or at the top when it came from no entry."""
    data = _prose(in_reading_order(converted.data))
    plain = dump_converted(data)
    stand_in = _stand_in(plain)
    paths = {field_path(path): path for path in _paths(source.data)}
    top: list[str] = []
    notes: list[list[str]] = []
    noted = _prose(in_reading_order(converted.data))
    for problem in warnings:
        path = paths.get(problem.field)
        if not path:  # none, or the whole document (a LinkedIn export's note)
            continue
        lines = _note_lines(problem, path, source.data)
        entry = _entry_of(noted, converted.origins, path)
        if entry is None:
            top += lines
            continue
        keys = list(entry.items())
        entry.clear()
        entry.update([keys[0], (stand_in.format(len(notes)), 0), *keys[1:]])
        notes.append(lines)
    text = _placed(dump_converted(noted), stand_in, notes)
    if _parsed(text) != _parsed(plain):  # never: but a comment must not change the data
        top, text = top + [line for lines in notes for line in lines], plain
    return "".join(f"# {line}".rstrip() + "\n" for line in top) + text


def _prose(data: Any, key: object = None) -> Any:
    """`data` with every `summary` and `text` string marked as Prose."""
    if isinstance(data, dict):
        return {k: _prose(v, k) for k, v in data.items()}
    if isinstance(data, list):
        return [_prose(v, key) for v in data]
    return Prose(data) if isinstance(data, str) and key in ("summary", "text") else data


def _note_lines(problem: Problem, path: tuple[str | int, ...], data: Any) -> list[str]:
    """The warning and the value it names, each line safe to write after `# `."""
    lines = [f"{problem.field}: {problem.severity.value}: {problem.message}"]
    held = {path[-1]: _at(data, path)} if isinstance(path[-1], str) else [_at(data, path)]
    value = dump_converted(held).removesuffix("...\n")
    lines += [f"  {line}" for line in value.split("\n") if line]
    return [comment_safe(line) for line in lines]


def _stand_in(text: str) -> str:
    """A stand-in key's pattern whose random part occurs nowhere in `text`."""
    while True:
        part = secrets.token_hex(8)
        if part not in text:
            return f"__resume_pdf_note_{part}_{{}}__"


def _placed(text: str, stand_in: str, notes: list[list[str]]) -> str:
    """Each stand-in line of `text` replaced by its note's comment lines at its indent."""
    head, tail = (re.escape(part) for part in stand_in.split("{}"))
    found = re.compile(rf"^( *){head}(\d+){tail}: 0$", flags=re.M)

    def comment(match: re.Match[str]) -> str:
        indent, lines = match.group(1), notes[int(match.group(2))]
        return "\n".join(f"{indent}# {line}".rstrip() for line in lines)

    return found.sub(comment, text)


def _parsed(text: str) -> Any:
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError:
        return None


def _paths(node: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    yield path
    if isinstance(node, dict | list):
        for key, inner in node.items() if isinstance(node, dict) else enumerate(node):
            yield from _paths(inner, (*path, key))


def _at(node: Any, path: tuple[str | int, ...]) -> Any:
    for part in path:
        node = node[part]
    return node


def _entry_of(data: Any, origins: dict, path: tuple[str | int, ...]) -> dict[str, Any] | None:
    """The deepest mapping of `data` (not the top) that stands for `path` or a mapping
    holding it; None for the top."""
    for n in range(len(path), 0, -1):
        found = None
        for ours, theirs in origins.items():
            if theirs != path[:n]:
                continue
            entry = _dict_at(data, ours)
            if entry is not None and (found is None or len(entry[0]) > len(found[0])):
                found = entry
        if found is not None:
            return found[1]
    return None


def _dict_at(data: Any, path: tuple[str | int, ...]) -> tuple[tuple, dict[str, Any]] | None:
    """The nearest mapping at or above `path` in `data`, with its path; None for the top."""
    node = data
    trail: list[tuple[tuple, Any]] = [((), data)]
    for i, part in enumerate(path):
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            break
        trail.append((path[: i + 1], node))
    for where, node in reversed(trail):
        if where and isinstance(node, dict) and node:
            return where, node
    return None


def in_reading_order(data: object) -> object:
    """Mappings with their keys in the order a person reads an entry — who and where, then
    when, then what — whatever order the source format used; unknown keys keep theirs."""
    from .key_order import in_reading_order as ordered

    return ordered(data)
