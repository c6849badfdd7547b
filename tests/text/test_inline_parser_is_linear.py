"""The inline-markup parser is linear and never recurses: pathological markers
parse in milliseconds, deep nesting raises nothing, and the visible text is always the
input minus the markers that paired up."""

from __future__ import annotations

import re
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from resume_pdf.text import inline
from resume_pdf.text.inline import parse_inline

MIB = 1 << 20

# Strings the old recursive parser choked on: each took from 15 s to about an hour, or raised
# RecursionError.
REGRESSIONS = {
    "nested 22": "*a " * 22 + "b*",
    "nested 30": "*a " * 30 + "b*",
    "brackets": "[" * 30_000,
    "star words": " *a" * 30_000,
    "deep": "*a " * 1200 + "b" + "*" * 1200,
    "deep bold": "**a " * 1200 + "b" + "**" * 1200,
    "deep links": "[" * 5000 + "x" + "](https://a.org)" * 5000,
}

# Repeated to 1 MiB: the shapes that make the most tokens, links and pairs.
UNITS = ("*a ", "*a* ", "a*b", "**a*", "[", "[a](", "[a](https://b.c) ", "\\*", "[x](h(", "(")

MARKUP = st.lists(
    st.sampled_from(["*", "**", "[", "]", "](", "(", ")", "\\", " ", "a", "b", "é", "https://a.b"]),
    max_size=40,
).map("".join)


def visible(text: str) -> str:
    """What no parse may change: the text without markers, escapes and (no link) urls."""
    return re.sub(r"[*\\]", "", text)


def parse_seconds(text: str) -> float:
    start = time.perf_counter()
    parse_inline(text)
    return time.perf_counter() - start


@pytest.mark.parametrize("name", REGRESSIONS)
def test_pathological_markers_parse_in_milliseconds(name: str) -> None:
    """100 ms is the promise; quadratic or exponential parsing took seconds to hours."""
    text = REGRESSIONS[name]
    assert min(parse_seconds(text) for _ in range(3)) < 0.1


def test_deep_nesting_pairs_without_recursion() -> None:
    rich, _ = parse_inline("*a " * 1200 + "b" + "*" * 1200)
    assert rich.plain == "a " * 1200 + "b"
    assert all(s.italic for s in rich.spans)


@pytest.fixture
def uncapped(monkeypatch: pytest.MonkeyPatch) -> None:
    """The parser itself, without the cap on markers per field."""
    monkeypatch.setattr(inline, "MAX_MARKERS", 1 << 40)


@pytest.mark.parametrize("unit", UNITS)
def test_every_field_of_up_to_a_mebibyte_parses_in_under_100_ms(unit: str) -> None:
    """The promise, for the densest shapes too: past MAX_MARKERS a field is shown as written."""
    text = unit * (MIB // len(unit))
    assert min(parse_seconds(text) for _ in range(3)) < 0.1


def test_a_field_just_under_the_cap_is_still_parsed() -> None:
    text = "*a* " * (inline.MAX_MARKERS // 2)
    rich, _ = parse_inline(text)
    assert rich.plain == "a " * (inline.MAX_MARKERS // 2) and rich.spans[0].italic
    assert parse_inline(text + "*b*")[0].plain == text + "*b*"  # over the cap: as written


@pytest.mark.usefixtures("uncapped")
@pytest.mark.parametrize("unit", UNITS)
def test_a_pathological_mebibyte_parses_in_linear_time(unit: str) -> None:
    """A 1 MiB field (the file limit) of the worst shapes: about a second at most on a quiet
    machine (benchmarks/bench_inline.py prints the figures); the old parser never finished.
    The bound leaves room for a loaded 2-core machine."""
    text = unit * (MIB // len(unit))
    assert parse_seconds(text) < 10.0


@settings(max_examples=300, deadline=1000, suppress_health_check=[HealthCheck.too_slow])
@given(MARKUP)
def test_markup_heavy_text_keeps_every_visible_character(text: str) -> None:
    rich, _ = parse_inline(text)
    if "](" not in text:
        assert visible(rich.plain) == visible(text)


@pytest.mark.usefixtures("uncapped")
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(MARKUP, min_size=1, max_size=5).map(lambda parts: "".join(parts) or "*"))
def test_any_markup_repeated_to_256_kib_is_linear(unit: str) -> None:
    """Whatever repeats, a quarter of the file limit parses in well under a second (a
    quadratic parser takes minutes; the bound leaves room for a loaded machine)."""
    text = (unit * (MIB // 4 // len(unit) + 1))[: MIB // 4]
    assert parse_seconds(text) < 2.5


@pytest.mark.parametrize(
    ("text", "url", "plain"),
    [
        (
            "[Paper](https://en.wikipedia.org/wiki/Rust_(programming_language))",
            "https://en.wikipedia.org/wiki/Rust_(programming_language)",
            "Paper",
        ),
        ("see ([x](https://a.org/b_(c))).", "https://a.org/b_(c)", "see (x)."),
        (r"[a \] b](https://a.org)", "https://a.org", "a ] b"),
    ],
)
def test_balanced_parentheses_belong_to_the_url(text: str, url: str, plain: str) -> None:
    rich, bad = parse_inline(text)
    assert bad == []
    assert rich.plain == plain
    assert [s.url for s in rich.spans if s.url] == [url]


def test_emphasis_and_links_combine() -> None:
    rich, _ = parse_inline("**bold *both* more** and *[it](https://a.org)* \\*no\\*")
    looks = [(s.text, s.bold, s.italic, s.url) for s in rich.spans]
    assert looks == [
        ("bold ", True, False, None),
        ("both", True, True, None),
        (" more", True, False, None),
        (" and ", False, False, None),
        ("it", False, True, "https://a.org"),
        (" *no*", False, False, None),
    ]


def test_a_field_over_the_cap_is_shown_as_written_with_a_warning_at_its_line(build) -> None:  # type: ignore[no-untyped-def]
    summary = "*a* " * 6000
    run = build(f"name: Ann\nsummary: {summary.strip()!r}\n", "--pages", "any")
    assert run.exit_code == 0, run.stderr
    assert "resume.yaml:2:10: summary: warning: over 10,000 markup characters" in run.stderr
