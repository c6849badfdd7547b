"""The résumé as built, for `embed_source: true` / `--embed-source`: written from the
tailored Resume the PDF was laid out from (never from the YAML text), so it holds what the
PDF shows and nothing else: no comments, no tags, no other variant's items, no letter, no
variants. `resume.yaml` is resume-pdf's own format (it builds to the same PDF); `resume.json`
is JSON Resume, the fields that format has.
"""

from __future__ import annotations

import json
import os
from itertools import groupby
from typing import Any

from ..model.resume import Bullet, Resume, Section, SectionKind
from ..model.schema import Either, ListOf, Record
from ..text.inline import Rich, Span
from ..values import replace

YAML_NAME, JSON_NAME = "resume.yaml", "resume.json"
YAML_MIME, JSON_MIME = "application/yaml", "application/json"


_MADE: dict[tuple[int, str, str], tuple[Resume, tuple[tuple[str, bytes], ...]]] = {}


def source_files(resume: Resume, style: str, page_size: str) -> tuple[tuple[str, bytes], ...]:
    """(name, bytes) of resume.yaml and resume.json, sorted by name as the name tree is;
    made once for the passes of one fit (they lay out the same Resume object)."""
    key = (id(resume), style, page_size)
    made = _MADE.get(key)
    if made is not None and made[0] is resume:
        return made[1]
    files = _source_files(resume, style, page_size)
    _MADE.clear()
    _MADE[key] = (resume, files)
    return files


def _source_files(resume: Resume, style: str, page_size: str) -> tuple[tuple[str, bytes], ...]:
    from ..thirdparty import yaml

    data = resume_data(resume, style, page_size)
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=88)
    header = "# yaml-language-server: $schema=resume.schema.json\n"
    as_json = json.dumps(json_resume(resume), indent=2, ensure_ascii=False) + "\n"
    return ((JSON_NAME, as_json.encode()), (YAML_NAME, (header + text).encode()))


def as_built(resume: Resume, style: str | None, pages: Any, page_size: str | None) -> Resume:
    """The résumé with the settings the command line chose in place of its own, so that its
    embedded source builds the same PDF without them."""
    return replace(
        resume,
        embed_source=True,
        style=style or resume.style,
        pages=pages or resume.pages,
        page_size=page_size or resume.page_size,
    )


def resume_data(resume: Resume, style: str, page_size: str) -> dict[str, Any]:
    from ..model.resume_schema import CONTACT, SECTION

    data: dict[str, Any] = {"name": resume.name}
    data["headline"] = resume.headline
    data["contact"] = _data(resume.contact, CONTACT)
    data["summary"] = _paragraphs(resume.summary)
    data["style"] = _style(resume.style or style)
    data["pages"] = resume.pages
    data["page_size"] = resume.page_size or page_size
    data["locale"] = resume.locale if resume.locale != "en" else None
    if resume.photo is not None and resume.photo.path:
        data["photo"] = os.path.basename(resume.photo.path)  # never the folder it was in
    data["sections"] = [_section(s, SECTION) for s in resume.sections]
    data["embed_source"] = True
    return {k: v for k, v in data.items() if not _empty(v)}


def _style(style: str) -> str:
    """A style's name; a style file is named by its file's name alone (not its folder)."""
    if "/" in style or os.sep in style or style.endswith((".yaml", ".yml")):
        return os.path.basename(style)
    return style


def _section(section: Section, spec: Record) -> dict[str, Any]:
    key = section.kind.value
    if section.kind is SectionKind.TEXT:
        content: Any = _paragraphs(section.items)
    else:
        content = _data(section.items, spec.fields[key])
    return {"title": section.title, key: content}


def _data(value: Any, spec: Any) -> Any:
    """A model value as the résumé's YAML writes it, led by the spec that read it."""
    if value is None:
        return None
    if isinstance(spec, Either):
        plain = isinstance(value, Bullet) and value.marker is None and not value.items
        return markup(value.text) if plain else _data(value, spec.mapping)
    if isinstance(spec, Record):
        out = {k: _data(getattr(value, k, None), s) for k, s in spec.fields.items() if k != "tags"}
        if out.get("show") == "url":  # a link's default
            del out["show"]
        return {k: v for k, v in out.items() if not _empty(v)}
    if isinstance(spec, ListOf):
        return [_data(v, spec.item) for v in value]
    if isinstance(value, Rich):
        return markup(value)
    if isinstance(value, tuple):  # paragraphs
        return _paragraphs(value)
    return value


