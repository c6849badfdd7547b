"""A project's title and its link label stay two items for pdf.js and OpenResume's line
rule (tests/pdfjs.py), whether the link takes the right-hand column (no dates) or follows
the title because the dates take it: joined by " · " they were read as one item,
`Fast Thing· Source`, and the parser lost the project's title. Skipped without pdf.js."""

from __future__ import annotations

from pathlib import Path

import pytest

import pdfjs
from ats import pdf_links
from conftest import run_cli
from resume_pdf.style.theme import builtin_styles

pytestmark = pytest.mark.skipif(pdfjs.missing() is not None, reason=pdfjs.missing() or "")

CV = """name: Pat Example
contact: {email: pat@example.com}
sections:
  - title: Projects
    projects:
      - title: Fast Thing
        start: 2021
        end: 2023
        link: {url: "https://github.com/example/fast", label: Source}
        highlights: [Made a thing fast]
      - title: Slow Thing
        link: {url: "https://github.com/example/slow", label: Code}
        highlights: [Made a thing slow]
"""


@pytest.mark.parametrize("style", builtin_styles())
def test_a_projects_title_and_link_are_items_of_their_own(tmp_path: Path, style: str) -> None:
    cv, out = tmp_path / "cv.yaml", tmp_path / "cv.pdf"
    cv.write_text(CV, encoding="utf-8")
    run = run_cli("build", str(cv), "-o", str(out), "--style", style)
    assert run.exit_code == 0, run.stderr
    lines = [[i.text.strip() for i in line] for line in pdfjs.openresume_lines(pdfjs.items(out))]
    for title, label in (("Fast Thing", "Source"), ("Slow Thing", "Code")):
        line = next(line for line in lines if any(title in t for t in line))
        assert title in line and label in line, line  # each an item, not "Fast Thing· Source"
        assert line.index(title) < line.index(label)
    assert {"https://github.com/example/fast", "https://github.com/example/slow"} <= set(
        pdf_links(out)
    )
