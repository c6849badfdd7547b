"""End to end: the bundled example and a résumé with every section kind, read back as an
ATS would (pypdf), per ATS.md checks B2-B8, B14, B15."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from ats import junk, measure, pdf_fonts, pdf_links, pdf_pages_text, pdf_text
from conftest import EXAMPLE, FIXTURES
from expected import expected_text

ALL_SECTIONS = FIXTURES / "all_sections.yaml"


@pytest.fixture(scope="module")
def example_pdf(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    from conftest import run_cli

    out = tmp_path_factory.mktemp("example") / "resume.pdf"
    run = run_cli("build", str(EXAMPLE), "-o", str(out))
    assert run.exit_code == 0, run.stderr
    grown = r"(grown \d+% \([^)]*\), )?"  # shorter than its page, it is grown to fill it
    assert re.fullmatch(rf"{re.escape(str(out))}: 1 page, {grown}\d+\.\d\d s\n", run.stdout)
    return out.read_bytes()


def test_example_is_one_page(example_pdf: bytes) -> None:
    assert len(pdf_pages_text(example_pdf)) == 1


@pytest.mark.parametrize("source", [EXAMPLE, ALL_SECTIONS], ids=["example", "all-sections"])
def test_every_word_extracts_in_order(source: Path, tmp_path: Path) -> None:
    from conftest import run_cli

    out = tmp_path / "out.pdf"
    assert run_cli("build", str(source), "-o", str(out)).exit_code == 0
    text = pdf_text(out)
    recall = measure(expected_text(source), text)
    assert recall.missing == [] and recall.glued == [] and recall.split == []
    assert recall.order_recall == 1.0
    assert recall.precision >= 0.95, recall.extra
    assert junk(text) == []
    assert "\x7f" not in text and "■" not in text


def test_contact_details_extract_intact_and_link_to_the_input(example_pdf: bytes) -> None:
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    contact = data["contact"]
    first_lines = pdf_text(example_pdf).splitlines()[:8]
    assert first_lines[0] == data["name"]  # the name alone on the first line
    block = "\n".join(first_lines)
    for shown in (contact["email"], contact["phone"], "example.com", "github.com/example"):
        assert shown in block
    links = pdf_links(example_pdf)
    assert f"mailto:{contact['email']}" in links
    assert "tel:+16505550100" in links
    for url in [contact["website"], *(link["url"] for link in contact["links"])]:
        assert links.count(url) == 1
    project_links = [p["link"]["url"] for p in data["sections"][0]["projects"]]
    assert [u for u in links if "pulls" in u] == project_links
    assert all(u.split(":")[0] in {"https", "http", "mailto", "tel"} for u in links)


def test_fonts_are_embedded_subsets_with_unicode_maps(example_pdf: bytes) -> None:
    fonts = pdf_fonts(example_pdf)
    assert fonts, "no fonts found"
    for font in fonts:
        assert font["embedded"] and font["to_unicode"], font
        assert re.match(r"[A-Z]{6}\+", font["name"]), font  # a subset
    assert not any("Helvetica" in f["name"] for f in fonts)


def test_metadata_and_outline(example_pdf: bytes) -> None:
    import io

    reader = PdfReader(io.BytesIO(example_pdf))
    meta = reader.metadata
    assert meta.title == "Alex Placeholder — Résumé"
    assert meta.author == "Alex Placeholder"
    assert meta.subject == "The infrastructure between model and machine."
    assert "TorchInductor" in meta.keywords and "CUTLASS" in meta.keywords
    titles = [item.title.replace("’", "'") for item in reader.outline]  # ’ is '
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    assert titles == [s["title"] for s in data["sections"]]


def test_two_builds_are_byte_identical(tmp_path: Path) -> None:
    from conftest import run_cli

    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    run_cli("build", str(EXAMPLE), "-o", str(a))
    run_cli("build", str(EXAMPLE), "-o", str(b))
    assert a.read_bytes() == b.read_bytes()


def test_a_warm_process_writes_the_bytes_of_a_cold_one(tmp_path: Path) -> None:
    """One process builds every style of two résumés in turn (paragraphs parsed once are
    reused across builds, styles and fitting passes); each PDF must equal the one a fresh
    process writes."""
    import subprocess
    import sys

    from resume_pdf.style.theme import builtin_styles

    inputs = [EXAMPLE, EXAMPLE.parent / "tests" / "fixtures" / "long.yaml"]
    jobs = [(src, style) for style in builtin_styles() for src in inputs]
    warm = tmp_path / "warm"
    script = (
        "import sys; from pathlib import Path; from resume_pdf.build import Options, build\n"
        "for src, style in zip(sys.argv[1::2], sys.argv[2::2]):\n"
        "    for n in (1, 2):  # twice: the second build reuses everything\n"
        f"        build(Path(src), Path({str(warm)!r}) / f'{{Path(src).stem}}-{{style}}-{{n}}.pdf',"
        " Options(style=style))\n"
    )
    args = [a for src, style in jobs for a in (str(src), style)]
    subprocess.run([sys.executable, "-c", script, *args], check=True, capture_output=True)
    for src, style in jobs:
        name = f"{src.stem}-{style}"
        assert (warm / f"{name}-1.pdf").read_bytes() == (warm / f"{name}-2.pdf").read_bytes()
    for src, style in jobs[::3]:  # and a cold process for some (each costs a start-up)
        cold = tmp_path / f"{src.stem}-{style}.pdf"
        cmd = [sys.executable, "-m", "resume_pdf", "build", str(src), "-o", str(cold)]
        subprocess.run([*cmd, "--style", style, "-q"], check=True)
        assert cold.read_bytes() == (warm / f"{cold.stem}-2.pdf").read_bytes(), cold.name


def test_source_date_epoch_sets_the_document_date(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from conftest import run_cli

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")  # 2026-01-01
    out = tmp_path / "a.pdf"
    run_cli("build", str(EXAMPLE), "-o", str(out))
    assert PdfReader(out).metadata.creation_date.year == 2026


def test_page_numbers_only_on_multi_page_documents(build, tmp_path: Path) -> None:
    long = "name: Long Example\nsections:\n  - title: Notes\n    bullets:\n"
    long += "".join(
        f"      - Point number {i} with some words to fill the line\n" for i in range(90)
    )
    run = build(long)
    assert run.exit_code == 0, run.stderr
    pages = pdf_pages_text(run.output)
    assert len(pages) >= 2
    # page 1's after its content, every later page's before: never run into content
    assert pages[0].rstrip().endswith(f"Long Example · 1 / {len(pages)}")
    assert pages[1].lstrip().startswith(f"Long Example · 2 / {len(pages)}\n")


def test_the_format_example_builds_and_extracts(tmp_path: Path) -> None:
    from conftest import ROOT, run_cli

    readme = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
    block = readme.split("```yaml\n", 1)[1].split("```", 1)[0]
    source = tmp_path / "readme.yaml"
    source.write_text(block, encoding="utf-8")
    run = run_cli("build", str(source), "-o", str(tmp_path / "r.pdf"))
    assert run.exit_code == 0, run.stderr
    recall = measure(expected_text(source), pdf_text(tmp_path / "r.pdf"))
    assert recall.order_recall == 1.0, recall.missing
