"""RenderCV input, one entry at a time (rendercv.py maps the document): an entry's dates,
location, summary and highlights, and the fields of each of its entry types, onto the
nearest kind of ours, every value carried with its line and RenderCV path."""

from __future__ import annotations

import re
from typing import Any

from .mapping import Mapper
from .source import Path_


def _dates(m: Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
    m.copy(item, "start", out, (*src, "start_date"))
    m.copy(item, "end", out, (*src, "end_date"))
    if "start" in item or "end" in item:
        if m.get((*src, "date")) not in (None, ""):
            m.warn((*src, "date"), "`date` is not shown because `start_date` is given")
        if "start" in item and "end" not in item:
            item["end"] = "present"  # RenderCV: a start without an end is ongoing
        return
    m.copy(item, "date", out, (*src, "date"))


def _details(m: Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
    m.rename(item, out, src, location="location", summary="summary", highlights="highlights")
    highlights = item.get("highlights")
    if isinstance(highlights, list):
        for n, text in enumerate(highlights):
            nested = _nested(text)
            if nested:
                item["highlights"][n] = nested
                keys = ("text", "items", *(("items", j) for j in range(len(nested["items"]))))
                for key in keys:
                    at = key if isinstance(key, tuple) else (key,)
                    m.graft((*out, "highlights", n, *at), (*src, "highlights", n))
    _dates(m, item, out, src)


_SUB_ITEM = re.compile(r"\n[ \t]*[-*+][ \t]+")


def _nested(text: Any) -> dict[str, Any] | None:
    """A highlight written as a Markdown list in one string ("Led X:\n  - a\n  - b"), as
    RenderCV draws it: the first line is the item, each "- " line an item nested under it."""
    if not isinstance(text, str) or not _SUB_ITEM.search(text):
        return None
    head, *subs = _SUB_ITEM.split(text)
    subs = [s.strip() for s in subs if s.strip()]
    if not head.strip() or not subs:
        return None
    return {"text": head.strip(), "items": subs}


def _education(m: Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
    m.rename(item, out, src, institution="institution", degree="degree", field="area")
    _details(m, item, out, src)


def _experience(m: Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
    m.rename(item, out, src, role="position", organization="company")
    _details(m, item, out, src)


def _normal(m: Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
    m.rename(item, out, src, title="name")
    _details(m, item, out, src)


def _publication(m: Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
    m.rename(
        item,
        out,
        src,
        title="title",
        authors="authors",
        venue="journal",
        doi="doi",
        url="url",
        summary="summary",
    )
    _dates(m, item, out, src)


def _one_line(m: Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
    m.copy(item, "group", out, (*src, "label"))
    details = m.get((*src, "details"))
    m.place(item, "items", [details] if details else [], out, (*src, "details"))
    if "items" in item:
        m.graft((*out, "items", 0), (*src, "details"))


MAPPERS = {  # the fields of a RenderCV entry, by the kind of ours it becomes
    "education": _education,
    "experience": _experience,
    "projects": _normal,
    "publications": _publication,
    "skills": _one_line,
}
