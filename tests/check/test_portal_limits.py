"""`--verify` holds the PDF to the limits applicant-tracking portals set before any parser
reads it: Taleo's 1 MB attachment cap (a warning), Greenhouse's 2.5 MB (a failure), contact
details that sit only in a page header or footer (skipped by iCIMS-hosted parsers), file
names upload forms reject, and more pages than the budget asked for."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from conftest import EXAMPLE, run_cli
from resume_pdf.check.verify_portals import portal_problems
from resume_pdf.model.resume_schema import load_resume

CV = "name: Ada Lovelace\nheadline: Analyst\n"
CV += "contact: {email: ada@example.com, phone: '+44 20 7946 0000'}\n"
CV += "sections:\n  - title: Work\n    bullets: [Wrote the first program]\n"


def noisy_photo(path: Path, side: int = 1600) -> None:
    """A photo that does not compress: every pixel random (the worst case for its size)."""
    rng = random.Random(7)
    Image.frombytes("RGB", (side, side), rng.randbytes(side * side * 3)).save(path)


def resume(tmp_path: Path, extra: str = "") -> Path:
    path = tmp_path / "cv.yaml"
    path.write_text(CV + extra, encoding="utf-8")
    return path


def test_a_heavy_pdf_warns_naming_the_portal(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    import resume_pdf.read.photo as photo

    noisy_photo(tmp_path / "me.png")
    monkeypatch.setattr(photo, "DRAWN_PIXELS", 640)  # a photo kept big: ~1.2 MB of PDF
    out = tmp_path / "cv.pdf"
    run = run_cli("build", str(resume(tmp_path, "photo: me.png\n")), "-o", str(out), "--verify")
    assert run.exit_code == 0, run.stderr
    assert 1_000_000 < out.stat().st_size < 2_500_000
    assert "pdf.size: warning: the PDF is 1." in run.stderr
    assert "over Taleo's default 1 MB attachment cap" in run.stderr


def test_a_pdf_over_two_and_a_half_mb_fails_and_keeps_the_old_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import resume_pdf.read.photo as photo

    noisy_photo(tmp_path / "me.png")
    monkeypatch.setattr(photo, "DRAWN_PIXELS", 1000)
    out = tmp_path / "cv.pdf"
    out.write_bytes(b"%PDF- the previous one")
    source = resume(tmp_path, "photo: me.png\n")
    run = run_cli("build", str(source), "-o", str(out), "--verify", "--json")
    assert run.exit_code == 1 and out.read_bytes() == b"%PDF- the previous one"
    (outcome,) = json.loads(run.stdout)["results"]
    (size,) = [f for f in outcome["read_back"]["findings"] if f["field"] == "pdf.size"]
    assert (
        size["severity"] == "error"
        and "Greenhouse does not parse a file over 2.5 MB" in (size["message"])
    )


def test_the_photo_as_drawn_keeps_the_pdf_under_a_megabyte(tmp_path: Path) -> None:
    """The worst photo there is, downsampled as every build does, stays under Taleo's cap."""
    noisy_photo(tmp_path / "me.png", side=2400)
    out = tmp_path / "cv.pdf"
    run = run_cli("build", str(resume(tmp_path, "photo: me.png\n")), "-o", str(out), "--verify")
    assert run.exit_code == 0, run.stderr
    assert out.stat().st_size < 1_000_000 and "pdf.size" not in run.stderr


def footer_pdf(email: str, y: float, name_y: float = 740) -> bytes:
    """A one-page PDF with the name at the top and the email drawn at height `y`."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(612, 792), invariant=1)
    canvas.drawString(72, name_y, "Ada Lovelace")
    canvas.drawString(72, 600, "Wrote the first program")
    canvas.drawString(72, y, email)
    canvas.save()
    return buffer.getvalue()


@pytest.mark.parametrize(("y", "warned"), [(20, True), (770, True), (700, False), (60, False)])
def test_contact_only_in_a_header_or_footer_warns_at_its_line(
    tmp_path: Path, y: float, warned: bool
) -> None:
    cv = load_resume(resume(tmp_path))
    found = portal_problems(cv, footer_pdf("ada@example.com", y), tmp_path / "cv.pdf", 1)
    contact = [p for p in found if p.field == "contact.email"]
    assert bool(contact) is warned
    if warned:
        assert contact[0].location.line == 3 and "iCIMS" in contact[0].message
        assert contact[0].severity.value == "warning"


def test_the_styles_keep_contact_out_of_the_page_furniture(tmp_path: Path) -> None:
    for style in ("classic", "compact", "modern", "mono", "serif", "sidebar"):
        out = tmp_path / f"{style}.pdf"
        run = run_cli("build", str(EXAMPLE), "-o", str(out), "--style", style, "--verify")
        assert run.exit_code == 0 and "header or footer" not in run.stderr, (style, run.stderr)


@pytest.mark.parametrize(
    ("name", "warned"),
    [("cv.pdf", False), ("Ada Lovelace (2026)_v2.pdf", False), ("cv#1.pdf", True)]
    + [("résumé.pdf", True), ("cv&co.pdf", True), ("a'b.pdf", True)],
)
def test_a_file_name_upload_forms_reject_warns(tmp_path: Path, name: str, warned: bool) -> None:
    out = tmp_path / name
    run = run_cli("build", str(resume(tmp_path)), "-o", str(out), "--verify")
    assert run.exit_code == 0 and out.exists()
    assert ("pdf.file_name: warning:" in run.stderr) is warned, run.stderr


def test_more_pages_than_asked_for_warns(tmp_path: Path) -> None:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    for _ in range(3):
        canvas.drawString(72, 700, "ada@example.com")
        canvas.showPage()
    canvas.save()
    cv = load_resume(resume(tmp_path))
    over = [p for p in portal_problems(cv, buffer.getvalue(), None, 2) if p.field == "pdf.pages"]
    assert [p.message for p in over] == ["3 pages, over the 2-page budget asked for"]
    assert not [
        p for p in portal_problems(cv, buffer.getvalue(), None, "any") if p.field == "pdf.pages"
    ]


@pytest.mark.parametrize("style", ["classic", "compact", "modern", "mono", "serif", "sidebar"])
def test_the_example_stays_far_under_the_portal_caps(tmp_path: Path, style: str) -> None:
    out = tmp_path / f"{style}.pdf"
    assert run_cli("build", str(EXAMPLE), "-o", str(out), "--style", style).exit_code == 0
    assert out.stat().st_size < 200_000
