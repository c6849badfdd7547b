"""Watch mode: rebuild whenever the résumé or a file of its style chain changes.

Polling file stamps (size and modification time) every 50 ms catches every way editors
save — in place, or by writing a new file and renaming it over the old one — with no extra
dependency. Fonts and modules stay loaded, so a rebuild costs one layout pass.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from .build import BuildResult, Options, build
from .errors import ResumeError

POLL_SECONDS = 0.05

Stamp = tuple[tuple[str, int, int], ...]


def stamp(paths: tuple[Path, ...]) -> Stamp:
    out = []
    for path in paths:
        try:
            st = path.stat()
            out.append((str(path), st.st_mtime_ns, st.st_size))
        except OSError:
            out.append((str(path), -1, -1))
    return tuple(out)


def watch(
    resume: Path,
    output: Path | None,
    options: Options,
    report: Callable[[BuildResult | ResumeError], None],
    *,
    rounds: int | None = None,
) -> None:
    """Build now and after every change, until interrupted (or `rounds` polls, for tests).
    A failed build reports its problems and leaves the last good PDF in place."""
    watched: tuple[Path, ...] = (resume,)
    seen: Stamp | None = None
    while rounds is None or rounds > 0:
        current = stamp(watched)
        if current != seen:
            seen = current  # taken before the build: a save during it triggers another
            try:
                result: BuildResult | ResumeError = build(resume, output, options)
                if result.watched != watched:  # the style chain is known (or changed)
                    watched, seen = result.watched, stamp(result.watched)
            except ResumeError as exc:  # also follow the files the problems are in (a style)
                result = exc
                named = (Path(p.location.file) for p in exc.problems if p.location)
                watched = tuple(dict.fromkeys((*watched, *named)))
                seen = stamp(watched)
            report(result)
        time.sleep(POLL_SECONDS)
        rounds = None if rounds is None else rounds - 1
