"""Spans -> reportlab paragraph XML: escape everything, then add only tags made here.

This is the one door from user text into reportlab markup. Text is escaped (`&`, `<`, `>`),
link targets are re-checked against the scheme allow-list and quoted as attributes (`"`
too), and the only tags emitted are <b>, <i>, <font name> (a face chosen by fonts.py for
characters the main font lacks) and <a href>. The two escapes are written out here rather
than taken from xml.sax.saxutils, whose import pulls in urllib.request: 12 ms, about 4 % of
a cold build.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import groupby
from typing import Any

from ..fonts.book import FontBook, Style
from ..text.inline import Rich, Span, check_url


def rich_xml(
    rich: Rich,
    book: FontBook,
    *,
    family: str,
    bold: bool = False,
    italic: bool = False,
    link_color: str | None = None,
    underline: bool = False,
) -> str:
    """Paragraph XML for `rich` in a paragraph set in `family`; `bold`/`italic` apply on
    top of the spans' own look; `underline` marks links whose colour is the text's."""
    parts = []
    for url, spans in groupby(rich.spans, key=lambda s: s.url):
        inner = "".join(
            _span_xml(s, book, (bold or s.bold, italic or s.italic), family) for s in spans
        )
        if url and check_url(url) is None:
            color = f" color={quoteattr(link_color)}" if link_color else ""
            color += ' underline="1"' if underline else ""
            inner = f"<a href={quoteattr(url)}{color}>{inner}</a>"
        parts.append(inner)
    return "".join(parts)


def text_xml(
    text: str, book: FontBook, *, family: str, bold: bool = False, italic: bool = False
) -> str:
    """Paragraph XML for plain text shown exactly as written (names, titles, dates)."""
    return _span_xml(Span(text), book, (bold, italic), family)


def _span_xml(span: Span, book: FontBook, style: Style, base: str) -> str:
    """Runs of characters by the face that draws them; spaces and characters already
    reported as undrawable stay in the paragraph's own face."""
    whole = span.text and book.face_of_all(span.text, style, base)
    if whole:
        runs: Iterable[tuple[Any, Iterable[str]]] = [(whole, span.text)]
    else:
        faces = _faces(span.text, book, style, base)
        runs = (
            (f, (ch for ch, _ in group))
            for f, group in groupby(zip(span.text, faces, strict=True), key=lambda p: p[1])
        )
    out = []
    for face, chars in runs:
        family, (b, i) = face
        body = escape("".join(chars))
        if b:
            body = f"<b>{body}</b>"
        if i:
            body = f"<i>{body}</i>"
        if family != base:
            body = f"<font name={quoteattr(family)}>{body}</font>"
        out.append(body)
    return "".join(out)


_WORD_MARKS = "\"'"  # gershayim and geresh as Hebrew types them, inside a word


def _faces(text: str, book: FontBook, style: Style, base: str) -> list[tuple[str, Style]]:
    """The face of each character; a quote between two letters of another face that has it
    (a Hebrew fallback's: בע"מ) is drawn in that face, inside their run: drawn by the
    paragraph's Latin face it split the word in two, and PDFium read the line apart there."""
    faces = [book.face_for(ch, style, base) or (base, style) for ch in text]
    for i in range(1, len(text) - 1):
        if text[i] in _WORD_MARKS and faces[i - 1] == faces[i + 1] != faces[i]:
            family, own = faces[i - 1]
            if ord(text[i]) in book.cmap(family, own):
                faces[i] = faces[i - 1]
    return faces


def escape(text: str) -> str:
    """What xml.sax.saxutils.escape does, for text between tags."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def quoteattr(value: str) -> str:
    """A double-quoted attribute value with every special character escaped."""
    return '"' + escape(value).replace('"', "&quot;") + '"'
