"""One person's résumé in several files, one per language, joined into one source whose texts
carry their translations (`convert cv.en.json cv.de.json -o cv.yaml`).

In: each file already mapped onto our plain data (read_foreign), with its language code.
Out: one Source: `languages:` in the files' order, a text that differs between the files as
`{en: ..., de: ...}`, a value that is the same in all of them once, and the first file's
positions, so that later problems point into it. Files must list the same entries in the
same order: entries cannot be matched across languages by their words.
"""

from __future__ import annotations

from typing import Any

from ..errors import Problem, ResumeError, Severity
from .source import Path_, Source


def join_languages(files: list[tuple[str, Source]]) -> Source:
    """The files' data joined; a ResumeError when their shapes differ."""
    joiner = _Joiner(files)
    data = joiner.join([s.data for _, s in files], ())
    if joiner.problems:
        raise ResumeError(joiner.problems)
    first = files[0][1]
    codes = [code for code, _ in files]
    if first.format and isinstance(data.get("sections"), list):
        data["sections"] = [_titled(section, codes) for section in data["sections"]]
    data = {"languages": codes, **data}
    warnings = (*(w for _, s in files for w in s.warnings), *joiner.warnings)
    return Source(
        first.file, data, first.values, first.keys, warnings, (), first.origins, first.format
    )


class _Joiner:
    def __init__(self, files: list[tuple[str, Source]]) -> None:
        self.codes = [code for code, _ in files]
        self.sources = [source for _, source in files]
        self.problems: list[Problem] = []
        self.warnings: list[Problem] = []

    def join(self, values: list[Any], path: Path_) -> Any:
        present = [v for v in values if v is not None]
        if all(isinstance(v, str) for v in present):
            return self._text(values, path)
        if all(isinstance(v, dict) for v in present):
            keys = dict.fromkeys(k for v in present for k in v)
            joined = {k: self.join([_get(v, k) for v in values], (*path, k)) for k in keys}
            return {k: v for k, v in joined.items() if v is not None}
        if all(isinstance(v, list) for v in present):
            return self._list(values, path)
        return self._differs(values, path, "holds a different kind of value")

    def _text(self, values: list[str | None], path: Path_) -> Any:
        present = {c: v for c, v in zip(self.codes, values, strict=True) if v is not None}
        if not present:
            return None
        if len(set(present.values())) == 1:
            missing = [c for c in self.codes if c not in present]
            if missing:
                message = f"not in the {', '.join(missing)} file: the same in every language"
                self.warnings.append(self._problem(path, message, Severity.WARNING))
            return next(iter(present.values()))
        return present

    def _list(self, values: list[Any], path: Path_) -> Any:
        lengths = {len(v) for v in values if v is not None}
        if len(lengths) > 1:
            return self._differs(values, path, "lists a different number of entries")
        (length,) = lengths  # a list one file leaves out: its texts are warned as missing
        values = [v if v is not None else [None] * length for v in values]
        return [
            self.join(list(items), (*path, i)) for i, items in enumerate(zip(*values, strict=True))
        ]

    def _differs(self, values: list[Any], path: Path_, what: str) -> None:
        """`what` at the first file whose value is not shaped like the first file's."""
        first = values[0]
        for code, value, source in zip(self.codes[1:], values[1:], self.sources[1:], strict=True):
            if _shape(value) == _shape(first):
                continue
            counts = f" ({len(value)} against {len(first)})" if _shape(value)[1] else ""
            counts = counts if isinstance(first, list) else ""
            message = (
                f"{what} in the {code} file than in the {self.codes[0]} file{counts}: one "
                "person's files list the same entries in the same order"
            )
            where = source.locate(path) if value is not None else source.locate(())
            self.problems.append(Problem(message, where, source.name(path)))
            break

    def _problem(self, path: Path_, message: str, severity: Severity) -> Problem:
        first = self.sources[0]
        return Problem(message, first.locate(path), first.name(path), severity)


def _titled(section: Any, codes: list[str]) -> Any:
    """A section title the reader made (`Experience`, the same in every file) in each
    language whose titles it knows (`Berufserfahrung`)."""
    from .titles import TITLES

    title = section.get("title") if isinstance(section, dict) else None
    key = next((k for k, v in TITLES["en"].items() if v == title), None)
    if key is None:
        return section
    titles = {c: TITLES.get(c.split("-")[0], TITLES["en"])[key] for c in codes}
    return {**section, "title": titles if len(set(titles.values())) > 1 else title}


def _get(value: Any, key: str) -> Any:
    return value.get(key) if isinstance(value, dict) else None


def _shape(value: Any) -> tuple[type, int | None]:
    return type(value), len(value) if isinstance(value, list) else None
