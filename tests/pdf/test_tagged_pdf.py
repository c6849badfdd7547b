"""The tagged PDF: the structure tree read back with pikepdf (tests/structure.py)
for every style and the example, a two-page résumé, a sidebar résumé with a photo and the
letter; the pdfua checker on each; the text layer the same as an untagged build's."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pikepdf
import pypdf
import pypdfium2
import pytest
from pdfminer.high_level import extract_text
from PIL import Image

import structure
from ats import measure
from conftest import run_cli
from expected import expected_text
from resume_pdf.pdf.canvas import KerningCanvas

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "resume.yaml"
STYLES = sorted(p.stem for p in (ROOT / "src/resume_pdf/styles").glob("*.yaml"))

CONTAINERS = {"Document", "Sect", "L", "LI"}
LEAVES = {"H1", "H2", "H3", "P", "Lbl", "LBody", "Link", "Span", "Figure", "Strong", "Em"}
INLINE = {"H3", "P", "LBody", "Lbl"}  # what holds a paragraph's runs
PARENTS = {  # a role: the roles it may sit in
    "Sect": {"Document"},
    "H1": {"Document"},
    "H2": {"Sect"},
    "LI": {"L"},
    "Lbl": {"LI"},
    "LBody": {"LI"},
    "L": {"Document", "Sect", "LBody"},
    "Figure": {"Document"},
    "Link": INLINE | {"P", "Document"},
    "Strong": {"P", "LBody", "Link"},
    "Em": {"P", "LBody", "Link"},
}

PHOTO_CV = """name: Ada Lovelace
photo: me.png
headline: Analyst
contact: {email: ada@example.com, website: "https://example.org"}
summary: Writes the first program.
sections:
  - title: Experience
    experience:
      - role: Analyst
        organization: Engine Co
        start: 1842
        end: 1843
        highlights: [Wrote notes, "Published a [paper](https://example.org/p)"]
  - title: Skills
    skills:
      - {group: Languages, items: [Python, C++]}
      - {group: Tools, items: [Git]}
  - title: Education
    education:
      - {institution: Uni, degree: BSc, start: 1830, end: 1834}
