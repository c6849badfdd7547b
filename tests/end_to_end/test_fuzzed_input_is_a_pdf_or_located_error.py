"""Fuzzing the loader and the whole pipeline: whatever the bytes, the result is a PDF or a
ResumeError with located problems — never another exception, never slow."""

from __future__ import annotations

import os
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import EXAMPLE
from resume_pdf.errors import ResumeError
from resume_pdf.fonts.book import FontBook
from resume_pdf.fonts.missing import missing_glyphs
from resume_pdf.model.resume_schema import validate_resume
from resume_pdf.pdf.fit import fit
from resume_pdf.read.source import parse_source
from resume_pdf.style.theme import load_theme

SEED = EXAMPLE.read_bytes()
THEME = load_theme("classic")
BOOK = FontBook(THEME.fonts.body)
NORMAL = int(os.environ.get("FUZZ_EXAMPLES", "2000"))

# YAML-ish text: structure characters, keys the schema knows, and arbitrary Unicode.
TOKENS = st.sampled_from(
    [
        "\n",
        "  ",
        "- ",
        ": ",
        "{",
        "}",
        "[",
        "]",
        ",",
        "&a ",
        "*a",
        "<<: ",
        "!!str ",
        "!!python/x ",
        "---\n",
        "'",
        '"',
        "#",
        "|\n",
        ">\n",
        "~",
        "null",
        "name",
        "sections",
        "title",
        "bullets",
        "timeline",
        "start",
        "end",
        "2025",
        "2025-13-40",
        "present",
        "text",
        "skills",
        "items",
        "group",
        "contact",
        "email",
        "**",
        "*",
        "[x](",
        "https://e.org",
        "javascript:",
        ")",
        "\t",
    ]
)
YAMLISH = st.lists(st.one_of(TOKENS, st.text(max_size=8)), max_size=60).map("".join)


def pipeline(raw: bytes) -> None:
    """Everything a build does but writing the file."""
    try:
        resume = validate_resume(parse_source(raw, "fuzz.yaml"))
        problems = missing_glyphs(resume.texts, BOOK)
        if problems:
            raise ResumeError(problems)
        fit(resume, THEME, BOOK, resume.pages or 2)
    except ResumeError as exc:
        assert exc.problems
        assert all(p.message for p in exc.problems)


def timed(raw: bytes) -> None:
    started = time.perf_counter()
    pipeline(raw)
    assert time.perf_counter() - started < 2.0


@settings(max_examples=NORMAL, deadline=None, suppress_health_check=list(HealthCheck))
@given(YAMLISH)
def test_yaml_like_text_never_crashes(text: str) -> None:
    timed(("name: Fuzz\n" + text).encode("utf-8", "surrogatepass"))


@settings(
    max_examples=max(NORMAL // 10, 50), deadline=None, suppress_health_check=list(HealthCheck)
)
@given(st.lists(st.tuples(st.integers(0, len(SEED) - 1), st.binary(max_size=4)), max_size=6))
def test_mutated_example_never_crashes(edits: list[tuple[int, bytes]]) -> None:
    raw = bytearray(SEED)
    for offset, patch in edits:
        raw[offset : offset + len(patch)] = patch
    timed(bytes(raw))


@pytest.mark.slow
@settings(max_examples=10_000, deadline=None, suppress_health_check=list(HealthCheck))
@given(YAMLISH)
def test_yaml_like_text_never_crashes_slow(text: str) -> None:
    timed(("name: Fuzz\n" + text).encode("utf-8", "surrogatepass"))


# Markup-heavy text: nested `*`/`**`, `[`, `](`, parentheses and backslashes, short
# and repeated to tens of kilobytes, in summaries and bullets. Each case has 1 s: the old
# recursive parser took 15 s on 68 bytes of this and raised RecursionError on deep nesting.
MARKUP_TOKENS = st.sampled_from(
    ["*", "**", "***", "[", "]", "](", "(", ")", "\\", "\\*", " ", "a", "b", "https://e.org", "_"]
)
MARKUP = st.lists(MARKUP_TOKENS, min_size=1, max_size=30).map("".join)


def markup_resume(summary: str, bullets: list[str]) -> bytes:
    def quoted(text: str) -> str:
        return "'" + text.replace("'", "''") + "'"

    items = "".join(f"      - {quoted(b)}\n" for b in bullets)
    return (
        f"name: Fuzz\nsummary: {quoted(summary)}\nsections:\n  - title: Notes\n    bullets:\n"
        + (items or "      - x\n")
    ).encode()


def parse_markup(raw: bytes) -> None:
    """Load and validate (every markup field parsed, links checked) within one second."""
    started = time.perf_counter()
    try:
        validate_resume(parse_source(raw, "markup.yaml"))
    except ResumeError as exc:
        assert all(p.message for p in exc.problems)
    assert time.perf_counter() - started < 1.0


@settings(
    max_examples=max(NORMAL // 5, 100), deadline=None, suppress_health_check=list(HealthCheck)
)
@given(MARKUP, st.lists(MARKUP, max_size=5))
def test_markup_heavy_fields_parse_within_a_second(summary: str, bullets: list[str]) -> None:
    parse_markup(markup_resume(summary, bullets))


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(MARKUP, st.integers(1_000, 40_000))
def test_repeated_markup_parses_within_a_second(unit: str, size: int) -> None:
    parse_markup(markup_resume((unit * (size // len(unit) + 1))[:size], [unit * 50]))


@pytest.mark.slow
@settings(max_examples=5_000, deadline=None, suppress_health_check=list(HealthCheck))
@given(MARKUP, st.lists(MARKUP, max_size=8))
def test_markup_heavy_fields_parse_within_a_second_slow(summary: str, bullets: list[str]) -> None:
    parse_markup(markup_resume(summary, bullets))
