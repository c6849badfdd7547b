"""Where a long URL in running text is cut, glyph by glyph through PDFium: a new line
begins with the query, a parameter or the fragment (`?`, `&`, `#`), or follows a path's
`/`; not after a `_` or `.` inside a parameter (`utm_` / `source` read as two words)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pagemetrics import read_boxes, text_lines
from resume_pdf.fonts.book import FontBook
from resume_pdf.model.resume_schema import load_resume
from resume_pdf.pdf.render import render
from resume_pdf.style.theme import builtin_styles, load_theme

WIDE = [s for s in builtin_styles() if load_theme(s).layout.kind == "single"]
URL = (
    "https://example.com/search/results/archive?utm_source=newsletter_weekly.digest"
    "&utm_medium=email_blast.v2&utm_campaign=launch_2025_spring.final&ref=home_page.top"
    "&utm_content=hero_banner.wide&utm_term=compiler_jobs.staff#section_three.part_two"
)


def _lines(tmp_path: Path, style: str, lead: str) -> list[str]:
    data = {"name": "Alex Placeholder", "sections": [{"title": "Links", "bullets": [lead + URL]}]}
    source = tmp_path / "resume.yaml"
    source.write_text(yaml.safe_dump(data), encoding="utf-8")
    theme = load_theme(style)
    pdf = render(load_resume(source), theme, FontBook(theme.fonts.body)).pdf
    glyphs, _ = read_boxes(pdf)
    return [ln.text for ln in text_lines(glyphs)]


@pytest.mark.parametrize("style", WIDE)
def test_a_long_url_breaks_at_its_query_and_parameters(tmp_path: Path, style: str) -> None:
    for k in range(6):
        lines = _lines(tmp_path, style, "see " * k)
        start = next(i for i, t in enumerate(lines) if "https://" in t)
        shown = lines[start : start + 6]
        pieces = [shown[0].split()[-1].lstrip("•")]
        for line in shown[1:]:
            if "".join(pieces) == URL:
                break
            pieces.append(line)
        assert "".join(pieces) == URL, (k, shown)
        for before, after in zip(pieces, pieces[1:], strict=False):
            assert after[0] in "?&#" or before.endswith("/"), (k, before, after)
