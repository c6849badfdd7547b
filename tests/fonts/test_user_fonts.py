"""Fonts of the user's choice: font files beside the résumé or in styles/
(TrueType, CFF converted to TrueType and cached, collections), a `fallback:` list, and a
located error for every bad font file."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from fontTools.ttLib import TTCollection, TTFont
from pypdf import PdfReader

from ats import pdf_fonts, pdf_text
from conftest import run_cli
from resume_pdf.style.theme import builtin_styles
from scriptfonts import CJK_PUNCT, HAN, HANGUL, KANA, LATIN, make_font

KOREAN = """name: 김재현
headline: 서울 회사 개발자
style: {style}
contact: {{email: kim@example.com, location: 서울}}
summary: 기술 요약 경력 학력 and Latin words 서울대학교 개발자
sections:
  - title: 경력
    experience:
      - {{role: 개발자, organization: 회사, start: 2020-03, end: present,
          highlights: [서울 회사 개발자 김재현]}}
  - title: 기술
    skills:
      - {{group: 기술, items: [서울, 대학교]}}
"""


@pytest.fixture(autouse=True)
def font_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test converts into a fresh cache, never the user's."""
    cache = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    return cache / "resume-pdf" / "fonts"


def style(folder: Path, name: str, fonts: str, base: str = "classic") -> None:
    (folder / "styles").mkdir(exist_ok=True)
    (folder / "styles" / f"{name}.yaml").write_text(
        f"extends: {base}\nfonts:\n{fonts}", encoding="utf-8"
    )


def build(folder: Path, text: str, *args: str):
    (folder / "resume.yaml").write_text(text, encoding="utf-8")
    out = folder / "out.pdf"
    return run_cli("build", str(folder / "resume.yaml"), "-o", str(out), *args), out


def pdfminer_text(path: Path) -> str:
    from pdfminer.high_level import extract_text

    return extract_text(str(path))


