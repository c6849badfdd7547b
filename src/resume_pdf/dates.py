"""Dates as the style shows them: `2025 → now`, `Mar 2025 – present`, `03/2025`.

Dates stay the text the user wrote until here; nothing is parsed into date objects, so a
free-text `date:` ("Fall 2023") is shown verbatim and no precision is invented.
"""

from __future__ import annotations

from typing import Any

from .model import PRESENT_WORDS
from .theme import Dates

MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def format_date(text: str, style: Dates) -> str:
    if text.lower() in PRESENT_WORDS:
        return style.present
    year, *rest = text.split("-")
    if not rest or style.format == "year":
        return year
    month = int(rest[0])
    if style.format == "numeric":
        return f"{month:02d}/{year}"
    name = MONTHS[month - 1]
    return f"{name if style.format == 'long' else name[:3]} {year}"


def format_range(entry: Any, style: Dates) -> str | None:
    """The entry's dates as one string (kept on one line by the layout), or None."""
    if getattr(entry, "date", None):
        return entry.date
    start, end = getattr(entry, "start", None), getattr(entry, "end", None)
    if not start:
        return None
    shown = format_date(start, style)
    if end:
        shown_end = format_date(end, style)
        if shown_end != shown:
            shown = f"{shown} {style.separator} {shown_end}"
    return shown
