"""Styles are data: validated like the résumé, `extends:` merged before validation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from resume_pdf.errors import ResumeError
from resume_pdf.style.theme import BUILTIN_DIR, load_theme


def write_style(folder: Path, name: str, text: str) -> Path:
    styles = folder / "styles"
    styles.mkdir(exist_ok=True)
    path = styles / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_classic_is_complete_and_shipped_in_the_package() -> None:
    theme = load_theme(None)
    assert theme.name == "classic"
    assert Path(theme.files[0]) == (BUILTIN_DIR / "classic.yaml").resolve()
    assert theme.page.size == "letter" and theme.dates.separator == "→"


def test_a_user_style_overrides_only_what_it_sets(tmp_path: Path) -> None:
    write_style(tmp_path, "mine", "extends: classic\ncolors:\n  accent: '#aa0000'\n")
    base, mine = load_theme("classic", tmp_path), load_theme("mine", tmp_path)
    assert mine.colors.accent == "#aa0000"
    assert mine.colors.text == base.colors.text
    assert (mine.page, mine.sizes, mine.fonts) == (base.page, base.sizes, base.fonts)


def test_a_user_style_named_like_a_builtin_can_extend_it(tmp_path: Path) -> None:
    write_style(tmp_path, "classic", "extends: classic\nleading: 1.5\n")
    assert load_theme("classic", tmp_path).leading == 1.5


def test_style_errors_are_located_in_the_file_that_has_them(tmp_path: Path) -> None:
    path = write_style(tmp_path, "bad", "colors:\n  acent: '#aa0000'\n  text: red-ish\n")
    with pytest.raises(ResumeError) as info:
        load_theme("bad", tmp_path)
    lines = [str(p) for p in info.value.problems]
    assert re.match(
        rf"{re.escape(str(path))}:2:3: colors\.acent: .*did you mean `accent`", lines[0]
    )
    assert re.match(rf"{re.escape(str(path))}:3:9: colors\.text: expected a colour", lines[1])


def test_cycles_and_missing_bases_point_at_extends(tmp_path: Path) -> None:
    a = write_style(tmp_path, "a", "# a\nextends: b\n")
    write_style(tmp_path, "b", "extends: a\n")
    with pytest.raises(ResumeError) as info:
        load_theme("a", tmp_path)
    assert re.match(
        r".*/styles/[ab]\.yaml:\d+:10: extends: style inheritance cycle", str(info.value)
    )
    write_style(tmp_path, "c", "extends: nowhere\n")
    with pytest.raises(ResumeError, match=r"c\.yaml:1:10: extends: unknown base style 'nowhere'"):
        load_theme("c", tmp_path)
    assert a.exists()


def test_unknown_style_lists_the_builtins() -> None:
    with pytest.raises(ResumeError, match="unknown style 'nope' .*classic"):
        load_theme("nope")


def test_page_size_override_from_the_resume_and_the_cli(build) -> None:
    from pypdf import PdfReader

    run = build("name: A\npage_size: a4\n")
    assert round(PdfReader(run.output).pages[0].mediabox.height) == 842
    run = build("name: A\npage_size: a4\n", "--page-size", "letter")
    assert round(PdfReader(run.output).pages[0].mediabox.height) == 792


def test_the_styles_own_words_are_checked_for_glyphs(build, tmp_path: Path) -> None:
    write_style(tmp_path, "stars", "dates: {format: year, separator: '★', present: now}\n")
    run = build(
        "name: A\nsections:\n  - title: T\n    timeline: [{start: 2020, end: 2021, text: x}]\n",
        "--style",
        "stars",
    )
    assert run.exit_code == 1
    assert "style dates.separator: error: no available font" in run.stderr


def test_style_paths_in_files_stay_in_the_resume_folder(tmp_path: Path) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text("page: hunter2\n", encoding="utf-8")
    folder = tmp_path / "cv"
    folder.mkdir()
    with pytest.raises(ResumeError, match="outside the résumé's folder") as info:
        load_theme("../secret.yaml", folder)
    assert "hunter2" not in str(info.value)
    write_style(folder, "mine", "extends: ../../secret.yaml\n")
    with pytest.raises(ResumeError, match=r"mine\.yaml:1:10: extends: the base style is outside"):
        load_theme("mine", folder)
    with pytest.raises(ResumeError, match="hunter2"):  # the command line may name any file
        load_theme(str(secret), folder, any_path=True)


def test_warnings_in_a_style_file_are_reported_there(build, tmp_path: Path) -> None:
    path = write_style(tmp_path, "twice", "leading: 1.3\nleading: 1.4\n")
    run = build("name: A\n", "--style", "twice")
    assert run.exit_code == 0
    assert f"{path}:2:1: leading: warning: duplicate key 'leading'" in run.stderr
    assert build("name: A\n", "--style", "twice", "--strict").exit_code == 1
