"""Right-to-left lines as extractors read them: the spaces between words that a
fallback font draws, letters joined across a change of style inside a word, and --verify
checking the word order of right-to-left fields."""

from __future__ import annotations

import ctypes
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from fontTools.ttLib import TTFont
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics, ttfonts

from conftest import run_cli
from resume_pdf.pdf.glyph_codes import PUA_START
from resume_pdf.pdf.rtl import _Frag, line_pieces
from rtlfont import make_rtl_font, rtl_style


def build(
    tmp_path: Path,
    summary: str,
    *more: str,
    wide_seen: bool = False,
    verify: bool = True,
    extra: str = "",
    base: str = "classic",
) -> tuple[int, str, Path]:
    """A résumé on an Arabic page whose Arabic letters come from the generated font (the
    style's own font draws the Latin letters and the spaces)."""
    rtl_style(tmp_path, base, wide_seen=wide_seen)
    (tmp_path / "cv.yaml").write_text(
        f"name: سارة حداد\nstyle: r\nlocale: ar\nsummary: {summary}\n{extra}", encoding="utf-8"
    )
    out = tmp_path / "cv.pdf"
    args = ["build", str(tmp_path / "cv.yaml"), "-o", str(out), *more]
    run = run_cli(*args, *(["--verify"] if verify else []))
    return run.exit_code, run.stderr, out


def pdfium_text(path: Path) -> str:
    doc = pdfium.PdfDocument(path)
    text = doc[0].get_textpage().get_text_range()
    doc.close()
    return text


def test_pdfium_reads_a_narrow_space_beside_a_wide_arabic_letter(
    tmp_path: Path,
) -> None:
    # the space between two Arabic words is the style's (Source Sans, 0.2 em); a seen as
    # wide as DejaVu Sans' stands beside it: PDFium read `بالقياسقبل` (docs/rtl/arabic.yaml)
    code, err, out = build(tmp_path, "وأنا أومن بالقياس قبل التحسين", wide_seen=True)
    assert code == 0, err
    assert "وأنا أومن بالقياس قبل التحسين" in pdfium_text(out)


def test_a_space_beside_a_number_reads_in_pdfium_and_pypdf(tmp_path: Path) -> None:
    # the space between a wide seen and a number joins the number's text object (its own
    # font): PDFium reads it, and pypdf keeps every word apart
    code, err, out = build(tmp_path, "درس 2021 في بيروت", wide_seen=True, verify=False)
    assert code == 0, err
    assert "درس 2021 في بيروت" in pdfium_text(out)
    words = PdfReader(out).pages[0].extract_text().split()
    assert {"درس", "2021", "في", "بيروت"} <= set(words), words


def _forms(tmp_path: Path, segments: list[tuple[str, str]]) -> list[str]:
    """The glyph names line_pieces draws for `segments` (text, "Regular" or "Bold"), in
    logical order, with two generated faces of one family."""
    names = {}
    for style in ("Regular", "Bold"):
        path = make_rtl_font(tmp_path / f"{style}.ttf", style=style)
        names[style] = f"RtlJoin-{style}"
        pdfmetrics.registerFont(ttfonts.TTFont(names[style], str(path)))
    font = TTFont(tmp_path / "Regular.ttf")
    frags = {style: _Frag(name, 11, None) for style, name in names.items()}
    pieces = line_pieces([(text, frags[style]) for text, style in segments], True)
    glyphs = [g for piece in reversed(pieces) for g in reversed(piece.glyphs)]
    cmap = font.getBestCmap()
    return [
        font.getGlyphName(ord(g.code) - PUA_START)
        if ord(g.code) >= PUA_START
        else cmap[ord(g.code)]
        for g in glyphs
    ]


def test_letters_keep_their_joining_forms_across_a_change_of_style(tmp_path: Path) -> None:
    # `**كل**مة`: the bold lam and the regular meem join each other, as in `كلمة` drawn in one
    # style (kaf initial, lam and meem medial, teh marbuta final), not as two words
    forms = _forms(tmp_path, [("كل", "Bold"), ("مة", "Regular")])
    assert forms == ["uni0643.init", "uni0644.medi", "uni0645.medi", "uni0629.fina"]
    # a letter alone in its style between two others: medial, joined on both sides
    forms = _forms(tmp_path, [("ب", "Regular"), ("ي", "Bold"), ("ت", "Regular")])
    assert forms == ["uni0628.init", "uni064A.medi", "uni062A.fina"]


