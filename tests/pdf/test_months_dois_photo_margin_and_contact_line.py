"""Dates keep their months (year-only by choice), DOIs are links, the
photo is flush with the right margin — checked on what the PDF and its twins show."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from PIL import Image

from conftest import run_cli
from resume_pdf.style.theme import builtin_styles

DATED = """\
name: Jane Doe
photo: me.png
sections:
  - title: Experience
    experience:
      - role: Engineer
        organization: Acme
        start: 2022-05
        end: 2022-08
  - title: Publications
    publications:
      - title: A paper
        authors: [Jane Doe]
        date: 2024
        doi: 10.1145/3620665.3640366
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("details")
    (folder / "cv.yaml").write_text(DATED, encoding="utf-8")
    Image.new("RGB", (120, 120), (180, 60, 60)).save(folder / "me.png")
    out = {}
    for style in builtin_styles():
        pdf = folder / f"{style}.pdf"
        run = run_cli("build", str(folder / "cv.yaml"), "-o", str(pdf), "--style", style,
                      "--format", "pdf,txt")  # fmt: skip
        assert run.exit_code == 0, run.stderr
        out[style] = pdf
    return out


def _text(pdf: Path) -> str:
    return " ".join(p.extract_text() for p in pypdf.PdfReader(pdf).pages)


@pytest.mark.parametrize("style", builtin_styles())
def test_every_style_shows_the_month_the_file_gives(built: dict[str, Path], style: str) -> None:
    shown = _text(built[style])
    assert any(m in shown for m in ("May 2022", "May\u00a02022", "05/2022")), shown
    assert any(m in shown for m in ("Aug 2022", "Aug\u00a02022", "08/2022")), shown
    assert "May" in built[style].with_suffix(".txt").read_text(encoding="utf-8")


def test_years_only_is_a_style_option(tmp_path: Path) -> None:
    (tmp_path / "cv.yaml").write_text(DATED.replace("photo: me.png\n", ""), encoding="utf-8")
    (tmp_path / "years.yaml").write_text("extends: classic\ndates: {show: year}\n")
    run = run_cli("build", str(tmp_path / "cv.yaml"), "-o", str(tmp_path / "cv.pdf"),
                  "--style", str(tmp_path / "years.yaml"))  # fmt: skip
    assert run.exit_code == 0, run.stderr
    shown = _text(tmp_path / "cv.pdf")
    assert "2022" in shown and "May" not in shown and "Aug" not in shown


def test_a_bad_show_value_is_located(tmp_path: Path) -> None:
    (tmp_path / "cv.yaml").write_text("name: Jane Doe\n")
    (tmp_path / "years.yaml").write_text("extends: classic\ndates: {show: years}\n")
    run = run_cli("build", str(tmp_path / "cv.yaml"), "-o", str(tmp_path / "cv.pdf"),
                  "--style", str(tmp_path / "years.yaml"))  # fmt: skip
    assert run.exit_code == 1
    assert "years.yaml:2:15: dates.show:" in run.stderr


@pytest.mark.parametrize("style", builtin_styles())
def test_a_doi_is_a_link_to_doi_org(built: dict[str, Path], style: str) -> None:
    page = pypdf.PdfReader(built[style]).pages[0]
    uris = [a.get_object()["/A"].get("/URI") for a in page.get("/Annots", [])]
    assert "https://doi.org/10.1145/3620665.3640366" in uris


@pytest.mark.parametrize("style", [s for s in builtin_styles() if s != "sidebar"])
def test_the_photo_is_flush_with_the_right_margin(built: dict[str, Path], style: str) -> None:
    from resume_pdf.style.theme import load_theme

    margin = load_theme(style).page.margins.right
    doc = pdfium.PdfDocument(built[style])
    try:
        page = doc[0]
        (image,) = page.get_objects(filter=[raw.FPDF_PAGEOBJ_IMAGE])
        right = image.get_bounds()[2]
        assert right == pytest.approx(page.get_width() - margin, abs=0.5)
    finally:
        doc.close()


@pytest.mark.parametrize(
    ("style", "handle"), [("modern", "example"), ("serif", "example"), ("mono", "example-2026-abc")]
)
def test_a_wrapped_contact_line_is_balanced(style: str, handle: str, tmp_path: Path) -> None:
    """Contact items that do not fit one line are broken into rows of even length, not a
    full row and a stub ("linkedin.com/in/example" alone on its line, seen in modern and
    serif); with or without icons."""
    from conftest import EXAMPLE

    source = tmp_path / "cv.yaml"
    text = EXAMPLE.read_text(encoding="utf-8")
    source.write_text(
        text.replace("linkedin.com/in/example", f"linkedin.com/in/{handle}"),
        encoding="utf-8",
    )
    pdf = tmp_path / "cv.pdf"
    run = run_cli("build", str(source), "-o", str(pdf), "--style", style, "--pages", "any")
    assert run.exit_code == 0, run.stderr
    lines = pypdf.PdfReader(pdf).pages[0].extract_text().splitlines()
    first = next(i for i, line in enumerate(lines) if "@example.com" in line)
    rows = [lines[first], lines[first + 1]]
    assert "linkedin.com" in rows[1] and len(rows[1]) > 30, rows
    assert sum(len(row.split(" · ")) for row in rows) == 6, rows
    assert min(map(len, rows)) >= 0.75 * max(map(len, rows)), rows
