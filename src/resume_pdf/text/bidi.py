"""Logical order -> visual order for one line: the Unicode Bidirectional Algorithm (UAX #9)
for text without explicit embeddings (a résumé's fields have none: control characters are
removed when the file is read), levels per character and the line reordered by them.

Pure Python on `unicodedata`, so a build pays nothing for it unless a line holds a
right-to-left letter; the tests check it against python-bidi's `get_display`."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from itertools import groupby

STRONG_RTL = frozenset(("R", "AL"))
RTL_LOCALES = frozenset(("he", "iw", "ar", "fa", "ur", "yi", "ps", "sd", "ckb", "ug", "dv"))
_NEUTRAL = frozenset(("B", "S", "WS", "ON", "BN"))


# the blocks every right-to-left letter (bidi class R or AL) lies in: Hebrew to NKo and
# Arabic Extended, the Hebrew and Arabic presentation forms, and the historic scripts of
# the SMP's right-to-left ranges (checked against unicodedata over all of Unicode)
_RTL_BLOCKS = re.compile(
    "[\u0590-\u08ff\u200f\ufb1d-\ufdff\ufe70-\ufeff\U00010800-\U00010fff\U0001e800-\U0001efff]"
)


def has_rtl(text: str) -> bool:
    """Whether `text` holds a right-to-left letter: a search in C for the blocks they lie in
    first, since every paragraph of every résumé asks (a curly quote or an arrow, past
    U+0590, sent the search through unicodedata character by character)."""
    return _RTL_BLOCKS.search(text) is not None and any(
        unicodedata.bidirectional(ch) in STRONG_RTL for ch in text
    )


def list_comma(texts: list[str]) -> str:
    """The comma that separates items of a list written in these texts: Arabic script
    (Arabic, Persian, Urdu) has its own, U+060C, reversed and set low; others ", "."""
    arabic = any("\u0600" <= ch <= "\u06ff" and ch.isalpha() for t in texts for ch in t)
    return "\u060c " if arabic else ", "


def mostly_rtl(texts: Iterable[str]) -> tuple[int, int]:
    """The right-to-left and left-to-right letters (strong bidi classes) of `texts`."""
    rtl = ltr = 0
    for text in texts:
        if not has_rtl(text):
            ltr += sum(ch.isalpha() for ch in text)
            continue
        for ch in text:
            kind = unicodedata.bidirectional(ch)
            rtl += kind in STRONG_RTL
            ltr += kind == "L"
    return rtl, ltr


def first_strong_rtl(text: str) -> bool:
    """Whether the first strong letter of `text` is right-to-left (UAX #9, P2-P3)."""
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind == "L":
            return False
        if kind in STRONG_RTL:
            return True
    return False


def levels(text: str, rtl: bool) -> list[int]:
    """The embedding level of each character of one line with base direction `rtl`: even is
    left-to-right, odd right-to-left (rules W1-W7, N1-N2, I1-I2 and L1)."""
    base = 1 if rtl else 0
    sos = "R" if rtl else "L"
    kinds = [unicodedata.bidirectional(ch) or "L" for ch in text]
    kinds = ["ON" if k in ("LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI") else k
             for k in kinds]  # fmt: skip
    _weak(kinds, sos)
    _brackets(text, kinds, sos)
    _neutral(kinds, sos)
    out = []
    for kind in kinds:
        if base == 0:
            out.append(1 if kind == "R" else 2 if kind in ("AN", "EN") else 0)
        else:
            out.append(2 if kind in ("L", "EN", "AN") else 1)
    # L1: white space at the line's end (and before a tab) goes back to the base level
    original = [unicodedata.bidirectional(ch) for ch in text]
    trailing = True
    for i in range(len(text) - 1, -1, -1):
        if original[i] in ("S", "B"):
            out[i], trailing = base, True
        elif trailing and original[i] in ("WS", "BN") or original[i] in ("FSI", "PDI"):
            out[i] = base
        else:
            trailing = False
    return out


def _weak(kinds: list[str], sos: str) -> None:
    """W1-W7, in place."""
    prev, strong = sos, sos
    for i, kind in enumerate(kinds):
        if kind == "NSM":  # W1: a mark takes its letter's type
            kind = kinds[i] = "ON" if prev in ("LRI", "RLI", "FSI", "PDI") else prev
        if kind in ("L", "R", "AL"):
            strong = kind
        elif kind == "EN" and strong == "AL":  # W2
            kinds[i] = "AN"
        prev = kinds[i]
    kinds[:] = ["R" if k == "AL" else k for k in kinds]  # W3
    for i in range(1, len(kinds) - 1):  # W4: one separator between two numbers
        before, kind, after = kinds[i - 1], kinds[i], kinds[i + 1]
        if before == after == "EN" and kind in ("ES", "CS"):
            kinds[i] = "EN"
        elif before == after == "AN" and kind == "CS":
            kinds[i] = "AN"
    for i, kind in enumerate(kinds):  # W5: terminators (%, $) next to European numbers
        if kind == "EN":
            j = i - 1
            while j >= 0 and kinds[j] == "ET":
                kinds[j], j = "EN", j - 1
            j = i + 1
            while j < len(kinds) and kinds[j] == "ET":
                kinds[j], j = "EN", j + 1
    kinds[:] = ["ON" if k in ("ES", "ET", "CS") else k for k in kinds]  # W6
    strong = sos
    for i, kind in enumerate(kinds):  # W7
        if kind in ("L", "R"):
            strong = kind
        elif kind == "EN" and strong == "L":
            kinds[i] = "L"


_OPEN = {"(": ")", "[": "]", "{": "}", "«": "»", "‹": "›", "⁅": "⁆", "⁽": "⁾", "₍": "₎"}


def _brackets(text: str, kinds: list[str], sos: str) -> None:
    """N0, in place: a pair of brackets takes the direction of the text inside it when
    that is the line's, else the opposite one when the text before it is opposite too."""
    pairs, stack = [], []
    for i, ch in enumerate(text):
        if kinds[i] != "ON":
            continue
        if ch in _OPEN and len(stack) < 63:
            stack.append((_OPEN[ch], i))
        else:
            for depth in range(len(stack) - 1, -1, -1):
                if stack[depth][0] == ch:
                    pairs.append((stack[depth][1], i))
                    del stack[depth:]
                    break
    strong = lambda k: "R" if k in ("R", "EN", "AN") else "L" if k == "L" else None  # noqa: E731
    for open_, close in sorted(pairs):
        inside = {strong(k) for k in kinds[open_ + 1 : close]} - {None}
        if sos in inside:
            chosen = sos
        elif inside:
            before = next((d for d in map(strong, reversed(kinds[:open_])) if d is not None), sos)
            chosen = before if before != sos else sos
        else:
            continue
        kinds[open_] = kinds[close] = chosen


def _neutral(kinds: list[str], sos: str) -> None:
    """N1-N2, in place: a run of neutrals between two of one direction takes it (numbers
    count as right-to-left), else the base direction."""
    i = 0
    while i < len(kinds):
        if kinds[i] not in _NEUTRAL:
            i += 1
            continue
        j = i
        while j < len(kinds) and kinds[j] in _NEUTRAL:
            j += 1
        before = sos if i == 0 else ("R" if kinds[i - 1] in ("R", "EN", "AN") else "L")
        after = sos if j == len(kinds) else ("R" if kinds[j] in ("R", "EN", "AN") else "L")
        kinds[i:j] = [before if before == after else sos] * (j - i)
        i = j


def visual_order(line_levels: list[int]) -> list[int]:
    """The logical indices of a line in visual order, left to right (rule L2)."""
    order = list(range(len(line_levels)))
    if not line_levels:
        return order
    top = max(line_levels)
    lowest_odd = min((lv for lv in line_levels if lv % 2), default=top + 1)
    for level in range(top, lowest_odd - 1, -1):
        i = 0
        while i < len(order):
            if line_levels[order[i]] >= level:
                j = i
                while j < len(order) and line_levels[order[j]] >= level:
                    j += 1
                order[i:j] = order[i:j][::-1]
                i = j
            else:
                i += 1
    return order


def runs(text: str, rtl: bool) -> list[tuple[int, int, bool]]:
    """The line cut into directional runs in visual order, left to right: (start, end,
    right-to-left) over logical indices; a run's characters are contiguous in logical order."""
    line_levels = levels(text, rtl)
    order = visual_order(line_levels)
    out: list[tuple[int, int, bool]] = []
    for odd, group in groupby(order, key=lambda i: line_levels[i] % 2 == 1):
        indices = list(group)
        # within one level a run is contiguous; across levels of one parity cut it again
        start = prev = indices[0]
        for i in indices[1:]:
            step = -1 if odd else 1
            if i != prev + step or line_levels[i] != line_levels[prev]:
                out.append((min(start, prev), max(start, prev) + 1, odd))
                start = i
            prev = i
        out.append((min(start, prev), max(start, prev) + 1, odd))
    return out
