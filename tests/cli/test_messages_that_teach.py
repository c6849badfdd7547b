"""Messages that teach: located, with a did-you-mean or a hint, one message per mistake."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import run_cli
from resume_pdf.style.theme import load_theme


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


# --- styles -----------------------------------------------------------------------------------


def test_unknown_style_is_located_with_a_did_you_mean(here: Path) -> None:
    write(here, "resume.yaml", "name: A\nstyle: modrn\n")
    run = run_cli("build")
    assert run.exit_code == 1
    assert (
        run.stderr
        == "resume.yaml:2:8: style: error: unknown style 'modrn'; did you mean 'modern'?\n"
    )


def test_a_variants_unknown_style_points_at_the_variant(here: Path) -> None:
    write(here, "resume.yaml", "name: A\nvariants:\n  short: {style: compat}\n")
    run = run_cli("build", "--variant", "short")
    assert run.stderr == (
        "resume.yaml:3:18: variants.short.style: error: unknown style 'compat'; "
        "did you mean 'compact'?\n"
    )


def test_unknown_style_on_the_command_line_names_the_option(here: Path) -> None:
    write(here, "resume.yaml", "name: A\n")
    run = run_cli("build", "--style", "zzz")
    assert run.exit_code == 1
    assert run.stderr.startswith("--style: error: unknown style 'zzz' (styles: classic, compact")


def test_unknown_base_style_suggests_and_keeps_the_other_errors(here: Path) -> None:
    write(here, "styles/mine.yaml", "extends: modrn\ncolors: {accent: mauve}\n")
    write(here, "resume.yaml", "name: A\nstyle: mine\n")
    run = run_cli("build")
    assert run.exit_code == 1
    lines = run.stderr.splitlines()
    assert lines[0] == (
        "styles/mine.yaml:1:10: extends: error: unknown base style 'modrn'; did you mean 'modern'?"
    )
    assert lines[1].startswith("styles/mine.yaml:2:18: colors.accent: error: expected a colour")
    assert len(lines) == 2


def test_the_schema_offers_the_builtin_style_names() -> None:
    import json

    schema = json.loads(run_cli("schema").stdout)
    style = schema["properties"]["style"]
    assert style["anyOf"][0]["enum"] == ["classic", "compact", "modern", "mono", "serif", "sidebar"]
    assert {"type": "string"} in style["anyOf"]  # a path or a local style stays valid
    variant = schema["properties"]["variants"]["additionalProperties"]["properties"]["style"]
    assert variant["anyOf"] == style["anyOf"]


# --- the page-budget diagnosis ----------------------------------------------------------------


def cv(jobs: int, *, timeline: bool = False, long_bullet: bool = False) -> str:
    """A one-page-budget résumé of `jobs` two-year jobs, newest first, four bullets each."""
    out = ["name: Over Budget\npages: 1\nsections:\n  - title: Experience\n    experience:\n"]
    for i in range(jobs):
        end = 2024 - 2 * i
        out.append(
            f"      - role: Engineer {i}\n        organization: Company {i}\n"
            f"        start: {end - 2}\n        end: {end}\n        highlights:\n"
        )
        out += [
            f"          - Built and ran system {k} for team {i}, and improved it\n"
            for k in range(4)
        ]
        if long_bullet and i == 0:
            out.append("          - " + "A long bullet that goes on about many things. " * 7 + "\n")
    if timeline:
        out.append("  - title: Timeline\n    timeline:\n")
        out += [
            f"      - {{start: {2022 - 2 * i}, end: {2024 - 2 * i}, text: Company {i}}}\n"
            for i in range(jobs)
        ]
    return "".join(out)


def test_two_resumes_each_failure_names_its_file(here: Path) -> None:
    write(here, "fits.yaml", cv(3))
    write(here, "long.yaml", cv(14))
    run = run_cli("build", "fits.yaml", "long.yaml")
    assert run.exit_code == 1
    assert run.stdout.startswith("output/fits.pdf: 1 page")
    assert run.stderr.startswith("long.yaml: pages: error: does not fit: 1.")


def test_the_diagnosis_suggests_a_style_only_when_it_fits(here: Path) -> None:
    """Eleven jobs overflow classic and fit compact; twelve fit no style (with the styles'
    type scale and 40 % spacing floor: compact at its floors takes 1.03 pages). Each
    suggestion is checked against a build in that style, so the counts are not the point."""
    write(here, "resume.yaml", cv(11))
    run = run_cli("check")
    assert run.exit_code == 1
    assert re.search(
        r"^ +- --style compact fits \(0\.\d\d pages at its floors\)$", run.stderr, re.M
    )
    assert run.stderr.count("--style") == 1  # the other styles were tried and do not fit
    assert run_cli("check", "--style", "compact").exit_code == 0  # the suggestion holds
    write(here, "resume.yaml", cv(12))
    assert "--style" not in run_cli("check").stderr
    assert run_cli("check", "--style", "compact").exit_code == 1  # nothing was held back


def test_the_diagnosis_points_at_what_a_person_would_cut(here: Path) -> None:
    write(here, "resume.yaml", cv(12, timeline=True, long_bullet=True))
    run = run_cli("build")
    assert run.exit_code == 1
    ways = run.stderr.split("ways out:\n")[1].splitlines()
    assert re.fullmatch(
        r" +- cut the oldest entries: 'Engineer 11, Company 11' \(saves \d+ lines\), "
        r"'Engineer 10, Company 10' \(saves \d+ lines\).*",
        ways[0],
    ), ways
    assert re.fullmatch(
        r" +- 'Timeline' repeats 'Experience' \(12 of 12 rows have the same dates\): "
        r"cutting it saves \d+ lines",
        ways[1],
    ), ways
    assert re.fullmatch(
        r" +- shorten the longest bullets: 'A long bullet that goes on about many t…' "
        r"\([34] lines\)",
        ways[2],
    ), ways
    assert ways[3].endswith("- --pages 2")
    assert "Engineer 0," not in run.stderr  # never the most recent job


STYLE_54 = "page: {margins: {top: 54, bottom: 54, left: 54, right: 54}}\n"
SPACING_FLOOR = round(load_theme("classic").floors.spacing * 100)  # margins move after it


def test_the_result_line_says_when_a_value_the_user_set_was_overridden(here: Path) -> None:
    write(here, "styles/roomy.yaml", STYLE_54)
    write(here, "resume.yaml", "style: roomy\n" + cv(9))
    run = run_cli("build")
    assert run.exit_code == 0, run.stderr
    assert re.search(
        rf"fitted at spacing {SPACING_FLOOR}%, margins \d\d pt(, type \d+%)?; "
        r"overrode your margins 54 → \d\d pt "
        r"\(pin: floors: \{margin: 54\}\)",
        run.stdout,
    ), run.stdout
    write(here, "resume.yaml", "style: classic\n" + cv(9))  # the built-in's margins: not yours
    assert "overrode" not in run_cli("build").stdout


def test_floors_equal_to_the_values_pin_them(here: Path) -> None:
    write(here, "styles/pinned.yaml", STYLE_54 + "floors: {margin: 54, spacing: 1}\n")
    write(here, "resume.yaml", "style: pinned\n" + cv(7, long_bullet=True))
    run = run_cli("build")
    assert run.exit_code == 0, run.stderr
    assert (
        "spacing" not in run.stdout and "margins" not in run.stdout and "overrode" not in run.stdout
    )
    assert re.search(r"fitted at .*type \d+%", run.stdout), run.stdout  # only the type gave way


# --- YAML syntax errors: the cause first, where it starts, a caret, a hint, no knock-ons -------

QUOTE = """\
name: Ann Example
sections:
  - title: Talks
    projects:
      - title: Ledgers at scale
        link: {label: Slides, url: https://example.com/a}
        summary: A talk
      - title: "Ledgers at scale, part two
        link: {label: Slides, url: https://example.com/b}
        summary: Another talk
      - title: Third
        summary: x
"""


def test_an_unclosed_quote_is_reported_where_it_opens_and_only_once(here: Path) -> None:
    write(here, "resume.yaml", QUOTE)
    run = run_cli("check")
    assert run.exit_code == 1
    assert run.stderr == (
        'resume.yaml:8:16: error: YAML syntax error: the quoted text opened here with " is never'
        " closed\n"
        ' 8 |       - title: "Ledgers at scale, part two\n'
        "   |                ^\n"
        '  hint: end the text with " on this line (write \\" for a quote inside "...")\n'
    )


def test_a_colon_in_a_value_asks_for_quotes(here: Path) -> None:
    write(here, "resume.yaml", "name: Ann\nsections:\n  - title: Talks\n    projects:\n"
          "      - title: Talk: Ledgers at scale\n        summary: A talk\n")  # fmt: skip
    run = run_cli("check")
    assert run.stderr == (
        "resume.yaml:5:20: error: YAML syntax error: a value containing ': ' must be quoted\n"
        " 5 |       - title: Talk: Ledgers at scale\n"
        "   |                    ^\n"
        '  hint: quote it: - title: "Talk: Ledgers at scale"\n'
    )


INDENT = """\
name: Ann Example
contact:
  email: ann@example.com
   phone: "+1 555"
  location: Oslo
sections:
  - title: Experience
    experience:
      - role: Engineer
        organization: Acme
        highlights: [one, two]
      - role: Lead
        organization: Beta
"""


def test_one_indentation_mistake_is_one_message(here: Path) -> None:
    write(here, "resume.yaml", INDENT)
    run = run_cli("check")
    assert run.exit_code == 1
    lines = run.stderr.splitlines()
    assert lines[0] == (
        "resume.yaml:4:4: error: YAML syntax error: this line's indentation does not match the"
        " lines around it"
    )
    assert lines[1:3] == [' 4 |    phone: "+1 555"', "   |    ^"]
    assert lines[3].startswith("  hint: this line starts at column 4, the line above at 3;")
    assert len(lines) == 4


def test_problems_above_a_syntax_error_are_still_reported(here: Path) -> None:
    write(here, "resume.yaml", "name: Ann\nemial: a@b.org\nsummary: Talk: x\nheadline: [a\n")
    lines = run_cli("check").stderr.splitlines()
    assert lines[0].startswith("resume.yaml:2:1: emial: error: unknown key")
    assert lines[1].startswith("resume.yaml:3:14: error: YAML syntax error: a value containing")
    assert sum(line.startswith("resume.yaml:") for line in lines) == 2  # line 4 waits its turn
