"""The preview's builds: every view a browser looks at, rebuilt after each save.

One thread builds, in the order the views were last asked for, and publishes each result
under a condition the Server-Sent Events streams wait on. It follows the files of every
view's build (the résumé, style chains, fonts, letter.yaml) through watch.py's `Changes`,
the same OS events and stamps as `build --watch`. A failed build keeps the view's last good
pages beside its problems; an exception that is not a `ResumeError` (a bug) is shown the
same way with its traceback on stderr, so the preview stays up whatever the résumé holds.
"""

from __future__ import annotations

import shutil
import tempfile
import threading
import traceback
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path

from ..build import BuildResult, Options, build, build_letter, default_output
from ..errors import Problem, ResumeError
from ..values import replace, value
from ..watch import Changes, problem_files
from . import pictures
from .views import View, home_view

KEEP = 24  # views remembered without a browser looking at them (compare asks for ~7)
KEEP_PICTURES = 6  # page pictures kept per view (pages x pixel ratios)


@value
class Good:
    """A view's last good build: the PDF as built, its pages' sizes, the result line's data."""

    pdf: bytes
    sizes: tuple[tuple[int, int], ...]
    result: BuildResult
    gen: int  # which save it came from


class Shown:
    """What a view shows now (read and written under `Previewer.cond`)."""

    def __init__(self) -> None:
        self.gen = 0  # 0: waiting for a build; else the number of the build shown
        self.stale = False  # a save came since: built again when next asked for
        self.good: Good | None = None
        self.problems: tuple[Problem, ...] = ()  # the latest build's, when it failed
        self.watched: tuple[Path, ...] = ()
        self.pictures: dict[tuple[int, float], bytes] = {}  # of `good`: (page, scale) -> PNG

    @property
    def failed(self) -> bool:
        return bool(self.problems)


@value
class Outcome:
    good: Good | None
    problems: tuple[Problem, ...]
    watched: tuple[Path, ...]


Report = Callable[[BuildResult | ResumeError], None]
Log = Callable[[View, BuildResult | ResumeError], None]  # every other build, for the terminal


