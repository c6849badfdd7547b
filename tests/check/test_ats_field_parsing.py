"""Every built-in style x four résumés, read by a heuristic ATS field parser (tests/atsparse.py):
the name, e-mail and phone, each job's role, organisation and dates, each school and degree,
and every skill come out as separate, correct fields; sections are found by their titles;
entries are told apart by their gaps. Each PDF is built once per module."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

import atsparse
from conftest import EXAMPLE, FIXTURES
from expected import Shown, dates, strip_markup
from resume_pdf.build import Options, build
from resume_pdf.style.theme import builtin_styles, load_theme

STYLES = builtin_styles()
RESUMES = {
    "example": EXAMPLE,
    "two-page": FIXTURES / "long.yaml",
    "student": FIXTURES / "ats" / "student.yaml",
    "sidebar": FIXTURES / "ats" / "sidebar.yaml",
}
CASES = [(s, r) for s in STYLES for r in RESUMES]


@pytest.fixture(scope="module")
def parsed(tmp_path_factory: pytest.TempPathFactory):
    cache: dict[tuple[str, str], atsparse.Parsed] = {}

    def get(style: str, resume: str) -> atsparse.Parsed:
        if (style, resume) not in cache:
            out = tmp_path_factory.mktemp("ats") / f"{style}-{resume}.pdf"
            build(RESUMES[resume], out, Options(style=style))
            cache[style, resume] = atsparse.parse(out.read_bytes())
        return cache[style, resume]

    return get


def source(resume: str) -> dict[str, Any]:
    return yaml.safe_load(RESUMES[resume].read_text(encoding="utf-8"))


def shown(style: str) -> Shown:
    theme = load_theme(style)
    return Shown(theme.dates.format, theme.dates.present)


def kind_items(data: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e for s in data.get("sections", []) for e in s.get(kind, [])]


def entry_with(section: atsparse.Section, first: str) -> list[atsparse.Line]:
    """The parsed entry whose items hold `first` as an item of its own."""
    found = [e for e in section.entries if first in atsparse.items(e)]
    assert len(found) == 1, (first, [atsparse.items(e) for e in section.entries])
    return found[0]


@pytest.mark.parametrize(("style", "resume"), CASES)
def test_profile_fields(style: str, resume: str, parsed) -> None:
    doc, data = parsed(style, resume), source(resume)
    assert doc.name == data["name"]
    assert doc.email == data["contact"]["email"]
    assert doc.phone == data["contact"]["phone"]


@pytest.mark.parametrize(("style", "resume"), CASES)
def test_every_section_title_is_found(style: str, resume: str, parsed) -> None:
    doc, data = parsed(style, resume), source(resume)

    # compared without spaces: a space where small capitals change size is a lone space
    # item to a pdf.js-based reader, which drops it (ATS.md's word recall checks the words)
    def key(title: str) -> str:
        return "".join(title.replace("’", "'").casefold().split())

    titles = [key(s.title) for s in doc.sections]
    wanted = [key(s["title"]) for s in data["sections"]]
    assert set(wanted) <= set(titles)
    if load_theme(style).layout.kind == "single":  # a sidebar's panel is read first
        assert [t for t in titles if t in wanted] == wanted
    if data.get("summary"):  # the summary is in the profile, or under a title of its own
        # compared without spaces too: the space before a bold word is the font's own word
        # space, which a reader that drops lone space items at a font change loses
        words = key(strip_markup(" ".join(data["summary"].split()))[:30])
        where = doc.profile + (doc.section("summary") or atsparse.Section("")).lines
        assert words in key(" ".join(line.text for line in where))


@pytest.mark.parametrize(("style", "resume"), CASES)
def test_job_fields(style: str, resume: str, parsed) -> None:
    doc, data = parsed(style, resume), source(resume)
    jobs = kind_items(data, "experience")
    if not jobs:
        return
    section = doc.section("experience")
    assert section is not None and len(section.entries) == len(jobs)
    header = load_theme(style).entry.header
    first_field = "organization" if header == "organization-first" else "role"
    for job, entry in zip(jobs, section.entries, strict=True):
        found = atsparse.items(entry)
        assert found[0] == job[first_field]  # the entry's title, by position
        for key in ("role", "organization", "location"):
            assert job[key] in found, (key, found)
        when = atsparse.dates_item(entry)
        assert when is not None and all(d in when for d in dates(job, shown(style)))
        assert job["role"] not in when and job["organization"] not in when


@pytest.mark.parametrize(("style", "resume"), CASES)
def test_school_fields(style: str, resume: str, parsed) -> None:
    doc, data = parsed(style, resume), source(resume)
    schools = kind_items(data, "education")
    if not schools:
        return
    section = doc.section("education")
    assert section is not None and len(section.entries) == len(schools)
    for school, entry in zip(schools, section.entries, strict=True):
        found = atsparse.items(entry)
        assert found[0] == school["institution"]
        degree = ", ".join(x for x in (school.get("degree"), school.get("field")) if x)
        assert degree in found, found
        when = atsparse.dates_item(entry)
        assert when is not None and all(str(d) in when for d in dates(school, shown(style)))


@pytest.mark.parametrize(("style", "resume"), CASES)
def test_skills(style: str, resume: str, parsed) -> None:
    doc, data = parsed(style, resume), source(resume)
    section = doc.section("skill")
    assert section is not None
    found = {i.text for line in section.lines for i in line.items}
    texts = [line.text for line in section.lines]  # "Group: a, b, c", a list wrapped
    for text in [*texts, *(a + " " + b for a, b in zip(texts, texts[1:], strict=False))]:
        found |= {part.strip() for part in text.replace(":", ",").split(",")}
    for group in kind_items(data, "skills"):
        assert {group["group"], *group["items"]} <= found, group


@pytest.mark.parametrize(("style", "resume"), CASES)
def test_entries_stand_apart(style: str, resume: str, parsed) -> None:
    """Baseline to baseline, entries are at least 1.5 times as far apart as the lines
    inside one (the parser splits at 1.4 times the usual gap)."""
    doc = parsed(style, resume)
    for section in doc.sections:
        if len(section.entries) < 2:
            continue
        inner = [
            a.y - b.y
            for e in section.entries
            for a, b in zip(e, e[1:], strict=False)
            if a.page == b.page and a.y > b.y
        ]
        between = [
            a[-1].y - b[0].y
            for a, b in zip(section.entries, section.entries[1:], strict=False)
            if a[-1].page == b[0].page
        ]
        if inner and between:
            assert min(between) >= 1.5 * max(inner) - 0.05, (section.title, between, inner)


def test_the_parser_reads_joined_role_and_organisation_as_one_item() -> None:
    """The parser's merging rule at work: touching runs of two fields make one item."""
    run = atsparse.Run
    a = run("Tech Lead", 50, 90, 700, 10, "X-Bold", 0)
    b = run(", Example Corp", 90, 150, 700, 10, "X-Regular", 0)
    (line,) = atsparse.lines([a, b], char_width=4.0)
    assert [i.text for i in line.items] == ["Tech Lead, Example Corp"]
    far = run("Example Corp", 96, 150, 700, 10, "X-Regular", 0)
    (line,) = atsparse.lines([a, far], char_width=4.0)
    assert [i.text for i in line.items] == ["Tech Lead", "Example Corp"]


