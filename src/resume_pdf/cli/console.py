"""How the command speaks: every line it prints, the located problems and their excerpts,
colour, and the exits that follow a failure (the library never prints or exits).

Colour follows the terminal: on a TTY only, never with NO_COLOR, as `--color` says.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, NoReturn

import click

from ..errors import SHOWN, Problem, ResumeError, Severity, cut, os_reason

if TYPE_CHECKING:
    from pathlib import Path

OPEN_WAIT = 1.5  # seconds an opener has to fail in before it is taken to have started one
COLORS = {"error": "red", "warning": "yellow", "ok": "green", "hint": "cyan", "note": "cyan"}


class _Output:
    """How this invocation prints: set by -q/-v/--color on the group or any command.
    (A plain class: `dataclasses` would add ~5 ms to `--help` through `inspect`.)"""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        # None: colour on a terminal only (click decides per stream); NO_COLOR says never
        self.color: bool | None = False if os.environ.get("NO_COLOR") else None
        self.quiet = False
        self.verbose = False
        self.json = False  # --json: stdout holds one JSON document and nothing else


OUT = _Output()


def say(line: str, *, err: bool = False) -> None:
    """Print without ever failing on an ASCII-only terminal or a closed pipe."""
    stream = sys.stderr if err else sys.stdout
    encoding = getattr(stream, "encoding", None) or "utf-8"
    safe = line.encode(encoding, "backslashreplace").decode(encoding, "replace")
    try:
        click.echo(safe, err=err, color=OUT.color)
    except BrokenPipeError:
        sys.stdout = None  # type: ignore[assignment]  # silence the flush at exit
        raise SystemExit(0) from None
    except OSError as exc:  # a full disk, /dev/full: exit 1 with a word on stderr, if it works
        stream_failed(err, exc)


def stream_failed(err: bool, exc: OSError) -> NoReturn:
    if not err:
        try:
            sys.stderr.write(f"error: cannot write to standard output: {os_reason(exc)}\n")
            sys.stderr.flush()
        except OSError:
            pass
    sys.stdout = None  # type: ignore[assignment]  # the flush at exit would fail again
    if err:
        sys.stderr = None  # type: ignore[assignment]
    raise SystemExit(1) from None


def paint(text: str, kind: str, bold: bool = True) -> str:
    return click.style(text, fg=COLORS.get(kind), bold=bold)


def shown_path(file: str | Path) -> str:
    """A path as the user would type it: relative when it is inside the current folder."""
    from ..paths import as_typed

    return as_typed(file)


def render(problem: Problem, file: Path | None = None) -> list[str]:
    """`FILE:LINE:COL: field: error: message`, then a caret excerpt and a hint when known.
    A problem with no location is put on the file it came from, so a batch says which."""
    loc = problem.location
    where = f"{shown_path(loc.file)}:{loc.line}:{loc.column}" if loc else ""
    if not where and file and not problem.field.startswith("-"):  # not an option's problem
        where = shown_path(file)
    parts = [paint(where, "", bold=True)] if where else []
    if problem.field:  # a path through a long key is cut like a quoted value
        parts.append(cut(problem.field, 2 * SHOWN))
    tag = problem.severity.value
    lines = [": ".join([*parts, paint(f"{tag}:", tag) + " " + problem.message])]
    if problem.excerpt and loc:
        lines += excerpt(problem.excerpt, loc.line, loc.column, tag)
    if problem.hint:
        first, *more = problem.hint.split("\n")
        lines.append(f"  {paint('hint:', 'hint')} {first}")
        lines += [f"        {line}" for line in more]
    return lines


def excerpt(text: str, line: int, column: int, tag: str, width: int = 76) -> list[str]:
    """The source line with a caret under `column`; a long line is cut around it."""
    start = max(0, min(column - 1 - width // 2, len(text) - width))
    shown = ("…" if start else "") + text[start : start + width]
    shown += "…" if start + width < len(text) else ""
    before = ("…" if start else "") + text[start : column - 1]
    caret = "".join(c if c == "\t" else " " for c in before)
    number = str(line)
    return [f" {number} | {shown}", f" {' ' * len(number)} | {caret}{paint('^', tag)}"]


def report(problems: Iterable[Problem], file: Path | None = None) -> None:
    if OUT.json:  # the problems are in the document instead
        return
    for problem in problems:
        if OUT.quiet and problem.severity is not Severity.ERROR:
            continue
        for line in render(problem, file):
            say(terminal_safe(line), err=True)


def terminal_safe(text: str) -> str:
    """Control characters from the input never reach the terminal raw (colour codes that
    this module added itself are the only escapes let through)."""
    out = []
    for i, c in enumerate(text):
        ours = c == "\x1b" and text[i + 1 : i + 2] == "["
        out.append(c if ours or not (ord(c) < 32 or 127 <= ord(c) < 160) else repr(c)[1:-1])
    return "".join(out)


def run(action: Callable[[], Any], file: Path | None = None) -> Any:
    try:
        return action()
    except ResumeError as exc:
        failed(exc.problems, file)


def failed(problems: Iterable[Problem], file: Path | None = None) -> NoReturn:
    """Report problems that stop the command before any résumé's outcome, then exit 1;
    with --json as a results document holding them."""
    if OUT.json:
        from ..check.results import Outcome, Results

        command = click.get_current_context().info_name or ""
        if file is None:
            emit(Results(command, (), tuple(problems)))
        else:
            emit(Results(command, (Outcome(str(file), "resume", None, tuple(problems)),)))
    report(problems, file)
    raise SystemExit(1)


def emit(results: Any) -> None:
    """Print the --json document of `results` (a results.Results): stdout's one content."""
    import json

    from ..check.results import as_json

    say(json.dumps(as_json(results), indent=2, ensure_ascii=False))


def info(line: str) -> None:
    if not (OUT.quiet or OUT.json):
        say(line)


def need_resume(paths: list[Path], given: bool) -> None:
    """A missing résumé says how to start one, instead of only `file not found`."""
    from ..paths import absent

    for path in paths:
        if absent(path):  # a symlink loop or a name too long is read (and explained) later
            start = "resume-pdf init" + (f" {path}" if given else "")
            hint = f"create a starter résumé with `{start}`"
            failed([Problem("file not found", hint=hint)], path)


def launched(target: str) -> bool:
    """Open a file or address in the desktop's application (click's `launch`: xdg-open,
    open, start); False when none starts: no opener, or one that exits with an error within
    OPEN_WAIT seconds (xdg-open exits 3 or 4 when it finds no application to use). An opener
    still running then is taken to have started one (some wait for the application). The
    browser named by $BROWSER, where it is set, opens what it can (Python's webbrowser)."""
    if os.environ.get("BROWSER") and target.startswith(("http:", "https:", "file:")):
        import webbrowser

        return webbrowser.open(target)
    code: list[int] = []
    opener = threading.Thread(
        target=lambda: code.append(click.launch(target, wait=True)), daemon=True
    )
    opener.start()
    opener.join(OPEN_WAIT)
    return not code or code[0] == 0
