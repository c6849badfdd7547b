"""One mistake, one message: a misspelt required key (`nmae:`) is reported as the misspelling
it is, not also as a missing `name`; and a list written without brackets inside a flow
mapping (`{group: Languages, items: Python, C++}`, where YAML ends the text at the comma and
reads `C++` as a key) is one error at `items` whose hint writes the list out, with no
``unknown key `C++` `` beside it."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import run_cli

SKILLS = (
    "name: Ann\nsections:\n  - title: Skills\n    skills:\n      - {{group: Languages, {items}}}\n"
)


def messages(tmp_path: Path, text: str) -> list[str]:
    source = tmp_path / "cv.yaml"
    source.write_text(text, encoding="utf-8")
    run = run_cli("check", str(source))
    assert run.exit_code == 1
    return run.stderr.replace(f"{tmp_path}/", "").splitlines()


def test_a_misspelt_required_key_is_one_message(tmp_path: Path) -> None:
    lines = messages(tmp_path, "nmae: Ann\nheadline: Engineer\n")
    assert len(lines) == 1, lines
    assert lines[0].startswith("cv.yaml:1:1: nmae: error: unknown key `nmae`; did you mean `name`?")


def test_a_missing_required_key_is_still_reported(tmp_path: Path) -> None:
    assert messages(tmp_path, "headline: Engineer\n") == ["cv.yaml:1:1: error: `name` is required"]


@pytest.mark.parametrize(
    ("items", "written"),
    [("items: Python, C++", "[Python, C++]"), ("items: Python, C++, Go", "[Python, C++, Go]")],
)
def test_a_list_split_by_its_commas_is_one_message(
    tmp_path: Path, items: str, written: str
) -> None:
    lines = messages(tmp_path, SKILLS.format(items=items))
    assert lines == [
        "cv.yaml:5:35: sections[0].skills[0].items: error: expected a list, got 'Python'",
        f"  hint: inside {{...}} a comma starts a new key: write `items: {written}`",
    ]


def test_an_unknown_key_after_a_list_is_still_unknown(tmp_path: Path) -> None:
    lines = messages(tmp_path, SKILLS.format(items="items: [Python], levl: 3"))
    assert len(lines) == 1 and "unknown key `levl`" in lines[0], lines
