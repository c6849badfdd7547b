"""Each JSON Resume / RenderCV field that used to vanish is shown, each problem is located
in the user's own file under its own path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ats import pdf_links, pdf_text
from conftest import FIXTURES, run_cli


def build_json(tmp_path: Path, doc: dict, *args: str) -> tuple[int, str, str]:
    source = tmp_path / "resume.json"
    source.write_text(json.dumps(doc, indent=2, ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "out.pdf"
    run = run_cli("build", str(source), "-o", str(out), "--verify", *args)
    text = pdf_text(out) if run.exit_code == 0 else ""
    return run.exit_code, text, run.stderr


BASICS = {"name": "Ann Example"}


def test_legacy_and_once_dropped_fields_are_shown(tmp_path: Path) -> None:
    doc = {
        "basics": {
            **BASICS,
            "website": "https://ann.example.com",
            "location": {"address": "1 Main Street", "city": "Springfield"},
            "profiles": [{"network": "GitHub", "username": "annex"}],
        },
        "work": [
            {
                "company": "Acme Corp",
                "website": "https://acme.example.com",
                "position": "Engineer",
                "description": "Makers of anvils",
                "startDate": "2020-01",
            }
        ],
        "skills": [{"name": "Languages", "level": "Expert", "keywords": ["Python"]}],
        "projects": [
            {
                "name": "Anvil",
                "keywords": ["physics", "gravity"],
                "roles": ["Lead"],
                "entity": "Acme",
                "type": "application",
            }
        ],
    }
    code, text, err = build_json(tmp_path, doc)
    assert code == 0, err
    for words in (
        "ann.example.com",
        "1 Main Street",
        "GitHub: annex",
        "Acme Corp",
        "Makers of anvils",
        "Expert",
        "physics, gravity",
        "Lead",
        "Acme",
        "application",
    ):
        assert words in text, words
    links = pdf_links(tmp_path / "out.pdf")
    assert "https://acme.example.com" in links and "https://github.com/annex" in links


def test_unknown_keys_at_any_depth_warn_at_their_own_line(tmp_path: Path) -> None:
    doc = {"basics": {**BASICS, "nickname": "A"}, "work": [{"name": "X", "salary": "1"}]}
    code, _, err = build_json(tmp_path, doc)
    assert code == 0
    assert "resume.json:4:5: basics.nickname: warning: unknown basics key `nickname`" in err
    assert "resume.json:9:7: work[0].salary: warning: unknown `work` entry key `salary`" in err


def test_an_empty_profile_url_is_a_warning_at_its_line(tmp_path: Path) -> None:
    doc = {"basics": {**BASICS, "profiles": [{"network": "Mastodon", "username": "a", "url": ""}]}}
    code, text, err = build_json(tmp_path, doc)
    assert code == 0, err
    assert "basics.profiles[0].url: warning: empty `url`" in err
    assert ":8:16: basics.profiles[0].url: warning: empty" in err
    assert "Mastodon: a" in text


def test_a_bad_date_names_the_json_resume_path_at_its_line(tmp_path: Path) -> None:
    doc = {"basics": BASICS, "work": [{"name": "X", "startDate": "2020-13"}]}
    code, _, err = build_json(tmp_path, doc)
    assert code == 1
    assert "resume.json:8:20: work[0].startDate: error: expected a date like 2021" in err
    assert "sections[" not in err and "date:" not in err


def test_section_titles_follow_meta_language(tmp_path: Path) -> None:
    doc = {"basics": BASICS, "meta": {"language": "ru"}, "work": [{"name": "Яндекс"}]}
    code, text, err = build_json(tmp_path, doc)
    assert code == 0, err
    assert "ОПЫТ РАБОТЫ" in text and "EXPERIENCE" not in text  # titles in capitals


def test_iso_dates_written_as_free_text_follow_the_style(tmp_path: Path) -> None:
    doc = {"basics": BASICS, "awards": [{"title": "Prize", "date": "2014-11-01"}]}
    code, text, err = build_json(tmp_path, doc, "--style", "modern")
    assert code == 0, err
    assert "Nov 2014" in text and "2014-11-01" not in text


def test_rendercv_problems_name_rendercv_paths(tmp_path: Path) -> None:
    source = tmp_path / "cv.yaml"
    source.write_text(
        "cv:\n  name: A\n  sections:\n    Experience:\n"
        "      - {company: X, position: Y, start_date: 2020-13}\n"
        "design:\n  theme: classic\n  colors: {body: red}\n",
        encoding="utf-8",
    )
    run = run_cli("check", str(source))
    assert run.exit_code == 1
    assert "cv.yaml:5:47: cv.sections.Experience[0].start_date: error:" in run.stderr
    assert "cv.yaml:8:3: design.colors: warning:" in run.stderr


def test_rendercv_social_networks_and_theme(tmp_path: Path) -> None:
    source = tmp_path / "cv.yaml"
    source.write_text(
        "cv:\n  name: A\n  social_networks:\n    - {network: LinkedIn, username: ann}\n"
        "design:\n  theme: moderncv\n",
        encoding="utf-8",
    )
    out = tmp_path / "cv.pdf"
    run = run_cli("build", str(source), "-o", str(out), "-v")
    assert run.exit_code == 0, run.stderr
    assert "LinkedIn: ann" in pdf_text(out)
    assert "https://linkedin.com/in/ann" in pdf_links(out)
    assert "style modern" in run.stdout


def test_the_same_text_in_two_places_is_reported_at_each(tmp_path: Path) -> None:
    source = tmp_path / "r.yaml"
    source.write_text(
        "name: A\nsections:\n  - title: S\n    bullets:\n      - Star ★\n      - Other\n"
        "      - Star ★\n",
        encoding="utf-8",
    )
    run = run_cli("check", str(source))
    assert run.exit_code == 1
    lines = [line for line in run.stderr.splitlines() if "★" in line and "r.yaml:" in line]
    assert any("r.yaml:5:" in line for line in lines), run.stderr
    assert any("r.yaml:7:" in line for line in lines), run.stderr


def test_references_are_shown_unless_no_references(tmp_path: Path) -> None:
    """References are shown by default; --no-references leaves them out with one
    note at the section's line (not an error under --strict: it was asked for); the old
    --references is still accepted."""
    source = tmp_path / "r.json"
    resume = {
        "basics": {"name": "Ann Example"},
        "references": [{"name": "Grace Referee", "reference": "Ann ships careful work."}],
    }
    source.write_text(json.dumps(resume, indent=2), encoding="utf-8")
    shown, old, left_out = tmp_path / "a.pdf", tmp_path / "b.pdf", tmp_path / "c.pdf"
    run = run_cli("build", str(source), "-o", str(shown))
    assert run.exit_code == 0 and run.stderr == "", run.stderr
    assert "Grace Referee: Ann ships careful work." in pdf_text(shown)
    assert run_cli("build", str(source), "-o", str(old), "--references").exit_code == 0
    assert pdf_text(old) == pdf_text(shown)
    note = f"{source}:5:3: references: note: `references` are not shown (--no-references)\n"
    for command in (["build", "-o", str(left_out), "--strict"], ["check", "--strict"]):
        run = run_cli(command[0], str(source), *command[1:], "--no-references")
        assert run.exit_code == 0 and run.stderr == note, run.stderr
    assert "Grace" not in pdf_text(left_out)
    converted = run_cli("convert", str(source), "--no-references")
    assert converted.exit_code == 0 and converted.stderr == note
    assert "# references: note: `references` are not shown" in converted.stdout
    kept = "#   - name: Grace Referee\n#     reference: Ann ships careful work.\n"
    assert kept in converted.stdout  # the section, kept as a comment
    assert "Grace" in run_cli("convert", str(source)).stdout.split("sections:")[1]


def test_a_bad_top_level_field_names_its_json_resume_key(tmp_path: Path) -> None:
    doc = {"basics": {**BASICS, "label": ["Engineer"]}}
    code, _, err = build_json(tmp_path, doc)
    assert code == 1
    assert (
        err == f"{tmp_path / 'resume.json'}:4:14: basics.label: error: expected text, got a list\n"
    )


# --- every JSON Resume field, and every problem at its own line (mutation testing) -------------


def check_json(tmp_path: Path, doc: dict, *args: str) -> tuple[int, list[str]]:
    """`check` of a JSON Resume: its exit code and message lines, folder left out."""
    source = tmp_path / "resume.json"
    source.write_text(json.dumps(doc, indent=2, ensure_ascii=False), encoding="utf-8")
    run = run_cli("check", str(source), *args)
    return run.exit_code, run.stderr.replace(f"{tmp_path}/", "").splitlines()


def test_a_url_with_no_name_to_link_is_a_warning_not_a_silent_loss(tmp_path: Path) -> None:
    doc = {
        "basics": {"name": "Ann"},
        "work": [{"position": "Engineer", "url": "https://acme.example"}],
        "awards": [{"title": "Prize", "url": "https://prize.example"}],  # the title is linked
    }
    code, lines = check_json(tmp_path, doc)
    assert code == 0
    assert lines == [
        "resume.json:8:14: work[0].url: warning: not shown: the entry has no `name` to link"
    ]


def test_every_dropped_value_is_a_warning_at_its_own_key(tmp_path: Path) -> None:
    doc = {
        "basics": {
            "name": "Ann",
            "image": "a.png",
            "picture": "b.png",
            "location": {"city": "Oslo", "planet": "Earth"},
            "profiles": [{"network": "GitHub", "username": "ann", "url": "", "handle": "x"}],
        },
        "meta": {"language": "tlh"},
        "work": [
            {"note": "5"},
            {"name": "Acme", "url": "not a url"},
            {"name": "[Beta](https://beta.example)", "url": "https://other.example"},
        ],
        "hobbies": ["x"],
    }
    code, lines = check_json(tmp_path, doc)
    assert code == 0
    assert lines == [
        "resume.json:20:17: meta.language: warning: no section titles or month names for 'tlh' "
        "yet; English is used",
        "resume.json:4:5: basics.image: warning: a picture is not shown",
        "resume.json:5:5: basics.picture: warning: a picture is not shown",
        "resume.json:8:7: basics.location.planet: warning: unknown location key `planet` is not "
        "shown",
        "resume.json:15:9: basics.profiles[0].handle: warning: unknown profile key `handle` is "
        "not shown",
        "resume.json:14:16: basics.profiles[0].url: warning: empty `url`: the profile is shown "
        "without its address",
        "resume.json:24:7: work[0].note: warning: unknown `work` entry key `note` is not shown",
        "resume.json:28:14: work[1].url: warning: 'not a url' is not a link address; not linked",
        "resume.json:32:14: work[2].url: warning: not linked: the name is already a link",
        "resume.json:35:3: hobbies: warning: unknown JSON Resume section key `hobbies` is not "
        "shown",
    ]


def test_a_refused_value_is_an_error_at_its_json_resume_key(tmp_path: Path) -> None:
    doc = {
        "basics": {
            "name": "Ann",
            "url": "ftp://a.example",
            "profiles": [
                {"network": "GitHub", "username": "ann", "url": "ftp://b.example"},
                {"network": "GitHub", "username": "a b"},  # its address made from the name
            ],
        },
        "work": [{"note": "x"}, {"startDate": "2020"}],  # named by its place in the file
        "education": [{"institution": "Uni", "startDate": "Feb 30, 2020"}],
        "projects": [{"name": "P", "url": "ftp://c.example"}],
    }
    code, lines = check_json(tmp_path, doc)
    assert code == 1
    scheme = "error: link scheme 'ftp' is not allowed (use https://, http://, mailto: or tel:)"
    assert lines == [
        f"resume.json:4:12: basics.url: {scheme}",
        f"resume.json:9:16: basics.profiles[0].url: {scheme}",
        "resume.json:13:21: basics.profiles[1].username: error: a link must not contain spaces or "
        "control characters",
        "resume.json:19:7: work[0].note: warning: unknown `work` entry key `note` is not shown",
        "resume.json:21:5: work[1]: error: needs `role` or `organization`",  # at its entry
        "resume.json:28:20: education[0].startDate: error: expected a date like 2021, 2021-03, "
        "2021-03-14 or present, got '2020-02-30' (February 2020 has no day 30)",
        f"resume.json:34:14: projects[0].url: {scheme}",
    ]


STAR = (
    "error: no available font (source-sans, source-serif, roboto) can draw '★' (U+2605 BLACK STAR)"
)


def test_text_no_font_can_draw_is_an_error_at_its_json_resume_key(tmp_path: Path) -> None:
    doc = {
        "basics": {
            "name": "Ann",
            "location": {"city": "Oslo ★"},
            "profiles": [{"network": "Forum", "username": "ann ★"}, {"network": "Club ★"}],
        },
        "work": [{"name": "W", "description": "Made ★"}],
        "education": [
            {"institution": "U", "courses": ["Stars ★"]},
            {"institution": "V", "score": "★"},
            {"institution": "W", "gpa": "4.0", "courses": ["Moons", 7, "Suns ★"]},
            {"institution": "X", "gpa": "★", "courses": "Sky ★"},
        ],
        "skills": [
            {"level": "★"},
            {"name": "S", "keywords": ["a", "b ★"]},
            {"name": "N ★", "level": "L"},
        ],
        "projects": [
            {"name": "P", "summary": "Summary ★"},
            {"name": "Q", "description": "Description ★", "summary": "s"},
            {"name": "R", "roles": ["Lead ★"]},
        ],
        "references": [{"name": "Ref ★"}],
        "languages": [{"language": "Lang ★", "fluency": "F"}, {"fluency": "Fluency ★"}],
    }
    code, lines = check_json(tmp_path, doc, "--references")
    assert code == 1
    assert lines[1].startswith("  hint: remove '★' or say it in words")  # once, at the first
    lines = [line for line in lines if not line.startswith("  hint:")]
    assert [line.removesuffix(f" {STAR}") for line in lines] == [
        "resume.json:4:17: basics.location:",
        "resume.json:10:21: basics.profiles[0].username:",
        "resume.json:13:20: basics.profiles[1].network:",
        "resume.json:20:22: work[0].description:",
        "resume.json:27:9: education[0].courses[0]:",  # each course at its own line
        "resume.json:32:16: education[1].score:",
        "resume.json:40:9: education[2].courses[2]:",  # after the score, and a dropped 7
        "resume.json:45:14: education[3].gpa:",
        "resume.json:46:18: education[3].courses[0]:",  # one course, written as a text
        "resume.json:51:16: skills[0].level:",
        "resume.json:57:9: skills[1].keywords[1]:",
        "resume.json:61:15: skills[2].name:",
        "resume.json:68:18: projects[0].summary:",
        "resume.json:72:22: projects[1].description:",
        "resume.json:77:16: projects[2].roles:",
        "resume.json:84:15: references[0].name:",
        "resume.json:89:19: languages[0].language:",
        "resume.json:93:18: languages[1].fluency:",  # a line with no head: at its fluency
    ]
    code, lines = check_json(tmp_path, {"basics": {"name": "Ann", "location": "Oslo ★"}})
    assert lines[0] == f"resume.json:4:17: basics.location: {STAR}" and len(lines) == 2


def test_every_json_resume_field_is_shown_where_it_belongs(tmp_path: Path) -> None:
    doc = {
        "basics": {
            "name": "Ann",
            "url": "https://ann.example",
            "website": "https://old.example",
            "location": "Springfield",
            "summary": "- First paragraph\n- Second paragraph",
            "profiles": [
                {"username": "solo"},
                {"network": "GitHub", "username": "@Xann"},
                {"network": "Site", "username": "me", "url": "https://me.example"},
            ],
        },
        "work": [
            {
                "name": "Acme [EU]",
                "url": "https://acme.example",
                "summary": "- a1\n- a2",
                "highlights": ["h1"],
                "startDate": "Sep 1, 2016",
                "endDate": "Jan 2018",
            },
            {"name": "Beta", "description": "Only a description"},
        ],
        "education": [
            {"institution": "Uni", "location": "Oslo", "gpa": "3.9", "summary": "- e1\n- e2"},
            {"institution": "College"},
        ],
        "awards": [
            {"title": "Prize", "url": "https://prize.example", "summary": "- w1\n- w2"},
            {"title": "Medal", "awarder": "Royal", "url": "https://royal.example"},
        ],
        "publications": [
            {
                "name": "Paper",
                "url": "https://paper.example",
                "website": "https://old-paper.example",
            },
            {"name": "Old", "website": "https://oldsite.example", "summary": "- p1\n- p2"},
        ],
        "skills": [{"level": "Expert", "keywords": ["Go"]}, {"name": "Tools", "keywords": ["Git"]}],
        "languages": [
            {"language": "English", "fluency": "Native", "keywords": ["TOEFL 110"]},
            {"language": "Norsk"},
        ],
        "interests": [{"name": "Chess", "keywords": ["openings", "endgames"]}],
        "projects": [{"name": "Anvil", "url": "https://anvil.example", "summary": "- s1\n- s2"}],
        "references": [
            {
                "name": "Grace",
                "relationship": "Manager",
                "email": "g@x.example",
                "phone": "+1 555 0100",
                "summary": "Great.",
            },
            {"name": "Bob"},
        ],
    }
    code, text, err = build_json(tmp_path, doc, "--references", "--style", "modern")
    assert code == 0, err  # an award's `url` is used: no warning; a website beside a url is
    warned = [line.split(": ", 1)[1] for line in err.splitlines()]
    assert warned == [  # the legacy `website`, beside the `url` that is shown
        "basics.website: warning: not shown: `url` is shown instead",
        "publications[0].website: warning: not shown: `url` is shown instead",
    ]
    lines = [line.strip() for line in text.splitlines()]
    assert pdf_links(tmp_path / "out.pdf") == [
        "https://ann.example",  # `url` beats the legacy `website`
        "https://github.com/Xann",  # the network's address, without the @
        "https://me.example",
        "https://acme.example",
        "https://prize.example",  # an award with no awarder: its title is linked
        "https://royal.example",  # else the awarder, once
        "https://paper.example",
        "https://oldsite.example",
        "https://anvil.example",
    ]
    for shown in ("Springfield", "solo", "GitHub: @Xann", "Site: me", "Acme [EU]", "Oslo"):
        assert shown in text, shown
    assert "First paragraph" in lines and "Second paragraph" in lines  # paragraphs, no dashes
    assert ": solo" not in text and "Sep 2016 – Jan 2018" in text
    assert lines.index("• a1") < lines.index("• a2") < lines.index("• h1")  # list, then the rest
    assert "Only a description" in lines and "None" not in text
    assert text.count("Score") == 1 and "• Score: 3.9" in lines and "• e1" in lines
    assert (
        lines.index("Medal") + 1 == lines.index("Royal")  # the awarder on its own line
        and "• w1" in lines
        and "p1" in lines
        and "p2" in lines
        and "• s1" in lines
    )
    assert "Expert" in lines and "Tools" in lines  # a skill's level alone, or its name alone
    assert "• English: Native (TOEFL 110)" in lines and "• Norsk" in lines
    assert "• Chess: openings, endgames" in lines
    assert "• Grace, Manager, g@x.example, +1 555 0100: Great." in lines and "• Bob" in lines


@pytest.mark.parametrize(
    ("name", "text", "locale"),
    [
        ("r.json", '{"basics": {"name": "A"}, "meta": {"locale": "de"}}', "de"),
        ("r.json", '{"basics": {"name": "A"}, "meta": {"language": "ru_RU"}}', "ru"),
        ("r.yaml", "locale:\n  language: fr-CA\ncontent:\n  basics:\n    name: A\n", "fr"),
        ("r.yaml", "locale: es\ncontent:\n  basics:\n    name: A\n", "es"),
    ],
)
def test_the_language_is_read_wherever_the_file_keeps_it(
    tmp_path: Path, name: str, text: str, locale: str
) -> None:
    source = tmp_path / name
    source.write_text(text, encoding="utf-8")
    run = run_cli("convert", str(source), "-o", "-")
    assert run.exit_code == 0 and run.stderr == "", run.stderr
    assert f"\nlocale: {locale}\n" in run.stdout


def test_yamlresume_layouts_dates_and_unknown_keys(tmp_path: Path) -> None:
    source = tmp_path / "cv.yml"
    source.write_text(
        "layouts:\n  - engine: latex\ntheme: x\ncontent:\n  basics:\n    name: Ann\n"
        "  education:\n    - institution: Uni\n      startDate: Jan 2020\n"
        "      endDate: Dec 1, 2021\n",
        encoding="utf-8",
    )
    out = tmp_path / "cv.pdf"
    run = run_cli("build", str(source), "-o", str(out), "--style", "modern")
    assert run.exit_code == 0, run.stderr
    assert run.stderr.replace(f"{tmp_path}/", "").splitlines() == [
        "cv.yml:3:1: theme: warning: unknown top-level key `theme` is not shown",
        "cv.yml:1:1: layouts: warning: YAMLResume `layouts` are not used by resume-pdf",
    ]
    assert "Jan 2020 – Dec 2021" in pdf_text(out)


@pytest.mark.parametrize(
    "example",
    [
        FIXTURES / "jsonresume.json",
        FIXTURES / "formats" / "jsonresume" / "sample.resume.json",
        FIXTURES / "formats" / "yamlresume" / "markdown-resume.yml",
        FIXTURES / "formats" / "yamlresume" / "software-engineer.yml",
    ],
    ids=lambda p: p.name,
)
def test_every_field_of_a_foreign_file_converts_as_pinned(example: Path, golden) -> None:
    """The whole mapping at once: every JSON Resume / YAMLResume field, where it lands in our
    format and with what text, and each warning at its line (tests/golden/convert-*.txt;
    review a change, then rewrite with --update-golden)."""
    run = run_cli("convert", str(example), "-o", "-", "--references")
    assert run.exit_code == 0, run.stderr
    shown = run.stderr  # the file as the command names it: absolute, or from the current folder
    for form in (str(example), str(example).removeprefix(f"{Path.cwd()}/")):
        shown = shown.replace(form, example.name)
    golden(f"convert-{example.stem}", run.stdout + "--- warnings\n" + shown)
