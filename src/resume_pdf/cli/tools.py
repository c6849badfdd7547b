"""The commands around a build: `check`, `styles`, `schema`, `init`, `variants`, `convert`."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from ..errors import Problem, ResumeError
from ..values import replace
from .app import (
    RESUME,
    PageBudgetParam,
    PathParam,
    _language_code,
    complete_resume,
    complete_styles,
    epilog,
    json_option,
    language_options,
    main,
    output_options,
    references_option,
    strict_option,
    style_path,
)
from .console import OUT, emit, info, need_resume, paint, report, run, say, shown_path

if TYPE_CHECKING:
    from pathlib import Path


@main.command(
    short_help="Validate a résumé, its letter and page budget; writes nothing.",
    epilog=epilog("resume-pdf check", "resume-pdf check cv.yaml --style compact --strict"),
)
@click.argument("resume", type=RESUME, default="resume.yaml", shell_complete=complete_resume)
@click.option(
    "--style",
    metavar="NAME|PATH",
    shell_complete=complete_styles,
    callback=style_path,
    help="Check against this style instead of the résumé's own.",
)
@click.option(
    "--pages",
    metavar="1..20|any",
    type=PageBudgetParam(),
    help="Page budget to check (default: the résumé's `pages:`, else 2).",
)
@strict_option
@references_option
@language_options
@json_option
@output_options
def check(
    resume: Path,
    style: str | None,
    pages: int | None,
    strict: bool,
    references: bool,
    language: str | None,
    all_languages: bool,
) -> None:
    """Validate RESUME (default resume.yaml) and report every problem at once.

    Lays the résumé out as `build` would, so a résumé that cannot keep its page budget fails
    here too; nothing is written. A cover letter (a `letter:` block, or a letter.yaml beside
    RESUME) is checked as `resume-pdf letter` would: its fields and its one page. With
    --all-languages, each language in turn: its warnings list the fields not translated.
    """
    from pathlib import Path

    from ..batch import plan
    from ..build import Options
    from ..build import check as run_check

    if language is not None and all_languages:
        raise click.UsageError("--lang and --all-languages exclude each other")
    need_resume([resume], given=resume != Path("resume.yaml"))
    options = Options(style=style, pages=pages, strict=strict, references=references)
    options = replace(options, language=language)
    if all_languages:
        _check_each(resume, run(lambda: plan([resume], None, options, False, all_languages=True)))
        return
    checked = run(lambda: run_check(resume, options), resume)
    if OUT.json:
        from ..check.results import Results
        from .outcomes import checked_outcomes

        emit(Results("check", checked_outcomes(resume, checked)))
        return
    info(f"{paint(shown_path(resume), 'ok')}: ok, {checked.summary}")
    report(checked.warnings, resume)


def _check_each(resume: Path, jobs: list) -> None:
    """`check --all-languages`: each language's result line and warnings (the fields it
    has not translated among them), or one --json document of them all."""
    from ..build import check as run_check
    from ..check.results import Results
    from .outcomes import checked_outcomes

    outcomes, failed = [], False
    for job in jobs:
        try:
            checked = run_check(resume, job.options)
        except ResumeError as exc:
            failed = True
            outcomes += checked_outcomes(resume, exc)
            if not OUT.json:
                report(exc.problems, resume)
            continue
        outcomes += checked_outcomes(resume, checked)
        if not OUT.json:
            shown = f"{shown_path(resume)} ({job.options.language})"
            info(f"{paint(shown, 'ok')}: ok, {checked.summary}")
            report(checked.warnings, resume)
    if OUT.json:
        emit(Results("check", tuple(outcomes)))
    if failed:
        raise SystemExit(1)


@main.command(
    short_help="List the styles, or preview a résumé in each.",
    epilog=epilog("resume-pdf styles", "resume-pdf styles cv.yaml --preview"),
)
@click.argument("resume", type=RESUME, default="resume.yaml", shell_complete=complete_resume)
@click.option("--preview", is_flag=True, help="Build RESUME in every style, PDF and PNG.")
@output_options
def styles(resume: Path, preview: bool) -> None:
    """List the styles: local ones (styles/ beside RESUME) first, then the built-ins.

    With --preview, build RESUME in every style into output/styles/NAME.pdf and NAME.png,
    printing each as it is done.
    """
    from pathlib import Path

    from ..style.theme import list_styles

    if not preview:
        infos = list_styles(resume.parent)
        width = max(len(style.name) for style in infos)
        for style in infos:
            say(f"{style.name:<{width}}  {style.description}  [{shown_path(style.origin)}]")
        return
    from ..batch import preview_styles

    need_resume([resume], given=resume != Path("resume.yaml"))
    failed = False
    for name, result in run(lambda: preview_styles(resume), resume):
        if isinstance(result, ResumeError):
            say(f"{name}: failed", err=True)
            report(result.problems, resume)
            failed = True
        else:
            page = f"{result.pages} page{'s' * (result.pages != 1)}"
            info(f"{name}: {shown_path(result.output)} (+ .png), {page}, {result.seconds:.2f} s")
    if failed:
        raise SystemExit(1)


@main.command(
    short_help="Print the JSON Schema of the résumé format (or of --json's results).",
    epilog=epilog(
        "resume-pdf schema > resume.schema.json",
        "resume-pdf schema --results > results.schema.json",
        "resume-pdf schema --guide > agent-guide.md",
    ),
)
@click.option("--results", is_flag=True, help="The schema of what `--json` prints instead.")
@click.option("--guide", is_flag=True, help="The Markdown guide for editors and agents instead.")
@output_options
def schema(results: bool, guide: bool) -> None:
    """Print the JSON Schema of the résumé format, for editors and CI.

    With `# yaml-language-server: $schema=resume.schema.json` as the first line of the
    résumé, editors complete and check every field while you type. --results prints the
    schema of the document `check`, `build` and `letter` print with --json; --guide, the
    guide for editors and agents, generated from the résumé schema.
    """
    import json

    if results and guide:
        raise click.UsageError("--results and --guide exclude each other")
    if guide:
        from ..guide import agent_guide

        sys.stdout.write(agent_guide())
        return
    if results:
        from ..check.results import RESULTS_SCHEMA

        say(json.dumps(RESULTS_SCHEMA, indent=2, ensure_ascii=False))
        return
    from ..style.json_schema import resume_json_schema

    say(json.dumps(resume_json_schema(), indent=2, ensure_ascii=False))


@main.command(
    short_help="Write a commented starter résumé.",
    epilog=epilog("resume-pdf init --name 'Ada Lovelace'", "resume-pdf init cv.yaml --force"),
)
@click.argument("path", type=PathParam(), default="resume.yaml")
@click.option("--name", metavar="NAME", help="Your name, written into the starter.")
@click.option("--force", is_flag=True, help="Replace an existing file at PATH.")
@click.option(
    "--languages",
    metavar="LIST",
    help="Its languages, e.g. en,de (the first is the default).",
)
@output_options
def init(path: Path, name: str | None, force: bool, languages: str | None) -> None:
    """Write a commented starter résumé to PATH (default resume.yaml).

    A schema file (resume.schema.json) is written beside it, so editors complete and check
    the fields. An existing résumé is never replaced without --force.
    """
    from pathlib import Path

    from ..scaffold import write_starter

    schema_path = run(lambda: write_starter(path, name=name, force=force, languages=languages))
    info(f"{shown_path(path)}: written (with {schema_path.name} for editor completion)")
    target = "" if path == Path("resume.yaml") else f" {path}"
    info(f"next: edit it, then `resume-pdf build{target}`")


@main.command(
    short_help="Show what each variant keeps and drops.",
    epilog=epilog("resume-pdf variants", "resume-pdf variants cv.yaml"),
)
@click.argument("resume", type=RESUME, default="resume.yaml", shell_complete=complete_resume)
@output_options
def variants(resume: Path) -> None:
    """Show what each variant of RESUME (default resume.yaml) keeps and drops.

    Variants are named in the résumé's `variants:` mapping; build one with
    `resume-pdf build --variant NAME`.
    """
    from ..model.resume_schema import load_resume
    from ..model.variants import tailor

    master = run(lambda: load_resume(resume), resume)
    if not master.variants:
        say(f"{shown_path(resume)}: no variants (add a `variants:` mapping; see docs/format.md)")
    for name, _ in master.variants:
        tailored = tailor(master, name)
        say(f"{name}:")
        for label in tailored.kept:
            say(f"  keeps  {label}")
        for label in tailored.dropped:
            say(f"  drops  {label}")


@main.command(
    short_help="Convert JSON Resume, RenderCV or YAMLResume to resume-pdf YAML.",
    epilog=epilog("resume-pdf convert cv.json -o cv.yaml", "resume-pdf convert cv.json > cv.yaml"),
)
@click.argument("source", type=RESUME, shell_complete=complete_resume)
@click.argument("more", metavar="[MORE]...", nargs=-1, type=RESUME, shell_complete=complete_resume)
@click.option(
    "-o",
    "--output",
    metavar="FILE|-",
    default="-",
    help="The YAML file to write, or - for standard output (the default).",
)
@click.option("--force", is_flag=True, help="Replace an existing output file.")
@click.option(
    "--lang",
    "language",
    metavar="CODE",
    callback=_language_code,
    help="Write this language of a résumé of ours as JSON Resume (-o NAME.json).",
)
@references_option
@output_options
def convert(
    source: Path,
    more: tuple[Path, ...],
    output: str,
    force: bool,
    references: bool,
    language: str | None,
) -> None:
    """Convert SOURCE (a JSON Resume, RenderCV or YAMLResume file) into resume-pdf's YAML.
    With MORE files (cv.en.json cv.de.json), one person's résumé in several languages is
    joined into one file whose texts carry their translations. And back: a résumé of ours
    with `-o NAME.json` is written as JSON Resume, in the language --lang names.

    A PDF built with --embed-source gives back the résumé source it carries, as built.

    The result is validated before it is written, starts with the schema line for editors,
    and lists each entry's fields in the order of the format. It warns as `build` does, and
    keeps each value it warns about as a comment in the entry it came from. An existing
    file is never replaced without --force.
    """
    from pathlib import Path

    from ..read.embedded import is_pdf
    from ..scaffold import convert_to_yaml

    if is_pdf(source):
        _restore(source, output, force)
        return
    if language is not None or (output.endswith(".json") and _ours(source)):
        _export(source, output, language, force, more)
        return
    if output == "-":
        converted = run(
            lambda: convert_to_yaml(source, None, references=references, others=list(more)),
            source,
        )
        report(converted.warnings, source)
        sys.stdout.write(converted.text)
        return
    target = Path(output)
    converted = run(
        lambda: convert_to_yaml(
            source, target, force=force, references=references, others=list(more)
        ),
        source,
    )
    info(f"{shown_path(target)}: written")
    report(converted.warnings, source)


def _ours(source: Path) -> bool:
    """Is `source` a résumé in our own format (not another tool's)?"""
    from ..read.foreign import read_foreign
    from ..read.source import read_source

    try:
        return not read_foreign(read_source(source)).format
    except ResumeError:
        return True  # its problems are told by the export


def _export(
    source: Path, output: str, language: str | None, force: bool, more: tuple[Path, ...]
) -> None:
    from pathlib import Path

    from ..scaffold import export_json_resume

    if more or not (output == "-" or output.endswith(".json")):
        raise click.UsageError("--lang writes one résumé as JSON Resume: -o NAME.json or -o -")
    target = None if output == "-" else Path(output)
    converted = run(lambda: export_json_resume(source, target, language, force=force), source)
    if target is None:
        report(converted.warnings, source)
        sys.stdout.write(converted.text)
        return
    info(f"{shown_path(target)}: written")
    report(converted.warnings, source)


def _restore(pdf: Path, output: str, force: bool) -> None:
    """`convert cv.pdf`: the résumé source the PDF carries (built with --embed-source)."""
    from pathlib import Path

    from ..paths import exists
    from ..scaffold import restored_source
    from ..write.output import check_output_path, write_atomic

    if output != "-":
        target = Path(output)
        run(lambda: check_output_path(target, [pdf]), pdf)
        if exists(target) and not force:
            hint = "add --force to replace it, or use -o - to print the YAML"
            run(lambda: _raise(f"{str(target)!r} already exists", hint), pdf)
    text = run(lambda: restored_source(pdf), pdf)
    if output == "-":
        sys.stdout.write(text)
        return
    run(lambda: write_atomic(target, text.encode()), pdf)
    info(f"{shown_path(target)}: written (the résumé source embedded in {shown_path(pdf)})")


def _raise(message: str, hint: str) -> None:
    raise ResumeError([Problem(message, hint=hint)])
