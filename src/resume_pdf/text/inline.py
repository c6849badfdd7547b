"""Inline markup -> spans: `**bold**`, `*italic*`, `[label](url)` and `\\*` for a star.

Pure text processing, no reportlab: the model uses it to validate links at load time and
markup.py turns the spans into paragraph XML. Nothing else is markup, and a marker that
does not pair up prints literally, so the visible text is always the input minus the
markers that were actually used.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from ..errors import quote
from ..values import value

ALLOWED_SCHEMES = ("http", "https", "mailto", "tel")
MAX_URL = 2048
MAX_MARKERS = 10_000  # markup characters in one field; past this it is shown as written
_TEL = re.compile(r"\+?[0-9][0-9 ()./-]{2,30}(;ext=[0-9]{1,8})?")


@value
class Span:
    text: str
    bold: bool = False
    italic: bool = False
    url: str | None = None


@value
class Rich:
    """A parsed markup field: its spans and the plain text a reader sees."""

    spans: tuple[Span, ...]

    @property
    def plain(self) -> str:
        return "".join(s.text for s in self.spans)


def check_url(url: str) -> str | None:
    """Why `url` cannot be a link (None when it can): allow-listed schemes only."""
    if len(url) > MAX_URL:
        return f"link is longer than {MAX_URL} characters"
    if any(c.isspace() or ord(c) < 32 or ord(c) == 127 for c in url):
        return "a link must not contain spaces or control characters"
    scheme = url.split(":", 1)[0].lower() if ":" in url else ""
    if not scheme or "." in scheme:  # `example.com`, `example.com:8080/x`: no scheme at all
        return f"no scheme: write {quote(_with_scheme(url))}"
    if scheme not in ALLOWED_SCHEMES:
        return (
            f"link scheme {quote(scheme)} is not allowed (use https://, http://, mailto: or tel:)"
        )
    rest = url.split(":", 1)[1]
    if scheme in ("http", "https"):
        try:
            host = urlsplit(url).hostname
        except ValueError:
            host = None
        if not host:
            return f"{quote(url)} has no host name"
    elif scheme == "mailto" and "@" not in rest:
        return f"{quote(url)} is not an email address"
    elif scheme == "tel" and not _TEL.fullmatch(rest):
        return f"{quote(url)} is not a phone number"
    return None


_DOI = re.compile(r"(?:doi:\s*|https?://(?:dx\.)?doi\.org/)?(10\.[0-9]{4,9}/\S+)", re.IGNORECASE)


def doi_url(doi: str) -> str | None:
    """`10.1145/3620665.3640366` (or `doi:10.…`, or its doi.org address) -> its
    https://doi.org/ link; None when it is not a DOI (then it is shown without a link)."""
    from urllib.parse import quote as url_quote

    match = _DOI.fullmatch(doi.strip())
    if not match:
        return None
    url = "https://doi.org/" + url_quote(match.group(1), safe="/:;()._-~")
    return url if check_url(url) is None else None


def _with_scheme(url: str) -> str:
    """The link a user most likely meant: `mailto:` an address, `tel:` a number, else https."""
    if re.fullmatch(r"[^@/\s]+@[^@/\s]+\.[^@/\s]+", url):
        return "mailto:" + url
    if _TEL.fullmatch(url):
        return "tel:" + re.sub(r"[ ()./-]", "", url)
    return "https://" + url.lstrip("/")


def tel_url(phone: str) -> str | None:
    """`+1 (650) 555-0100 ext. 42` -> `tel:+16505550100;ext=42` (RFC 3966), `1-800-FLOWERS`
    -> `tel:18003569377` (the letters of a phone keypad); None when it cannot be a link
    (see `tel_problem`)."""
    return None if tel_problem(phone) else _tel(phone)


def tel_problem(phone: str) -> str | None:
    """Why `phone` is shown without a link, or None when it links."""
    main, _ = _split_extension(phone)
    if not _PHONE.fullmatch(main):
        return "only digits, spaces, ( ) - . / +, capital keypad letters and an extension"
    digits = _tel(phone)
    if digits is None:
        return "fewer than 3 digits"
    return None


_PHONE = re.compile(r"\s*\+?[0-9A-Z ()./-]*[0-9][0-9A-Z ()./-]*")
_EXTENSION = re.compile(r"\s*[,;]?\s*(?:ext\.?|extension|x|#)\s*([0-9]{1,8})\s*$", re.IGNORECASE)
_KEYPAD = str.maketrans(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "22233344455566677778889999"
)  # fmt: skip