def _empty(value: Any) -> bool:
    return value is None or value in ("", [], {}, ())


def _paragraphs(paragraphs: tuple[Rich, ...]) -> str | None:
    return "\n\n".join(markup(p) for p in paragraphs) or None


def markup(text: Rich) -> str:
    """Spans back into the résumé's inline markup (`**bold**`, `*italic*`, `[label](url)`,
    `\\*`), which parses back into the same spans."""
    out = []
    spans = [s for s in text.spans if s.text]
    for url, group in groupby(spans, key=lambda s: s.url):
        inner = "".join(_emphasis(s) for s in group)
        out.append(f"[{inner}]({url})" if url else inner)
    return "".join(out)


def _emphasis(span: Span) -> str:
    core = span.text.strip()
    marker = "*" * (2 * span.bold + span.italic)
    if not marker or not core:
        return _escape(span.text)
    lead = span.text[: len(span.text) - len(span.text.lstrip())]
    trail = span.text[len(span.text.rstrip()) :]
    return f"{_escape(lead)}{marker}{_escape(core)}{marker}{_escape(trail)}"


def _escape(text: str) -> str:
    for char in "\\*[]":
        text = text.replace(char, "\\" + char)
    return text


def json_resume(resume: Resume) -> dict[str, Any]:
    """The fields JSON Resume has: basics, work, education, projects, skills, publications
    (plain text: JSON Resume has no markup)."""
    contact = resume.contact
    basics = {
        "name": resume.name,
        "label": resume.headline,
        "email": contact.email,
        "phone": contact.phone,
        "url": contact.website,
        "summary": _plain(resume.summary),
        "location": {"city": contact.location} if contact.location else None,
        "profiles": [
            {"network": link.label, "url": link.url} for link in contact.links if link.url
        ],
    }
    data: dict[str, Any] = {"basics": _kept(basics)}
    for section in resume.sections:
        made = _JSON_SECTIONS.get(section.kind)
        if made:
            key, convert = made
            data.setdefault(key, []).extend(_kept(convert(item)) for item in section.items)
    data["meta"] = {"generator": "resume-pdf", "language": resume.locale}
    return data


def _kept(fields: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in fields.items() if not _empty(v)}


def _plain(value: Any) -> Any:
    if isinstance(value, Rich):
        return value.plain
    if isinstance(value, tuple):
        return "\n\n".join(v.plain for v in value)
    return value


def _iso(date: str | None) -> str | None:
    """A date JSON Resume takes (ISO 8601: 2021, 2021-03, 2021-03-14); else left out."""
    import re

    return date if date and re.fullmatch(r"\d{4}(-\d{2}(-\d{2})?)?", date) else None


def _dates(item: Any) -> dict[str, Any]:
    return {"startDate": _iso(item.start or item.date), "endDate": _iso(item.end)}


def _highlights(item: Any) -> list[str]:
    return [b.text.plain for b in item.highlights]


_JSON_SECTIONS = {
    SectionKind.EXPERIENCE: (
        "work",
        lambda e: {
            "name": _plain(e.organization),
            "position": _plain(e.role),
            "location": _plain(e.location),
            "summary": _plain(e.summary),
            "highlights": _highlights(e),
            **_dates(e),
        },
    ),
    SectionKind.EDUCATION: (
        "education",
        lambda e: {
            "institution": _plain(e.institution),
            "studyType": _plain(e.degree),
            "area": _plain(e.field),
            **_dates(e),
        },
    ),
    SectionKind.PROJECTS: (
        "projects",
        lambda p: {
            "name": _plain(p.title),
            "description": _plain(p.summary),
            "url": p.link.url if p.link else None,
            "highlights": _highlights(p),
            **_dates(p),
        },
    ),
    SectionKind.SKILLS: (
        "skills",
        lambda g: {"name": _plain(g.group), "keywords": [i.plain for i in g.items]},
    ),
    SectionKind.PUBLICATIONS: (
        "publications",
        lambda p: {
            "name": _plain(p.title),
            "publisher": _plain(p.venue),
            "releaseDate": _iso(p.date or p.start),
            "url": p.url,
            "summary": _plain(p.summary),
        },
    ),
}
