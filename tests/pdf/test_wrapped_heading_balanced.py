"""A section heading that needs two lines or more has them of even length (CSS's
`text-wrap: balance`): in the sidebar's main column the example's "THREE THINGS I'VE
BUILT, AND WHY THEY MATTER" stands as "THREE THINGS I'VE BUILT," over "AND WHY THEY
MATTER", not "… AND WHY" over a short "THEY MATTER". Read from PDFium's glyph boxes, a
wrapped heading's shortest line is at least 70 % of its longest."""

from __future__ import annotations

from pathlib import Path

from conftest import EXAMPLE, run_cli
from pagemetrics import read_boxes, text_lines

HEADING = "THREE THINGS I’VE BUILT, AND WHY THEY MATTER"


def _key(text: str) -> str:
    return "".join(ch for ch in text.upper() if ch.isalnum())


def test_a_wrapped_heading_has_lines_of_even_length(tmp_path: Path) -> None:
    pdf = tmp_path / "sidebar.pdf"
    run = run_cli("build", str(EXAMPLE), "-o", str(pdf), "--style", "sidebar")
    assert run.exit_code == 0, run.stderr
    glyphs, _ = read_boxes(pdf)
    first = next(ln for ln in text_lines(glyphs) if HEADING.startswith(ln.text.upper()))
    lines = text_lines(glyphs, left=first.x)  # the main column's lines only
    start = next(i for i, ln in enumerate(lines) if HEADING.startswith(ln.text.upper()))
    found, k = [], start
    while _key("".join(ln.text for ln in found)) != _key(HEADING):
        found.append(lines[k])
        k += 1
        assert k - start <= 3, [ln.text for ln in found]
    assert len(found) == 2, [ln.text for ln in found]
    widths = [ln.glyphs[-1].right - ln.x for ln in found]
    assert min(widths) >= 0.7 * max(widths), ([ln.text for ln in found], widths)
