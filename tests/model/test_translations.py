"""One source, many languages: a file whose text fields carry `{en: ..., de: ...}` builds one
résumé per language, each holding only its own language's words (three PDF readers agree),
its own month names and /Lang; a missing translation is shown in the default language and
warned at its line, never silently."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pdfminer.high_level import extract_text as pdfminer_text
from pypdf import PdfReader

from conftest import FIXTURES, run_cli

FIXTURE = FIXTURES / "translated.yaml"
# words written in one language only (the other has its own for that field)
ENGLISH = ["Compiler engineer", "Munich", "deploy models", "Experience", "Tech lead"]
ENGLISH += ["Led the runtime team", "Software engineer", "Skills", "Spoken", "German"]
GERMAN = ["Compiler-Ingenieurin", "München", "ausliefern", "Berufserfahrung"]
GERMAN += ["Technische Leiterin", "Laufzeitteam", "Softwareentwicklerin", "Kenntnisse"]
GERMAN += ["Gesprochen", "Englisch", "Deutsch"]
UNTRANSLATED = "Mentored three engineers"  # no German: shown in English in both, warned
MONTHS = {"en": ["Mar 2023", "May 2019", "Feb 2023"], "de": ["März 2023", "Mai 2019"]}
PRESENT = {"en": "now", "de": "heute"}


def pypdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def pdfium_text(path: Path) -> str:
    doc = pdfium.PdfDocument(path)
    try:
        return "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    finally:
        doc.close()


READERS = {"pypdf": pypdf_text, "pdfminer": pdfminer_text, "pdfium": pdfium_text}


def flat(text: str) -> str:
    """Words as one line, case folded: the headings are drawn in capitals."""
    return re.sub(r"\s+", " ", text).casefold()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    folder = tmp_path_factory.mktemp("translated")
    shutil.copy(FIXTURE, folder / "cv.yaml")
    run = run_cli("build", str(folder / "cv.yaml"), "--all-languages", "--format", "pdf,html,docx")
    assert run.exit_code == 0, run.stderr
    return folder / "output", run.stderr


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_language_holds_exactly_its_own_words(
    built: tuple[Path, str], lang: str, reader: str
) -> None:
    text = flat(READERS[reader](built[0] / f"cv.{lang}.pdf"))
    own, other = (ENGLISH, GERMAN) if lang == "en" else (GERMAN, ENGLISH)
    assert [w for w in own if w.casefold() not in text] == []
    assert [w for w in other if w.casefold() in text] == []
    assert UNTRANSLATED.casefold() in text  # the default language's text, warned below
    for month in MONTHS[lang]:
        assert month.casefold() in text
    assert PRESENT[lang] in text.split()


def test_each_pdf_says_its_language(built: tuple[Path, str]) -> None:
    for lang in ("en", "de"):
        root = PdfReader(built[0] / f"cv.{lang}.pdf").trailer["/Root"]
        assert root["/Lang"] == lang


def test_the_twins_say_their_language(built: tuple[Path, str]) -> None:
    import docx

    for lang in ("en", "de"):
        html = (built[0] / f"cv.{lang}.html").read_text(encoding="utf-8")
        assert f'<html lang="{lang}">' in html
        assert docx.Document(str(built[0] / f"cv.{lang}.docx")).core_properties.language == lang
    assert "Berufserfahrung" in (built[0] / "cv.de.html").read_text(encoding="utf-8")
    assert "Berufserfahrung" not in (built[0] / "cv.en.html").read_text(encoding="utf-8")


def test_a_missing_translation_is_warned_once_at_its_line(built: tuple[Path, str]) -> None:
    warned = [line for line in built[1].splitlines() if "translation" in line]
    assert warned == [
        f"{Path(built[0].parent, 'cv.yaml')}:23:13: sections[0].experience[0].highlights[1]: "
        "warning: no de translation: shown in en"
    ]


def test_strict_refuses_a_missing_translation_and_writes_nothing(tmp_path: Path) -> None:
    shutil.copy(FIXTURE, tmp_path / "cv.yaml")
    run = run_cli("build", str(tmp_path / "cv.yaml"), "--lang", "de", "--strict")
    assert run.exit_code == 1
    assert ":23:13: sections[0].experience[0].highlights[1]: error: no de translation" in run.stderr
    assert not (tmp_path / "output" / "cv.de.pdf").exists()
    assert run_cli("build", str(tmp_path / "cv.yaml"), "--lang", "en", "--strict").exit_code == 0


def test_check_all_languages_lists_each_languages_untranslated_fields(tmp_path: Path) -> None:
    text = FIXTURE.read_text(encoding="utf-8").replace(
        "{en: Tech lead, de: Technische Leiterin}", "{de: Technische Leiterin}"
    )
    (tmp_path / "cv.yaml").write_text(text, encoding="utf-8")
    run = run_cli("check", str(tmp_path / "cv.yaml"), "--all-languages")
    assert run.exit_code == 0, run.stderr
    assert f"{tmp_path / 'cv.yaml'} (en): ok" in run.stdout
    assert f"{tmp_path / 'cv.yaml'} (de): ok" in run.stdout
    lines = [line for line in run.stderr.splitlines() if "translation" in line]
    assert lines == [
        f"{tmp_path / 'cv.yaml'}:17:15: sections[0].experience[0].role: "
        "warning: no en translation: shown in de",
        f"{tmp_path / 'cv.yaml'}:23:13: sections[0].experience[0].highlights[1]: "
        "warning: no de translation: shown in en",
    ]
    assert not (tmp_path / "output").exists()


def test_one_language_is_built_with_lang_and_named_after_it(tmp_path: Path) -> None:
    shutil.copy(FIXTURE, tmp_path / "cv.yaml")
    run = run_cli("build", str(tmp_path / "cv.yaml"), "--lang", "de")
    assert run.exit_code == 0, run.stderr
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == ["cv.de.pdf"]
    run = run_cli("build", str(tmp_path / "cv.yaml"))  # no --lang: the first language
    assert run.exit_code == 0, run.stderr
    text = flat(pypdf_text(tmp_path / "output" / "cv.pdf"))
    assert "compiler engineer" in text and "berufserfahrung" not in text


def test_each_letter_is_in_its_language(tmp_path: Path) -> None:
    shutil.copy(FIXTURE, tmp_path / "cv.yaml")
    run = run_cli("letter", str(tmp_path / "cv.yaml"), "--all-languages")
    assert run.exit_code == 0, run.stderr
    de = flat(pypdf_text(tmp_path / "output" / "cv-letter.de.pdf"))
    en = flat(pypdf_text(tmp_path / "output" / "cv-letter.en.pdf"))
    assert "sehr geehrtes team" in de and "mit freundlichen grüßen".casefold() in de
    assert "dear hiring team" not in de and "laufzeitgruppe" in de
    assert "dear hiring team" in en and "kind regards" in en and "grüßen".casefold() not in en


def test_variants_and_languages_combine(tmp_path: Path) -> None:
    text = FIXTURE.read_text(encoding="utf-8")
    text = text.replace(
        "        organization: Example Labs\n",
        "        organization: Example Labs\n        tags: [old]\n",
    )
    text += "variants:\n  acme:\n    exclude: [old]\n"
    text += "    headline: {en: Runtime lead, de: Laufzeit-Leiterin}\n"
    (tmp_path / "cv.yaml").write_text(text, encoding="utf-8")
    run = run_cli("build", str(tmp_path / "cv.yaml"), "--variant", "acme", "--lang", "de")
    assert run.exit_code == 0, run.stderr
    found = flat(pypdf_text(tmp_path / "output" / "cv-acme.de.pdf"))
    assert "laufzeit-leiterin" in found and "runtime lead" not in found
    assert "softwareentwicklerin" not in found  # the tag drops the entry in every language
    assert "technische leiterin" in found


HOSTILE = {
    "a key that is no language": (
        "headline: {en: A, dx: B}\n",
        "3:19: headline.dx: `dx` is not a language code (BCP 47: en, de-CH, zh-Hant); "
        "did you mean `de`?",
    ),
    "a language the file does not list": (
        "headline: {en: A, fr: B}\n",
        "3:19: headline.fr: `fr` is not in `languages:` (en, de)",
    ),
    "a list where text is expected": (
        "summary:\n  en: [one, two]\n  de: Eins\n",
        "4:7: summary.en: expected text in en, got a list",
    ),
    "a language given twice": (
        "headline: {de: A, DE: B}\n",
        "3:19: headline.DE: de is given twice",
    ),
    "a region CLDR does not know": (
        "headline: A\n",
        None,
    ),
}


@pytest.mark.parametrize("case", HOSTILE)
def test_hostile_translations_get_located_errors(tmp_path: Path, case: str) -> None:
    body, expected = HOSTILE[case]
    languages = "[en, de-XX]" if expected is None else "[en, de]"
    (tmp_path / "cv.yaml").write_text(f"name: A\nlanguages: {languages}\n{body}", encoding="utf-8")
    run = run_cli("check", str(tmp_path / "cv.yaml"))
    assert run.exit_code == 1
    assert "Traceback" not in run.stderr
    if expected is None:
        expected = (
            "2:17: languages[1]: `de-XX` is not a language code "
            "(BCP 47: en, de-CH, zh-Hant); did you mean `de`?"
        )
    where, message = expected.split(": ", 1)
    assert f"{tmp_path / 'cv.yaml'}:{where}: {message.replace(': ', ': error: ', 1)}" in run.stderr


def test_two_hundred_languages_are_one_located_error(tmp_path: Path) -> None:
    from babel.localedata import locale_identifiers

    codes = sorted(c.replace("_", "-") for c in locale_identifiers() if c != "root")[:200]
    (tmp_path / "cv.yaml").write_text(
        f"name: A\nlanguages: [{', '.join(codes)}]\nheadline: {{{codes[0]}: x}}\n",
        encoding="utf-8",
    )
    run = run_cli("build", str(tmp_path / "cv.yaml"), "--all-languages")
    assert run.exit_code == 1
    assert run.stderr.startswith(
        f"{tmp_path / 'cv.yaml'}:2:12: languages: error: at most 24 languages, got 200"
    )
    assert "Traceback" not in run.stderr and not (tmp_path / "output").exists()


def test_a_translation_without_languages_says_to_list_them(tmp_path: Path) -> None:
    (tmp_path / "cv.yaml").write_text("name: A\nheadline: {en: A, de: B}\n", encoding="utf-8")
    run = run_cli("check", str(tmp_path / "cv.yaml"))
    assert run.exit_code == 1
    assert ":2:11: headline: error: expected text, got a mapping" in run.stderr
    assert "languages: [en, de]" in run.stderr


def test_a_lang_the_file_does_not_list_is_a_located_error(tmp_path: Path) -> None:
    shutil.copy(FIXTURE, tmp_path / "cv.yaml")
    run = run_cli("build", str(tmp_path / "cv.yaml"), "--lang", "fr")
    assert run.exit_code == 1
    assert (
        f"{tmp_path / 'cv.yaml'}:4:12: languages: error: --lang fr: "
        "not among this résumé's languages (en, de)"
    ) in run.stderr
    assert not (tmp_path / "output").exists()


def test_region_and_script_codes_are_written_as_bcp47(tmp_path: Path) -> None:
    (tmp_path / "cv.yaml").write_text(
        "name: A\nlanguages: [de_ch, pt-br, zh-hant]\n"
        "headline: {de-CH: Grüezi, pt-BR: Olá, zh-Hant: 你好}\n",
        encoding="utf-8",
    )
    run = run_cli("build", str(tmp_path / "cv.yaml"), "--lang", "pt-BR", "--format", "txt")
    assert run.exit_code == 0, run.stderr
    assert "Olá" in (tmp_path / "output" / "cv.pt-BR.txt").read_text(encoding="utf-8")


def test_a_right_to_left_translation_builds_mirrored_and_verified(tmp_path: Path) -> None:
    from rtlfont import rtl_style

    rtl_style(tmp_path, "classic")
    (tmp_path / "cv.yaml").write_text(
        "name: {en: David Cohen, he: דוד כהן}\nstyle: r\nlanguages: [en, he]\n"
        "sections:\n  - title: {en: Experience, he: ניסיון}\n    experience:\n"
        "      - role: {en: Senior engineer, he: מהנדס בכיר}\n"
        "        organization: {en: ABG Ltd, he: חברת אבג}\n"
        "        start: 2019-03\n        end: present\n",
        encoding="utf-8",
    )
    run = run_cli("build", str(tmp_path / "cv.yaml"), "--all-languages", "--verify")
    assert run.exit_code == 0, run.stderr
    he = tmp_path / "output" / "cv.he.pdf"
    assert PdfReader(he).trailer["/Root"]["/Lang"] == "he"
    doc = pdfium.PdfDocument(he)
    page = doc[0].get_textpage()
    text = page.get_text_range()
    assert "מהנדס בכיר" in text and "היום" in text and "Senior engineer" not in text
    name = text.index("דוד כהן")
    right = max(page.get_charbox(i)[2] for i in range(name, name + len("דוד כהן")))
    role, date = text.index("מהנדס בכיר"), text.index("2019")
    assert page.get_charbox(date)[0] < page.get_charbox(role)[0]  # mirrored: dates at left
    doc.close()
    assert right > 500  # the name at the right
    assert "Senior engineer" in pypdf_text(tmp_path / "output" / "cv.en.pdf")


def test_the_schema_accepts_translations_and_init_lists_the_languages(tmp_path: Path) -> None:
    import json

    import jsonschema
    import yaml

    run = run_cli("init", str(tmp_path / "cv.yaml"), "--languages", "en,de")
    assert run.exit_code == 0, run.stderr
    schema = json.loads((tmp_path / "resume.schema.json").read_text(encoding="utf-8"))
    headline = schema["properties"]["headline"]["anyOf"][1]
    assert set(headline["properties"]) == {"en", "de"}
    validator = jsonschema.Draft202012Validator(schema)
    for path in (tmp_path / "cv.yaml", FIXTURE):
        data = yaml.safe_load(io.StringIO(path.read_text(encoding="utf-8")))
        assert list(validator.iter_errors(data)) == []
    built = run_cli("build", str(tmp_path / "cv.yaml"), "--all-languages")
    assert built.exit_code == 0, built.stderr
    assert (tmp_path / "output" / "cv.de.pdf").exists()


def test_a_lang_that_is_no_language_is_a_usage_error_before_any_path(tmp_path: Path) -> None:
    shutil.copy(FIXTURE, tmp_path / "cv.yaml")
    run = run_cli("build", str(tmp_path / "cv.yaml"), "--lang", "../../x")
    assert run.exit_code == 2
    assert "`../../x` is not a language code" in run.stderr
    run = run_cli("build", str(tmp_path / "cv.yaml"), "--lang", "DE")  # written as de
    assert run.exit_code == 0, run.stderr
    assert [p.name for p in (tmp_path / "output").iterdir()] == ["cv.de.pdf"]


def test_a_text_in_two_hundred_languages_is_one_located_error(tmp_path: Path) -> None:
    from babel.localedata import locale_identifiers

    codes = sorted(c.replace("_", "-") for c in locale_identifiers() if c != "root")[:200]
    mapping = ", ".join(f"{c}: x" for c in codes)
    (tmp_path / "cv.yaml").write_text(
        f"name: A\nlanguages: [en, de]\nheadline: {{{mapping}}}\n", encoding="utf-8"
    )
    run = run_cli("check", str(tmp_path / "cv.yaml"))
    assert run.exit_code == 1
    assert run.stderr.splitlines() == [
        f"{tmp_path / 'cv.yaml'}:3:11: headline: error: 200 translations, "
        "but `languages:` lists 2 (en, de)"
    ]


def test_a_letter_file_beside_the_resume_is_translated_in_the_resumes_languages(
    tmp_path: Path,
) -> None:
    text = FIXTURE.read_text(encoding="utf-8")
    (tmp_path / "cv.yaml").write_text(text[: text.index("letter:")], encoding="utf-8")
    (tmp_path / "letter.yaml").write_text(
        'greeting: {en: "Dear team,", de: "Liebes Team,"}\n'
        "body: {en: I would like to join., de: Ich möchte beitreten.}\n",
        encoding="utf-8",
    )
    run = run_cli("letter", str(tmp_path / "cv.yaml"), "--lang", "de")
    assert run.exit_code == 0, run.stderr
    found = flat(pypdf_text(tmp_path / "output" / "cv-letter.de.pdf"))
    assert "liebes team" in found and "ich möchte beitreten" in found and "dear" not in found
