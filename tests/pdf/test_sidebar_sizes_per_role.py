"""The sidebar style's two columns as one page, glyph by glyph through PDFium, on the
example, a student's résumé and a résumé with a long hyphenated name and long addresses,
at natural size and grown to fill the page: one type size per role across both columns
(panel headings never below the main column's, entry titles at the body's size at least
unless shrunk to hold their line, the panel's text within 0.5 pt of the main text), a
wrapped headline that never ends on its longest line, the page number centred on the
main column, and a tint that ends with the content on a page that ends short."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from conftest import EXAMPLE, FIXTURES, run_cli
from glyphs import shapes
from pagemetrics import Box, Line, read_boxes, text_lines
from resume_pdf.pdf.entries import TITLE_FLOOR
from resume_pdf.pdf.sidebar import PANEL_TYPE
from resume_pdf.style.theme import load_theme

THEME = load_theme("sidebar")
M = THEME.page.margins
PAGE_W = 612.0  # the fixtures are US Letter
RESUMES = {
    "example": EXAMPLE,
    "student": FIXTURES / "ats" / "student.yaml",
    "long-name": FIXTURES / "sidebar_long_name.yaml",
}
GROWTH = {"natural": ("--pages", "any"), "grown": ()}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    folder = tmp_path_factory.mktemp("roles")
    out = {}
    for name, source in RESUMES.items():
        for growth, args in GROWTH.items():
            pdf = folder / f"{name}-{growth}.pdf"
            run = run_cli("build", str(source), "-o", str(pdf), "--style", "sidebar", *args)
            assert run.exit_code == 0, run.stderr
            out[(name, growth)] = pdf
    return out


def tint(pdf: Path) -> tuple[float, float, float, float]:
    """The panel's tint on page 1: its tallest filled shape (left, bottom, right, top)."""
    return max(shapes(pdf, 0), key=lambda b: b[3] - b[1])


def columns(pdf: Path) -> tuple[list[Box], list[Box]]:
    """Page 1's glyphs of the panel and of the main column, the footer left out."""
    edge = tint(pdf)[2]
    glyphs, _ = read_boxes(pdf)
    page = [g for g in glyphs if g.page == 0 and g.y > M.bottom]
    return [g for g in page if g.x < edge], [g for g in page if g.x > edge]


def body(glyphs: list[Box]) -> float:
    """The size most of a column's regular letters in the text's colour are set in (the
    contact details are muted or in the link colour, and smaller)."""
    text = THEME.colors.text.lower()
    sizes = Counter(
        round(g.size, 2) for g in glyphs if g.char.isalpha() and g.fill == text and g.weight < 600
    )
    return sizes.most_common(1)[0][0]


def headings(glyphs: list[Box]) -> list[float]:
    """The sizes of a column's section headings: bold letters in the accent colour, well
    above the body (a skill group's name is bold accent at the body's size)."""
    accent, size = THEME.colors.accent.lower(), body(glyphs)
    return [g.size for g in glyphs if g.fill == accent and g.weight >= 600 and g.size > 1.2 * size]


def titles(glyphs: list[Box]) -> list[Line]:
    """Bold lines in the text's colour below the name's size: entry titles (and bold words
    in running text, at the body's size)."""
    text, size = THEME.colors.text.lower(), body(glyphs)
    bold = [
        g
        for g in glyphs
        if g.char.strip() and g.weight >= 600 and g.fill == text and g.size < 1.3 * size
    ]
    return text_lines(bold)


@pytest.mark.parametrize("growth", GROWTH)
@pytest.mark.parametrize("resume", RESUMES)
def test_panel_headings_are_never_below_the_main_columns(built, resume, growth) -> None:
    panel, main = columns(built[(resume, growth)])
    assert headings(panel) and headings(main)
    assert min(headings(panel)) >= max(headings(main)) - 0.01, (headings(panel), headings(main))


@pytest.mark.parametrize("growth", GROWTH)
@pytest.mark.parametrize("resume", RESUMES)
def test_the_panels_text_is_within_half_a_point_of_the_main_text(built, resume, growth) -> None:
    """Grown, the main column's 11 pt stood beside the panel's 10 pt."""
    panel, main = columns(built[(resume, growth)])
    assert abs(body(panel) - body(main)) <= PANEL_TYPE + 0.01, (body(panel), body(main))


