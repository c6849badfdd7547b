"""The sidebar style as the eye reads it, glyph by glyph through PDFium: later pages
at their own width, a main column never empty, columns balanced, no runt
in the panel, a long name large and on two lines at most, a gutter beside the tint."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from conftest import EXAMPLE, FIXTURES, run_cli
from glyphs import Glyph, lines, read_glyphs, shapes
from resume_pdf.pdf.sidebar import BALANCE
from resume_pdf.style.theme import load_theme

THEME = load_theme("sidebar")
PAGE_W, PAGE_H = 612.0, 792.0  # the fixtures are US Letter
M = THEME.page.margins


def _build(tmp_path: Path, source: Path, *args: str) -> Path:
    pdf = tmp_path / f"{source.stem}.pdf"
    run = run_cli("build", str(source), "-o", str(pdf), "--style", "sidebar", *args)
    assert run.exit_code == 0, run.stderr
    return pdf


def _tint_right(pdf: Path) -> float:
    """The right edge of the panel's tint: the tallest filled shape of page 1."""
    return max(shapes(pdf, 0), key=lambda b: b[3] - b[1])[2]


def _text(line: list[Glyph]) -> str:
    return "".join(g.char for g in line).strip()


def _columns(pdf: Path) -> tuple[list[Glyph], list[Glyph]]:
    """Page 1's glyphs of the panel and of the main column (the footer left out)."""
    edge = _tint_right(pdf)
    page = [g for g in read_glyphs(pdf) if g.page == 0 and g.y > M.bottom]
    return [g for g in page if g.x < edge], [g for g in page if g.x > edge]


def _student_education_only(tmp_path: Path) -> Path:
    data = yaml.safe_load((FIXTURES / "ats" / "student.yaml").read_text(encoding="utf-8"))
    data["sections"] = [s for s in data["sections"] if "education" in s]
    path = tmp_path / "student-education.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "source",
    [
        FIXTURES / "long.yaml",
        FIXTURES / "formats" / "rendercv" / "examples" / "John_Doe_ClassicTheme_CV.yaml",
        FIXTURES / "formats" / "yamlresume" / "software-engineer.yml",
    ],
    ids=["long", "rendercv-example", "yamlresume-example"],
)
def test_page_two_is_laid_out_at_its_own_width(source: Path, tmp_path: Path) -> None:
    """A two-page sidebar résumé: page 2 has no panel, so each of its lines starts at the
    left margin (a bullet's text a little in) and its right-hand dates and links end at
    the right margin, not at page 1's main column. The RenderCV example is one of the
    inputs whose page 2 was once laid out at page 1's column width (a title wrapping at
    342 pt, its date at x 361)."""
    pdf = _build(tmp_path, source, "--pages", "any")
    glyphs = read_glyphs(pdf)
    body = [line for line in lines(glyphs) if line[0].page == 1 and line[0].y > M.bottom]
    assert body, "no page 2"
    right, ends = PAGE_W - M.right, []
    for line in body:
        if line[0].x > PAGE_W / 2:  # a date alone on its baseline, beside a title
            ends.append(line[-1].x)
            continue
        assert M.left - 0.5 <= line[0].x <= M.left + 12, (_text(line), line[0].x)
        # a right-hand part: after a gap of 15 pt or more on the line
        cuts = [b for a, b in zip(line, line[1:], strict=False) if b.x - a.x > 15]
        ends += [line[-1].x] if cuts else []
    assert ends and all(right - 12 < x <= right for x in ends), ends  # flush right
    widest = max(line[-1].x - line[0].x for line in body)
    assert widest > 0.8 * (PAGE_W - M.left - M.right), widest  # the full measure


def test_the_main_column_is_never_empty(tmp_path: Path) -> None:
    """A student's résumé of education alone: education, a panel kind, stays in the main
    column beside the name and contact details instead of leaving it blank."""
    pdf = _build(tmp_path, _student_education_only(tmp_path), "--pages", "any")
    panel, main = _columns(pdf)
    assert "Education".upper() in "".join(g.char for g in main).upper()
    assert "University of Illinois" in "".join(g.char for g in main).replace("\xa0", " ")
    assert "Priya" in "".join(g.char for g in panel)


@pytest.mark.parametrize(
    "source",
    [EXAMPLE, FIXTURES / "formats" / "jsonresume" / "sample.resume.json", None],
    ids=["example", "jsonresume-sample", "student-education"],
)
def test_the_columns_are_balanced(source: Path | None, tmp_path: Path) -> None:
    """On page 1, the panel and the main column end within BALANCE of the text height of
    each other (the JSON Resume sample's panel used to stop 56 % of a page above its main
    column), and the tint runs from the paper's top to the foot, or, on a page that ends
    short, to a bottom margin below the lower column."""
    pdf = _build(tmp_path, source or _student_education_only(tmp_path), "--pages", "any")
    panel, main = _columns(pdf)
    room = PAGE_H - M.top - M.bottom
    apart = min(g.y for g in panel) - min(g.y for g in main)
    assert abs(apart) <= BALANCE * room, apart / room
    tint = max(shapes(pdf, 0), key=lambda b: b[3] - b[1])
    assert tint[3] >= PAGE_H - 0.5
    lowest = min(g.y for g in panel + main if g.char.strip())  # the lowest baseline
    assert tint[1] <= 0.5 or lowest - M.bottom - 14 <= tint[1] <= lowest - M.bottom, tint


