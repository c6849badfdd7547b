"""What every foreign reader shares: building our plain data from another format's, with
each placed value's location *and* its path in the user's own file carried along.

So a problem found later, by the validator or `--verify`, is reported at the line of the
value in the JSON Resume, RenderCV or YAMLResume file, under that format's own key names
(`work[0].startDate`), never under ours (`sections[0].experience[0].start`).
"""

from __future__ import annotations

from typing import Any

from ..errors import Problem, ResumeError, Severity, field_path, quote
from ..values import replace
from .source import Path_, Source

EMPTY = (None, "", [], {})


class Mapper:
    """Builds the converted document and remembers where every placed value came from."""

    def __init__(self, source: Source, format_name: str) -> None:
        self.source = source
        self.format = format_name
        self.values: dict[Path_, Any] = {(): source.locate(())}
        self.keys: dict[Path_, Any] = {}
        self.origins: dict[Path_, Path_] = {}
        self.warnings: list[Problem] = []

    def get(self, path: Path_) -> Any:
        node = self.source.data
        for part in path:
            if isinstance(part, int):
                node = node[part] if isinstance(node, list) and part < len(node) else None
            else:
                node = node.get(part) if isinstance(node, dict) else None
        return node

    def place(self, out: dict[str, Any], key: str, value: Any, out_path: Path_, src: Path_) -> None:
        """Put `value` at `out[key]`, located at `src` (and, for lists and mappings copied
        across whole, each of their items at its own place)."""
        if value in EMPTY:
            return
        out[key] = value
        self.graft((*out_path, key), src, value)

    def graft(self, out: Path_, src: Path_, value: Any = None) -> None:
        """Record that `out` (ours) stands for `src` (theirs), down into `value`."""
        self.values[out] = self.source.locate(src)
        self.keys[out] = self.source.locate(src, key=True)
        self.origins[out] = src
        if isinstance(value, list) and value == self.get(src):
            for i, item in enumerate(value):
                self.graft((*out, i), (*src, i), item)
        elif isinstance(value, dict) and value == self.get(src):
            for k, item in value.items():
                self.graft((*out, k), (*src, k), item)

    def copy(self, out: dict[str, Any], key: str, out_path: Path_, src: Path_) -> None:
        self.place(out, key, self.get(src), out_path, src)

    def rename(self, out: dict[str, Any], out_path: Path_, src: Path_, **ours: str) -> None:
        """Copy fields across under our names: ours=theirs."""
        for key, theirs in ours.items():
            self.copy(out, key, out_path, (*src, theirs))

    def warn(
        self, src: Path_, message: str, *, key: bool = False, severity: Severity = Severity.WARNING
    ) -> None:
        problem = Problem(message, self.source.locate(src, key=key), field_path(src), severity)
        if problem not in self.warnings:  # a field looked at twice is still one warning
            self.warnings.append(problem)

    def unknown_keys(self, src: Path_, known: set[str] | frozenset[str], what: str) -> None:
        """Every key of the mapping at `src` that the format does not define: a warning at
        its own line, so nothing a file holds disappears without a word."""
        node = self.get(src)
        if not isinstance(node, dict):
            return
        for key in node:
            if key not in known:
                shown = quote(key, mark="`")
                self.warn((*src, key), f"unknown {what} key {shown} is not shown", key=True)

    def first(self, src: Path_, *names: str) -> str | None:
        """The first of `names` the entry at `src` gives; each other one given is a warning
        (`company` beside `name`: only one can be shown)."""
        given = [n for n in names if self.get((*src, n)) not in EMPTY]
        for other in given[1:]:
            self.warn((*src, other), f"not shown: `{given[0]}` is shown instead", key=True)
        return given[0] if given else None

    def result(self, data: dict[str, Any], errors: list[Problem] | None = None) -> Source:
        """The converted document; or, when the type check found `errors`, all of them
        (with every warning) at once."""
        if errors:  # a warning about what holds a refused value would only echo it
            refused = [e.field for e in errors]
            echoes = {w for w in self.warnings for f in refused if _within(f, w.field)}
            kept = [w for w in self.warnings if w not in echoes]
            raise ResumeError([*errors, *self.source.warnings, *kept])
        return replace(
            self.source,
            data=data,
            values=self.values,
            keys=self.keys,
            warnings=(*self.source.warnings, *self.warnings),
            origins=self.origins,
            format=self.format,
        )


def _within(inner: str, outer: str) -> bool:
    """Is field `inner` the field `outer` or inside it?"""
    return inner == outer or inner.startswith((f"{outer}.", f"{outer}["))


def text_list(value: Any) -> list[str]:
    """The texts of a list (or one text), others dropped."""
    if isinstance(value, str):
        return [value]
    return [v for v in value if isinstance(v, str) and v] if isinstance(value, list) else []