def _split_extension(phone: str) -> tuple[str, str]:
    m = _EXTENSION.search(phone)
    return (phone[: m.start()], m.group(1)) if m else (phone, "")


def _tel(phone: str) -> str | None:
    main, ext = _split_extension(phone)
    digits = "".join(c for c in main.translate(_KEYPAD) if c.isdigit() and c.isascii())
    if len(digits) < 3:
        return None
    plus = "+" if main.lstrip().startswith("+") else ""
    return f"tel:{plus}{digits}" + (f";ext={ext}" if ext else "")


def parse_inline(text: str) -> tuple[Rich, list[str]]:
    """Parse markup; also return why any link in it is refused.

    Linear in the length of `text` and without recursion, whatever it holds: links are
    found in one bracket pass, then `*` runs are paired with a delimiter stack (as
    CommonMark does), so unclosed or deeply nested markers cost no re-parsing."""
    if not _SPECIAL.search(text):
        return Rich((Span(text),) if text else ()), []
    if too_much_markup(text):
        return Rich((Span(text),)), []
    masked = _ESCAPE.sub(_MASK, text)  # escapes as plain letters, at the same offsets
    links, bad_links = _find_links(text, masked) if "](" in masked else ([], [])
    may_pair = _OPENER.search(masked) is not None and _CLOSER.search(masked) is not None
    toks = _Tokens(text, masked if may_pair else None)
    outer: list[int] = []
    scopes = [outer]
    pos = 0
    for start, label_end, after, target in links:
        toks.scan(pos, start, 0, len(text), None, outer)
        label: list[int] = []
        toks.scan(start + 1, label_end, start + 1, label_end, target, label)
        scopes.append(label)
        pos = after
    toks.scan(pos, len(text), 0, len(text), None, outer)
    for scope in scopes:
        toks.pair(scope)
    return Rich(tuple(toks.spans())), bad_links


def too_much_markup(text: str) -> bool:
    """More markup characters than a résumé field ever holds (generated or hostile text).

    The parser is linear, but dense markup costs a Python step per marker: ~0.5 s for a
    1 MiB field of `*a* `. Past the cap a field is shown as written, so every field of up to
    the 1 MiB file limit parses in milliseconds; the loader warns at its line."""
    return text.count("*") + text.count("[") + text.count("\\") > MAX_MARKERS


_SPECIAL = re.compile(r"[*\\[]")
_OPENER = re.compile(r"\*[^\s*]")
_CLOSER = re.compile(r"[^\s*]\*")
_SPLIT = re.compile(r"(\*+)")
_MASK = "ee"
_BOLD = 1 << 32  # marks count bold ranges in units of this, italic ones in 1s
_ESCAPE = re.compile(r"\\([\\*\[\]()])")
_BRACKET = re.compile(r"[\[\]]")
_PAREN = re.compile(r"[()]")
_SPACE = re.compile(r"\s")


