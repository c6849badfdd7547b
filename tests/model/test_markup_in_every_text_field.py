"""Markup in every displayed text field: organisations, institutions, titles,
roles, authors, locations, skill items and link labels use the summaries' converter; the
fields that stay plain warn, at their own line, when they hold Markdown."""

from __future__ import annotations

from ats import pdf_fonts, pdf_links, pdf_text
from resume_pdf.model.resume_schema import validate_resume
from resume_pdf.read.source import parse_source

FIELDS = """\
name: Ann Example
sections:
  - title: Experience
    experience:
      - role: "**Staff** engineer"
        organization: "[Intelliflo Ltd](https://intelliflo.example.com)"
        location: "*Remote*"
        start: 2020
  - title: Education
    education:
      - institution: "[Example University](https://uni.example.org)"
        degree: "*MSc*"
        field: "Computer **Science**"
  - title: Projects
    projects:
      - title: "*Fast* thing"
        link: {label: the code, url: https://github.com/example/fast}
  - title: Publications
    publications:
      - title: "On *things*"
        authors: ["*J. Doe*", "B. Other"]
        venue: "*PLDI*"
  - title: Skills
    skills:
      - {group: "*Languages*", items: ["**Python**", "[Rust](https://rust-lang.org)"]}
"""


def test_markdown_in_entry_fields_is_applied_not_printed(build) -> None:
    run = build(FIELDS)
    assert run.exit_code == 0, run.stderr
    text = pdf_text(run.output)
    for literal in ("*", "[", "](", "**"):
        assert literal not in text
    for words in (
        "Staff engineer",
        "Intelliflo Ltd",
        "Remote",
        "Example University",
        "MSc",
        "Computer Science",
        "Fast thing",
        "the code",
        "On things",
        "J. Doe",
        "PLDI",
        "Languages",
        "Python",
        "Rust",
    ):
        assert words in text, words
    links = pdf_links(run.output)
    for url in (
        "https://intelliflo.example.com",
        "https://uni.example.org",
        "https://github.com/example/fast",
        "https://rust-lang.org",
    ):
        assert url in links


def test_highlighted_author_is_set_in_italics(build) -> None:
    run = build(
        "name: A\nsections:\n  - title: P\n    publications:\n"
        "      - {title: Plain title, authors: ['*J. Doe*', B. Other]}\n"
    )
    assert run.exit_code == 0, run.stderr
    faces = {f["name"] for f in pdf_fonts(run.output)}
    assert any("Italic" in f or "It" in f.split("-")[-1] for f in faces), faces


def test_a_bad_link_in_an_organisation_is_an_error_at_its_line(build) -> None:
    run = build(
        "name: A\nsections:\n  - title: E\n    experience:\n"
        "      - {role: R, organization: '[Acme](javascript:alert(1))'}\n"
    )
    assert run.exit_code == 1
    assert ":5:" in run.stderr and "organization" in run.stderr and "scheme" in run.stderr


def test_plain_fields_warn_about_markdown_at_their_own_line() -> None:
    resume = validate_resume(
        parse_source(
            b"name: '*Ann*'\nheadline: '[me](https://x.org)'\n"
            b"sections:\n  - title: '**Skills**'\n    bullets: [a]\n",
            "r.yaml",
        )
    )
    warned = {(w.field, w.location.line) for w in resume.warnings}
    assert {("name", 1), ("headline", 2), ("sections[0].title", 4)} <= warned
    assert all("Markdown" in w.message for w in resume.warnings)
    assert resume.name == "*Ann*"


def test_plain_text_without_markdown_gives_no_warning() -> None:
    resume = validate_resume(parse_source(b"name: Ann O'Neil\nheadline: C++ & R&D\n", "r.yaml"))
    assert resume.warnings == ()
