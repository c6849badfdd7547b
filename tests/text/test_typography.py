"""The page as the eye reads it, glyph by glyph through PDFium, for every built-in style x
the example and the long fixture: right-hand dates on the title's baseline, no separator at
a line's end or start, no paragraph ending in a lone short word; plus the typography rules
on text (quotes, non-breaking spaces)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import EXAMPLE, FIXTURES, run_cli
from glyphs import Glyph, lines, read_glyphs
from resume_pdf.style.theme import builtin_styles
from resume_pdf.text.inline import Rich, Span
from resume_pdf.text.typography import NBSP, curly, tie, tie_last, typeset_rich

RESUMES = {"example": EXAMPLE, "long": FIXTURES / "long.yaml"}


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], list[Glyph]]:
    out = {}
    folder = tmp_path_factory.mktemp("typography")
    for style in builtin_styles():
        for name, source in RESUMES.items():
            pdf = folder / f"{style}-{name}.pdf"
            run = run_cli("build", str(source), "-o", str(pdf), "--style", style)
            assert run.exit_code == 0, run.stderr
            out[(style, name)] = read_glyphs(pdf)
    return out


CASES = [(s, r) for s in builtin_styles() for r in RESUMES]


def _text(line: list[Glyph]) -> str:
    return "".join(g.char for g in line).strip()


@pytest.mark.parametrize(("style", "resume"), CASES)
def test_right_hand_dates_sit_on_the_titles_baseline(pages, style: str, resume: str) -> None:
    glyphs = pages[(style, resume)]
    runs = []  # runs of glyphs on one baseline, cut where a gap of 15 pt or more opens
    for line in lines(glyphs, tolerance=0.01):
        runs.append([line[0]])
        for g in line[1:]:
            if g.x - runs[-1][-1].x > 15:
                runs.append([])
            runs[-1].append(g)
    if style == "sidebar":  # the main column only: the sidebar stacks its dates
        runs = [r for r in runs if r[0].x > 200]
    checked = 0
    for a in runs:
        for b in runs:
            same_page = a[0].page == b[0].page
            # a short run of smaller type to the right: a date or link, not a second column
            right_of = b[0].x > a[-1].x + 20 and b[0].size < a[0].size and len(b) <= 40
            if same_page and right_of and abs(a[0].y - b[0].y) < 3:
                assert abs(a[0].y - b[0].y) <= 0.1, (_text(a), _text(b), a[0].y - b[0].y)
                checked += 1
    assert checked, "no title row with a right-hand date or link was found"


@pytest.mark.parametrize(("style", "resume"), CASES)
def test_no_line_ends_or_starts_with_a_separator(pages, style: str, resume: str) -> None:
    for line in lines(pages[(style, resume)], tolerance=0.5):
        text = _text(line)
        assert not text.endswith(("·", "|")), text
        assert not text.startswith(("·", "|")), text


@pytest.mark.parametrize(("style", "resume"), CASES)
def test_no_paragraph_ends_with_a_lone_short_word(pages, style: str, resume: str) -> None:
    runs = lines(pages[(style, resume)], tolerance=0.5)
    for before, line in zip(runs, runs[1:], strict=False):
        words = _text(line).split()
        same_block = (
            before[0].page == line[0].page
            and abs(before[0].x - line[0].x) < 0.5
            and before[0].size == line[0].size
            and 0 < before[0].y - line[0].y < 1.6 * line[0].size
        )
        long_before = before[-1].x - before[0].x > 250
        if same_block and long_before and len(words) == 1:
            assert len(words[0]) > 8, f"runt {words[0]!r} after {_text(before)[-40:]!r}"


def test_curly_quotes_by_context() -> None:
    assert curly("I've \"built\" PyTorch's 'own' '90s") == "I’ve “built” PyTorch’s ‘own’ ’90s"
    assert curly('<img src="x.png"/>') == '<img src="x.png"/>'  # code stays as typed
    # a text holding Hebrew keeps every quote as typed: gershayim and geresh (בע"מ, Ltd.;
    # ג'ון, John) are letters of the word an ATS and PDFium read, Hebrew quotes straight,
    # and never one quote of a pair curled (the English words in the text included)
    for text in (
        'חברה בע"מ, ג\'ון "שם"',
        'פרויקט "Atlas" ו"Orion"',
        'Project "Acme בע"מ" rocks',
        'He said "שלום" to me in "Tel Aviv"',
    ):
        assert curly(text) == text


def test_non_breaking_rules() -> None:
    assert tie("cut 40 ms and 3 GB, 2 x faster") == f"cut 40{NBSP}ms and 3{NBSP}GB, 2{NBSP}x faster"
    assert tie("ready for PyTorch 2.0 now") == f"ready for PyTorch{NBSP}2.0 now"
    assert tie("A. Placeholder") == f"A.{NBSP}Placeholder"
    assert tie("2021 → now") == f"2021{NBSP}→{NBSP}now"
    assert tie("at 4 AM, 11 p.m. and 10 %") == f"at 4{NBSP}AM, 11{NBSP}p.m. and 10{NBSP}%"
    assert tie("runbook No. 3, vol. 2") == f"runbook No.{NBSP}3, vol.{NBSP}2"
    assert tie("at 4 Amsterdam, Typo. 3") == "at 4 Amsterdam, Typo. 3"
    assert tie_last("production at Meta.") == f"production at{NBSP}Meta."
    assert tie_last("a longwordhere") == "a longwordhere"  # long last words need no tie


def test_spans_keep_their_look_and_length() -> None:
    rich = Rich((Span("It's "), Span("fast", bold=True), Span(" at 40 ms")))
    out = typeset_rich(rich, paragraph=True)
    assert [(s.bold, len(s.text)) for s in out.spans] == [(False, 5), (True, 4), (False, 9)]
    assert (
        out.plain == f"It’s fast at{NBSP}40{NBSP}ms"
    )  # and the runt rule ties "at 40 ms".replace(" at", " at")


def test_straight_quotes_style_switch(tmp_path: Path) -> None:
    (tmp_path / "plain.yaml").write_text("extends: classic\ntypography: {quotes: straight}\n")
    source = tmp_path / "cv.yaml"
    source.write_text("name: Ann\nsummary: I've built it.\n", encoding="utf-8")
    for style, expected in (("classic", "I’ve"), (str(tmp_path / "plain.yaml"), "I've")):
        pdf = tmp_path / "cv.pdf"
        assert run_cli("build", str(source), "-o", str(pdf), "--style", style).exit_code == 0
        assert expected in "".join(g.char for g in read_glyphs(pdf))


@pytest.mark.parametrize(
    "name", ["Anna-Katharina Trần-Nguyễn", "Anna Wolfeschlegelsteinhausen-Nguyễn-Bergmann"]
)
def test_sidebar_name_never_breaks_inside_a_word(name: str, tmp_path: Path) -> None:
    source = tmp_path / "cv.yaml"
    source.write_text(
        f"name: {name}\ncontact: {{email: a@example.com}}\nsections:\n"
        "  - title: Skills\n    skills: [{group: Langs, items: [Python]}]\n",
        encoding="utf-8",
    )
    pdf = tmp_path / "cv.pdf"
    run = run_cli("build", str(source), "-o", str(pdf), "--style", "sidebar", "--verify")
    assert run.exit_code == 0, run.stderr
    # PDFium reports a hyphen ending a line as U+0002
    drawn = [_text(line).replace("\x02", "-") for line in lines(read_glyphs(pdf))]
    name_lines = drawn[: drawn.index("a@example.com")]
    pieces = {p for word in name.split() for p in (word, *[s + "-" for s in word.split("-")])}
    pieces |= {w for w in name.split("-")}
    for line in name_lines:  # whole words, or a word broken right after its own hyphen
        for word in line.split():
            assert (
                word in pieces
                or any(w.startswith(word) and word.endswith("-") for w in name.split())
                or any(w.endswith(word) for w in name.split())
            ), (word, name_lines)
