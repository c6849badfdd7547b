"""What a warm process (watch mode, a batch) reuses from one build to the next, and that
the reuse never shows a stale result: each memo is checked to apply (the test fails when it
stops saving the work) and to give way when what it was made from changes."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import paragraph as rl_paragraph

from ats import pdf_text
from conftest import EXAMPLE
from resume_pdf.build import Options, build
from resume_pdf.fonts.embed import FlateMemo, SubsetMemo
from resume_pdf.fonts.kerning import KernedFont
from resume_pdf.pdf import paragraphs
from resume_pdf.pdf.wrapped import WrappedOnce
from resume_pdf.style.theme import load_theme
from scriptfonts import LATIN, make_font


def write_style(folder: Path, name: str, text: str) -> None:
    (folder / "styles").mkdir(exist_ok=True)
    (folder / "styles" / f"{name}.yaml").write_text(text, encoding="utf-8")


# --- themes ---------------------------------------------------------------------------


def test_a_style_loaded_again_unchanged_is_the_same_theme(tmp_path: Path) -> None:
    write_style(tmp_path, "mine", "extends: modern\ncolors: {accent: '#112233'}\n")
    first = load_theme("mine", tmp_path)
    assert load_theme("mine", tmp_path) is first
    assert first.colors.accent == "#112233"


def test_an_edited_style_is_read_again(tmp_path: Path) -> None:
    write_style(tmp_path, "mine", "extends: modern\ncolors: {accent: '#112233'}\n")
    load_theme("mine", tmp_path)
    write_style(tmp_path, "mine", "extends: modern\ncolors: {accent: '#445566'}\n")  # same size
    assert load_theme("mine", tmp_path).colors.accent == "#445566"


def test_an_edited_base_of_the_chain_is_read_again(tmp_path: Path) -> None:
    write_style(tmp_path, "base", "extends: classic\ncolors: {accent: '#112233'}\n")
    write_style(tmp_path, "mine", "extends: base\nskill_columns: 2\n")
    assert load_theme("mine", tmp_path).colors.accent == "#112233"
    write_style(tmp_path, "base", "extends: classic\ncolors: {accent: '#445566'}\n")
    assert load_theme("mine", tmp_path).colors.accent == "#445566"


def test_a_new_local_style_that_shadows_a_base_is_used(tmp_path: Path) -> None:
    write_style(tmp_path, "mine", "extends: modern\nskill_columns: 2\n")
    builtin = load_theme("mine", tmp_path).colors.accent
    write_style(tmp_path, "modern", "extends: classic\ncolors: {accent: '#010203'}\n")
    assert builtin != "#010203"
    assert load_theme("mine", tmp_path).colors.accent == "#010203"


def test_a_style_with_font_files_is_read_again_each_time(tmp_path: Path) -> None:
    make_font(tmp_path / "R.ttf", LATIN)
    write_style(tmp_path, "own", "extends: classic\nfonts: {body: R.ttf}\n")
    first = load_theme("own", tmp_path)
    assert first.fonts.user
    assert load_theme("own", tmp_path) is not first


# --- font subsets ---------------------------------------------------------------------


def embedding_memos() -> list[tuple[SubsetMemo, FlateMemo]]:
    fonts = pdfmetrics._fonts.values()  # noqa: SLF001 (reportlab's registry)
    return [f.face.subset_memos for f in fonts if isinstance(f, KernedFont)]


@pytest.fixture
def made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[], int]:
    """The example's faces loaded, and every face's memos emptied for the test (earlier tests
    fill them, and a full memo starts over); counts the subsets and compressed font programs
    the memos have made since."""
    build(EXAMPLE, tmp_path / "warm.pdf", Options())
    for subsets, flate in embedding_memos():
        monkeypatch.setattr(subsets, "made", {})
        monkeypatch.setattr(flate, "made", {})
    return lambda: sum(len(s.made) + len(f.made) for s, f in embedding_memos())


def test_a_rebuild_embeds_the_same_subsets_without_making_them_again(
    tmp_path: Path, made: Callable[[], int]
) -> None:
    source = tmp_path / "resume.yaml"
    shutil.copy(EXAMPLE, source)
    build(source, tmp_path / "a.pdf", Options())
    memos = embedding_memos()
    assert memos and all(isinstance(s, SubsetMemo) for s, _ in memos)
    subsets = [s for s, _ in memos if s.made]
    assert subsets, "reportlab no longer makes its subsets through face.makeSubset"
    programs = [f for _, f in memos if f.made]
    assert programs, "reportlab's font programs are no longer compressed through our filter"
    first = made()
    assert first >= 2 * len(subsets)
    build(source, tmp_path / "b.pdf", Options())
    assert made() == first  # nothing made or compressed anew
    assert (tmp_path / "b.pdf").read_bytes() == (tmp_path / "a.pdf").read_bytes()


def test_a_new_character_gets_a_new_subset(tmp_path: Path, made: Callable[[], int]) -> None:
    source = tmp_path / "resume.yaml"
    shutil.copy(EXAMPLE, source)
    build(source, tmp_path / "a.pdf", Options())
    before = made()
    build(source, tmp_path / "a.pdf", Options())
    assert made() == before
    text = EXAMPLE.read_text(encoding="utf-8").replace("summary: ", "summary: Straße ÿ ", 1)
    source.write_text(text, encoding="utf-8")
    build(source, tmp_path / "b.pdf", Options(verify=True))
    assert made() >= before + 2  # the regular face's new subset, and its compression
    assert "Straße ÿ" in pdf_text(tmp_path / "b.pdf")


# --- paragraphs -----------------------------------------------------------------------

STYLE = ParagraphStyle("t", fontName="Helvetica", fontSize=10, leading=12)
TEXT = "Shipped a compiler pass that cut p99 latency by a third across the fleet " * 3


@pytest.fixture
def line_breaks(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The widths each call to reportlab's line breaking was asked for."""
    calls: list[object] = []
    original = rl_paragraph.Paragraph.breakLines

    def counted(self: rl_paragraph.Paragraph, width: object) -> object:
        calls.append(width)
        return original(self, width)

    monkeypatch.setattr(rl_paragraph.Paragraph, "breakLines", counted)
    return calls