def test_no_runt_in_the_panels_headline_and_headings(tmp_path: Path) -> None:
    """On the example, "machine." ended the headline alone, and "STACK" a heading."""
    pdf = _build(tmp_path, EXAMPLE, "--pages", "any")
    panel, _ = _columns(pdf)
    drawn = [_text(line) for line in lines(panel)]
    for word in ("machine.", "STACK"):
        line = next(t for t in drawn if t.endswith(word))
        assert len(line) > len(word) + 2, (word, drawn)  # a word before it on its line


@pytest.mark.parametrize(
    "name", ["Maximiliane Wolkenstein-Oberhausen", "Maximiliane Wolkenstein-Oberhausen Li"]
)
def test_a_long_hyphenated_name_stays_large_on_two_lines(name: str, tmp_path: Path) -> None:
    """At least 70 % of the style's name size, on two lines at most (the second name took
    three: "Li" alone), broken at a space or after a hyphen, inside the panel."""
    source = tmp_path / "cv.yaml"
    source.write_text(
        f"name: {name}\ncontact: {{email: a@example.com}}\nsections:\n"
        "  - title: Experience\n    experience: [{role: Engineer, organization: Acme}]\n"
        "  - title: Skills\n    skills: [{group: Langs, items: [Python]}]\n",
        encoding="utf-8",
    )
    pdf = _build(tmp_path, source, "--pages", "any")
    glyphs = [g for g in read_glyphs(pdf) if g.char.strip()][: len(name.replace(" ", ""))]
    assert "".join(g.char for g in glyphs) == name.replace(" ", "")
    assert min(g.size for g in glyphs) >= 0.7 * THEME.sizes.name - 0.01
    rows = ["".join(g.char for g in line) for line in lines(glyphs)]
    assert len(rows) <= 2, rows
    joined = rows[0] + ("" if rows[0].endswith("-") else " ") + rows[1] if len(rows) == 2 else ""
    assert len(rows) == 1 or joined.replace(" ", "") == name.replace(" ", ""), rows
    assert len(rows) == 1 or rows[0].endswith("-") or name.startswith(rows[0] + " "), rows
    assert max(g.x for g in glyphs) < _tint_right(pdf)


def test_the_gutter_beside_the_panel(tmp_path: Path) -> None:
    """At least 18 pt of white between the tint's edge and the main column's text."""
    pdf = _build(tmp_path, EXAMPLE, "--pages", "any")
    _, main = _columns(pdf)
    assert min(g.x for g in main) - _tint_right(pdf) >= 18


def test_a_grown_page_grows_the_panel_with_its_main_column(tmp_path: Path) -> None:
    """The example is short for its page, so it grows (to 11 pt): the panel grows with it,
    type and spacing (left at 10 pt it stood beside 11 pt main text, and left natural it
    ended 70 pt above the main column), and the columns end near each other."""
    (tmp_path / "natural").mkdir()
    natural, _ = _columns(_build(tmp_path / "natural", EXAMPLE, "--pages", "any"))
    panel, main = _columns(_build(tmp_path, EXAMPLE))

    def body(glyphs: list[Glyph]) -> float:  # the size most of the column's letters are set in
        sizes = [round(g.size, 1) for g in glyphs if g.char.isalpha()]
        return max(set(sizes), key=sizes.count)

    assert body(main) > THEME.sizes.body  # grown
    assert abs(body(panel) - body(main)) <= 0.5
    assert min(g.y for g in panel) < min(g.y for g in natural) - 10  # reaches further down
    room = PAGE_H - M.top - M.bottom
    apart = min(g.y for g in panel) - min(g.y for g in main)
    assert abs(apart) <= 0.09 * room, apart / room  # 10 % apart before


def test_the_panels_headline_is_balanced(tmp_path: Path) -> None:
    """A headline wrapped in the panel keeps lines of even length: greedy breaking read
    "Compiler engineer with a decade of / production systems" (the last two words kept
    together by the rule against runts, and still a stub)."""
    headline = "Compiler engineer with a decade of production systems"
    source = tmp_path / "cv.yaml"
    source.write_text(
        f"name: Jordan Longfield\nheadline: {headline}\ncontact: {{email: a@example.com}}\n"
        "sections:\n  - title: Experience\n    experience: [{role: Engineer, organization: A}]\n"
        "  - title: Skills\n    skills: [{group: Langs, items: [Python]}]\n",
        encoding="utf-8",
    )
    panel, _ = _columns(_build(tmp_path, source, "--pages", "any"))
    rows, said = [], ""
    for line in lines(panel):
        if said != headline and headline.startswith((said + " " + _text(line)).strip()):
            rows.append(line)
            said = (said + " " + _text(line)).strip()
    assert said == headline and len(rows) == 2, [_text(r) for r in rows]
    widths = [line[-1].x - line[0].x for line in rows]
    assert min(widths) >= 0.75 * max(widths), ([_text(r) for r in rows], widths)
