"""JSON Resume entries, one at a time: a `work`, `education`, `awards`, `projects`, ...
entry mapped onto one of our section items, with each value's line and original path.

In: the `Mapper` over the conformed document, the entry's path in it and the item's path
in ours. Out: the item's keys (role, organization, dates, summary, highlights, ...), filled
in place, with wordy dates (`Sep 1, 2016`) in ISO form, the entry's `url` linking its
name, and a summary written as a Markdown list (YAMLResume) turned into bullets.
`KINDS` names, for each JSON Resume section, our section kind and the entry's mapping;
jsonresume.py walks the document and its sections.
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import quote
from ..text.inline import check_url
from .mapping import Mapper, text_list
from .source import Path_

MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
_WORDY_DATE = re.compile(r"([A-Za-z]{3})[a-z]*\.?\s+(?:(\d{1,2}),?\s+)?(\d{4})")
_LIST_LINE = re.compile(r"\s*(?:[-*+]|(\d+[.)]))\s+(.*)")


def text_of(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _date(m: Mapper, item: dict[str, Any], key: str, out: Path_, src: Path_) -> None:
    """A date as written, or `Sep 1, 2016` / `Dec 2017` (YAMLResume) as 2016-09-01 / 2017-12."""
    value = m.get(src)
    if isinstance(value, str):
        found = _WORDY_DATE.fullmatch(value.strip())
        if found and found.group(1).lower() in MONTHS:
            month = MONTHS.index(found.group(1).lower()) + 1
            day = f"-{int(found.group(2)):02d}" if found.group(2) else ""
            value = f"{found.group(3)}-{month:02d}{day}"
    m.place(item, key, value, out, src)


def _dates(m: Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
    _date(m, item, "start", out, (*src, "startDate"))
    _date(m, item, "end", out, (*src, "endDate"))
    if "start" in item and "end" not in item:
        item["end"] = "present"  # JSON Resume: no end date means ongoing


def _linked(
    m: Mapper,
    item: dict[str, Any],
    key: str,
    out: Path_,
    src: Path_,
    *names: str,
    fallback: bool = False,
) -> None:
    """The first of `names` as item[key], linked to the entry's `url` (or `website`). With
    none of `names`, the url is reported as not shown, unless another field will link it
    (`fallback`: an award's title)."""
    name = m.first(src, *names)
    if name:
        m.copy(item, key, out, (*src, name))
    url_key = m.first(src, "url", "website")
    url = m.get((*src, url_key)) if url_key else None
    if isinstance(url, str) and url.strip():
        if key not in item:
            if not fallback:
                m.warn((*src, url_key), f"not shown: the entry has no `{names[0]}` to link")
        elif "](" in item[key]:
            m.warn((*src, url_key), "not linked: the name is already a link")
        elif check_url(url.strip()) is not None:
            m.warn((*src, url_key), f"{quote(url)} is not a link address; not linked")
        else:
            label = item[key].replace("[", "\\[").replace("]", "\\]")
            item[key] = f"[{label}]({url.strip()})"


def _list_items(text: Any) -> list[str | dict[str, str]]:
    """The items of a text written as a Markdown list of two or more (YAMLResume), else [];
    a numbered item keeps its number as its marker (`{text, marker: "1."}`)."""
    if not isinstance(text, str):
        return []
    lines = [line for line in text.splitlines() if line.strip()]
    matches = [_LIST_LINE.fullmatch(line) for line in lines]
    if len(lines) < 2 or not all(matches):
        return []
    return [{"text": m[2], "marker": m[1]} if m[1] else m[2] for m in matches if m]


def _as_paragraph(entry: str | dict[str, str]) -> str:
    return entry if isinstance(entry, str) else f"{entry['marker']} {entry['text']}"


def markdown_lists(item: dict[str, Any], key: str, bullets: bool = True) -> None:
    """A summary written as a Markdown list (YAMLResume) becomes bullets, or one paragraph
    an item where the entry has no bullets; other text stays as it is."""
    items = _list_items(item.get(key))
    if not items:
        return
    if bullets:
        del item[key]
        item["highlights"] = items + item.get("highlights", [])
    else:
        item[key] = "\n\n".join(_as_paragraph(entry) for entry in items)


def _extra_paragraph(item: dict[str, Any], text: str) -> None:
    if text:
        item["summary"] = f"{item['summary']}\n\n{text}" if item.get("summary") else text


def _work(m: Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
    _job(m, item, out, src, ("name", "company", "organization"))


def _volunteer(m: Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
    """As a job, but `organization` is the schema's key here (`name`, `company` legacy)."""
    _job(m, item, out, src, ("organization", "name", "company"))


def _job(m: Mapper, item: dict[str, Any], out: Path_, src: Path_, names: tuple[str, ...]) -> None:
    m.rename(item, out, src, role="position", location="location", highlights="highlights")
    _linked(m, item, "organization", out, src, *names)
    m.copy(item, "summary", out, (*src, "summary"))
    markdown_lists(item, "summary")
    description = text_of(m.get((*src, "description")))
    if description:
        summary = item.get("summary")
        item["summary"] = f"{description}\n\n{summary}" if summary else description
        m.graft((*out, "summary"), (*src, "description"))
    _extra_paragraph(item, ", ".join(text_list(m.get((*src, "keywords")))))
    _dates(m, item, out, src)


def _education(m: Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
    _linked(m, item, "institution", out, src, "institution")
    m.rename(item, out, src, field="area", location="location")
    _joined(m, item, "degree", out, src, "degree", "studyType")
    m.copy(item, "summary", out, (*src, "summary"))
    markdown_lists(item, "summary")
    lines = _education_lines(m, src)
    if lines:
        first = len(item.get("highlights", []))
        item["highlights"] = item.get("highlights", []) + [text for text, _ in lines]
        m.graft((*out, "highlights"), (*src, "courses" if m.get((*src, "courses")) else "score"))
        for i, (_, theirs) in enumerate(lines, first):  # each line named by its own key
            m.graft((*out, "highlights", i), theirs)
    _dates(m, item, out, src)


def _joined(m: Mapper, item: dict[str, Any], key: str, out: Path_, src: Path_, *names: str) -> None:
    """The texts of `names` (the same text once) as item[key], joined: the legacy `degree`
    beside `studyType` is "BSc, Computer Science", neither one dropped."""
    given = [(n, text_of(m.get((*src, n)))) for n in names]
    given = [(n, t) for n, t in given if t]
    texts = list(dict.fromkeys(t for _, t in given))
    if given:
        m.place(item, key, ", ".join(texts), out, (*src, given[0][0]))


def _education_lines(m: Mapper, src: Path_) -> list[tuple[str, Path_]]:
    """The score and the GPA (the legacy key; the same text once), then the courses, as
    highlight lines, each with its JSON Resume path: a problem in the score is
    `education[1].score`, in the second course `education[1].courses[1]`."""
    lines: list[tuple[str, Path_]] = []
    for key in ("score", "gpa"):
        score = text_of(m.get((*src, key)))
        if score and score not in {text_of(m.get(p)) for _, p in lines}:
            label = "GPA" if lines else "Score"  # a lone `gpa` is the score
            lines.append((f"{label}: {score}", (*src, key)))
    courses = m.get((*src, "courses"))
    if isinstance(courses, list):
        return lines + [
            (course, (*src, "courses", i))
            for i, course in enumerate(courses)
            if isinstance(course, str) and course
        ]
    return lines + [(text, (*src, "courses")) for text in text_list(courses)]


def _award(m: Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
    """An award or certificate as an entry: its title, who gave it, its date and summary."""
    title = m.first(src, "title", "name")
    if m.first(src, "awarder", "issuer") or not title:
        if title:
            m.copy(item, "role", out, (*src, title))
        _linked(m, item, "organization", out, src, "awarder", "issuer", fallback=bool(title))
    else:  # nobody who gave it: the title carries the link
        _linked(m, item, "role", out, src, "title", "name")
    m.copy(item, "summary", out, (*src, "summary"))
    markdown_lists(item, "summary")
    _date(m, item, "date", out, (*src, "date"))


def _project(m: Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
    m.rename(item, out, src, title="name", summary="description", highlights="highlights")
    extra = text_of(m.get((*src, "summary")))
    listed = _list_items(extra)
    if listed:  # a Markdown list (YAMLResume) under a description: bullets, not one paragraph
        item["highlights"] = listed + item.get("highlights", [])
        m.graft((*out, "highlights"), (*src, "summary"))
    elif extra:  # after the description, if any: the joined text is located where it starts
        first = "description" if "summary" in item else "summary"
        _extra_paragraph(item, extra)
        m.graft((*out, "summary"), (*src, first))
    markdown_lists(item, "summary")
    about = [", ".join(text_list(m.get((*src, "roles"))))]
    about += [text_of(m.get((*src, k))) for k in ("entity", "type")]
    m.place(item, "location", " · ".join(a for a in about if a), out, (*src, "roles"))
    _extra_paragraph(item, ", ".join(text_list(m.get((*src, "keywords")))))
    url = text_of(m.get((*src, "url")))
    if url:
        m.place(item, "link", {"url": url}, out, (*src, "url"))
        m.graft((*out, "link", "url"), (*src, "url"))
    _dates(m, item, out, src)


def _publication(m: Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
    m.rename(item, out, src, title="name", venue="publisher", summary="summary")
    url = m.first(src, "url", "website")
    if url:
        m.copy(item, "url", out, (*src, url))
    markdown_lists(item, "summary", bullets=False)
    _date(m, item, "date", out, (*src, "releaseDate"))


def _skill(m: Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
    name, level = text_of(m.get((*src, "name"))), text_of(m.get((*src, "level")))
    group = f"{name} ({level})" if name and level else name or level
    m.place(item, "group", group, out, (*src, "name" if name else "level"))
    m.place(item, "items", text_list(m.get((*src, "keywords"))), out, (*src, "keywords"))


def _line(first: str, second: str, keywords: bool = True):  # type: ignore[no-untyped-def]
    """Entries shown as one bullet: `English: Native speaker (TOEFL 110)`."""

    def convert(m: Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
        head, tail = text_of(m.get((*src, first))), text_of(m.get((*src, second)))
        words = ", ".join(text_list(m.get((*src, "keywords")))) if keywords else ""
        if first == "name" and second == "keywords":
            tail, words = words, ""
        text = ": ".join(p for p in (head, tail) if p) + (f" ({words})" if words else "")
        m.place(item, "text", text, out, (*src, first if head else second))

    return convert


def _reference(m: Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
    parts = [text_of(m.get((*src, k))) for k in ("name", "relationship", "email", "phone")]
    said = m.first(src, "reference", "summary")
    body = text_of(m.get((*src, said))) if said else ""
    text = ", ".join(p for p in parts if p) + (f": {body}" if body else "")
    m.place(item, "text", text, out, (*src, "name"))


KINDS = {
    "work": ("experience", _work),
    "volunteer": ("experience", _volunteer),
    "education": ("education", _education),
    "awards": ("experience", _award),
    "certificates": ("experience", _award),
    "publications": ("publications", _publication),
    "skills": ("skills", _skill),
    "languages": ("bullets", _line("language", "fluency")),
    "interests": ("bullets", _line("name", "keywords")),
    "references": ("bullets", _reference),
    "projects": ("projects", _project),
}
