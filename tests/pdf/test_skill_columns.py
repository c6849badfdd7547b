"""The skills grid (`skills: {layout: columns}`) sets each group's name over its items,
running inline and comma-separated, wrapping within the group's column, instead of a line
per item: read glyph by glyph (PDFium), the example's skills take at most 5 lines in every
single-column style, a dense set of groups no more than its longest group needs, the text
layer still reads group by group, and the space after the grid is the space after any other
section (baseline of the last line to the next heading's)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from conftest import EXAMPLE, run_cli
from pagemetrics import Line, read_boxes, text_lines
from resume_pdf.style.theme import builtin_styles, load_theme

SINGLE = [s for s in builtin_styles() if load_theme(s).layout.kind == "single"]

DENSE = """\
name: Dana Example
sections:
  - title: Experience
    experience:
      - {role: Engineer, organization: Example Corp, start: 2020, highlights: [Built things.]}
  - title: Skills
    skills:
      - {group: Languages, items: [C++, Python, Rust, Go, TypeScript, SQL]}
      - {group: Compilers, items: [LLVM, MLIR, TorchInductor, Triton, XLA]}
      - {group: Systems, items: [Linux, CUDA, Kubernetes, Docker, Bazel]}
      - {group: Data, items: [PostgreSQL, Kafka, Spark, Parquet]}
      - {group: Cloud, items: [AWS, GCP, Terraform]}
      - {group: Practice, items: [Code review, Mentoring, Design docs, On-call]}
  - title: Education
    education:
      - {institution: Example University, degree: BSc, start: 2012, end: 2016}
"""


def _key(text: str) -> str:
    return "".join(ch for ch in text.upper() if ch.isalnum())


def _sections(source: str, lines: list[Line]) -> dict[str, list[Line]]:
    """Each section's lines after its heading, the heading line first."""
    titles = {_key(s["title"]) for s in yaml.safe_load(source)["sections"]}
    out: dict[str, list[Line]] = {}
    current = None
    for line in lines:
        if _key(line.text) in titles:
            current = _key(line.text)
            out[current] = []
        if current:
            out[current].append(line)
    return out


def _build(tmp_path: Path, source: Path, style: str, *args: str) -> list[Line]:
    pdf = tmp_path / f"{style}.pdf"
    run = run_cli("build", str(source), "-o", str(pdf), "--style", style, *args)
    assert run.exit_code == 0, run.stderr
    return text_lines(read_boxes(pdf)[0])


@pytest.mark.parametrize("budget", [(), ("--pages", "any")])
@pytest.mark.parametrize("style", SINGLE)
def test_the_examples_skills_take_five_lines(tmp_path: Path, style: str, budget) -> None:
    source = EXAMPLE.read_text(encoding="utf-8")
    sections = _sections(source, _build(tmp_path, EXAMPLE, style, *budget))
    skills = sections["SKILLS"][1:]
    assert len(skills) <= 5, [ln.text for ln in skills]
    # a group's items run inline: the first group's items on one comma-separated line
    assert any(ln.text.count(",") >= 1 for ln in skills), [ln.text for ln in skills]


@pytest.mark.parametrize("style", SINGLE)
def test_the_space_after_the_skills_is_a_sections(tmp_path: Path, style: str) -> None:
    """Baseline to baseline, the last line of the skills to the next heading equals the
    last line of the section before the skills to the skills' heading (both body lines)."""
    source = EXAMPLE.read_text(encoding="utf-8")
    lines = _build(tmp_path, EXAMPLE, style)
    order = list(_sections(source, lines).values())
    at = next(i for i, sec in enumerate(order) if _key(sec[0].text) == "SKILLS")
    before = order[at - 1][-1].y - order[at][0].y
    after = order[at][-1].y - order[at + 1][0].y
    assert abs(after - before) <= 0.5, (before, after)


@pytest.mark.parametrize("style", SINGLE)
def test_dense_skills_stand_in_few_lines_group_by_group(tmp_path: Path, style: str) -> None:
    """Six groups of three to six items: at most 6 lines (a line per item took 14), none of
    its items lost."""
    source = tmp_path / "dense.yaml"
    source.write_text(DENSE, encoding="utf-8")
    skills = _sections(DENSE, _build(tmp_path, source, style, "--pages", "any"))["SKILLS"][1:]
    assert len(skills) <= 6, [ln.text for ln in skills]
    text = " ".join(ln.text for ln in skills)
    for item in ("TypeScript", "TorchInductor", "Kubernetes", "PostgreSQL", "Terraform"):
        assert item in text, text


@pytest.mark.parametrize("style", SINGLE)
def test_a_line_in_a_skill_column_breaks_between_items(tmp_path: Path, style: str) -> None:
    """An item that fits its column stays on one line ("Stable C ABI", never "Stable" over
    "C ABI"): read across the page, each short item of the example stands whole in a line."""
    groups = next(
        s["skills"]
        for s in yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))["sections"]
        if "skills" in s
    )
    short = [i for g in groups for i in g["items"] if " " in i and len(i) <= 16]
    assert len(short) >= 5
    lines = [ln.text for ln in _build(tmp_path, EXAMPLE, style)]
    broken = [i for i in short if not any(i in text for text in lines)]
    assert not broken, lines
