"""The one door for paths the user named: the résumé, a style, a photo, a font file.

Looking a path up can fail in ways `Path.is_file()` and `Path.resolve()` do not hide: a
symlink loop (pathlib raises RuntimeError), a name longer than the file system allows, a
folder the user may not enter. Each stage asks here instead, and each such failure comes
back as a ResumeError located where the path was written (the YAML line of `photo:`,
`style:`, a font) or named (`--style`), never as a traceback. Output paths are checked by
write/output.py's `check_targets`, which reports through the same `os_reason` words.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Literal

from .errors import Location, Problem, ResumeError, os_reason
from .values import value

Kind = Literal["file", "folder", "missing", "other"]
SHOWN = 200  # characters of a path quoted whole in a message (a value's limit is errors.SHOWN)


@value
class Found:
    """What stands at a path once every symlink is followed."""

    path: Path  # absolute, without symlinks
    kind: Kind
    size: int = 0
    mtime_ns: int = 0


def find_path(
    path: Path,
    what: str = "",
    where: Location | None = None,
    field: str = "",
    written: str | None = None,
) -> Found:
    """`path` followed to what it names; a missing file is `missing`, anything the system
    refuses (loop, long name, permission) a ResumeError: `cannot read photo 'x.jpg': ...`,
    naming the path as `written` in the file when given."""
    try:
        real = Path(os.path.realpath(path))  # not strict: never raises for a loop
        info = os.stat(real)
    except (FileNotFoundError, NotADirectoryError):
        return Found(Path(os.path.abspath(path)), "missing")
    except (OSError, RuntimeError, ValueError) as exc:
        problem = path_problem(path if written is None else written, exc, what, where, field)
        raise ResumeError([problem]) from None
    kind: Kind = (
        "file"
        if stat.S_ISREG(info.st_mode)
        else "folder"
        if stat.S_ISDIR(info.st_mode)
        else "other"
    )
    return Found(real, kind, info.st_size, info.st_mtime_ns)


def find_folder(path: Path, what: str = "folder") -> Path:
    """A folder paths are confined to, absolute and without symlinks (the résumé's)."""
    return find_path(path, what).path


def is_file(path: Path, what: str = "", where: Location | None = None, field: str = "") -> bool:
    return find_path(path, what, where, field).kind == "file"


def exists(path: Path) -> bool:
    """`Path.exists()` that never raises: a path the system will not look at (a folder we
    may not enter) counts as taken, so nothing is written over what cannot be seen."""
    try:
        os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError as exc:
        return exc.errno != errno.ELOOP and exc.errno != errno.ENAMETOOLONG
    except ValueError:
        return False
    return True


def absent(path: Path) -> bool:
    """Nothing at all stands at `path` (not even a dangling symlink); a path that cannot
    be looked at (a loop, a name too long) is not absent: reading it will say why."""
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return True
    except (OSError, ValueError):
        return False
    return False


def path_problem(
    path: Path | str,
    exc: BaseException,
    what: str = "",
    where: Location | None = None,
    field: str = "",
) -> Problem:
    reason = os_reason(exc) if isinstance(exc, OSError) else _other_reason(exc)
    named = f"{what} " if what else ""
    return Problem(f"cannot read {named}{shown(path)}: {reason}", where, field)


def _other_reason(exc: BaseException) -> str:
    if isinstance(exc, RuntimeError):  # pathlib's word for a symlink loop
        return "too many levels of symbolic links (a symlink loop?)"
    return "not a usable path"  # ValueError: an embedded NUL


def as_typed(path: Path | str) -> str:
    """A path as the user would type it: relative when it is inside the current folder
    (also when only the resolved path is, e.g. through a symlinked temporary folder)."""
    given = Path(path)
    if not given.is_absolute():
        return str(path)
    cwd = Path.cwd()
    try:
        return str(given.relative_to(cwd))
    except ValueError:
        pass
    try:
        return str(given.resolve().relative_to(cwd.resolve()))
    except (ValueError, OSError, RuntimeError):
        return str(path)


def shown(path: Path | str) -> str:
    """The path quoted for a message, its middle cut when it is long; a path inside the
    current folder is shown relative to it, as every message shows paths."""
    return quote_path(as_typed(path))


def quote_path(path: Path | str) -> str:
    """A path the user named, quoted whole up to 200 characters: unlike a value (cut at
    ~80 by errors.quote), it is what the user must find or change to act on the message, and
    a temporary or project folder is often longer than 80. Beyond that (a hostile or
    mistaken name) its middle is cut, keeping the folder it starts in and the file name."""
    text = str(path)
    if len(text) > SHOWN:
        text = text[: SHOWN - 60] + "…" + text[-59:]
    return repr(text)
