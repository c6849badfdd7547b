"""The header as the eye reads it, glyph by glyph through PDFium: a long name shrinks onto
one line (down to the style's floor) before it wraps, and a headline or summary never
parts a number from its unit (`4 AM`, `10 %`, `No. 3`) nor leaves its last word alone."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pagemetrics import read_boxes, text_lines
from resume_pdf.fonts.book import FontBook
from resume_pdf.model.resume_schema import load_resume
from resume_pdf.pdf.identity import NAME_FLOOR
from resume_pdf.pdf.render import render
from resume_pdf.style.theme import builtin_styles, load_theme

WIDE = [s for s in builtin_styles() if load_theme(s).layout.kind == "single"]
LONG_NAME = "Maximiliane Wolfeschlegelstein-Hausenbergerdorff"  # a 36-letter surname
MIDDLE = {"compact": "Johanna Theresia "}  # compact's margins hold the above at full size
HEAD = "Staff platform engineer for large fleets who keeps every on-call pager quiet"
WORDS = HEAD.split(" ")
TIED = "at 4 AM, the bill down by 10 % and wrote runbook No. 3 for the team"


def _pdf(tmp_path: Path, style: str, **fields: object) -> bytes:
    data = {
        "name": "Alex Placeholder",
        "contact": {"email": "alex@example.com"},
        "sections": [{"title": "Skills", "bullets": ["Python"]}],
        **fields,
    }
    source = tmp_path / "resume.yaml"
    source.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    theme = load_theme(style)
    return render(load_resume(source), theme, FontBook(theme.fonts.body)).pdf


@pytest.mark.parametrize("style", WIDE)
def test_a_long_name_shrinks_onto_one_line(tmp_path: Path, style: str) -> None:
    """At full size the name is wider than the page's text: it is set on one baseline,
    smaller, within the margins, and no smaller than the floor."""
    theme = load_theme(style)
    name = LONG_NAME.replace(" ", " " + MIDDLE.get(style, ""), 1)
    glyphs, sizes = read_boxes(_pdf(tmp_path, style, name=name))
    contact = max(g.y for g in glyphs if g.char == "@")  # the name stands above it
    big = [g for g in glyphs if g.size > theme.sizes.headline + 1 and g.y > contact]
    assert "".join(g.char for g in big).replace(" ", "") == name.replace(" ", "")
    assert len({round(g.y, 1) for g in big}) == 1, "the name wrapped"
    size = big[0].size
    assert theme.sizes.name * NAME_FLOOR - 0.01 <= size < theme.sizes.name
    assert max(g.x for g in big) < sizes[0][0] - theme.page.margins.right


def _breaks(lines: list[str]) -> list[str]:
    """Line ends that part what is tied: a number from its unit, `No.` from its number."""
    bad = []
    for before, after in zip(lines, lines[1:], strict=False):
        pair = (before.split()[-1], after.split()[0])
        if (pair[0].isdigit() and pair[1].rstrip(",.") in ("AM", "%")) or pair[0] == "No.":
            bad.append(" / ".join(pair))
    return bad


@pytest.mark.parametrize("style", WIDE)
def test_headline_and_summary_keep_units_and_their_last_two_words(
    tmp_path: Path, style: str
) -> None:
    """Headlines of every length from 4 to 13 words before the tied phrases: no line
    break between `4` and `AM`, `10` and `%`, `No.` and `3`, in the headline or the
    summary, and the headline's last line holds two words or more."""
    theme = load_theme(style)
    for k in range(4, len(WORDS) + 1):
        text = " ".join(WORDS[:k]) + " " + TIED
        glyphs, _ = read_boxes(_pdf(tmp_path, style, headline=text, summary=text + "."))
        lines = text_lines([g for g in glyphs if g.char.strip() or g.char == " "])
        shown = [ln.text for ln in lines]
        assert not _breaks(shown), (k, _breaks(shown))
        headline = [ln.text for ln in lines if abs(ln.size - theme.sizes.headline) < 0.05]
        assert len(headline[-1].split()) >= 2, (k, headline)
