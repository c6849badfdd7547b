"""The `resume-pdf` group: its options, the parameter types and completions its commands
share, and help formatted at the terminal's width. The commands are in make.py and tools.py.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from .. import __version__
from ..errors import ResumeError, quote
from .console import OUT

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

    def write_text(self, text: str) -> None:
        """click keeps a `\\b` block's lines as written; here a line too long for the
        terminal is wrapped under its own text (an epilog's exit codes, at 60 columns)."""
        super().write_text(_fit_blocks(text, self.width - self.current_indent))


def _fit_blocks(text: str, width: int) -> str:
    """The lines of `\\b` paragraphs wrapped to `width`; other paragraphs click rewraps."""
    import re
    import textwrap

    out: list[str] = []
    kept = False  # inside a `\\b` paragraph
    for line in text.split("\n"):
        kept = line.strip() == "\b" or (kept and bool(line.strip()))
        if not kept or len(line) <= width:
            out.append(line)
            continue
        hang = re.match(r"\s*\S+\s\s+", line)  # `  1  done`: under `done`
        indent = " " * (hang.end() if hang else len(line) - len(line.lstrip()) + 4)
        out += textwrap.wrap(line, width, subsequent_indent=indent, break_on_hyphens=False)
    return "\n".join(out)


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


def epilog(*examples: str) -> str:
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
        from ..model.resume_schema import parse_budget

        budget = parse_budget(str(value))
        if budget is None:
            self.fail(f"{quote(value)} is not a page budget from 1 to 20, or any", param, ctx)
        return budget


@click.group(
    cls=_Group,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
    epilog=epilog(
        "# a starter resume.yaml:",
        "resume-pdf init --name 'Ada Lovelace'",
        "# resume.yaml -> output/resume.pdf:",
        "resume-pdf build",
        "# rebuild on every save:",
        "resume-pdf build --watch --open",
    )
    + "\n\n\b\nShell completion: add to your shell's startup file\n"
    "  # bash:\n"
    '  eval "$(_RESUME_PDF_COMPLETE=bash_source resume-pdf)"\n'
    "  # zsh:\n"
    '  eval "$(_RESUME_PDF_COMPLETE=zsh_source resume-pdf)"\n'
    "  # fish:\n"
    "  _RESUME_PDF_COMPLETE=fish_source resume-pdf | source",
)
@click.version_option(__version__, prog_name="resume-pdf")
@output_options
def main() -> None:
    """Turn a résumé written in YAML into a PDF that recruiters and ATS parsers read.

    Write resume.yaml (start with `resume-pdf init`), then `resume-pdf build`. Every problem
    is reported at once as FILE:LINE:COL: field: what is wrong.
    """


def complete_styles(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Built-in styles and the styles/ folder beside the résumé; a path completes as a file."""
    from click.shell_completion import CompletionItem  # here: only completion needs it

    if "/" in incomplete or incomplete.startswith("."):
        return [CompletionItem(incomplete, type="file")]
    from ..style.theme import builtin_styles

    folder = _resume_of(ctx).parent / "styles"
    names = {p.stem for p in folder.glob("*.y*ml")} | set(builtin_styles())
    return [CompletionItem(n) for n in sorted(names) if n.startswith(incomplete)]


def complete_variants(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """The variants of the résumé named on the line so far (else resume.yaml)."""
    from click.shell_completion import CompletionItem

    from ..batch import variant_names

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


def complete_resume(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    from click.shell_completion import CompletionItem

    return [CompletionItem(incomplete, type="file")]


# options several commands share, word for word
def style_path(_ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    """`--style ./my.yaml` is read from the current folder, like every path on the command
    line; a bare name (no slash, no .yaml/.yml) stays a style name."""
    if value is None or not ("/" in value or os.sep in value or value.endswith((".yaml", ".yml"))):
        return value
    return os.path.abspath(value)


style_option = click.option(
    "--style",
    metavar="NAME|PATH",
    shell_complete=complete_styles,
    callback=style_path,
    help="Style name (see `resume-pdf styles`) or path to a style file.",
)
page_size_option = click.option(
    "--page-size", type=click.Choice(["letter", "a4"]), help="Override the page size."
)
verify_option = click.option(
    "--verify", is_flag=True, help="Read the PDF back as an ATS would; exit 1 if text is lost."
)
strict_option = click.option("--strict", is_flag=True, help="Treat warnings as errors.")
json_option = click.option(
    "--json",
    is_flag=True,
    expose_value=False,
    callback=_set_output,
    help="Print the results as one JSON document (see `resume-pdf schema --results`).",
)


def references_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """`--no-references`: references are shown by default. `--references`, which
    once turned them on, is still accepted (hidden) so that older scripts keep working."""
    hidden = click.option(  # the default sits on the True switch: one meaning in every click
        "--references", "references", flag_value=True, default=True, hidden=True
    )
    shown = click.option(
        "--no-references",
        "references",
        flag_value=False,
        help="Leave out `references` (shown by default).",
    )
    return hidden(shown(command))


def _language_code(_ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    """`--lang de_ch` -> `de-CH`, as `languages:` writes it (and the file name shows it); a
    code CLDR does not know is a usage error, before any path is made of it."""
    if value is None:
        return None
    from ..text.cldr import canonical_code, code_problem

    code = canonical_code(value)
    if code is None:
        raise click.BadParameter(code_problem(value))
    return code


def language_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """`--lang CODE` and `--all-languages`: which of `languages:` to build."""
    one = click.option(
        "--lang",
        "language",
        metavar="CODE",
        callback=_language_code,
        help="Build in this language of the résumé's `languages:` (default: its first).",
    )
    each = click.option(
        "--all-languages", is_flag=True, help="Each language of `languages:` (NAME.CODE.pdf)."
    )
    return one(each(command))
