"""`build` and `letter`: résumés (and their letters) into PDFs and twins, one at a time,
in worker processes or on every save."""

from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING, Any

import click

from ..errors import ResumeError, quote
from ..values import replace
from .app import (
    RESUME,
    PageBudgetParam,
    PathParam,
    complete_resume,
    complete_variants,
    epilog,
    json_option,
    language_options,
    main,
    output_options,
    page_size_option,
    references_option,
    strict_option,
    style_option,
    verify_option,
)
from .console import OUT, emit, info, launched, need_resume, paint, report, run, say, shown_path

if TYPE_CHECKING:
    from pathlib import Path


@main.command(
    short_help="Build résumés into PDFs (default: resume.yaml).",
    epilog=epilog(
        "resume-pdf build",
        "resume-pdf build cv.yaml --style modern --pages 1",
        "resume-pdf build --all-variants -j 4 --verify",
    ),
)
@click.argument(
    "resumes", metavar="[RESUME]...", nargs=-1, type=RESUME, shell_complete=complete_resume
)
@click.option(
    "-o",
    "--output",
    metavar="FILE.pdf",
    type=PathParam(),
    help="The PDF to write (one résumé only).",
)
@style_option
@page_size_option
@click.option(
    "--pages",
    metavar="1..20|any",
    type=PageBudgetParam(),
    help="Page budget (default: the résumé's `pages:`, else 2); any: no budget.",
)
@click.option(
    "--variant",
    metavar="NAME",
    shell_complete=complete_variants,
    help="Build this tailored variant (see `resume-pdf variants`).",
)
@click.option("--all-variants", is_flag=True, help="Build every variant.")
@language_options
@click.option("--png", is_flag=True, help="Also write a PNG of each page beside the PDF.")
@verify_option
@click.option("--watch", is_flag=True, help="Rebuild whenever the résumé or its style changes.")
@click.option("--serve", is_flag=True, help="With --watch: also show it live in the browser.")
@click.option(
    "--open",
    "open_pdf",
    is_flag=True,
    help="Open the PDF in the system viewer after a successful build.",
)
@click.option(
    "-j",
    "--jobs",
    metavar="N",
    type=click.IntRange(1, 64),
    default=1,
    help="Build in N worker processes.",
)
@strict_option
@references_option
@click.option(
    "--format",
    "formats",
    metavar="LIST",
    callback=lambda _ctx, _param, value: _formats(value),
    help="What to write, e.g. pdf,txt,md,html,docx (default: the résumé's `formats:`, or pdf).",
)
@json_option
@output_options
@click.option("--letter", is_flag=True, help="Also build the cover letter (see `letter`).")
@click.option(
    "--embed-source",
    is_flag=True,
    help="Attach the résumé as built to the PDF (resume.yaml, resume.json; docs/security.md).",
)
def build(
    resumes: tuple[Path, ...],
    output: Path | None,
    all_variants: bool,
    all_languages: bool,
    watch: bool,
    serve: bool,
    open_pdf: bool,
    jobs: int,
    letter: bool,
    **chosen: Any,
) -> None:
    """Build each RESUME (default resume.yaml) into output/NAME.pdf beside it.

    The page budget is a promise: when the content overflows, spacing, then margins, then
    type size are tightened within the style's floors, and the result line says so. A failed
    build reports every problem and leaves the previous PDF untouched.
    """
    from pathlib import Path

    from ..build import Options

    paths = list(resumes) or [Path("resume.yaml")]
    options = Options(**chosen)
    _exclusive(options, all_variants, all_languages)
    if output and (len(paths) > 1 or all_variants or all_languages):
        raise click.UsageError("-o names one PDF: give one résumé and no --all-variants/languages")
    output = _twin_output(output, options.formats)
    if output and not _pdf_name(output, paths):
        raise click.UsageError(
            f"-o {output}: the output is a PDF, so name it .pdf (--png adds PNG pages beside "
            "it); with one --format other than pdf, name it after that format (cv.docx)"
        )
    need_resume(paths, given=bool(resumes))
    if serve and not watch:
        raise click.UsageError("--serve goes with --watch")
    if watch and OUT.json:
        raise click.UsageError("--json reports one build: leave out --watch")
    if watch:
        if len(paths) > 1 or all_variants or all_languages:
            raise click.UsageError("--watch follows one résumé (one variant, one language)")
        _watch(paths[0], output, options, open_pdf, serve, letter)
        return
    from ..batch import plan, run_jobs

    letters = "also" if letter else "none"
    work = run(lambda: plan(paths, output, options, all_variants, letters, all_languages))
    outcomes: list[Any] = []
    said: tuple[Any, ...] = ()  # the résumé's problems, which its letter's often repeat
    built = failed = 0
    for job, result in run_jobs(work, jobs):
        if OUT.json:
            outcomes.append(outcome(job, result))
            bad = isinstance(result, ResumeError)
        elif isinstance(result, ResumeError) and job.letter and result.problems == said:
            failed += 1  # a variant's error, already reported by the résumé's build
            continue
        else:
            if job.letter and not isinstance(result, ResumeError):  # its résumé warned them
                kept = tuple(w for w in result.warnings if w not in said)
                result = replace(result, warnings=kept)
            said = result.problems if isinstance(result, ResumeError) else result.warnings
            bad = show(result, job.resume)
        built, failed = built + (not bad), failed + bad
        if open_pdf and not bad:
            open_file(result.output)
    if built + failed > 1:  # a batch ends with its count, so a failure is not missed
        info(f"{built} built" + (f", {failed} failed" if failed else ""))
    finish("build", outcomes, bool(failed))


