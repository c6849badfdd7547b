"""`preview` and `build --watch --serve`: the résumé in the browser, live on every save.
The server is imported only when one of them runs, so `build` never pays for it."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from .app import RESUME, complete_resume, epilog, main, output_options
from .console import info, launched, need_resume, report, run, say, shown_path

if TYPE_CHECKING:
    from pathlib import Path

    from ..build import Options


@main.command(
    short_help="Show the résumé in the browser, updated on every save.",
    epilog=epilog("resume-pdf preview --open", "resume-pdf preview cv.yaml --port 8765"),
)
@click.argument("resume", type=RESUME, default="resume.yaml", shell_complete=complete_resume)
@click.option(
    "--port",
    metavar="N",
    type=click.IntRange(0, 65535),
    default=0,
    help="Port on 127.0.0.1 (default: a free one, printed).",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the web browser.")
@output_options
def preview(resume: Path, port: int, open_browser: bool) -> None:
    """Serve a live page of RESUME (default resume.yaml) at http://127.0.0.1:PORT/: its
    pages, result line and problems, rebuilt on every save of the résumé or its style,
    with controls for style, variant, page size, budget and the cover letter, a view that
    compares the styles, and downloads. Nothing is written beside the résumé (see `build
    --watch --serve` for that). Only this user's browser, given the printed address with
    its token, can open it. Ctrl-C stops it.
    """
    from ..build import Options

    need_resume([resume], given=True)
    serve_preview(resume, Options(), port=port, open_browser=open_browser)


def serve_preview(
    resume: Path,
    options: Options,
    *,
    port: int = 0,
    open_browser: bool = False,
    output: Path | None = None,
    report: Any = None,
    letter: tuple[Path, Any] | None = None,
) -> None:
    """Run the preview until Ctrl-C (exit 0); with `output`, the command line's view is
    also written there on every save and `report`ed, as `build --watch` does (and with
    `letter`, its output and report, the cover letter too). Every other build the page
    asks for is logged, one line each."""
    from ..preview.server import serve

    def started(url: str) -> None:
        info(f"previewing {shown_path(resume)} at {url}")
        info("  (Ctrl-C to stop)")

    def opener(page: str) -> None:  # beside the server: an opener may take a moment to fail
        threading.Thread(target=open_page, args=(page,), daemon=True).start()

    try:
        run(
            lambda: serve(
                resume,
                options,
                port=port,
                serve_output=output,
                report=report,
                started=started,
                open_browser=opener if open_browser else None,
                letter=letter,
                log=build_log(resume),
            ),
            resume,
        )
    except KeyboardInterrupt:
        info("stopped")


def open_page(url: str) -> None:
    if not launched(url):
        say("note: no web browser could be started; open the address above yourself", err=True)


def build_log(resume: Path) -> Callable[[Any, Any], None]:
    """What the terminal shows of each build the page asked for: one line (the view, pages
    and time, or `build failed`), and a failure's located problems once, not again for
    every view that repeats them (compare styles builds every style)."""
    from ..errors import ResumeError, Severity

    said: list[Any] = [None]

    def log(view: Any, result: Any) -> None:
        when = time.strftime("[%H:%M:%S] ")
        what = shown_path(resume) + view_label(view)
        if isinstance(result, ResumeError):
            errors = sum(p.severity is Severity.ERROR for p in result.problems)
            again = result.problems == said[0]
            line = f"{when}{what}: build failed, {errors} error{'s' * (errors != 1)}"
            say(line + (" (as above)" if again else ""), err=True)
            if not again:
                report(result.problems, resume)
            said[0] = result.problems
            return
        said[0] = None
        shown = f"{result.pages} page{'s' * (result.pages != 1)}"
        shown += f", {result.fit_note}" if result.fit_note else ""
        warned = len(result.warnings)
        shown += f", {warned} warning{'s' * (warned != 1)}" if warned else ""
        info(f"{when}{what}: {shown}, {result.seconds:.2f} s")

    return log


def view_label(view: Any) -> str:
    """` (modern, variant infra, a4, 2 pages, cover letter)`: what the page asked for
    beyond the résumé's own settings; "" for the résumé as it is."""
    parts = [view.style] if view.style else []
    parts += [f"variant {view.variant}"] if view.variant else []
    parts += [view.page_size] if view.page_size else []
    if view.pages is not None:
        parts.append(f"{view.pages} page{'s' * (view.pages != 1)}")
    parts += ["cover letter"] if view.letter else []
    return f" ({', '.join(parts)})" if parts else ""
