"""`--json` on check, build and letter: one document on stdout, valid against the schema that
`resume-pdf schema --results` prints, for editors, agents and CI to read instead of our
text lines. Exit codes stay what they were."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from conftest import EXAMPLE, FIXTURES, run_cli


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    run = run_cli("schema", "--results")
    assert run.exit_code == 0
    schema = json.loads(run.stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def results(validator: jsonschema.Draft202012Validator, *args: str, code: int = 0) -> dict:
    """Run a command with --json: stdout is nothing but one valid document, stderr empty."""
    run = run_cli(*args, "--json")
    assert run.exit_code == code, run.stdout + run.stderr
    assert run.stderr == ""
    doc = json.loads(run.stdout)  # raises on anything but one JSON document
    validator.validate(doc)
    assert doc["exit_code"] == code and doc["ok"] is (code == 0)
    return doc


def bullets(tmp_path: Path, count: int) -> Path:
    lines = ["name: Ada Lovelace", "sections:", "  - title: Work", "    bullets:"]
    lines += [
        f"      - Designed and shipped a measured piece of work number {i} with a colleague team"
        for i in range(count)
    ]
    path = tmp_path / "r.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_clean_build_lists_its_fit_outputs_and_read_back(validator, tmp_path: Path) -> None:
    out = tmp_path / "cv.pdf"
    doc = results(validator, "build", str(EXAMPLE), "-o", str(out), "--verify", "--letter")
    resume, letter = doc["results"]
    assert (resume["kind"], letter["kind"]) == ("resume", "letter")
    assert resume["outputs"] == [str(out)] and out.read_bytes().startswith(b"%PDF")
    assert letter["outputs"] == [str(tmp_path / "cv-letter.pdf")]
    assert resume["fit"]["pages"] == 1 and resume["fit"]["budget"] == 1
    assert resume["read_back"] == {"extractor": "pypdf", "ok": True, "findings": []}
    assert resume["problems"] == [] and doc["command"] == "build"


def test_twins_and_pages_are_among_the_outputs(validator, tmp_path: Path) -> None:
    out = tmp_path / "cv.pdf"
    doc = results(validator, "build", str(EXAMPLE), "-o", str(out), "--format", "pdf,txt", "--png")
    outputs = doc["results"][0]["outputs"]
    assert outputs == [str(out), str(tmp_path / "cv.txt"), str(tmp_path / "cv-1.png")]
    assert all(Path(p).exists() for p in outputs)


def test_warnings_are_located_and_do_not_fail(validator, tmp_path: Path) -> None:
    dup = tmp_path / "d.yaml"
    dup.write_text("name: A\nname: B\n", encoding="utf-8")
    for command in ("check", "build"):
        doc = results(validator, command, str(dup))
        (warning,) = doc["results"][0]["problems"]
        assert warning["severity"] == "warning" and warning["field"] == "name"
        assert (warning["file"], warning["line"], warning["column"]) == (str(dup), 2, 1)
        assert warning["message"].startswith("duplicate key")


def test_a_broken_file_reports_every_problem_located(validator, tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "name: A\nemial: x\npages: 30\nsections:\n  - title: T\n    experiance: []\n",
        encoding="utf-8",
    )
    for command in ("check", "build", "letter"):
        doc = results(validator, command, str(bad), code=1)
        problems = doc["results"][0]["problems"]
        where = [(p["line"], p["column"], p["field"]) for p in problems]
        assert where == [(2, 1, "emial"), (3, 8, "pages"), (6, 5, "sections[0].experiance")]
        assert all(p["file"] == str(bad) and p["severity"] == "error" for p in problems)
        assert "did you mean `experience`" in problems[2]["message"]


def test_a_missing_file_is_a_problem_with_its_hint(validator, tmp_path: Path) -> None:
    doc = results(validator, "check", str(tmp_path / "none.yaml"), code=1)
    (problem,) = doc["results"][0]["problems"]
    assert problem["message"] == "file not found" and "resume-pdf init" in problem["hint"]


def test_a_fit_refusal_fails_with_its_diagnosis_and_no_fit(validator, tmp_path: Path) -> None:
    long = FIXTURES / "long.yaml"
    out = tmp_path / "x.pdf"
    doc = results(validator, "build", str(long), "--pages", "1", "-o", str(out), code=1)
    (outcome,) = doc["results"]
    assert outcome["fit"] is None and outcome["outputs"] == [] and not out.exists()
    assert outcome["problems"][0]["field"] == "pages"
    assert outcome["problems"][0]["message"].startswith("does not fit:")


@pytest.mark.parametrize(
    ("count", "changed"), [(22, "grown"), (45, "none"), (55, "tightened"), (65, "tightened")]
)
def test_the_fit_says_what_it_tightened_or_grew(
    validator, tmp_path: Path, count: int, changed: str
) -> None:
    fit = results(validator, "check", str(bullets(tmp_path, count)), "--pages", "1")
    fit = fit["results"][0]["fit"]
    assert fit["changed"] == changed
    assert (fit["adjust"] > 0, fit["adjust"] < 0) == (changed == "tightened", changed == "grown")
    assert (fit["note"] == "") is (changed == "none")
    assert (fit["scale"] < 1) is (count == 65)  # only the most tightened shrinks its type


def test_a_verify_failure_names_its_findings_and_extractor(
    validator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import resume_pdf.pdf.layout as layout

    real = layout.identity

    def no_headline(resume, ink):  # type: ignore[no-untyped-def]
        return [f for f in real(resume, ink) if "between model" not in getattr(f, "text", "")]

    monkeypatch.setattr(layout, "identity", no_headline)
    out = tmp_path / "v.pdf"
    doc = results(validator, "build", str(EXAMPLE), "-o", str(out), "--verify", code=1)
    (outcome,) = doc["results"]
    read_back = outcome["read_back"]
    assert read_back["extractor"] == "pypdf" and read_back["ok"] is False
    lost = [f for f in read_back["findings"] if f["field"] == "headline"]
    assert lost and lost[0]["line"] == 4 and lost[0]["column"] == 11
    assert lost[0]["message"].startswith("not recovered")
    assert lost[0] in outcome["problems"] and not out.exists()


def test_check_reports_the_letter_beside_the_resume(validator) -> None:
    doc = results(validator, "check", str(EXAMPLE))
    assert [o["kind"] for o in doc["results"]] == ["resume", "letter"]
    assert all(o["outputs"] == [] and o["fit"]["pages"] == 1 for o in doc["results"])


def test_every_variant_is_an_outcome(validator, tmp_path: Path) -> None:
    source = tmp_path / "v.yaml"
    source.write_bytes((FIXTURES / "variants.yaml").read_bytes())
    doc = results(validator, "build", str(source), "--all-variants")
    names = [o["variant"] for o in doc["results"]]
    assert len(names) > 1 and None not in names
    assert all(Path(o["outputs"][0]).name == f"v-{o['variant']}.pdf" for o in doc["results"])


def test_a_batch_that_cannot_be_planned_says_why(validator, tmp_path: Path) -> None:
    source = tmp_path / "n.yaml"
    source.write_text("name: A\n", encoding="utf-8")
    doc = results(validator, "build", str(source), "--all-variants", code=1)
    assert doc["results"] == [] and "defines no variants" in doc["problems"][0]["message"]


def test_json_leaves_out_watch(tmp_path: Path) -> None:
    run = run_cli("build", str(EXAMPLE), "--watch", "--json")
    assert run.exit_code == 2 and "--json" in run.stderr and run.stdout == ""
