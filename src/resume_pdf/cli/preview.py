"""`preview` and `build --watch --serve`: the résumé in the browser, live on every save.
The server is imported only when one of them runs, so `build` never pays for it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from .app import RESUME, complete_resume, epilog, main, output_options
from .console import info, need_resume, run, shown_path

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
) -> None:
    """Run the preview until Ctrl-C (exit 0); with `output`, the command line's view is
    also written there on every save and `report`ed, as `build --watch` does."""
    from ..preview.server import serve

    def started(url: str) -> None:
        info(f"previewing {shown_path(resume)} at {url}")
        info("  (Ctrl-C to stop)")

    try:
        run(
            lambda: serve(
                resume,
                options,
                port=port,
                serve_output=output,
                report=report,
                started=started,
                open_browser=open_browser,
            ),
            resume,
        )
    except KeyboardInterrupt:
        info("stopped")
