"""The twins (txt, md, ...): every word the PDF shows, in order, in a file of each format.

The PDF is read back with pypdf and each twin is compared with it by the ATS recall helper
(order-preserving word recall must be 1.0). Markdown is parsed with a CommonMark library and
its text (what GitHub displays) is compared; escaping is checked by property tests.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import docx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from ats import measure, pdf_links, pdf_text
from conftest import EXAMPLE, FIXTURES, run_cli
from resume_pdf.style.theme import builtin_styles
from resume_pdf.text.inline import Rich, Span
from resume_pdf.write.document import Para
from resume_pdf.write.markdown import render_md

# the footer: `1 / 2`, and `Name · 2 / 2` on later pages
PAGE_NUMBER = re.compile(r"^[^\n]*?\s*\d+ / \d+\s*$", re.MULTILINE)
MD = MarkdownIt("commonmark").enable(["table", "strikethrough"])


def pdf_words(path: Path) -> str:
    """What the PDF shows, less the page footers (`Name · 2 / 2`): no twin has pages."""
    return PAGE_NUMBER.sub("", pdf_text(path))


def md_text(source: str) -> str:
    """The text a CommonMark renderer displays, one block per line."""
    out: list[str] = []
    for token in MD.parse(source):
        if token.type == "inline":
            for child in token.children or []:
                if child.type in ("text", "code_inline"):
                    out.append(child.content)
                elif child.type in ("softbreak", "hardbreak"):
                    out.append("\n")
            out.append("\n")
    return "".join(out)


class _HtmlText(HTMLParser):
    """The text of an HTML body (tags stripped, a line per block), and its tags."""

    BLOCKS = {"p", "li", "h1", "h2", "div", "section", "br", "ul", "header", "aside", "main"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.in_head = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self.in_head |= tag == "head"
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        self.in_head &= tag != "head"
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.in_head:
            self.parts.append(data)


def parse_html(source: str) -> _HtmlText:
    parser = _HtmlText()
    parser.feed(source)
    parser.close()
    return parser


def docx_text(path: Path) -> str:
    return "\n".join(p.text for p in docx.Document(str(path)).paragraphs)


def twin_text(path: Path) -> str:
    if path.suffix == ".docx":
        return docx_text(path)
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".html":
        return "".join(parse_html(text).parts)
    return md_text(text) if path.suffix == ".md" else text


def assert_same_words(pdf: Path, twin: Path, sidebar: bool = False) -> None:
    shown = pdf_words(pdf)
    if sidebar:  # the PDF titles the summary beside its panel (pdf/layout.py); twins need not
        shown = shown.replace("SUMMARY\n", "", 1)
    recall = measure(shown, twin_text(twin))
    assert recall.order_recall == 1.0, (twin.name, recall.missing, recall.order_recall)


ALL = "pdf,txt,md,html,docx"
TWINS = ("txt", "md", "html", "docx")


def build_all(source: Path, tmp_path: Path, *args: str, formats: str = ALL) -> Path:
    target = tmp_path / source.name
    target.write_bytes(source.read_bytes())
    run = run_cli("build", str(target), "--format", formats, *args)
    assert run.exit_code == 0, run.stderr
    return tmp_path / "output"


@pytest.mark.parametrize("style", builtin_styles())
def test_example_twins_hold_every_word_of_the_pdf(style: str, tmp_path: Path) -> None:
    out = build_all(EXAMPLE, tmp_path, "--style", style)
    for ext in TWINS:
        assert_same_words(out / "resume.pdf", out / f"resume.{ext}", sidebar=style == "sidebar")


@pytest.mark.parametrize("fixture", ["long.yaml", "all_sections.yaml"])
def test_fixture_twins_hold_every_word_of_the_pdf(fixture: str, tmp_path: Path) -> None:
    out = build_all(FIXTURES / fixture, tmp_path, "--pages", "2")
    stem = Path(fixture).stem
    for ext in TWINS:
        assert_same_words(out / f"{stem}.pdf", out / f"{stem}.{ext}")


def test_every_variant_gets_its_twins(tmp_path: Path) -> None:
    out = build_all(FIXTURES / "variants.yaml", tmp_path, "--all-variants")
    for name in ("compilers", "infra", "everything"):
        pdf = out / f"variants-{name}.pdf"
        for ext in TWINS:
            assert_same_words(pdf, out / f"variants-{name}.{ext}")
    infra = (out / "variants-infra.txt").read_text(encoding="utf-8")
    assert "Kubernetes" in infra and "LLVM" not in infra  # tailored like the PDF


def test_txt_is_made_for_pasting(tmp_path: Path) -> None:
    out = build_all(FIXTURES / "all_sections.yaml", tmp_path, "--pages", "2")
    lines = (out / "all_sections.txt").read_text(encoding="utf-8").splitlines()
    text = "\n".join(lines)
    for title in ("EXPERIENCE", "EDUCATION", "SKILLS"):
        assert title in lines  # section titles in capitals, on their own line
    assert any(line.startswith("- ") for line in lines)
    assert not any(line.startswith(("•", " ")) for line in lines)
    assert ": https://" in text and "<https://" not in text  # links as `label: url`
    assert text.count("\n\n\n") == 0


def test_txt_puts_dates_on_the_title_line_and_labels_before_links(tmp_path: Path) -> None:
    source = tmp_path / "r.yaml"
    source.write_text(
        "name: Ann\ncontact: {website: https://ann.example.org}\n"
        "summary: See [my blog](https://blog.example.org/x) and **C++**.\n"
        "sections:\n  - title: Work\n    experience:\n"
        "      - {role: Lead, organization: Acme, start: 2020-03, end: present,\n"
        "         location: Oslo, summary: Built things., highlights: [One, Two]}\n",
        encoding="utf-8",
    )
    assert run_cli("build", str(source), "--format", "txt").exit_code == 0
    text = (tmp_path / "output" / "r.txt").read_text(encoding="utf-8")
    assert text == (
        "Ann\nann.example.org\n\n"
        "See my blog: https://blog.example.org/x and C++.\n\n"
        "WORK\n\nLead | Mar 2020 - now\nAcme · Oslo\nBuilt things.\n- One\n- Two\n"
    )
    assert not (tmp_path / "output" / "r.pdf").exists()  # only what was asked for


def test_md_renders_as_a_document(tmp_path: Path) -> None:
    out = build_all(EXAMPLE, tmp_path)
    source = (out / "resume.md").read_text(encoding="utf-8")
    tokens = MD.parse(source)
    headings = [
        (tok.tag, tokens[i + 1].content)
        for i, tok in enumerate(tokens)
        if tok.type == "heading_open"
    ]
    assert headings[0] == ("h1", "Alex Placeholder")
    assert [tag for tag, _ in headings[1:]] == ["h2"] * 4
    assert headings[1][1] == "Three things I’ve built, and why they matter"  # curled, as the PDF
    html = MD.render(source)
    assert '<a href="mailto:alex@example.com">' in html
    assert '<a href="https://github.com/pytorch/pytorch/pulls?q=is%3Apr+AOTInductor">' in html
    assert "<strong>AOTInductor</strong>" in html
    assert html.count("<li>") == 8  # skill groups and timeline rows


HOSTILE = [
    '<script>alert("x")</script>',
    '<img src="/etc/passwd"/> <img src=x onerror=alert(1)>',
    "[click](javascript:alert(1)) ![i](http://127.0.0.1/x.png)",
    "&amp; &lt;b&gt; &#0; R&D AT&T",
    "# not a heading",
    "- not a list",
    "1. not a list",
    "> not a quote",
    "    four spaces",
    "```fence```",
    "~~not struck~~ | a | b |",
    "a_b_c __x__ *y* \\*",
    "<https://autolink.example.org>",
    "Title #",
    "---",
    "===",
    "2023) x",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_md_shows_hostile_text_literally(text: str) -> None:
    for rich in (Rich((Span(text),)), Rich((Span(text, bold=True),))):
        shown = render_md_para(rich)
        rendered = MD.render(shown)
        assert "<script" not in rendered and "<img" not in rendered
        # the only links are addresses written out in the text, linked to themselves
        hrefs = re.findall(r'<a href="([^"]*)">([^<]*)</a>', rendered)
        assert all(href == shown_text and href in text for href, shown_text in hrefs)
        assert md_text(shown) == text.strip(" ") + "\n"


def test_md_hostile_text_in_every_field(tmp_path: Path) -> None:
    payload = " ".join((HOSTILE[0], HOSTILE[1], HOSTILE[3], "[x] (javascript:alert(1))"))
    quoted = json.dumps(payload)  # (a javascript: link in markup would be a located error)
    source = tmp_path / "resume.yaml"
    source.write_text(
        f"name: {quoted}\nheadline: {quoted}\nsummary: {quoted}\n"
        f"contact: {{email: a@example.com, location: {quoted}}}\n"
        f"sections:\n  - title: {quoted}\n    experience: [{{role: {quoted}, "
        f"organization: {quoted}, location: {quoted}, highlights: [{quoted}]}}]\n"
        f"  - title: S\n    skills: [{{group: {quoted}, items: [{quoted}]}}]\n",
        encoding="utf-8",
    )
    assert run_cli("build", str(source), "--format", "md").exit_code == 0
    rendered = MD.render((tmp_path / "output" / "resume.md").read_text(encoding="utf-8"))
    assert "<script" not in rendered and "<img" not in rendered
    assert re.findall(r'href="([^"]*)"', rendered) == ["mailto:a@example.com"]


TEXT = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp")),
    max_size=40,
)


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_md_escape_round_trips(text: str) -> None:
    shown = md_text(render_md_para(Rich((Span(text),))))
    assert shown.strip("\n") == text.strip()  # (the model strips every field)


SPANS = st.lists(
    st.builds(Span, TEXT.filter(bool), st.booleans(), st.booleans(), st.just(None)),
    max_size=5,
)


@settings(max_examples=300, deadline=None)
@given(SPANS)
def test_md_emphasis_never_changes_the_text(spans: list[Span]) -> None:
    rich = Rich(tuple(spans))
    assert md_text(render_md_para(rich)).strip("\n") == rich.plain.strip()


def render_md_para(rich: Rich) -> str:
    from resume_pdf.write.document import Document

    return render_md(Document("t", "a", header=(), main=(Para((rich,)),))).decode()


def test_unknown_format_is_a_usage_error(tmp_path: Path) -> None:
    run = run_cli("build", str(EXAMPLE), "--format", "pdf,odt")
    assert run.exit_code == 2
    assert "odt" in run.stderr


def test_formats_in_the_resume_and_the_command_line_wins(tmp_path: Path) -> None:
    source = tmp_path / "cv.yaml"
    source.write_text("name: Ann\nformats: [pdf, md]\n", encoding="utf-8")
    run = run_cli("build", str(source))
    assert run.exit_code == 0, run.stderr
    assert "cv.md" in run.stdout
    out = tmp_path / "output"
    assert sorted(p.name for p in out.iterdir()) == ["cv.md", "cv.pdf"]
    assert run_cli("build", str(source), "--format", "txt").exit_code == 0
    assert (out / "cv.txt").exists()
    source.write_text("name: Ann\nformats: [pdf, odt]\n", encoding="utf-8")
    run = run_cli("build", str(source))
    assert run.exit_code == 1
    assert "cv.yaml:2:" in run.stderr and "formats[1]" in run.stderr


def test_a_failed_build_leaves_every_twin_untouched(tmp_path: Path) -> None:
    source = tmp_path / "cv.yaml"
    source.write_text("name: Ann\n", encoding="utf-8")
    assert run_cli("build", str(source), "--format", "pdf,txt,md").exit_code == 0
    out = tmp_path / "output"
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    source.write_text("name: Ann\nemial: x\n", encoding="utf-8")
    assert run_cli("build", str(source), "--format", "pdf,txt,md").exit_code == 1
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


def test_dash_o_names_the_pdf_and_the_twins_sit_beside_it(tmp_path: Path) -> None:
    source = tmp_path / "cv.yaml"
    source.write_text("name: Ann\n", encoding="utf-8")
    target = tmp_path / "final" / "Ann-CV.pdf"
    run = run_cli("build", str(source), "-o", str(target), "--format", "pdf,md")
    assert run.exit_code == 0, run.stderr
    assert (tmp_path / "final" / "Ann-CV.md").read_text(encoding="utf-8") == "# Ann\n"


def test_a_twins_only_build_does_no_layout(tmp_path: Path) -> None:
    """Text and Markdown come from the résumé, not from the PDF: no layout is done."""
    code = (
        "import sys; from resume_pdf.cli import main\n"
        f"try: main(['build', {str(EXAMPLE)!r}, '-o', {str(tmp_path / 'x.pdf')!r},"
        " '--format', 'txt,md'])\n"
        "except SystemExit: pass\n"
        "print(sorted(m for m in sys.modules if m.startswith('resume_pdf.pdf')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"
    assert (tmp_path / "x.md").exists() and not (tmp_path / "x.pdf").exists()


URL = re.compile(r"""(?:https?|ftp|file|data|javascript):[^\s"'<>)]*""", re.IGNORECASE)