"""


def two_pages() -> str:
    lines = ["name: Two Pager", "headline: Engineer", "contact: {email: two@example.com}"]
    lines += ["summary: " + "A long summary that splits across the page break. " * 14]
    lines += ["sections:"]
    for s in range(2):
        lines += [f"  - title: Section {s}", "    experience:"]
        for e in range(3):
            lines += [f"      - role: Role {s}{e}", f"        organization: Org {s}{e}"]
            lines += ["        start: 2020", "        highlights:"]
            lines += [f"          - Bullet {s}{e}{b} " + "word " * 30 for b in range(4)]
    return "\n".join(lines) + "\n"


def make(tmp_path: Path, source: str | Path, *args: str, command: str = "build") -> Path:
    if isinstance(source, Path):
        cv = source
    else:
        cv = tmp_path / "cv.yaml"
        cv.write_text(source, encoding="utf-8")
        Image.new("RGB", (48, 48), (200, 30, 30)).save(tmp_path / "me.png")
    out = tmp_path / f"{command}.pdf"
    run = run_cli(command, str(cv), "-o", str(out), *args)
    assert run.exit_code == 0, run.stderr
    return out


def check_shape(tagged: structure.Tagged) -> None:
    """Element types and nesting; every leaf holds drawn content; links hold their
    annotation; no text outside tags and artifacts; what pdfua reads is clean."""
    root = tagged.root
    assert root.role == "Document"
    seen = {}
    for elem in root.walk():
        assert elem.role in CONTAINERS | LEAVES, elem.role
        for kid in elem.kids:
            if isinstance(kid, structure.Elem):
                seen.setdefault(kid.role, set()).add(elem.role)
        if elem.role in CONTAINERS:
            assert all(isinstance(k, structure.Elem) for k in elem.kids), elem.role
        if elem.role == "Link":
            assert "OBJR" in elem.kids
            if all(k == "OBJR" for k in elem.kids):  # its words in its line's sequence
                assert elem.alt == " ".join(dict.fromkeys(elem.contents)), elem.contents
        if elem.role == "LI":
            roles = [k.role for k in elem.kids]
            assert roles in (["Lbl", "LBody"], ["LBody"]), roles
    for role, parents in seen.items():
        assert parents <= PARENTS.get(role, parents), (role, parents)
    assert [e.role for e in root.kids if e.role == "H1"] == ["H1"]
    assert tagged.unmarked == []
    assert tagged.unbalanced == []  # every BDC ended, inside the text object it began in
    for page in tagged.pdf.pages:
        annots = [a for a in page.get("/Annots", []) if a.Subtype == "/Link"]
        for a in annots:
            assert "/StructParent" in a and str(a.Contents).strip()
            assert int(a.get("/F", 0)) & 4, "a link without the Print flag"
        assert page.get("/Tabs") == (pikepdf.Name.S if annots else None)
        assert "/StructParents" in page


def pdfua_findings(pdf: Path) -> list[str]:
    from pdfua import validate

    return [f"{f.rule_id} {f.severity.name} {f.message}" for f in validate(str(pdf)).findings]


def reads_in_source_order(tagged: structure.Tagged, cv: Path, style: str = "classic") -> None:
    """The tree's marked content, read in the tree's order, holds every word of the
    résumé in the order it is drawn, which is the source's (name, headline, contact,
    summary, sections) but for a sidebar: its panel, drawn first, is read first (name,
    contact, the panel's sections), then the main column, as the text layer reads it."""
    from test_builtin_styles_read_back import shown as drawn

    shown = drawn(style, cv)
    recall = measure(expected_text(cv, shown), tagged.words())
    assert recall.order_recall == 1.0, recall.missing[:10]


@pytest.mark.parametrize("style", STYLES)
def test_every_style_tags_the_example(tmp_path: Path, style: str) -> None:
    pdf = make(tmp_path, EXAMPLE, "--style", style)
    tagged = structure.read(pdf)
    check_shape(tagged)
    reads_in_source_order(tagged, EXAMPLE, style)
    roles = [e.role for e in tagged.root.walk()]
    h1 = next(e for e in tagged.root.walk() if e.role == "H1")
    assert tagged.text(h1) == "Alex Placeholder"
    for role in ("Sect", "H2", "H3", "L", "LI", "Lbl", "LBody", "Link"):
        assert role in roles, role
    sects = [e for e in tagged.root.kids if e.role == "Sect"]
    assert all(s.kids[0].role == "H2" for s in sects)
    titles = [tagged.text(s.kids[0]).casefold() for s in sects]
    assert "skills" in titles
    assert pdfua_findings(pdf) == []


def test_a_two_page_resume_is_one_tree_over_both_pages(tmp_path: Path) -> None:
    pdf = make(tmp_path, two_pages(), "--pages", "2")
    tagged = structure.read(pdf)
    check_shape(tagged)
    assert len(tagged.pdf.pages) == 2
    reads_in_source_order(tagged, tmp_path / "cv.yaml")
    assert {p for p, _ in tagged.root.mcids()} == {0, 1}
    assert [p.StructParents for p in tagged.pdf.pages] != [0, 0]
    # the page numbers and running footer are artifacts, never in the tree
    assert "1 / 2" in "".join(tagged.artifacts) and "Two Pager · 2 / 2" in "".join(tagged.artifacts)
    assert "/ 2" not in tagged.words()
    assert pdfua_findings(pdf) == []


def test_a_paragraph_split_by_the_page_break_is_one_element(tmp_path: Path) -> None:
    long = "A long summary that splits across the page break. " * 250
    cv = f"name: Two Pager\ncontact: {{email: two@example.com}}\nsummary: {long}\n"
    tagged = structure.read(make(tmp_path, cv, "--pages", "2"))
    check_shape(tagged)
    summary = [e for e in tagged.root.kids if e.role == "P"][-1]
    assert {p for p, _ in summary.mcids()} == {0, 1}
    assert tagged.text(summary).split() == long.split()


def test_a_sidebar_resume_reads_in_logical_order_with_its_photo(tmp_path: Path) -> None:
    pdf = make(tmp_path, PHOTO_CV, "--style", "sidebar")
    tagged = structure.read(pdf)
    check_shape(tagged)
    kids = tagged.root.kids
    assert [k.role for k in kids[:3]] == ["Figure", "H1", "P"]
    figure = kids[0]
    assert figure.alt == "Photo of Ada Lovelace" and figure.mcids()
    # the panel (skills, education) is drawn first, and read first: the tree's order is
    # the drawing order, as every text extractor reads the page
    sects = [tagged.text(k.kids[0]).casefold() for k in kids if k.role == "Sect"]
    assert sects == ["skills", "summary", "experience", "education"]  # education: main
    reads_in_source_order(tagged, tmp_path / "cv.yaml", "sidebar")
    assert tagged.artifact_paths >= 1 and tagged.unmarked_paths == 0  # the tinted panel
    assert pdfua_findings(pdf) == []


def test_a_photo_beside_the_header_is_a_figure_with_alt_text(tmp_path: Path) -> None:
    pdf = make(tmp_path, PHOTO_CV)
    tagged = structure.read(pdf)
    check_shape(tagged)
    figures = [e for e in tagged.root.walk() if e.role == "Figure"]
    assert [f.alt for f in figures] == ["Photo of Ada Lovelace"]
    items = [e for e in tagged.root.walk() if e.role == "LI" and tagged.text(e.kids[0]) == "•"]
    assert [tagged.text(i.kids[1]) for i in items] == ["Wrote notes", "Published a paper"]
    link = items[1].kids[1].kids[-1]  # the link inside the bullet holds its annotation
    assert link.role == "Link" and "OBJR" in link.kids
    assert pdfua_findings(pdf) == []


@pytest.mark.parametrize("style", ["classic", "sidebar"])
def test_the_letter_is_tagged(tmp_path: Path, style: str) -> None:
    cv = PHOTO_CV.replace("photo: me.png\n", "") + (
        "letter:\n  to: [Hiring Team]\n  subject: Analyst role\n  greeting: Dear team,\n"
        "  body: First paragraph.\n  closing: Yours,\n"
    )
    pdf = make(tmp_path, cv, "--style", style, command="letter")
    tagged = structure.read(pdf)
    check_shape(tagged)
    words = tagged.words()
    assert words.index("Ada Lovelace") < words.index("Dear team,") < words.index("Yours,")
    assert tagged.unmarked_paths == 0  # the rule under the header is an artifact
    assert pdfua_findings(pdf) == []


def test_decorations_are_artifacts(tmp_path: Path) -> None:
    """Icons, separators, heading rules: drawn, but as artifacts (modern has icons and
    rules); nothing is painted outside marked content."""
    pdf = make(tmp_path, EXAMPLE, "--style", "modern")
    tagged = structure.read(pdf)
    assert tagged.artifact_paths >= 5 and tagged.unmarked_paths == 0
    # with icons, the contact line is one P, a sequence a row (its separators in it, as in
    # the line without icons: a boundary beside a space splits the words in pdf.js), its
    # links Link elements holding their annotations
    contact = next(e for e in tagged.root.kids if e.role == "P" and "Link" in roles_of(e))
    assert tagged.text(contact).startswith("alex@example.com · +1 650 555 0100 · Menlo Park")
    shown = [text for role, text in inline_kids(tagged, contact) if role == "Link"]
    assert shown[0] == "alex@example.com" and "github.com/example" in shown


def test_declares_pdf_ua(tmp_path: Path) -> None:
    pdf = pikepdf.open(make(tmp_path, EXAMPLE))
    root = pdf.Root
    assert root.MarkInfo.Marked is True
    assert str(root.Lang) == "en"
    assert root.ViewerPreferences.DisplayDocTitle is True
    xmp = root.Metadata.read_bytes().decode()
    assert "<pdfuaid:part>1</pdfuaid:part>" in xmp
    assert "Alex Placeholder — Résumé" in xmp and "<rdf:li>Alex Placeholder</rdf:li>" in xmp
    assert root.StructTreeRoot.ParentTreeNextKey > 0


def roles_of(elem: structure.Elem) -> list[str]:
    return [k.role for k in elem.kids if isinstance(k, structure.Elem)]


def untagged(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, *args: str) -> bytes:
    monkeypatch.setattr(KerningCanvas, "tagged", False)
    try:
        return make(tmp_path / "plain", EXAMPLE, *args).read_bytes()
    finally:
        monkeypatch.setattr(KerningCanvas, "tagged", True)


def texts(pdf: bytes) -> tuple[str, str, str]:
    a = "\n".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(pdf)).pages)
    b = extract_text(io.BytesIO(pdf))
    doc = pypdfium2.PdfDocument(pdf)
    c = "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    return a, b, c


