"""The page budget is a promise: automatic fit within the style's floors, clean page
breaks, and a diagnosis when nothing fits."""

from __future__ import annotations

import math
import re
from collections import Counter
from pathlib import Path

import pytest

from ats import measure, pdf_font_sizes, pdf_pages_text
from conftest import EXAMPLE, run_cli
from expected import expected_text
from glyphs import read_glyphs
from resume_pdf.fonts.book import FontBook
from resume_pdf.model.resume_schema import load_resume
from resume_pdf.pdf.render import RESUME, render
from resume_pdf.style.theme import TIGHTEST, load_theme

HEAD = "name: Fit Example\nheadline: Engineer\ncontact: {email: fit@example.com}\n"


def bullets_yaml(n: int, title: str = "Notes") -> str:
    items = "".join(
        f"      - Point {i} shipped a change that made something faster\n" for i in range(n)
    )
    return f"  - title: {title}\n    bullets:\n{items}"


def natural_pages(tmp_path: Path, text: str) -> tuple[int, float]:
    path = tmp_path / "probe.yaml"
    path.write_text(text, encoding="utf-8")
    theme = load_theme("classic")
    done = render(load_resume(path), theme, FontBook(theme.fonts.body))
    return done.pages, done.used


def overflowing_by_a_line(tmp_path: Path, pages: int) -> str:
    """The smallest résumé whose natural layout spills onto page `pages` + 1."""
    n = 10
    while natural_pages(tmp_path, HEAD + "sections:\n" + bullets_yaml(n))[0] <= pages:
        n += 1
    return HEAD + "sections:\n" + bullets_yaml(n)


def check_pdf(pdf: Path, source: Path, budget: int) -> list[str]:
    pages = pdf_pages_text(pdf)
    assert 1 <= len(pages) <= budget
    recall = measure(expected_text(source), "\n".join(pages))
    assert recall.order_recall == 1.0, recall.missing
    titles = set(re.findall(r"^  - title: (.*)$", source.read_text(encoding="utf-8"), re.M))
    for page in pages:
        lines = [ln for ln in page.splitlines() if not re.fullmatch(r"\d+ / \d+", ln.strip())]
        assert lines[-1].strip() not in titles, "a section title ends a page"
    sizes = pdf_font_sizes(pdf)
    assert min(sizes) >= 7.99
    body = Counter(round(s, 2) for s in sizes).most_common(1)[0][0]
    assert body >= 8.5
    return pages


def build(tmp_path: Path, text: str, *args: str):
    src = tmp_path / "resume.yaml"
    src.write_text(text, encoding="utf-8")
    out = tmp_path / "out.pdf"
    return run_cli("build", str(src), "-o", str(out), *args), src, out


def test_content_that_fits_is_not_touched(tmp_path: Path) -> None:
    """Never tightened: at most grown to fill its page (the example stands short of 90 %
    of its page since its skills take 5 lines)."""
    run, src, out = build(tmp_path, EXAMPLE.read_text(encoding="utf-8"), "--pages", "1")
    assert run.exit_code == 0
    assert re.fullmatch(r".*: 1 page, (grown \d+% \([^)]*\), )?\d+\.\d\d s\n", run.stdout)
    pages = check_pdf(out, src, 1)
    assert not re.search(r"\d+ / \d+", pages[0])  # a page number only when there are several


def test_one_page_budget_overflowing_by_a_line_is_tightened(tmp_path: Path) -> None:
    text = overflowing_by_a_line(tmp_path, 1)
    run, src, out = build(tmp_path, text, "--pages", "1")
    assert run.exit_code == 0, run.stderr
    assert re.fullmatch(r".*: 1 page, fitted at spacing \d+%, \d+\.\d\d s\n", run.stdout)
    check_pdf(out, src, 1)


def test_two_page_budget_with_a_line_on_page_three(tmp_path: Path) -> None:
    text = overflowing_by_a_line(tmp_path, 2)
    run, src, out = build(tmp_path, text, "--pages", "2")
    assert run.exit_code == 0, run.stderr
    assert ": 2 pages, fitted at" in run.stdout
    pages = check_pdf(out, src, 2)
    # page 1's number drawn after its content, page 2's before: the two meet
    ends = [pages[0].rstrip().split("\n")[-1].strip()[-5:], pages[1].lstrip()[:40]]
    assert ends[0] == "1 / 2" and ends[1].split("\n")[0].strip()[-5:] == "2 / 2", pages