def test_fixtures_are_what_they_claim(tmp_path: Path) -> None:
    assert len(CASES) == 6 * 4
    assert kind_items(source("student"), "education")[0]["institution"]


LAYOUTS = ("role-first", "organization-first", "inline")


@pytest.fixture(scope="module")
def layout_parsed(tmp_path_factory: pytest.TempPathFactory):
    """The two-page résumé in classic with each entry header layout, built once each."""
    folder = tmp_path_factory.mktemp("layouts")
    (folder / "resume.yaml").write_bytes(RESUMES["two-page"].read_bytes())
    out = {}
    for header in LAYOUTS:
        style = folder / f"{header}.yaml"
        style.write_text(f"extends: classic\nentry: {{header: {header}}}\n", encoding="utf-8")
        pdf = folder / f"{header}.pdf"
        build(folder / "resume.yaml", pdf, Options(style=str(style)))
        out[header] = (atsparse.parse(pdf.read_bytes()), pdf)
    return out


@pytest.mark.parametrize("header", LAYOUTS)
def test_each_entry_header_layout_keeps_fields_apart(header: str, layout_parsed) -> None:
    doc, _ = layout_parsed[header]
    jobs = kind_items(source("two-page"), "experience")
    section = doc.section("experience")
    assert section is not None and len(section.entries) == len(jobs)
    for job, entry in zip(jobs, section.entries, strict=True):
        found = atsparse.items(entry)
        lead = job["organization"] if header == "organization-first" else job["role"]
        assert found[0] == lead
        assert {job["role"], job["organization"], job["location"]} <= set(found), found
        lines = [[i.text for i in line.items] for line in entry]
        together = [job["role"], job["organization"]]
        on_one_line = any(set(together) <= set(line) for line in lines)
        assert on_one_line == (header == "inline")  # inline: one line, apart by an em


