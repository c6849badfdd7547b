"""Loading and validating the résumé format (schema v1): text as written, dates as written,
unknown keys with a did-you-mean, every problem located."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from resume_pdf.errors import ResumeError
from resume_pdf.model.resume import SectionKind
from resume_pdf.model.resume_schema import validate_resume
from resume_pdf.read.source import Source, parse_source


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
    """read/decode.py names the refused code points itself (a faster regex); they must be
    YAML's, every one of the 1,114,112."""
    import re

    from resume_pdf.read import decode

    printable = re.compile(
        "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
    )  # PyYAML's reader.NON_PRINTABLE, the YAML 1.1 c-printable complement
    every = "".join(map(chr, range(0x110000)))
    ours = [m.start() for m in decode._NOT_ALLOWED.finditer(every)]
    assert ours == [m.start() for m in printable.finditer(every)]
    assert (
        len(ours) == 29 + 1 + 31 + 2048 + 2
    )  # C0 but tab, LF, CR; DEL; C1 but NEL; surrogates; U+FFFE/F


def parsed(text: str):
    """What stage 1 makes of `text`: its data, or its located problems."""
    try:
        return parse_source(text.encode(), "r.yaml").data
    except ResumeError as exc:
        return [str(p) for p in exc.problems]


def test_merge_keys_take_one_mapping_or_a_list_of_them_and_explicit_keys_win() -> None:
    text = "x: &b {a: 1, b: 2}\ny: &o {a: 3}\nz:\n  <<: [*o, *b]\n  c: 4\nw:\n  <<: *b\n  b: 5\n"
    data = parsed(text)
    assert data["z"] == {"a": "3", "b": "2", "c": "4"}  # in a list, the earlier map wins
    assert data["w"] == {"a": "1", "b": "5"}


def test_every_unsupported_tag_and_bad_merge_is_located_with_its_field() -> None:
    why = "only plain values, lists and mappings are read"
    assert parsed("name: !!binary aGk=\nlist:\n  - !!set {a}\n") == [
        f"r.yaml:1:7: name: unsupported YAML tag 'tag:yaml.org,2002:binary'; {why}",
        f"r.yaml:3:5: list[0]: unsupported YAML tag 'tag:yaml.org,2002:set'; {why}",
    ]
    assert parsed("z:\n  <<: [{a: !!binary aGk=}, 1]\n") == [
        f"r.yaml:2:12: z.a: unsupported YAML tag 'tag:yaml.org,2002:binary'; {why}",
        "r.yaml:2:28: z: `<<` must merge a mapping",
    ]


UNKNOWN = "r.yaml:1:1: emial: unknown key `emial` (known keys: name, headline, contact, summary, "
UNKNOWN += "style, pages, page_size, sections, locale, languages, formats, letter, photo, "
UNKNOWN += "embed_source, variants)"


def test_an_unclosed_bracket_does_not_hide_the_problems_above_it() -> None:
    """The line the [ opened on is emptied to read on, not each line after it (which
    would use up the recovery's attempts long before the end of a real file)."""
    text = "emial: x\nname: A\nhead: [a,\n" + "".join(f"k{i}: v\n" for i in range(25))
    assert problems(text) == [
        UNKNOWN,
        "r.yaml:3:7: YAML syntax error: the [ opened here is never closed",
    ]


@pytest.mark.parametrize(("errors", "shown"), [(20, 2), (21, 1)])
def test_syntax_recovery_reads_on_past_twenty_errors_at_most(errors: int, shown: int) -> None:
    """Up to 20 syntax errors are stepped over, so the problems above the first are still
    reported; past that, only the first syntax error is."""
    text = "emial: x\nname: A\n" + "".join(f"k{i}: [a\n" for i in range(errors))
    first = "r.yaml:3:5: YAML syntax error: the [ opened here is never closed"
    assert problems(text) == [UNKNOWN, first][-shown:]


def test_an_unclosed_quote_at_the_end_does_not_hide_the_problems_above_it() -> None:
    """The error points past the last line; the line the quote opened on is emptied."""
    quoted = "r.yaml:3:4: YAML syntax error: the quoted text opened here with ' is never closed"
    assert problems("emial: x\nname: A\nk: 'unclosed\n") == [UNKNOWN, quoted]


def test_an_error_after_a_syntax_error_is_left_out_as_a_possible_echo() -> None:
    """What follows a syntax error may be the recovery's doing: a bad tag after it is not
    reported, nor a duplicate key, and two unclosed brackets that empty the file are one."""
    syntax = "r.yaml:1:4: YAML syntax error: the [ opened here is never closed"
    assert problems("k: [a\nz: !!binary aGk=\n") == [syntax]
    assert parse_source(b"k: [a\nname: A\nname: B\n", "r.yaml").warnings == ()
    assert problems("k: [a\nj: [b\n") == [syntax]


def test_an_empty_document_is_named_and_an_empty_mapping_is_not_empty() -> None:
    empty = "r.yaml:1:1: empty document: expected a mapping with at least `name`"
    assert problems("") == problems("---\n") == problems("# only a comment\n") == [empty]
    assert parse_source(b"{}\n", "r.yaml").data == {}


def test_characters_yaml_refuses_are_each_located_and_named() -> None:
    text = "\nname: A\x01\nheadline: \x1b[1m\x7f\n# \x9f \ufffe\n\x00\n"
    refused = "is not allowed in a YAML file; delete it"
    assert problems(text) == [
        f"r.yaml:2:8: character U+0001 (a control character) {refused}",
        f"r.yaml:3:11: character U+001B (ESC) {refused}",
        f"r.yaml:3:15: character U+007F (DEL) {refused}",
        f"r.yaml:4:3: character U+009F (a control character) {refused}",
        f"r.yaml:4:5: character U+FFFE (a noncharacter) {refused}",
        f"r.yaml:5:1: character U+0000 (NUL) {refused}",
    ]
    many = problems("name: A\n" + "\x01\n" * 25)
    assert len(many) == 20 and many[-1].startswith("r.yaml:21:1: character U+0001")


