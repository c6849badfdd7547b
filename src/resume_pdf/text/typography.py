"""Typography on words before layout: curly quotes by context and non-breaking spaces where
a line break would part what a reader takes in at once.

Every rule replaces one character with one character (' -> ’, a space -> U+00A0), so span
boundaries and lengths never move and no word is added or lost. A non-breaking space is
written to the PDF as an ordinary space (reportlab maps U+00A0 to the space glyph), so the
text layer reads the same words; `--verify` and the tests fold ’ to ' as ATS parsers do.
"""

from __future__ import annotations

import re

from .inline import Rich, Span

NBSP = "\u00a0"
MAX_TIED = 24  # characters: the last two words are tied only when they stay this short
RUNT = 8  # a last word this short (or shorter) never stands alone on a paragraph's last line

_UNITS = (
    r"%|×|x\b|[kKMB]\b|[kKMGTP]i?B\b|[mµun]?s\b|pt\b|px\b|h\b|min\b|hrs?\b|ms\b|fps\b"
    r"|[KMG]?Hz\b|[kKM]?W\b|GPUs?\b|CPUs?\b|nodes?\b|cores?\b|days?\b|weeks?\b|months?\b"
    r"|years?\b|people\b|engineers?\b|users?\b|QPS\b|TFLOPS\b|ops\b"
)
_RULES = (
    re.compile(rf"(?<=\d) (?={_UNITS})"),  # 40 ms, 3 GB, 2 x, 1,300 users
    re.compile(r"(?<=[A-Za-z+#]) (?=v?\d+(?:\.\d+)+\b)"),  # PyTorch 2.0, Python 3.11
    re.compile(r"(?<=\b[A-Z]\.) (?=\S)"),  # A. Placeholder, J. R. R. Tolkien
    re.compile(r"(?<=\d) (?=[→–—-] )|(?<=\d [→–—-]) (?=\w)"),  # 2021 → now, 2019 – 2021
    re.compile(r"(?<=\d) (?=[AaPp]\.?[Mm]\.?(?!\w))"),  # 4 AM, 11 p.m.
    # No. 3, Nr. 7, vol. 2, p. 12, § 4
    re.compile(
        r"(?:(?<=\bN[or]\.)|(?<=\bno\.)|(?<=\b[Vv]ol\.)|(?<=\bpp\.)|(?<=\bp\.)|(?<=§)) (?=\d)"
    ),
)
_CODE = re.compile(r"[^\s]*[=<>{}\\`][^\s]*")  # a word with code punctuation in it
_PHONE = re.compile(r"\+?\(?\d[\d ().-]{5,}\d")
_QUOTES = re.compile("['\"]")
# Hebrew writes its abbreviation marks with these characters (gershayim in בע"מ, geresh in
# ג'ון) and its quotation marks straight; curly ones would also read reversed in a
# right-to-left line. So a text holding a Hebrew letter keeps every quote as typed, the
# English words in it too: one rule per text, never one quote of a pair curled.
_HEBREW = re.compile("[\u05d0-\u05ea]")
_OPENERS = "([{“‘—–-/" + NBSP  # a quote after one of these (or a space) opens


def curly(text: str) -> str:
    """Straight quotes to typographic ones by their neighbours: an apostrophe or closing
    quote after a letter, digit or closing punctuation; an opening quote elsewhere. Quotes
    in code-like words (`src="x"`, `{"a": 1}`) stay as typed."""
    if "'" not in text and '"' not in text or _HEBREW.search(text):
        return text  # a text holding Hebrew keeps its quotes as typed (see _HEBREW)
    code = [m.span() for m in _CODE.finditer(text)]

    def turn(quote: re.Match[str]) -> str:
        i, ch = quote.start(), quote.group()
        if any(start <= i < end for start, end in code):
            return ch
        before = text[i - 1] if i else " "
        after = text[i + 1] if i + 1 < len(text) else " "
        opening = before.isspace() or before in _OPENERS
        if opening and after.isspace() and _closed_later(text, i, ch):
            return "‘" if ch == "'" else "“"  # a quoted fragment that opens with a space: ' #'
        if ch == "'":
            return "‘" if opening and not after.isdigit() and not after.isspace() else "’"
        return "“" if opening and not after.isspace() else "”"

    return _QUOTES.sub(turn, text)


def _closed_later(text: str, i: int, quote: str) -> bool:
    """Does the next `quote` after position `i` close (it follows a non-space)?"""
    j = text.find(quote, i + 1)
    return j > i + 1 and not text[j - 1].isspace()


def tie(text: str) -> str:
    """Non-breaking spaces inside a number and its unit, a name and its version, initials
    and a date range."""
    if " " not in text:
        return text
    for rule in _RULES:
        text = rule.sub(NBSP, text)
    return text


def tie_phone(text: str) -> str:
    """A phone number never breaks across lines."""
    return _PHONE.sub(lambda m: m.group().replace(" ", NBSP), text)


def tie_last(text: str) -> str:
    """Tie a paragraph's last two words when the last is a runt (≤ RUNT characters), so
    no paragraph ends with one short word alone on its last line."""
    stripped = text.rstrip()
    space = stripped.rfind(" ")
    if space < 0 or len(stripped) - space - 1 > RUNT:
        return text
    before = stripped.rfind(" ", 0, space)
    if len(stripped) - before - 1 > MAX_TIED:
        return text
    return text[:space] + NBSP + text[space + 1 :]


def typeset(text: str, *, quotes: bool = True, paragraph: bool = False) -> str:
    """All rules for one text; `paragraph` adds the no-runt rule."""
    text = tie(curly(text) if quotes else text)
    return tie_last(text) if paragraph else text


def typeset_rich(rich: Rich, *, quotes: bool = True, paragraph: bool = False) -> Rich:
    """`typeset` across a field's spans (quotes see their neighbours in other spans), with
    each span keeping its look and length."""
    return respan(rich, typeset(rich.plain, quotes=quotes, paragraph=paragraph))


def curly_rich(rich: Rich) -> Rich:
    """Quotes curled across a field's spans, as `typeset_rich` curls them, without the
    non-breaking spaces: for the twins, whose readers wrap lines themselves."""
    return respan(rich, curly(rich.plain))


def respan(rich: Rich, whole: str) -> Rich:
    """`whole` (the field's text, each character replaced by one) cut into `rich`'s spans."""
    spans, at = [], 0
    for span in rich.spans:
        text = whole[at : at + len(span.text)]
        at += len(span.text)
        spans.append(span if text == span.text else Span(text, span.bold, span.italic, span.url))
    return Rich(tuple(spans))
