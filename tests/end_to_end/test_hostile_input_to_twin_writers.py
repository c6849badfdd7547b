"""Hostile input to the twin writers: Word's 255-character properties, one
text check for every format, Markdown that GitHub renders as written, the family name of a
user's font, and Word links that hold their text. Rows that fail run in test_hostile's
harness (subprocess, memory cap, the folder before and after); rows that write twins, which
that harness does not follow, check the files themselves.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import cmarkgfm
import docx
import pytest
from docx.opc.constants import RELATIONSHIP_TYPE
from docx.oxml.ns import qn
from hypothesis import given, settings
from hypothesis import strategies as st
from test_hostile_md_rows import TIMEOUT, Ctx, _limit_memory

from conftest import EXAMPLE
from resume_pdf.build import load_inputs
from resume_pdf.text.inline import Rich, Span, parse_inline
from resume_pdf.write.document import Document, Para, Section, plain
from resume_pdf.write.markdown import render_md
from resume_pdf.write.resume_doc import resume_document
from scriptfonts import LATIN, make_font

NAME = "name: Ann Example\n"
SKILLS = [f"Skill{i:02d} tool" for i in range(40)]  # 40 x 13 characters: 600 joined
HEADLINE = "Platform engineer " * 20  # 360 characters
LETTER_SUBJECT = "Staff engineer role " * 20


def skills_resume(headline: str = HEADLINE) -> str:
    items = ", ".join(SKILLS)
    return (
        NAME
        + f"headline: {headline.strip()}\n"
        + "sections:\n  - title: Skills\n    skills:\n"
        + f"      - group: Tools\n        items: [{items}]\n"
    )


def run(folder: Path, *args: str) -> tuple[int, str, float]:
    """The CLI in a subprocess under test_hostile's memory cap: exit code, stderr, seconds;
    never a traceback."""
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "resume_pdf", *args],
        cwd=folder,
        env={**env, "PYTHONIOENCODING": "utf-8"},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=TIMEOUT,
        preexec_fn=_limit_memory,
    )
    seconds = time.perf_counter() - start
    err = proc.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err, err
    return proc.returncode, err, seconds


def properties(path: Path) -> docx.opc.coreprops.CoreProperties:
    return docx.Document(str(path)).core_properties


# --- 1. Word's document properties hold 255 characters -----------------------------------------


def test_word_properties_past_255_characters_are_cut_with_located_warnings(tmp_path: Path) -> None:
    (tmp_path / "resume.yaml").write_text(skills_resume(), encoding="utf-8")
    code, err, _ = run(tmp_path, "build", "resume.yaml", "--format", "docx,md")
    assert code == 0, err
    props = properties(tmp_path / "output" / "resume.docx")
    # keywords: whole skills, as many as fit
    kept = props.keywords.split(", ")
    assert len(props.keywords) <= 255 and kept == SKILLS[: len(kept)] and len(kept) >= 15
    # subject: the headline cut after a whole word
    assert len(props.subject) <= 255 and props.subject.endswith("…")
    assert HEADLINE.startswith(props.subject[:-1]) and props.subject[:-1].endswith("engineer")
    first_left_out = SKILLS[len(kept)]
    assert re.search(
        r"^resume\.yaml:2:11: headline: warning: the \.docx file's subject property holds at "
        r"most 255 characters",
        err,
        re.M,
    ), err
    items = r"sections\[0\]\.skills\[0\]\.items\[" + str(len(kept)) + r"\]"
    assert re.search(rf"^resume\.yaml:7:\d+: {items}: warning: .*keywords property", err, re.M)
    assert first_left_out in (tmp_path / "output" / "resume.md").read_text(encoding="utf-8")


def test_a_long_name_and_letter_subject_are_cut_for_word_in_the_letter(tmp_path: Path) -> None:
    long_name = "Ann " + "Maria " * 45 + "Example"  # 281 characters
    (tmp_path / "resume.yaml").write_text(
        f"name: {long_name}\nletter:\n  subject: {LETTER_SUBJECT.strip()}\n  body: Hello there.\n",
        encoding="utf-8",
    )
    code, err, _ = run(tmp_path, "letter", "resume.yaml", "--format", "docx,md,html")
    assert code == 0, err
    props = properties(tmp_path / "output" / "resume-letter.docx")
    for value in (props.title, props.author, props.subject, props.last_modified_by):
        assert 0 < len(value) <= 255
    assert long_name.startswith(props.author.removesuffix("…"))
    assert re.search(r"^resume\.yaml:3:12: letter\.subject: warning: .*subject property", err, re.M)
    assert re.search(r"^resume\.yaml:1:7: name: warning: .*author property", err, re.M), err


def test_a_batch_goes_on_past_long_properties_and_strict_refuses_them(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(skills_resume(), encoding="utf-8")
    (tmp_path / "b.yaml").write_text(NAME + "headline: Short\n", encoding="utf-8")
    code, err, _ = run(tmp_path, "build", "a.yaml", "b.yaml", "--format", "docx")
    assert code == 0, err
    assert (tmp_path / "output" / "a.docx").is_file() and (tmp_path / "output" / "b.docx").is_file()
    (tmp_path / "output" / "a.docx").unlink()
    code, err, _ = run(tmp_path, "build", "a.yaml", "--format", "docx", "--strict")
    assert code == 1 and "headline: error: the .docx file's subject property" in err
    assert not (tmp_path / "output" / "a.docx").exists()


# --- 2. one text check, whatever the formats ----------------------------------------------------

FFFE = NAME + 'summary: "Builds \\uFFFE compilers"\n'
PDF_ERROR = r"^resume\.yaml:2:10: summary: (error: )?no available font .* can draw '\\ufffe'"


@pytest.mark.parametrize("formats", ["docx", "md", "html", "txt", "md,html,docx,txt"])
def test_a_refused_character_is_the_same_error_for_every_format(
    formats: str, tmp_path: Path
) -> None:
    ctx = Ctx(f"W2-{formats}", tmp_path)
    ctx.dir.mkdir()
    ctx.tmpdir.mkdir()
    ctx.write({"resume.yaml": FFFE, "output/resume.docx": b"previous", "output/resume.md": "old"})
    pdf = ctx.run("build", "resume.yaml", exit=1, stderr=PDF_ERROR)
    twins = ctx.run("build", "resume.yaml", "--format", formats, exit=1, stderr=PDF_ERROR)
    assert twins.stderr == pdf.stderr  # and the harness saw the folder unchanged


def test_the_letter_twins_pass_the_same_text_check(tmp_path: Path) -> None:
    ctx = Ctx("W2-letter", tmp_path)
    ctx.dir.mkdir()
    ctx.tmpdir.mkdir()
    letter = 'letter:\n  subject: Hi\n  body: "Hello \\uFFFF there"\n'
    ctx.write({"resume.yaml": NAME + letter})
    ctx.run(
        "letter",
        "resume.yaml",
        "--format",
        "docx,md,html",
        exit=1,
        stderr=r"^resume\.yaml:4:9: letter\.body: (error: )?no available font .* '\\uffff'",
    )


# --- 3. Markdown as GitHub renders it -----------------------------------------------------------


class Rendered(HTMLParser):
    """What a reader of rendered HTML gets: its text, its links (href, text), its images."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.links: list[tuple[str, str]] = []
        self.images: list[str] = []
        self._href: str | None = None
        self._link_text: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "img":
            self.images.append(dict(attrs).get("src") or "")
        if tag == "a":
            self._href, self._link_text = dict(attrs).get("href") or "", []

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._href is not None:
            self.links.append((self._href, "".join(self._link_text)))
            self._href = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._href is not None:
            self._link_text.append(data)

    @property
    def flat(self) -> str:
        """The text as a reader sees it: a word joiner (U+2060, no width) is not seen."""
        return " ".join("".join(self.text).replace("\u2060", "").split())


