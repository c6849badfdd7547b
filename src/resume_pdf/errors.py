"""The one user-facing error type: located problems, reported all at once.

Every stage raises `ResumeError` for input the user can fix; anything else is a bug
and keeps its traceback. Only the CLI turns problems into text and exit codes.
"""

from __future__ import annotations

from enum import Enum

from .values import value


class Severity(Enum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"  # what the tool chose for the user, e.g. an installed font


@value
class Location:
    file: str
    line: int  # 1-based
    column: int  # 1-based

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@value
class Problem:
    message: str
    location: Location | None = None
    field: str = ""
    severity: Severity = Severity.ERROR
    hint: str = ""  # how to fix it, in the project's words (shown on its own line)
    excerpt: str = ""  # the source line the location points into, for a caret under it

    def __str__(self) -> str:
        parts = [str(self.location)] if self.location else []
        if self.field:
            parts.append(self.field)
        prefix = "" if self.severity is Severity.ERROR else f"{self.severity.value}: "
        parts.append(prefix + self.message)
        return ": ".join(parts)

    @property
    def sort_key(self) -> tuple[str, int, int]:
        loc = self.location
        return (loc.file, loc.line, loc.column) if loc else ("", 0, 0)


class ResumeError(Exception):
    """The résumé, a style or the output path has problems the user can fix."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]) -> None:
        self.problems = tuple(sorted(problems, key=lambda p: p.sort_key))
        super().__init__("\n".join(str(p) for p in self.problems))

    def __reduce__(self) -> tuple[type, tuple[tuple[Problem, ...]]]:
        return (ResumeError, (self.problems,))  # so batch workers can send it back


class ReadBackFailed(ResumeError):
    """`--verify` found the PDF loses text: its problems, and which extractor read it."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...], extractor: str) -> None:
        super().__init__(problems)
        self.extractor = extractor

    def __reduce__(self) -> tuple[type, tuple[tuple[Problem, ...], str]]:  # type: ignore[override]
        return (ReadBackFailed, (self.problems, self.extractor))


SHOWN = 80  # characters of a user's value that a message quotes at most


def cut(text: str, limit: int = SHOWN) -> str:
    """`text`, or its first `limit` - 1 characters and `…` when it is longer."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quote(value: object, limit: int = SHOWN, mark: str = "'") -> str:
    """A user's value as every message quotes it: `'a value'`, or its first ~80 characters
    and its length (`'xxx…' (300,000 characters)`), so that no value of any size floods
    the terminal. Quoted as Python does (control characters escaped); `mark` "`" quotes
    a key."""
    text = str(value)
    shown = cut(text, limit)
    quoted = repr(shown) if mark == "'" else f"{mark}{shown}{mark}"
    return quoted if shown == text else f"{quoted} ({len(text):,} characters)"


def field_path(path: tuple[str | int, ...]) -> str:
    """Render ('sections', 2, 'title') as 'sections[2].title', the form users see."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out


def os_reason(exc: OSError) -> str:
    """The OS's words for a failed file operation; a symlink loop and a name too long say
    so plainly (Python would otherwise raise RuntimeError or print the whole long name)."""
    import errno

    if exc.errno == errno.ELOOP:
        return "too many levels of symbolic links (a symlink loop?)"
    if exc.errno == errno.ENAMETOOLONG:
        return "file name too long"
    return exc.strerror or str(exc)
