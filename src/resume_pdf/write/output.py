"""Stage 8: bytes -> files, atomically, after every target of the build was checked.

A temporary file in the target folder is written, flushed and renamed over the target, so
a reader (or a crash) never sees half a file and a failed build leaves the old one intact.
`check_targets` runs first over *all* the files one build will write (PDF, PNG pages, text
twins, a letter...), so a build that cannot write its last file writes none.
"""

from __future__ import annotations

import errno
import os
import signal
import stat
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..errors import Problem, ResumeError, os_reason
from ..paths import quote_path


def check_targets(targets: Iterable[Path], inputs: Iterable[Path] = ()) -> None:
    """Refuse every target that would destroy something or cannot be written: a folder, a
    device, FIFO or socket (as root, renaming over /dev/full replaces the device), a symlink
    to one of those or a symlink loop, any input of the build (the résumé, a style of its
    chain), a name too long, or a folder that cannot be written. All problems at once."""
    inputs = list(inputs)
    problems = [p for out in targets for p in _target_problems(out, inputs)]
    if problems:
        raise ResumeError(problems)


def check_output_path(out: Path, inputs: list[Path]) -> None:
    """`check_targets` for one file."""
    check_targets([out], inputs)


def _target_problems(out: Path, inputs: list[Path]) -> list[Problem]:
    shown = quote_path(out)
    try:
        info = os.lstat(out)
    except FileNotFoundError:
        return _folder_problems(out)
    except OSError as exc:
        return [Problem(f"cannot write {shown}: {os_reason(exc)}")]
    if stat.S_ISLNK(info.st_mode):
        try:
            info = os.stat(out)  # what the link points at
        except FileNotFoundError:
            return _input_problems(out, inputs)  # a dangling link is replaced, like any link
        except OSError as exc:
            return [Problem(f"cannot write {shown}: {os_reason(exc)}")]
        if not stat.S_ISREG(info.st_mode):
            kind = describe_mode(info.st_mode)
            return [Problem(f"output path {shown} is a symlink to {kind}; refusing to replace it")]
    if stat.S_ISDIR(info.st_mode):
        hint = "; name a .pdf file" if out.suffix.lower() in (".pdf", "") else ""
        return [Problem(f"output path {shown} is a directory{hint}")]
    if not stat.S_ISREG(info.st_mode):
        kind = describe_mode(info.st_mode)
        return [
            Problem(f"output path {shown} is {kind}, not a regular file; refusing to replace it")
        ]
    return _input_problems(out, inputs) or _folder_problems(out)


def _input_problems(out: Path, inputs: list[Path]) -> list[Problem]:
    """Never overwrite what the build reads; inputs[0] is the résumé."""
    resolved = os.path.realpath(out)
    for i, path in enumerate(inputs):
        if os.path.realpath(path) == resolved or _same_file(out, path):
            what = "the input file itself" if i == 0 else f"an input of this build ({path})"
            return [Problem(f"output path {quote_path(out)} is {what}")]
    return []


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _folder_problems(out: Path) -> list[Problem]:
    """The nearest existing folder above `out` must be a folder we may write into, and no
    part of the path may be too long (checked before `output/` would be created)."""
    if any(len(os.fsencode(part)) > 255 for part in out.parts):
        return [Problem(f"cannot write {quote_path(out)}: file name too long")]
    parent = out.parent
    try:
        while not os.path.lexists(parent) and parent != parent.parent:
            parent = parent.parent
        if not parent.is_dir():
            return [
                Problem(f"cannot write {quote_path(out)}: {quote_path(parent)} is not a folder")
            ]
        if not os.access(parent, os.W_OK | os.X_OK):
            return [
                Problem(
                    f"cannot write {quote_path(out)}: permission denied in {quote_path(parent)}"
                )
            ]
    except OSError as exc:
        return [Problem(f"cannot write {quote_path(out)}: {os_reason(exc)}")]
    return []


def describe_mode(mode: int) -> str:
    """`a FIFO (named pipe)`, `a device`, ...: what a non-regular file is, in words."""
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def write_atomic(out: Path, data: bytes) -> None:
    """Write through a temporary file renamed over `out`. The new file keeps the mode of
    the file it replaces (a private 0600 PDF stays private); a new one gets 0666 less the
    umask, as any program's would. SIGTERM and Ctrl-C while writing remove the temporary."""
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = _temporary(out.parent, f".{out.name[:200]}.")
    except OSError as exc:
        raise ResumeError([Problem(f"cannot write {quote_path(out)}: {os_reason(exc)}")]) from None
    try:
        with _terminate_raises():
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
            os.chmod(tmp, _mode_for(out))
            os.replace(tmp, out)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise ResumeError([Problem(f"cannot write {quote_path(out)}: {os_reason(exc)}")]) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _temporary(folder: Path, prefix: str) -> tuple[int, str]:
    """A new file of our own in `folder`, open for writing, as `tempfile.mkstemp` makes it
    (0600, never an existing name or a link followed), without importing `tempfile`, whose
    shutil and random modules were ~5 ms of a cold build (thirdparty.py)."""
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    flags |= getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    for _ in range(100):
        name = os.path.join(folder, f"{prefix}{os.urandom(6).hex()}.tmp")
        try:
            return os.open(name, flags, 0o600), name
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(folder))


def _mode_for(out: Path) -> int:
    try:
        info = os.lstat(out)
        if stat.S_ISREG(info.st_mode):
            return stat.S_IMODE(info.st_mode) & 0o777
    except OSError:
        pass
    return 0o666 & ~_umask()


def _umask() -> int:
    mask = os.umask(0o022)  # the only portable way to read it is to set it
    os.umask(mask)
    return mask


class Terminated(SystemExit):
    """SIGTERM arrived while a file was being written: exit 143 after cleaning up."""


@contextmanager
def _terminate_raises() -> Iterator[None]:
    """Turn SIGTERM into an exception for the duration, so `finally` blocks run (the default
    action ends the process on the spot and leaves the temporary file behind)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def raise_terminated(signum: int, _frame: object) -> None:
        raise Terminated(128 + signum)

    previous = signal.signal(signal.SIGTERM, raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)
