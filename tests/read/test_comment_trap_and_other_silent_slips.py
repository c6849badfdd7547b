"""Slips that used to pass in silence or read wrong: YAML's comment trap, dates
that are no dates, an unclosed quote, other formats' key names, link schemes, the schema."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import run_cli

TRAP = (
    "warning: the text after ' #' is a YAML comment and is not shown; "
    "put the value in quotes to keep it"
)


def text_of(pdf: Path) -> str:
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(pdf).pages)


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


# --- 1. the comment trap ------------------------------------------------------------------

TRAPPED = """\
name: Ada Byron
# a comment on its own line: silent
summary: Ranked #1 in sales
headline: "Ranked #1 in quotes" # a comment after a quoted value: silent
style: classic  # a comment set apart: silent
sections:
  - title: Skills
    skills:
      - {group: Languages, items: [C#, F#]}
  - title: Awards
    bullets:
      - #1 seller in EMEA
      - Top seller in C# tooling
      -
"""


def test_text_after_a_hash_is_warned_at_its_line_and_the_pdf_lacks_it(here: Path) -> None:
    (here / "resume.yaml").write_text(TRAPPED, encoding="utf-8")
    run = run_cli("build", "resume.yaml", "-o", "out.pdf")
    assert run.exit_code == 0, run.stderr
    assert run.stderr.splitlines() == [
        f"resume.yaml:3:17: summary: {TRAP}",
        f"resume.yaml:12:9: sections[1].bullets[0]: {TRAP}",
        "resume.yaml:14:7: sections[1].bullets[2]: warning: an empty list item; "
        "nothing is shown for it",
    ]
    shown = text_of(here / "out.pdf")
    assert "Ranked" in shown and "#1 in sales" not in shown and "seller in EMEA" not in shown
    for kept in ("Ranked #1 in quotes", "C#", "F#", "Top seller in C# tooling"):
        assert kept in shown
    # JSON has no comments: the same text there is no trap (and no warning)
    (here / "resume.json").write_text(
        '{"name": "A", "summary": "Ranked #1 in sales", "headline": 1 #x\n}', encoding="utf-8"
    )
    assert run_cli("check", "resume.json").stderr == ""


def test_strict_makes_the_comment_trap_an_error(here: Path) -> None:
    (here / "resume.yaml").write_text("name: A\nsummary: Ranked #1 in sales\n", encoding="utf-8")
    run = run_cli("build", "resume.yaml", "-o", "out.pdf", "--strict")
    assert run.exit_code == 1
    assert run.stderr.splitlines()[0] == f"resume.yaml:2:17: summary: {TRAP}".replace(
        "warning:", "error:"
    )
    assert not (here / "out.pdf").exists()


def test_the_starter_shows_the_quoting_and_builds_it(here: Path) -> None:
    assert run_cli("init").exit_code == 0
    starter = (here / "resume.yaml").read_text(encoding="utf-8")
    assert "- \"Ranked #1 of 12 (quoted: unquoted, YAML drops the text from ' #' on)\"" in starter
    run = run_cli("build", "resume.yaml", "-o", "out.pdf")
    assert run.exit_code == 0 and run.stderr == ""
    assert "Ranked #1 of 12 (quoted: unquoted, YAML drops" in text_of(here / "out.pdf")


# --- 2. dates -----------------------------------------------------------------------------

EXPECTED = "expected a date like 2021, 2021-03, 2021-03-14 or present"


def entries(kind: str, *items: str) -> str:
    lines = "".join(f"      - {item}\n" for item in items)
    return f"name: Ada\nsections:\n  - title: T\n    {kind}:\n{lines}"


def test_an_impossible_single_date_is_an_error_like_start(here: Path) -> None:
    (here / "resume.yaml").write_text(
        entries(
            "publications",
            "{title: A, date: 2025-01-50}",
            "{title: B, date: '2025-13-01'}",
            "{title: C, start: 2025-13-01}",
        ),
        encoding="utf-8",
    )
    run = run_cli("build", "resume.yaml", "-o", "out.pdf")
    assert run.exit_code == 1
    assert run.stderr.splitlines() == [
        "resume.yaml:5:26: sections[0].publications[0].date: error: "
        f"{EXPECTED}, got '2025-01-50' (January 2025 has no day 50)",
        "resume.yaml:6:26: sections[0].publications[1].date: error: "
        f"{EXPECTED}, got '2025-13-01' (there is no month 13)",
        "resume.yaml:7:27: sections[0].publications[2].start: error: "
        f"{EXPECTED}, got '2025-13-01' (there is no month 13)",
    ]
    assert not (here / "out.pdf").exists()


def test_a_letters_impossible_date_is_an_error(here: Path) -> None:
    (here / "resume.yaml").write_text(
        "name: Ada\nletter:\n  date: 2026-02-30\n  body: Hello\n", encoding="utf-8"
    )
    run = run_cli("check", "resume.yaml")
    assert run.exit_code == 1
    assert run.stderr == (
        "resume.yaml:3:9: letter.date: error: expected a date like 2021, 2021-03 or "
        "2021-03-14, got '2026-02-30' (February 2026 has no day 30)\n"
    )


def test_a_month_and_year_in_free_text_gets_the_iso_form(here: Path) -> None:
    (here / "resume.yaml").write_text(
        entries(
            "timeline",
            "{date: Sept 2021, text: a}",
            "{date: 09/2021, text: b}",
            "{date: 2021.09, text: c}",
            "{date: Fall 2019, text: d}",
            "{date: 2021-09, text: e}",
        ),
        encoding="utf-8",
    )
    run = run_cli("build", "resume.yaml", "-o", "out.pdf")
    assert run.exit_code == 0
    warned = "warning: shown as written, not in the style's date format"
    assert run.stderr.splitlines() == [
        f"resume.yaml:5:16: sections[0].timeline[0].date: {warned}",
        "  hint: write 2021-09",
        f"resume.yaml:6:16: sections[0].timeline[1].date: {warned}",
        "  hint: write 2021-09",
        f"resume.yaml:7:16: sections[0].timeline[2].date: {warned}",
        "  hint: write 2021-09",
    ]
    shown = text_of(here / "out.pdf")
    for written in ("Sept 2021 a", "09/2021 b", "2021.09 c", "Fall 2019 d"):
        assert written in shown


@pytest.mark.parametrize(
    ("start", "hint"),
    [
        ("Sept 2021", "write 2021-09"),
        ("September 2021", "write 2021-09"),
        ("09/2021", "write 2021-09"),
        ("2021.09", "write 2021-09"),
        ("März 2021", "write 2021-03"),
        ("2021-9-1", "write 2021-09-01"),
        ("Fall 2019", "use `date:` for free text"),
    ],
)
def test_a_start_that_is_no_date_gets_the_iso_form_as_its_hint(
    here: Path, start: str, hint: str
) -> None:
    (here / "resume.yaml").write_text(
        entries("experience", f"{{role: A, start: '{start}'}}"), encoding="utf-8"
    )
    run = run_cli("check", "resume.yaml")
    assert run.exit_code == 1
    assert run.stderr == (
        f"resume.yaml:5:26: sections[0].experience[0].start: error: {EXPECTED}, "
        f"got '{start}'\n  hint: {hint}\n"
    )


def test_the_schemas_date_pattern_rejects_impossible_months_and_days() -> None:
    import re

    from resume_pdf.style.json_schema import resume_json_schema

    entry = resume_json_schema()["properties"]["sections"]["items"]["properties"]
    experience = entry["experience"]["items"]["properties"]
    start, date = experience["start"]["pattern"], experience["date"]["pattern"]
    for good in ("2021", "2021-09", "2021-12-31", "present", "Now"):
        assert re.fullmatch(start, good) and re.fullmatch(date, good)
    for bad in ("2021-13", "2021-00", "2021-01-32", "2021-01-00"):
        assert not re.fullmatch(start, bad) and not re.fullmatch(date, bad)
    assert re.fullmatch(date, "Fall 2019") and not re.fullmatch(start, "Fall 2019")


# --- 3. messages --------------------------------------------------------------------------


def test_an_unclosed_quote_is_reported_where_it_opened(here: Path) -> None:
    (here / "resume.yaml").write_text(
        'name: Ada\nheadline: "Engineer who ships\ncontact:\n  email: ada@example.com\n'
        '  phone: "+44 20 7946 0958"\n',
        encoding="utf-8",
    )
    run = run_cli("check", "resume.yaml")
    assert run.exit_code == 1
    assert run.stderr.splitlines() == [
        'resume.yaml:2:11: error: YAML syntax error: the quoted text opened here with " is '
        "not closed on this line; it runs on to line 5",
        ' 2 | headline: "Engineer who ships',
        "   |           ^",
        '  hint: end the text with " on this line (write \\" for a quote inside "...")',
    ]


def test_json_files_get_json_shaped_hints(here: Path) -> None:
    (here / "a.json").write_text('{\n  "name": "Ada"\n  "headline": "x"\n}\n', encoding="utf-8")
    (here / "b.json").write_text(
        '{\n  "name": "Ada",\n  "headline": "Engineer who ships,\n  "summary": "x"\n}\n',
        encoding="utf-8",
    )
    (here / "c.json").write_text(
        '{"name": "Ada", "sections": [{"title": "A", "bullets": [{"Led": "x"}]}]}',
        encoding="utf-8",
    )
    assert run_cli("check", "a.json").stderr.splitlines() == [
        "a.json:3:3: error: YAML syntax error: expected ',' or '}' before this",
        ' 3 |   "headline": "x"',
        "   |   ^",
        "  hint: JSON separates the members of an object with commas: add one after the "
        "value before this",
    ]
    assert run_cli("check", "b.json").stderr.splitlines() == [
        'b.json:3:15: error: YAML syntax error: the quoted text opened here with " is not '
        "closed on this line; it runs on to line 4",
        ' 3 |   "headline": "Engineer who ships,',
        "   |               ^",
        '  hint: end the text with " on this line (JSON text stays on one line: write \\n for '
        'a line break, \\" for a quote)',
    ]
    assert run_cli("check", "c.json").stderr == (
        "c.json:1:57: sections[0].bullets[0]: error: expected text or an object with `text`, "
        "got an object with `Led`\n"
    )


KNOWN = "(known keys: role, organization, summary, highlights, location, start, end, date, tags)"


def test_other_formats_key_names_are_answered_with_ours(here: Path) -> None:
    (here / "resume.yaml").write_text(
        "name: Ada\nemail: ada@example.com\nsections:\n  - title: Work\n    experience:\n"
        "      - position: Engineer\n        company: Acme\n        title: Lead\n"
        "        description: Did things\n        from: 2020\n        to: 2021\n"
        "        descrption: typo\n"
        "  - title: School\n    education:\n      - {school: MIT, area: CS}\n",
        encoding="utf-8",
    )
    run = run_cli("check", "resume.yaml")
    lines = run.stderr.splitlines()
    assert lines[0].startswith(
        "resume.yaml:2:1: email: error: unknown key `email`; here it is called `contact.email`"
    )
    at = "resume.yaml:{}:9: sections[0].experience[0].{}: error: unknown key `{}`; here it is"
    for line, theirs, ours in [
        (6, "position", "role"),
        (7, "company", "organization"),
        (8, "title", "role"),
        (9, "description", "summary"),
        (10, "from", "start"),
        (11, "to", "end"),
        (12, "descrption", "summary"),
    ]:
        assert f"{at.format(line, theirs, theirs)} called `{ours}` {KNOWN}" in lines
    school = "resume.yaml:15:10: sections[1].education[0].school: error: unknown key `school`"
    assert any(x.startswith(f"{school}; here it is called `institution`") for x in lines)
    area = "resume.yaml:15:23: sections[1].education[0].area: error: unknown key `area`"
    assert any(x.startswith(f"{area}; here it is called `field`") for x in lines)


def test_a_link_without_a_scheme_says_what_to_write(here: Path) -> None:
    (here / "resume.yaml").write_text(
        "name: Ada\ncontact:\n  website: example.com\n  links:\n"
        "    - {label: Mail, url: ada@example.com}\n",
        encoding="utf-8",
    )
    run = run_cli("check", "resume.yaml")
    assert run.stderr.splitlines() == [
        "resume.yaml:3:12: contact.website: error: no scheme: write 'https://example.com'",
        "resume.yaml:5:26: contact.links[0].url: error: no scheme: write 'mailto:ada@example.com'",
    ]


def test_a_rendercv_language_code_is_a_locale_not_a_missing_table(here: Path) -> None:
    (here / "cv.yaml").write_text(
        "cv:\n  name: Ada\n  sections:\n    experience:\n"
        "      - {company: Acme, position: Engineer, start_date: 2021-03, end_date: 2022-05}\n"
        "locale:\n  language: en\n",
        encoding="utf-8",
    )
    (here / "tr.yaml").write_text(
        (here / "cv.yaml").read_text(encoding="utf-8").replace("en\n", "xx\n"), encoding="utf-8"
    )
    run = run_cli("build", "cv.yaml", "-o", "cv.pdf")
    assert run.exit_code == 0 and "month names" not in run.stderr
    assert "Engineer" in text_of(here / "cv.pdf")
    assert run_cli("check", "tr.yaml").stderr == (
        "tr.yaml:7:13: locale.language: warning: no month names for 'xx'; dates are in English\n"
    )


def test_every_schema_property_is_described_and_fixed_ones_are_enums() -> None:
    from resume_pdf.style.json_schema import resume_json_schema

    found: list[str] = []
    undescribed: list[str] = []

    def walk(node: object, path: str) -> None:
        if isinstance(node, list):
            for item in node:
                walk(item, path)
        if not isinstance(node, dict):
            return
        for key, child in node.get("properties", {}).items():
            found.append(f"{path}.{key}")
            if not child.get("description"):
                undescribed.append(f"{path}.{key}")
            walk(child, f"{path}.{key}")
        for key, child in node.items():
            if key != "properties":
                walk(child, path)

    schema = resume_json_schema()
    walk(schema, "")
    assert len(found) > 100 and undescribed == []
    top = schema["properties"]
    assert top["page_size"]["enum"] == ["letter", "a4"]
    assert "en" in top["locale"]["enum"]
    assert top["formats"]["items"]["enum"] == ["pdf", "txt", "md", "html", "docx"]


def test_a_foreign_files_impossible_date_is_an_error_at_its_own_key(here: Path) -> None:
    (here / "cv.yaml").write_text(
        "cv:\n  name: Ada\n  sections:\n    publications:\n"
        "      - {title: P, authors: [Ada], date: 2025-01-50}\n",
        encoding="utf-8",
    )
    (here / "resume.json").write_text(
        '{"basics": {"name": "Ada"}, "awards": [{"title": "A", "date": "2025-13-01"}]}',
        encoding="utf-8",
    )
    assert run_cli("build", "cv.yaml", "-o", "cv.pdf").stderr == (
        f"cv.yaml:5:42: cv.sections.publications[0].date: error: {EXPECTED}, "
        "got '2025-01-50' (January 2025 has no day 50)\n"
    )
    assert run_cli("build", "resume.json", "-o", "r.pdf").stderr == (
        f"resume.json:1:63: awards[0].date: error: {EXPECTED}, "
        "got '2025-13-01' (there is no month 13)\n"
    )
    assert not (here / "cv.pdf").exists() and not (here / "r.pdf").exists()
