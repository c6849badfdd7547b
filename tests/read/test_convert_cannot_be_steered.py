"""`convert` writes only what its input said. A résumé received from someone else must not turn
into a different résumé on conversion: a dropped value is kept as comment lines, and no key or
value (a line break of any kind YAML knows, the writer's own stand-in key) may end that
comment and write a line of its choosing. Property: for any JSON Resume document, the written
YAML parses and reads as the same résumé as the original."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ats import pdf_text
from conftest import run_cli
from resume_pdf.errors import ResumeError
from resume_pdf.model.resume_schema import load_resume
from resume_pdf.scaffold import convert_to_yaml
from resume_pdf.thirdparty import yaml
from resume_pdf.values import replace

BREAKS = ["\n", "\r", "\r\n", "\x85", "\u2028", "\u2029"]


def convert(tmp_path: Path, doc: dict) -> tuple[Path, str]:
    source = tmp_path / "r.json"
    source.write_text(json.dumps(doc), encoding="utf-8")
    target = tmp_path / "r.yaml"
    done = run_cli("convert", str(source), "-o", str(target))
    assert done.exit_code == 0, done.stderr
    assert "Traceback" not in done.stderr
    return target, target.read_text(encoding="utf-8")


@pytest.mark.parametrize("brk", BREAKS, ids=repr)
def test_a_line_break_in_a_dropped_key_writes_no_line_of_its_own(tmp_path: Path, brk: str) -> None:
    doc = {"basics": {"name": "Ann", f"x{brk}headline: PWNED #": 1}}
    target, text = convert(tmp_path, doc)
    assert yaml.safe_load(text) == {"name": "Ann"}
    assert not any(line.startswith("headline") for line in text.splitlines())
    assert "PWNED" in text  # kept, as a comment
    built = run_cli("build", str(target), "-o", str(tmp_path / "r.pdf"))
    assert built.exit_code == 0, built.stderr
    assert "PWNED" not in pdf_text(tmp_path / "r.pdf")


@pytest.mark.parametrize("brk", BREAKS, ids=repr)
def test_a_line_break_in_a_dropped_value_writes_no_line_of_its_own(
    tmp_path: Path, brk: str
) -> None:
    doc = {"basics": {"name": "Ann"}, "work": [{"name": "Co", "x": f"a{brk}headline: PWNED"}]}
    _, text = convert(tmp_path, doc)
    loaded = yaml.safe_load(text)
    entries = [{"organization": "Co"}]
    assert loaded == {"name": "Ann", "sections": [{"title": "Experience", "experience": entries}]}


@pytest.mark.parametrize("index", [0, 1, 5])
def test_the_stand_in_key_in_a_text_is_just_text(tmp_path: Path, index: int) -> None:
    summary = f"Before\n__resume_pdf_note_{index}__: 0\nafter"
    doc = {"basics": {"name": "Ann", "summary": summary, "zz": 1, "yy": 2}}
    target, text = convert(tmp_path, doc)
    assert yaml.safe_load(text)["summary"] == summary
    built = run_cli("build", str(target), "-o", str(tmp_path / "r.pdf"))
    assert built.exit_code == 0, built.stderr
    assert "__resume_pdf_note_" in pdf_text(tmp_path / "r.pdf").replace("\n", "")


def shown(resume: Any) -> Any:
    """What a build shows of a résumé: the model without where (and in which order
    of the file) each text was read."""
    return replace(
        resume, texts=tuple(sorted(t.text for t in resume.texts)), warnings=(), source_format=""
    )


ANY_TEXT = st.text(max_size=12) | st.sampled_from(["a\nb", "x\u2028y", "__resume_pdf_note_0__: 0"])
# long texts of several lines, as summaries are: the writer folds their lines at spaces
PIECES = ["word", "wörd", " ", "  ", "\n", "\n\n", "- x", "1. y", "#", " # z", ": ", "\t", "\u2028"]
PROSE = st.lists(st.sampled_from(PIECES), min_size=20, max_size=90).map("".join)
ANY_TEXT = ANY_TEXT | PROSE
LEAF = ANY_TEXT | st.integers() | st.booleans() | st.none()
VALUES = st.recursive(
    LEAF,
    lambda inner: st.lists(inner, max_size=2) | st.dictionaries(ANY_TEXT, inner, max_size=2),
    max_leaves=4,
)
ENTRY_KEYS = (
    st.sampled_from(
        ["name", "position", "summary", "highlights", "startDate", "url", "location", "x\ny"]
    )
    | ANY_TEXT
)
ENTRY = st.dictionaries(ENTRY_KEYS, VALUES | ANY_TEXT, max_size=4)
DOCS = st.fixed_dictionaries(
    {"basics": st.dictionaries(ENTRY_KEYS, VALUES, max_size=4).map(lambda b: {"name": "Ann", **b})},
    optional={
        "work": st.lists(ENTRY, max_size=2),
        "projects": st.lists(ENTRY, max_size=2),
        "skills": st.lists(ENTRY, max_size=2),
    },
)


@settings(
    max_examples=300,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(DOCS)
def test_any_json_resume_converts_to_the_same_resume(tmp_path: Path, doc: dict) -> None:
    source, target = tmp_path / "r.json", tmp_path / "r.yaml"
    source.write_text(json.dumps(doc), encoding="utf-8")
    try:
        original = load_resume(source)
    except ResumeError:
        return
    converted = convert_to_yaml(source, target, force=True)
    data = yaml.safe_load(converted.text)
    assert isinstance(data, dict)
    assert shown(load_resume(target)) == shown(original)
