"""The result line says how much taller a grown page's content stands; a sidebar page whose
main column holds nothing (a résumé of a name alone) has no height to compare, and said
`grown -100%`, which reads as if the page had been emptied."""

from __future__ import annotations

from pathlib import Path

from conftest import FIXTURES, run_cli


def test_a_grown_page_with_an_empty_main_column_names_no_percentage(tmp_path: Path) -> None:
    run = run_cli(
        "build",
        str(FIXTURES / "name_only.yaml"),
        "--style",
        "sidebar",
        "-o",
        str(tmp_path / "n.pdf"),
    )
    assert run.exit_code == 0, run.stderr
    assert "1 page, grown (spacing" in run.stdout, run.stdout
    assert "-100%" not in run.stdout


def test_a_grown_page_still_says_how_much_taller_it_stands(tmp_path: Path) -> None:
    run = run_cli(
        "build",
        str(FIXTURES / "name_only.yaml"),
        "--style",
        "classic",
        "-o",
        str(tmp_path / "n.pdf"),
    )
    assert run.exit_code == 0, run.stderr
    assert "1 page, grown 12% (spacing" in run.stdout, run.stdout
