"""One person's résumé kept as one JSON Resume file per language (`cv.en.json`, `cv.de.json`)
becomes one source with translations: the texts that differ carry both languages, the rest
is written once, and each language then builds with its own words."""

from __future__ import annotations

import json
from pathlib import Path

import yaml
from pypdf import PdfReader

from conftest import run_cli

EN = {
    "basics": {
        "name": "Alex Placeholder",
        "label": "Compiler engineer",
        "email": "alex@example.com",
        "summary": "I build compilers.",
        "location": {"city": "Munich"},
    },
    "work": [
        {
            "name": "Example Corp",
            "position": "Tech lead",
            "startDate": "2023-03",
            "highlights": ["Led the runtime team", "Mentored engineers"],
        }
    ],
    "skills": [{"name": "Spoken", "keywords": ["English", "German"]}],
}
DE = {
    "basics": {**EN["basics"], "label": "Compiler-Ingenieurin", "summary": "Ich baue Compiler."},
    "work": [
        {
            **EN["work"][0],
            "position": "Technische Leiterin",
            "highlights": ["Leitete das Laufzeitteam", "Betreute Ingenieure"],
        }
    ],
    "skills": [{"name": "Gesprochen", "keywords": ["Englisch", "Deutsch"]}],
}


def write(folder: Path, name: str, data: dict) -> Path:
    path = folder / name
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path


def test_per_language_files_join_into_one_source_with_translations(tmp_path: Path) -> None:
    en, de = write(tmp_path, "cv.en.json", EN), write(tmp_path, "cv.de.json", DE)
    run = run_cli("convert", str(en), str(de), "-o", str(tmp_path / "cv.yaml"))
    assert run.exit_code == 0, run.stderr
    assert run.stderr == ""
    data = yaml.safe_load((tmp_path / "cv.yaml").read_text(encoding="utf-8"))
    assert data["languages"] == ["en", "de"]
    assert data["headline"] == {"en": "Compiler engineer", "de": "Compiler-Ingenieurin"}
    assert data["contact"]["email"] == "alex@example.com"  # the same in both: written once
    job = data["sections"][0]
    assert job["title"] == {"en": "Experience", "de": "Berufserfahrung"}
    assert job["experience"][0]["organization"] == "Example Corp"
    assert job["experience"][0]["highlights"][1] == {
        "en": "Mentored engineers",
        "de": "Betreute Ingenieure",
    }
    built = run_cli("build", str(tmp_path / "cv.yaml"), "--all-languages")
    assert built.exit_code == 0, built.stderr
    de_text = PdfReader(tmp_path / "output" / "cv.de.pdf").pages[0].extract_text()
    en_text = PdfReader(tmp_path / "output" / "cv.en.pdf").pages[0].extract_text()
    assert "Betreute Ingenieure" in de_text and "Mentored" not in de_text
    assert "Mentored engineers" in en_text and "Ingenieure" not in en_text
    assert "März 2023" in de_text and "Mar 2023" in en_text


def test_files_that_list_different_entries_are_a_located_error(tmp_path: Path) -> None:
    short = {**DE, "work": [{**DE["work"][0], "highlights": ["Leitete das Laufzeitteam"]}]}
    en, de = write(tmp_path, "cv.en.json", EN), write(tmp_path, "cv.de.json", short)
    run = run_cli("convert", str(en), str(de), "-o", str(tmp_path / "cv.yaml"))
    assert run.exit_code == 1
    assert run.stderr.startswith(
        f"{de}:16:18: work[0].highlights: error: lists a different number of entries in the "
        "de file than in the en file (1 against 2)"
    )
    assert not (tmp_path / "cv.yaml").exists()


def test_a_value_one_file_leaves_out_is_warned_and_kept(tmp_path: Path) -> None:
    job = {k: v for k, v in DE["work"][0].items() if k != "name"}
    en, de = write(tmp_path, "cv.en.json", EN), write(tmp_path, "cv.de.json", {**DE, "work": [job]})
    run = run_cli("convert", str(en), str(de), "-o", "-")
    assert run.exit_code == 0, run.stderr
    assert f"{en}:" in run.stderr
    assert "work[0].name: warning: not in the de file: the same in every language" in run.stderr
    assert "organization: Example Corp" in run.stdout


def test_each_file_must_name_its_language(tmp_path: Path) -> None:
    en, de = write(tmp_path, "cv.en.json", EN), write(tmp_path, "german.json", DE)
    run = run_cli("convert", str(en), str(de), "-o", "-")
    assert run.exit_code == 1
    assert f"{de}:1:1: error: name the file NAME.CODE.json (cv.de.json)" in run.stderr
    twice = write(tmp_path, "other.en.json", DE)
    run = run_cli("convert", str(en), str(twice), "-o", "-")
    assert run.exit_code == 1 and "two files in one language (en, en)" in run.stderr


def test_one_language_is_written_back_as_json_resume(tmp_path: Path) -> None:
    from conftest import FIXTURES

    (tmp_path / "cv.yaml").write_text(
        (FIXTURES / "translated.yaml")
        .read_text(encoding="utf-8")
        .replace(
            "letter:\n",
            "  - title: {en: Note, de: Notiz}\n    text: {en: Free text, de: Freier Text}\n"
            "letter:\n",
        ),
        encoding="utf-8",
    )
    run = run_cli(
        "convert", str(tmp_path / "cv.yaml"), "--lang", "de", "-o", str(tmp_path / "cv.de.json")
    )
    assert run.exit_code == 0, run.stderr
    data = json.loads((tmp_path / "cv.de.json").read_text(encoding="utf-8"))
    assert data["basics"]["label"] == "Compiler-Ingenieurin"
    assert data["basics"]["summary"] == "Ich baue **Compiler**, die Modelle ohne Python ausliefern."
    assert data["basics"]["location"] == {"city": "München"}
    assert data["work"][0]["position"] == "Technische Leiterin"
    assert data["work"][0]["startDate"] == "2023-03" and "endDate" not in data["work"][0]
    assert data["skills"] == [{"name": "Gesprochen", "keywords": ["Englisch", "Deutsch"]}]
    assert data["meta"] == {"language": "de"}
    assert "Compiler engineer" not in json.dumps(data)
    # nothing left out or shown in another language without a word
    assert "highlights[1]: warning: no de translation: shown in en" in run.stderr
    assert "Notiz: not written: JSON Resume has no text section" in run.stderr


def test_joined_files_written_back_give_each_file_again(tmp_path: Path) -> None:
    en, de = write(tmp_path, "cv.en.json", EN), write(tmp_path, "cv.de.json", DE)
    assert run_cli("convert", str(en), str(de), "-o", str(tmp_path / "cv.yaml")).exit_code == 0
    run = run_cli("convert", str(tmp_path / "cv.yaml"), "--lang", "de", "-o", "-")
    assert run.exit_code == 0, run.stderr
    back = json.loads(run.stdout)
    assert back["basics"]["label"] == DE["basics"]["label"]
    assert back["work"][0]["highlights"] == DE["work"][0]["highlights"]
    assert back["skills"] == DE["skills"]
