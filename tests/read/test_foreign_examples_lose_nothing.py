"""Other tools' résumés in, nothing lost: the public JSON Resume, RenderCV and
YAMLResume examples build in every style with --verify, every visible word of the original
file is in the PDF, and convert-then-build gives the same text as a direct build.

The expected text is taken from the original file by walking it here, independently of the
readers: every string except URLs, ids, `meta` and other tools' settings; dates by their
year (the style decides how a date looks); Markdown markers stripped.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from ats import measure, pdf_text
from conftest import FIXTURES, run_cli
from resume_pdf.style.theme import builtin_styles

FORMATS = FIXTURES / "formats"  # byte-exact public examples, each folder with its MIT licence
RENDERCV = sorted((FORMATS / "rendercv" / "examples").glob("*.yaml"))
YAMLRESUME = sorted((FORMATS / "yamlresume").glob("*.yml"))
JSONRESUME = [FORMATS / "jsonresume" / "sample.resume.json"]
EXAMPLES = [*RENDERCV, *YAMLRESUME, *JSONRESUME]

NOT_SHOWN = {"url", "website", "doi", "$schema", "meta", "photo", "image", "references"}
DATES = {"date", "startDate", "endDate", "releaseDate", "start_date", "end_date"}
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")


def load(path: Path) -> Any:
    text = path.read_text(encoding="utf-8")
    return json.loads(text) if path.suffix == ".json" else yaml.load(text, Loader=yaml.BaseLoader)


def strings(node: Any, key: str = "") -> Iterator[str]:
    """The visible strings of a document, in file order."""
    if key in NOT_SHOWN:
        return
    if isinstance(node, dict):
        for k, v in node.items():
            yield from strings(v, str(k))
    elif isinstance(node, list):
        for v in node:
            yield from strings(v, key)
    elif isinstance(node, str) and node.strip():
        if key in DATES:  # the style writes dates (and its own word for "present")
            year = re.search(r"\d{4}", node)
            yield from [year.group()] if year else []
        else:
            yield _LINK.sub(r"\1", node).replace("**", "").replace("*", "")


def visible(path: Path) -> list[str]:
    data = load(path)
    if "cv" in data:  # RenderCV: the text under cv:, section keys as RenderCV shows them
        cv = data["cv"]
        titles = [
            k if k != k.lower() else k.replace("_", " ").title() for k in cv.get("sections", {})
        ]
        return [*titles, *strings(cv)]
    if "content" in data:  # YAMLResume
        return list(strings(data["content"]))
    return list(strings(data))


def assert_every_word(path: Path, pdf: Path) -> None:
    text = pdf_text(pdf)
    lost = [s for s in visible(path) if measure(s, text).order_recall < 1.0]
    assert lost == []


def sample_entries_cv(tmp_path: Path) -> Path:
    """RenderCV's sample of every entry type, as a CV with one section per type."""
    entries = yaml.load(
        (FORMATS / "rendercv" / "sample_entries.yaml").read_text(encoding="utf-8"),
        Loader=yaml.BaseLoader,
    )
    doc = {"cv": {"name": "Sample Entries", "sections": {k: [v] for k, v in entries.items()}}}
    target = tmp_path / "entries.yaml"
    target.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return target


@pytest.mark.parametrize("style", builtin_styles())
@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_public_examples_build_verified_in_every_style(
    tmp_path: Path, example: Path, style: str
) -> None:
    source = tmp_path / example.name
    shutil.copy(example, source)
    out = tmp_path / "out.pdf"
    run = run_cli("build", str(source), "-o", str(out), "--style", style, "--verify")
    assert run.exit_code == 0, run.stderr
    assert_every_word(example, out)


@pytest.mark.parametrize("style", builtin_styles())
def test_every_rendercv_entry_type_builds(tmp_path: Path, style: str) -> None:
    source = sample_entries_cv(tmp_path)
    out = tmp_path / "out.pdf"
    run = run_cli("build", str(source), "-o", str(out), "--style", style, "--verify")
    assert run.exit_code == 0, run.stderr
    assert_every_word(source, out)
    text = pdf_text(out)
    assert "1. This is a numbered entry." in text
    assert "H. Tom" in text and "***" not in text


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_convert_then_build_gives_the_same_text(tmp_path: Path, example: Path) -> None:
    source = tmp_path / example.name
    shutil.copy(example, source)
    direct, converted = tmp_path / "direct.pdf", tmp_path / "converted.yaml"
    assert run_cli("build", str(source), "-o", str(direct)).exit_code == 0
    run = run_cli("convert", str(source), "-o", str(converted))
    assert run.exit_code == 0, run.stderr
    again = tmp_path / "again.pdf"
    run = run_cli("build", str(converted), "-o", str(again))
    assert run.exit_code == 0, run.stderr
    assert pdf_text(again) == pdf_text(direct)


@pytest.mark.parametrize(
    ("example", "name"),
    [(RENDERCV[0], "RenderCV"), (YAMLRESUME[0], "YAMLResume"), (JSONRESUME[0], "JSON Resume")],
)
def test_the_result_line_names_the_format(tmp_path: Path, example: Path, name: str) -> None:
    source = tmp_path / example.name
    shutil.copy(example, source)
    run = run_cli("build", str(source), "-o", str(tmp_path / "o.pdf"))
    assert run.exit_code == 0, run.stderr
    assert f"built from {name} format" in run.stdout
