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


class PageBudgetParam(click.ParamType):
    """`--pages 1..20 | any`."""

    name = "1..20|any"

    def convert(self, value: Any, param: Any, ctx: Any) -> int | str:
        from .model import parse_budget

        budget = parse_budget(str(value))
        if budget is None:
            self.fail(f"{value!r} is not a page budget from 1 to 20, or any", param, ctx)
        return budget


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
@click.argument("resumes", metavar="[RESUME]...", nargs=-1, type=RESUME)
@click.option("-o", "--output", type=click.Path(path_type=Path), help="PDF to write.")
@click.option("--style", help="Style name (see `resume-pdf styles`) or path to a style file.")
@click.option("--page-size", type=click.Choice(["letter", "a4"]), help="Override the page size.")
@click.option("--pages", type=PageBudgetParam(), help="Page budget: 1 to 20, or any (default 2).")
@click.option("--variant", help="Build this tailored variant (see `resume-pdf variants`).")
@click.option("--all-variants", is_flag=True, help="Build every variant.")
@click.option("--png", is_flag=True, help="Also write a PNG of each page beside the PDF.")
@click.option(
    "--verify", is_flag=True, help="Read the PDF back as an ATS would; exit 1 if text is lost."
)
@click.option("--watch", is_flag=True, help="Rebuild whenever the résumé or its style changes.")
@click.option("-j", "--jobs", type=click.IntRange(1, 64), default=1, help="Parallel builds.")
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.option(
    "--format",
    "formats",
    metavar="LIST",
    callback=lambda _ctx, _param, value: _formats(value),
    help="What to write, e.g. pdf,txt,md,html,docx (default: the résumé's `formats:`, or pdf).",
)
def build(
    resumes: tuple[Path, ...],
    output: Path | None,
    all_variants: bool,
    watch: bool,
    jobs: int,
    **chosen: Any,
) -> None:
    """Build each RESUME (default resume.yaml) into output/NAME.pdf beside it."""
    from .build import Options

    paths = list(resumes) or [Path("resume.yaml")]
    options = Options(**chosen)
    if options.variant and all_variants:
        raise click.UsageError("--variant and --all-variants exclude each other")
    if output and (len(paths) > 1 or all_variants):
        raise click.UsageError("-o names one PDF: give one résumé and no --all-variants")
    if watch:
        if len(paths) > 1 or all_variants:
            raise click.UsageError("--watch follows one résumé (and one variant)")
        _watch(paths[0], output, options)
        return
    from .batch import plan, run_jobs

    failed = False
    for _, result in run_jobs(_run(lambda: plan(paths, output, options, all_variants)), jobs):
        failed |= _show(result)
    if failed:
        raise SystemExit(1)


def _formats(value: str | None) -> tuple[str, ...]:
    """`pdf,txt` -> ("pdf", "txt"); an unknown name is a usage error (exit 2)."""
    from .model import FORMATS

    names = tuple(dict.fromkeys(n.strip().lower() for n in (value or "").split(",") if n.strip()))
    unknown = [n for n in names if n not in FORMATS]
    if unknown or (value is not None and not names):
        raise click.BadParameter(
            f"{', '.join(unknown) or value!r}: choose from {', '.join(FORMATS)}"
        )
    return names


def _show(result: Any) -> bool:
    """Print one build's outcome; True when it failed."""
    if isinstance(result, ResumeError):
        _report(result.problems)
        return True
    twins = ", ".join(str(t) for t in result.twins)
    if not result.pages:  # only twins were asked for
        _say(f"{twins}: written, {result.seconds:.2f} s")
        _report(result.warnings)
        return False
    shown = f"{result.pages} page{'s' if result.pages != 1 else ''}"
    if result.fit_note:
        shown += f", {result.fit_note}"
    if result.pngs:
        shown += f" (+ {len(result.pngs)} PNG{'s' * (len(result.pngs) > 1)})"
    if twins:
        shown += f" (+ {twins})"
    _say(f"{result.output}: {shown}, {result.seconds:.2f} s")
    _report(result.warnings)
    return False


def _watch(resume: Path, output: Path | None, options: Any) -> None:
    from .watch import watch

    _say(f"watching {resume} (Ctrl-C to stop)")
    try:
        watch(resume, output, options, _show)
    except KeyboardInterrupt:
        _say("stopped")


@main.command()
@click.argument("resume", type=RESUME)
@click.option("--style", help="Check against this style instead of the résumé's own.")
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
def check(resume: Path, style: str | None, strict: bool) -> None:
    """Validate RESUME and report every problem at once; writes nothing."""
    from .build import Options
    from .build import check as run_check

    warnings = _run(lambda: run_check(resume, Options(style=style, strict=strict)))
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


@main.command()
@click.argument("resume", type=RESUME, default="resume.yaml")
def variants(resume: Path) -> None:
    """Show what each variant of RESUME keeps and drops."""
    from .model import load_resume
    from .variants import tailor

    master = _run(lambda: load_resume(resume))
    if not master.variants:
        _say(f"{resume}: no variants (add a `variants:` mapping; see the README)")
    for name, _ in master.variants:
        tailored = tailor(master, name)
        _say(f"{name}:")
        for label in tailored.kept:
            _say(f"  keeps  {label}")
        for label in tailored.dropped:
            _say(f"  drops  {label}")


@main.command()
@click.argument("source", type=RESUME)
@click.option(
    "-o", "--output", type=click.Path(path_type=Path), required=True, help="The YAML file to write."
)
def convert(source: Path, output: Path) -> None:
    """Convert a JSON Resume file into resume-pdf's YAML format."""
    from .build import convert_to_yaml

    _run(lambda: convert_to_yaml(source, output))
    _say(f"{output}: written")
