"""Right-to-left résumés: lines reordered by the bidirectional algorithm, Arabic
shaped (joined forms), the page mirrored for a right-to-left locale, and the text layer read
back in logical order by PDFium, which --verify uses for such résumés."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from fontTools.ttLib import TTFont
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics, ttfonts

from conftest import run_cli
from resume_pdf.pdf.glyph_codes import PUA_START
from resume_pdf.pdf.rtl import _Frag, shape
from resume_pdf.text.bidi import levels, visual_order
from rtlfont import rtl_style

STYLES = ("classic", "compact", "modern", "mono", "serif", "sidebar")
ARABIC_LINE = "مهندس برمجيات في شركة النور منذ 2023"
LINES = [
    "مهندس (برمجيات) في شركة ACME Inc. 2023",
    "שלום עולם, 2021–2023 ב-Google",
    "Worked at شركة النور for 3 years.",
    "التكلفة 15% من 200 دولار",
    "עבדתי ב-IBM (תל אביב) 2019-2021.",
    "هو (Senior Engineer) في 2020",
]


@pytest.mark.parametrize("line", LINES)
@pytest.mark.parametrize("rtl", [True, False])
def test_visual_order_matches_python_bidi(line: str, rtl: bool) -> None:
    bidi = pytest.importorskip("bidi")
    found = "".join(line[i] for i in visual_order(levels(line, rtl)))
    assert found == bidi.get_display(line, base_dir="R" if rtl else "L")


def build(tmp_path: Path, style: str, locale: str = "he", more: str = "") -> tuple[int, str, Path]:
    rtl_style(tmp_path, style)
    (tmp_path / "cv.yaml").write_text(
        f"name: דוד כהן\nstyle: r\n{more}"
        f"locale: {locale}\n"
        "summary: מהנדס תוכנה עם 10 שנות ניסיון בפיתוח.\n"
        "sections:\n  - title: ניסיון\n    experience:\n"
        "      - role: מהנדס בכיר\n        organization: חברת אבג\n"
        "        start: 2019-03\n        end: present\n        highlights:\n"
        f"          - {ARABIC_LINE}\n",
        encoding="utf-8",
    )
    out = tmp_path / "cv.pdf"
    run = run_cli("build", str(tmp_path / "cv.yaml"), "-o", str(out), "--verify")
    return run.exit_code, run.stderr, out


def chars(path: Path) -> list[tuple[str, float, float]]:
    """Each character PDFium reads on page 1, in its order, with its box's left and width."""
    doc = pdfium.PdfDocument(path)
    page = doc[0].get_textpage()
    out = []
    for i in range(page.count_chars()):
        left, _, right, _ = page.get_charbox(i)
        out.append((page.get_text_range(i, 1), left, right - left))
    doc.close()
    return out


@pytest.mark.parametrize("style", STYLES)
def test_rtl_resume_builds_in_every_style_with_verify(tmp_path: Path, style: str) -> None:
    code, err, out = build(tmp_path, style)
    assert code == 0, err
    text = pdfium.PdfDocument(out)[0].get_textpage().get_text_range()
    for logical in ("דוד כהן", ARABIC_LINE, "חברת אבג", "2019", "היום"):
        assert logical in text  # PDFium reads the logical text


def test_glyphs_run_right_to_left_joined_and_mirrored_page(tmp_path: Path) -> None:
    code, err, out = build(tmp_path, "classic")
    assert code == 0, err
    found = chars(out)
    text = "".join(c for c, _, _ in found)
    start = text.index("برمجيات")
    word = found[start : start + len("برمجيات")]
    xs = [x for _, x, _ in word]
    assert xs == sorted(xs, reverse=True)  # read in order, drawn right to left
    # joined forms (420 units wide in the test font) replace the isolated ones (600):
    # the first, middle and last letters of a word are the narrower glyphs
    widths = [w for _, _, w in word]
    isolated = [w for c, _, w in found if c == "ل"]  # any Arabic letter alone? none: compare
    assert max(widths) < 0.6 * 11 * 0.9, (widths, isolated)
    # the page is mirrored: the dates stand left of the role, the name at the right
    role = text.index("מהנדס בכיר")
    date = text.index("2019")
    assert found[date][1] < found[role][1]
    name_right = max(x + w for _, x, w in found[: len("דוד כהן")])
    assert name_right > 500


