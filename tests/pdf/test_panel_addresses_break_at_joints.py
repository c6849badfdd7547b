"""Addresses in the sidebar's narrow panel, glyph by glyph through PDFium: a URL or an
e-mail too long for the panel breaks only at its joints (a line begins with `@`, `?` or
`&`, or follows a `/`), and no line of it holds fewer than 4 characters (a query split
two characters from its end, `…AbCd` / `23`, read as noise)."""

from __future__ import annotations

from pathlib import Path

import yaml

from conftest import run_cli
from pagemetrics import read_boxes, text_lines
from resume_pdf.model.content import contact_items
from resume_pdf.model.resume_schema import load_resume

CONTACT = {
    "email": "firstname.lastname.verylongsurname@university-example.edu",
    "website": "https://scholar.google.com/citations?user=AbCdEfGhIjKlmnOp23&hl=en",
    "links": [
        {"label": "Code", "url": "https://gitlab.example.org/research/compilers/inductor23"},
    ],
}


def test_long_addresses_break_at_their_joints_in_the_panel(tmp_path: Path) -> None:
    data = {
        "name": "Alex Placeholder",
        "contact": CONTACT,
        "sections": [
            {"title": "Skills", "skills": [{"group": "Languages", "items": ["Python", "C++"]}]},
            {"title": "Projects", "bullets": ["Built a compiler."]},
        ],
    }
    source = tmp_path / "cv.yaml"
    source.write_text(yaml.safe_dump(data), encoding="utf-8")
    pdf = tmp_path / "cv.pdf"
    run = run_cli("build", str(source), "-o", str(pdf), "--style", "sidebar")
    assert run.exit_code == 0, run.stderr
    glyphs, _ = read_boxes(pdf)
    lines = [ln.text for ln in text_lines([g for g in glyphs if g.page == 0 and g.x < 200])]
    shown = [text for text, _ in contact_items(load_resume(source).contact)]
    checked = 0
    for address in shown:
        start = next(i for i, t in enumerate(lines) if address.startswith(t))
        pieces = [lines[start]]
        while "".join(pieces) != address:
            more = lines[start + len(pieces) : start + len(pieces) + 1]
            assert more and len(pieces) < 8, (address, lines[start : start + 8])
            pieces += more
        checked += len(pieces) > 1
        assert min(len(p) for p in pieces) >= 4, pieces
        for before, after in zip(pieces, pieces[1:], strict=False):
            assert after[0] in "@?&" or before.endswith("/"), pieces
    assert checked >= 2, lines  # at least two addresses were long enough to break
