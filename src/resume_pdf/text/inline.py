"""Inline markup -> spans: `**bold**`, `*italic*`, `[label](url)` and `\\*` for a star.

Pure text processing, no reportlab: the model uses it to validate links at load time and
markup.py turns the spans into paragraph XML. Nothing else is markup, and a marker that
does not pair up prints literally, so the visible text is always the input minus the
markers that were actually used.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlsplit

ALLOWED_SCHEMES = ("http", "https", "mailto", "tel")
MAX_URL = 2048
_ESCAPABLE = set("\\*[]()")
_TEL = re.compile(r"\+?[0-9][0-9 ()./-]{2,30}")


@dataclass(frozen=True, slots=True)
class Span:
    text: str
    bold: bool = False
    italic: bool = False
    url: str | None = None


@dataclass(frozen=True, slots=True)
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
    if scheme not in ALLOWED_SCHEMES:
        shown = f"{scheme!r}" if scheme else "none"
        return f"link scheme {shown} is not allowed (use https://, http://, mailto: or tel:)"
    rest = url.split(":", 1)[1]
    if scheme in ("http", "https"):
        try:
            host = urlsplit(url).hostname
        except ValueError:
            host = None
        if not host:
            return f"{url!r} has no host name"
    elif scheme == "mailto" and "@" not in rest:
        return f"{url!r} is not an email address"
    elif scheme == "tel" and not _TEL.fullmatch(rest):
        return f"{url!r} is not a phone number"
    return None


def tel_url(phone: str) -> str | None:
    """`+1 (650) 555-0100` -> `tel:+16505550100`: digits only, a leading + kept."""
    digits = "".join(c for c in phone if c.isdigit() and c.isascii())
    if len(digits) < 3:
        return None
    return "tel:" + ("+" if phone.lstrip().startswith("+") else "") + digits


def parse_inline(text: str) -> tuple[Rich, list[str]]:
    """Parse markup; also return why any link in it is refused."""
    parser = _Parser(text)
    spans, _, _ = parser.run(0, "", bold=False, italic=False, url=None)
    return Rich(tuple(_merge(spans))), parser.bad_links


class _Parser:
    def __init__(self, text: str) -> None:
        self.s = text
        self.bad_links: list[str] = []

    def run(
        self, i: int, closer: str, *, bold: bool, italic: bool, url: str | None
    ) -> tuple[list[Span], int, bool]:
        """Read from i until `closer`; returns spans, the index after it, and whether found."""
        s, out, buf = self.s, [], []

        def flush() -> None:
            if buf:
                out.append(Span("".join(buf), bold, italic, url))
                buf.clear()

        while i < len(s):
            c = s[i]
            if c == "\\" and i + 1 < len(s) and s[i + 1] in _ESCAPABLE:
                buf.append(s[i + 1])
                i += 2
                continue
            if closer and s.startswith(closer, i) and not s[i - 1].isspace():
                flush()
                return out, i + len(closer), True
            marker = "**" if s.startswith("**", i) else "*" if c == "*" else ""
            if marker and self._opens(i, marker):
                inner, j, closed = self.run(
                    i + len(marker),
                    marker,
                    bold=bold or marker == "**",
                    italic=italic or marker == "*",
                    url=url,
                )
                if closed:
                    flush()
                    out.extend(inner)
                    i = j
                    continue
            if c == "[" and url is None:
                link = self._link(i)
                if link:
                    label_end, target, after = link
                    inner, _, _ = _Parser(s[i + 1 : label_end]).run(
                        0, "", bold=bold, italic=italic, url=target
                    )
                    flush()
                    out.extend(inner)
                    i = after
                    continue
            buf.append(c)
            i += 1
        flush()
        return out, i, False

    def _opens(self, i: int, marker: str) -> bool:
        after = i + len(marker)
        return (
            after < len(self.s) and not self.s[after].isspace() and self._closes_at(after, marker)
        )

    def _closes_at(self, start: int, marker: str) -> bool:
        """Is there a closing `marker` after `start` (preceded by a non-space)?"""
        j = self.s.find(marker, start + 1)
        while j != -1:
            if not self.s[j - 1].isspace() and self.s[j - 1] != "\\":
                return True
            j = self.s.find(marker, j + 1)
        return False

    def _link(self, i: int) -> tuple[int, str, int] | None:
        """`[label](url)` at i: (index of `]`, url, index after `)`), or None."""
        s = self.s
        depth, j = 0, i + 1
        while j < len(s):
            if s[j] == "\\":
                j += 2
                continue
            if s[j] == "[":
                depth += 1
            elif s[j] == "]":
                if depth == 0:
                    break
                depth -= 1
            j += 1
        if j >= len(s) or j == i + 1 or not s.startswith("(", j + 1):
            return None
        end = s.find(")", j + 2)
        if end == -1:
            return None
        target = s[j + 2 : end].strip()
        if not target or any(c.isspace() for c in target):
            return None
        problem = check_url(target)
        if problem:
            self.bad_links.append(problem)
        return j, target, end + 1


def _merge(spans: list[Span]) -> list[Span]:
    """Join neighbouring spans of the same look, so the output stays small."""
    out: list[Span] = []
    for span in spans:
        if not span.text:
            continue
        prev = out[-1] if out else None
        if prev and (prev.bold, prev.italic, prev.url) == (span.bold, span.italic, span.url):
            out[-1] = Span(prev.text + span.text, span.bold, span.italic, span.url)
        else:
            out.append(span)
    return out