def github(markdown: str) -> Rendered:
    return Rendered(cmarkgfm.github_flavored_markdown_to_html(markdown))


HOSTILE_MD = [
    "Hire me![here](https://evil.example/pixel.png)",
    "Look!www.evil.example/pixel.png",
    "See https://example.org/my_project_page.",
    "(see https://en.wikipedia.org/wiki/Rust_(programming_language)) and more",
    "Costs $5 or $x^2$ and :smile: at 10:30:45",
    "Mail ann_b@example.org or visit www.my_site.example/a_b, thanks",
    "Back\\![x](https://example.org/i.png) slash",
]


def test_the_markdown_twin_renders_on_github_as_the_resume_reads(tmp_path: Path) -> None:
    bullets = "".join(f"      - {t!r}\n" for t in HOSTILE_MD)
    (tmp_path / "resume.yaml").write_text(
        NAME + f"sections:\n  - title: Notes\n    bullets:\n{bullets}", encoding="utf-8"
    )
    code, err, _ = run(tmp_path, "build", "resume.yaml", "--format", "md")
    assert code == 0, err
    markdown = (tmp_path / "output" / "resume.md").read_text(encoding="utf-8")
    page = github(markdown)
    assert page.images == []
    assert set(page.links) == {
        ("https://evil.example/pixel.png", "here"),
        ("http://www.evil.example/pixel.png", "www.evil.example/pixel.png"),
        ("https://example.org/my_project_page", "https://example.org/my_project_page"),
        (
            "https://en.wikipedia.org/wiki/Rust_(programming_language)",
            "https://en.wikipedia.org/wiki/Rust_(programming_language)",
        ),
        ("mailto:ann_b@example.org", "ann_b@example.org"),
        ("http://www.my_site.example/a_b", "www.my_site.example/a_b"),
        ("https://example.org/i.png", "x"),
    }
    for shown in (
        "Hire me!here",
        "Look!www.evil.example/pixel.png",
        "See https://example.org/my_project_page.",
        "(see https://en.wikipedia.org/wiki/Rust_(programming_language)) and more",
        "Costs $5 or $x^2$ and :smile: at 10:30:45",
        "Back\\!x slash",
    ):
        assert shown in page.flat, (shown, page.flat)
    # GitHub's math and emoji come after CommonMark; cmark-gfm does neither, so the escapes
    # that keep them literal are checked in the Markdown itself (an emoji's: an invisible
    # word joiner, U+2060, since a backslash is gone before GitHub looks for `:smile:`)
    assert "\\$5 or \\$x^2\\$" in markdown and ":&NoBreak;smile:" in markdown


