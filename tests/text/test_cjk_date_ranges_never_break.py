"""A date range tied by the layout never breaks in CJK text ("現在" was
left alone on a line: the CJK line breaker took a no-break space for a space)."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Paragraph

from conftest import run_cli
from glyphs import lines, read_glyphs
from resume_pdf.fonts.kerning import KernedFont
from resume_pdf.pdf.cjk import install, may_break
from resume_pdf.text.typography import NBSP
from scriptfonts import CJK_PUNCT, HAN, KANA, LATIN, make_font


def test_no_break_beside_a_no_break_space() -> None:
    assert not may_break(NBSP, "現") and not may_break("→", NBSP)
    assert not may_break("\u2060", "現")  # a word joiner
    assert may_break(" ", "現")
    assert not may_break("1", "年") and not may_break("年", "3")  # a number and its counter


def test_a_tied_date_range_moves_whole_to_the_next_line(tmp_path: Path) -> None:
    font = make_font(tmp_path / "Ja.ttf", LATIN + KANA + HAN + CJK_PUNCT)
    pdfmetrics.registerFont(KernedFont("cjk-dates-test", str(font)))
    install()
    style = ParagraphStyle("t", fontName="cjk-dates-test", fontSize=10, leading=12, wordWrap="CJK")
    dates = f"2021年3月{NBSP}→{NBSP}現在"
    text = f"東京大学の開発者 {dates}"
    full = pdfmetrics.stringWidth(text, "cjk-dates-test", 10)
    cut = pdfmetrics.stringWidth(text[:-1], "cjk-dates-test", 10)  # all but "在"
    for width in (cut + 1, (cut + full) / 2 - 5):
        para = Paragraph(f"<b>東京大学の開発者</b> <nobr>{dates}</nobr>", style)
        para.wrap(width, 1000)
        lines = ["".join(w.text for w in line.words) for line in para.blPara.lines]
        assert lines[-1].replace(NBSP, " ").strip() == dates.replace(NBSP, " "), lines


def test_a_timeline_date_column_holds_its_range(tmp_path: Path) -> None:
    """The column is measured as drawn (the CJK glyphs come from another face than the
    body's): "2021年3月 → 現在" on one line, "現在" never alone."""
    make_font(tmp_path / "Cjk.ttf", HAN + KANA + CJK_PUNCT)
    (tmp_path / "s.yaml").write_text("extends: classic\nfonts: {fallback: [Cjk.ttf]}\n")
    (tmp_path / "cv.yaml").write_text(
        "name: 東京 大学\nlocale: ja\nsections:\n  - title: 経歴\n    timeline:\n"
        "      - {start: 2021-03, end: present, text: 東京大学の開発者}\n"
        "      - {start: 2019-11, end: 2021-02, text: 株式会社の開発者}\n",
        encoding="utf-8",
    )
    pdf = tmp_path / "cv.pdf"
    run = run_cli(
        "build", str(tmp_path / "cv.yaml"), "-o", str(pdf), "--style", str(tmp_path / "s.yaml")
    )
    assert run.exit_code == 0, run.stderr
    rows = ["".join(g.char for g in line) for line in lines(read_glyphs(pdf))]
    assert any("2021年3月 → 現在" in r for r in rows), rows
    assert any("2019年11月 → 2021年2月" in r for r in rows), rows  # was "2021年2" | "月"
    assert not any(r.strip() in ("現在", "在", "月") for r in rows), rows
