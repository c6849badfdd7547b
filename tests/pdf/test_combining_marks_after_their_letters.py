"""Letters with combining marks keep them after their base in the text layer: a vowel-marked
Arabic name (HarfBuzz draws a letter's harakat as glyphs of their own, raised over it: PDFium
took them for lines of their own), a Devanagari word in a paragraph that holds right-to-left
text (HarfBuzz draws the vowel sign ि before its consonant, and extractors read it first), and
--verify reads a line mixing Arabic, Hebrew, Devanagari, Latin and digits. The fonts are made
here (tests/markfont.py): HarfBuzz places the marks as real fonts have it do."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pypdfium2 as pdfium
from pdfminer.high_level import extract_text
from pypdf import PdfReader

from conftest import run_cli
from markfont import mark_style

MIXED = "Languages: العربية, हिन्दी, English"


def build(tmp_path: Path, summary: str, bullet: str, *more: str) -> tuple[int, str, Path]:
    """The résumé built with the mark font as the fallback: (exit status, what the command
    printed, the PDF)."""
    mark_style(tmp_path)
    (tmp_path / "cv.yaml").write_text(
        f"name: Ann\nstyle: m\nsummary: {summary}\n"
        f"sections:\n  - title: Skills\n    bullets: ['{bullet}']\n",
        encoding="utf-8",
    )
    out = tmp_path / "cv.pdf"
    done = run_cli("build", str(tmp_path / "cv.yaml"), "-o", str(out), *more)
    return done.exit_code, done.stdout + done.stderr, out


def pdfium_text(path: Path) -> str:
    doc = pdfium.PdfDocument(path)
    try:
        return "\n".join(page.get_textpage().get_text_range() for page in doc)
    finally:
        doc.close()


def test_harakat_read_after_their_letters(tmp_path: Path) -> None:
    name = unicodedata.normalize("NFC", "محمد مُحَمَّد")  # as the résumé keeps it
    code, err, out = build(tmp_path, name, "Arabic")
    assert code == 0, err
    # canonically equivalent: PDFium reads a shadda and a fatha in HarfBuzz's order
    assert name in unicodedata.normalize("NFC", pdfium_text(out))  # ُم َح مَّمَّد before


def test_a_vowel_sign_drawn_first_reads_after_its_consonant(tmp_path: Path) -> None:
    code, err, out = build(tmp_path, "Hello", MIXED)
    assert code == 0, err
    assert "हिन्दी" in pdfium_text(out)
    assert "हिन्दी" in PdfReader(out).pages[0].extract_text()
    assert "हिन्दी" in extract_text(str(out))  # pdfminer.six: िहन्दी before


def test_verify_reads_a_line_of_many_scripts(tmp_path: Path) -> None:
    line = "Languages: العربية, עברית, हिन्दी, English 2024"
    code, said, _ = build(tmp_path, "مُحَمَّد", line, "--verify")
    assert code == 0, said
    assert "verified (text and links read back)" in said