@main.command(
    short_help="Build the cover letter: one page in the résumé's style.",
    epilog=epilog(
        "resume-pdf letter",
        "resume-pdf letter cv.yaml --variant acme --verify",
        "resume-pdf build --all-variants --letter",
    ),
)
@click.argument("resume", type=RESUME, default="resume.yaml", shell_complete=complete_resume)
@click.option("-o", "--output", metavar="FILE.pdf", type=PathParam(), help="PDF to write.")
@style_option
@page_size_option
@click.option(
    "--variant",
    metavar="NAME",
    shell_complete=complete_variants,
    help="The letter of this variant (its `letter:` fields override the résumé's).",
)
@click.option("--all-variants", is_flag=True, help="The letter of every variant.")
@language_options
@click.option("--png", is_flag=True, help="Also write a PNG of the page beside the PDF.")
@verify_option
@strict_option
@click.option(
    "--format",
    "formats",
    metavar="LIST",
    callback=lambda _ctx, _param, value: _formats(value),
    help="What to write, e.g. pdf,txt,md (default: the résumé's `formats:`, or pdf).",
)
@json_option
@output_options
def letter(
    resume: Path, output: Path | None, all_variants: bool, all_languages: bool, **chosen: Any
) -> None:
    """Build RESUME's cover letter — its `letter:` block, or a letter.yaml beside it — into
    output/NAME-letter.pdf (output/NAME-VARIANT-letter.pdf): one page with the résumé's
    header, fonts and colours, fitted like the résumé. See docs/kit.md, "Cover letter".
    """
    from ..batch import plan, run_jobs
    from ..build import Options

    options = Options(**chosen)
    _exclusive(options, all_variants, all_languages)
    if output and (all_variants or all_languages):
        raise click.UsageError("-o names one PDF: leave out --all-variants/languages")
    need_resume([resume], given=True)
    failed = False
    work = run(lambda: plan([resume], output, options, all_variants, "only", all_languages), resume)
    outcomes = []
    for job, result in run_jobs(work, 1):
        if OUT.json:
            outcomes.append(outcome(job, result))
        failed |= isinstance(result, ResumeError) if OUT.json else show(result, job.resume)
    finish("letter", outcomes, failed)


def outcome(job: Any, result: Any) -> Any:
    """One job's results.Outcome, for --json."""
    from .outcomes import built

    return built(job.resume, "letter" if job.letter else "resume", job.options, result)


def finish(command: str, outcomes: list[Any], failed: bool) -> None:
    """With --json, print the document of every outcome; exit 1 when a build failed."""
    if OUT.json:
        from ..check.results import Results

        emit(Results(command, tuple(outcomes)))
    if failed:
        raise SystemExit(1)


def _exclusive(options: Any, all_variants: bool, all_languages: bool) -> None:
    if options.variant is not None and all_variants:
        raise click.UsageError("--variant and --all-variants exclude each other")
    if options.language is not None and all_languages:
        raise click.UsageError("--lang and --all-languages exclude each other")


def _formats(value: str | None) -> tuple[str, ...]:
    """`pdf,txt` -> ("pdf", "txt"); an unknown name is a usage error (exit 2)."""
    from ..model.resume import FORMATS

    names = tuple(dict.fromkeys(n.strip().lower() for n in (value or "").split(",") if n.strip()))
    unknown = [n for n in names if n not in FORMATS]
    if unknown or (value is not None and not names):
        raise click.BadParameter(
            f"{quote(', '.join(unknown) or value)}: choose from {', '.join(FORMATS)}"
        )
    return names