def test_inline_fields_stand_an_em_apart(layout_parsed) -> None:
    doc, _ = layout_parsed["inline"]
    section = doc.section("experience")
    assert section is not None
    header = section.lines[0].items
    gaps = [b.x0 - a.x1 for a, b in zip(header, header[1:], strict=False)]
    assert min(gaps) >= 0.5 * header[0].size  # at least an en between any two fields


def _source_texts(data: Any) -> list[str]:
    """Every string of a résumé's YAML, its inline markup removed, spaces collapsed."""
    if isinstance(data, dict):
        return [t for v in data.values() for t in _source_texts(v)]
    if isinstance(data, list):
        return [t for v in data for t in _source_texts(v)]
    return [" ".join(strip_markup(str(data)).split())]


def test_page_ends_read_apart_in_pypdf_and_pdfminer(layout_parsed) -> None:
    """The page number starts each page on a line of its own, then content follows, and
    page 2's first section title is a line of its own, in both extractors. Which content
    starts page 2 is the page-break rules' business (an entry's last two bullets stay
    together, so page 2 may start with a bullet): here it must be one line of the
    résumé's own text, whole, with no page number glued to it."""
    import io

    from pdfminer.high_level import extract_text
    from pypdf import PdfReader

    _, pdf = layout_parsed["role-first"]
    pages = [p.extract_text() for p in PdfReader(pdf).pages]
    miner = extract_text(io.BytesIO(pdf.read_bytes())).split("\f")
    assert len(pages) == 2 and all(p.endswith("\n") for p in pages)
    for text in (pages[0], miner[0]):
        assert any(line.strip().endswith("· 1 / 2") for line in text.splitlines()), text
    # pypdf reads in drawing order, the footer first; pdfminer.six by layout, the footer last
    assert pages[1].lstrip().split("\n", 1)[0].endswith("· 2 / 2")
    firsts = [
        next(" ".join(line.split()) for line in t.split("\n") if line.strip() and "/ 2" not in line)
        for t in (pages[1], miner[1])
    ]
    assert firsts[0] == firsts[1], firsts  # both extractors start page 2's content alike
    content = firsts[0].removeprefix("• ")
    assert "/ 2" not in content and not content[:1].isdigit(), firsts  # no footer glued
    texts = _source_texts(source("two-page"))
    assert any(t.startswith(content) for t in texts), firsts  # a line of the résumé itself
    heading = next(h for h in ("EDUCATION", "SKILLS") if h in pages[1])
    for text in (pages[1], miner[1]):
        assert heading in [line.strip() for line in text.splitlines()]


