"""Words in the tags: the text a screen reader or poppler takes from the structure tree
(each marked-content sequence's glyphs, in the tree's order, nothing added where a line
ends) holds every word of the source apart, in order. A paragraph broken at a word space
keeps that space as a glyph at the line's end (invisible past its last letter); a long
word cut between two letters does not get one. Checked with tests/structure.py's reading
of the tree and, where poppler's `pdfinfo` is installed, with poppler itself."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pypdf
import pypdfium2
import pytest
from PIL import ImageChops
from test_builtin_styles_read_back import shown
from test_tagged_pdf import two_pages

import structure
from ats import measure, tokens
from conftest import EXAMPLE, run_cli
from expected import expected_text
from resume_pdf.style.theme import builtin_styles

STYLES = builtin_styles()
RESUMES = ("example", "two-page")
TITLED = {"sidebar": ["summary"]}  # the heading a style gives the summary


def source(tmp_path: Path, resume: str) -> tuple[Path, tuple[str, ...]]:
    if resume == "example":
        return EXAMPLE, ()
    cv = tmp_path / "two.yaml"
    cv.write_text(two_pages(), encoding="utf-8")
    return cv, ("--pages", "2")


def build(tmp_path: Path, cv: Path, style: str, *args: str) -> Path:
    tmp_path.mkdir(exist_ok=True)
    out = tmp_path / f"{style}.pdf"
    run = run_cli("build", str(cv), "-o", str(out), "--style", style, *args)
    assert run.exit_code == 0, run.stderr
    return out


def expected(cv: Path, style: str) -> str:
    """The source's words in the order they are drawn (a sidebar's panel first)."""
    return expected_text(cv, shown(style, cv))


@pytest.mark.parametrize("resume", RESUMES)
@pytest.mark.parametrize("style", STYLES)
def test_the_tree_reads_every_word_apart_in_order(tmp_path: Path, style: str, resume: str) -> None:
    cv, args = source(tmp_path, resume)
    tagged = structure.read(build(tmp_path, cv, style, *args))
    assert tagged.unbalanced == []
    spoken = tagged.spoken()
    recall = measure(expected(cv, style), spoken)
    assert recall.glued == [] and recall.split == [], (recall.glued[:5], recall.split[:5])
    assert recall.order_recall == 1.0, recall.missing[:5]
    assert recall.extra == TITLED.get(style, [])
    # list items and skill groups: each item's words apart, the separators kept
    bodies = [tagged.spoken(e) for e in tagged.root.walk() if e.role == "LBody"]
    if resume == "example":
        assert "TorchInductor, TorchDynamo, Triton codegen, AOT compilation" in bodies


def pdfinfo_text(pdf: Path) -> str:
    """The texts poppler prints for the tree's elements (`pdfinfo -struct-text`), one a
    line: within each, the glyphs of its marked content as drawn."""
    done = subprocess.run(
        ["pdfinfo", "-struct-text", str(pdf)], capture_output=True, text=True, check=True
    )
    return "\n".join(re.findall(r'^\s*"(.*)"\s*$', done.stdout, re.M))


@pytest.mark.skipif(shutil.which("pdfinfo") is None, reason="poppler's pdfinfo is not installed")
@pytest.mark.parametrize("style", STYLES)
def test_poppler_reads_every_word_of_the_tree_apart(tmp_path: Path, style: str) -> None:
    for resume in RESUMES:
        cv, args = source(tmp_path, resume)
        recall = measure(expected(cv, style), pdfinfo_text(build(tmp_path, cv, style, *args)))
        assert recall.glued == [] and recall.split == [], (resume, recall.glued[:5])
        assert recall.order_recall == 1.0, (resume, recall.missing[:5])


def test_a_long_word_cut_between_two_letters_stays_one_word(tmp_path: Path) -> None:
    """A word wider than its line is cut where it must (between two letters, or after a
    hyphen): no space is added at that cut, so the tree reads the word whole."""
    url = "https://example.org/" + "pathsegment" * 14 + "/and-a-long-tail-of-hyphenated-words"
    cv = tmp_path / "cv.yaml"
    cv.write_text(f"name: Long Word\nsummary: 'See {url} for the whole story.'\n", "utf-8")
    pdf = build(tmp_path, cv, "classic")
    lines = pypdf.PdfReader(pdf).pages[0].extract_text().splitlines()
    assert sum(bool(line.strip()) and line.split()[-1] in url for line in lines) >= 2
    spoken = structure.read(pdf).spoken()
    assert f"See {url} for the whole story." in spoken
    assert tokens(spoken) == tokens(f"Long Word See {url} for the whole story.")


@pytest.mark.parametrize("style", ["classic", "sidebar"])
def test_the_space_at_a_line_end_changes_nothing_drawn(
    tmp_path: Path, style: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The space glyph after a line's last word shows nothing and moves nothing: the page
    renders pixel for pixel as without it, while its text holds it ("I'm the " / "tech lead")."""
    from resume_pdf.pdf import wrapped

    spaced = build(tmp_path / "spaced", EXAMPLE, style)
    monkeypatch.setattr(wrapped, "soft_ends", lambda *_: frozenset())
    bare = build(tmp_path / "bare", EXAMPLE, style)
    texts = [pypdf.PdfReader(p).pages[0].extract_text() for p in (spaced, bare)]
    assert texts[0].count(" \n") >= texts[1].count(" \n") + 10  # each paragraph's line ends
    pages = [pypdfium2.PdfDocument(p)[0].render(scale=3).to_pil() for p in (spaced, bare)]
    assert ImageChops.difference(pages[0].convert("RGB"), pages[1].convert("RGB")).getbbox() is None


def test_a_name_broken_after_its_own_hyphen_reads_whole(tmp_path: Path) -> None:
    """The sidebar breaks a long name after its hyphens (a line break of its own): no
    space is added there, so the tree reads the name as written."""
    name = "Anna-Wolfeschlegelsteinhausenbergerdorff-Konstantinopoulou"
    cv = tmp_path / "cv.yaml"
    cv.write_text(f"name: {name}\nsummary: hi\n", "utf-8")
    pdf = build(tmp_path, cv, "sidebar")
    assert pypdf.PdfReader(pdf).pages[0].extract_text().startswith("Anna-\nWolfe")
    h1 = next(e for e in structure.read(pdf).root.walk() if e.role == "H1")
    assert structure.read(pdf).spoken(h1) == name