def test_html_is_self_contained_semantic_and_links_only_the_resume(tmp_path: Path) -> None:
    out = build_all(EXAMPLE, tmp_path, "--style", "sidebar")
    source = (out / "resume.html").read_text(encoding="utf-8")
    parsed = parse_html(source)
    tags = [tag for tag, _ in parsed.tags]
    assert "script" not in tags and "img" not in tags and "link" not in tags
    assert "@import" not in source and "url(" not in source
    # the sidebar's summary under its heading, as in the PDF: five titled sections
    assert tags.count("h1") == 1 and tags.count("h2") == 5 and tags.count("section") == 5
    assert "aside" in tags and "time" in tags and "ul" in tags
    hrefs = [a["href"] for tag, a in parsed.tags if tag == "a"]
    from resume_pdf.model.content import expected_links
    from resume_pdf.model.resume_schema import load_resume

    own = set(expected_links(load_resume(EXAMPLE)))
    assert set(hrefs) == own
    assert {u.replace("&amp;", "&") for u in URL.findall(source)} <= own
    assert '<time datetime="2025">2025</time>' in source
    assert "@page { size: letter;" in source


def test_html_keeps_hostile_markup_inert(tmp_path: Path) -> None:
    payload = " ".join((*HOSTILE[:4], "\"' onmouseover=alert(1) </style><style>", "[x] (y)"))
    payload = payload.replace("[click](javascript:alert(1))", "[click] (javascript:alert(1))")
    quoted = json.dumps(payload)
    source = tmp_path / "resume.yaml"
    source.write_text(
        f"name: {quoted}\nheadline: {quoted}\nsummary: {quoted}\n"
        f"contact: {{email: a@example.com, location: {quoted}}}\n"
        f"sections:\n  - title: {quoted}\n    experience: [{{role: {quoted}, "
        f"organization: {quoted}, location: {quoted}, highlights: [{quoted}]}}]\n"
        f"  - title: S\n    skills: [{{group: {quoted}, items: [{quoted}]}}]\n"
        f"  - title: L\n    timeline: [{{date: {quoted}, text: {quoted}}}]\n",
        encoding="utf-8",
    )
    run = run_cli("build", str(source), "--format", "pdf,html,docx")
    assert run.exit_code == 0, run.stderr
    html = (tmp_path / "output" / "resume.html").read_text(encoding="utf-8")
    parsed = parse_html(html)
    allowed = {
        "html",
        "head",
        "meta",
        "title",
        "style",
        "body",
        "div",
        "header",
        "main",
        "section",
        "h1",
        "h2",
        "h3",
        "address",
        "p",
        "span",
        "strong",
        "em",
        "a",
        "ul",
        "li",
        "br",
    }
    assert {tag for tag, _ in parsed.tags} <= allowed
    assert all(
        set(a) <= {"href", "class", "charset", "name", "content", "lang", "datetime"}
        for _, a in parsed.tags
    )
    hrefs = [a["href"] for tag, a in parsed.tags if tag == "a"]
    pdf = tmp_path / "output" / "resume.pdf"
    assert set(hrefs) == set(pdf_links(pdf))  # `![i](http://...)` is a link the user wrote
    assert not any(h.lower().startswith(("javascript", "file", "data")) for h in hrefs)
    assert html.count("<style>") == 1 and html.count("</style>") == 1
    recall = measure(pdf_words(tmp_path / "output" / "resume.pdf"), "".join(parsed.parts))
    assert recall.order_recall == 1.0, recall.missing
    assert payload.split()[0] in docx_text(tmp_path / "output" / "resume.docx")


