"""compact stays compact on short content: read glyph by glyph (PDFium), the example's text
starts 48-54 pt from the paper's left edge, keeps its 9.5 pt body (the page grows its
spacing alone, to at most 1.15x), where it used to grow into classic in grey capitals (10 pt,
68 pt margins, 140 % spacing); and serif holds the example on one Letter page at its
natural size (it was squeezed to 72 % spacing)."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import EXAMPLE, run_cli
from pagemetrics import body_size, read_boxes


def _build(tmp_path: Path, *args: str) -> tuple[str, list, int]:
    pdf = tmp_path / "out.pdf"
    run = run_cli("build", str(EXAMPLE), "-o", str(pdf), *args)
    assert run.exit_code == 0, run.stderr
    glyphs, sizes = read_boxes(pdf)
    return run.stdout, glyphs, len(sizes)


def test_compact_keeps_narrow_margins_and_small_type(tmp_path: Path) -> None:
    said, glyphs, pages = _build(tmp_path, "--style", "compact")
    assert pages == 1
    inked = [g for g in glyphs if g.char.strip()]
    assert 48 <= min(g.x for g in inked) <= 54
    assert 612 - 54 <= max(g.x + g.size * 0.6 for g in inked) <= 612 - 44  # right margin
    assert body_size(glyphs) == 9.5, said
    assert "type" not in said, said
    assert all(int(p) <= 115 for p in re.findall(r"spacing (\d+)%", said)), said


def test_serif_holds_the_example_on_letter_at_its_natural_size(tmp_path: Path) -> None:
    said, glyphs, pages = _build(tmp_path, "--style", "serif", "--page-size", "letter")
    assert pages == 1 and "fitted" not in said, said
    assert body_size(glyphs) >= 10.0