def paragraph(text: Rich) -> str:
    """`text` as the Markdown twin writes a paragraph."""
    return render_md(Document("", "", (), (Para((text,)),))).decode("utf-8")


MD_TEXT = st.lists(
    st.sampled_from([*"ab _*[]()!<>`~$:#&;\\/.-|1", "https://x.org/a_b", "www.", "&amp;"]),
    max_size=24,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(MD_TEXT, MD_TEXT, st.booleans())
def test_any_text_renders_on_github_as_written_and_never_as_an_image(
    before: str, after: str, bold: bool
) -> None:
    """Text, then a link, then text: the rendered text is the text written, the only link
    is ours with its exact target, and nothing is an image."""
    spans = (Span(before, bold=bold), Span("label", url="https://e.org/p.png"), Span(after))
    page = github(paragraph(Rich(spans)))
    assert page.images == []
    assert ("https://e.org/p.png", "label") in page.links
    assert page.flat == " ".join(f"{before}label{after}".split())
    plain_page = github(paragraph(plain(before + after)))
    assert plain_page.flat == " ".join((before + after).split())
    assert all("%5C" not in href for href, _ in plain_page.links)


def test_markup_parsed_from_a_resume_is_never_an_image() -> None:
    rich, _ = parse_inline("Hire me![here](https://evil.example/pixel.png)")
    page = github(paragraph(rich))
    assert page.images == [] and page.links == [("https://evil.example/pixel.png", "here")]


# --- 4. the family name of a user's font --------------------------------------------------------


def test_html_and_word_name_a_user_fonts_family_not_its_file(tmp_path: Path) -> None:
    make_font(tmp_path / "DejaVuSans.ttf", LATIN, family="DejaVu Sans")
    (tmp_path / "styles").mkdir()
    (tmp_path / "styles" / "dv.yaml").write_text(
        "extends: classic\nfonts:\n  body: DejaVuSans.ttf\n  headings: DejaVuSans.ttf\n"
        "  name: DejaVuSans.ttf\n",
        encoding="utf-8",
    )
    (tmp_path / "resume.yaml").write_text(NAME + "style: dv\nsummary: Hello\n", encoding="utf-8")
    code, err, _ = run(tmp_path, "build", "resume.yaml", "--format", "html,docx")
    assert code == 0, err
    html = (tmp_path / "output" / "resume.html").read_text(encoding="utf-8")
    assert html.count('font: 16px/1.45 "DejaVu Sans", ') == 1 and "DejaVuSans" not in html
    stack = '"DejaVu Sans", "Helvetica Neue", Arial, Calibri, sans-serif'
    assert html.count(stack) == html.count("sans-serif") >= 3
    with zipfile.ZipFile(tmp_path / "output" / "resume.docx") as z:
        styles = z.read("word/styles.xml").decode("utf-8")
    # the Latin text in Calibri (DejaVu Sans has no Word twin); the family kept by name
    assert 'w:eastAsia="DejaVu Sans"' in styles and "DejaVuSans" not in styles


# --- 5. a Word link holds its text ---------------------------------------------------------------


def link_spans(doc: Document) -> list[tuple[str, str]]:
    """Every link span of a writers' Document, in reading order: (text, url)."""
    out: list[tuple[str, str]] = []
    for part in doc.parts():
        for block in part.blocks if isinstance(part, Section) else (part,):
            riches = [v for v in vars_of(block) if isinstance(v, Rich)]
            for rich in riches:
                out += [(s.text, s.url) for s in rich.spans if s.url]
    return out


def vars_of(block: object) -> list[object]:
    """A block's Rich values, in the order the Word writer writes them."""
    values: list[object] = []
    for name in ("lines", "title", "sub", "items", "rows"):
        value = getattr(block, name, None)
        if isinstance(value, tuple):
            for v in value:
                values += [v.text] if hasattr(v, "label") else [v]
        elif value is not None:
            values.append(value)
    return values


def test_each_word_hyperlink_holds_its_visible_text_and_target(tmp_path: Path) -> None:
    text = EXAMPLE.read_text(encoding="utf-8").split("\n# The cover letter:")[0]
    (tmp_path / "resume.yaml").write_text(text, encoding="utf-8")
    code, err, _ = run(tmp_path, "build", "resume.yaml", "--format", "docx")
    assert code == 0, err
    word = docx.Document(str(tmp_path / "output" / "resume.docx"))
    rels = {
        rid: rel.target_ref
        for rid, rel in word.part.rels.items()
        if rel.reltype == RELATIONSHIP_TYPE.HYPERLINK
    }
    found = []
    for link in word.element.body.iter(qn("w:hyperlink")):
        runs = link.findall(qn("w:r"))
        shown = "".join(t.text or "" for run in runs for t in run.iter(qn("w:t")))
        found.append((shown, rels[link.get(qn("r:id"))]))
    resume, theme = load_inputs(tmp_path / "resume.yaml")
    expected = link_spans(resume_document(resume, theme))
    assert len(expected) >= 4 and found == expected
