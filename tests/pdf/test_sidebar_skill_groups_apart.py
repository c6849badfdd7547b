"""In the sidebar's panel each skill group stands apart from the one above it, as the
timeline's entries do: the step from a group's last line down to the next group's name
is a paragraph's space more than the line pitch inside a group, so a name reads as the
label of what follows rather than one more line of the group above (PDFium's boxes)."""

from __future__ import annotations

from pathlib import Path

import yaml

from conftest import EXAMPLE, run_cli
from pagemetrics import read_boxes, text_lines


def test_a_panel_skill_group_stands_apart_from_the_one_above(tmp_path: Path) -> None:
    pdf = tmp_path / "sidebar.pdf"
    run = run_cli("build", str(EXAMPLE), "-o", str(pdf), "--style", "sidebar")
    assert run.exit_code == 0, run.stderr
    groups = next(
        s["skills"]
        for s in yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))["sections"]
        if "skills" in s
    )
    glyphs = [g for g in read_boxes(pdf)[0] if g.page == 0]
    main = next(ln.x for ln in text_lines(glyphs) if "SUMMARY" in ln.text.upper())
    panel = text_lines([g for g in glyphs if g.x < main - 1])  # the panel's lines only
    lines = [ln for ln in panel if ln.text]
    names = [next(i for i, ln in enumerate(lines) if ln.text == g["group"]) for g in groups]
    for above, name in zip(names, names[1:], strict=False):
        inside = lines[above + 1].y - lines[above + 2].y  # two item lines of the group above
        step = lines[name - 1].y - lines[name].y
        assert step >= inside + 2.0, (lines[name].text, step, inside)
