"""Where a word too long for its line is cut: before `? & #` or after `/` (a URL's strong
joints) where one is near the line's end, else after `/ ? & = . _ - #` (a URL's or an
address's own joints), never inside a run of letters unless the run alone is wider than
a line.

reportlab cuts an over-long word at whichever character reaches the margin
("url.longn|ame%40example.org"). This module replaces its two cutters (a word of one font,
a word of several) with ones that choose the last joint that fits; a word that starts
mid-line and has no joint that fits there moves to the next line whole. The text itself
is unchanged: no invisible characters reach the text layer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import paragraph as _paragraph

BREAK_AFTER = frozenset("/?&=._-#")
# a URL's strong joints: a new line begins with its query, a parameter or its fragment, or
# after a path's slash; preferred over the weak ones (after `.`, `_`, `-`, `=`) when they
# keep at least STRONG_SHARE of what fits on the line (`utm_` / `source` read as two words)
BREAK_BEFORE = frozenset("?&#")
STRONG_SHARE = 0.5
_FUZZ = 1e-6


def cuts(
    text: str, widths: Sequence[float], first: float, line: Callable[[int], float]
) -> list[int]:
    """The indices where a new line starts: `first` points are left on the current line,
    `line(n)` is the width of the n-th line after it."""
    out: list[int] = []
    pos, avail, n, mid_line = 0, first, 0, True
    while True:
        end, used = pos, 0.0
        while end < len(text) and used + widths[end] <= avail + _FUZZ:
            used += widths[end]
            end += 1
        if end == len(text):
            return out
        cut = _joint(text, pos, end)
        if cut is None and mid_line and pos == 0:
            cut = 0  # nothing fits here: the word starts on the next line
        elif cut is None:
            cut = max(end, pos + 1)  # one run wider than a line: it has to be cut
        out.append(cut)
        n += 1
        pos, avail, mid_line = cut, line(n), False


def _joint(text: str, pos: int, end: int) -> int | None:
    """The last place in text[pos:end + 1] after a joint character, or else between a
    letter and something that is not one; None when there is neither. Never where only
    punctuation would follow (an ellipsis, a bracket alone on a line)."""
    last = next((i for i in range(len(text) - 1, -1, -1) if text[i].isalnum()), -1)
    ends = range(min(end, last), pos, -1)
    for k in ends:
        if k - pos < STRONG_SHARE * (end - pos):
            break
        if text[k] in BREAK_BEFORE or text[k - 1] == "/":
            return k
    for k in ends:
        if text[k - 1] in BREAK_AFTER:
            return k
    for k in ends:
        if text[k - 1].isalpha() != text[k].isalpha():
            return k
    return None


def split_word(
    w: Any, line_width: float, max_widths: list[float], lineno: int, font: str, size: float,
    encoding: str = "utf8",
) -> list[Any]:  # fmt: skip
    """reportlab's `_splitWord`, cutting at joints."""
    if isinstance(w, bytes):
        w = w.decode(encoding)
    if _paragraph.isBidiStr(w):
        return _ORIGINAL[0](w, line_width, max_widths, lineno, font, size, encoding)
    last = len(max_widths) - 1
    widths = [stringWidth(c, font, size, encoding) for c in w]
    first = max_widths[min(last, lineno)] - line_width
    at = cuts(w, widths, first, lambda n: max_widths[min(last, lineno + n)])
    bounds = [0, *at, len(w)]
    pieces = [w[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]
    return [_paragraph._SplitWord(p) for p in pieces[:-1]] + [_paragraph._SplitWordEnd(pieces[-1])]


def split_frag_word(w: Any, max_width: float, max_widths: list[float], lineno: int) -> list[Any]:
    """reportlab's `_splitFragWord` (a word whose letters change font or style), cutting
    at joints."""
    chars = list(_paragraph._fragWordIter(w))
    text = "".join(c for _, _, c in chars)
    last = len(max_widths) - 1
    at = set(cuts(text, [cw for _, cw, _ in chars], max_width,
                  lambda n: max_widths[min(last, lineno + n)]))  # fmt: skip
    out: list[Any] = []
    pieces: list[Any] = []
    frag_text, word_width, f = "", 0.0, w[1][0]
    for i, (g, cw, c) in enumerate(chars):
        cut = i in at
        if g is not f or cut:
            f = f.clone()
            if hasattr(f, "text"):
                f.text = frag_text
            pieces.append((f, frag_text))
            if cut:
                out.append(_paragraph._SplitFrag([word_width, *pieces]))
                pieces, word_width = [], 0.0
            frag_text, f = "", g
        word_width += cw
        frag_text += c
    pieces.append((f, frag_text))
    end = _paragraph._SplitFragHS if isinstance(w, _paragraph._HSFrag) else _paragraph._SplitFragH
    out.append(end([word_width, *pieces]))
    return out


_ORIGINAL: list[Any] = []


def install() -> None:
    """Route reportlab's cutting of over-long words through the cutters above (idempotent)."""
    if not _ORIGINAL:
        _ORIGINAL.append(_paragraph._splitWord)
    _paragraph._splitWord = split_word
    _paragraph._splitFragWord = split_frag_word
