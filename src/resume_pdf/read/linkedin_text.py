"""LinkedIn's names and text forms, read as ours: each file's columns (the publicly
documented headers, and the older names seen in exports), its dates (`Jan 2020`, `2020`,
and month names in the account's language, `Mär 2020`, `janv. 2020`, from CLDR via Babel),
its multi-line descriptions (a list -> bullets; each other line a paragraph) and its
`Websites` cell (`[PORTFOLIO:https://…,COMPANY:https://…]`)."""

from __future__ import annotations

import re
from functools import cache

from ..text.cldr import MONTHS
from .dates import iso_form

# Each file's columns: ours -> the export's names for it (the first present is read)
COLUMNS: dict[str, dict[str, tuple[str, ...]]] = {
    "profile": {
        "first": ("First Name",),
        "last": ("Last Name",),
        "headline": ("Headline",),
        "summary": ("Summary",),
        "location": ("Geo Location", "Location"),
        "websites": ("Websites",),
        "twitter": ("Twitter Handles",),
    },
    "emailaddresses": {"email": ("Email Address",), "primary": ("Primary",)},
    "phonenumbers": {"number": ("Number",), "extension": ("Extension",)},
    "positions": {
        "organization": ("Company Name", "Company"),
        "role": ("Title",),
        "description": ("Description",),
        "location": ("Location",),
        "start": ("Started On", "Start Date"),
        "end": ("Finished On", "End Date"),
    },
    "education": {
        "institution": ("School Name", "School"),
        "degree": ("Degree Name", "Degree"),
        "field": ("Field Of Study", "Field of Study"),
        "start": ("Start Date", "Started On"),
        "end": ("End Date", "Finished On"),
        "notes": ("Notes", "Description"),
        "activities": ("Activities", "Activities and Societies"),
    },
    "skills": {"name": ("Name", "Skill")},
    "languages": {"name": ("Name", "Language"), "proficiency": ("Proficiency",)},
    "certifications": {
        "name": ("Name",),
        "url": ("Url", "URL"),
        "authority": ("Authority",),
        "start": ("Started On", "Issued On"),
        "end": ("Finished On", "Expires On"),
        "number": ("License Number",),
    },
    "projects": {
        "title": ("Title",),
        "description": ("Description",),
        "url": ("Url", "URL"),
        "start": ("Started On",),
        "end": ("Finished On",),
    },
    "publications": {
        "title": ("Name", "Title"),
        "date": ("Published On",),
        "description": ("Description",),
        "venue": ("Publisher",),
        "url": ("Url", "URL"),
    },
    "honors": {"title": ("Title",), "description": ("Description",), "date": ("Issued On",)},
    "volunteering": {
        "organization": ("Company Name", "Organization"),
        "role": ("Role",),
        "cause": ("Cause",),
        "start": ("Started On",),
        "end": ("Finished On",),
        "description": ("Description",),
    },
    "courses": {"name": ("Name",), "number": ("Number",)},
}
# Languages LinkedIn's interface offers whose month names may reach an export
LOCALES = ("de", "fr", "es", "it", "pt", "nl", "pl", "sv", "da", "nb", "fi", "tr", "cs", "ro")
_WORDY = re.compile(r"([^\W\d_]+)\.?,? +(\d{4})")
_BULLET = re.compile(r"(?:[•▪◦‣·●■►✓✔➢]\s*|[-*+–—]\s+|\d{1,2}[.)]\s+)(.+)")


class Dates:
    """Reads LinkedIn's dates, and remembers the languages their month names were in."""

    def __init__(self) -> None:
        self.languages: list[frozenset[str]] = []

    def read(self, text: str) -> str:
        """`Jan 2020` -> `2020-01`, `Mär 2020` -> `2020-03`, `2020` as it is; text that reads
        as no date is kept as written (the résumé's check then points at its cell)."""
        text = text.strip()
        if not text or re.fullmatch(r"\d{4}", text):
            return text
        found = iso_form(text)
        wordy = _WORDY.fullmatch(text)
        known = _months().get(wordy.group(1).lower().rstrip(".")) if wordy else None
        if known and wordy:
            self.languages.append(known[1])
            return found or f"{wordy.group(2)}-{known[0]:02d}"
        return found or text

    def language(self) -> str | None:
        """The one language every month name read so far is in (the first of LOCALES that
        all allow), or None when they were English, numbers, or disagree."""
        if not self.languages:
            return None
        common = frozenset.intersection(*self.languages)
        return next((code for code in LOCALES if code in common), None)


@cache
def _months() -> dict[str, tuple[int, frozenset[str]]]:
    """Each month's name and abbreviation in LOCALES (both CLDR contexts) -> its number and
    the languages that write it so; English names are not among them, and a word that names
    two months (in two languages) is left out."""
    from babel.dates import get_month_names

    numbers: dict[str, set[int]] = {}
    languages: dict[str, set[str]] = {}
    for locale in LOCALES:
        for width in ("abbreviated", "wide"):
            for context in ("format", "stand-alone"):
                for number, name in get_month_names(width, context, locale).items():
                    word = name.lower().rstrip(".")
                    numbers.setdefault(word, set()).add(number)
                    languages.setdefault(word, set()).add(locale)
    english = {m.lower() for m in MONTHS.split()} | {m[:3].lower() for m in MONTHS.split()}
    return {
        word: (next(iter(n)), frozenset(languages[word]))
        for word, n in numbers.items()
        if len(n) == 1 and word not in english
    }


def paragraphs(text: str) -> str:
    """Each line of a LinkedIn text its own paragraph (LinkedIn breaks lines, not paragraphs)."""
    return "\n\n".join(line.strip() for line in text.splitlines() if line.strip())


def split_list(text: str) -> tuple[str, list[str]]:
    """(the paragraphs before a list, the list's items) when the text ends in a list of two
    or more marked lines (`•`, `-`, `1.`); else (the text as paragraphs, [])."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    marks = [_BULLET.fullmatch(line) for line in lines]
    first = next((i for i, m in enumerate(marks) if m), len(lines))
    listed = marks[first:]
    if len(listed) < 2 or not all(listed):
        return paragraphs(text), []
    return "\n\n".join(lines[:first]), [m.group(1).strip() for m in listed if m]


_SITE = re.compile(r"(?:([A-Za-z][\w ]*?)\s*:\s*)?((?:https?://|www\.)[^\s,\[\]]+)")


def website_links(text: str) -> list[tuple[str, str]]:
    """(label, url) of each address in a Websites cell; the label as LinkedIn names the
    kind (`PORTFOLIO` -> `Portfolio`), empty when none is given."""
    return [
        (label.strip().title() if label else "", url if "://" in url else f"https://{url}")
        for label, url in _SITE.findall(text)
    ]
