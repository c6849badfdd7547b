"""Stage 1: YAML text -> plain data (str / None / list / dict) + where each value stands.

Every scalar comes out as the text written in the file: `+447722850063`, `NO` and `3.10`
stay strings, dates are never turned into date objects. The later stages decide what a
field means; this stage only knows YAML. Alias bombs, recursion, deep nesting and unsafe
tags are refused here, before anything walks the data; the file itself (its size, kind,
encoding and characters) is checked first by read/decode.py.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..errors import Location, Problem, ResumeError, Severity, field_path, quote
from ..thirdparty import yaml  # PyYAML, imported with thirdparty's start-up tricks
from ..values import field, value
from .decode import (
    JSON_STRING,
    check_characters,
    check_size,
    decode_text,
    fail,
    join_pairs,
    read_bytes,
)
from .syntax import before_first, explain

MAX_NODES = 100_000
MAX_TEXT = 4 * 1024 * 1024  # characters of text after aliases are expanded
MAX_DEPTH = 64

Path_ = tuple[str | int, ...]

_PLAIN_TAGS = {
    "tag:yaml.org,2002:" + t for t in ("str", "int", "float", "bool", "null", "timestamp")
}
_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"
_NULL = "tag:yaml.org,2002:null"
_MERGE = "tag:yaml.org,2002:merge"
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@value
class Source:
    """A parsed file: its data and the location of every value and mapping key in it."""

    file: str
    data: Any
    values: dict[Path_, Location] = field(default_factory=dict)
    keys: dict[Path_, Location] = field(default_factory=dict)
    warnings: tuple[Problem, ...] = ()
    errors: tuple[Problem, ...] = ()  # YAML syntax errors the parse recovered from
    origins: dict[Path_, Path_] = field(default_factory=dict)  # our path -> the file's own
    format: str = ""  # "" for ours; "JSON Resume", "RenderCV", "YAMLResume" when mapped

    def name(self, path: Path_) -> str:
        """`path` as the user wrote it: for a mapped foreign file, in that format's own keys
        (`work[0].startDate`, not `sections[0].experience[0].start`)."""
        for n in range(len(path), 0, -1):
            origin = self.origins.get(path[:n])
            if origin is not None:
                return field_path((*origin, *path[n:]))
        return field_path(path)

    def locate(self, path: Path_, *, key: bool = False) -> Location:
        """The location of `path`, or of its nearest ancestor when it is absent."""
        while True:
            found = (self.keys if key else self.values).get(path) or self.values.get(path)
            if found or not path:
                return found or Location(self.file, 1, 1)
            path = path[:-1]


def read_source(path: Path, display_name: str | None = None) -> Source:
    """Read and parse a YAML (or JSON) file the user named."""
    name = display_name or str(path)
    return parse_source(read_bytes(path, name), name)


def parse_source(raw: bytes, name: str) -> Source:
    check_size(len(raw), name)
    text = decode_text(raw, name)
    check_characters(text, name)
    if name.lower().endswith(".json") and "\\u" in text:
        text = JSON_STRING.sub(join_pairs, text)
    lines = text.split("\n")
    syntax: list[Problem] = []
    while True:
        try:
            node = yaml.compose("\n".join(lines), Loader=_Loader)
            break
        except yaml.MarkedYAMLError as exc:
            opened = _runaway_quote("\n".join(lines), exc, json=_is_json(name))
            syntax.append(explain(exc, name, lines, opened))
            if opened and len(syntax) <= 20:
                lines[opened.line] = ""  # the culprit: the rest of the file reads again
            elif not _blank_out(lines, exc, syntax):
                raise ResumeError(syntax[:1]) from None
        except yaml.YAMLError as exc:
            raise fail(name, str(exc)) from None
        except RecursionError:
            raise fail(name, "nesting too deep") from None
    if node is None or (node.tag == _NULL and not node.value):  # nothing, or a bare ---
        if syntax:
            raise ResumeError(syntax[:1])
        raise fail(name, "empty document: expected a mapping with at least `name`")
    first = tuple(syntax[:1])  # what follows a syntax error may be the recovery's doing
    try:
        source = _Converter(name, None if _is_json(name) else lines).run(node)
    except ResumeError as exc:
        raise ResumeError([*first, *before_first(first, list(exc.problems))]) from None
    warnings = tuple(before_first(first, list(source.warnings)))
    return Source(source.file, source.data, source.values, source.keys, warnings, first)


def _blank_out(lines: list[str], exc: yaml.MarkedYAMLError, found: list[Problem]) -> bool:
    """Empty the line a syntax error points at, so the rest of the file can still be
    checked and every problem reported in one run; False when that cannot make progress."""
    if len(found) > 20 or "several YAML documents" in found[-1].message:
        return False
    marks = [exc.problem_mark, exc.context_mark]
    if "flow" in (exc.context or ""):  # an unclosed [ or {: the opening line is the culprit
        marks.reverse()
    for mark in marks:
        if mark and mark.line < len(lines) and lines[mark.line].strip():
            lines[mark.line] = ""
            return True
    return False


_KEY_LINE = re.compile(r"\s*(- +)?[^\s#'\"][^:#]*:(\s|$)")


def _runaway_quote(text: str, exc: yaml.MarkedYAMLError, *, json: bool) -> yaml.Mark | None:
    """Where a quote that was never closed on its line opened, when the parser only stumbled
    lines later: `headline: "Engineer who ships` reads the next lines (`email: ...`) into
    the text until a later quote ends it, and the error comes after that. A quoted text is
    taken as runaway when it spans lines, one of them reads like `key:`, and the error is
    on its last line or the next. In JSON, where text never spans lines, any such text is."""
    error = exc.problem_mark or exc.context_mark
    if error is None:
        return None
    runaway = None
    try:
        for token in yaml.scan(text, Loader=_Loader):
            start, end = token.start_mark, token.end_mark
            if start.line > error.line:
                break
            quoted = isinstance(token, yaml.ScalarToken) and token.style in ('"', "'")
            if quoted and start.line < end.line <= error.line <= end.line + 1:
                inside = text.split("\n")[start.line + 1 : end.line + 1]
                if json or any(_KEY_LINE.match(line) for line in inside):
                    runaway = start
    except yaml.YAMLError:
        pass  # the scanner stops where the parser did, or before: what it saw is enough
    return runaway


def _is_json(name: str) -> bool:
    return name.lower().endswith(".json")


COMMENT_TRAP = (
    "the text after ' #' is a YAML comment and is not shown; put the value in quotes to keep it"
)
_TEXT_COMMENT = re.compile(r"[ \t]+#\S")  # `Ranked #1`: a comment that reads like text
_ANY_COMMENT = re.compile(r"[ \t]*#")


class _Converter:
    """Walks composed YAML nodes once, recording locations and enforcing limits."""

    def __init__(self, name: str, lines: list[str] | None = None) -> None:
        self.name = name
        self.lines = lines  # the YAML text, to find comments on a value's line; None for JSON
        self.values: dict[Path_, Location] = {}
        self.keys: dict[Path_, Location] = {}
        self.problems: list[Problem] = []
        self.warnings: list[Problem] = []
        self._sizes: dict[int, tuple[int, int]] = {}

    def run(self, root: yaml.Node) -> Source:
        try:
            nodes, chars = self._expanded_size(root, set())
        except RecursionError:
            raise fail(self.name, "nesting too deep") from None
        distinct = len(self._sizes)
        if distinct > MAX_NODES:
            msg = f"too many values ({distinct:,}; the limit is {MAX_NODES:,})"
            raise ResumeError([Problem(msg, self._loc(root))])
        if nodes > MAX_NODES:
            msg = f"document expands to {nodes:,} nodes via aliases (limit {MAX_NODES:,})"
            raise ResumeError([Problem(msg, self._loc(root))])
        if chars > MAX_TEXT:
            msg = (
                f"document expands to over {MAX_TEXT >> 20} MiB of text via aliases "
                f"(limit {MAX_TEXT >> 20} MiB)"
            )
            raise ResumeError([Problem(msg, self._loc(root))])
        data = self._convert(root, ())
        if self.problems:
            raise ResumeError(self.problems)
        return Source(self.name, data, self.values, self.keys, tuple(self.warnings))

    def _loc(self, node: yaml.Node) -> Location:
        return Location(self.name, node.start_mark.line + 1, node.start_mark.column + 1)

    def _expanded_size(self, node: yaml.Node, active: set[int]) -> tuple[int, int]:
        """Nodes and characters of text after alias expansion, memoised on identity so a
        bomb costs O(distinct): a few aliases of one long text are as costly as copies."""
        key = id(node)
        if key in self._sizes:
            return self._sizes[key]
        if key in active:
            raise ResumeError(
                [Problem("recursive alias: a value contains itself", self._loc(node))]
            )
        if len(active) > MAX_DEPTH:
            raise ResumeError([Problem(f"nesting deeper than {MAX_DEPTH} levels", self._loc(node))])
        active.add(key)
        nodes, chars = 1, 0
        if isinstance(node, yaml.ScalarNode):
            chars = len(node.value)
        else:
            children = (
                node.value
                if isinstance(node, yaml.SequenceNode)
                else [child for pair in node.value for child in pair]
            )
            for child in children:
                n, c = self._expanded_size(child, active)
                nodes, chars = nodes + n, chars + c
        active.discard(key)
        self._sizes[key] = (min(nodes, MAX_NODES + 1), min(chars, MAX_TEXT + 1))
        return self._sizes[key]

    def _convert(self, node: yaml.Node, path: Path_) -> Any:
        self.values.setdefault(path, self._loc(node))
        if isinstance(node, yaml.ScalarNode):
            if node.tag not in _PLAIN_TAGS:
                return self._bad_tag(node, path)
            if self.lines is not None and not node.style:
                self._comment_trap(node, path)
            return None if node.tag == _NULL else node.value
        if isinstance(node, yaml.SequenceNode):
            if node.tag != _SEQ:
                return self._bad_tag(node, path)
            return [self._convert(child, (*path, i)) for i, child in enumerate(node.value)]
        if node.tag != _MAP:
            return self._bad_tag(node, path)
        return self._mapping(node, path)

    def _comment_trap(self, node: yaml.ScalarNode, path: Path_) -> None:
        """`summary: Ranked #1 in sales` reads "Ranked": YAML drops the rest as a comment,
        and `- #1 seller` is an empty item. Warned when what follows the value on its line
        is a comment that reads like text (`#` then a letter or digit), or when a list
        item is empty; a comment set apart (`value  # note`) is taken as meant."""
        assert self.lines is not None
        end = node.end_mark
        rest = self.lines[end.line][end.column :] if end.line < len(self.lines) else ""
        empty = node.tag == _NULL and not node.value
        in_list = bool(path) and isinstance(path[-1], int)
        if empty and in_list:
            found = _ANY_COMMENT.match(rest) is not None
            message = COMMENT_TRAP if found else "an empty list item; nothing is shown for it"
        elif _TEXT_COMMENT.match(rest):
            found, message = True, COMMENT_TRAP
        else:
            return
        column = end.column + rest.index("#") + 1 if found else end.column  # the `#`, or the `-`
        loc = Location(self.name, end.line + 1, column)
        self.warnings.append(Problem(message, loc, field_path(path), Severity.WARNING))

    def _mapping(self, node: yaml.MappingNode, path: Path_) -> dict[str, Any]:
        out: dict[str, Any] = {}
        seen: dict[str, yaml.Node] = {}
        merged: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE:
                merged.update(self._merge_source(value_node, path))
                continue
            if not isinstance(key_node, yaml.ScalarNode):
                self.problems.append(
                    Problem("a key must be plain text", self._loc(key_node), field_path(path))
                )
                continue
            key = key_node.value
            if key in seen:
                first = seen[key].start_mark.line + 1
                msg = f"duplicate key {quote(key)} (first at line {first}); the later one is used"
                self.warnings.append(
                    Problem(msg, self._loc(key_node), field_path((*path, key)), Severity.WARNING)
                )
            seen[key] = key_node
            self.keys[(*path, key)] = self._loc(key_node)
            self.values.pop((*path, key), None)
            out[key] = self._convert(value_node, (*path, key))
        return {**merged, **out}

    def _merge_source(self, node: yaml.Node, path: Path_) -> dict[str, Any]:
        """`<<: *base` (or a list of them): the YAML merge key, explicit keys win."""
        nodes = node.value if isinstance(node, yaml.SequenceNode) else [node]
        merged: dict[str, Any] = {}
        for part in reversed(nodes):
            if not isinstance(part, yaml.MappingNode):
                self.problems.append(
                    Problem("`<<` must merge a mapping", self._loc(part), field_path(path))
                )
                continue
            merged.update(self._mapping(part, path))
        return merged

    def _bad_tag(self, node: yaml.Node, path: Path_) -> None:
        tag = quote(node.tag)
        msg = f"unsupported YAML tag {tag}; only plain values, lists and mappings are read"
        self.problems.append(Problem(msg, self._loc(node), field_path(path)))
        return None


def dump_yaml(data: Any) -> str:
    """Plain data as block-style YAML; every text quoted where YAML would misread it."""
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
