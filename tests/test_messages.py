"""Messages that teach: located, with a did-you-mean or a hint, one message per mistake."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import run_cli


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


# --- styles -----------------------------------------------------------------------------------


def test_unknown_style_is_located_with_a_did_you_mean(here: Path) -> None:
    write(here, "resume.yaml", "name: A\nstyle: modrn\n")
    run = run_cli("build")
    assert run.exit_code == 1
    assert (
        run.stderr
        == "resume.yaml:2:8: style: error: unknown style 'modrn'; did you mean 'modern'?\n"
    )


def test_a_variants_unknown_style_points_at_the_variant(here: Path) -> None:
    write(here, "resume.yaml", "name: A\nvariants:\n  short: {style: compat}\n")
    run = run_cli("build", "--variant", "short")
    assert run.stderr == (
        "resume.yaml:3:18: variants.short.style: error: unknown style 'compat'; "
        "did you mean 'compact'?\n"
    )


def test_unknown_style_on_the_command_line_names_the_option(here: Path) -> None:
    write(here, "resume.yaml", "name: A\n")
    run = run_cli("build", "--style", "zzz")
    assert run.exit_code == 1
    assert run.stderr.startswith("--style: error: unknown style 'zzz' (styles: classic, compact")


def test_unknown_base_style_suggests_and_keeps_the_other_errors(here: Path) -> None:
    write(here, "styles/mine.yaml", "extends: modrn\ncolors: {accent: mauve}\n")
    write(here, "resume.yaml", "name: A\nstyle: mine\n")
    run = run_cli("build")
    assert run.exit_code == 1
    lines = run.stderr.splitlines()
    assert lines[0] == (
        "styles/mine.yaml:1:10: extends: error: unknown base style 'modrn'; did you mean 'modern'?"
    )
    assert lines[1].startswith("styles/mine.yaml:2:18: colors.accent: error: expected a colour")
    assert len(lines) == 2


def test_the_schema_offers_the_builtin_style_names() -> None:
    import json

    schema = json.loads(run_cli("schema").stdout)
    style = schema["properties"]["style"]
    assert style["anyOf"][0]["enum"] == ["classic", "compact", "modern", "mono", "serif", "sidebar"]
    assert {"type": "string"} in style["anyOf"]  # a path or a local style stays valid
    variant = schema["properties"]["variants"]["additionalProperties"]["properties"]["style"]
    assert variant["anyOf"] == style["anyOf"]