@pytest.mark.parametrize(
    "encoding",
    ["utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be"],
)
def test_a_file_with_a_byte_order_mark_is_read_in_its_encoding(encoding: str) -> None:
    raw = "name: Zoë Ångström\n".encode(encoding)
    if not encoding.endswith(("sig", "16", "32")):  # the -le/-be codecs write no mark
        raw = "\ufeffname: Zoë Ångström\n".encode(encoding)
    assert parse_source(raw, "r.yaml").data == {"name": "Zoë Ångström"}


def test_bytes_that_do_not_decode_are_located() -> None:
    with pytest.raises(ResumeError) as info:
        parse_source(b"\nname: A\nheadline: caf\xe9\n", "r.yaml")
    assert [str(p) for p in info.value.problems] == [
        "r.yaml:3:14: not valid UTF-8 at byte 22; save the file as UTF-8"
    ]
    with pytest.raises(ResumeError) as info:
        parse_source(b"\nname: caf\xe9\n", "r.yaml")
    assert str(info.value.problems[0]).startswith("r.yaml:2:10: not valid UTF-8 at byte 10")
    with pytest.raises(ResumeError) as info:
        parse_source(b"#" * (1024 * 1024 + 1), "r.yaml")
    assert [str(p) for p in info.value.problems] == [
        "r.yaml:1:1: input too large (1.0 MiB > 1 MiB)"
    ]
    with pytest.raises(ResumeError) as info:
        parse_source(b"\xff\xfe\x00\x00" + b"\x00\x00\x11\x00", "r.yaml")
    assert [str(p) for p in info.value.problems] == [
        "r.yaml:1:1: not valid UTF-32 despite its byte-order mark"
    ]


def test_nesting_is_refused_past_64_levels_at_the_value_that_goes_too_deep() -> None:
    deepest = parsed("a: " + "[" * 64 + "]" * 64)["a"]
    for _ in range(63):
        (deepest,) = deepest
    assert deepest == []
    assert parsed("a: " + "[" * 65 + "]" * 65) == ["r.yaml:1:68: nesting deeper than 64 levels"]
    assert parsed("a: &a [*a]\n") == ["r.yaml:1:4: recursive alias: a value contains itself"]


def test_a_document_of_up_to_100_000_values_is_read_and_one_more_is_refused() -> None:
    # the mapping, its key `a`, the list and its items
    assert len(parsed("a: [" + "1," * 99_997 + "]")["a"]) == 99_997
    assert parsed("a: [" + "1," * 99_998 + "]") == [
        "r.yaml:1:1: too many values (100,001; the limit is 100,000)"
    ]


def test_aliases_may_expand_to_4_mib_of_text_and_100_000_values_and_no_more() -> None:
    # 2 one-letter keys + 2,359 copies of a 1,778-letter text = exactly 4 MiB of text
    doc = "s: &s " + "x" * 1778 + "\nl: [" + ", ".join(["*s"] * 2358) + "]\n"
    assert len(parsed(doc)["l"]) == 2358
    over = "s: &s " + "x" * 1778 + "\nl: [" + ", ".join(["*s"] * 2359) + "]\n"
    assert parsed(over) == [
        "r.yaml:1:1: document expands to over 4 MiB of text via aliases (limit 4 MiB)"
    ]
    bomb = "a0: &a0 [[], [], [], [], [], [], [], [], [], []]\n" + "".join(
        f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]\n" for i in range(1, 6)
    )
    assert parsed(bomb) == [
        "r.yaml:1:1: document expands to 100,001 nodes via aliases (limit 100,000)"
    ]


def test_a_key_that_is_not_text_is_located_and_the_keys_after_it_still_checked() -> None:
    why = "only plain values, lists and mappings are read"
    assert parsed("m:\n  [a]: 1\n  b: !!binary aGk=\n") == [
        "r.yaml:2:3: m: a key must be plain text",
        f"r.yaml:3:6: m.b: unsupported YAML tag 'tag:yaml.org,2002:binary'; {why}",
    ]


def test_a_missing_key_is_located_at_the_entry_that_lacks_it() -> None:
    assert problems("name: A\nsections:\n  - bullets: [a]\n") == [
        "r.yaml:3:5: sections[0]: `title` is required"
    ]
    source = parse_source(b"name: A\nsections:\n  - bullets: [a]\n", "r.yaml")
    assert source.file == "r.yaml"
    assert str(source.locate(("sections", 0, "title", 2))) == "r.yaml:3:5"  # its ancestor
    assert str(source.locate(("sections", 0, "title"))) == "r.yaml:3:5"
    assert str(source.locate(("sections", 0, "bullets"))) == "r.yaml:3:14"
    assert str(source.locate(("sections", 0, "bullets"), key=True)) == "r.yaml:3:5"
    assert str(source.locate(("sections", 0), key=True)) == "r.yaml:3:5"  # no key: its value
    assert str(Source("r.yaml", {}).locate(("a",))) == "r.yaml:1:1"  # nothing known at all


def test_a_warning_points_at_the_value_not_its_key() -> None:
    r = load('name: A\nheadline: "Py\\u200bthon"\n')
    assert str(r.warnings[0]).startswith("r.yaml:2:11: headline: "), r.warnings
