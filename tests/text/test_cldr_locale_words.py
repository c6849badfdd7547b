"""Locales from CLDR (Babel): month names, the word for "present", the letter's long date
and foreign files' section titles, one test per family of scripts, read back from the PDF."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import run_cli
from resume_pdf.model.cover_letter import shown_date
from resume_pdf.style.dates import format_date, format_range
from resume_pdf.style.style_schema import Dates
from scriptfonts import LATIN, make_font

SHORT, LONG = Dates("short", "–", "present"), Dates("long", "–", "Present")


class Entry:
    def __init__(self, start: str, end: str) -> None:
        self.start, self.end, self.date = start, end, None


@pytest.mark.parametrize(
    ("locale", "short", "long"),
    [
        ("tr", "Mar 2023 – günümüz", "Mart 2023 – Günümüz"),  # Latin
        ("cs", "bře 2023 – současnost", "březen 2023 – Současnost"),
        ("sv", "mars 2023 – nu", "mars 2023 – Nu"),
        ("id", "Mar 2023 – sekarang", "Maret 2023 – Sekarang"),
        ("uk", "бер. 2023 – теперішній час", "березень 2023 – Теперішній час"),  # Cyrillic
        ("el", "Μάρ 2023 – σήμερα", "Μάρτιος 2023 – Σήμερα"),  # Greek
        ("ko", "2023년 3월 – 현재", "2023년 3월 – 현재"),  # Hangul, year first
        ("hi", "मार्च 2023 – वर्तमान", "मार्च 2023 – वर्तमान"),  # Devanagari
        ("sw", "Mac 2023 – sasa hivi", "Machi 2023 – Sasa hivi"),  # CLDR's "now"
    ],
)
def test_dates_read_in_every_cldr_language(locale: str, short: str, long: str) -> None:
    assert format_range(Entry("2023-03", "present"), SHORT, locale) == short
    assert format_range(Entry("2023-03", "present"), LONG, locale) == long


def test_english_and_the_tables_keep_their_own_words() -> None:
    assert format_date("2023-03", SHORT) == "Mar 2023"
    assert format_date("present", Dates("year", "→", "now")) == "now"
    assert format_date("2023-03", SHORT, "de") == "März 2023"  # not CLDR's standing-alone "Mär"
    assert format_date("2023-05", Dates("long", "–", "x"), "ru") == "май 2023"  # not "мая"


@pytest.mark.parametrize(
    ("locale", "shown"),
    [
        ("en", "November 29, 2026"),
        ("pl", "29 listopada 2026"),  # the genitive, which the old table could not write
        ("uk", "29 листопада 2026\u00a0р."),  # CLDR's narrow no-break space, as a no-break one
        ("el", "29 Νοεμβρίου 2026"),
        ("tr", "29 Kasım 2026"),
        ("ko", "2026년 11월 29일"),
        ("hi", "29 नवंबर 2026"),
    ],
)
def test_the_letters_long_date_is_cldrs(locale: str, shown: str) -> None:
    assert shown_date("2026-11-29", locale) == shown
    assert shown_date("2026-02-30", locale) == "2026-02-30"  # no such day: shown as written


RESUME = """\
name: Ann Example
locale: {locale}
style: months
sections:
  - title: Work
    experience:
      - {{role: Engineer, organization: Acme, start: 2023-03, end: present}}
"""


def _pdf_text(tmp_path: Path, locale: str, style: str = "extends: classic\n") -> str:
    (tmp_path / "styles").mkdir(exist_ok=True)
    (tmp_path / "styles" / "months.yaml").write_text(
        style + "dates: {format: long, separator: ' – ', present: Present}\n", encoding="utf-8"
    )
    (tmp_path / "resume.yaml").write_text(RESUME.format(locale=locale), encoding="utf-8")
    run = run_cli("build", str(tmp_path / "resume.yaml"), "-o", str(tmp_path / "out.pdf"))
    assert run.exit_code == 0, run.stderr
    return PdfReader(tmp_path / "out.pdf").pages[0].extract_text()


@pytest.mark.parametrize(
    ("locale", "shown"),
    [
        ("tr", "Mart 2023 – Günümüz"),
        ("uk", "березень 2023 – Теперішній час"),
        ("el", "Μάρτιος 2023 – Σήμερα"),
    ],
)
def test_a_pdf_in_a_script_the_bundled_fonts_draw(tmp_path: Path, locale: str, shown: str) -> None:
    assert shown in _pdf_text(tmp_path, locale)


@pytest.mark.parametrize(
    ("locale", "chars", "shown"),
    [("ko", "년월현재", "2023년 3월 – 현재"), ("hi", "मार्चवतन", "मार्च 2023 – वर्तमान")],
)
def test_a_pdf_in_a_script_a_users_font_draws(
    tmp_path: Path, locale: str, chars: str, shown: str
) -> None:
    make_font(tmp_path / "styles" / "Script.ttf", chars + LATIN, family="Script Test")
    style = "extends: classic\nfonts: {fallback: [Script.ttf]}\n"
    assert shown in _pdf_text(tmp_path, locale, style)


def test_a_json_resume_in_turkish_is_headed_in_turkish(tmp_path: Path) -> None:
    data = {
        "meta": {"language": "tr"},
        "basics": {"name": "Ayşe Yılmaz"},
        "work": [{"name": "Acme", "position": "Mühendis", "startDate": "2023-03"}],
        "education": [{"institution": "ODTÜ", "area": "Bilgisayar", "startDate": "2015"}],
    }
    source = tmp_path / "resume.json"
    source.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    run = run_cli("build", str(source), "-o", str(tmp_path / "out.pdf"))
    assert run.exit_code == 0 and "English" not in run.stderr, run.stderr
    text = PdfReader(tmp_path / "out.pdf").pages[0].extract_text()
    assert "DENEYIM" in text.upper().replace("İ", "I") and "EĞITIM" in text.upper().replace(
        "İ", "I"
    )


def test_a_rendercv_file_in_turkish_has_turkish_dates(tmp_path: Path) -> None:
    source = tmp_path / "cv.yaml"
    source.write_text(
        "cv:\n  name: Ayşe\n  sections:\n    experience:\n"
        "      - {company: Acme, position: Mühendis, start_date: 2021-03, end_date: present}\n"
        "locale:\n  language: turkish\n",
        encoding="utf-8",
    )
    run = run_cli("build", str(source), "-o", str(tmp_path / "out.pdf"))
    assert run.exit_code == 0 and "month names" not in run.stderr, run.stderr
    assert "2021 → günümüz" in PdfReader(tmp_path / "out.pdf").pages[0].extract_text()


def test_a_locale_with_a_region_is_told_its_language_in_a_short_message(tmp_path: Path) -> None:
    """299 CLDR codes are not listed in a message; `en-US` is told to write `en`."""
    (tmp_path / "r.yaml").write_text("name: A\nlocale: en-US\n", encoding="utf-8")
    run = run_cli("check", str(tmp_path / "r.yaml"))
    assert run.exit_code == 1
    line = run.stderr.strip()
    assert line.endswith(
        "locale: error: expected one of 299 codes such as en, de, fr, es, "
        "he, ja, got 'en-US'; write en"
    ), line