def test_verify_reports_fields_read_as_one_item_and_glued_page_ends(tmp_path: Path) -> None:
    """`--verify` names an entry whose role and organisation touch (a PDF drawn the old
    way, "Tech Lead" bold against ", Example Corp"), and a page whose text runs into the
    next page's."""
    from reportlab.pdfgen.canvas import Canvas

    from resume_pdf.build import load_inputs
    from resume_pdf.check.verify import _page_ends, verify_pdf

    resume, _ = load_inputs(RESUMES["two-page"], Options())
    path = tmp_path / "old.pdf"
    canvas = Canvas(str(path), invariant=1)
    canvas.setFont("Helvetica-Bold", 10)
    canvas.drawString(50, 700, "Tech Lead")
    canvas.setFont("Helvetica", 10)
    canvas.drawString(
        50 + canvas.stringWidth("Tech Lead", "Helvetica-Bold", 10), 700, ", Example Corp"
    )
    canvas.drawString(50, 680, "Senior Engineer")
    canvas.drawString(200, 680, "Widget GmbH")  # apart: no problem
    canvas.save()
    messages = [str(p) for p in verify_pdf(resume, path.read_bytes())]
    joined = [m for m in messages if "drawn as one text item" in m]
    assert len(joined) == 1
    assert "sections[0].experience[0].role: role and organization" in joined[0]
    assert "long.yaml:13:" in joined[0]
    glued = _page_ends(["1 / 2\nTech Lead", "Skills\nC++\n"])
    assert len(glued) == 1 and "'Tech Lead' runs into page 2's first line 'Skills'" in str(glued[0])
    assert len(_page_ends(["a\n1 / 2\n", "Skills\n"])) == 1  # a page number last
    assert _page_ends(["1 / 2\na\n", "2 / 2\nSkills\n"]) == []  # first: apart from content
    assert _page_ends(["a\n1 / 2\n", "2 / 2\nSkills\n"]) == []  # the two numbers meet


@pytest.mark.parametrize("style", STYLES)
def test_verify_passes_the_builds(style: str, tmp_path: Path) -> None:
    from resume_pdf.build import load_inputs
    from resume_pdf.check.verify import verify_pdf

    for name in ("two-page", "student"):
        out = tmp_path / f"{name}.pdf"
        build(RESUMES[name], out, Options(style=style))
        resume, _ = load_inputs(RESUMES[name], Options(style=style))
        assert verify_pdf(resume, out.read_bytes()) == []


@pytest.mark.parametrize(
    ("style", "shown"),
    [
        ("headings: {case: as-written}", "Experience"),
        ("headings: {case: upper}", "EXPERIENCE"),
        ("headings: {case: small-caps}", "EXPERIENCE"),
        ("heading: {uppercase: true}", "EXPERIENCE"),  # the older spelling still works
        ("heading: {treatment: plain}", "EXPERIENCE"),  # classic's own case: small caps
    ],
)
def test_heading_case_in_the_text_layer(style: str, shown: str, tmp_path: Path) -> None:
    from pypdf import PdfReader

    (tmp_path / "resume.yaml").write_bytes(RESUMES["student"].read_bytes())
    (tmp_path / "mine.yaml").write_text(f"extends: classic\n{style}\n", encoding="utf-8")
    out = tmp_path / "out.pdf"
    build(tmp_path / "resume.yaml", out, Options(style="mine.yaml"))
    lines = PdfReader(out).pages[0].extract_text().splitlines()
    assert shown in [line.strip() for line in lines]
    assert [i.title for i in PdfReader(out).outline][:2] == ["Education", "Experience"]


def test_a_wrong_entry_header_or_heading_case_is_located(tmp_path: Path) -> None:
    from conftest import run_cli

    (tmp_path / "resume.yaml").write_bytes(RESUMES["student"].read_bytes())
    style = "extends: classic\nentry: {header: sideways}\nheadings: {case: italic}\n"
    (tmp_path / "mine.yaml").write_text(style, encoding="utf-8")
    run = run_cli("build", str(tmp_path / "resume.yaml"), "--style", str(tmp_path / "mine.yaml"))
    assert run.exit_code == 1 and "Traceback" not in run.stderr
    assert "mine.yaml:2:" in run.stderr and "entry.header" in run.stderr
    assert "mine.yaml:3:" in run.stderr and "headings.case" in run.stderr
    assert "role-first" in run.stderr and "small-caps" in run.stderr
