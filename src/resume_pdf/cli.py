"""The command line: the only place where problems become text and exit codes.

Exit status: 0 built (warnings allowed), 1 the input or a style has problems, 2 usage.
The build pipeline is imported inside the commands, so `--help` and shell completion stay
fast. Colour follows the terminal: on a TTY only, never with NO_COLOR, as `--color` says.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, NoReturn

import click

from . import __version__
from .errors import Problem, ResumeError, Severity, os_reason

if TYPE_CHECKING:
    from pathlib import Path


class PathParam(click.Path):
    """click.Path giving a pathlib.Path; pathlib is imported when a command runs, so `--help`
    never loads it (~4 ms). Functions below import it where they need it, for the same reason."""

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        from pathlib import Path

        return Path(super().convert(value, param, ctx))


RESUME = PathParam(dir_okay=True)
EXIT_CODES = """\b
Exit status:
  0  done (warnings allowed)
  1  the résumé, a style or the output path has problems (located on stderr)
  2  command-line usage error"""
COLORS = {"error": "red", "warning": "yellow", "ok": "green", "hint": "cyan"}


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


OUT = _Output()


def terminal_columns() -> int:
    """`shutil.get_terminal_size().columns` (COLUMNS, else the terminal's, else 80) without
    importing shutil, which loads three compression modules: 3.5 % of a `--help`."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):
        return 80


class _Formatter(click.HelpFormatter):
    """click's help formatter at the width click would choose, measured by terminal_columns."""

    def __init__(
        self, indent_increment: int = 2, width: int | None = None, max_width: int | None = None
    ) -> None:
        if width is None:
            width = click.formatting.FORCED_WIDTH  # click's test runner fixes it
            if width is None:
                width = max(min(terminal_columns(), max_width or 80) - 2, 50)
        super().__init__(indent_increment, width, max_width)


class _Context(click.Context):
    formatter_class = _Formatter


class _Command(click.Command):
    context_class = _Context


class _Group(click.Group):
    """Starts every invocation from the default output settings (a test process invokes
    the group many times in one process)."""

    context_class = _Context
    command_class = _Command

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        OUT.reset()
        return super().parse_args(ctx, args)


def _epilog(*examples: str) -> str:
    lines = "\n".join(f"  {e}" for e in examples)
    return f"\b\nExamples:\n{lines}\n\n{EXIT_CODES}"


def _set_output(ctx: click.Context, param: click.Parameter, value: Any) -> None:
    """An option given on the group or on a command sets its setting; one not given leaves
    it alone. (Only given values count: whether click has recorded an option's source by
    the time its callback runs differs between click releases, 8.4.0 among them.)"""
    if param.name == "color":
        if value is not None:  # default None: not given
            OUT.color = {"always": True, "never": False}.get(
                value, False if os.environ.get("NO_COLOR") else None
            )
    elif value:
        setattr(OUT, param.name or "", True)


def output_options(command: Callable[..., Any]) -> Callable[..., Any]:
    common = {"expose_value": False, "is_eager": True, "callback": _set_output}
    for option in (
        click.option(
            "--color",
            type=click.Choice(["auto", "always", "never"]),
            default=None,
            help="Colour: auto (on a terminal, unless NO_COLOR is set), always or never.",
            **common,
        ),
        click.option(
            "-v", "--verbose", is_flag=True, help="Also say style, budget, passes.", **common
        ),
        click.option("-q", "--quiet", is_flag=True, help="Print only errors.", **common),
    ):
        command = option(command)
    return command


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
        click.echo(safe, err=err, color=OUT.color)
    except BrokenPipeError:
        sys.stdout = None  # type: ignore[assignment]  # silence the flush at exit
        raise SystemExit(0) from None
    except OSError as exc:  # a full disk, /dev/full: exit 1 with a word on stderr, if it works
        _stream_failed(err, exc)


def _stream_failed(err: bool, exc: OSError) -> NoReturn:
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


def _paint(text: str, kind: str, bold: bool = True) -> str:
    return click.style(text, fg=COLORS.get(kind), bold=bold)


def shown_path(file: str | Path) -> str:
    """A path as the user would type it: relative when it is inside the current folder."""
    from pathlib import Path

    path = Path(file)
    if path.is_absolute():
        try:
            return str(path.relative_to(Path.cwd()))
        except ValueError:
            return str(path)
    return str(path)


def render(problem: Problem, file: Path | None = None) -> list[str]:
    """`FILE:LINE:COL: field: error: message`, then a caret excerpt and a hint when known.
    A problem with no location is put on the file it came from, so a batch says which."""
    loc = problem.location
    where = f"{shown_path(loc.file)}:{loc.line}:{loc.column}" if loc else ""
    if not where and file and not problem.field.startswith("-"):  # not an option's problem
        where = shown_path(file)
    parts = [_paint(where, "", bold=True)] if where else []
    if problem.field:
        parts.append(problem.field)
    tag = "warning" if problem.severity is Severity.WARNING else "error"
    lines = [": ".join([*parts, _paint(f"{tag}:", tag) + " " + problem.message])]
    if problem.excerpt and loc:
        lines += _excerpt(problem.excerpt, loc.line, loc.column, tag)
    if problem.hint:
        first, *more = problem.hint.split("\n")
        lines.append(f"  {_paint('hint:', 'hint')} {first}")
        lines += [f"        {line}" for line in more]
    return lines


def _excerpt(text: str, line: int, column: int, tag: str, width: int = 76) -> list[str]:
    """The source line with a caret under `column`; a long line is cut around it."""
    start = max(0, min(column - 1 - width // 2, len(text) - width))
    shown = ("…" if start else "") + text[start : start + width]
    shown += "…" if start + width < len(text) else ""
    before = ("…" if start else "") + text[start : column - 1]
    caret = "".join(c if c == "\t" else " " for c in before)
    number = str(line)
    return [f" {number} | {shown}", f" {' ' * len(number)} | {caret}{_paint('^', tag)}"]


def _report(problems: Iterable[Problem], file: Path | None = None) -> None:
    for problem in problems:
        if OUT.quiet and problem.severity is Severity.WARNING:
            continue
        for line in render(problem, file):
            _say(_terminal_safe(line), err=True)


def _terminal_safe(text: str) -> str:
    """Control characters from the input never reach the terminal raw (colour codes that
    this module added itself are the only escapes let through)."""
    out = []
    for i, c in enumerate(text):
        ours = c == "\x1b" and text[i + 1 : i + 2] == "["
        out.append(c if ours or not (ord(c) < 32 or 127 <= ord(c) < 160) else repr(c)[1:-1])
    return "".join(out)


def _run(action: Callable[[], Any], file: Path | None = None) -> Any:
    try:
        return action()
    except ResumeError as exc:
        _report(exc.problems, file)
        raise SystemExit(1) from None


def _info(line: str) -> None:
    if not OUT.quiet:
        _say(line)


@click.group(
    cls=_Group,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
    epilog=_epilog(
        "resume-pdf init --name 'Ada Lovelace'   # a starter resume.yaml",
        "resume-pdf build                        # resume.yaml -> output/resume.pdf",
        "resume-pdf build --watch --open         # rebuild on every save",
    )
    + "\n\n\b\nShell completion (styles, variants and files): add to your shell's startup file\n"
    '  bash: eval "$(_RESUME_PDF_COMPLETE=bash_source resume-pdf)"\n'
    '  zsh:  eval "$(_RESUME_PDF_COMPLETE=zsh_source resume-pdf)"\n'
    "  fish: _RESUME_PDF_COMPLETE=fish_source resume-pdf | source",
)
@click.version_option(__version__, prog_name="resume-pdf")
@output_options
def main() -> None:
    """Turn a résumé written in YAML into a PDF that recruiters and ATS parsers read.

    Write resume.yaml (start with `resume-pdf init`), then `resume-pdf build`. Every problem
    is reported at once as FILE:LINE:COL: field: what is wrong.
    """


def _complete_styles(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Built-in styles and the styles/ folder beside the résumé; a path completes as a file."""
    from click.shell_completion import CompletionItem  # here: only completion needs it

    if "/" in incomplete or incomplete.startswith("."):
        return [CompletionItem(incomplete, type="file")]
    from .theme import builtin_styles

    folder = _resume_of(ctx).parent / "styles"
    names = {p.stem for p in folder.glob("*.y*ml")} | set(builtin_styles())
    return [CompletionItem(n) for n in sorted(names) if n.startswith(incomplete)]


def _complete_variants(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """The variants of the résumé named on the line so far (else resume.yaml)."""
    from click.shell_completion import CompletionItem

    from .build import variant_names

    try:
        names = variant_names(_resume_of(ctx))
    except ResumeError:
        return []
    return [CompletionItem(n) for n in names if n.startswith(incomplete)]


def _resume_of(ctx: click.Context) -> Path:
    """The résumé named so far on the line being completed (an option still waiting for
    its value leaves the arguments unparsed, in ctx.args)."""
    from pathlib import Path

    given = [*(ctx.params.get("resumes") or ()), ctx.params.get("resume"), *ctx.args]
    named = [g for g in given if g and not str(g).startswith("-")]
    return Path(named[0] if named else "resume.yaml")


def _complete_resume(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    from click.shell_completion import CompletionItem

    return [CompletionItem(incomplete, type="file")]


@main.command(
    short_help="Build résumés into PDFs (default: resume.yaml).",
    epilog=_epilog(
        "resume-pdf build",
        "resume-pdf build cv.yaml -o cv.pdf --style modern --pages 1",
        "resume-pdf build --all-variants -j 4 --verify",
    ),
)
@click.argument(
    "resumes", metavar="[RESUME]...", nargs=-1, type=RESUME, shell_complete=_complete_resume
)
@click.option(
    "-o",
    "--output",
    metavar="FILE.pdf",
    type=PathParam(),
    help="The PDF to write (one résumé only).",
)
@click.option(
    "--style",
    metavar="NAME|PATH",
    shell_complete=_complete_styles,
    help="Style name (see `resume-pdf styles`) or path to a style file.",
)
@click.option("--page-size", type=click.Choice(["letter", "a4"]), help="Override the page size.")
@click.option(
    "--pages",
    metavar="1..20|any",
    type=PageBudgetParam(),
    help="Page budget (default: the résumé's `pages:`, else 2); any: no budget.",
)
@click.option(
    "--variant",
    metavar="NAME",
    shell_complete=_complete_variants,
    help="Build this tailored variant (see `resume-pdf variants`).",
)
@click.option("--all-variants", is_flag=True, help="Build every variant.")
@click.option("--png", is_flag=True, help="Also write a PNG of each page beside the PDF.")
@click.option(
    "--verify", is_flag=True, help="Read the PDF back as an ATS would; exit 1 if text is lost."
)
@click.option("--watch", is_flag=True, help="Rebuild whenever the résumé or its style changes.")
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
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.option("--references", is_flag=True, help="Include a JSON Resume's `references` section.")
@click.option(
    "--format",
    "formats",
    metavar="LIST",
    callback=lambda _ctx, _param, value: _formats(value),
    help="What to write, e.g. pdf,txt,md,html,docx (default: the résumé's `formats:`, or pdf).",
)
@output_options
@click.option("--letter", is_flag=True, help="Also build the cover letter (see `letter`).")
def build(
    resumes: tuple[Path, ...],
    output: Path | None,
    all_variants: bool,
    watch: bool,
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

    from .build import Options

    paths = list(resumes) or [Path("resume.yaml")]
    options = Options(**chosen)
    if options.variant is not None and all_variants:
        raise click.UsageError("--variant and --all-variants exclude each other")
    if output and (len(paths) > 1 or all_variants):
        raise click.UsageError("-o names one PDF: give one résumé and no --all-variants")
    if output and not _pdf_name(output, paths):
        raise click.UsageError(
            f"-o {output}: the output is a PDF, so name it .pdf (--png adds PNG pages beside it)"
        )
    _need_resume(paths, given=bool(resumes))
    if watch:
        if len(paths) > 1 or all_variants:
            raise click.UsageError("--watch follows one résumé (and one variant)")
        _watch(paths[0], output, options, open_pdf)
        return
    from .batch import plan, run_jobs

    letters = "also" if letter else "none"
    failed = False
    work = _run(lambda: plan(paths, output, options, all_variants, letters))
    for job, result in run_jobs(work, jobs):
        failed |= _show(result, job.resume)
        if open_pdf and not isinstance(result, ResumeError):
            click.launch(str(result.output))
    if failed:
        raise SystemExit(1)


@main.command(
    short_help="Build the cover letter: one page in the résumé's style.",
    epilog=_epilog(
        "resume-pdf letter",
        "resume-pdf letter cv.yaml --variant acme --verify",
        "resume-pdf build --all-variants --letter",
    ),
)
@click.argument("resume", type=RESUME, default="resume.yaml", shell_complete=_complete_resume)
@click.option("-o", "--output", metavar="FILE.pdf", type=PathParam(), help="PDF to write.")
@click.option(
    "--style",
    metavar="NAME|PATH",
    shell_complete=_complete_styles,
    help="Style name (see `resume-pdf styles`) or path to a style file.",
)
@click.option("--page-size", type=click.Choice(["letter", "a4"]), help="Override the page size.")
@click.option(
    "--variant",
    metavar="NAME",
    shell_complete=_complete_variants,
    help="The letter of this variant (its `letter:` fields override the résumé's).",
)
@click.option("--all-variants", is_flag=True, help="The letter of every variant.")
@click.option("--png", is_flag=True, help="Also write a PNG of the page beside the PDF.")
@click.option(
    "--verify", is_flag=True, help="Read the PDF back as an ATS would; exit 1 if text is lost."
)
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.option(
    "--format",
    "formats",
    metavar="LIST",
    callback=lambda _ctx, _param, value: _formats(value),
    help="What to write, e.g. pdf,txt,md (default: the résumé's `formats:`, or pdf).",
)
@output_options
def letter(resume: Path, output: Path | None, all_variants: bool, **chosen: Any) -> None:
    """Build RESUME's cover letter — its `letter:` block, or a letter.yaml beside it — into
    output/NAME-letter.pdf (output/NAME-VARIANT-letter.pdf): one page with the résumé's
    header, fonts and colours, fitted like the résumé. See the README, "Cover letter".
    """
    from .batch import plan, run_jobs
    from .build import Options

    options = Options(**chosen)
    if options.variant and all_variants:
        raise click.UsageError("--variant and --all-variants exclude each other")
    if output and all_variants:
        raise click.UsageError("-o names one PDF: leave out --all-variants")
    _need_resume([resume], given=True)
    failed = False
    work = _run(lambda: plan([resume], output, options, all_variants, "only"))
    for job, result in run_jobs(work, 1):
        failed |= _show(result, job.resume)
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


def _pdf_name(output: Path, inputs: list[Path]) -> bool:
    """`-o out.png` would write a PDF under a PNG's name; a folder or the input itself get
    their own message from the build."""
    special = os.path.isdir(output) or str(output) == os.devnull  # os.path: never raises
    special |= any(os.path.realpath(output) == os.path.realpath(p) for p in inputs)
    return special or output.suffix.lower() == ".pdf"


def _need_resume(paths: list[Path], given: bool) -> None:
    """A missing résumé says how to start one, instead of only `file not found`."""
    for path in paths:
        if not os.path.lexists(path):  # a symlink loop is read (and explained) later
            start = "resume-pdf init" + (f" {path}" if given else "")
            hint = f"create a starter résumé with `{start}`"
            _report([Problem("file not found", hint=hint)], path)
            raise SystemExit(1)


def _show(result: Any, resume: Path, *, stamp: bool = False) -> bool:
    """Print one build's outcome; True when it failed."""
    when = time.strftime("[%H:%M:%S] ") if stamp else ""
    if isinstance(result, ResumeError):
        if stamp:
            _say(f"{when}{shown_path(resume)}: build failed", err=True)
        _report(result.problems, resume)
        return True
    twins = ", ".join(shown_path(t) for t in result.twins)
    if not result.pages:  # only twins were asked for
        _info(f"{when}{_paint(twins, 'ok')}: written, {result.seconds:.2f} s")
        _report(result.warnings, resume)
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
        shown += "; PNG: " + ", ".join(shown_path(p) for p in result.pngs)
    _info(f"{when}{_paint(shown_path(result.output), 'ok')}: {shown}")
    if OUT.verbose:
        _info(f"  {result.details}")
    _report(result.warnings, resume)
    return False


def _watch(resume: Path, output: Path | None, options: Any, open_pdf: bool) -> None:
    from .watch import watch

    last_good: list[Path] = []

    def report(result: Any) -> None:
        if _show(result, resume, stamp=True):
            target = last_good[-1] if last_good else None
            if target and target.exists():
                _info(f"  kept the last good PDF: {shown_path(target)}")
            return
        if open_pdf and not last_good:
            click.launch(str(result.output))
        last_good.append(result.output)

    _info(f"watching {shown_path(resume)} (Ctrl-C to stop)")
    try:
        watch(resume, output, options, report)
    except KeyboardInterrupt:
        _info("stopped")


@main.command(
    short_help="Validate a résumé and its page budget; writes nothing.",
    epilog=_epilog("resume-pdf check", "resume-pdf check cv.yaml --style compact --strict"),
)
@click.argument("resume", type=RESUME, default="resume.yaml", shell_complete=_complete_resume)
@click.option(
    "--style",
    metavar="NAME|PATH",
    shell_complete=_complete_styles,
    help="Check against this style instead of the résumé's own.",
)
@click.option(
    "--pages",
    metavar="1..20|any",
    type=PageBudgetParam(),
    help="Page budget to check (default: the résumé's `pages:`, else 2).",
)
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.option("--references", is_flag=True, help="Include a JSON Resume's `references` section.")
@output_options
def check(
    resume: Path, style: str | None, pages: int | None, strict: bool, references: bool
) -> None:
    """Validate RESUME (default resume.yaml) and report every problem at once.

    Lays the résumé out as `build` would, so a résumé that cannot keep its page budget fails
    here too; nothing is written.
    """
    from pathlib import Path

    from .build import Options
    from .build import check as run_check

    _need_resume([resume], given=resume != Path("resume.yaml"))
    options = Options(style=style, pages=pages, strict=strict, references=references)
    checked = _run(lambda: run_check(resume, options), resume)
    _info(f"{_paint(shown_path(resume), 'ok')}: ok, {checked.summary}")
    _report(checked.warnings, resume)


@main.command(
    short_help="List the styles, or preview a résumé in each.",
    epilog=_epilog("resume-pdf styles", "resume-pdf styles cv.yaml --preview"),
)
@click.argument("resume", type=RESUME, default="resume.yaml", shell_complete=_complete_resume)
@click.option("--preview", is_flag=True, help="Build RESUME in every style, PDF and PNG.")
@output_options
def styles(resume: Path, preview: bool) -> None:
    """List the styles: local ones (styles/ beside RESUME) first, then the built-ins.

    With --preview, build RESUME in every style into output/styles/NAME.pdf and NAME.png,
    printing each as it is done.
    """
    from pathlib import Path

    from .theme import list_styles

    if not preview:
        infos = list_styles(resume.parent)
        width = max(len(i.name) for i in infos)
        for info in infos:
            _say(f"{info.name:<{width}}  {info.description}  [{shown_path(info.origin)}]")
        return
    from .build import preview_styles

    _need_resume([resume], given=resume != Path("resume.yaml"))
    failed = False
    for name, result in _run(lambda: preview_styles(resume), resume):
        if isinstance(result, ResumeError):
            _say(f"{name}: failed", err=True)
            _report(result.problems, resume)
            failed = True
        else:
            page = f"{result.pages} page{'s' * (result.pages != 1)}"
            _info(f"{name}: {shown_path(result.output)} (+ .png), {page}, {result.seconds:.2f} s")
    if failed:
        raise SystemExit(1)


@main.command(
    short_help="Print the JSON Schema of the résumé format.",
    epilog=_epilog("resume-pdf schema > resume.schema.json"),
)
@output_options
def schema() -> None:
    """Print the JSON Schema of the résumé format, for editors and CI.

    With `# yaml-language-server: $schema=resume.schema.json` as the first line of the
    résumé, editors complete and check every field while you type.
    """
    import json

    from .model import resume_json_schema

    _say(json.dumps(resume_json_schema(), indent=2, ensure_ascii=False))


@main.command(
    short_help="Write a commented starter résumé.",
    epilog=_epilog("resume-pdf init --name 'Ada Lovelace'", "resume-pdf init cv.yaml --force"),
)
@click.argument("path", type=PathParam(), default="resume.yaml")
@click.option("--name", metavar="NAME", help="Your name, written into the starter.")
@click.option("--force", is_flag=True, help="Replace an existing file at PATH.")
@output_options
def init(path: Path, name: str | None, force: bool) -> None:
    """Write a commented starter résumé to PATH (default resume.yaml).

    A schema file (resume.schema.json) is written beside it, so editors complete and check
    the fields. An existing résumé is never replaced without --force.
    """
    from pathlib import Path

    from .scaffold import write_starter

    schema_path = _run(lambda: write_starter(path, name=name, force=force))
    _info(f"{shown_path(path)}: written (with {schema_path.name} for editor completion)")
    target = "" if path == Path("resume.yaml") else f" {path}"
    _info(f"next: edit it, then `resume-pdf build{target}`")


@main.command(
    short_help="Show what each variant keeps and drops.",
    epilog=_epilog("resume-pdf variants", "resume-pdf variants cv.yaml"),
)
@click.argument("resume", type=RESUME, default="resume.yaml", shell_complete=_complete_resume)
@output_options
def variants(resume: Path) -> None:
    """Show what each variant of RESUME (default resume.yaml) keeps and drops.

    Variants are named in the résumé's `variants:` mapping; build one with
    `resume-pdf build --variant NAME`.
    """
    from .model import load_resume
    from .variants import tailor

    master = _run(lambda: load_resume(resume), resume)
    if not master.variants:
        _say(f"{shown_path(resume)}: no variants (add a `variants:` mapping; see the README)")
    for name, _ in master.variants:
        tailored = tailor(master, name)
        _say(f"{name}:")
        for label in tailored.kept:
            _say(f"  keeps  {label}")
        for label in tailored.dropped:
            _say(f"  drops  {label}")


@main.command(
    short_help="Convert JSON Resume, RenderCV or YAMLResume to resume-pdf YAML.",
    epilog=_epilog(
        "resume-pdf convert resume.json -o resume.yaml", "resume-pdf convert resume.json > cv.yaml"
    ),
)
@click.argument("source", type=RESUME, shell_complete=_complete_resume)
@click.option(
    "-o",
    "--output",
    metavar="FILE|-",
    default="-",
    help="The YAML file to write, or - for standard output (the default).",
)
@click.option("--force", is_flag=True, help="Replace an existing output file.")
@click.option("--references", is_flag=True, help="Include a JSON Resume's `references` section.")
@output_options
def convert(source: Path, output: str, force: bool, references: bool) -> None:
    """Convert SOURCE (a JSON Resume, RenderCV or YAMLResume file) into resume-pdf's YAML.

    The result is validated before it is written, starts with the schema line for editors,
    and lists each entry's fields in the order of the format. An existing file is never
    replaced without --force.
    """
    from pathlib import Path

    from .scaffold import convert_to_yaml

    if output == "-":
        text = _run(lambda: convert_to_yaml(source, None, references=references), source)
        sys.stdout.write(text)
        return
    target = Path(output)
    _run(lambda: convert_to_yaml(source, target, force=force, references=references), source)
    _info(f"{shown_path(target)}: written")