def test_a_nearly_empty_last_page_is_pulled_back(tmp_path: Path) -> None:
    text = overflowing_by_a_line(tmp_path, 1)  # natural: 2 pages, page 2 almost empty
    run, src, out = build(tmp_path, text)  # default budget: 2
    assert run.exit_code == 0, run.stderr
    assert ": 1 page, pulled back a nearly empty last page: fitted at spacing" in run.stdout
    check_pdf(out, src, 1)


def test_content_needing_three_pages_fails_with_a_diagnosis(tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    out.write_bytes(b"previous")
    text = HEAD + "sections:\n" + bullets_yaml(30, "Short") + bullets_yaml(260, "Huge")
    run, _, _ = build(tmp_path, text, "--pages", "2")
    assert run.exit_code == 1
    assert "Traceback" not in run.stderr
    lines = run.stderr.splitlines()
    assert re.search(
        r"resume\.yaml: pages: error: does not fit: \d\.\d\d pages even at the style's floors; "
        r"the budget is 2 pages \(over by \d\.\d\d pages?, about \d+ lines\)$",
        lines[0],
    )
    assert lines[1].startswith("  hint: largest sections: 'Huge' 9")
    used = float(re.search(r"does not fit: (\d\.\d\d) pages", lines[0]).group(1))
    enough = math.ceil(used)  # the pages the floors need, not the budget plus one
    assert enough > 3
    assert lines[2:] == ["        ways out:", f"          - --pages {enough}"]  # no style can
    assert out.read_bytes() == b"previous"


def test_sixty_timeline_entries(tmp_path: Path) -> None:
    rows = "".join(
        f"      - {{start: {2025 - i}, end: {2026 - i}, text: Year {i} of work}}\n"
        for i in range(60)
    )
    run, src, out = build(
        tmp_path, HEAD + "sections:\n  - title: Timeline\n    timeline:\n" + rows, "--pages", "1"
    )
    assert run.exit_code == 0, run.stderr
    check_pdf(out, src, 1)


def test_a_six_thousand_word_summary_is_diagnosed(tmp_path: Path) -> None:
    summary = " ".join(f"word{i}" for i in range(6000))
    run, _, _ = build(tmp_path, HEAD + f"summary: {summary}\n")
    assert run.exit_code == 1
    assert "largest sections: 'summary' 100%" in run.stderr


def test_an_entry_taller_than_a_page_splits_between_its_bullets(tmp_path: Path) -> None:
    highlights = "".join(f"          - Highlight {i} of a very long job\n" for i in range(75))
    text = (
        HEAD + "sections:\n  - title: Experience\n    experience:\n"
        "      - role: Engineer\n        organization: Big Co\n        start: 2020\n"
        "        highlights:\n" + highlights
    )
    run, src, out = build(tmp_path, text, "--pages", "2")
    assert run.exit_code == 0, run.stderr
    pages = check_pdf(out, src, 2)
    for i in range(75):  # no bullet is split across pages
        assert sum(f"Highlight {i} of a very long job" in p for p in pages) == 1


def test_fitting_is_deterministic(tmp_path: Path) -> None:
    text = overflowing_by_a_line(tmp_path, 1)
    first = build(tmp_path, text, "--pages", "1")[2].read_bytes()
    second = build(tmp_path, text, "--pages", "1")[2].read_bytes()
    assert first == second


def test_pages_in_the_resume_and_on_the_command_line(tmp_path: Path) -> None:
    text = overflowing_by_a_line(tmp_path, 1)
    run, _, out = build(tmp_path, "pages: 1\n" + text)
    assert run.exit_code == 0 and len(pdf_pages_text(out)) == 1
    run, _, out = build(tmp_path, "pages: 1\n" + text + bullets_yaml(40, "More"), "--pages", "2")
    assert run.exit_code == 0 and len(pdf_pages_text(out)) == 2
    assert run_cli("build", "--pages", "21").exit_code == 2
    assert run_cli("build", "--pages", "0").exit_code == 2


def test_a_panel_section_taller_than_the_page_moves_to_the_main_column(tmp_path: Path) -> None:
    """It used to be an error ("the sidebar is taller than the page in 'Many skills'"):
    the section now moves to the main column, which has the pages."""
    groups = "".join(f"      - {{group: G{i}, items: [a, b, c, d]}}\n" for i in range(40))
    run, _, out = build(
        tmp_path,
        "name: A\nsections:\n  - title: Many skills\n    skills:\n" + groups,
        "--style",
        "sidebar",
        "--pages",
        "any",
    )
    assert run.exit_code == 0, run.stderr
    assert "MANYSKILLS" in "".join(g[0] for g in _columns(out)[1] if g[0] != " ").upper()


def _sidebar_resume(groups: int, entries: int, summary: str = "") -> str:
    skills = "".join(
        f"      - {{group: G{i}, items: [alpha, beta, gamma]}}\n" for i in range(groups)
    )
    jobs = "".join(
        f"      - {{role: Engineer {i}, organization: Example Corp, start: 2020, end: 2021,"
        " highlights: [Made the build twice as fast for every team in the company.]}\n"
        for i in range(entries)
    )
    return (
        f"name: Ann Example\nsummary: I build compilers and keep them fast.{summary}\nsections:\n"
        f"  - title: Experience\n    experience:\n{jobs}  - title: Skills\n    skills:\n{skills}"
    )


def _columns(pdf: Path) -> tuple[list[tuple], list[tuple]]:
    """Page 1's glyphs (char, origin, size) of the sidebar (left of x=206) and of the main
    column (the style's sidebar is 170 pt wide at a 36 pt margin, then a 20 pt gap)."""
    glyphs = [
        (g.char, round(g.x, 2), round(g.y, 2), round(g.size, 2), g.x < 206)
        for g in read_glyphs(pdf)
        if g.page == 0
    ]
    return [g[:4] for g in glyphs if g[4]], [g[:4] for g in glyphs if not g[4]]


def test_only_an_overflowing_sidebar_is_tightened(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    # beside a main column of a dozen entries, the tall panel keeps its skills (beside
    # two, they move to the main column to balance the two)
    tall, _, tall_pdf = build(tmp_path / "a", _sidebar_resume(28, 12), "--style", "sidebar")
    short, _, short_pdf = build(tmp_path / "b", _sidebar_resume(3, 12), "--style", "sidebar")

    assert tall.exit_code == short.exit_code == 0
    assert "sidebar at spacing" in tall.stdout and "fitted at" not in tall.stdout
    (panel, main), (_, short_main) = _columns(tall_pdf), _columns(short_pdf)
    assert [g[0] for g in main] == [g[0] for g in short_main]  # the same words, page 1
    # the main column is not tightened: it grows, its type held within half a point of
    # the panel's (which keeps its size, tightened in spacing alone)
    body, side = (
        Counter(g[3] for g in c if g[0].isalpha()).most_common(1)[0][0] for c in (main, panel)
    )
    assert load_theme("sidebar").sizes.body <= body <= side + 0.5, (body, side)


def test_only_an_overflowing_main_column_is_tightened(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    more = " And I test them, profile them and write down what I learn."
    long, _, long_pdf = build(
        tmp_path / "a", _sidebar_resume(3, 13, more), "--style", "sidebar", "--pages", "1"
    )
    short, _, short_pdf = build(  # at its natural size: a short page grows both columns
        tmp_path / "b", _sidebar_resume(3, 1), "--style", "sidebar", "--pages", "any"
    )
    assert long.exit_code == short.exit_code == 0
    assert "fitted at spacing" in long.stdout and "sidebar" not in long.stdout
    assert _columns(long_pdf)[0] == _columns(short_pdf)[0]  # the sidebar is untouched


def test_the_fit_note_names_only_what_was_tightened() -> None:
    """The result line's `fitted at ...`: spacing first, line height when the style pins its
    spacing, margins past stage 1, type past stage 2; nothing a style's floors pin."""
    from resume_pdf.pdf.fit import describe
    from resume_pdf.values import replace

    theme = load_theme("classic")  # spacing 10/5/2.5/3.5, line height 1.25, margins 36-70,
    # type 10; floors: spacing 40 %, margins 30 pt, body 8.5
    assert [describe(theme, t) for t in (0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0)] == [
        "",
        "fitted at spacing 70%",
        "fitted at spacing 40%",
        "fitted at spacing 40%, margins 33 pt",
        "fitted at spacing 40%, margins 30 pt",
        "fitted at spacing 40%, margins 30 pt, type 92%",
        "fitted at spacing 40%, margins 30 pt, type 85%",
    ]
    floors = theme.floors

    def pinned(**kwargs: float) -> object:
        return replace(theme, floors=replace(floors, **kwargs))

    assert describe(pinned(spacing=1.0), 0.5) == "fitted at line height 1.21"
    assert describe(pinned(spacing=1.0, leading=theme.leading), 0.5) == ""
    assert describe(pinned(body=theme.sizes.body), 2.5) == "fitted at spacing 40%, margins 30 pt"
    assert describe(pinned(margin=100), 1.5) == "fitted at spacing 40%"
    no_gap = replace(theme, spacing=replace(theme.spacing, section=0.0))
    assert describe(no_gap, 0.5) == "fitted at line height 1.21"


def test_pages_any_lays_out_at_the_natural_size_untouched(tmp_path: Path) -> None:
    text = overflowing_by_a_line(tmp_path, 1)  # would be pulled back under a budget
    run, src, out = build(tmp_path, text, "--pages", "any")
    assert run.exit_code == 0, run.stderr
    assert re.fullmatch(r".*: 2 pages, \d+\.\d\d s\n", run.stdout)  # no "fitted at"
    assert len(pdf_pages_text(out)) == 2


def test_content_many_times_the_budget_is_refused_at_once_with_its_largest_parts(
    tmp_path: Path,
) -> None:
    """No layout at all: the estimate, the three largest parts (of 1 % or more) and the ways
    out; merging sections is offered past 50 of them."""

    def hopeless(sections: int) -> str:
        small = "".join(f"  - title: S{i}\n    text: {'word ' * 40}\n" for i in range(sections))
        big = f"  - title: Big\n    text: {'word ' * 14000}\n  - title: Mid\n    text: "
        return (
            f"name: A\nsummary: {'lorem ipsum ' * 14000}\nsections:\n{big}{'word ' * 3000}\n{small}"
        )

    ways = ["        ways out:", "          - cut content"]
    last = "          - --pages any lays it out at its natural size"
    for budget, pages in (("1", "1 page"), ("2", "2 pages")):
        run, src, _ = build(tmp_path, hopeless(53), "--pages", budget)
        assert run.exit_code == 1
        assert run.stderr.splitlines() == [
            f"{src}: error: does not fit: at least 11 pages of content for a budget of {pages}, "
            "far more than any tightening can save",
            "  hint: largest parts: 'summary' 64%, 'Big' 27%, 'Mid' 6%",
            *ways,
            "          - merge some of the 55 sections",
            last,
        ]
    run, src, _ = build(tmp_path, hopeless(48), "--pages", "1")  # 50 sections: no merging
    assert run.stderr.splitlines()[2:] == [*ways, last]


def short_sections(count: int) -> str:
    """Sections of one bullet each: mostly headings and spacing, which tightening shrinks
    faster than the search's first guess assumes, so it must narrow in on the loosest fit."""
    return "sections:\n" + "".join(
        f"  - title: Section {j}\n    bullets:\n      - Point {j} made something faster\n"
        for j in range(count)
    )


@pytest.mark.parametrize("extra", [0, 1, 2])
@pytest.mark.parametrize("style", ["classic", "serif", "modern"])
def test_the_fit_is_the_loosest_within_its_tolerance(
    tmp_path: Path, extra: int, style: str
) -> None:
    """The search stops at a setting that fits, and no setting looser by the tolerance
    would: unless the page is already full (FULL_ENOUGH) or it ran out of passes."""
    from resume_pdf.pdf import fit as fitting

    theme = load_theme(style)
    path = tmp_path / "over.yaml"

    def search_for(sections: int) -> fitting._Search:
        path.write_text(HEAD + short_sections(sections), encoding="utf-8")
        return fitting._Search(load_resume(path), theme, FontBook(theme.fonts.body), RESUME)

    count = 10
    while (natural := search_for(count).run(0.0)) is not None and natural.pages == 1:
        count += 1
    search = search_for(count + extra)  # over by a section, then by `extra` more
    natural = search.run(0.0)
    assert natural is not None and natural.pages == 2
    found = search.loosest(natural.used, 1, TIGHTEST)
    assert found is not None, "fits at the floors"
    t, fitted = found
    assert fitted.pages == 1 and 0 < t <= TIGHTEST
    full = fitted.used >= 1 - fitting.FULL_ENOUGH
    if not full and search.passes < fitting.MAX_PASSES and t > fitting.TOLERANCE:
        looser = search.run(t - fitting.TOLERANCE)
        assert looser is not None and looser.pages > 1, (t, search.passes)
