"""Inline markup: one converter, everything escaped, only generated tags."""

from __future__ import annotations

import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from ats import pdf_links, pdf_text
from resume_pdf.fonts.book import FontBook
from resume_pdf.pdf.markup import rich_xml
from resume_pdf.text.inline import check_url, parse_inline

BOOK = FontBook("source-sans")
STYLE = ParagraphStyle("t", fontName="source-sans")
BOOK.cmap("source-sans", (False, False))

# Printable text the default fonts can draw: Latin, Greek, Cyrillic, punctuation, XML specials.
ALPHABET = st.characters(
    codec="utf-8",
    categories=("L", "N", "P", "S", "Zs"),
    max_codepoint=0x52F,
) | st.sampled_from(list("<>&\"'*[]()\\ /;#=!-_"))


def paragraph(text: str) -> Paragraph:
    rich, _ = parse_inline(text)
    return Paragraph(rich_xml(rich, BOOK, family="source-sans"), STYLE)


def squash(text: str) -> str:
    return " ".join(text.split())


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(ALPHABET, max_size=80))
def test_any_text_makes_a_paragraph_whose_text_is_the_visible_text(text: str) -> None:
    rich, _ = parse_inline(text)
    assert squash(paragraph(text).getPlainText()) == squash(rich.plain)


@settings(max_examples=300, deadline=None)
@given(st.text(ALPHABET.filter(lambda c: c not in "*[\\"), max_size=80))
def test_text_without_markers_prints_exactly_as_written(text: str) -> None:
    assert squash(paragraph(text).getPlainText()) == squash(text)


@pytest.mark.parametrize(
    "text",
    [
        "R&D",
        "C++",
        "a < b",
        "AT&T and Q&A",
        "&amp; &lt; &#0; &copy;",
        '<img src="/etc/passwd"/>',
        '<a href="javascript:alert(1)">click</a>',
        "<b>unclosed",
        "</para>",
        '<font size="500">X</font>',
        '<onDraw name="showPage"/>',
        "List<String> x<y and y>z",
    ],
)
def test_hostile_markup_prints_literally(text: str) -> None:
    assert paragraph(text).getPlainText() == text


def test_markdown_subset() -> None:
    rich, bad = parse_inline(r"**bold** and *it* and [site](https://example.com) and \*star\*")
    assert bad == []
    assert rich.plain == "bold and it and site and *star*"
    looks = {s.text: (s.bold, s.italic, s.url) for s in rich.spans}
    assert looks["bold"] == (True, False, None)
    assert looks["it"] == (False, True, None)
    assert looks["site"] == (False, False, "https://example.com")


def test_unpaired_markers_print_literally() -> None:
    for text in ("5 * 3 = 15", "**unclosed", "a*b", "****", "[no link]", "[x](not a url)"):
        assert parse_inline(text)[0].plain == text


@pytest.mark.parametrize(
    "url",
    [
        "javascript:alert(1)",
        "file:///etc/passwd",
        "data:text/html,x",
        "ftp://x.org",
        "example.com",
        "#nowhere",
        "pdf:other.pdf",
        "https://",
        "mailto:nobody",
        "tel:call-me",
    ],
)
def test_links_outside_the_allow_list_are_refused(url: str) -> None:
    assert check_url(url) is not None
    assert parse_inline(f"[x]({url})")[1] == [check_url(url)]


@pytest.mark.parametrize(
    "url", ["https://example.com/a?b=1&c=2", "http://x.org", "mailto:a@b.org", "tel:+16505550100"]
)
def test_allowed_links(url: str) -> None:
    assert check_url(url) is None


def test_injection_creates_no_link_and_no_image() -> None:
    from reportlab.platypus import SimpleDocTemplate

    hostile = (
        '<img src="/etc/passwd"/> <a href="javascript:alert(1)">x</a> '
        '"><img src="/tmp/x.png"/> [ok](https://example.com/"onclick=)'
    )
    buf = io.BytesIO()
    SimpleDocTemplate(buf, initialFontName="source-sans").build([paragraph(hostile)])
    assert pdf_links(buf.getvalue()) == ['https://example.com/"onclick=']
    from pypdf import PdfReader

    assert not PdfReader(io.BytesIO(buf.getvalue())).pages[0].images
    assert "javascript" in pdf_text(buf.getvalue())


@given(st.text())
def test_the_escapes_match_the_standard_library(text: str) -> None:
    from xml.sax.saxutils import escape, quoteattr

    from resume_pdf.pdf import markup

    assert markup.escape(text) == escape(text)
    assert markup.quoteattr(text) == escape(text, {'"': "&quot;"}).join('""')
    if not set(text) & set('"\n\r\t'):  # the standard one also encodes these
        assert markup.quoteattr(text) == quoteattr(text)
