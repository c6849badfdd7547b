"""The command line as people who use CLIs expect it: help with examples and exit codes,
`error:` tags, colour on a terminal only, -q/-v, defaults that match, no silent overwrite."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from ats import pdf_text
from conftest import EXAMPLE, FIXTURES, run_cli
from resume_pdf.cli import main

COMMANDS = ["build", "letter", "check", "init", "styles", "variants", "convert", "schema"]


def help_text(*args: str) -> str:
    result = CliRunner().invoke(main, [*args, "--help"], prog_name="resume-pdf", terminal_width=80)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_help_snapshots(command: str, golden) -> None:  # type: ignore[no-untyped-def]
    text = help_text(*([command] if command else []))
    golden(f"help-{command or 'main'}", text)
    assert "Exit status:" in text and "Examples:" in text
    assert "TEXT" not in text and "INTEGER" not in text  # metavars say what is meant


def test_top_level_help_does_not_truncate_descriptions() -> None:
    listing = help_text().split("Commands:")[1].split("Examples:")[0]
    assert "..." not in listing
    assert "build     Build résumés into PDFs (default: resume.yaml)." in listing


def test_pages_help_names_the_resume_setting() -> None:
    assert "(default: the résumé's `pages:`, else 2)" in " ".join(help_text("build").split())


def test_errors_carry_an_error_tag_and_warnings_a_warning_tag(tmp_path: Path) -> None:
    bad = tmp_path / "r.yaml"
    bad.write_text("name: A\nheadlin: Engineer\n", encoding="utf-8")
    run = run_cli("check", str(bad))
    assert run.exit_code == 1
    expected = f"{bad}:2:1: headlin: error: unknown key `headlin`; did you mean `headline`?"
    assert run.stderr.startswith(expected)
    dup = tmp_path / "d.yaml"
    dup.write_text("name: A\nname: B\n", encoding="utf-8")
    run = run_cli("check", str(dup))
    assert run.exit_code == 0
    assert f"{dup}:2:1: name: warning: duplicate key" in run.stderr


def test_build_in_an_empty_folder_says_how_to_start(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    run = run_cli("build")
    assert run.exit_code == 1
    assert run.stderr == (
        "resume.yaml: error: file not found\n"
        "  hint: create a starter résumé with `resume-pdf init`\n"
    )
    run = run_cli("build", "cv.yaml")
    assert "`resume-pdf init cv.yaml`" in run.stderr


def test_check_defaults_to_resume_yaml_and_reports_the_budget(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    shutil.copy(EXAMPLE, "resume.yaml")
    run = run_cli("check")
    assert run.exit_code == 0, run.stderr
    # the example, shorter than its page, is grown to fill it
    assert re.fullmatch(
        r"resume\.yaml: ok, 1 page within its 1-page budget(, grown [^;]*)?; letter: 1 page\n",
        run.stdout,
    ), run.stdout
    assert not (tmp_path / "output").exists()


def test_check_fails_a_resume_that_cannot_keep_its_budget(tmp_path: Path) -> None:
    long = tmp_path / "long.yaml"
    shutil.copy(FIXTURES / "long.yaml", long)
    run = run_cli("check", str(long), "--pages", "1")
    assert run.exit_code == 1
    assert re.search(r"long\.yaml: pages: error: does not fit", run.stderr), run.stderr
    assert run.stdout == ""


def test_init_takes_a_name_and_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    target = tmp_path / "resume.yaml"
    run = run_cli("init", str(target), "--name", "Ada: Countess of Lovelace")
    assert run.exit_code == 0, run.stderr
    text = target.read_text(encoding="utf-8")
    assert "\nname: 'Ada: Countess of Lovelace'\n" in text
    built = run_cli("build", str(target), "-o", str(tmp_path / "a.pdf"))
    assert built.exit_code == 0, built.stderr
    assert "Ada: Countess of Lovelace" in pdf_text(tmp_path / "a.pdf")

    target.write_text("name: Mine\n", encoding="utf-8")
    again = run_cli("init", str(target), "--name", "Other")
    assert again.exit_code == 1
    assert "already exists" in again.stderr and "hint: add --force" in again.stderr
    assert target.read_text(encoding="utf-8") == "name: Mine\n"
    forced = run_cli("init", str(target), "--name", "Zoë Ångström", "--force")
    assert forced.exit_code == 0
    assert "\nname: Zoë Ångström\n" in target.read_text(encoding="utf-8")  # as typed, no \xEB


def test_convert_writes_to_stdout_in_reading_order_with_the_schema_line(tmp_path: Path) -> None:
    run = run_cli("convert", str(FIXTURES / "jsonresume.json"), "-o", "-")
    assert run.exit_code == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "# yaml-language-server: $schema=resume.schema.json"
    summary = "Richard hails from Tulsa. He has earned degrees from the University of Oklahoma"
    assert f"\nsummary: {summary} and Stanford.\n" in run.stdout  # lines up to 100 columns
    job = run.stdout.index("role: CEO/President")
    order = [run.stdout.index(k, job) for k in ("start:", "end:", "summary:", "highlights:")]
    assert order == sorted(order)  # dates before what was done
    assert list(tmp_path.iterdir()) == []


def test_convert_never_overwrites_silently(tmp_path: Path) -> None:
    target = tmp_path / "cv.yaml"
    target.write_text("name: Mine\n", encoding="utf-8")
    run = run_cli("convert", str(FIXTURES / "jsonresume.json"), "-o", str(target))
    assert run.exit_code == 1
    assert "already exists" in run.stderr and "--force" in run.stderr
    assert target.read_text(encoding="utf-8") == "name: Mine\n"
    run = run_cli("convert", str(FIXTURES / "jsonresume.json"), "-o", str(target), "--force")
    assert run.exit_code == 0, run.stderr
    assert target.read_text(encoding="utf-8").startswith("# yaml-language-server: $schema=")
    assert json.loads((tmp_path / "resume.schema.json").read_text(encoding="utf-8"))["title"]


def test_png_paths_and_verify_are_said(tmp_path: Path) -> None:
    run = run_cli("build", str(EXAMPLE), "-o", str(tmp_path / "cv.pdf"), "--png", "--verify")
    assert run.exit_code == 0, run.stderr
    assert re.fullmatch(
        rf"{re.escape(str(tmp_path))}/cv\.pdf: 1 page, (grown [^)]*\), )?"
        r"verified \(text and links read back\), "
        rf"\d+\.\d\d s; PNG: {re.escape(str(tmp_path))}/cv-1\.png\n",
        run.stdout,
    ), run.stdout


def test_output_named_png_is_a_usage_error(tmp_path: Path) -> None:
    run = run_cli("build", str(EXAMPLE), "-o", str(tmp_path / "out.png"))
    assert run.exit_code == 2
    assert "the output is a PDF, so name it .pdf" in run.stderr
    assert list(tmp_path.iterdir()) == []


def test_quiet_and_verbose(tmp_path: Path) -> None:
    quiet = run_cli("build", str(EXAMPLE), "-o", str(tmp_path / "a.pdf"), "-q")
    assert quiet.exit_code == 0 and quiet.stdout == "" and (tmp_path / "a.pdf").exists()
    dup = tmp_path / "dup.yaml"
    dup.write_text("name: A\nname: B\n", encoding="utf-8")
    hushed = run_cli("build", str(dup), "-o", str(tmp_path / "d.pdf"), "-q")
    assert hushed.exit_code == 0 and hushed.stdout == hushed.stderr == ""  # no warning either
    broken = run_cli("-q", "build", str(dup), "--pages", "1", "--style", "nope")
    assert broken.exit_code == 1 and "error: unknown style" in broken.stderr
    loud = run_cli("-v", "build", str(EXAMPLE), "-o", str(tmp_path / "b.pdf"))
    details = r"\n  style classic \(classic\.yaml\); budget 1 page; \d+ layout pass"
    assert re.search(details, loud.stdout)


def test_open_launches_the_viewer_after_success_only(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    opened: list[str] = []
    monkeypatch.setattr(click, "launch", lambda target, **_: opened.append(target) or 0)
    bad = tmp_path / "bad.yaml"
    bad.write_text("headline: no name\n", encoding="utf-8")
    assert run_cli("build", str(bad), "--open").exit_code == 1
    assert opened == []
    run = run_cli("build", str(EXAMPLE), "-o", str(tmp_path / "a.pdf"), "--open")
    assert run.exit_code == 0
    assert opened == [str(tmp_path / "a.pdf")]


def test_style_errors_print_paths_relative_to_the_cwd(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "styles").mkdir()
    (tmp_path / "styles" / "mine.yaml").write_text("colors: {accent: mauve}\n", encoding="utf-8")
    Path("resume.yaml").write_text("name: A\nstyle: mine\n", encoding="utf-8")
    run = run_cli("build")
    assert run.exit_code == 1
    assert run.stderr.startswith("styles/mine.yaml:1:18: colors.accent: error: "), run.stderr


def test_styles_preview_shows_progress(tmp_path: Path) -> None:
    resume = tmp_path / "resume.yaml"
    resume.write_text("name: A\n", encoding="utf-8")
    run = run_cli("styles", str(resume), "--preview")
    assert run.exit_code == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("classic: ") and lines[0].endswith(" s")
    assert len(lines) == len(list((tmp_path / "output" / "styles").glob("*.pdf")))


# --- colour: on a terminal only, never with NO_COLOR, as --color says ----------------------


def run_in(terminal: bool, *args: str, env: dict[str, str] | None = None) -> str:
    """stderr of a real process, on a pseudo-terminal or a pipe."""
    full_env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"} | (env or {})
    command = [sys.executable, "-m", "resume_pdf", *args]
    if not terminal:
        done = subprocess.run(command, capture_output=True, text=True, env=full_env)
        return done.stderr
    leader, follower = pty.openpty()
    proc = subprocess.Popen(command, stdout=follower, stderr=follower, env=full_env)
    os.close(follower)
    chunks = []
    while True:
        ready, _, _ = select.select([leader], [], [], 10)
        try:
            chunk = os.read(leader, 4096) if ready else b""
        except OSError:
            chunk = b""
        if not chunk:
            break
        chunks.append(chunk)
    proc.wait(timeout=10)
    os.close(leader)
    return b"".join(chunks).decode()


@pytest.mark.parametrize(
    ("terminal", "args", "env", "coloured"),
    [
        (True, (), None, True),
        (False, (), None, False),
        (True, (), {"NO_COLOR": "1"}, False),
        (True, ("--color", "never"), None, False),
        (False, ("--color", "always"), None, True),
        (False, ("--color", "always"), {"NO_COLOR": "1"}, True),
    ],
)
def test_colour(tmp_path: Path, terminal: bool, args: tuple[str, ...], env, coloured: bool) -> None:  # type: ignore[no-untyped-def]
    missing = tmp_path / "missing.yaml"
    text = run_in(terminal, "check", str(missing), *args, env=env)
    assert "error:" in text and "file not found" in text
    assert ("\x1b[" in text) is coloured, repr(text)


# --- shell completion through click's own completion API -----------------------------------


def complete(args: list[str], incomplete: str) -> list[str]:
    from click.shell_completion import ShellComplete

    completer = ShellComplete(main, {}, "resume-pdf", "_RESUME_PDF_COMPLETE")
    return [item.value for item in completer.get_completions(args, incomplete)]


def test_completion_of_styles_variants_and_files(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    builtins = ["classic", "compact", "modern", "mono", "serif", "sidebar"]
    assert complete(["build", "--style"], "") == builtins
    (tmp_path / "styles").mkdir()
    (tmp_path / "styles" / "mild.yaml").write_text("description: x\n", encoding="utf-8")
    assert complete(["build", "--style"], "m") == ["mild", "modern", "mono"]
    shutil.copy(FIXTURES / "variants.yaml", tmp_path / "cv.yaml")
    assert complete(["build", "cv.yaml", "--variant"], "") == ["compilers", "infra", "everything"]
    assert complete(["build", "--variant"], "") == []  # no resume.yaml here: nothing to offer
    from click.shell_completion import ShellComplete

    completer = ShellComplete(main, {}, "resume-pdf", "_RESUME_PDF_COMPLETE")
    (item,) = completer.get_completions(["build"], "cv")
    assert item.type == "file"
    assert complete([], "b") == ["build"]
