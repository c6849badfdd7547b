"""Names in many scripts extract exactly; characters the main font lacks come from a
fallback font; a character no font has is a located error, never a box or a NUL."""

from __future__ import annotations

import re
import unicodedata

import pytest

from ats import junk, pdf_fonts, pdf_text

NAMES = {
    "polish": "Zażółć Gęślą Jaźń-Łukasiewicz",
    "czech": "Jiří Dvořák-Šťastný",
    "turkish": "İlkay Gündoğan Işık Şahin",
    "greek": "Αλέξανδρος Παπαδόπουλος",
    "cyrillic": "Анна Щербакова-Ёлкина",
    "vietnamese": "Nguyễn Thị Hương Trần Đức Thắng",
}


@pytest.mark.parametrize("name", NAMES.values(), ids=NAMES.keys())
def test_names_extract_exactly(build, name: str) -> None:
    run = build(
        f"name: {name}\nheadline: {name}\nsummary: '*{name}* and **{name}**'\n"
        f"sections:\n  - title: {name}\n    bullets: ['{name}']\n"
    )
    assert run.exit_code == 0, run.stderr
    text = unicodedata.normalize("NFC", pdf_text(run.output))
    assert text.splitlines()[0] == name
    assert text.count(name) + text.count(name.upper()) == 6  # the title in capitals
    assert junk(text) == []


def test_a_character_the_main_font_lacks_comes_from_a_fallback(build) -> None:
    # U+2103 DEGREE CELSIUS is in Roboto but not in Source Sans or Source Serif;
    # Cyrillic italics are missing from Source Sans Italic.
    run = build("name: Ann Example\nsummary: 'Works at 21℃; *Щербакова*'\n")
    assert run.exit_code == 0, run.stderr
    text = pdf_text(run.output)
    assert "21℃" in text and "Щербакова" in text
    fonts = {re.sub(r"^[A-Z]{6}\+", "", f["name"]) for f in pdf_fonts(run.output)}
    assert any(name.startswith("Roboto") for name in fonts), fonts
    assert all(f["embedded"] and f["to_unicode"] for f in pdf_fonts(run.output))


def test_a_character_no_font_has_is_a_located_error(build) -> None:
    run = build("name: Ann Example\nsections:\n  - title: Awards\n    bullets: ['Top ★ award']\n")
    assert run.exit_code == 1
    assert re.search(
        r"resume\.yaml:4:15: sections\[0\]\.bullets\[0\]: error: no available font .* can draw "
        r"'★' \(U\+2605 BLACK STAR\)",
        run.stderr,
    ), run.stderr
    assert not run.output.exists()


def test_decomposed_accents_are_composed(build) -> None:
    run = build('name: "Jose\\u0301 Mari\\u0301a"\n')
    assert run.exit_code == 0, run.stderr
    assert pdf_text(run.output).splitlines()[0] == "José María"
