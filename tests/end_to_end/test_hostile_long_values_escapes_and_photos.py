"""Hostile inputs in messages, escapes, photos and the letter's keys.

Messages quote at most about 80 characters of any value (a 300 KB value in a field is cut
and its length said, in whatever message quotes it); a letter `paragraphs:` key of 5,000
digits is a located error; a lone `\\ud800` escape is reported at the escape as what it is
(and JSON's surrogate pairs are read as the one character they are); a phone's MPO photo is
read as its first frame. Same harness as test_hostile_md_rows.py (subprocess, memory cap, the folder
snapshot before and after, the previous output byte-identical after a failure).

Then two behaviours no other test pinned: the
sidebar name sized by its longest word, and a phone photo turned upright by its EXIF
orientation; each fails when that one line of the builder slips.
"""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2
import pypdfium2.raw as pdfium_raw
import pytest
from PIL import Image
from test_hostile_md_rows import (
    BUILD,
    LOC,
    NAME,
    SENTINEL,
    Case,
    Ctx,
    Result,
    each,
    faster_than,
    run_case,
)
from test_photo_placed_and_checked import RED, red_share

from conftest import run_cli
from glyphs import read_glyphs
from resume_pdf.style.theme import load_theme

BIG = "x" * 300_000
LETTER_ARGS = ("letter", "resume.yaml", "--variant", "v", "-o", "letter.pdf")
DIGITS = "9" * 5_000
LETTER = (
    NAME + "letter:\n  body: |\n    One.\n\n    Two.\n"
    "variants:\n  v:\n    letter:\n      paragraphs:\n"
)
PAIR_JSON = (  # 😀 as JSON writers escape it, then a bad date further along the same line
    '{"basics": {"name": "Ann"}, "meta": {"language": "\\ud83d\\ude00"}, '
    '"work": [{"name": "Acme", "position": "Engineer", "startDate": "soon"}]}\n'
)


# --- checks -------------------------------------------------------------------------------------

PROBLEM = re.compile(r"^\S[^\n]*?(error|warning): ", re.M)


def short_messages(per_problem: int = 2000) -> object:
    """Each problem costs well under `per_problem` bytes of stderr, and no line quotes more
    than ~80 characters of a value (a field path through a long key is cut at 160)."""

    def check(_ctx: Ctx, res: Result) -> None:
        problems = len(PROBLEM.findall(res.stderr))
        assert problems, res.stderr[:3000]
        assert len(res.raw_stderr) < per_problem * problems, (len(res.raw_stderr), problems)
        for run in re.findall(r"[x29v]{161,}", res.stderr):
            raise AssertionError(f"a value of {len(run)} characters is quoted: {res.stderr[:600]}")

    return check


def says_length(n: int) -> object:
    def check(_ctx: Ctx, res: Result) -> None:
        assert f"({n:,} characters)" in res.stderr, res.stderr[:3000]

    return check


def column_of(needle: str) -> object:
    """The error points at `needle`'s own column in the file (a joined pair before it on the
    same line moved nothing)."""

    def check(_ctx: Ctx, res: Result) -> None:
        column = PAIR_JSON.index(needle) + 1
        assert re.search(rf"^r\.json:1:{column}: work\[0\]\.startDate: ", res.stderr, re.M), (
            column,
            res.stderr,
        )

    return check


def previous_letter(ctx: Ctx) -> None:
    (ctx.dir / "letter.pdf").write_bytes(SENTINEL)


def mpo(ctx: Ctx) -> None:
    """A phone camera's .jpg: an MPO whose first frame is the photo (red) and whose second,
    after an APP2 "MPF" index, is another view (blue)."""
    ctx.dir.mkdir(exist_ok=True)
    first = Image.new("RGB", (300, 400), RED)
    second = Image.new("RGB", (300, 400), (20, 20, 220))
    first.save(ctx.dir / "me.jpg", "MPO", save_all=True, append_images=[second])
    data = (ctx.dir / "me.jpg").read_bytes()
    assert data.count(b"\xff\xd8") >= 2 and b"MPF\x00" in data  # two frames, an MPF index


def red_photo(_ctx: Ctx, res: Result) -> None:
    assert res.pdf is not None
    assert red_share(res.pdf, (0.6, 0.0, 1.0, 0.2)) > 0.05  # the first frame, drawn


