"""modern's left edge and contact line as the eye sees them (PDFium's glyphs and pixels):
the heading words start where the name, the summary and the entries start, the bar and
the icons hanging in the margin; and the icons part the contact items, with no `·` drawn
between them (the text layer keeps it, so a reader still finds the items apart)."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest

from conftest import EXAMPLE, FIXTURES, run_cli
from pagemetrics import body_size, read_boxes, text_lines
from resume_pdf.style.theme import load_theme

RESUMES = [EXAMPLE, FIXTURES / "long.yaml"]


@pytest.fixture(scope="module", params=RESUMES, ids=["example", "long"])
def modern(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    pdf = tmp_path_factory.mktemp("modern") / "cv.pdf"
    run = run_cli("build", str(request.param), "-o", str(pdf), "--style", "modern")
    assert run.exit_code == 0, run.stderr
    return pdf


def _heading_size(glyphs: list) -> float:
    """The heading's size as drawn: the style's, times what growing did to the body."""
    theme = load_theme("modern")
    return theme.sizes.heading * body_size(glyphs) / theme.sizes.body


def test_heading_words_start_at_the_texts_left_edge(modern: Path) -> None:
    glyphs, _ = read_boxes(modern)
    theme = load_theme("modern")
    edge = theme.page.margins.left
    lines = text_lines([g for g in glyphs if g.char.strip()])
    heading = _heading_size(glyphs)
    headings = [ln for ln in lines if abs(ln.size - heading) < 0.3 and ln.bold]
    assert headings
    for line in headings:
        assert abs(line.glyphs[0].x - edge) < 0.5, (line.text, line.glyphs[0].x)
    starts = {round(ln.glyphs[0].x) for ln in lines if ln.glyphs[0].x < edge + 1}
    assert starts == {round(edge)}, starts


def test_the_contact_line_draws_icons_and_no_dots(modern: Path) -> None:
    glyphs, _ = read_boxes(modern)
    size = _heading_size(glyphs)
    heading = max(g.y for g in glyphs if abs(g.size - size) < 0.3 and g.weight >= 600)
    dots = [g for g in glyphs if g.page == 0 and g.char == "·" and g.y > heading]
    assert dots, "the text layer keeps the separators"
    doc = pdfium.PdfDocument(modern)
    scale = 4.0
    image = doc[0].render(scale=scale).to_pil().convert("L")
    height = doc[0].get_height()
    for dot in dots:
        box = (dot.x, height - dot.top, dot.x + dot.size * 0.3, height - dot.bottom)
        crop = image.crop(tuple(round(v * scale) for v in box))
        assert crop.getextrema()[0] > 240, f"a dot drawn at {dot.x:.1f}"
