"""Where pages break, read glyph by glyph (PDFium): a section heading is never the last line
of a page, and a `bullets:` section's heading keeps its first two bullets; a page opened by
a section or an entry starts at the top margin as one opened by a bullet does (the space
above it dropped there); one footer form on every page (`Name · 1 / 2`); and a budget of
several pages grows its spacing alone, a little, only while its last page is under half
full."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import FIXTURES, run_cli
from pagemetrics import Line, body_size, read_boxes, text_lines
from resume_pdf.style.theme import builtin_styles, load_theme

STYLES = builtin_styles()
SINGLE = [s for s in STYLES if load_theme(s).layout.kind == "single"]
HEADINGS = {"EXPERIENCE", "AWARDS"}
JOBS = {style: range(9, 17) for style in STYLES} | {"compact": range(16, 24)}  # dense: more


def _resume(jobs: int) -> str:
    entries = "".join(
        f"      - {{role: Engineer {i}, organization: Example Corp, start: 2020, end: 2021,"
        " highlights: [Made the build twice as fast for every team in the company.]}\n"
        for i in range(jobs)
    )
    return (
        "name: Ann Example\nsections:\n  - title: Experience\n    experience:\n"
        f"{entries}  - title: Awards\n    bullets:\n"
        "      - Best paper award at an imaginary conference in 2021\n"
        "      - Second bullet about something else entirely\n"
        "      - Third bullet\n"
    )


def _key(text: str) -> str:
    return "".join(ch for ch in text.upper() if ch.isalnum())


@pytest.fixture(scope="module")
def broken(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, int], tuple]:
    """(style, jobs) -> (lines above the foot, page sizes, the PDF), at natural size: the
    jobs of JOBS move the page break through the last entries and the bullets section."""
    folder = tmp_path_factory.mktemp("breaks")
    out = {}
    for style in STYLES:
        foot = load_theme(style).page.margins.bottom - 1
        for jobs in JOBS[style]:
            source, pdf = folder / f"{style}-{jobs}.yaml", folder / f"{style}-{jobs}.pdf"
            source.write_text(_resume(jobs), encoding="utf-8")
            run = run_cli("build", str(source), "-o", str(pdf), "--style", style, "--pages", "any")
            assert run.exit_code == 0, run.stderr
            glyphs, sizes = read_boxes(pdf)
            out[(style, jobs)] = ([ln for ln in text_lines(glyphs) if ln.y > foot], sizes, pdf)
    return out


def _pages(lines: list[Line]) -> list[list[Line]]:
    last = max(ln.page for ln in lines)
    return [[ln for ln in lines if ln.page == p] for p in range(last + 1)]


@pytest.mark.parametrize("style", SINGLE)
def test_a_heading_is_never_last_on_a_page(broken, style: str) -> None:
    for jobs in JOBS[style]:
        pages = _pages(broken[(style, jobs)][0])
        for page in pages[:-1]:
            assert _key(page[-1].text) not in HEADINGS, (jobs, page[-1].text)


@pytest.mark.parametrize("style", SINGLE)
def test_a_bullet_sections_heading_keeps_two_bullets(broken, style: str) -> None:
    for jobs in JOBS[style]:
        for page in _pages(broken[(style, jobs)][0]):
            at = [i for i, ln in enumerate(page) if _key(ln.text) == "AWARDS"]
            if at:
                bullets = [ln for ln in page[at[0] + 1 :] if ln.text.startswith("•")]
                assert len(bullets) >= 2, (jobs, [ln.text for ln in page[at[0] :]])


@pytest.mark.parametrize("style", STYLES)
def test_every_page_starts_at_the_top_margin(broken, style: str) -> None:
    """The first baseline of a later page stands one type size below the top margin,
    whatever opens the page (a heading, an entry, a bullet)."""
    top = load_theme(style).page.margins.top
    seen = 0
    for jobs in JOBS[style]:
        lines, sizes, _ = broken[(style, jobs)]
        for page in _pages(lines)[1:]:
            first, height = page[0], sizes[page[0].page][1]
            size = max(g.size for g in first.glyphs)
            assert height - top - first.y <= size * 1.05 + 0.5, (jobs, first.text)
            seen += 1
    assert seen


@pytest.mark.parametrize("style", STYLES)
def test_one_footer_form_on_every_page(broken, style: str) -> None:
    lines, sizes, pdf = broken[(style, JOBS[style][-1])]
    glyphs, _ = read_boxes(pdf)
    feet = [ln for ln in text_lines(glyphs) if ln.y < load_theme(style).page.margins.bottom]
    total = len(sizes)
    assert total >= 2
    texts = [" ".join(ln.text.split()) for ln in feet]
    assert texts == [f"Ann Example · {n} / {total}" for n in range(1, total + 1)], texts


def _built(tmp_path: Path, source: Path, style: str, *args: str) -> tuple[str, list, int]:
    pdf = tmp_path / f"{style}-{len(args)}.pdf"
    run = run_cli("build", str(source), "-o", str(pdf), "--style", style, *args)
    assert run.exit_code == 0, run.stderr
    glyphs, sizes = read_boxes(pdf)
    return run.stdout, glyphs, len(sizes)


@pytest.mark.parametrize("style", STYLES)
def test_several_pages_grow_spacing_alone_and_little(tmp_path: Path, style: str) -> None:
    """The two-page résumé (its own budget) keeps its natural type size; grown at all,
    its spacing stays within 120 %."""
    source = FIXTURES / "long.yaml"
    said, glyphs, pages = _built(tmp_path, source, style)
    _, natural, natural_pages = _built(tmp_path, source, style, "--pages", "any")
    assert pages == natural_pages >= 2
    assert body_size(glyphs) == body_size(natural), said
    assert "type" not in said, said
    for grown in re.findall(r"spacing (\d+)%", said):
        assert int(grown) <= 120, said


@pytest.mark.parametrize("style", SINGLE)
def test_a_last_page_over_half_full_is_not_grown(tmp_path: Path, style: str) -> None:
    """Fourteen to sixteen jobs: page 2 over half full is left at natural size."""
    for jobs in (14, 16):
        source = tmp_path / f"cv{jobs}.yaml"
        source.write_text(_resume(jobs * 2) + "pages: 2\n", encoding="utf-8")
        said, glyphs, pages = _built(tmp_path, source, style)
        if pages != 2:
            continue
        m = load_theme(style).page.margins
        last = [g for g in glyphs if g.page == 1 and g.y > m.bottom and g.char.strip()]
        height = max(g.top for g in glyphs) + m.top  # about the page's height
        used = (height - m.top - min(g.bottom for g in last)) / (height - m.top - m.bottom)
        if used >= 0.55:
            assert "grown" not in said, (jobs, used, said)