@pytest.mark.parametrize("xml", [TEXT, f"<b>Lead.</b> {TEXT}"], ids=["plain", "marked-up"])
def test_a_paragraph_breaks_its_lines_once_per_width(line_breaks: list[object], xml: str) -> None:
    para = WrappedOnce(xml, STYLE)
    size = para.wrap(120, 800)
    assert para.wrap(120, 30) == size  # the height offered changes nothing
    assert len(line_breaks) == 1
    para.wrap(300, 800)
    again = para.wrap(120, 800)
    assert len(line_breaks) == 3  # 120, 300, then 120 again: only the last width is kept
    fresh = rl_paragraph.Paragraph(xml, STYLE)
    assert again == fresh.wrap(120, 800)
    assert len(para.blPara.lines) == len(fresh.blPara.lines)
    assert [p.getPlainText() for p in para.split(120, 40)] == [
        p.getPlainText() for p in fresh.split(120, 40)
    ]


@pytest.mark.parametrize("style", ["classic", "compact", "modern", "mono", "serif", "sidebar"])
def test_a_warm_rebuild_parses_no_paragraph_markup_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, style: str
) -> None:
    monkeypatch.setattr(paragraphs, "_PARSED", {})
    source = tmp_path / "resume.yaml"
    shutil.copy(EXAMPLE, source)
    build(source, tmp_path / "a.pdf", Options(style=style))
    parsed: list[str] = []
    original = rl_paragraph.Paragraph._setup  # noqa: SLF001

    def setup(self: object, text: str, style: ParagraphStyle, *rest: object) -> object:
        if rest[1] is None:  # no fragments given: the markup is parsed
            parsed.append(f"{style.name}: {text}")
        return original(self, text, style, *rest)

    monkeypatch.setattr(rl_paragraph.Paragraph, "_setup", setup)
    build(source, tmp_path / "b.pdf", Options(style=style))
    # the sidebar's name is set in a size fitted to the sidebar on each build
    assert [p for p in parsed if not p.startswith("sidebar-name")] == []


def test_a_paragraph_at_another_type_size_is_not_parsed_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A fitting pass that grows or shrinks the type reuses the markup parsed at the other
    size, set in its own size (the PDF of a fit is byte for byte what it was with a parse
    per size: benchmarks/identity.py); a style that differs in more than its sizes (the
    colour here) is parsed afresh."""
    for memo in ("_PARSED", "_SHAPED", "_SHAPES"):
        monkeypatch.setattr(paragraphs, memo, {})
    parsed: list[float] = []
    original = rl_paragraph.Paragraph._setup  # noqa: SLF001

    def setup(self: object, text: str, style: ParagraphStyle, *rest: object) -> object:
        if rest[1] is None:
            parsed.append(style.fontSize)
        return original(self, text, style, *rest)

    monkeypatch.setattr(rl_paragraph.Paragraph, "_setup", setup)
    xml = f"<b>Lead.</b> {TEXT}"
    paragraphs.paragraph(xml, STYLE)
    bigger = ParagraphStyle("t", parent=STYLE, fontSize=10.6, leading=12.7)
    grown = paragraphs.paragraph(xml, bigger)
    assert parsed == [10]
    fresh = rl_paragraph.Paragraph(xml, bigger)
    assert [(f.fontName, f.fontSize, f.text) for f in grown.frags] == [
        (f.fontName, f.fontSize, f.text) for f in fresh.frags
    ]
    assert grown.frags[0].fontSize == 10.6
    assert grown.wrap(120, 800) == fresh.wrap(120, 800)
    paragraphs.paragraph(xml, ParagraphStyle("t", parent=bigger, textColor="#cc0000"))
    assert parsed == [10, 10.6, 10.6]  # the reference paragraph, then the red one


def test_a_width_at_another_type_size_is_the_known_one_scaled(
    monkeypatch: pytest.MonkeyPatch, line_breaks: list[object]
) -> None:
    """A skill grid or a date column measured again on a fitting pass at another type size
    scales the width it knows (advances and kerning are in thousandths of an em); a style
    with another face is measured afresh."""
    for memo in ("_PARSED", "_SHAPED", "_SHAPES", "_WIDTHS"):
        monkeypatch.setattr(paragraphs, memo, {})
    xml = "<b>Compilers:</b> TorchInductor, AOTInductor, Triton"
    bigger = ParagraphStyle("t", parent=STYLE, fontSize=10.6, leading=12.7)
    paragraphs.line_width(xml, STYLE)
    scaled = paragraphs.line_width(xml, bigger)
    assert len(line_breaks) == 1
    fresh = rl_paragraph.Paragraph(xml, bigger)
    fresh.wrap(1e6, 1e6)
    assert abs(scaled - max(fresh.getActualLineWidths0())) < 1e-9
    paragraphs.line_width(xml, ParagraphStyle("t", parent=bigger, fontName="Courier"))
    assert len(line_breaks) == 3  # the reference paragraph above, then the other face