class _Tokens:
    """Text pieces and `*` runs in reading order, as parallel lists (a pathological 1 MiB
    field has half a million of them, so no object per token)."""

    def __init__(self, s: str, masked: str | None) -> None:
        self.s, self.masked = s, masked  # masked is None when no `*` can pair
        self.texts: list[str] = []
        self.urls: list[str | None] = []
        self.stars: list[int] = []  # unused stars of a run; -1 for text
        self.marks: list[int] = []  # +_BOLD / +1 where bold / italic starts, - after its end

    def scan(
        self, lo: int, hi: int, first: int, last: int, url: str | None, runs: list[int]
    ) -> None:
        """Tokens of s[lo:hi] in a scope s[first:last]; runs that may pair go to `runs`
        (~index for a closer, index for an opener; a run that can be both, twice)."""
        s, masked, texts, urls, stars = self.s, self.masked, self.texts, self.urls, self.stars
        if masked is None or "*" not in masked[lo:hi]:
            if hi > lo:
                texts.append(_unescape(s[lo:hi]))
                urls.append(url)
                stars.append(-1)
            return
        parts = _SPLIT.split(masked[lo:hi])  # text, run, text, run, ..., text
        pos = lo + len(parts[0])
        if parts[0]:
            texts.append(_unescape(s[lo:pos]))
            urls.append(url)
            stars.append(-1)
        for k in range(1, len(parts), 2):
            size = len(parts[k])
            if pos > first and not s[pos - 1].isspace():
                runs.append(~len(texts))
            pos += size
            if pos < last and not s[pos].isspace():
                runs.append(len(texts))
            texts.append(parts[k])
            stars.append(size)
            urls.append(url)
            size = len(parts[k + 1])
            if size:
                texts.append(_unescape(s[pos : pos + size]))
                stars.append(-1)
                urls.append(url)
                pos += size

    def pair(self, runs: list[int]) -> None:
        """Pair each closer with the nearest opener: two stars with two (bold), else one
        (italic). Each step uses up an opener or the closer, so the pass is linear."""
        stars, stack, marks = self.stars, [], self.marks
        if len(marks) <= len(stars):
            marks.extend([0] * (len(stars) + 1 - len(marks)))
        for t in runs:
            if t >= 0:
                if stars[t]:
                    stack.append(t)
                continue
            t = ~t
            while stars[t] and stack:
                o = stack[-1]
                use = 2 if stars[t] >= 2 and stars[o] >= 2 else 1
                mark = _BOLD if use == 2 else 1
                marks[o + 1] += mark
                marks[t] -= mark
                stars[o] -= use
                stars[t] -= use
                if not stars[o]:
                    stack.pop()

    def spans(self) -> list[Span]:
        """Spans of one look each; unused stars print as written."""
        out: list[Span] = []
        parts: list[str] = []
        look: _Look = (False, False, None)
        made: dict[tuple[str, _Look], Span] = {}
        level = 0
        marks = self.marks or [0] * len(self.texts)
        for text, url, stars, mark in zip(self.texts, self.urls, self.stars, marks, strict=False):
            level += mark
            if stars >= 0:
                if not stars:
                    continue
                text = "*" * stars
            now = (level >= _BOLD, level % _BOLD > 0, url)
            if now != look and parts:
                out.append(_span("".join(parts), look, made))
                parts = []
            look = now
            parts.append(text)
        if parts:
            out.append(_span("".join(parts), look, made))
        return out


_Look = tuple[bool, bool, str | None]


def _span(text: str, look: _Look, made: dict[tuple[str, _Look], Span]) -> Span:
    """One Span per distinct text and look: a field of 500,000 `*a*` makes two, not
    500,000 (a frozen dataclass costs a microsecond to build)."""
    span = made.get((text, look))
    if span is None:
        span = made[(text, look)] = Span(text, *look)
    return span


def _unescape(text: str) -> str:
    r"""`\*` -> `*`: splitting on the escapes keeps each escaped character (the group)."""
    return "".join(_ESCAPE.split(text)) if "\\" in text else text


def _find_links(s: str, masked: str) -> tuple[list[tuple[int, int, int, str]], list[str]]:
    """Every `[label](url)`: (index of `[`, of `]`, after `)`, url), and the refusals.

    Brackets pair with a stack; the url runs to the `)` that balances its `(` (so
    `wiki/Rust_(language)` stays whole) and never over whitespace. Links do not nest."""
    links: list[tuple[int, int, int, str]] = []
    bad: list[str] = []
    stack: list[int] = []
    parens = _Parens(s)
    skip_to = 0
    for m in _BRACKET.finditer(masked):
        j = m.start()
        if j < skip_to or m.group() != "]":
            if j >= skip_to and m.group() == "[":
                stack.append(j)
            continue
        if not stack:
            continue
        i = stack.pop()
        if j == i + 1 or not s.startswith("(", j + 1):
            continue
        end = parens.close(j + 1)
        if end is None or end == j + 2:
            continue
        target = s[j + 2 : end]
        problem = check_url(target)
        if problem:
            bad.append(problem)
        links.append((i, j, end + 1, target))
        stack.clear()
        skip_to = end + 1
    return links, bad


class _Parens:
    """Where each `(` is closed, within its run of non-space characters.

    Asked in increasing order, it pairs the parentheses of each run once, so finding the
    end of every candidate link costs linear time in total."""

    def __init__(self, s: str) -> None:
        self.s = s
        self.run_end = -1
        self.match: dict[int, int] = {}

    def close(self, p: int) -> int | None:
        if p >= self.run_end:
            space = _SPACE.search(self.s, p)
            self.run_end = space.start() if space else len(self.s)
            self.match = {}
            opened: list[int] = []
            for m in _PAREN.finditer(self.s, p, self.run_end):
                if m.group() == "(":
                    opened.append(m.start())
                elif opened:
                    self.match[opened.pop()] = m.start()
        return self.match.get(p)
