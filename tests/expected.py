"""Expected visible text E of a résumé, built from the YAML input (ATS.md C.1).

Written independently of the builder: it reads the file with PyYAML's BaseLoader (every
scalar a string) and walks it in the documented reading order of the single-column styles.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

PRESENT = {"present", "now", "current"}
_LINK = re.compile(r"\[([^\]]+)\]\([^)\s]+\)")
_BOLD = re.compile(r"\*\*(\S(?:.*?\S)?)\*\*")
_ITALIC = re.compile(r"\*(\S(?:.*?\S)?)\*")


def strip_markup(text: str) -> str:
    text = _LINK.sub(r"\1", text)
    text = _BOLD.sub(r"\1", text)
    text = _ITALIC.sub(r"\1", text)
    return text.replace("\\*", "*")


def shown_url(url: str) -> str:
    return url.split("://", 1)[-1].removesuffix("/").removeprefix("www.")


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


@dataclass(frozen=True)
class Shown:
    """How a style shows dates, and which section kinds it puts in a sidebar drawn first."""

    date_format: str = "year"
    present: str = "now"
    sidebar: tuple[str, ...] = ()
    entry_header: str = "role-first"  # the style's entry: {header: ...}


def show_date(value: str, shown: Shown) -> str:
    if value.lower() in PRESENT:
        return shown.present
    year, *rest = value.split("-")
    if not rest or shown.date_format == "year":
        return year
    month = int(rest[0])
    if shown.date_format == "numeric":
        return f"{month:02d}/{year}"
    name = MONTHS[month - 1]
    return f"{name if shown.date_format == 'long' else name[:3]} {year}"


def dates(entry: dict[str, Any], shown: Shown = Shown()) -> list[str]:
    if entry.get("date"):
        return [entry["date"]]
    out = [show_date(entry[k], shown) for k in ("start", "end") if entry.get(k)]
    return out[:1] if len(out) == 2 and out[0] == out[1] else out


def bullets(items: list[Any]) -> list[str]:
    return [strip_markup(b["text"] if isinstance(b, dict) else b) for b in items or []]


def entry_words(kind: str, e: dict[str, Any], shown: Shown) -> list[str]:
    """An entry's texts in the order the layout draws them."""
    if kind == "projects":
        link = [e["link"].get("label") or shown_url(e["link"]["url"])] if e.get("link") else []
        d = dates(e, shown)
        head = [e["title"], *link, *d] if d else [e["title"], *link]
        sub = [e.get("location")]
    elif kind == "experience":  # line by line: the title and its dates, then the rest
        role, org = e.get("role"), e.get("organization")
        first, second = (org, role) if shown.entry_header == "organization-first" else (role, org)
        first, second = (second, first) if not first else (first, second)
        head, sub = [first, *dates(e, shown)], [second, e.get("location")]
        if shown.entry_header == "inline":
            head, sub = [role, org, e.get("location"), *dates(e, shown)], []
    elif kind == "education":
        head = [e["institution"], *dates(e, shown)]
        sub = [e.get("degree"), e.get("field"), e.get("location")]
        if shown.entry_header == "inline":
            head, sub = [e["institution"], *sub, *dates(e, shown)], []
    else:  # publications
        head = [e["title"], *dates(e, shown)]
        sub = [*e.get("authors", []), e.get("venue")]
        sub += [shown_url(e["url"]) if e.get("url") else None]
        sub += [f"doi:{e['doi']}" if e.get("doi") else None]
    summary = [strip_markup(e["summary"])] if e.get("summary") else []
    return [w for w in (*head, *sub, *summary, *bullets(e.get("highlights"))) if w]


def section_words(section: dict[str, Any], shown: Shown = Shown()) -> list[str]:
    out = [section["title"]]
    for kind in ("projects", "experience", "education", "publications"):
        for e in section.get(kind) or []:
            out += entry_words(kind, e, shown)
    for group in section.get("skills") or []:
        out += [group["group"], *group.get("items", [])]
    for e in section.get("timeline") or []:
        out += [*dates(e, shown), strip_markup(e["text"])]
    if section.get("text"):
        out.append(strip_markup(section["text"]))
    out += bullets(section.get("bullets"))
    return out


def expected_text(path: Path, shown: Shown = Shown()) -> str:
    """E in reading order: a sidebar (name, contact, its sections) comes first when the
    style has one, then the main column."""
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    contact = data.get("contact") or {}
    identity = [data["name"], data.get("headline")]
    identity += [contact.get(k) for k in ("email", "phone", "location")]
    urls = ([contact["website"]] if contact.get("website") else []) + [
        link["url"] for link in contact.get("links", [])
    ]
    identity += [shown_url(u) for u in urls]
    summary = [strip_markup(data["summary"])] if data.get("summary") else []
    sections = [s for s in data.get("sections") or [] if section_words(s, shown)[1:]]
    side = [s for s in sections if _kind(s) in shown.sidebar]
    main = [s for s in sections if _kind(s) not in shown.sidebar]
    words = identity
    for section in side:
        words += section_words(section, shown)
    words += summary
    for section in main:
        words += section_words(section, shown)
    return "\n".join(w for w in words if w)


def _kind(section: dict[str, Any]) -> str:
    return next(k for k in section if k not in ("title", "tags"))
