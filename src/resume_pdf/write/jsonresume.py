"""A résumé as JSON Resume (https://jsonresume.org/schema), in the one language its texts were
resolved for: `convert cv.yaml --lang de -o cv.de.json`.

In: the validated `Resume`. Out: the JSON text, and what JSON Resume has no place for (a
section of free text or a timeline, a free-text date), each as a warning naming the field,
so that nothing is left out without a word. Inline markup is written as Markdown, which
JSON Resume's themes render and our reader reads back.
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import Problem, Severity
from ..model.resume import PRESENT_WORDS, Resume, Section, SectionKind
from ..text.inline import Rich
from .markdown import inline

# our kinds -> JSON Resume's arrays (bullets: its `awards`, the nearest list of one-liners)
_ARRAYS = {
    SectionKind.EXPERIENCE: "work",
    SectionKind.EDUCATION: "education",
    SectionKind.PROJECTS: "projects",
    SectionKind.SKILLS: "skills",
    SectionKind.PUBLICATIONS: "publications",
}


def json_resume(resume: Resume) -> tuple[str, tuple[Problem, ...]]:
    """The JSON Resume document of `resume`, and the warnings for what it cannot hold."""
    out: dict[str, Any] = {"basics": _basics(resume)}
    left_out: list[Problem] = []
    for index, section in enumerate(resume.sections):
        key = _ARRAYS.get(section.kind)
        if key is None:
            message = f"not written: JSON Resume has no {section.kind.value} section"
            left_out.append(_warning(f"sections[{index}]", f"{section.title}: {message}"))
            continue
        out.setdefault(key, []).extend(_entry(section, item, left_out) for item in section.items)
    if resume.language:
        out["meta"] = {"language": resume.language}
    return json.dumps(out, indent=2, ensure_ascii=False) + "\n", tuple(left_out)


def _basics(resume: Resume) -> dict[str, Any]:
    contact = resume.contact
    basics = {
        "name": resume.name,
        "label": resume.headline,
        "email": contact.email,
        "phone": contact.phone,
        "url": contact.website,
        "summary": _paragraphs(resume.summary),
        "location": {"city": contact.location} if contact.location else None,
        "profiles": [
            {"network": link.label, "url": link.url} for link in contact.links if link.url
        ],
    }
    return _set(basics)


def _entry(section: Section, item: Any, left_out: list[Problem]) -> dict[str, Any]:
    kind = section.kind
    if kind is SectionKind.SKILLS:
        return _set({"name": _md(item.group), "keywords": [_md(i) for i in item.items]})
    entry = {
        **_fields(kind, item),
        "startDate": item.start,
        "endDate": None if (item.end or "").lower() in PRESENT_WORDS else item.end,
        "summary": None if kind is SectionKind.PROJECTS else _paragraphs(item.summary),
        "highlights": [_md(b.text) for b in getattr(item, "highlights", ())],
        "location": _md(getattr(item, "location", None)),
    }
    if item.date:
        if kind is SectionKind.PUBLICATIONS:
            entry["releaseDate"] = item.date
        else:
            message = f"{item.date!r} not written: JSON Resume dates are ISO dates"
            left_out.append(_warning(section.title, message))
    return _set(entry)


def _fields(kind: SectionKind, item: Any) -> dict[str, Any]:
    if kind is SectionKind.EXPERIENCE:
        return {"name": _md(item.organization), "position": _md(item.role)}
    if kind is SectionKind.EDUCATION:
        fields = {"institution": _md(item.institution), "studyType": _md(item.degree)}
        return {**fields, "area": _md(item.field)}
    if kind is SectionKind.PROJECTS:
        url = item.link.url if item.link else None
        return {"name": _md(item.title), "url": url, "description": _paragraphs(item.summary)}
    return {  # publications
        "name": _md(item.title),
        "publisher": _md(item.venue),
        "url": item.url or (f"https://doi.org/{item.doi}" if item.doi else None),
    }


def _md(text: Rich | str | None) -> str | None:
    if text is None:
        return None
    return inline(text) if isinstance(text, Rich) else text


def _paragraphs(paragraphs: tuple[Rich, ...]) -> str | None:
    return "\n\n".join(inline(p) for p in paragraphs) or None


def _set(fields: dict[str, Any]) -> dict[str, Any]:
    """Only the fields that have a value: JSON Resume leaves the rest out."""
    return {k: v for k, v in fields.items() if v not in (None, "", [], {})}


def _warning(field: str, message: str) -> Problem:
    return Problem(message, None, field, Severity.WARNING)
