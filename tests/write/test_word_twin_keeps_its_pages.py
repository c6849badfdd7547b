"""The Word twin keeps its pages where people open it: LibreOffice lays the example's .docx
out in every built-in style on as many pages as our PDF, in the metric-compatible twins of
the families the file names (Carlito for Calibri, Caladea for Cambria), not in whatever
fontconfig guesses for a family it lacks (DejaVu or Noto Sans: wider, taller lines, a
second page). The file is spell-checked in its own language, dated when it was built, and
opens as a current Word document, not in Compatibility Mode."""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess
import zipfile
from pathlib import Path

import docx
import pytest
from pypdf import PdfReader

from conftest import EXAMPLE, run_cli
from resume_pdf.style.theme import builtin_styles
from resume_pdf.write.docx_parts import WORD_FONTS, word_family

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
TWINS = {twin for twin, *_ in WORD_FONTS.values()}


def fonts_in(pdf: Path) -> set[str]:
    """The families a PDF's pages use, without subset prefixes and styles."""
    found = set()
    for page in PdfReader(pdf).pages:
        for font in page.get("/Resources", {}).get("/Font", {}).values():
            name = str(font.get_object().get("/BaseFont", "")).lstrip("/").split("+")[-1]
            found.add(name.split("-")[0])
    return found


def has_font(family: str) -> bool:
    listed = subprocess.run(["fc-list", family, "family"], capture_output=True, text=True)
    return bool(listed.stdout.strip())


def test_libreoffice_lays_the_word_twin_out_on_the_pdfs_pages_in_every_style(
    tmp_path: Path,
) -> None:
    if SOFFICE is None:
        pytest.skip("no LibreOffice (CI installs it: apt-get install libreoffice-writer-nogui)")
    if not (shutil.which("fc-list") and has_font("Carlito") and has_font("Caladea")):
        pytest.skip("no Carlito/Caladea (apt-get install fonts-crosextra-carlito -caladea)")
    words = tmp_path / "docx"
    words.mkdir()
    ours = {}
    for style in builtin_styles():
        out = tmp_path / style / "cv.pdf"
        run = run_cli(
            "build", str(EXAMPLE), "--style", style, "--format", "pdf,docx", "-o", str(out)
        )
        assert run.exit_code == 0, run.stderr
        ours[style] = len(PdfReader(out).pages)
        shutil.copy(out.with_suffix(".docx"), words / f"{style}.docx")
    profile = (tmp_path / "profile").as_uri()
    converted = subprocess.run(
        [SOFFICE, "--headless", f"-env:UserInstallation={profile}", "--convert-to", "pdf"]
        + ["--outdir", str(tmp_path / "lo"), *sorted(map(str, words.iterdir()))],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert converted.returncode == 0, converted.stderr
    for style, pages in ours.items():
        laid_out = tmp_path / "lo" / f"{style}.pdf"
        assert len(PdfReader(laid_out).pages) == pages, style
        used = fonts_in(laid_out)
        assert used and used <= TWINS, (style, used)  # no fontconfig guess


@pytest.mark.parametrize(
    ("family", "named"),
    [
        ("Source Sans Pro", "Calibri"),
        ("Source Serif Pro", "Cambria"),
        ("JetBrains Mono", "Courier New"),
        ("Georgia", "Georgia"),
        ("Carlito", "Calibri"),
        ("Helvetica", "Arial"),
    ],
)
def test_a_style_family_is_named_as_a_family_with_a_free_twin(family: str, named: str) -> None:
    assert word_family(family) == named


def built(tmp_path: Path, extra: str = "") -> zipfile.ZipFile:
    source = tmp_path / "cv.yaml"
    source.write_text(EXAMPLE.read_text(encoding="utf-8") + extra, encoding="utf-8")
    run = run_cli("build", str(source), "--format", "docx")
    assert run.exit_code == 0, run.stderr
    return zipfile.ZipFile(tmp_path / "output" / "cv.docx")


def test_the_word_twin_is_in_the_resumes_language(tmp_path: Path) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    assert "\nlocale:" not in text
    archive = built(tmp_path, "locale: de\n")
    styles = archive.read("word/styles.xml").decode()
    defaults = styles.split("<w:docDefaults>")[1].split("</w:docDefaults>")[0]
    assert '<w:lang w:val="de"' in defaults
    assert '<w:themeFontLang w:val="de"' in archive.read("word/settings.xml").decode()


def test_the_word_twin_is_dated_when_it_was_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    before = dt.datetime.now(dt.UTC).replace(microsecond=0)
    built(tmp_path)
    props = docx.Document(str(tmp_path / "output" / "cv.docx")).core_properties
    after = dt.datetime.now(dt.UTC)
    assert before <= props.created <= after and props.modified == props.created
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")
    built(tmp_path)
    props = docx.Document(str(tmp_path / "output" / "cv.docx")).core_properties
    assert props.created == dt.datetime(2026, 1, 1, tzinfo=dt.UTC) == props.modified


def test_the_word_twin_is_not_in_compatibility_mode(tmp_path: Path) -> None:
    settings = built(tmp_path).read("word/settings.xml").decode()
    assert 'w:val="15"/>' in settings.split('w:name="compatibilityMode"')[1][:80]
