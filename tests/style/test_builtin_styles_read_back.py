"""Every built-in style x (the example, a long résumé, a name-only résumé): builds within
its page budget, every word extracts in reading order, fonts embedded, no junk, and the
text of each page matches its golden file (refresh with `pytest --update-golden`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ats import junk, measure, pdf_fonts, pdf_pages_text
from conftest import EXAMPLE, FIXTURES, run_cli
from expected import Shown, expected_text
from resume_pdf.build import Options, load_inputs
from resume_pdf.check.preflight import make_book
from resume_pdf.pdf.layout import build_story
from resume_pdf.style.theme import builtin_styles, load_theme

STYLES = builtin_styles()
RESUMES = {
    "example": (EXAMPLE, 1),
    "long": (FIXTURES / "long.yaml", 2),
    "name-only": (FIXTURES / "name_only.yaml", 1),
}


def test_at_least_six_distinct_builtin_styles() -> None:
    assert len(STYLES) >= 6
    themes = [load_theme(s) for s in STYLES]
    looks = {(t.fonts, t.colors, t.heading, t.layout.kind, t.sizes, t.page) for t in themes}
    assert len(looks) == len(themes)
    assert all(t.description for t in themes)
    assert {"classic", "modern", "serif", "compact", "sidebar"} <= set(STYLES)


def shown(style: str, source: Path | None = None) -> Shown:
    """How `style` shows `source`; for a sidebar, the kinds its panel holds as the layout
    placed them (the style's rule, then balanced against the main column)."""
    theme = load_theme(style)
    sidebar: tuple[str, ...] = ()
    if theme.layout.kind == "sidebar" and source is not None:
        resume, theme = load_inputs(source, Options(style=style))
        story = build_story(resume, theme, make_book(resume, theme))
        placed = zip(resume.sections, story.panel, strict=True)
        sidebar = tuple(dict.fromkeys(s.kind.value for s, p in placed if p))
    return Shown(theme.dates.format, theme.dates.present, sidebar, theme.entry.header)


@pytest.mark.parametrize("resume", RESUMES, ids=RESUMES)
@pytest.mark.parametrize("style", STYLES)
def test_style_builds_and_reads_back(style: str, resume: str, tmp_path: Path, golden) -> None:
    source, budget = RESUMES[resume]
    out = tmp_path / "out.pdf"
    run = run_cli("build", str(source), "-o", str(out), "--style", style)
    assert run.exit_code == 0, run.stderr
    pages = pdf_pages_text(out)
    assert 1 <= len(pages) <= budget
    text = "\n".join(pages)
    recall = measure(expected_text(source, shown(style, source)), text)
    assert recall.missing == [] and recall.glued == [] and recall.split == []
    assert recall.order_recall == 1.0  # for the sidebar: one column, then the other
    assert junk(text) == []
    assert all(f["embedded"] and f["to_unicode"] for f in pdf_fonts(out))
    golden(f"{style}-{resume}", "\n\f\n".join(pages))