def test_english_resume_with_arabic_name_keeps_the_page_left_to_right(tmp_path: Path) -> None:
    code, err, out = build(tmp_path, "classic", locale="en")
    assert code == 0, err
    found = chars(out)
    text = "".join(c for c, _, _ in found)
    # the page stays left to right: the dates stand right of the role (drawn just after
    # it on its line, which PDFium then reads in visual order: "בכיר מהנדס Mar 2019")
    assert found[text.index("2019")][1] > found[text.index("בכיר")][1]


MIXED = "قادت فريقا من 12 مهندسا في Google منذ 2020"


def test_pdfium_reads_a_mixed_line_in_logical_order(tmp_path: Path) -> None:
    # compact sets role and organisation side by side on one line: on a right-to-left
    # page the role stands at the right edge and the organisation left of it
    rtl_style(tmp_path, "compact")
    (tmp_path / "cv.yaml").write_text(
        "name: سارة حداد\nstyle: r\nlocale: ar\nsections:\n  - title: الخبرة\n"
        "    experience:\n      - role: مهندسة Python كبيرة\n"
        "        organization: شركة النور 24\n        start: 2020-01\n        highlights:\n"
        f"          - {MIXED}\n",
        encoding="utf-8",
    )
    out = tmp_path / "cv.pdf"
    run = run_cli("build", str(tmp_path / "cv.yaml"), "-o", str(out), "--verify")
    assert run.exit_code == 0, run.stderr
    text = pdfium.PdfDocument(out)[0].get_textpage().get_text_range()
    assert MIXED in text
    assert re.search(r"مهندسة Python كبيرة\s+شركة النور 24", text), text
    found = chars(out)
    shown = "".join(c for c, _, _ in found)
    role, org = shown.index("مهندسة"), shown.index("شركة")
    assert found[org][1] < found[role + len("مهندسة Python كبيرة") - 1][1] - 6  # apart


def test_joined_forms_read_back_as_their_letters(tmp_path: Path) -> None:
    # the font's cmap gives joined forms as presentation forms (as DejaVu Sans and Noto
    # do); the text layer maps them to the letters, which pypdf, poppler and pdf.js copy
    code, err, out = build(tmp_path, "classic", locale="ar")
    assert code == 0, err
    text = PdfReader(out).pages[0].extract_text()
    assert not [c for c in text if 0xFB50 <= ord(c) <= 0xFDFF or 0xFE70 <= ord(c) <= 0xFEFF]
    for word in ("مهندس", "برمجيات", "النور"):
        assert word in text


def test_lam_alef_reads_in_order(tmp_path: Path) -> None:
    rtl_style(tmp_path, "classic")
    (tmp_path / "cv.yaml").write_text(
        "name: سارة حداد\nstyle: r\nlocale: ar\nsummary: سلام عليكم\n", encoding="utf-8"
    )
    out = tmp_path / "cv.pdf"
    run = run_cli("build", str(tmp_path / "cv.yaml"), "-o", str(out), "--verify")
    assert run.exit_code == 0, run.stderr
    # the lam-alef ligature stands for two letters, read in their order by PDFium
    assert "سلام عليكم" in pdfium.PdfDocument(out)[0].get_textpage().get_text_range()


def test_verify_accepts_pdfiums_hyphen_beside_a_number(tmp_path: Path) -> None:
    # PDFium reads "ב-2020" as "ב2020-" (its bidi keeps the hyphen with the digits);
    # --verify compares the words with such neutrals set aside, and says it reads PDFium
    rtl_style(tmp_path, "classic")
    (tmp_path / "cv.yaml").write_text(
        "name: דוד כהן\nstyle: r\nlocale: he\nsummary: עבדתי ב-2020 עם 12 מהנדסים (80%)\n",
        encoding="utf-8",
    )
    out = tmp_path / "cv.pdf"
    run = run_cli("build", str(tmp_path / "cv.yaml"), "-o", str(out), "--verify")
    assert run.exit_code == 0, run.stderr
    assert "2020" in pdfium.PdfDocument(out)[0].get_textpage().get_text_range()


