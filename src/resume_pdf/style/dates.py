"""Dates as the style shows them: `2025 → now`, `Mar 2025 – present`, `03/2025`.

Dates stay the text the user wrote until here; nothing is parsed into date objects, so a
free-text `date:` ("Fall 2023") is shown verbatim and no precision is invented.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Any

from ..model.resume import PRESENT_WORDS
from ..read.dates import MONTHS
from .style_schema import Dates

if TYPE_CHECKING:
    from collections.abc import Mapping

# English is our own, so an English build never imports Babel
_ENGLISH = (tuple(MONTHS.split()), tuple(m[:3] for m in MONTHS.split()))
# The word for "present" where a résumé's word reads better than CLDR's "now" (which is
# used for every other language): RenderCV's 22 languages and a few more.
PRESENT = {
    "en": "present", "de": "heute", "fr": "aujourd'hui", "es": "actualidad", "it": "oggi",
    "pt": "atual", "nl": "heden", "pl": "obecnie", "ru": "настоящее время", "ja": "現在",
    "zh": "至今", "ko": "현재", "tr": "günümüz", "uk": "теперішній час", "cs": "současnost",
    "sk": "súčasnosť", "sv": "nu", "da": "nu", "nb": "nå", "no": "nå", "nn": "no",
    "fi": "nykyään", "id": "sekarang", "ms": "kini", "hi": "वर्तमान", "el": "σήμερα",
    "ar": "حتى الآن", "he": "היום", "fa": "اکنون", "hu": "jelenleg", "ro": "prezent",
    "vi": "hiện tại", "th": "ปัจจุบัน", "bg": "момента", "hr": "danas", "sr": "данас",
}  # fmt: skip
ISO_DATE = re.compile(r"\d{4}(-(0[1-9]|1[0-2])(-\d{2})?)?")  # a free-text date that is ISO
_TOKEN = re.compile(r"'[^']*'|y+|[ML]{3,}|[ML]{1,2}|d+")


@cache
def month_names(locale: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The locale's month names, long and short, as they stand alone ("März 2021")."""
    if locale == "en":
        return _ENGLISH
    from babel.dates import get_month_names  # CLDR data: only a build in another language

    wide = get_month_names("wide", "stand-alone", locale)
    # the abbreviations inside a date ("März"), unless the language declines month names
    # there (Russian "мая"): then the standing-alone ones ("май")
    declines = dict(get_month_names("wide", "format", locale)) != dict(wide)
    short = get_month_names("abbreviated", "stand-alone" if declines else "format", locale)
    return tuple(wide[m] for m in range(1, 13)), tuple(short[m] for m in range(1, 13))


@cache
def present(locale: str) -> str:
    """The locale's word for an entry that has not ended: ours, else CLDR's "now"."""
    if locale in PRESENT:
        return PRESENT[locale]
    from babel import Locale

    relative = Locale.parse(locale)._data["date_fields"]["second"]["relative"]  # noqa: SLF001
    return str(relative.get(0) or PRESENT["en"])


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


def long_date(year: int, month: int, day: int, locale: str) -> str:
    """A day in the locale's words, as a letter is dated (`November 29, 2026`)."""
    if locale == "en":
        return f"{_ENGLISH[0][month - 1]} {day}, {year}"
    from datetime import date

    from babel.dates import format_date as babel_date

    # CLDR's narrow no-break space (U+202F, "2026 р.") as the no-break space every font has
    return babel_date(date(year, month, day), "long", locale=locale).replace("\u202f", "\xa0")


def locale_words(locale: str) -> str:
    """Every character a date can show in `locale`: for fonts that are subset ahead."""
    long, short = month_names(locale)
    digits = "0123456789"
    return "".join(
        (*long, *short, present(locale), digits, digits.translate(_digits(locale) or {}))
    )


def present_word(style: Dates, locale: str) -> str:
    """The style's word in English; the locale's otherwise, capitalised like the style's."""
    if locale == "en":
        return style.present
    word = present(locale)
    return word[0].upper() + word[1:] if style.present[:1].isupper() else word


def __getattr__(name: str) -> Mapping[str, tuple[tuple[str, ...], tuple[str, ...], str]]:
    """`LOCALES`: the month names and "present" of the languages with a word of our own, for
    reading a month's name back (read/dates.py: month_number); made on first use (Babel)."""
    if name != "LOCALES":
        raise AttributeError(name)
    return {code: (*month_names(code), present(code)) for code in PRESENT}


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


@cache
def _digits(locale: str) -> dict[int, str] | None:
    """The locale's own digits where CLDR says it writes numbers with them (Persian ۲۰۲۳;
    Arabic, Hebrew and Urdu write 2023), else None."""
    if locale == "en":
        return None
    from babel import Locale

    try:
        zero = _ZEROS.get(Locale.parse(locale).default_numbering_system)
    except (ValueError, LookupError):
        return None
    return str.maketrans("0123456789", "".join(chr(zero + i) for i in range(10))) if zero else None


_ZEROS = {"arab": 0x660, "arabext": 0x6F0, "deva": 0x966, "beng": 0x9E6, "mymr": 0x1040}


def format_range(entry: Any, style: Dates, locale: str = "en") -> str | None:
    """The entry's dates as one string (kept on one line by the layout), or None."""
    shown = _format_range(entry, style, locale)
    digits = _digits(locale) if shown else None
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