# fmt: off
CASES = [
    # a 300 KB value, quoted by every kind of message that quotes one
    Case("M01", {"resume.yaml": NAME + f"? {BIG}\n: 1\n"}, exit=1,
         stderr=LOC + r"x{20,}…: (error: )?unknown key `x{20,}…` \(300,000 characters\)",
         check=short_messages()),
    Case("M02", {"resume.yaml": NAME + f"sections:\n  - title: N\n    bullets:\n      - ? {BIG}\n"
                 "        : y\n"}, exit=1,
         stderr=LOC + r"sections\[0\]\.bullets\[0\]: (error: )?reads as a mapping because of "
         r"the colon after 'x+…'", check=each(short_messages(), says_length(300_000))),
    Case("M03", {"resume.yaml": NAME + "sections:\n  - title: W\n    experience:\n"
                 f"      - {{role: a, organization: b, start: '{'2' * 100_000}'}}\n"}, exit=1,
         stderr=LOC + r"sections\[0\]\.experience\[0\]\.start: (error: )?expected a date",
         check=each(short_messages(), says_length(100_000))),
    Case("M05", {"resume.yaml": NAME + f"summary: '[x](mailto:{'v' * 2000})'\n"}, exit=1,
         stderr=LOC + r"summary: (error: )?'mailto:v+…' \(2,007 characters\) is not an email",
         check=short_messages()),
    Case("M06", {"resume.yaml": NAME + f"photo: {BIG}.gif\n"}, exit=1,
         stderr=LOC + r"photo: (error: )?expected a \.jpg, \.jpeg or \.png file",
         check=each(short_messages(), says_length(300_004))),
    Case("M08", {"resume.yaml": NAME + "variants: {a: {tags: [x]}}\n"},
         args=(*BUILD, "--variant", "v" * 100_000), exit=1,
         stderr=r"(unknown variant|cannot write) 'v*", check=short_messages()),
    Case("M09", {"r.json": '{"basics": {"name": "Ann"}, "meta": {"language": "' + BIG + '"}}\n'},
         args=("build", "r.json", "-o", "out.pdf"),
         stderr=r"^r\.json:1:\d+: meta\.language: warning: no section titles .* \(300,000",
         check=short_messages()),
    # the letter's paragraph keys
    Case("M10", {"resume.yaml": LETTER + f"        ? {DIGITS}\n        : New\n"},
         setup=previous_letter, args=LETTER_ARGS,
         exit=1, stderr=LOC + r"variants\.v\.letter\.paragraphs\.9+…: (error: )?no paragraph "
         r"'9+…' \(5,000 characters\) to replace: the letter's body has 2 paragraphs",
         check=each(short_messages(), faster_than(2.0))),
    # escapes that are not characters
    Case("M12", {"resume.yaml": NAME + 'headline: "ab\\ud800cd"\n'}, exit=1,
         stderr=r"^resume\.yaml:2:14: (error: )?YAML syntax error: `\\ud800` is a lone "
         r"surrogate \(U\+D800\), not a character",
         check=each(faster_than(2.0), lambda _c, r: None if "never closed" not in r.stderr
                    else pytest.fail(r.stderr))),
    Case("M13", {"r.json": '{"basics": {"name": "Ann", "label": "ab\\udc00"}}\n'},
         args=("build", "r.json", "-o", "out.pdf"), exit=1,
         stderr=r"^r\.json:1:40: (error: )?YAML syntax error: `\\udc00` is a lone surrogate "
         r"\(U\+DC00\)"),
    Case("M14", {"resume.yaml": NAME + 'headline: "\\ud83d\\ude00"\n'}, exit=1,
         stderr=r"^resume\.yaml:2:12: (error: )?YAML syntax error: `\\ud83d\\ude00` is a UTF-16 "
         r"surrogate pair.*\n(.*\n)*  hint: write 😀 itself, or \\U0001F600"),
    Case("M15", {"r.json": PAIR_JSON}, args=("build", "r.json", "-o", "out.pdf"), exit=1,
         stderr=r"^r\.json:1:\d+: meta\.language: warning: no section titles or month names "
         r"for '😀'", check=column_of('"soon"')),
    # photos
    Case("M16", {"resume.yaml": NAME + "photo: me.jpg\n"}, setup=mpo,
         check=each(red_photo, faster_than(2.0))),
]
# fmt: on


@pytest.mark.parametrize("case", CASES, ids=[c.row for c in CASES])
def test_hostile_long_value_escape_or_photo(case: Case, tmp_path: Path) -> None:
    run_case(case, tmp_path)


# --- tests the suite was missing ----------------------------------------------------------------

LONG_NAME = "Maximiliane Wolkenstein-Oberhausen Li"