@pytest.mark.parametrize("growth", GROWTH)
@pytest.mark.parametrize("resume", RESUMES)
def test_entry_titles_stand_at_the_body_size_or_fill_their_line(built, resume, growth) -> None:
    """In both columns an entry title is at least the body's size (the sidebar's 9.6 pt
    titles stood over 10 pt text); only a title in the panel too long for its line is
    smaller, and then it holds the line whole, no smaller than TITLE_FLOOR of the body."""
    pdf = built[(resume, growth)]
    panel, main = columns(pdf)
    size = body(main)
    for line in titles(main):
        assert line.size >= size - 0.01, (line.text, line.size, size)
    edge = tint(pdf)[2]
    for line in titles(panel):
        if line.size >= size - 0.01:
            continue
        assert line.size >= TITLE_FLOOR * size - 0.26, (line.text, line.size)  # quarter points
        assert line.right >= edge - 10 - 2 * line.size, (line.text, line.right, edge)


LONG_TITLES = {
    "student": "University of Illinois Urbana-Champaign",
    "long-name": "Rheinisch-Westfälische Technische Hochschule Aachen",
}


@pytest.mark.parametrize("growth", GROWTH)
def test_a_long_schools_name_keeps_one_line_in_the_panel(built, growth) -> None:
    """A parser reads a title's first line as the whole title ("University of Illinois"):
    grown to 11 pt the student's school shrinks onto its line instead of wrapping."""
    panel, _ = columns(built[("student", growth)])
    shown = [line.text.replace("\xa0", " ") for line in text_lines(panel)]
    assert LONG_TITLES["student"] in shown, shown


def _headline_rows(pdf: Path, headline: str) -> list[Line]:
    panel, _ = columns(pdf)
    rows, said = [], ""
    for line in text_lines(panel):
        more = (said + " " + line.text.replace("\xa0", " ")).strip()
        if said != headline and headline.startswith(more):
            rows.append(line)
            said = more
    assert said == headline, [r.text for r in rows]
    return rows


@pytest.mark.parametrize("growth", GROWTH)
def test_a_three_line_headline_does_not_end_on_its_longest_line(built, growth) -> None:
    """Broken at the narrowest width that keeps three lines, the long-name résumé's
    headline read "Systems engineer building / the compilers, runtimes and / tools behind
    research models", each line longer than the one before."""
    source = RESUMES["long-name"]
    headline = yaml.safe_load(source.read_text(encoding="utf-8"))["headline"]
    rows = _headline_rows(built[("long-name", growth)], headline)
    assert len(rows) >= 3, [r.text for r in rows]
    widths = [max(g.right for g in r.glyphs) - r.x for r in rows]  # ink to ink
    assert widths[-1] < max(widths[:-1]), ([r.text for r in rows], widths)


def test_the_page_number_is_centred_on_the_main_column(tmp_path: Path) -> None:
    """A two-page sidebar résumé: page 1's number stands under the middle of the main
    column (not of the paper, inside the column's left third), page 2's under the middle
    of its full-width text."""
    pdf = tmp_path / "long.pdf"
    run = run_cli("build", str(FIXTURES / "long.yaml"), "-o", str(pdf), "--style", "sidebar")
    assert run.exit_code == 0, run.stderr
    glyphs, sizes = read_boxes(pdf)
    assert len(sizes) == 2
    _, main = columns(pdf)
    middles = [(min(g.x for g in main) + PAGE_W - M.right) / 2, (M.left + PAGE_W - M.right) / 2]
    for page, middle in enumerate(middles):
        footer = [g for g in glyphs if g.page == page and g.y < M.bottom and g.char.strip()]
        assert footer, page
        centre = (footer[0].x + footer[-1].x + footer[-1].size * 0.5) / 2
        assert abs(centre - middle) <= 3, (page, centre, middle)
    assert abs(middles[0] - PAGE_W / 2) > 30  # the two differ: the test tells them apart


@pytest.mark.parametrize("resume", RESUMES)
def test_a_page_that_ends_short_ends_its_tint_with_the_content(built, resume) -> None:
    """Grown to its ceiling the example still ends at about 80 % of its page; the tint ran
    on to the foot beside an empty column. It now ends a bottom margin below the lower of
    the two columns, and runs from the paper's top edge."""
    pdf = built[(resume, "grown")]
    panel, main = columns(pdf)
    lowest = min(g.y for g in panel + main if g.char.strip())  # the lowest baseline
    left, bottom, _, top = tint(pdf)
    assert left <= 0.5 and top >= 792 - 0.5
    assert lowest - M.bottom - 14 <= bottom <= lowest - M.bottom, (bottom, lowest)


def test_a_page_that_runs_on_keeps_its_tint_to_the_foot(tmp_path: Path) -> None:
    pdf = tmp_path / "long.pdf"
    run = run_cli("build", str(FIXTURES / "long.yaml"), "-o", str(pdf), "--style", "sidebar")
    assert run.exit_code == 0, run.stderr
    assert tint(pdf)[1] <= 0.5
