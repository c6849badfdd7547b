"""Lists as written: a numbered item's number is its marker, a nested list
is nested and indented — on the page (glyph positions) and in every twin."""

from __future__ import annotations

import io
from pathlib import Path

import docx
import pytest

from conftest import run_cli
from glyphs import lines, read_glyphs

RENDERCV = """\
cv:
  name: Jane Doe
  sections:
    experience:
      - company: Acme
        position: Engineer
        start_date: 2022-05
        end_date: 2022-08
        highlights:
          - "Led the platform work:\\n  - built the queue\\n  - cut latency by half"
          - Shipped the release tooling
    patents:
      - number: Adaptive quantisation
      - number: Sparse attention
    talks:
      - reversed_number: Scaling laws
      - reversed_number: Efficient inference
"""

OURS = """\
name: Jane Doe
sections:
  - title: Steps
    bullets:
      - {text: Gather, marker: "1."}
      - text: Build
        marker: "2."
        items: [compile the parts, {text: link them, marker: "a)"}]
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("lists")
    (folder / "cv.yaml").write_text(RENDERCV, encoding="utf-8")
    pdf = folder / "cv.pdf"
    run = run_cli("build", str(folder / "cv.yaml"), "-o", str(pdf), "--pages", "any",
                  "--format", "pdf,txt,md,html,docx")  # fmt: skip
    assert run.exit_code == 0, run.stderr
    return pdf


def _lines(pdf: Path) -> list[tuple[str, float, float]]:
    """(text, x of the first glyph, x of the first letter after the marker) per line."""
    out = []
    for line in lines(read_glyphs(pdf)):
        text = "".join(g.char for g in line)
        words = [g for g in line if g.char.isalpha()]
        out.append((text.strip(), line[0].x, words[0].x if words else line[0].x))
    return out


def _line(pdf: Path, words: str) -> tuple[str, float, float]:
    return next(line for line in _lines(pdf) if words in line[0])


def test_a_numbered_item_is_marked_by_its_number_alone(built: Path) -> None:
    text, marker_x, _ = _line(built, "Adaptive")
    assert text.startswith("1.") and "•" not in text
    assert _line(built, "Sparse")[0].startswith("2.")
    # RenderCV's reversed_number counts down
    assert _line(built, "Scaling")[0].startswith("2.")
    assert _line(built, "Efficient")[0].startswith("1.")
    # the number stands where a bullet stands, and the items' text lines up after it
    bullet = _line(built, "Shipped")
    assert bullet[0].startswith("•")
    assert marker_x == pytest.approx(bullet[1], abs=0.5)
    assert _line(built, "Adaptive")[2] == pytest.approx(_line(built, "Sparse")[2], abs=0.1)
    assert _line(built, "Adaptive")[2] >= bullet[2]


def test_a_nested_list_is_indented_under_its_item(built: Path) -> None:
    parent = _line(built, "Led the platform")
    first, second = _line(built, "built the queue"), _line(built, "cut latency")
    assert "built the queue" not in parent[0], "the nested items are run into their parent"
    assert first[1] >= parent[2] - 0.5  # the nested marker stands under the parent's text
    assert first[2] > parent[2] + 3  # and its text further in
    assert first[2] == pytest.approx(second[2], abs=0.5)
    assert not first[0].startswith("•")


def test_every_twin_keeps_the_numbers_and_the_nesting(built: Path) -> None:
    txt = built.with_suffix(".txt").read_text(encoding="utf-8")
    assert "- Led the platform work:\n  - built the queue\n  - cut latency by half\n" in txt
    assert "1. Adaptive quantisation\n2. Sparse attention" in txt
    assert "2. Scaling laws\n1. Efficient inference" in txt

    md = built.with_suffix(".md").read_text(encoding="utf-8")
    assert "- Led the platform work:\n  - built the queue\n  - cut latency by half" in md
    assert "1. Adaptive quantisation\n2. Sparse attention" in md
    # Markdown would renumber 2, 1 as 2, 3: the written numbers stay as text
    assert "- 2\\. Scaling laws\n- 1\\. Efficient inference" in md

    html = built.with_suffix(".html").read_text(encoding="utf-8")
    assert "<li>Led the platform work:<ul><li>built the queue</li>" in html
    assert '<ol><li value="2">Scaling laws</li><li value="1">Efficient inference</li></ol>' in html

    word = docx.Document(io.BytesIO(built.with_suffix(".docx").read_bytes()))
    paras = [(p.style.name, p.text) for p in word.paragraphs]
    assert ("List Bullet", "Led the platform work:") in paras
    assert ("List Bullet 2", "built the queue") in paras
    assert ("List Bullet", "2.\tScaling laws") in paras


def test_our_format_writes_markers_and_nested_items(tmp_path: Path) -> None:
    (tmp_path / "cv.yaml").write_text(OURS, encoding="utf-8")
    run = run_cli("build", str(tmp_path / "cv.yaml"), "-o", str(tmp_path / "cv.pdf"),
                  "--pages", "any", "--format", "pdf,txt")  # fmt: skip
    assert run.exit_code == 0, run.stderr
    txt = (tmp_path / "cv.txt").read_text(encoding="utf-8")
    assert "1. Gather\n2. Build\n  - compile the parts\n  a) link them" in txt
    nested = _line(tmp_path / "cv.pdf", "compile")
    assert nested[2] > _line(tmp_path / "cv.pdf", "Build")[2] + 3


def test_a_bad_marker_is_located(tmp_path: Path) -> None:
    source = tmp_path / "cv.yaml"
    source.write_text(OURS.replace('marker: "2."', 'marker: "step two"'), encoding="utf-8")
    run = run_cli("build", str(source), "-o", str(tmp_path / "cv.pdf"))
    assert run.exit_code == 1
    assert (
        "cv.yaml:7:17: sections[0].bullets[1].marker: error: expected a list marker" in run.stderr
    )
    assert not (tmp_path / "cv.pdf").exists()


YAMLRESUME = """\
content:
  basics: {name: Jane Doe}
  projects:
    - name: EduWeb
      description: A web-based platform for interactive learning
      summary: |
        - Designed to enhance online learning
        - Aims to improve the way students learn
  work:
    - name: Acme
      position: Engineer
      startDate: 2022-05
      summary: |
        1. Gathered the requirements
        2. Built the pipeline
"""


def test_a_yamlresume_markdown_list_is_a_list(tmp_path: Path) -> None:
    """A project's summary written as a Markdown list under its description became one
    paragraph, "- Designed … - Aims …" (the YAMLResume example's EduWeb); a numbered list
    keeps its numbers as markers."""
    (tmp_path / "cv.yml").write_text(YAMLRESUME, encoding="utf-8")
    pdf = tmp_path / "cv.pdf"
    run = run_cli("build", str(tmp_path / "cv.yml"), "-o", str(pdf), "--pages", "any")
    assert run.exit_code == 0, run.stderr
    assert _line(pdf, "A web-based")[0] == "A web-based platform for interactive learning"
    designed = _line(pdf, "Designed")[0]
    assert designed.startswith("•") and designed.endswith("Designed to enhance online learning")
    assert _line(pdf, "Aims")[0].startswith("•")
    assert _line(pdf, "Gathered")[0].startswith("1.")
    assert _line(pdf, "Built the")[0].startswith("2.")