def _char_right(pdf: Path) -> list[tuple[str, float, float]]:
    """(character, right edge, baseline) of each drawn character on page 1, by PDFium."""
    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        text = doc[0].get_textpage()
        left, right, bottom, top = (pdfium_raw.c_double() for _ in range(4))
        out = []
        for i in range(text.count_chars()):
            if pdfium_raw.FPDFText_IsGenerated(text.raw, i) == 1:
                continue
            box = (pdfium_raw.byref(c) for c in (left, right, bottom, top))
            pdfium_raw.FPDFText_GetCharBox(text.raw, i, *box)
            out.append(
                (chr(pdfium_raw.FPDFText_GetUnicode(text.raw, i)), right.value, bottom.value)
            )
        return out
    finally:
        doc.close()


def _panel(pdf: Path) -> tuple[float, float, float, float]:
    """The sidebar's background: the tallest filled shape of page 1."""
    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        paths = doc[0].get_objects(filter=[pdfium_raw.FPDF_PAGEOBJ_PATH])
        return max((tuple(p.get_bounds()) for p in paths), key=lambda b: b[3] - b[1])
    finally:
        doc.close()


def test_the_sidebar_name_is_sized_by_its_longest_word(tmp_path: Path) -> None:
    """Sized by the shortest word ("Li"), the name keeps its full size and its longest word
    runs out of the sidebar (or is broken inside a word): here every line of the name stays
    inside the panel, and "Wolkenstein-Oberhausen" is one line, smaller than the style's size."""
    source = tmp_path / "cv.yaml"
    source.write_text(
        f"name: {LONG_NAME}\ncontact: {{email: a@example.com}}\nsections:\n"
        "  - title: Skills\n    skills: [{group: Langs, items: [Python]}]\n",
        encoding="utf-8",
    )
    pdf = tmp_path / "cv.pdf"
    run = run_cli("build", str(source), "-o", str(pdf), "--style", "sidebar")
    assert run.exit_code == 0, run.stderr
    glyphs = [g for g in read_glyphs(pdf) if g.char.strip()]  # a space inside a line too
    name = glyphs[: len(LONG_NAME.replace(" ", ""))]
    assert "".join(g.char for g in name) == LONG_NAME.replace(" ", "")
    rows: dict[float, str] = {}
    for g in name:
        rows[round(g.y, 1)] = rows.get(round(g.y, 1), "") + g.char
    # never broken inside the word (on two lines, "Li" shares the second)
    assert any("Wolkenstein-Oberhausen" in row for row in rows.values()), rows
    panel_left, _, panel_right, _ = _panel(pdf)
    assert panel_left <= 1 and panel_right < 300  # the sidebar, at the page's left
    name_rights = [right for c, right, _y in _char_right(pdf) if c.strip()][: len(name)]
    assert max(name_rights) <= panel_right, (max(name_rights), panel_right)
    assert name[0].size < load_theme("sidebar").sizes.name  # shrunk to fit that word


def test_a_phone_photo_is_turned_upright(tmp_path: Path) -> None:
    """A phone stores a portrait photo landscape with EXIF Orientation 6 (turn 90° clockwise
    to view). Stored: red left half, blue right half; seen upright: red on top, blue below,
    both across the whole width. Left on its side, the colours sit side by side."""
    stored = Image.new("RGB", (400, 200), (20, 20, 220))
    stored.paste(RED, (0, 0, 200, 200))
    exif = Image.Exif()
    exif[0x0112] = 6
    stored.save(tmp_path / "me.jpg", exif=exif)
    source = tmp_path / "cv.yaml"
    source.write_text(NAME + "photo: me.jpg\n", encoding="utf-8")
    pdf = tmp_path / "cv.pdf"
    run = run_cli("build", str(source), "-o", str(pdf), "--style", "classic")
    assert run.exit_code == 0, run.stderr
    page = pypdfium2.PdfDocument(str(pdf))[0].render(scale=2).to_pil().convert("RGB")
    w, h = page.size
    box = page.crop((int(w * 0.6), 0, w, int(h * 0.2)))
    red, blue = [], []
    for y in range(box.height):
        for x in range(0, box.width, 2):
            r, _g, b = box.getpixel((x, y))
            if r > 180 and b < 80:
                red.append((x, y))
            elif b > 180 and r < 80:
                blue.append((x, y))
    assert len(red) > 500 and len(blue) > 500

    def centre(points: list[tuple[int, int]]) -> tuple[float, float]:
        return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)

    (red_x, red_y), (blue_x, blue_y) = centre(red), centre(blue)
    side = max(y for _x, y in red + blue) - min(y for _x, y in red + blue)  # the photo's height
    assert blue_y - red_y > side / 3, (red_y, blue_y, side)  # red above blue
    assert abs(red_x - blue_x) < side / 10, (red_x, blue_x, side)  # not side by side