def test_docx_has_word_structure_links_and_properties(tmp_path: Path) -> None:
    out = build_all(FIXTURES / "all_sections.yaml", tmp_path, "--pages", "2", "--style", "modern")
    word = docx.Document(str(out / "all_sections.docx"))
    styles = [p.style.name for p in word.paragraphs]
    assert styles[0] == "Heading 1"
    assert styles.count("Heading 2") == 8
    assert styles.count("List Bullet") >= 3
    heading = word.styles["Heading 2"]
    # Roboto's kind, in the family every Word has (its free twin Carlito in LibreOffice)
    assert heading.font.name == "Calibri" and str(heading.font.color.rgb) == "0F766E"
    assert word.styles["Normal"].font.name == "Calibri"
    props = word.core_properties
    assert props.author == word.paragraphs[0].text
    assert props.title == f"{props.author} — Résumé"
    links = {r.target_ref for r in word.part.rels.values() if r.reltype.endswith("/hyperlink")}
    assert "https://example.org/paper.pdf" in links
    dated = [p for p in word.paragraphs if "\t" in p.text]
    assert dated and all(p.paragraph_format.tab_stops[0].alignment == 2 for p in dated)  # right
    section = word.sections[0]
    assert round(section.page_width.pt) == 612
    ppr = [c.tag.split("}")[-1] for c in heading.element.pPr]
    assert ppr.index("pBdr") < ppr.index("spacing")  # the schema's order, or Word refuses it