def _twin_output(output: Path | None, formats: tuple[str, ...]) -> Path | None:
    """`-o cv.docx --format docx` names that twin: the build is given the PDF's name beside
    it (`cv.pdf`, not written) from which every twin takes its own."""
    if output is None or len(formats) != 1 or formats[0] == "pdf":
        return output
    if output.suffix.lower() != f".{formats[0]}" or os.path.isdir(output):
        return output
    return output.with_suffix(".pdf")


def open_file(path: Path) -> None:
    """Open a built PDF in the system viewer; when none starts (click's `launch` returns
    non-zero), say so: the build itself succeeded, so the exit stays 0."""
    if not launched(str(path)):
        say(
            f"{shown_path(path)}: note: no PDF viewer could be started; open the file yourself",
            err=True,
        )


def _pdf_name(output: Path, inputs: list[Path]) -> bool:
    """`-o out.png` would write a PDF under a PNG's name; a folder or the input itself get
    their own message from the build."""
    special = os.path.isdir(output) or str(output) == os.devnull  # os.path: never raises
    special |= any(os.path.realpath(output) == os.path.realpath(p) for p in inputs)
    return special or output.suffix.lower() == ".pdf"


def pngs_line(pngs: tuple[Path, ...] | list[Path]) -> str:
    """The PNGs a build wrote: each path, or for more than three the first and last
    (`output/cv-1.png … cv-28.png (28 pages)`), so the result stays one readable line."""
    if len(pngs) <= 3:
        return ", ".join(shown_path(p) for p in pngs)
    return f"{shown_path(pngs[0])} … {pngs[-1].name} ({len(pngs)} pages)"


def show(result: Any, resume: Path, *, stamp: bool = False) -> bool:
    """Print one build's outcome; True when it failed."""
    when = time.strftime("[%H:%M:%S] ") if stamp else ""
    if isinstance(result, ResumeError):
        if stamp:
            say(f"{when}{shown_path(resume)}: build failed", err=True)
        report(result.problems, resume)
        return True
    twins = ", ".join(shown_path(t) for t in result.twins)
    if not result.pages:  # only twins were asked for
        info(f"{when}{paint(twins, 'ok')}: written, {result.seconds:.2f} s")
        report(result.warnings, resume)
        return False
    shown = f"{result.pages} page{'s' if result.pages != 1 else ''}"
    if result.fit_note:
        shown += f", {result.fit_note}"
    if result.verified:
        shown += ", verified (text and links read back)"
    if twins:
        shown += f" (+ {twins})"
    if result.source_format:
        shown += f", built from {result.source_format} format"
    shown += f", {result.seconds:.2f} s"
    if result.pngs:
        shown += "; PNG: " + pngs_line(result.pngs)
    info(f"{when}{paint(shown_path(result.output), 'ok')}: {shown}")
    if OUT.verbose:
        info(f"  {result.details}")
    report(result.warnings, resume)
    return False


def _watch(
    resume: Path, output: Path | None, options: Any, open_pdf: bool, serve: bool, letter: bool
) -> None:
    from ..watch import watch

    last_good: list[Path] = []

    def on_result(result: Any) -> None:
        if show(result, resume, stamp=True):
            target = last_good[-1] if last_good else None
            if target and target.exists():
                info(f"  kept the last good PDF: {shown_path(target)}")
            return
        if open_pdf and not last_good and not serve:
            open_file(result.output)
        last_good.append(result.output)

    said: list[Any] = [()]  # the résumé's last problems, which its letter's often repeat

    def on_letter(result: Any) -> None:
        if not (isinstance(result, ResumeError) and result.problems == said[0]):
            show(result, resume, stamp=True)

    def on_resume(result: Any) -> None:
        said[0] = result.problems if isinstance(result, ResumeError) else ()
        on_result(result)

    if serve:  # the browser page instead of the PDF viewer
        from ..build import default_output
        from .preview import serve_preview

        out = output or default_output(resume, options.variant, options.language)
        with_letter = (out.with_name(f"{out.stem}-letter.pdf"), on_letter) if letter else None
        serve_preview(
            resume, options, open_browser=open_pdf, output=out, report=on_resume, letter=with_letter
        )
        return
    letter_out = output.with_name(f"{output.stem}-letter.pdf") if output else None
    info(f"watching {shown_path(resume)} (Ctrl-C to stop)")
    try:
        watch(
            resume, output, options, on_resume, letter=(letter_out, on_letter) if letter else None
        )
    except KeyboardInterrupt:
        info("stopped")