def squash(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("base", builtin_styles())
def test_a_korean_resume_in_a_truetype_font_builds_in_every_style(
    tmp_path: Path, base: str
) -> None:
    make_font(tmp_path / "Hangul.ttf", LATIN + HANGUL)
    style(tmp_path, "ko", "  body: Hangul.ttf\n  headings: Hangul.ttf\n  name: Hangul.ttf\n", base)
    run, out = build(tmp_path, KOREAN.format(style="ko"), "--verify")
    assert run.exit_code == 0, run.stderr
    for text in (pdf_text(out), pdfminer_text(out)):
        flat = squash(text)
        for word in ("김재현", "서울회사개발자", "기술요약경력학력andLatinwords서울대학교개발자"):
            assert word in flat
        assert flat.index("기술요약") < flat.index("경력개발자")
        assert "\ufffd" not in text and "\x00" not in text
    assert squash(pdf_text(out)).startswith("김재현")  # pdfminer reads a sidebar after the main
    for text in ():
        assert "\ufffd" not in text and "\x00" not in text
    fonts = pdf_fonts(out)
    assert all(f["embedded"] and f["to_unicode"] for f in fonts)
    assert any(f["name"].endswith("TestSans-Regular") and f["subtype"] == "TrueType" for f in fonts)


def test_a_cff_font_is_converted_once_and_cached(tmp_path: Path, font_cache: Path) -> None:
    make_font(tmp_path / "Kana.otf", LATIN + KANA + HAN + CJK_PUNCT, cff=True)
    style(tmp_path, "ja", "  body: Kana.otf\n  headings: Kana.otf\n  name: Kana.otf\n")
    text = "name: 日本語 東京\nstyle: ja\nsummary: 東京大学 株式会社 開発者。経歴「学歴」技能\n"
    run, out = build(tmp_path, text, "--verify")
    assert run.exit_code == 0, run.stderr
    assert "東京大学株式会社開発者。経歴「学歴」技能" in squash(pdf_text(out))
    assert "東京大学株式会社開発者。経歴「学歴」技能" in squash(pdfminer_text(out))
    cached = list(font_cache.glob("*.ttf"))
    assert len(cached) == 1
    assert "glyf" in TTFont(cached[0]) and "CFF " not in TTFont(cached[0])
    stamp = cached[0].stat().st_mtime_ns
    first = out.read_bytes()
    run, out = build(tmp_path, text)
    assert run.exit_code == 0
    assert list(font_cache.glob("*.ttf")) == cached and cached[0].stat().st_mtime_ns == stamp
    assert out.read_bytes() == first  # same bytes from the cache as from the conversion
    assert any(f["subtype"] == "TrueType" and f["to_unicode"] for f in pdf_fonts(out))


def test_a_face_of_a_collection_is_chosen_by_its_index(tmp_path: Path) -> None:
    make_font(tmp_path / "a.ttf", LATIN, family="Latin Only")
    make_font(tmp_path / "b.ttf", LATIN + HANGUL, family="With Hangul")
    collection = TTCollection()
    collection.fonts = [TTFont(tmp_path / "a.ttf"), TTFont(tmp_path / "b.ttf")]
    collection.save(tmp_path / "Both.ttc")
    style(tmp_path, "ko", "  body: Both.ttc#1\n  headings: Both.ttc#1\n  name: Both.ttc#1\n")
    run, out = build(tmp_path, KOREAN.format(style="ko"))
    assert run.exit_code == 0, run.stderr
    assert any("WithHangul" in f["name"] for f in pdf_fonts(out))
    style(tmp_path, "ko", "  body: Both.ttc#5\n  headings: source-sans\n  name: source-sans\n")
    run, _ = build(tmp_path, KOREAN.format(style="ko"))
    assert run.exit_code == 1
    assert "styles/ko.yaml:3:9: fonts: error: font 'Both.ttc#5': the collection holds 2 faces" in (
        run.stderr
    )


def test_fallback_fonts_are_tried_per_character(tmp_path: Path) -> None:
    make_font(tmp_path / "Hangul.ttf", HANGUL)  # no Latin: Latin stays in Source Sans
    style(tmp_path, "fb", "  fallback: [Hangul.ttf]\n")
    run, out = build(tmp_path, KOREAN.format(style="fb"), "--verify")
    assert run.exit_code == 0, run.stderr
    names = {f["name"].split("+")[-1] for f in pdf_fonts(out)}
    assert "TestSans-Regular" in names and any(n.startswith("SourceSansPro") for n in names)
    assert "김재현" in pdf_text(out)


def test_a_bold_face_is_used_when_given_and_reused_when_not(tmp_path: Path) -> None:
    make_font(tmp_path / "R.ttf", LATIN + HANGUL, family="Kr", style="Regular")
    make_font(tmp_path / "B.ttf", LATIN + HANGUL, family="Kr", style="Bold")
    style(tmp_path, "two", "  body: {regular: R.ttf, bold: B.ttf}\n")
    run, out = build(tmp_path, KOREAN.format(style="two"))
    assert run.exit_code == 0, run.stderr
    assert {"Kr-Regular", "Kr-Bold"} <= {f["name"].split("+")[-1] for f in pdf_fonts(out)}
    style(tmp_path, "one", "  body: R.ttf\n  headings: R.ttf\n  name: R.ttf\n")
    run, out = build(tmp_path, KOREAN.format(style="one"))
    assert run.exit_code == 0, run.stderr
    # one file: bold is R.ttf's own outlines, stroked (a CJK face without a bold), embedded
    # as a second subset of the same font (`Kr-Regular-2`), never another file
    names = {f["name"].split("+")[-1] for f in pdf_fonts(out)}
    assert {re.sub(r"-\d+$", "", n) for n in names} == {"Kr-Regular"}
    assert b" 2 Tr" in b"".join(page.get_contents().get_data() for page in PdfReader(out).pages)


def embedded(out: Path) -> set[str]:
    """The PostScript names of the fonts embedded in `out`, without the subset tag."""
    return {f["name"].split("+")[-1] for f in pdf_fonts(out) if f["embedded"]}


@pytest.mark.parametrize("role", ["body", "headings", "name"])
def test_two_files_with_the_same_internal_name_are_two_faces(tmp_path: Path, role: str) -> None:
    """Generated (or renamed) files often share their PostScript name: the bold one used to
    evict the regular one from reportlab, and the build crashed with a KeyError."""
    for file in ("R.ttf", "B.ttf", "I.ttf", "BI.ttf"):
        make_font(tmp_path / file, LATIN + HANGUL, family="Kr", style="Regular")
    faces = "{regular: R.ttf, bold: B.ttf, italic: I.ttf, bold_italic: BI.ttf}"
    fonts = f"  {role}: {faces}\n" + ("" if role == "body" else "  body: R.ttf\n")
    style(tmp_path, "same", fonts)
    run, out = build(tmp_path, KOREAN.format(style="same"))
    assert run.exit_code == 0, run.stderr
    names = {name for name in embedded(out) if name.startswith("Kr-Regular")}
    assert len(names) >= 2, names  # the regular file and the bold one, each embedded
    assert squash("김재현 서울 회사 개발자") in squash(pdf_text(out))


def test_each_role_gets_its_own_bold_beside_a_shared_regular_file(tmp_path: Path) -> None:
    """Families are known by their regular file's name: the headings' and the name's bold
    files were silently replaced by the body's when all three share that regular file."""
    make_font(tmp_path / "R.ttf", LATIN + HANGUL, family="Kr", style="Regular")
    for weight in ("Body", "Heading", "Name"):
        make_font(tmp_path / f"{weight}.ttf", LATIN + HANGUL, family="Kr", style=weight)
    style(
        tmp_path,
        "roles",
        "  body: {regular: R.ttf, bold: Body.ttf}\n"
        "  headings: {regular: R.ttf, bold: Heading.ttf}\n"
        "  name: {regular: R.ttf, bold: Name.ttf}\n",
    )
    run, out = build(tmp_path, KOREAN.format(style="roles"))
    assert run.exit_code == 0, run.stderr
    assert {"Kr-Heading", "Kr-Name"} <= embedded(out)
    text = pdf_text(out)
    assert all(word in text for word in ("김재현", "경력", "기술")), text


def bad_font(tmp_path: Path, case: str) -> str:
    """Make the bad font file of `case`; returns what the style names."""
    good = make_font(tmp_path / "good.ttf", LATIN + HANGUL)
    if case == "not a font":
        (tmp_path / "bad.ttf").write_text("just some text, not a font\n" * 10)
    elif case == "truncated":
        (tmp_path / "bad.ttf").write_bytes(good.read_bytes()[:300])
    elif case == "garbled tables":
        data = good.read_bytes()
        (tmp_path / "bad.ttf").write_bytes(data[:300] + b"\xff" * (len(data) - 300))
    elif case == "too large":
        with (tmp_path / "bad.ttf").open("wb") as f:
            f.truncate(200 * 2**20)  # sparse: 200 MB on paper, nothing on disk
    elif case == "web font":
        font = TTFont(good)
        font.flavor = "woff"
        font.save(tmp_path / "bad.ttf")
    elif case == "missing":
        pass
    elif case == "outside":
        outside = tmp_path.parent / f"{tmp_path.name}-elsewhere.ttf"
        outside.write_bytes(good.read_bytes())
        os.symlink(outside, tmp_path / "bad.ttf")
    elif case == "unknown family":
        return "No Such Family Anywhere"
    return "bad.ttf"


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("not a font", "font 'bad.ttf': not a TrueType or OpenType font file"),
        ("truncated", "font 'bad.ttf': the file is truncated"),
        ("garbled tables", "font 'bad.ttf': cannot be read as a font"),
        ("too large", "font 'bad.ttf' is 200 MB; the limit is 64"),
        ("web font", "font 'bad.ttf': a web font (WOFF)"),
        ("missing", "font file 'bad.ttf' not found"),
        ("outside", "font 'bad.ttf' is outside the résumé's folder"),
        ("unknown family", "unknown font 'No Such Family Anywhere'"),
    ],
)
def test_a_bad_font_file_is_reported_at_its_style_line(
    tmp_path: Path, case: str, message: str
) -> None:
    named = bad_font(tmp_path, case)
    style(tmp_path, "bad", f"  headings: good.ttf\n  body: {named}\n")
    out = tmp_path / "out.pdf"
    out.write_bytes(b"previous")
    run, _ = build(tmp_path, KOREAN.format(style="bad"))
    assert run.exit_code == 1
    assert "Traceback" not in run.stderr
    assert "styles/bad.yaml:4:9: " in run.stderr and message in run.stderr, run.stderr
    assert out.read_bytes() == b"previous"