def test_docx_and_html_are_the_same_bytes_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")  # else the Word file is dated now
    first = build_all(EXAMPLE, tmp_path, formats="docx,html")
    one = {p.name: p.read_bytes() for p in first.iterdir()}
    for p in first.iterdir():
        p.unlink()
    build_all(EXAMPLE, tmp_path, formats="docx,html")
    assert {p.name: p.read_bytes() for p in first.iterdir()} == one


def test_twins_use_the_styles_dates_and_the_locales_words(tmp_path: Path) -> None:
    source = tmp_path / "cv.yaml"
    source.write_text(
        "name: Ann\nlocale: de\nstyle: modern\nsections:\n  - title: Arbeit\n    experience:\n"
        "      - {role: Leiterin, organization: Acme, start: 2021-03, end: present}\n",
        encoding="utf-8",
    )
    assert run_cli("build", str(source), "--format", ALL).exit_code == 0
    out = tmp_path / "output"
    for ext in TWINS:
        assert "März 2021 – Heute" in twin_text(out / f"cv.{ext}"), ext
        assert_same_words(out / "cv.pdf", out / f"cv.{ext}")
    assert '<html lang="de">' in (out / "cv.html").read_text(encoding="utf-8")
    assert docx.Document(str(out / "cv.docx")).core_properties.language == "de"


def test_docx_bullets_are_word_numbering_not_characters(tmp_path: Path) -> None:
    out = build_all(FIXTURES / "all_sections.yaml", tmp_path, "--pages", "2", formats="docx")
    word = docx.Document(str(out / "all_sections.docx"))
    bullet_style = word.styles["List Bullet"].element
    assert bullet_style.pPr.numPr is not None  # Word draws the bullet from its numbering
    items = [p.text for p in word.paragraphs if p.style.name == "List Bullet"]
    assert items and not any(t.startswith(("•", "-", "*")) for t in items)