class Previewer:
    """Builds views on demand and after every change of the files they read."""

    def __init__(
        self,
        resume: Path,
        home: Options,
        *,
        serve_output: Path | None = None,
        report: Report | None = None,
        letter: tuple[Path, Report] | None = None,
        log: Log | None = None,
        poll_only: bool = False,
    ) -> None:
        self.resume, self.home = resume, home
        self.serve_output, self.report = serve_output, report  # `build --watch --serve`
        self.letter = letter  # `... --letter`: the letter's output and report
        self.log = log
        self.views: OrderedDict[View, Shown] = OrderedDict()
        self.looking: dict[View, int] = {}  # views with an open event stream, and how many
        self.cond = threading.Condition()
        self.build_lock = threading.Lock()  # one build at a time, twins included
        self.changes = Changes((resume,), poll_only=poll_only)
        self.stopping = threading.Event()
        self.folder = Path(tempfile.mkdtemp(prefix="resume-pdf-preview-", dir=_fast_tmp()))
        self.thread = threading.Thread(target=self._run, name="preview-builds", daemon=True)
        self.builds = 0

    @property
    def home_view(self) -> View | None:
        """The command line's own view in `build --watch --serve` (None in `preview`)."""
        return home_view(self.home) if self.serve_output is not None else None

    @property
    def letter_view(self) -> View | None:
        """The cover letter's view in `build --watch --serve --letter`, else None."""
        home = self.home_view
        return replace(home, letter=True, pages=None) if home and self.letter else None

    def start(self) -> None:
        with self.cond:
            for view in (self.letter_view, self.home_view):  # the résumé asked last: first
                if view is not None:
                    self._ask(view)
        self.thread.start()

    def close(self) -> None:
        self.stopping.set()
        self.changes.wake()
        with self.cond:
            self.cond.notify_all()
        if self.thread.is_alive():
            self.thread.join(timeout=10)
        self.changes.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def shown(self, view: View, timeout: float = 60.0) -> Shown:
        """The view, built at least once since the last save (asked for now, when not)."""
        with self.cond:
            state = self._ask(view)
            self.cond.wait_for(lambda: state.gen > 0 or self.stopping.is_set(), timeout)
            return state

    def _ask(self, view: View) -> Shown:
        """The view's state; a new or stale view is queued for the build thread."""
        state = self.views.get(view)
        if state is None:
            state = self.views[view] = Shown()
            self._forget()
        if state.gen == 0 or state.stale:
            state.gen, state.stale = 0, False
            self.changes.wake()
        self.views.move_to_end(view)
        return state

    def _forget(self) -> None:
        """Drop the least recently asked views beyond KEEP that nobody waits for."""
        idle = [v for v, s in self.views.items() if s.gen and not self._kept(v)]
        for view in idle[: max(0, len(self.views) - KEEP)]:
            del self.views[view]

    def _kept(self, view: View) -> bool:
        """Rebuilt on every save: a view with an open event stream, and the home view of
        `build --watch --serve` (it writes the command line's PDF, as --watch does) and
        with --letter its letter's view."""
        return bool(self.looking.get(view)) or view in (self.home_view, self.letter_view)

    def look(self, views: list[View], delta: int) -> None:
        """A stream opens (+1) or closes (-1) on `views`."""
        with self.cond:
            for view in views:
                self.looking[view] = self.looking.get(view, 0) + delta
                if self.looking[view] <= 0:
                    del self.looking[view]
                self._ask(view)

    def wait_newer(self, views: list[View], seen: list[int], timeout: float) -> list[int]:
        """The views' generations once one differs from `seen` (or at the timeout/stop)."""
        with self.cond:
            self.cond.wait_for(
                lambda: self.generations(views) != seen or self.stopping.is_set(), timeout
            )
            return self.generations(views)

    def generations(self, views: list[View]) -> list[int]:
        with self.cond:
            return [getattr(self.views.get(v), "gen", 0) for v in views]

    def _run(self) -> None:
        while not self.stopping.is_set():
            due = self.changes.due()
            with self.cond:
                if due:  # views nobody looks at are built again when next asked for
                    for view, state in self.views.items():
                        state.stale = state.stale or not self._kept(view)
                todo = [
                    v
                    for v, s in reversed(self.views.items())
                    if s.gen == 0 or (due and self._kept(v))
                ]
            todo.sort(key=lambda v: v != self.home_view)  # the résumé before its letter
            for view in todo:
                if self.stopping.is_set():
                    return
                self._publish(view, self._build(view))
            if todo:
                with self.cond:
                    files = [p for s in self.views.values() for p in s.watched]
                self.changes.follow(tuple(dict.fromkeys(files)) or (self.resume,))
            self.changes.wait()

    def _build(self, view: View) -> Outcome:
        """One build of `view`, told to the command line: the home view's (and its
        letter's) as `build --watch` reports them, any other view's through `log`."""
        options, out = self._target(view)
        make = build_letter if view.letter else build
        try:
            with self.build_lock:
                result = make(self.resume, out, options)
                pdf = result.output.read_bytes() if result.pages else b""
                sizes = pictures.page_sizes(pdf) if pdf else ()
        except ResumeError as exc:
            self._tell(view, exc)
            return Outcome(None, exc.problems, problem_files(exc, (self.resume,)))
        except Exception as exc:  # noqa: BLE001 - a bug must not take the preview down
            traceback.print_exc()
            bug = Problem(f"internal error (a bug in resume-pdf): {type(exc).__name__}: {exc}")
            return Outcome(None, (bug,), (self.resume,))
        self._tell(view, result)
        return Outcome(Good(pdf, sizes, result, 0), (), result.watched)

    def _tell(self, view: View, result: BuildResult | ResumeError) -> None:
        if self.report is not None and view == self.home_view:
            self.report(result)
        elif self.letter is not None and view == self.letter_view:
            self.letter[1](result)
        elif self.log is not None:
            self.log(view, result)

    def _target(self, view: View) -> tuple[Options, Path]:
        """The options and output file of a view: the command line's own output for the
        home view of `build --watch --serve`, else a private folder."""
        if view == self.home_view and self.serve_output is not None:
            return self.home, self.serve_output
        if view == self.letter_view and self.letter is not None:
            return self.home, self.letter[0]
        out = self.folder / default_output(self.resume, view.variant, view.language).name
        if view.letter:
            out = out.with_name(f"{out.stem}-letter.pdf")
        return view.options(self.home), out

    def _publish(self, view: View, outcome: Outcome) -> None:
        with self.cond:
            self.builds += 1
            state = self.views.get(view) or Shown()
            state.gen = self.builds
            state.watched = outcome.watched
            state.problems = outcome.problems
            if outcome.good is not None:
                state.good = replace(outcome.good, gen=self.builds)
                state.pictures = {}
            self.cond.notify_all()

    def picture(self, view: View, index: int, scale: float) -> bytes | None:
        """Page `index` of the view's last good build as PNG; None when it has no such page."""
        state = self.shown(view)
        with self.cond:
            good = state.good
            cached = state.pictures.get((index, scale))
        if good is None or not 0 <= index < len(good.sizes):
            return None
        if cached is None:
            cached = pictures.page_png(good.pdf, index, scale)
            with self.cond:
                if state.good is good:
                    if len(state.pictures) >= KEEP_PICTURES:
                        state.pictures.clear()
                    state.pictures[(index, scale)] = cached
        return cached

    def download(self, view: View, fmt: str) -> tuple[str, bytes]:
        """The file name and bytes of the view's PDF (its last good build) or of a twin
        (built now, as `--format FMT` would); a twin that cannot be built raises."""
        if fmt == "pdf":
            good = self.shown(view).good
            if good is None:
                raise ResumeError(self.shown(view).problems)
            return good.result.output.name, good.pdf
        out = self.folder / "twins" / self._target(view)[1].name
        options = replace(view.options(self.home), formats=(fmt,))
        make = build_letter if view.letter else build
        with self.build_lock:
            result = make(self.resume, out, options)
            path = result.twins[0]
            return path.name, path.read_bytes()


def _fast_tmp() -> str | None:
    """/dev/shm where there is one: the private builds' fsyncs then cost nothing."""
    import os

    shm = "/dev/shm"
    return shm if os.path.isdir(shm) and os.access(shm, os.W_OK) else None
