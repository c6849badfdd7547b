"""Loading and validating the résumé format (schema v1): text as written, dates as written,
unknown keys with a did-you-mean, every problem located."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from resume_pdf.errors import ResumeError
from resume_pdf.model import SectionKind, validate_resume
from resume_pdf.read.source import parse_source


def load(text: str):
    return validate_resume(parse_source(text.encode(), "r.yaml"))


def problems(text: str) -> list[str]:
    with pytest.raises(ResumeError) as info:
        load(text)
    return [str(p) for p in info.value.problems]


def test_scalars_keep_the_text_as_written() -> None:
    r = load(
        "name: Ann\ncontact:\n  phone: +447722850063\n  location: NO\n"
        "sections:\n  - title: S\n    skills:\n"
        "      - {group: on, items: [3.10, 0123, yes, 12:30, ~x]}\n"
    )
    assert r.contact.phone == "+447722850063"
    assert r.contact.location == "NO"
    assert r.sections[0].items[0].group.plain == "on"
    items = tuple(i.plain for i in r.sections[0].items[0].items)
    assert items == ("3.10", "0123", "yes", "12:30", "~x")


def test_dates_are_kept_as_written() -> None:
    r = load(
        "name: A\nsections:\n  - title: T\n    timeline:\n"
        "      - {start: 2025, end: present, text: a}\n"
        "      - {start: 2025-03, end: NOW, text: b}\n"
        "      - {start: 2024-02-29, end: 2025-03-14, text: c}\n"
        "      - {date: Fall 2023, text: d}\n"
    )
    items = r.sections[0].items
    assert [(e.start, e.end, e.date) for e in items] == [
        ("2025", "present", None),
        ("2025-03", "NOW", None),
        ("2024-02-29", "2025-03-14", None),
        (None, None, "Fall 2023"),
    ]


@pytest.mark.parametrize("bad", ["2025-13", "2025-02-30", "March 2020", "25", "2025/03"])
def test_bad_dates_are_located_errors(bad: str) -> None:
    found = problems(
        f"name: A\nsections:\n  - title: T\n    timeline:\n      - {{start: {bad}, text: x}}\n"
    )
    assert len(found) == 1
    assert found[0].startswith("r.yaml:5:17: sections[0].timeline[0].start: expected a date like")


def test_every_section_kind_loads() -> None:
    from conftest import FIXTURES

    r = validate_resume(parse_source((FIXTURES / "all_sections.yaml").read_bytes(), "f"))
    assert {s.kind for s in r.sections} == set(SectionKind)


def test_unknown_keys_everywhere_get_a_did_you_mean() -> None:
    found = problems(
        "nmae: A\nname: B\ncontact: {emial: a@b.org}\nsections:\n  - title: X\n    expereince: []\n"
    )
    assert "r.yaml:1:1: nmae: unknown key `nmae`; did you mean `name`?" in found[0]
    assert "contact.emial: unknown key `emial`; did you mean `email`?" in found[1]
    assert (
        "sections[0].expereince: unknown key `expereince`; did you mean `experience`?" in found[2]
    )


def test_structure_rules() -> None:
    found = problems(
        "headline: no name\nsections:\n"
        "  - title: Two kinds\n    text: a\n    bullets: [b]\n"
        "  - title: Dated\n    timeline:\n      - {date: Fall, start: 2020, text: x}\n"
        "      - {end: 2020, text: y}\n"
    )
    joined = "\n".join(found)
    assert "r.yaml:1:1: `name` is required" in joined
    assert "sections[0].bullets: a section has one content key" in joined
    assert "timeline[0].date: use either `date`" in joined
    assert "timeline[1].end: `end` needs a `start`" in joined


def test_empty_values_are_absent_and_empty_sections_are_dropped() -> None:
    r = load("name: A\nheadline:\nsummary: ~\nsections:\n  - title: E\n    bullets: ['', '  ']\n")
    assert r.headline is None and r.summary == () and r.sections == ()


def test_invisible_and_control_characters_are_removed_with_a_warning() -> None:
    r = load('name: "Py\\u200bthon \\e[31mDev\\u202e"\n')
    assert r.name == "Python [31mDev"
    assert any("zero-width space" in str(w) and "control character" in str(w) for w in r.warnings)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty document"),
        ("- a\n- b\n", "top level must be a mapping"),
        ("name: a\n---\nname: b\n", "several YAML documents"),
        ("name: !!python/object/apply:os.system ['true']\n", "unsupported YAML tag"),
        ("a: &a [*a]\n", "recursive alias"),
        ("name:\n\tx: 1\n", "spaces, not tabs"),
        ("[" * 200 + "]" * 200, "nesting"),
    ],
)
def test_hostile_yaml_is_a_located_error(text: str, message: str) -> None:
    assert any(message in p for p in problems(text))


def test_alias_bomb_is_refused_quickly() -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 9)]
    found = problems("\n".join(lines) + "\nname: A\n")
    assert any("expands to" in p for p in found)


def test_non_utf8_is_located() -> None:
    with pytest.raises(ResumeError) as info:
        parse_source(b"name: caf\xe9\n", "r.yaml")
    assert str(info.value.problems[0]).startswith("r.yaml:1:10: not valid UTF-8 at byte 9")


def test_duplicate_keys_warn_at_both_lines() -> None:
    r = load("name: A\nheadline: one\nheadline: two\n")
    assert r.headline == "two"
    assert any("r.yaml:3:1" in str(w) and "first at line 2" in str(w) for w in r.warnings)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_any_name_loads_or_fails_with_located_problems(text: str) -> None:
    import json

    try:
        r = load("name: " + json.dumps(text) + "\n")
    except ResumeError as exc:
        assert all(p.location is not None for p in exc.problems)
    else:
        assert r.name.strip() == r.name and r.name


def test_the_refused_characters_are_exactly_those_yaml_calls_non_printable() -> None:
    """read/source.py names the refused code points itself (a faster regex); they must be
    YAML's, every one of the 1,114,112."""
    import re

    from resume_pdf.read import source

    printable = re.compile(
        "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
    )  # PyYAML's reader.NON_PRINTABLE, the YAML 1.1 c-printable complement
    every = "".join(map(chr, range(0x110000)))
    ours = [m.start() for m in source._NOT_ALLOWED.finditer(every)]
    assert ours == [m.start() for m in printable.finditer(every)]
    assert (
        len(ours) == 29 + 1 + 31 + 2048 + 2
    )  # C0 but tab, LF, CR; DEL; C1 but NEL; surrogates; U+FFFE/F
