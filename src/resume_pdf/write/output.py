"""Stage 8: PDF bytes -> a file, atomically.

A temporary file in the target folder is written, flushed and renamed over the target, so
a reader (or a crash) never sees half a PDF and a failed build leaves the old one intact.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from ..errors import Problem, ResumeError


def check_output_path(out: Path, inputs: list[Path]) -> None:
    """Refuse targets that would destroy something: a folder, or an input file."""
    if out.is_dir():
        raise ResumeError([Problem(f"output path {str(out)!r} is a directory; name a .pdf file")])
    resolved = out.resolve()
    for path in inputs:
        if path.resolve() == resolved:
            raise ResumeError([Problem(f"output path {str(out)!r} is the input file itself")])


def write_atomic(out: Path, data: bytes) -> None:
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent)
    except OSError as exc:
        raise ResumeError([Problem(f"cannot write {str(out)!r}: {exc.strerror}")]) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, out)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise ResumeError([Problem(f"cannot write {str(out)!r}: {exc.strerror}")]) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
