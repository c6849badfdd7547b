"""Dates as the style shows them: `2025 → now`, `Mar 2025 – present`, `03/2025`.

Dates stay the text the user wrote until here; nothing is parsed into date objects, so a
free-text `date:` ("Fall 2023") is shown verbatim and no precision is invented.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from ..model.resume import PRESENT_WORDS
from ..read.dates import ISO_DATE
from ..text.cldr import month_names, native_digits, present
from .style_schema import Dates

_TOKEN = re.compile(r"'[^']*'|y+|[ML]{3,}|[ML]{1,2}|d+")


@cache
def _year_first(locale: str, long: bool) -> str | None:
    """CLDR's month-and-year pattern where the year comes first (`y년 MMM`), else None."""
    if locale == "en":
        return None
    from babel import Locale

    skeletons = Locale.parse(locale).datetime_skeletons
    pattern = str(skeletons.get("yMMMM" if long else "yMMM") or "")
    return pattern if pattern.startswith("y") else None


def _fill(pattern: str, year: int, month: int, name: str, day: int = 0) -> str:
    """A CLDR date pattern with its fields filled in (quoted text kept, quotes dropped)."""

    def field(match: re.Match[str]) -> str:
        token = match[0]
        if token.startswith("'"):
            return token[1:-1] or "'"
        if token[0] == "y":
            return str(year)
        if token[0] == "d":
            return f"{day:0{len(token)}d}"
        return name if len(token) >= 3 else f"{month:0{len(token)}d}"

    return _TOKEN.sub(field, pattern)


def present_word(style: Dates, locale: str) -> str:
    """The style's word in English; the locale's otherwise, capitalised like the style's."""
    if locale == "en":
        return style.present
    word = present(locale)
    return word[0].upper() + word[1:] if style.present[:1].isupper() else word


def format_date(text: str, style: Dates, locale: str = "en") -> str:
    if text.lower() in PRESENT_WORDS:
        return present_word(style, locale)
    year, *rest = text.split("-")
    if not rest or style.years_only:
        return year
    month = int(rest[0])
    if style.format == "numeric":
        return f"{month:02d}/{year}"
    long = style.format == "long"
    name = month_names(locale)[0 if long else 1][month - 1]
    pattern = _year_first(locale, long)
    return _fill(pattern, int(year), month, name) if pattern else f"{name} {year}"


def format_range(entry: Any, style: Dates, locale: str = "en") -> str | None:
    """The entry's dates as one string (kept on one line by the layout), or None."""
    shown = _format_range(entry, style, locale)
    digits = native_digits(locale) if shown else None
    return shown.translate(digits) if shown and digits else shown


def _format_range(entry: Any, style: Dates, locale: str = "en") -> str | None:
    if getattr(entry, "date", None):
        free = entry.date
        return format_date(free, style, locale) if ISO_DATE.fullmatch(free) else free
    start, end = getattr(entry, "start", None), getattr(entry, "end", None)
    if not start:
        return None
    shown = format_date(start, style, locale)
    if end:
        shown_end = format_date(end, style, locale)
        if shown_end != shown:
            shown = f"{shown} {style.separator} {shown_end}"
    return shown
