"""A short page that overflows at its style's ceiling is grown to a full page in few
layout passes, aimed rather than halved towards: each pass is a fifth of a cold build, and
the growth to 95 % once took five of them. The first aim follows the fill's expected shape
(spacing adds little, type a lot; pdf/growth.py), so the example needs no pass at its
ceiling; a later one reads an overflowing pass by what its content needs, not by the page
break's empty foot."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import EXAMPLE, run_cli
from pagemetrics import last_page_fill, read_boxes
from resume_pdf.fonts.book import FontBook
from resume_pdf.model.resume_schema import load_resume
from resume_pdf.pdf.render import render
from resume_pdf.style.theme import LOOSEST, load_theme

HEAD = (
    "name: Fit Example\nheadline: Engineer\ncontact: {email: fit@example.com}\n"
    "summary: Builds compilers and the tools around them, from the first prototype to "
    "production, with the teams that use them.\nsections:\n  - title: Experience\n"
    "    experience:\n"
)


def seven_jobs() -> str:
    """A page about 88 % full at natural size, whose ceiling takes a second page."""
    jobs = []
    for i in range(7):
        bullets = "".join(
            f"          - Shipped change {j} that made the build {i + j} times faster for "
            "every team that used it\n"
            for j in range(2 + i % 3)
        )
        jobs.append(
            f"      - role: Engineer {i}\n        organization: Company {i}\n"
            f"        start: 2019-01\n        end: 2020-0{1 + i % 9}\n        highlights:\n"
            + bullets
        )
    return HEAD + "".join(jobs)


# (résumé, style, passes at most): the natural one, then one aimed for the example
CASES = [("example", s, 2) for s in ("classic", "modern", "mono")] + [
    ("seven jobs", s, 3) for s in ("classic", "modern", "mono")
]


@pytest.mark.parametrize(("resume", "style", "most"), CASES)
def test_a_page_whose_ceiling_overflows_fills_in_few_passes(
    tmp_path: Path, resume: str, style: str, most: int
) -> None:
    source = EXAMPLE
    if resume != "example":
        source = tmp_path / "jobs.yaml"
        source.write_text(seven_jobs(), encoding="utf-8")
    theme = load_theme(style)
    ceiling = render(load_resume(source), theme.tightened(LOOSEST), FontBook(theme.fonts.body))
    assert ceiling.pages == 2  # else the ceiling would stop the growth and nothing is aimed
    pdf = tmp_path / "out.pdf"
    run = run_cli("build", str(source), "-o", str(pdf), "--style", style, "-v")
    assert run.exit_code == 0, run.stderr
    passes = int(re.search(r"(\d+) layout pass", run.stdout).group(1))
    glyphs, sizes = read_boxes(pdf)
    m = theme.page.margins
    fill = last_page_fill(glyphs, sizes[-1][1], m.top, m.bottom)
    assert len(sizes) == 1 and "grown" in run.stdout
    assert 0.95 <= fill <= 1.01, (fill, run.stdout)
    assert passes <= most, run.stdout
