"""`resume-pdf schema` is derived from the validator's own specs; `resume-pdf init` writes a
starter that builds and validates against it."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from conftest import EXAMPLE, FIXTURES, run_cli


class EditorLoader(yaml.SafeLoader):
    """YAML as an editor's schema checker sees it: no timestamps (YAML 1.2 core schema)."""


EditorLoader.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v if tag != "tag:yaml.org,2002:timestamp"]
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


@pytest.fixture(scope="module")
def schema() -> dict:
    run = run_cli("schema")
    assert run.exit_code == 0
    return json.loads(run.stdout)


def validate(schema: dict, text: str) -> list[str]:
    data = yaml.load(text, Loader=EditorLoader)
    validator = jsonschema.Draft202012Validator(schema)
    return [e.message for e in validator.iter_errors(data)]


@pytest.mark.parametrize("path", [EXAMPLE, FIXTURES / "all_sections.yaml", FIXTURES / "long.yaml"])
def test_valid_resumes_validate(schema: dict, path: Path) -> None:
    assert validate(schema, path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    "text",
    [
        "headline: no name\n",
        "name: A\nemial: a@b.org\n",
        "name: A\npages: 21\n",
        "name: A\nsections:\n  - title: T\n    timeline:\n      - {start: March, text: x}\n",
        "name: A\ncontact: {website: javascript:alert(1)}\n",
        "name: A\nsections:\n  - title: T\n    experiance: []\n",
    ],
)
def test_invalid_resumes_do_not(schema: dict, text: str) -> None:
    assert validate(schema, text)


def test_schema_follows_the_specs(schema: dict) -> None:
    from resume_pdf.model.resume_schema import RESUME

    assert set(schema["properties"]) == set(RESUME.fields)
    assert schema["required"] == ["name"]


def test_init_writes_a_starter_that_builds_and_validates(tmp_path: Path, schema: dict) -> None:
    target = tmp_path / "cv.yaml"
    run = run_cli("init", str(target))
    assert run.exit_code == 0, run.stderr
    text = target.read_text(encoding="utf-8")
    assert text.splitlines()[0] == "# yaml-language-server: $schema=resume.schema.json"
    assert json.loads((tmp_path / "resume.schema.json").read_text(encoding="utf-8")) == schema
    assert validate(schema, text) == []
    built = run_cli("build", str(target), "-o", str(tmp_path / "cv.pdf"))
    assert built.exit_code == 0, built.stderr
    again = run_cli("init", str(target))
    assert again.exit_code == 1 and "already exists" in again.stderr
    assert target.read_text(encoding="utf-8") == text
