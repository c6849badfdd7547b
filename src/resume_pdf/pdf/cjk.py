"""Line breaking for Chinese and Japanese text (and any paragraph mixing them with Latin).

Chinese and Japanese put no spaces between words, so reportlab's usual wrapper (which breaks
only at spaces) would overflow or cut anywhere. Its `wordWrap='CJK'` mode breaks between
any two characters but cuts Latin words in half ("internationaliza|tion") and lets a line
end on an opening bracket. This module replaces that mode's splitter with one that follows
the usual CJK rules (kinsoku): a break is allowed at a space, or beside a CJK character,
except before closing punctuation (。、」) ... and after an opening one (「（); a run of
Latin letters and digits stays whole. Korean is written with spaces between words and
breaks at them, as Korean typesetting does (keep-all), so it needs none of this.

Only paragraphs of a résumé that holds Han or kana are set in this mode (ink.py).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Any

from reportlab.platypus import paragraph as _paragraph

from ..fonts.kerning import Trailing, cjk_pair

# may not start a line: closing brackets and punctuation, small kana, prolonged sound mark
NO_START = frozenset(
    "!),.:;?]}¢°’”‰′″℃、。〃〉》」』】〕〗〙〛〟・ヽヾーァィゥェォッャュョヮヵヶぁぃぅぇぉっゃゅょゎゕゖ"
    "ㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ々〻‐゠–〜？！‼⁇⁈⁉：；，．）］｝｠｡｣､･ｰ"
)
# may not end a line: opening brackets and quotes
NO_END = frozenset("([{£¥‘“〈《「『【〔〖〘〚〝（［｛｟｢＄￡￥")
_FUZZ = 1e-6


def is_cjk(ch: str) -> bool:
    """Han, kana and CJK punctuation: characters between which a line may break."""
    code = ord(ch)
    return (
        0x2E80 <= code <= 0x9FFF  # radicals, CJK punctuation, kana, Han
        or 0xF900 <= code <= 0xFAFF
        or 0xFF00 <= code <= 0xFFEF  # full-width forms
        or 0x20000 <= code <= 0x3FFFF
    ) and not 0x3130 <= code <= 0x318F  # Hangul compatibility jamo break like Korean


_CJK_CLASS = "[\u2e80-\u312f\u3190-\u9fff\uf900-\ufaff\uff00-\uffef\U00020000-\U0003ffff]"


@functools.cache
def _any_cjk() -> re.Pattern[str]:
    return re.compile(_CJK_CLASS)  # ~3 ms to compile: only once a text reaches U+2E80


def needs_cjk_breaking(text: str) -> bool:
    """Does `text` hold a character of is_cjk (a regex: every layout pass asks)?"""
    return bool(text) and max(text) >= "\u2e80" and _any_cjk().search(text) is not None


def _space(ch: str) -> bool:
    return len(ch) == 1 and (ch == " " or unicodedata.category(ch) == "Zs")


NO_BREAK = frozenset("\u00a0\u202f\u2007\u2060\ufeff")  # no-break spaces, word joiners
COUNTERS = frozenset("年月日時分秒")  # a number keeps its counter: 2021年, 3月


def may_break(before: str, after: str) -> bool:
    """May a line end between `before` and `after`? Never beside a no-break space (the
    layout ties a date range with them: "2021年3月 → 現在" keeps "現在"), nor between a
    number and its counter ("2021年|3月")."""
    if before in NO_BREAK or after in NO_BREAK:
        return False
    if (before.isdigit() and after in COUNTERS) or (before in COUNTERS and after.isdigit()):
        return False
    if _space(before) or _space(after):
        return True
    if after in NO_START or before in NO_END:
        return False
    return is_cjk(before) or is_cjk(after)


def cjk_frag_split(
    frags: list[Any], max_widths: list[float], calc_bounds: Any, encoding: str = "utf8"
) -> Any:
    """reportlab's cjkFragSplit, with the breaking rules above: greedy, breaking at the last
    allowed place that fits; a line with no allowed place breaks where it must."""
    chars = []
    for frag in frags:
        text = frag.text.decode(encoding) if isinstance(frag.text, bytes) else frag.text
        chars.extend(_paragraph.cjkU(t, frag, encoding) for t in text or "")
        if not text:
            chars.append(_paragraph.cjkU("", frag, encoding))
    after = _pair_spacing(chars, lambda c: (c.frag.fontName, c.frag.fontSize))
    lines: list[Any] = []
    for start, end, shown in _lines(chars, max_widths):
        width_max = max_widths[min(len(lines), len(max_widths) - 1)]
        used = sum(c.width for c in chars[start:shown]) - after[shown - 1]
        hard = hasattr(chars[end - 1].frag, "lineBreak")
        line = _paragraph.makeCJKParaLine(
            chars[start:shown], width_max, used, width_max - used, hard, calc_bounds
        )
        if any(after[start : shown - 1]):
            _trail(line, chars[start:shown], after[start:shown])
        lines.append(line)
    return _paragraph.ParaLines(kind=1, lines=lines)


def _pair_spacing(chars: list[Any], font_of: Any) -> list[float]:
    """The spacing drawn after each character, in points, added to that character's width
    so a line is measured as drawn; returned so a line's end can take back the spacing
    towards the next line's first character. Inside one run (one font, one fragment) it is
    the font's own: pair kerning and the CJK spacing of fonts/kerning.py (compressed
    punctuation, a quarter em beside Latin). Between two runs (a CJK face and a Latin one)
    the CJK spacing alone, which `_trail` hands to the canvas."""
    from reportlab.pdfbase.pdfmetrics import getFont

    after = [0.0] * len(chars)
    for i in range(len(chars) - 1):
        a, b = chars[i], chars[i + 1]
        if not a or not b or getattr(a.frag, "cbDefn", None) or getattr(b.frag, "cbDefn", None):
            continue
        key = font_of(a)
        font = getFont(key[0])
        if a.frag is b.frag or isinstance(a, _Char) or _paragraph.sameFrag(a.frag, b.frag):
            spaced = getattr(font, "spaced", None)
            if spaced is None or not spaced(a + b):
                continue
            extra = font.adjustments(str(a) + str(b))[0] * 0.001 * key[1]
        else:
            if max(a, b) < "\u2e80":
                continue
            other = getFont(font_of(b)[0])
            width_a = font.stringWidth(str(a), 1000)
            extra = cjk_pair(a, b, width_a, other.stringWidth(str(b), 1000)) * 0.001 * key[1]
        if extra:
            after[i] = extra
            if isinstance(a, _Char):
                a.width += extra
            else:
                a._width += extra  # noqa: SLF001 (cjkU keeps its width there)
    return after


def _trail(line: Any, chars: list[Any], after: list[float]) -> None:
    """Give each run of `line` (reportlab's words, one per fragment, made of `chars` in
    order) that ends before another run with CJK spacing between them that spacing as a
    Trailing text, which the canvas draws and the paragraph measures."""
    i = 0
    for word in line.words:
        text = word.text
        taken = ""
        while i < len(chars) and len(taken) < len(text):
            taken += chars[i]
            i += 1
        while i < len(chars) and not chars[i]:
            i += 1  # an empty fragment's placeholder (an image) draws no text
        j = i - 1
        if 0 <= j < len(chars) - 1 and after[j] and word is not line.words[-1] and text:
            spaced = Trailing(text)
            spaced.trail = after[j]
            word.text = spaced


def _fill(chars: list[Any], start: int, width_max: float) -> tuple[int, float, int | None, bool]:
    """From `start`, as many characters as fit: (end, width, last allowed break, hard break)."""
    used, i, last_break = 0.0, start, None
    while i < len(chars):
        ch = chars[i]
        if hasattr(ch.frag, "lineBreak"):
            return i + 1, used, None, True
        if i > start and may_break(chars[i - 1], ch) and not _tied(chars[i - 1], ch):
            last_break = i
        width = ch.width
        if used + width > width_max + _FUZZ and i > start and not _space(ch):
            if ch in NO_START:  # hang one closing mark in the margin rather than start with it
                return i + 1, used + width, None, False
            return i, used, last_break, False
        used += width
        i += 1
    return i, used, None, False


def _tied(before: Any, after: Any) -> bool:
    """Both inside one <nobr> (a date range the layout keeps on one line)."""
    return getattr(before.frag, "nobr", False) and getattr(after.frag, "nobr", False)


class _Char(str):
    """A character with its width, for one-font paragraphs (reportlab's fast path)."""

    width: float
    frag = None


def cjk_word_split(
    text: str, max_widths: list[float], font_name: str, font_size: float
) -> list[tuple[float, str]]:
    """reportlab's wordSplit (the path of a paragraph in one font), with the same rules:
    [(space left over, line text)]."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    chars = []
    for t in text:
        ch = _Char(t)
        ch.width = stringWidth(t, font_name, font_size)
        chars.append(ch)
    after = _pair_spacing(chars, lambda c: (font_name, font_size))
    lines: list[tuple[float, str]] = []
    for start, _end, shown in _lines(chars, max_widths):
        width_max = max_widths[min(len(lines), len(max_widths) - 1)]
        used = sum(c.width for c in chars[start:shown]) - after[shown - 1]
        lines.append((width_max - used, "".join(chars[start:shown])))
    return lines


def _lines(chars: list[Any], max_widths: list[float]) -> list[tuple[int, int, int]]:
    """(start, end, end of the shown part) of each line, breaking by the rules above."""
    out: list[tuple[int, int, int]] = []
    start, n = 0, len(chars)
    while start < n:
        while start < n and _space(chars[start]):
            start += 1  # a line never starts with a space
        if start >= n:
            break
        width_max = max_widths[min(len(out), len(max_widths) - 1)]
        end, _, last_break, hard = _fill(chars, start, width_max)
        if end < n and not hard and last_break is not None:
            end = last_break
        shown = end
        while shown > start + 1 and _space(chars[shown - 1]):
            shown -= 1  # trailing spaces hang in the margin
        out.append((start, end, shown))
        start = end
    return out


def install() -> None:
    """Route reportlab's CJK mode through the splitters above (idempotent)."""
    _paragraph.cjkFragSplit = cjk_frag_split
    _paragraph.wordSplit = cjk_word_split