@pytest.mark.parametrize("style", ["modern", "sidebar"])
def test_the_text_layer_is_the_untagged_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, style: str
) -> None:
    """pypdf, pdfminer.six and PDFium read the tagged PDF exactly as the untagged one."""
    (tmp_path / "plain").mkdir()
    plain = untagged(monkeypatch, tmp_path, "--style", style)
    tagged = make(tmp_path, EXAMPLE, "--style", style).read_bytes()
    assert b"StructTreeRoot" in tagged and b"StructTreeRoot" not in plain
    assert texts(tagged) == texts(plain)


def test_verify_checks_the_tags(tmp_path: Path) -> None:
    """--verify reads the tree back: a PDF stripped of its alt text, a link's /Link and
    one paragraph's marked content is reported, each."""
    from resume_pdf.build import load_resume  # noqa: F401 (the loader the CLI uses)
    from resume_pdf.check.verify_tags import check_structure

    pdf = make(tmp_path, PHOTO_CV)
    reader = pypdf.PdfReader(pdf)
    assert check_structure(reader, ["Writes the first program."], ["Experience", "Skills"]) == []
    with pikepdf.open(pdf) as doc:
        for elem in _elements(doc.Root.StructTreeRoot.K):
            if elem.S == "/Figure":
                del elem["/Alt"]
            if elem.S == "/Link":
                kids = elem.K if isinstance(elem.K, pikepdf.Array) else [elem.K]
                elem.K = pikepdf.Array([k for k in kids if not isinstance(k, pikepdf.Dictionary)])
        page = doc.pages[0]
        data = page.Contents.read_bytes()  # the name's marked content taken away
        data = re.sub(rb"/H1 <</MCID \d+>> BDC(.*?)EMC", rb"\1", data, count=1, flags=re.S)
        page.Contents.write(data)
        doc.save(tmp_path / "broken.pdf")
    found = [p.message for p in check_structure(pypdf.PdfReader(tmp_path / "broken.pdf"), [], [])]
    assert any("alternative text" in m for m in found), found
    assert any("not held by a /Link" in m for m in found), found
    assert any("outside any tagged element" in m for m in found), found
    order = check_structure(reader, [], ["Skills", "Experience"])
    assert [p.message for p in order] == [
        "the structure tree reads the sections out of the résumé's order"
    ]


