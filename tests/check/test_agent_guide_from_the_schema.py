"""`resume-pdf schema --guide`: the guide for editors and agents is generated from the schema
the checker uses, so it cannot drift from it; docs/agent-guide.md is that output, byte for
byte, and every field it lists has a description and an example."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from conftest import run_cli
from resume_pdf.check.results import RESULTS_SCHEMA
from resume_pdf.guide import agent_guide, fields, record_of, undescribed
from resume_pdf.style.json_schema import resume_json_schema

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.fixture(scope="module")
def guide() -> str:
    run = run_cli("schema", "--guide")
    assert run.exit_code == 0 and run.stderr == ""
    return run.stdout


def test_the_shipped_guide_is_the_generated_one_byte_for_byte(guide: str) -> None:
    shipped = (DOCS / "agent-guide.md").read_bytes()
    assert shipped == guide.encode("utf-8"), "run: resume-pdf schema --guide > docs/agent-guide.md"


def test_every_field_of_both_schemas_has_a_description() -> None:
    assert undescribed(resume_json_schema()) == []
    assert undescribed(RESULTS_SCHEMA) == []


def test_a_field_without_a_description_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above fails for a field added without one, however deep."""
    schema = resume_json_schema()
    link = schema["properties"]["contact"]["properties"]["links"]["items"]["properties"]
    link["rel"] = {"type": "string"}
    assert undescribed(schema) == ["contact.links[].rel"]
    import resume_pdf.style.json_schema as json_schema

    monkeypatch.setattr(json_schema, "resume_json_schema", lambda: schema)
    assert "- `contact.links[].rel`: " in agent_guide()  # the guide follows the schema given


def test_every_field_is_listed_with_its_description(guide: str) -> None:
    for path, node, _ in fields(resume_json_schema()):
        assert f"- `{path}`: {node['description']}" in guide, path
    for path, node, _ in fields(RESULTS_SCHEMA):
        assert f"- `{path}`: {node['description']}" in guide, path


def test_every_field_that_holds_a_value_has_an_example(guide: str) -> None:
    schema = resume_json_schema()
    lines = {m.group(1): m.group(0) for m in re.finditer(r"^- `([^`]+)`: .*$", guide, re.M)}
    for path, node, seen in fields(schema):
        if seen or record_of(node, schema):
            continue
        assert "Example: `" in lines[path], path


def test_the_guide_teaches_the_loop_with_json(guide: str) -> None:
    loop = guide[guide.index("## The loop") : guide.index("## The commands")]
    order = ["Edit", "check cv.yaml --json", "Fix every problem", "build cv.yaml --verify --json"]
    assert [loop.index(step) for step in order] == sorted(loop.index(step) for step in order)


def test_every_command_in_the_guide_parses(guide: str) -> None:
    table = guide[guide.index("## The commands") : guide.index("## The résumé's fields")]
    commands = re.findall(r"^\| `resume-pdf ([^`]+)` \|", table, re.M)
    assert len(commands) >= 6
    for command in commands:
        words = shlex.split(command)
        run = run_cli(words[0], "--help")
        assert run.exit_code == 0, command
        for option in (w for w in words if w.startswith("--")):
            assert option in run.stdout, f"{command}: {option}"


def test_the_guide_names_the_fields_the_checker_reports(tmp_path: Path) -> None:
    """A problem's `field` is a path of the guide's, with [N] for [] and a NAME chosen."""
    bad = tmp_path / "r.yaml"
    bad.write_text(
        "name: A\nsections:\n  - title: T\n    experience:\n      - {role: R, start: Mrch}\n",
        encoding="utf-8",
    )
    import json

    run = run_cli("check", str(bad), "--json")
    (problem,) = json.loads(run.stdout)["results"][0]["problems"]
    generic = re.sub(r"\[\d+\]", "[]", problem["field"])
    assert generic == "sections[].experience[].start"
    assert f"- `{generic}`: " in agent_guide()
