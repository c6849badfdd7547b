"""docs/command-line.md's command list is the command line: every command `--help` lists is
there with every option its `--help` shows (beyond the -q/-v/--color/--help every command
has), and no option a command does not take; and what the page calls a usage error exits 2."""

from __future__ import annotations

import re
import shlex

import click
import pytest

from conftest import EXAMPLE, ROOT, run_cli
from resume_pdf.cli import main

PAGE = ROOT / "docs" / "command-line.md"
COMMON = {"-q", "--quiet", "-v", "--verbose", "--color", "-h", "--help"}
OPTION = re.compile(r"(?<![\w-])(--?[a-z][\w-]*)")


def synopsis() -> dict[str, str]:
    """Each command's entry of the page's first ```text block (its line and the indented
    lines after it), without the trailing comments."""
    block = re.search(r"^```text\n(.*?)^```", PAGE.read_text(encoding="utf-8"), re.M | re.S)
    entries: dict[str, str] = {}
    current = None
    for line in block.group(1).splitlines():
        words = line.split("  #")[0]
        found = re.match(r"resume-pdf (\w+)", words)
        if found:
            current = found.group(1)
            entries[current] = words
        elif line.startswith(" ") and current:
            entries[current] += " " + words.strip()
        else:
            current = None
    return entries


def shown_options(command: click.Command) -> list[set[str]]:
    """The options `--help` shows for `command`, each as the set of its names (`-o`,
    `--output`): the page may use any of them."""
    shown = []
    for param in command.params:
        if isinstance(param, click.Option) and not param.hidden:
            names = {*param.opts, *param.secondary_opts}
            if not names & COMMON:
                shown.append(names)
    return shown


def test_every_command_is_listed() -> None:
    assert sorted(synopsis()) == sorted(main.commands)


@pytest.mark.parametrize("name", sorted(main.commands))
def test_each_commands_options_are_listed_and_real(name: str) -> None:
    command = main.commands[name]
    listed = set(OPTION.findall(synopsis()[name]))
    accepted = {o for p in command.params if isinstance(p, click.Option) for o in p.opts}
    missing = [sorted(names) for names in shown_options(command) if not names & listed]
    assert not missing, missing
    assert listed <= accepted, listed - accepted


def usage_errors() -> list[str]:
    """The examples the page gives of a usage error (exit 2), as `build` arguments."""
    text = PAGE.read_text(encoding="utf-8")
    said = re.search(r"\*\*2\*\* command-line\s+usage error \((.*?)\)\.", text, re.S)
    examples = []
    for item in said.group(1).replace("\n", " ").split(", "):
        given = item.split(" without ")[0]  # `--serve` without `--watch`: --serve alone
        examples += re.findall(r"`(--[^`]+)`", given)
    return examples


def test_what_the_page_calls_a_usage_error_is_one() -> None:
    examples = usage_errors()
    assert "--pages 0" in examples and "--serve" in examples and "--watch" not in examples
    for example in examples:
        run = run_cli("build", str(EXAMPLE), *shlex.split(example))
        assert run.exit_code == 2, (example, run.stderr)