def _elements(node: pikepdf.Object) -> list[pikepdf.Dictionary]:
    out = []
    kids = node.get("/K")
    for kid in kids if isinstance(kids, pikepdf.Array) else [kids]:
        if isinstance(kid, pikepdf.Dictionary) and "/S" in kid:
            out += _elements(kid)
    return [node, *out] if "/S" in node else out


def test_a_run_in_another_script_says_its_language(tmp_path: Path) -> None:
    """A Greek name in an English résumé is an H1 in Greek; a line mixing scripts, or
    written in the document's, says nothing of its own."""
    cv = (
        "name: Ελένη Παπαδοπούλου\ncontact: {email: h@example.com}\nsections:\n"
        "  - title: Languages\n    bullets: [Ελληνικά, English and Ελληνικά]\n"
    )
    tagged = structure.read(make(tmp_path, cv))
    check_shape(tagged)
    assert str(tagged.pdf.Root.Lang) == "en"
    langs = {tagged.text(e): e.lang for e in tagged.root.walk() if e.role in ("H1", "LBody")}
    assert langs == {
        "Ελένη Παπαδοπούλου": "el",
        "Ελληνικά": "el",
        "English and Ελληνικά": None,
    }


PAPER = (
    "paper on the analytical engine of Charles Babbage, with notes on its uses, its programs,"
    " its tables and its limits"
)
RUNS_CV = """name: Ada Lovelace
contact: {email: ada@example.com}
summary: "I wrote **the first program** and *notes* on the [Engine](https://example.org/engine),
  read by few: **un**usual."
sections:
  - title: Experience
    experience:
      - role: Analyst
        organization: Engine Co
        start: 1842
        highlights: ["Published a **long** [PAPER](https://example.org/p) in 1843"]
""".replace("PAPER", PAPER)


