"""The twins say what the PDF says, the way it says it: the sidebar's summary under the
heading the PDF gives it (in the résumé's language), apostrophes and quotes curled as the
PDF curls them (straight where the style keeps them straight), and a link whose label
ends in an arrow written `See the PRs: https://…` in plain text, not `See the PRs →: …`."""

from __future__ import annotations

import re
from pathlib import Path

import docx
import pytest
from pypdf import PdfReader

from conftest import EXAMPLE, run_cli

FORMATS = "pdf,txt,md,html,docx"


def twins(out: Path, stem: str) -> dict[str, str]:
    """Each twin's text (the Word file's paragraphs, each with its style's name)."""
    shown = {fmt: (out / f"{stem}.{fmt}").read_text(encoding="utf-8") for fmt in ("txt", "md")}
    shown["html"] = (out / f"{stem}.html").read_text(encoding="utf-8")
    word = docx.Document(str(out / f"{stem}.docx"))
    shown["docx"] = "\n".join(f"{p.style.name}: {p.text}" for p in word.paragraphs)
    return shown


def build(tmp_path: Path, text: str, *args: str) -> Path:
    source = tmp_path / "cv.yaml"
    source.write_text(text, encoding="utf-8")
    run = run_cli("build", str(source), "--format", FORMATS, *args)
    assert run.exit_code == 0, run.stderr
    return tmp_path / "output"


@pytest.mark.parametrize(("locale", "title"), [("en", "Summary"), ("de", "Profil")])
def test_the_sidebars_summary_has_its_heading_in_every_twin(
    tmp_path: Path, locale: str, title: str
) -> None:
    text = EXAMPLE.read_text(encoding="utf-8") + f"locale: {locale}\n"
    out = build(tmp_path, text, "--style", "sidebar")
    pdf = "\n".join(page.extract_text() for page in PdfReader(out / "cv.pdf").pages)
    assert title.upper() in pdf  # the PDF's heading (the sidebar style's capitals)
    opening = "I created"
    shown = twins(out, "cv")
    assert re.search(rf"^{title.upper()}\n\n{opening}", shown["txt"], re.MULTILINE)
    assert re.search(rf"^## {title}\n\n{opening}", shown["md"], re.MULTILINE)
    assert re.search(rf"<h2>{title}</h2>\s*<p>{opening}", shown["html"])
    assert f"Heading 2: {title}\nNormal: {opening}" in shown["docx"]


def test_a_single_column_summary_stays_untitled_as_in_the_pdf(tmp_path: Path) -> None:
    out = build(tmp_path, EXAMPLE.read_text(encoding="utf-8"))
    for fmt, shown in twins(out, "cv").items():
        assert "Summary" not in shown and "SUMMARY" not in shown, fmt


def test_the_twins_curl_apostrophes_as_the_pdf_does(tmp_path: Path) -> None:
    out = build(tmp_path, EXAMPLE.read_text(encoding="utf-8"))
    pdf = "\n".join(page.extract_text() for page in PdfReader(out / "cv.pdf").pages)
    assert "PyTorch’s" in pdf and "I’ve" in pdf.replace("I’VE", "I’ve")
    for fmt, shown in twins(out, "cv").items():
        assert "PyTorch’s ahead-of-time" in shown and "PyTorch's" not in shown, fmt
        assert "I’ve built" in shown or "I’VE BUILT" in shown, fmt


def test_a_style_with_straight_quotes_keeps_them_in_the_twins(tmp_path: Path) -> None:
    (tmp_path / "styles").mkdir()
    (tmp_path / "styles" / "plain.yaml").write_text(
        "extends: classic\ntypography: {quotes: straight}\n", encoding="utf-8"
    )
    out = build(tmp_path, EXAMPLE.read_text(encoding="utf-8"), "--style", "plain")
    for fmt, shown in twins(out, "cv").items():
        assert "PyTorch's ahead-of-time" in shown and "’" not in shown, fmt


def test_plain_text_writes_an_arrowed_link_label_without_its_arrow(tmp_path: Path) -> None:
    out = build(tmp_path, EXAMPLE.read_text(encoding="utf-8"))
    text = (out / "cv.txt").read_text(encoding="utf-8")
    assert "See the PRs: https://github.com/pytorch/pytorch/pulls?q=is%3Apr+AOTInductor" in text
    assert "→:" not in text