def test_verify_reports_right_to_left_words_out_of_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # each word of a pure right-to-left line is a piece of its own (the spaces are the
    # style's font); drawn in the wrong order, PDFium reads every word but backwards
    from resume_pdf.pdf import rtl

    draw = rtl.line_pieces
    monkeypatch.setattr(rtl, "_seat_spaces", lambda pieces: pieces)  # spaces stay between
    monkeypatch.setattr(rtl, "line_pieces", lambda segments, base: draw(segments, base)[::-1])
    code, err, _ = build(tmp_path, "مهندسة برمجيات في شركة النور")
    assert code == 1
    assert "summary: error: right-to-left words out of order as PDFium reads it" in err
    assert "['مهندسة', 'برمجيات', 'في', 'شركة', 'النور']" in err


def test_verify_passes_right_to_left_words_in_order(tmp_path: Path) -> None:
    code, err, _ = build(tmp_path, "مهندسة برمجيات في شركة النور، منذ 2020 مع Python")
    assert code == 0, err


def test_arabic_fields_are_joined_by_the_arabic_comma_on_the_page_and_in_the_twins(
    tmp_path: Path,
) -> None:
    """`بكالوريوس، علوم الحاسوب` and a skill group's items, not the Latin comma (drawn by
    the Latin font, high and facing the wrong way in an Arabic line), in the PDF, the
    sidebar's panel and every twin; --verify reads it back."""
    sections = (
        "sections:\n  - title: التعليم\n    education:\n      - institution: جامعة بيروت\n"
        "        degree: بكالوريوس\n        field: علوم الحاسوب\n"
        "  - title: المهارات\n    skills:\n      - {group: اللغات, items: [العربية, الإنجليزية]}\n"
    )
    code, err, out = build(tmp_path, "مهندسة برمجيات", "--format", "pdf,txt,md", extra=sections)
    assert code == 0, err
    assert "بكالوريوس، علوم الحاسوب" in pdfium_text(out)  # the skills: a grid, a line each
    for twin in ("txt", "md"):
        text = out.with_suffix(f".{twin}").read_text(encoding="utf-8")
        assert "بكالوريوس، علوم الحاسوب" in text and "العربية، الإنجليزية" in text, twin
    (tmp_path / "panel").mkdir()
    code, err, out = build(tmp_path / "panel", "مهندسة برمجيات", extra=sections, base="sidebar")
    assert code == 0, err
    page = pdfium_text(out)
    assert "العربية،" in page and "," not in page  # the panel's items
    assert "نبذة" in page and "SUMMARY" not in page  # the summary's title, in Arabic


def test_a_gershayim_inside_a_hebrew_word_is_drawn_with_its_letters(tmp_path: Path) -> None:
    """`בע"מ` mid-line: the `"` is drawn by the face of the letters around it, inside their
    run; drawn by the Latin face it cut the word, and PDFium read the line apart there
    (--verify: 'not recovered … as PDFium reads it (e.g. ['בע"מ'])')."""
    code, err, out = build(tmp_path, "'עבדתי בחברת אלפא בע\"מ במשך שלוש שנים'")
    assert code == 0, err
    doc = pdfium.PdfDocument(out)
    page = doc[0].get_textpage()
    fonts = {}
    for i in range(page.count_chars()):
        char = chr(pdfium.raw.FPDFText_GetUnicode(page.raw, i))
        if char in '"מע':
            buffer = ctypes.create_string_buffer(200)
            flags = ctypes.c_int()
            pdfium.raw.FPDFText_GetFontInfo(page.raw, i, buffer, 200, ctypes.byref(flags))
            fonts.setdefault(char, set()).add(buffer.value)
    doc.close()
    assert fonts['"'] <= fonts["ע"] | fonts["מ"], fonts