def inline_kids(tagged: structure.Tagged, elem: structure.Elem) -> list[tuple[str, str]]:
    """Each inline element and its words; a Link inside a line holds its annotation, whose
    /Contents are its words (the words themselves are in the line's own marked content)."""
    return [
        (k.role, tagged.text(k) or " ".join(dict.fromkeys(k.contents)))
        for k in elem.kids
        if isinstance(k, structure.Elem)
    ]


def test_a_link_inside_a_line_does_not_split_its_marked_content(tmp_path: Path) -> None:
    """The contact line is one marked-content sequence, its links Link elements holding
    their annotations: pdf.js ends a text item at every BDC/EMC and hands the space there
    as an item of its own, which parsers drop ("alex@example.com·+1 650 …")."""
    tagged = structure.read(make(tmp_path, EXAMPLE))
    contact = next(e for e in tagged.root.kids if e.role == "P" and "Link" in roles_of(e))
    assert len(contact.mcids()) == 1
    assert tagged.text(contact).startswith("alex@example.com · +1 650 555 0100 · Menlo Park")
    links = [k for k in contact.kids if isinstance(k, structure.Elem)]
    assert all(k.role == "Link" and k.kids == ["OBJR"] for k in links)
    assert [k.contents[0] for k in links][:2] == ["alex@example.com", "+1 650 555 0100"]


@pytest.mark.parametrize("style", ["classic", "mono"])
def test_bold_and_italic_runs_are_strong_and_em(tmp_path: Path, style: str) -> None:
    """**bold** and *italic* inside a paragraph are Strong and Em elements of it (role-mapped
    to Span for PDF 1.7 readers); a paragraph reads as before around them; headings, set
    bold by the style, hold none."""
    pdf = make(tmp_path, EXAMPLE, "--style", style)
    tagged = structure.read(pdf)
    summary = next(e for e in tagged.root.kids if e.role == "P" and "AOTInductor" in tagged.text(e))
    assert inline_kids(tagged, summary) == [("Strong", "AOTInductor")]
    assert tagged.text(summary).startswith("I created AOTInductor, PyTorch’s ahead-of-time")
    assert dict(tagged.pdf.Root.StructTreeRoot.RoleMap) == {"/Strong": pikepdf.Name.Span}
    for heading in (e for e in tagged.root.walk() if e.role in ("H1", "H2", "H3")):
        assert not any(isinstance(k, structure.Elem) and k.role == "Strong" for k in heading.kids)
    assert pdfua_findings(pdf) == []

    pdf = make(tmp_path, RUNS_CV, "--style", style)
    tagged = structure.read(pdf)
    check_shape(tagged)
    summary = next(e for e in tagged.root.kids if e.role == "P" and "program" in tagged.text(e))
    assert inline_kids(tagged, summary) == [
        ("Strong", "the first program"),
        ("Em", "notes"),
        ("Link", "Engine"),
        ("Strong", "un"),
    ]
    shown = "I wrote the first program and notes on the Engine, read by few: unusual."
    assert tagged.text(summary) == shown  # "un" and "usual" one word, as drawn
    from resume_pdf.check.verify_tags import check_structure  # --verify reads it so too

    assert check_structure(pypdf.PdfReader(pdf), [shown], ["Experience"]) == []
    roles = dict(tagged.pdf.Root.StructTreeRoot.RoleMap)
    assert roles == {"/Strong": pikepdf.Name.Span, "/Em": pikepdf.Name.Span}
    assert pdfua_findings(pdf) == []


