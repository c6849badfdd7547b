"""The command line: the only place where problems become text and exit codes.

Exit status: 0 built (warnings allowed), 1 the input or a style has problems, 2 usage.
The build pipeline is imported inside the commands, so `--help` stays fast.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import click

from . import __version__
from .errors import Problem, ResumeError

RESUME = click.Path(path_type=Path, dir_okay=True)


def _say(line: str, *, err: bool = False) -> None:
    """Print without ever failing on an ASCII-only terminal or a closed pipe."""
    stream = sys.stderr if err else sys.stdout
    encoding = getattr(stream, "encoding", None) or "utf-8"
    safe = line.encode(encoding, "backslashreplace").decode(encoding, "replace")
    try:
        click.echo(safe, err=err)
    except BrokenPipeError:
        sys.stdout = None  # type: ignore[assignment]  # silence the flush at exit
        raise SystemExit(0) from None


def _report(problems: Iterable[Problem]) -> None:
    for problem in problems:
        _say(_terminal_safe(str(problem)), err=True)


def _terminal_safe(text: str) -> str:
    """Control characters from the input never reach the terminal raw."""
    return "".join(repr(c)[1:-1] if ord(c) < 32 or 127 <= ord(c) < 160 else c for c in text)


def _run(action: Callable[[], Any]) -> Any:
    try:
        return action()
    except ResumeError as exc:
        _report(exc.problems)
        raise SystemExit(1) from None


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="resume-pdf")
def main() -> None:
    """Turn a résumé written in YAML into a PDF that recruiters and ATS parsers read."""


@main.command()
@click.argument("resume", type=RESUME, default="resume.yaml")
@click.option("-o", "--output", type=click.Path(path_type=Path), help="PDF to write.")
@click.option("--style", help="Style name (see `resume-pdf styles`) or path to a style file.")
@click.option("--page-size", type=click.Choice(["letter", "a4"]), help="Override the page size.")
@click.option("--pages", type=click.IntRange(1, 2), help="Page budget: 1 or 2 (default 2).")
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
def build(
    resume: Path,
    output: Path | None,
    style: str | None,
    page_size: str | None,
    pages: int | None,
    strict: bool,
) -> None:
    """Build RESUME (default resume.yaml) into output/NAME.pdf."""
    from .build import build as run_build

    result = _run(
        lambda: run_build(
            resume, output, style=style, page_size=page_size, pages=pages, strict=strict
        )
    )
    shown = f"{result.pages} page{'s' if result.pages != 1 else ''}"
    if result.fit_note:
        shown += f", {result.fit_note}"
    _say(f"{result.output}: {shown}, {result.seconds:.2f} s")
    _report(result.warnings)


@main.command()
@click.argument("resume", type=RESUME)
@click.option("--style", help="Check against this style instead of the résumé's own.")
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
def check(resume: Path, style: str | None, strict: bool) -> None:
    """Validate RESUME and report every problem at once; writes nothing."""
    from .build import check as run_check

    warnings = _run(lambda: run_check(resume, style, strict))
    _say(f"{resume}: ok")
    _report(warnings)


@main.command()
@click.argument("resume", type=RESUME, default="resume.yaml")
@click.option("--preview", is_flag=True, help="Build RESUME in every style, PDF and PNG.")
def styles(resume: Path, preview: bool) -> None:
    """List the styles (local styles/ beside RESUME first, then built-ins)."""
    from .theme import list_styles

    if not preview:
        infos = list_styles(resume.parent)
        width = max(len(i.name) for i in infos)
        for info in infos:
            _say(f"{info.name:<{width}}  {info.description}  [{info.origin}]")
        return
    from .build import preview_styles

    failed = False
    for result in _run(lambda: preview_styles(resume)):
        if isinstance(result, ResumeError):
            _report(result.problems)
            failed = True
        else:
            _say(f"{result.output} (+ .png): {result.pages} page{'s' * (result.pages != 1)}")
    if failed:
        raise SystemExit(1)


@main.command()
def schema() -> None:
    """Print the JSON Schema of the résumé format (for editors and CI)."""
    import json

    from .model import resume_json_schema

    _say(json.dumps(resume_json_schema(), indent=2, ensure_ascii=False))


@main.command()
@click.argument("path", type=click.Path(path_type=Path), default="resume.yaml")
def init(path: Path) -> None:
    """Write a commented starter résumé to PATH, and a schema file beside it for editors."""
    from .build import write_starter

    schema_path = _run(lambda: write_starter(path))
    _say(f"{path}: written (with {schema_path.name} for editor completion)")
