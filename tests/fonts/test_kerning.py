"""Pair kerning from the fonts' own tables: read right (against fontTools), applied to the
widths and the drawn glyphs, and invisible to text extraction."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from pdfminer.high_level import extract_text

from ats import pdf_pages_text
from conftest import EXAMPLE, run_cli
from fontmaker import ADVANCE, make_font
from glyphs import advances, read_glyphs
from resume_pdf.fonts.book import FAMILIES, STYLES, _font_file
from resume_pdf.fonts.kerning import KernedFont
from resume_pdf.style.theme import builtin_styles

FEATURES = "feature kern { pos A V -80; @L = [T]; @R = [o A]; pos @L @R -50; } kern;"


def test_glyph_pairs_and_class_pairs_from_gpos(tmp_path: Path) -> None:
    font = KernedFont("KernTestGpos", str(make_font(tmp_path / "k.ttf", features=FEATURES)))
    width = {s: font.stringWidth(s, 1000) for s in ("AV", "To", "TA", "oT", "VA", "A V")}
    assert width["AV"] == 2 * ADVANCE - 80  # a glyph pair (PairPos format 1)
    assert width["To"] == width["TA"] == 2 * ADVANCE - 50  # class pairs (format 2)
    assert width["oT"] == width["VA"] == 2 * ADVANCE  # pairs the font does not kern
    assert width["A V"] == 3 * ADVANCE  # never across a space: words are measured alone


def test_legacy_kern_table_and_other_em_sizes(tmp_path: Path) -> None:
    path = make_font(tmp_path / "l.ttf", legacy={("A", "V"): -160}, upem=2048)
    font = KernedFont("KernTestLegacy", str(path))
    plain = font.stringWidth("A", 10) * 2
    assert font.stringWidth("AV", 10) == pytest.approx(plain - 10 * 160 / 2048)


def test_a_face_without_kerning_measures_as_before(tmp_path: Path) -> None:
    font = KernedFont("KernTestNone", str(make_font(tmp_path / "n.ttf")))
    assert font.kerning.empty
    assert font.stringWidth("AVTo", 10) == 4 * ADVANCE / 100


def _fonttools_kern(face: TTFont, a: str, b: str) -> float:
    """The `kern` feature's XAdvance for a pair, read with fontTools (first subtable that
    covers the pair wins within a lookup, as in HarfBuzz)."""
    cmap, gpos = face.getBestCmap(), face["GPOS"].table
    left, right = cmap[ord(a)], cmap[ord(b)]
    indices = {
        i
        for r in gpos.FeatureList.FeatureRecord
        if r.FeatureTag == "kern"
        for i in r.Feature.LookupListIndex
    }
    total = 0
    for index in sorted(indices):
        lookup = gpos.LookupList.Lookup[index]
        for sub in lookup.SubTable:
            sub = sub.ExtSubTable if lookup.LookupType == 9 else sub
            if sub.LookupType != 2 or left not in sub.Coverage.glyphs:
                continue
            if sub.Format == 1:
                pairs = sub.PairSet[sub.Coverage.glyphs.index(left)].PairValueRecord
                hit = [p for p in pairs if p.SecondGlyph == right]
                if not hit:
                    continue
                total += getattr(hit[0].Value1, "XAdvance", 0) or 0
            else:
                c1 = sub.ClassDef1.classDefs.get(left, 0)
                c2 = sub.ClassDef2.classDefs.get(right, 0)
                total += getattr(sub.Class1Record[c1].Class2Record[c2].Value1, "XAdvance", 0) or 0
            break
    return total * 1000 / face["head"].unitsPerEm


@pytest.mark.parametrize("family", FAMILIES)
def test_bundled_faces_kern_as_fonttools_reads_them(family: str) -> None:
    text = "To Today AVATAR WAVE Yes Py P. V, W. y. r. LT Ty Vo We f) 7/ “A” kA"
    pairs = {text[i : i + 2] for i in range(len(text) - 1)} - {p for p in text if " " in p}
    pairs = {p for p in pairs if " " not in p}
    for style in STYLES:
        path = str(_font_file(family, style))
        ours, reference = KernedFont(f"kt-{family}-{style}", path), TTFont(path)
        for pair in sorted(pairs):
            assert ours.kerning.pair(pair) == _fonttools_kern(reference, *pair), (style, pair)
    assert KernedFont("kt", str(_font_file(family, STYLES[0]))).kerning.pair("To") < -40


@pytest.mark.parametrize("style", builtin_styles())
def test_pages_are_kerned_and_extract_the_same_words(style: str, tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    run = run_cli("build", str(EXAMPLE), "-o", str(out), "--style", style)
    assert run.exit_code == 0, run.stderr
    glyphs = read_glyphs(out)
    drawn = advances(glyphs)
    # the same letter at the same size is drawn with different advances before different
    # letters: "To" tighter than "Th"
    varied = [
        letter
        for letter in "TVWYP"
        if len({min(v) for (a, _, _), v in drawn.items() if a == letter}) > 1
    ]
    assert varied, "no kerning visible"
    pypdf_words = " ".join(pdf_pages_text(out)).split()
    # pdfminer.six orders blocks by its own layout analysis: the same words, maybe reordered
    assert Counter(extract_text(str(out)).split()) == Counter(pypdf_words)
    assert "".join(g.char for g in glyphs if not g.char.isspace()) == "".join(pypdf_words)