@pytest.mark.parametrize("style", ["classic", "mono"])
def test_a_link_in_a_paragraph_holds_its_words_and_annotation(tmp_path: Path, style: str) -> None:
    """A link inside a paragraph or bullet is a Link element in it holding the link's
    words (marked content) and its annotation (an OBJR); a link broken over two lines is
    one Link holding both annotations. mono underlines its links: the underline is an
    artifact."""
    pdf = make(tmp_path, EXAMPLE, "--style", style)
    tagged = structure.read(pdf)
    prs = [e for e in tagged.root.walk() if e.role == "P" and tagged.text(e) == "See the PRs →"]
    assert len(prs) == 3
    for p in prs:
        (link,) = p.kids
        assert link.role == "Link" and tagged.text(link) == "See the PRs →"
        assert link.mcids() and link.kids.count("OBJR") == 1
    contact = next(e for e in tagged.root.kids if e.role == "P" and "Link" in roles_of(e))
    links = [text for _, text in inline_kids(tagged, contact)]
    assert links[0] == "alex@example.com" and "github.com/example" in links
    assert tagged.unmarked_paths == 0

    pdf = make(tmp_path, RUNS_CV, "--style", style)
    tagged = structure.read(pdf)
    check_shape(tagged)
    body = next(e for e in tagged.root.walk() if e.role == "LBody")
    assert inline_kids(tagged, body) == [
        ("Strong", "long"),
        ("Link", PAPER),
    ]
    link = next(k for k in body.kids if isinstance(k, structure.Elem) and k.role == "Link")
    annots = [a for p in tagged.pdf.pages for a in p.get("/Annots", [])]
    paper = [a for a in annots if str(a.A.URI) == "https://example.org/p"]
    assert len(paper) == link.kids.count("OBJR") == 2  # the link is broken over two lines
    assert {str(a.Contents) for a in paper} == {PAPER}
    assert tagged.unmarked_paths == 0
    assert pdfua_findings(pdf) == []


def test_the_tree_is_packed_in_an_object_stream(tmp_path: Path) -> None:
    """The structure elements are written compressed in one object stream with a
    cross-reference stream (PDF 1.5), not one by one: the file reads back without repair
    and its tree is whole."""
    pdf = make(tmp_path, RUNS_CV)
    raw = pdf.read_bytes()
    assert raw.startswith(b"%PDF-1.5") and b"/Type/ObjStm" in raw and b"/Type/XRef" in raw
    assert b"/S /P" not in raw and b"<</S /" not in raw  # no element written in the clear
    with pikepdf.open(pdf, attempt_recovery=False) as doc:
        assert doc.check_pdf_syntax() == []
    tagged = structure.read(pdf)
    check_shape(tagged)
    assert len([e for e in tagged.root.walk() if e.role in ("Strong", "Em", "Link")]) == 7
    reader = pypdf.PdfReader(pdf, strict=True)
    from resume_pdf.check.verify_tags import check_structure

    assert check_structure(reader, ["Published a long"], ["Experience"]) == []
