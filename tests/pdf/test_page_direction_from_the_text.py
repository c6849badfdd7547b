"""A page's direction without `locale:`: the majority of the résumé's letters sets it, not
the first letter of its name, and a note says so. Read glyph by glyph through PDFium: a
Hebrew and Arabic résumé with a Latin name is mirrored as a whole (its paragraphs all set
against the right margin, the dates at the left), each date on its role's baseline."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import run_cli
from pagemetrics import read_boxes, text_lines
from rtlfont import rtl_style

STYLES = ("classic", "compact", "modern", "mono", "serif")
ROLES = ("מהנדס בכיר", "מהנדסת Python")
SUMMARY = "מהנדס תוכנה עם 10 שנות ניסיון בפיתוח מערכות גדולות ובהובלת צוותים."


def _build(tmp_path: Path, style: str, locale: str = "") -> tuple[Path, str]:
    rtl_style(tmp_path, style)
    (tmp_path / "cv.yaml").write_text(
        "name: David Cohen\nstyle: r\n"
        + (f"locale: {locale}\n" if locale else "")
        + f"summary: {SUMMARY}\n"
        "sections:\n  - title: ניסיון\n    experience:\n"
        f"      - role: {ROLES[0]}\n        organization: חברת אבג\n"
        "        start: 2019-03\n        end: 2022-01\n        highlights:\n"
        "          - قادت فريقا من 12 مهندسا في الشركة منذ 2020\n"
        f"      - role: {ROLES[1]}\n        organization: شركة النور\n"
        "        start: 2022-02\n        end: 2024-05\n",
        encoding="utf-8",
    )
    out = tmp_path / "cv.pdf"
    run = run_cli("build", str(tmp_path / "cv.yaml"), "-o", str(out))
    assert run.exit_code == 0, run.stderr
    return out, run.stdout + run.stderr


@pytest.mark.parametrize("style", STYLES)
def test_a_mostly_right_to_left_resume_sets_its_page_right_to_left(
    tmp_path: Path, style: str
) -> None:
    """Every paragraph ends at one right edge (the Latin name too), the dates stand at
    the left of their roles, on their baselines; and a note says why the page turned."""
    pdf, said = _build(tmp_path, style)
    assert "note: the page is set right to left" in said, said
    glyphs, sizes = read_boxes(pdf)
    lines = text_lines(glyphs)
    inked = [ln for ln in lines if ln.page == 0 and len(ln.text) > 3]
    rights = [max(g.x for g in ln.glyphs) for ln in inked]
    edge = max(rights)
    name = next(ln for ln in inked if "David" in ln.text)
    assert max(g.x for g in name.glyphs) > edge - 20, "the name is not at the right margin"
    assert min(g.x for g in name.glyphs) > sizes[0][0] / 3
    for role in ROLES:
        first = next(g for g in glyphs if g.char == role[0] and g.size > 9)
        line = next(ln for ln in lines if first in ln.glyphs)
        digits = [g for g in line.glyphs if g.char.isdigit()]
        assert digits, f"no date beside {role}"
        assert max(g.x for g in digits) < first.x, "a date right of its role"
        assert max(abs(g.y - first.y) for g in digits) < 0.3, "a date off its role's baseline"


def test_a_written_locale_keeps_its_direction(tmp_path: Path) -> None:
    """`locale: en` keeps the page left to right whatever its letters: the name at the
    left margin, no note."""
    pdf, said = _build(tmp_path, "classic", locale="en")
    assert "right to left" not in said
    glyphs, sizes = read_boxes(pdf)
    name = [g for g in glyphs if g.page == 0 and g.size > 15]
    assert min(g.x for g in name) < sizes[0][0] / 4