def test_rtl_page_sets_a_latin_first_line_right_to_left_arrows_pointing_left(
    tmp_path: Path,
) -> None:
    rtl_style(tmp_path, "classic")
    (tmp_path / "cv.yaml").write_text(
        "name: דוד כהן\nstyle: r\nlocale: he\nsummary: BSc במדעי המחשב\n"
        "sections:\n  - title: ניסיון\n    experience:\n"
        "      - role: מהנדס\n        start: 2019-03\n        end: 2021-05\n",
        encoding="utf-8",
    )
    out = tmp_path / "cv.pdf"
    run = run_cli("build", str(tmp_path / "cv.yaml"), "-o", str(out), "--verify")
    assert run.exit_code == 0, run.stderr
    found = chars(out)
    shown = "".join(c for c, _, _ in found)
    # the paragraph reads right to left, as the page: its first (Latin) word at the right
    assert found[shown.index("BSc")][1] > found[shown.index("במדעי")][1]
    # the date range's arrow points the way the line reads; the text layer keeps "→"
    assert "→" in shown
    font = TTFont(tmp_path / "R.ttf")
    left = font.getGlyphID(font.getBestCmap()[ord("←")])
    pdfmetrics.registerFont(ttfonts.TTFont("RtlArrows", str(tmp_path / "R.ttf")))
    piece = shape("2019 → היום", True, _Frag("RtlArrows", 10, None))
    assert chr(PUA_START + left) in [g.code for g in piece.glyphs]  # drawn "←", read "→"


def test_verify_sets_aside_the_neutrals_pdfium_moves_beside_hebrew() -> None:
    """`_x_` or `&` beside Hebrew: PDFium places neutrals by its own bidi rules, like the
    brackets and hyphens already set aside; the letters and digits are compared."""
    from resume_pdf.check.verify import _bare_tokens

    assert _bare_tokens("עבודה _x_ 2020 R&D;") == _bare_tokens("עבודה x 2020 RD")


def test_has_rtl_finds_every_right_to_left_letter_of_unicode() -> None:
    """has_rtl searches the blocks right-to-left letters lie in before asking unicodedata:
    no letter of class R or AL may lie outside them, and nothing else counts."""
    import unicodedata

    from resume_pdf.text.bidi import has_rtl

    rtl = [chr(c) for c in range(0x110000) if unicodedata.bidirectional(chr(c)) in ("R", "AL")]
    assert rtl and all(has_rtl(f"a{ch}b") for ch in rtl)
    assert not has_rtl("I’ve built → “fast” — 40 ms · Zürich ×2 …")
    ltr = [chr(c) for c in (*range(0x20, 0x590), *range(0x2000, 0x2C00), *range(0x3000, 0x3100))]
    wrong = [ch for ch in ltr if has_rtl(f"a{ch}b") != (unicodedata.bidirectional(ch) == "R")]
    assert not wrong  # Latin to Armenian, punctuation and symbols (RLM is R), CJK


def test_a_mirrored_page_mirrors_the_heading_bar_and_sets_contact_text_right_to_left(
    tmp_path: Path,
) -> None:
    """modern on a Hebrew page: the bar beside each heading stands at its right, where the
    title is (it stood at the left margin, across the page), and the contact line is set
    as a right-to-left paragraph without icons (the icon line drew its runs unshaped, in
    logical order: a city read backwards)."""
    from glyphs import shapes

    contact = "contact: {email: dana@example.com, location: תל אביב, phone: +972 3 555 0100}\n"
    code, err, out = build(tmp_path, "modern", more=contact)
    assert code == 0, err
    found = chars(out)
    text = "".join(c for c, _, _ in found)
    # the city's letters are drawn right to left: תל's tav right of its lamed (the icon
    # line drew them left to right, and PDFium read "ביבא לת"); PDFium may still order the
    # words of a line that mixes directions its own way (docs/scripts-and-fonts.md)
    line = text[: text.index("\r\n", text.index("dana@"))]
    tav = [x for c, x, _ in found[: len(line)] if c == "ת"]
    lamed = [x for c, x, _ in found[: len(line)] if c == "ל"]
    assert tav and lamed and tav[-1] > lamed[-1], (line, tav, lamed)
    heading = text.index("ניסיון")
    title_right = max(x + w for _, x, w in found[heading : heading + len("ניסיון")])
    bars = [b for b in shapes(out, 0) if b[2] - b[0] < 4 and b[3] - b[1] > 6]  # thin, tall
    assert bars and all(b[0] > title_right - 1 for b in bars), (bars, title_right)
    assert not [b for b in shapes(out, 0) if b[2] - b[0] < 4 and b[0] < 300]
