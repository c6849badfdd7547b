"""Expected visible text E of a résumé, built from the YAML input (ATS.md C.1).

Written independently of the builder: it reads the file with PyYAML's BaseLoader (every
scalar a string) and walks it in the documented reading order of the single-column styles.
"""

from __future__ import annotations

import re
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


def dates(entry: dict[str, Any], present: str = "now") -> list[str]:
    if entry.get("date"):
        return [entry["date"]]
    out = []
    for key in ("start", "end"):
        value = entry.get(key)
        if value:
            out.append(present if value.lower() in PRESENT else value.split("-")[0])
    return out


def bullets(items: list[Any]) -> list[str]:
    return [strip_markup(b["text"] if isinstance(b, dict) else b) for b in items or []]


def entry_words(kind: str, e: dict[str, Any]) -> list[str]:
    """An entry's texts in the order the layout draws them."""
    if kind == "projects":
        link = [e["link"].get("label") or shown_url(e["link"]["url"])] if e.get("link") else []
        d = dates(e)
        head = [e["title"], *link, *d] if d else [e["title"], *link]
        sub = [e.get("location")]
    elif kind == "experience":
        head = [e.get("role"), e.get("organization"), *dates(e)]
        sub = [e.get("location")]
    elif kind == "education":
        head = [e["institution"], *dates(e)]
        sub = [e.get("degree"), e.get("field"), e.get("location")]
    else:  # publications
        head = [e["title"], *dates(e)]
        sub = [*e.get("authors", []), e.get("venue")]
        sub += [shown_url(e["url"]) if e.get("url") else None]
        sub += [f"doi:{e['doi']}" if e.get("doi") else None]
    summary = [strip_markup(e["summary"])] if e.get("summary") else []
    return [w for w in (*head, *sub, *summary, *bullets(e.get("highlights"))) if w]


def section_words(section: dict[str, Any]) -> list[str]:
    out = [section["title"]]
    for kind in ("projects", "experience", "education", "publications"):
        for e in section.get(kind) or []:
            out += entry_words(kind, e)
    for group in section.get("skills") or []:
        out += [group["group"], *group.get("items", [])]
    for e in section.get("timeline") or []:
        out += [*dates(e), strip_markup(e["text"])]
    if section.get("text"):
        out.append(strip_markup(section["text"]))
    out += bullets(section.get("bullets"))
    return out


def expected_text(path: Path) -> str:
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    contact = data.get("contact") or {}
    words = [data["name"], data.get("headline")]
    words += [contact.get(k) for k in ("email", "phone", "location")]
    urls = ([contact["website"]] if contact.get("website") else []) + [
        link["url"] for link in contact.get("links", [])
    ]
    words += [shown_url(u) for u in urls]
    words.append(strip_markup(data["summary"]) if data.get("summary") else None)
    for section in data.get("sections") or []:
        words += section_words(section)
    return "\n".join(w for w in words if w)
