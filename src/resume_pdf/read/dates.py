"""Dates as people write them: the ISO shapes a date field takes, why one is impossible
(`2025-13-01`: there is no month 13), and the ISO form of a month and year written in free
text (`Sept 2021`, `09/2021`, `2021.09`). Read by the Date spec (text_fields.py) for every date
field of every format; style/dates.py shows dates, this module reads them.
"""

from __future__ import annotations

import re

from ..text.cldr import MONTHS

ISO = re.compile(r"(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?")
# what a free-text date may not be unless it is valid (`2016-2019`, a range, may)
ISO_LIKE = re.compile(r"\d{4}-\d{1,2}(?:-\d{1,2})?(?:[T ].*)?")
DATE_PATTERN = r"\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?"

ISO_DATE = re.compile(r"\d{4}(-(0[1-9]|1[0-2])(-\d{2})?)?")  # a free-text date that is ISO


def impossible_date(found: re.Match[str]) -> str | None:
    """Why a `2021`, `2021-03` or `2021-03-14` shape is no date, or None when it is one."""
    import datetime as dt

    year, month, day = found.groups()
    if month and not 1 <= int(month) <= 12:
        return f"there is no month {int(month)}"
    if day:
        try:
            dt.date(int(year), int(month), int(day))
        except ValueError:
            return f"{MONTHS.split()[int(month) - 1]} {year} has no day {int(day)}"
    return None


_NUMERIC = (
    re.compile(r"(?P<y>\d{4})[-/.](?P<m>\d{1,2})(?:[-/.](?P<d>\d{1,2}))?(?:[T ][\d:.+Z-]*)?"),
    re.compile(r"(?P<m>\d{1,2})[/.-](?P<y>\d{4})"),
)
_WORDY = (
    re.compile(r"(?P<n>[^\W\d_]+)\.?,? +(?P<y>\d{4})"),  # Sept 2021, März 2021
    re.compile(r"(?P<n>[^\W\d_]+)\.? +(?P<d>\d{1,2}),? +(?P<y>\d{4})"),  # Sep 1, 2021
    re.compile(r"(?P<d>\d{1,2})\.? +(?P<n>[^\W\d_]+)\.?,? +(?P<y>\d{4})"),  # 1 Sep 2021
)


def iso_form(text: str) -> str | None:
    """`Sept 2021`, `09/2021`, `2021.09`, `2021-9-1` -> `2021-09`, `2021-09-01`; None for
    text that does not read as one month (`Fall 2019`, `13/2021`)."""
    text = text.strip()
    for rule in _NUMERIC + _WORDY:
        found = rule.fullmatch(text)
        if not found:
            continue
        parts = found.groupdict()
        month = month_number(parts["n"]) if "n" in parts else int(parts["m"])
        day = f"-{int(parts['d']):02d}" if parts.get("d") else ""
        iso = f"{parts['y']}-{month or 0:02d}{day}"
        checked = ISO.fullmatch(iso)
        if month and checked and impossible_date(checked) is None:
            return iso
    return None


def month_number(name: str) -> int | None:
    """1 for `Jan`, `January`, `janv.`, `Januar`; None for a word that is no month's name,
    or the name of two months in different languages."""
    from ..text.cldr import month_tables  # only on a date that failed: not needed else

    numbers: dict[str, set[int]] = {}
    names = [(MONTHS.split(), [m[:3] for m in MONTHS.split()])]
    names += [(long, short) for long, short, _ in month_tables().values()]
    for long, short in names:
        for number, (a, b) in enumerate(zip(long, short, strict=True), 1):
            for word in (a, b, a[:4]):  # `Sept`
                numbers.setdefault(word.lower().rstrip("."), set()).add(number)
    found = numbers.get(name.lower().rstrip("."), set())
    return next(iter(found)) if len(found) == 1 else None
