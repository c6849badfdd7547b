"""Watch mode: rebuild whenever the résumé or a file of its style chain changes.

The operating system says when a file changes (inotify, FSEvents, ReadDirectoryChangesW,
through watchdog), so a save starts a build at once instead of at the next poll. The folders
holding the watched files are observed, not the files: editors that save by writing a new
file and renaming it over the old one replace the file itself. Whether a build is due is
still decided by the files' stamps (size and modification time), so a spurious event costs
one `stat` per file; where events cannot be had (no watchdog, no inotify watches left, a
network file system), the stamps are polled every 50 ms as before. Fonts and modules stay
loaded, so a rebuild costs one layout pass.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .build import BuildResult, Options, build
from .errors import ResumeError

POLL_SECONDS = 0.05  # without file events
SAFETY_SECONDS = 1.0  # with them: a missed event is caught by a stamp check this often
SETTLE_SECONDS = 0.005  # an editor's save is often several writes: let them land

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


class _Events:
    """Sets `changed` when the OS reports a change to one of the watched files; `ok` is
    False when no observer could be started (the caller then polls)."""

    def __init__(self, changed: threading.Event) -> None:
        self.changed = changed
        self.names: set[str] = set()
        self.folders: set[str] = set()
        self.observer: Any = None
        try:
            from watchdog.observers import Observer

            self.observer = Observer()
            self.observer.daemon = True
            self.observer.start()
        except Exception:  # noqa: BLE001 - any failure to observe falls back to polling
            self.observer = None

    @property
    def ok(self) -> bool:
        return self.observer is not None

    def follow(self, paths: tuple[Path, ...]) -> None:
        """Observe the folders of `paths` (once each) and wake only for these files."""
        if self.observer is None:
            return
        self.names = {os.path.abspath(p) for p in paths}
        for folder in {os.path.dirname(n) for n in self.names} - self.folders:
            try:
                self.observer.schedule(self, folder, recursive=False)
                self.folders.add(folder)
            except Exception:  # noqa: BLE001 - e.g. out of inotify watches
                self.stop()
                return

    def dispatch(self, event: Any) -> None:  # called by watchdog on its own thread
        for path in (event.src_path, getattr(event, "dest_path", "")):
            if path and os.path.abspath(os.fsdecode(path)) in self.names:
                self.changed.set()
                return

    def stop(self) -> None:
        if self.observer is not None:
            self.observer.stop()
            self.observer.join(timeout=2)
            self.observer = None


class Changes:
    """The event source of watch mode, shared with the preview: `due()` says (once) that a
    followed file changed, `wait()` sleeps until the OS reports a change (or the next poll),
    `wake()` ends a wait early (the preview, when a browser asks for a new view)."""

    def __init__(self, paths: tuple[Path, ...], *, poll_only: bool = False) -> None:
        self.woken = threading.Event()
        self.events = None if poll_only else _Events(self.woken)
        self.watched = paths
        self.seen: Stamp | None = None  # nothing seen yet: the first `due()` is True
        self.since = 0  # when the last `due()` was asked: the build after it began then

    def due(self) -> bool:
        """Whether a followed file changed since the last call. The stamp is taken before
        the caller builds, so a save during the build triggers another."""
        self.since = time.time_ns()  # before the build: a file first followed after it
        current = stamp(self.watched)
        if current == self.seen:
            return False
        self.seen = current
        return True

    def follow(self, paths: tuple[Path, ...]) -> None:
        """Follow `paths` from now on (the style chain is known, or changed). A file
        followed already keeps the stamp taken before the build, so a save to it during
        the build (or before this call) is not lost."""
        if paths != self.watched:
            before = {entry[0]: entry for entry in self.seen or ()}
            self.watched = paths
            self.seen = tuple(before.get(entry[0], self._first(entry)) for entry in stamp(paths))
        if self.events:
            self.events.follow(paths)

    def _first(self, entry: tuple[str, int, int]) -> tuple[str, int, int]:
        """The stamp a file followed for the first time starts from: its own, unless it was
        saved after the build began (the build read it, or not, before that save; its
        folder was not yet observed), which then counts as a change."""
        return (entry[0], -2, -2) if entry[1] >= self.since else entry

    def wait(self) -> None:
        live = self.events is not None and self.events.ok
        if self.woken.wait(SAFETY_SECONDS if live else POLL_SECONDS) and live:
            time.sleep(SETTLE_SECONDS)
        self.woken.clear()

    def wake(self) -> None:
        self.woken.set()

    def close(self) -> None:
        if self.events:
            self.events.stop()


def watch(
    resume: Path,
    output: Path | None,
    options: Options,
    report: Callable[[BuildResult | ResumeError], None],
    *,
    stop: threading.Event | None = None,
    poll_only: bool = False,
    letter: tuple[Path | None, Callable[[BuildResult | ResumeError], None]] | None = None,
) -> None:
    """Build now and after every change, until interrupted (or `stop` is set). A failed
    build reports its problems and leaves the last good PDF in place. With `letter` (its
    output and its report), the cover letter is rebuilt after the résumé, its files
    (a letter.yaml) watched too."""
    changes = Changes((resume,), poll_only=poll_only)
    if stop is not None:  # setting `stop` ends the wait for a change at once
        threading.Thread(target=lambda: (stop.wait(), changes.wake()), daemon=True).start()
    try:
        while stop is None or not stop.is_set():
            if changes.due():
                result, watched = rebuild(resume, output, options, changes.watched)
                if letter is not None:
                    from .build import build_letter

                    made, more = rebuild(resume, letter[0], options, watched, build_letter)
                    watched = tuple(dict.fromkeys((*watched, *more)))
                changes.follow(watched)
                report(result)
                if letter is not None:
                    letter[1](made)
            changes.wait()
    finally:
        changes.close()


def rebuild(
    resume: Path,
    output: Path | None,
    options: Options,
    watched: tuple[Path, ...],
    make: Callable[[Path, Path | None, Options], BuildResult] = build,
) -> tuple[BuildResult | ResumeError, tuple[Path, ...]]:
    """One build (`make`: the résumé's or its letter's); the files to watch next (the
    style chain, or the files a problem is in)."""
    try:
        result: BuildResult | ResumeError = make(resume, output, options)
        watched = result.watched
    except ResumeError as exc:  # also follow the files the problems are in (a style)
        result = exc
        watched = problem_files(exc, watched)
    return result, watched


def problem_files(exc: ResumeError, watched: tuple[Path, ...]) -> tuple[Path, ...]:
    """`watched` and the files `exc`'s problems are located in."""
    named = (Path(p.location.file) for p in exc.problems if p.location)
    return tuple(dict.fromkeys((*watched, *named)))
