"""Field recall over the LinkedIn export fixtures: every cell of every résumé CSV is either in
the PDF's text layer or named by a warning at its own line — zero silent losses — built
from the ZIP directly and after `convert` then build.

The rules are test_every_foreign_leaf_shown_or_warned.py's, with LinkedIn's forms: a cell
is *warned* when a
warning names its column (`Profile.csv.Address`, at the header's line), its row or itself; a
date cell is shown as the style writes the date it reads as (`Mär 2020` is "Mar 2020" in an
English style); the `Websites` cell is each address among the links with its label in the
text; a Twitter handle is shown as `X: @handle`; `Primary` chooses the address shown.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_every_foreign_leaf_shown_or_warned import STYLE, Page, shown
from test_linkedin_export import EXPORTS, zipped

from conftest import run_cli
from resume_pdf.errors import field_path
from resume_pdf.read.linkedin import read_linkedin
from resume_pdf.read.linkedin_text import Dates

DATES = {"Started On", "Finished On", "Start Date", "End Date", "Published On", "Issued On"}
STEERING = {"Primary"}
Path_ = tuple[str | int, ...]


def cells(export: Path) -> list[tuple[Path_, str]]:
    tables, _ = read_linkedin(export)
    return [
        ((file, r, column), value)
        for file, rows in tables.data.items()
        for r, row in enumerate(rows)
        for column, value in row.items()
        if value.strip() and column not in STEERING
    ]


def warned(path: Path_, tables, warnings: set[tuple[str, int]]) -> bool:  # type: ignore[no-untyped-def]
    file, row, column = path
    for held in ((file, column), path, (file, row), (file,)):
        lines = {tables.locate(held).line, tables.locate(held, key=True).line}
        if any((field_path(held), line) in warnings for line in lines):
            return True
    return False


def warnings_of(stderr: str) -> set[tuple[str, int]]:
    """(field, line) of each warning; a LinkedIn field may hold spaces (`Email Address`)."""
    found = re.findall(r"^.+?\.(?:csv|zip):(\d+):\d+: (.+?): warning: ", stderr, re.M)
    return {(field, int(line)) for line, field in found}


def cell_shown(path: Path_, value: str, page: Page, language: str) -> bool:
    column = path[-1]
    if column in DATES and language != "en":  # as CLDR writes the month: `Okt. 2017`
        from babel.dates import get_month_names

        iso = Dates().read(value)
        year, _, month = iso.partition("-")
        names = get_month_names("abbreviated", "format", language)
        return page.take(f"{names[int(month)]} {year}".casefold() if month else year)
    if column in DATES:
        return shown((*path[:-1], "date"), Dates().read(value), page)
    if column == "Websites":
        sites = re.findall(r"(?:(\w+):)?(https?://[^,\]\s]+)", value)
        return all(page.url(url) and page.take(label.casefold()) for label, url in sites)
    if column == "Twitter Handles":
        return all(page.take(f"x: @{h}") for h in re.findall(r"\w+", value))
    return shown(path, value, page)


def recall(
    export: Path, pdf: Path, stderr: str, language: str = "en"
) -> tuple[list[str], list[str]]:
    """(warned, lost) cells of `export`, each as `path: value`."""
    tables, _ = read_linkedin(export)
    page = Page(pdf)
    warnings = warnings_of(stderr)
    every = cells(export)
    found = {p: warned(p, tables, warnings) for p, _ in every}
    lost = []
    for path, value in sorted(every, key=lambda cell: -len(cell[1])):  # longest first
        if not found[path] and not cell_shown(path, value, page, language):
            lost.append(f"{field_path(path)}: {value!r}")
    return [field_path(p) for p, w in found.items() if w], lost


@pytest.mark.parametrize("name", ["full", "partial", "german"])
def test_every_cell_is_shown_or_warned_at_its_line(tmp_path: Path, name: str) -> None:
    export = zipped(EXPORTS / name, tmp_path / "export.zip")
    out = tmp_path / "direct.pdf"
    run = run_cli("build", str(export), "-o", str(out), *STYLE)
    assert run.exit_code == 0, run.stderr
    language = "de" if name == "german" else "en"
    warned_cells, lost = recall(export, out, run.stderr, language)
    assert lost == []
    converted = tmp_path / "cv.yaml"
    wrote = run_cli("convert", str(export), "-o", str(converted))
    assert wrote.exit_code == 0, wrote.stderr
    again = tmp_path / "converted.pdf"
    built = run_cli("build", str(converted), "-o", str(again), *STYLE)
    assert built.exit_code == 0, built.stderr
    warned_after, lost = recall(export, again, wrote.stderr, language)
    assert lost == []
    assert warned_after == warned_cells


def test_a_cell_dropped_without_a_word_is_caught(tmp_path: Path) -> None:
    """The check can fail: a PDF of another export loses this one's cells."""
    export = zipped(EXPORTS / "full", tmp_path / "export.zip")
    out = tmp_path / "other.pdf"
    run = run_cli("build", str(EXPORTS / "partial"), "-o", str(out), *STYLE)
    assert run.exit_code == 0
    _, lost = recall(export, out, "")
    assert any("Positions.csv[0].Title: 'Staff Engineer'" in cell for cell in lost)