def test_a_font_without_the_needed_glyphs_is_reported(tmp_path: Path) -> None:
    make_font(tmp_path / "Latin.ttf", LATIN)
    style(tmp_path, "lat", "  body: Latin.ttf\n  fallback: [Latin.ttf]\n")
    run, _ = build(tmp_path, KOREAN.format(style="lat"))
    assert run.exit_code == 1
    assert "resume.yaml:1:7: name: error: no available font (Latin" in run.stderr
    assert "'김' (U+AE40 HANGUL SYLLABLE GIM)" in run.stderr


def test_style_font_values_are_validated(tmp_path: Path) -> None:
    style(tmp_path, "v", "  body: {regular: a.ttf, heavy: b.ttf}\n  name: {bold: b.ttf}\n")
    run, _ = build(tmp_path, "name: A\nstyle: v\n")
    assert run.exit_code == 1
    assert "fonts.body.heavy: error: unknown face 'heavy'" in run.stderr
    assert "fonts.name: error: needs a `regular` face" in run.stderr


@pytest.mark.parametrize("base", [s for s in builtin_styles() if s != "sidebar"])
def test_the_contact_separator_falls_back_like_the_text_around_it(
    tmp_path: Path, base: str
) -> None:
    """A body font without "·" (U+00B7): the dot between contact items comes from the next
    font that has it, as any other character would, never as a .notdef glyph read as NUL."""
    make_font(tmp_path / "Latin.ttf", LATIN.replace("·", ""))
    assert 0xB7 not in TTFont(tmp_path / "Latin.ttf").getBestCmap()
    style(tmp_path, "nodot", "  body: Latin.ttf\n", base)
    resume = "name: Ann Example\ncontact: {email: ann@example.com, location: Oslo}\n"
    run, out = build(tmp_path, resume, "--style", "nodot", "--verify")
    assert run.exit_code == 0, run.stderr
    assert "ann@example.com · Oslo" in pdf_text(out)
