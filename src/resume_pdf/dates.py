"""Dates as the style shows them: `2025 → now`, `Mar 2025 – present`, `03/2025`.

Dates stay the text the user wrote until here; nothing is parsed into date objects, so a
free-text `date:` ("Fall 2023") is shown verbatim and no precision is invented.
"""

from __future__ import annotations

import re
from typing import Any

from .model import PRESENT_WORDS
from .style_schema import Dates

# locale -> (month names, their short forms, the word for "present")
_TABLE = {
    "en": (
        "January February March April May June July August September October November December",
        "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec",
        "present",
    ),
    "de": (
        "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
        "Jan. Feb. März Apr. Mai Juni Juli Aug. Sept. Okt. Nov. Dez.",
        "heute",
    ),
    "fr": (
        "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
        "janv. févr. mars avr. mai juin juil. août sept. oct. nov. déc.",
        "aujourd'hui",
    ),
    "es": (
        "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
        "ene. feb. mar. abr. may. jun. jul. ago. sept. oct. nov. dic.",
        "actualidad",
    ),
    "it": (
        "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre "
        "novembre dicembre",
        "gen feb mar apr mag giu lug ago set ott nov dic",
        "oggi",
    ),
    "pt": (
        "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro",
        "jan. fev. mar. abr. maio jun. jul. ago. set. out. nov. dez.",
        "atual",
    ),
    "nl": (
        "januari februari maart april mei juni juli augustus september oktober november december",
        "jan. feb. mrt. apr. mei jun. jul. aug. sep. okt. nov. dec.",
        "heden",
    ),
    "pl": (
        "styczeń luty marzec kwiecień maj czerwiec lipiec sierpień wrzesień październik "
        "listopad grudzień",
        "sty lut mar kwi maj cze lip sie wrz paź lis gru",
        "obecnie",
    ),
    "ru": (
        "январь февраль март апрель май июнь июль август сентябрь октябрь ноябрь декабрь",
        "янв. февр. март апр. май июнь июль авг. сент. окт. нояб. дек.",
        "настоящее время",
    ),
}
_CJK_MONTHS = " ".join(f"{m}月" for m in range(1, 13))
_TABLE.update(
    {
        "ja": (_CJK_MONTHS, _CJK_MONTHS, "現在"),
        "zh": (_CJK_MONTHS, _CJK_MONTHS, "至今"),
        "ko": (" ".join(f"{m}월" for m in range(1, 13)),) * 2 + ("현재",),
    }
)
# locales that put the year first: 2023年3月, 2023년 3월
YEAR_FIRST = {"ja": "{year}年{month}", "zh": "{year}年{month}", "ko": "{year}년 {month}"}
ISO_DATE = re.compile(r"\d{4}(-(0[1-9]|1[0-2])(-\d{2})?)?")  # a free-text date that is ISO
LOCALES = {k: (long.split(), short.split(), now) for k, (long, short, now) in _TABLE.items()}


def present_word(style: Dates, locale: str) -> str:
    """The style's word in English; the locale's otherwise, capitalised like the style's."""
    if locale == "en":
        return style.present
    word = LOCALES[locale][2]
    return word[0].upper() + word[1:] if style.present[:1].isupper() else word


def format_date(text: str, style: Dates, locale: str = "en") -> str:
    if text.lower() in PRESENT_WORDS:
        return present_word(style, locale)
    year, *rest = text.split("-")
    if not rest or style.format == "year":
        return year
    month = int(rest[0])
    if style.format == "numeric":
        return f"{month:02d}/{year}"
    long, short, _ = LOCALES[locale]
    name = (long if style.format == "long" else short)[month - 1]
    return YEAR_FIRST.get(locale, "{month} {year}").format(month=name, year=year)


def format_range(entry: Any, style: Dates, locale: str = "en") -> str | None:
    """The entry's dates as one string (kept on one line by the layout), or None."""
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
