"""Section headings read as the second-largest thing on the page, after the name: measured
glyph by glyph (PDFium's ink boxes), a heading's letters stand at least 1.1x the capitals
of the entry titles under it, in every style (small capitals, capitals or as written), in
the sidebar's panel as in its main column; and the example still holds one page at a body
of at least 10 pt (compact 9) at natural size."""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest
import yaml

from conftest import EXAMPLE, FIXTURES, run_cli
from pagemetrics import Box, body_size, read_boxes
from resume_pdf.style.theme import builtin_styles, load_theme

RESUMES = {
    "example": EXAMPLE,
    "student": FIXTURES / "ats" / "student.yaml",
    "long": FIXTURES / "long.yaml",
    "sidebar": FIXTURES / "ats" / "sidebar.yaml",
}
STYLES = builtin_styles()


def _titles(source: Path) -> list[str]:
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    return [s["title"] for s in data["sections"] if s.get("title")]


def heading_glyphs(glyphs: list[Box], title: str) -> list[list[Box]]:
    """Each place the title's letters are drawn one after another (in content order), as
    the glyphs drawing them, all bold and in one colour (the same words in body text are
    not a heading): a heading in capitals or small capitals holds capitals."""
    want = [ch.upper() for ch in title if ch.isalpha()]
    letters = [g for g in glyphs if g.char.isalpha()]
    found = []
    for i in range(len(letters) - len(want) + 1):
        run = letters[i : i + len(want)]
        same = len({(g.page, g.fill) for g in run}) == 1 and min(g.weight for g in run) >= 600
        if same and [g.char.upper() for g in run] == want:
            found.append(run)
    return found


def letter_height(run: list[Box]) -> float:
    """The median ink height of a heading's letters: its small capitals where it has them
    (most of its letters), its capitals in an upper-case heading."""
    return statistics.median(g.top - g.bottom for g in run)


def entry_capitals(glyphs: list[Box], size: float, exclude: set[int]) -> float:
    """The median ink height of the bold capitals set at the entry-title size (titles and
    skill group names), the heading glyphs left out."""
    caps = [
        g.top - g.bottom
        for g in glyphs
        if id(g) not in exclude
        and g.char.isupper()
        and g.char not in "QJ"
        and g.weight >= 600
        and abs(g.size - size) < 0.05
    ]
    return statistics.median(caps)


@pytest.fixture(scope="module")
def natural(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], tuple]:
    """(style, résumé) -> (glyphs, page count), built at natural size (`--pages any`)."""
    folder = tmp_path_factory.mktemp("scale")
    out = {}
    for style in STYLES:
        for name, source in RESUMES.items():
            pdf = folder / f"{style}-{name}.pdf"
            run = run_cli("build", str(source), "-o", str(pdf), "--style", style, "--pages", "any")
            assert run.exit_code == 0, run.stderr
            glyphs, sizes = read_boxes(pdf)
            out[(style, name)] = (glyphs, len(sizes))
    return out


@pytest.mark.parametrize("resume", RESUMES)
@pytest.mark.parametrize("style", STYLES)
def test_a_section_heading_stands_taller_than_the_entry_titles(natural, style, resume) -> None:
    glyphs, _ = natural[(style, resume)]
    runs = [run for title in _titles(RESUMES[resume]) for run in heading_glyphs(glyphs, title)]
    assert runs, "no heading found"
    drawn = {id(g) for run in runs for g in run}
    caps = entry_capitals(glyphs, load_theme(style).sizes.entry, drawn)
    for run in runs:
        title = "".join(g.char for g in run)
        assert letter_height(run) >= 1.1 * caps, (title, letter_height(run), caps)


@pytest.mark.parametrize("style", STYLES)
def test_the_example_keeps_one_page_at_a_readable_body(natural, style) -> None:
    glyphs, pages = natural[(style, "example")]
    assert pages == 1
    assert body_size(glyphs) >= (9.0 if style == "compact" else 10.0)
