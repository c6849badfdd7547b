"""JSON Resume input: a document with a `basics` key, mapped onto our résumé format.

The mapping works on plain data before validation and carries every value's location
along, so a problem in a JSON Resume file is reported at its line and column in that
file. `references` (and `meta`) are left out: a résumé sent to recruiters rarely lists them.
"""

from __future__ import annotations

from typing import Any

from ..errors import Problem, Severity
from .source import Path_, Source

SECTION_TITLES = {
    "work": "Experience",
    "volunteer": "Volunteering",
    "projects": "Projects",
    "education": "Education",
    "awards": "Awards",
    "certificates": "Certificates",
    "publications": "Publications",
    "skills": "Skills",
    "languages": "Languages",
    "interests": "Interests",
}
LEFT_OUT = {"references", "meta", "$schema"}


def is_json_resume(data: Any) -> bool:
    return isinstance(data, dict) and "basics" in data


class _Mapper:
    """Builds the converted document and, for every value placed, where it came from."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self.values: dict[Path_, Any] = {}
        self.keys: dict[Path_, Any] = {}

    def get(self, path: Path_) -> Any:
        node = self.source.data
        for part in path:
            if isinstance(part, int):
                node = node[part] if isinstance(node, list) and part < len(node) else None
            else:
                node = node.get(part) if isinstance(node, dict) else None
        return node

    def place(self, out: dict[str, Any], key: str, value: Any, out_path: Path_, src: Path_) -> None:
        if value in (None, "", []):
            return
        out[key] = value
        self.values[(*out_path, key)] = self.source.locate(src)
        self.keys[(*out_path, key)] = self.source.locate(src, key=True)

    def copy(self, out: dict[str, Any], key: str, out_path: Path_, src: Path_) -> None:
        self.place(out, key, self.get(src), out_path, src)

    def rename(self, out: dict[str, Any], out_path: Path_, src: Path_, **ours: str) -> None:
        """Copy fields across under our names: ours=theirs."""
        for key, theirs in ours.items():
            self.copy(out, key, out_path, (*src, theirs))


def convert(source: Source) -> Source:
    m = _Mapper(source)
    data: dict[str, Any] = {}
    basics: Path_ = ("basics",)
    m.rename(data, (), basics, name="name", headline="label", summary="summary")
    contact: dict[str, Any] = {}
    m.rename(contact, ("contact",), basics, email="email", phone="phone", website="url")
    m.place(
        contact,
        "location",
        _location(m.get((*basics, "location"))),
        ("contact",),
        (*basics, "location"),
    )
    links = []
    for i, profile in enumerate(_list(m.get((*basics, "profiles")))):
        link: dict[str, Any] = {}
        m.copy(link, "url", ("contact", "links", i), (*basics, "profiles", i, "url"))
        m.copy(link, "label", ("contact", "links", i), (*basics, "profiles", i, "network"))
        if isinstance(profile, dict) and link:
            links.append(link)
    m.place(contact, "links", links, ("contact",), (*basics, "profiles"))
    m.place(data, "contact", contact, (), basics)
    sections = []
    for key, title in SECTION_TITLES.items():
        entries = _list(m.get((key,)))
        if entries:
            out_path = ("sections", len(sections))
            sections.append(_section(m, key, title, entries, out_path))
    m.place(data, "sections", sections, (), ())
    m.values[()] = source.locate(())
    warnings = [
        Problem(
            f"JSON Resume section `{k}` is not part of resume-pdf's output",
            source.locate((k,), key=True),
            k,
            Severity.WARNING,
        )
        for k in source.data
        if k not in SECTION_TITLES and k not in LEFT_OUT and k != "basics"
    ]
    return Source(source.file, data, m.values, m.keys, (*source.warnings, *warnings), source.errors)


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _location(value: Any) -> str | None:
    if isinstance(value, str):
        return value
    if not isinstance(value, dict):
        return None
    parts = [value.get(k) for k in ("city", "region", "countryCode")]
    return ", ".join(p for p in parts if isinstance(p, str) and p) or None


def _section(m: _Mapper, key: str, title: str, entries: list[Any], out: Path_) -> dict[str, Any]:
    kind, convert_entry = _KINDS[key]
    items = []
    for i, entry in enumerate(entries):
        if isinstance(entry, dict):
            item: dict[str, Any] = {}
            convert_entry(m, item, (*out, kind, len(items)), (key, i))
            if item:
                items.append(item)
    m.values[(*out, kind)] = m.source.locate((key,))
    return {"title": title, kind: items}


def _dates(m: _Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
    m.copy(item, "start", out, (*src, "startDate"))
    m.copy(item, "end", out, (*src, "endDate"))
    if "start" in item and "end" not in item:
        item["end"] = "present"  # JSON Resume: no end date means ongoing


def _work(m: _Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
    m.rename(
        item,
        out,
        src,
        role="position",
        organization="name",
        location="location",
        summary="summary",
        highlights="highlights",
    )
    m.copy(item, "organization", out, (*src, "organization"))  # volunteer
    _dates(m, item, out, src)


def _education(m: _Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
    m.rename(item, out, src, institution="institution", degree="studyType", field="area")
    score = m.get((*src, "score"))
    courses = _list(m.get((*src, "courses")))
    extra = ([f"Score: {score}"] if isinstance(score, str) else []) + courses
    m.place(item, "highlights", extra, out, (*src, "courses"))
    _dates(m, item, out, src)


def _project(m: _Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
    m.rename(item, out, src, title="name", summary="description", highlights="highlights")
    url = m.get((*src, "url"))
    m.place(item, "link", {"url": url} if isinstance(url, str) else None, out, (*src, "url"))
    if "link" in item:
        m.values[(*out, "link", "url")] = m.source.locate((*src, "url"))
    _dates(m, item, out, src)


def _publication(m: _Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
    m.rename(
        item,
        out,
        src,
        title="name",
        venue="publisher",
        date="releaseDate",
        url="url",
        summary="summary",
    )


def _skill(m: _Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
    m.copy(item, "group", out, (*src, "name"))
    keywords = _list(m.get((*src, "keywords")))
    level = m.get((*src, "level"))
    m.place(item, "items", keywords or ([level] if level else []), out, (*src, "keywords"))


def _as_text(*fields: str, joiner: str = ", "):  # type: ignore[no-untyped-def]
    """Entries shown as one line of text (awards, certificates, languages, interests)."""

    def convert(m: _Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
        parts = []
        for name in fields:
            value = m.get((*src, name))
            if isinstance(value, list):
                value = ", ".join(v for v in value if isinstance(v, str))
            if isinstance(value, str) and value:
                parts.append(value)
        m.place(item, "text", joiner.join(parts), out, (*src, fields[0]))

    return convert


_KINDS = {
    "work": ("experience", _work),
    "volunteer": ("experience", _work),
    "education": ("education", _education),
    "projects": ("projects", _project),
    "publications": ("publications", _publication),
    "skills": ("skills", _skill),
    "awards": ("bullets", _as_text("title", "awarder", "date", "summary")),
    "certificates": ("bullets", _as_text("name", "issuer", "date")),
    "languages": ("bullets", _as_text("language", "fluency", joiner=": ")),
    "interests": ("bullets", _as_text("name", "keywords", joiner=": ")),
}
