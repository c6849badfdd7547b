"""Every built-in style x four résumés, read by pdf.js (tests/pdfjs.py), the extractor of
Firefox and of web ATS parsers: its getTextContent() items, and OpenResume's rule for
joining them into lines. Skipped, saying why, where node or pdfjs-dist is missing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

import pdfjs
from ats import measure, tokens
from conftest import EXAMPLE, FIXTURES
from expected import Shown, expected_text
from resume_pdf.build import Options, build
from resume_pdf.style.theme import builtin_styles, load_theme

pytestmark = pytest.mark.skipif(pdfjs.missing() is not None, reason=pdfjs.missing() or "")

STYLES = builtin_styles()
RESUMES = {
    "example": EXAMPLE,
    "two-page": FIXTURES / "long.yaml",
    "student": FIXTURES / "ats" / "student.yaml",
    "sidebar": FIXTURES / "ats" / "sidebar.yaml",
}
CASES = [(s, r) for s in STYLES for r in RESUMES]
DATE = re.compile(r"\b(19|20)\d\d\b|\b(now|present)\b", re.IGNORECASE)
MARKED = re.compile(r"\*\*(.+?)\*\*|(?<!\*)\*([^*]+?)\*(?!\*)")


@pytest.fixture(scope="module")
def read(tmp_path_factory: pytest.TempPathFactory):
    cache: dict[tuple[str, str], list[list[pdfjs.Item]]] = {}

    def get(style: str, resume: str) -> list[list[pdfjs.Item]]:
        if (style, resume) not in cache:
            out = tmp_path_factory.mktemp("pdfjs") / f"{style}-{resume}.pdf"
            build(RESUMES[resume], out, Options(style=style))
            cache[style, resume] = pdfjs.items(out)
        return cache[style, resume]

    return get


def _same_line(a: pdfjs.Item, b: pdfjs.Item) -> bool:
    return a.page == b.page and abs(a.y - b.y) < 0.5


@pytest.mark.parametrize(("style", "resume"), CASES)
def test_no_lone_space_item_between_two_words_of_one_font(style: str, resume: str, read) -> None:
    """A whitespace-only item between two words is a marked-content boundary inside a
    line (pdf.js ends an item at every BDC/EMC): parsers drop it and glue the words. At a
    change of font (a bold word) pdf.js makes one whatever the PDF does; not here. A list
    item's label ("•") and its body are elements of their own, and the label no word:
    OpenResume puts the space back after a bullet."""
    pages = read(style, resume)
    width = pdfjs.typical_char_width([i for page in pages for i in page])
    found = []  # two words a parser merges (closer than a character) with the space dropped
    for page in pages:
        for a, space, b in zip(page, page[1:], page[2:], strict=False):
            if a.blank or b.blank or not space.blank or not space.text:
                continue
            if a.text.strip() in pdfjs.BULLETS or not a.text.strip()[-1].isalnum():
                continue  # a list label, a separator: no word
            if _same_line(a, b) and a.font == b.font and b.x - (a.x + a.width) <= width:
                found.append(f"{a.text[-20:]!r} {b.text[:20]!r}")
    assert found == []


@pytest.mark.parametrize(("style", "resume"), CASES)
def test_no_page_number_stands_between_two_pieces_of_content(style: str, resume: str, read) -> None:
    """The pages read as parsers read them, one stream of items (pdf.js ends no page with a
    line end, so OpenResume joins a page's last item to the next page's first): the first
    text is content, and a page number stands only beside another. Drawn last on each page,
    page 1's ran into page 2's first heading ("1 / 2EDUCATION"); drawn first on each page,
    page 1's was the résumé's first text (read into the summary) and page 2's ran into page
    1's last line. Page 1's is drawn after its content, page 2's before."""
    stream = [i.text.strip() for page in read(style, resume) for i in page if not i.blank]
    number = [bool(pdfjs.FOOTER.fullmatch(text)) for text in stream]
    assert not number[0], stream[:3]
    between = [
        stream[k - 1 : k + 2]
        for k in range(1, len(stream) - 1)
        if number[k] and not (number[k - 1] or number[k + 1])
    ]
    assert between == []


def _shown_title(title: str, style: str) -> str:
    case = load_theme(style).heading_case
    shown = title.upper() if case in ("upper", "small-caps") else title
    return " ".join(shown.replace("'", "’").split())


@pytest.mark.parametrize(("style", "resume"), CASES)
def test_each_heading_is_one_item(style: str, resume: str, read) -> None:
    """A section title is one item on its line (on each of its lines, where a narrow panel
    wraps it): drawn in two fonts, a parser read `E` and `DUCATION` and found no title."""
    data = yaml.safe_load(RESUMES[resume].read_text(encoding="utf-8"))
    rows: list[list[pdfjs.Item]] = []  # each baseline's words, in order
    for page in read(style, resume):
        for item in page:
            if item.blank:
                continue
            if rows and _same_line(rows[-1][-1], item):
                rows[-1].append(item)
            else:
                rows.append([item])
    alone = [" ".join(r[0].text.split()) if len(r) == 1 else None for r in rows]
    for section in data["sections"]:
        shown = _shown_title(section["title"], style)
        spans = (
            " ".join(alone[i : i + k])
            for k in (1, 2, 3)
            for i in range(len(alone) - k + 1)
            if None not in alone[i : i + k]
        )
        assert shown in spans, (shown, [a for a in alone if a][:40])


def _marked_words(source: Path) -> set[str]:
    """The first and last word of each bold or italic run of the source."""
    out = set()
    for match in MARKED.finditer(source.read_text(encoding="utf-8")):
        words = tokens(match.group(1) or match.group(2))
        out |= {words[0], words[-1]} if words else set()
    return out


def _symbol(word: str) -> bool:
    """A word glued to a symbol set in a fallback font ("PRs→"): a change of font too."""
    return any(not (c.isalnum() or c in "-’'./@+:,&()") for c in word)


@pytest.mark.parametrize(("style", "resume"), CASES)
def test_openresume_lines_hold_the_sources_words(style: str, resume: str, read) -> None:
    """Items joined by OpenResume's rule give every word of the source, none glued or
    split, but at a bold or italic word: pdf.js hands the (normal) space at a change of
    font as an item of its own, OpenResume drops it and merges what is closer than a
    character ("createdAOTInductor"; "PRs→", the arrow from a fallback font). The page
    keeps the font's word space there."""
    # page by page: pdf.js gives a page's last item no line end, so OpenResume joins it to
    # the next page's first item, the page number (drawn first), whatever a PDF does
    lines = [line for page in read(style, resume) for line in pdfjs.openresume_lines([page])]
    text = "\n".join(" ".join(i.text for i in line) for line in lines)
    theme = load_theme(style)
    shown = Shown(theme.dates.format, theme.dates.present, (), theme.entry.header)
    recall = measure(expected_text(RESUMES[resume], shown), text)
    marked = _marked_words(RESUMES[resume])
    glued = [g for g in recall.glued if not any(m in g for m in marked) and not _symbol(g)]
    assert glued == [] and recall.split == []
    glue = recall.glued + [x for x in recall.extra if _symbol(x)]
    lost = [w for w in recall.missing if not any(w in g for g in glue)]
    assert lost == []


@pytest.mark.parametrize(("style", "resume"), CASES)
def test_items_come_in_reading_order(style: str, resume: str, read) -> None:
    """Within an entry each line is finished before the next begins: its dates never come
    back up to the title's line after the organisation under it (read as a gap, that
    split the entry in two). Skill groups set in columns, and a sidebar's main column,
    start higher up by design; dates never."""
    back = []
    for page in read(style, resume):
        words = [i for i in page if not i.blank]
        for a, b in zip(words, words[1:], strict=False):
            if 0.5 < b.y - a.y < 40 and DATE.search(b.text):
                back.append(f"{a.text[:30]!r} then {b.text[:30]!r}")
    assert back == []
