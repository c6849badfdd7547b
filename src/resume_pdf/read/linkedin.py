"""A LinkedIn data export ("Get a copy of your data": a ZIP of CSV files, or its unzipped
folder) mapped onto our résumé format, every value located at its cell
(`export.zip/Positions.csv:3:14`) under the export's own names (`Positions.csv[1].Title`).

Files are known by name and columns by their header (LinkedIn's files and columns differ
between accounts and years; the names are the publicly documented ones, matched without
regard to case). Every column not used is one warning at its header naming it, every other
file one warning; files that are not résumé data are skipped unread with one note
(linkedin_files.py). Dates are LinkedIn's (`Jan 2020`, `2020`, `Mär 2020`, `janv. 2020`);
a description written as a list becomes bullets.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..errors import Location, Problem, ResumeError, quote
from .linkedin_files import Export, Table, note_skipped, read_export
from .linkedin_text import COLUMNS, Dates, paragraphs, split_list, website_links
from .mapping import Mapper
from .source import Path_, Source
from .titles import section_title

FORMAT = "LinkedIn export"

WANTED = set(COLUMNS)


class Rows:
    """One table's columns as ours, and the columns read (the others are warned)."""

    def __init__(
        self, m: Mapper, table: Table, columns: dict[str, tuple[str, ...]], dates: Dates
    ) -> None:
        self.m, self.name = m, table.name
        headers = [c.text.strip() for c in table.header]
        lowered = {h.lower(): h for h in reversed(headers)}
        self.columns = {
            ours: next((lowered[t.lower()] for t in theirs if t.lower() in lowered), None)
            for ours, theirs in columns.items()
        }
        self.used = {c for c in self.columns.values() if c}
        self.headers = list(dict.fromkeys(h for h in headers if h))
        self.count = len(table.rows)
        self.dates = dates

    def date(self, row: int, ours: str) -> str:
        return self.dates.read(self.text(row, ours))

    def src(self, row: int, ours: str) -> Path_:
        return (self.name, row, self.columns.get(ours) or ours)

    def text(self, row: int, ours: str) -> str:
        value = self.m.get(self.src(row, ours)) if self.columns.get(ours) else None
        return value.strip() if isinstance(value, str) else ""

    def place(self, item: dict[str, Any], key: str, row: int, ours: str, out: Path_) -> None:
        self.m.place(item, key, self.text(row, ours), out, self.src(row, ours))

    def warn_unused(self) -> None:
        for header in self.headers:
            if header not in self.used:
                cells = [self.m.get((self.name, r, header)) for r in range(self.count)]
                values = sum(1 for c in cells if isinstance(c, str) and c.strip())
                if values:  # an empty column loses nothing: no word about it
                    shown, s = quote(header, mark="`"), "s" if values > 1 else ""
                    message = f"column {shown} is not used: its {values} value{s} not shown"
                    self.m.warn((self.name, header), message, key=True)


def read_linkedin(path: Path, display: str | None = None) -> tuple[Source, Source]:
    """(the export's tables as plain data, the export as our format), located in its files."""
    export = read_export(path, WANTED, display)
    if not export.tables:
        wanted = "Profile.csv, Positions.csv, Education.csv, …"
        what = "a directory, not a regular file (nor" if path.is_dir() else "a ZIP archive (but"
        message = f"is {what} a LinkedIn data export: it holds none of {wanted})"
        raise ResumeError([Problem(message, Location(export.display, 1, 1))])
    source = _source(export)
    m = Mapper(source, FORMAT)
    m.warnings.extend(note_skipped(export))
    data: dict[str, Any] = {}
    dates = Dates()
    rows = {k: Rows(m, export.tables[k], COLUMNS[k], dates) for k in COLUMNS if k in export.tables}
    if "profile" in rows:
        _profile(m, rows["profile"], data)
    if not data.get("name"):
        name = Path(export.display.rstrip("/")).stem or "LinkedIn export"
        m.warn((), f"no name in Profile.csv; the file's name {quote(name)} stands for it")
        data["name"] = name
    _contact(m, rows, data)
    sections: list[dict[str, Any]] = []
    for file, (title, kind, convert) in SECTIONS.items():
        if file in rows:
            _section(m, rows[file], title, kind, convert, sections)
        if file == "volunteering" and "skills" in rows:
            _skills(m, rows["skills"], sections)
    language = dates.language()  # the language of the month names, when one
    for section in sections:
        section["title"] = section_title(section["title"], language or "en")
    if language:
        data["locale"] = language
    m.place(data, "sections", sections, (), ())
    for r in rows.values():
        r.warn_unused()
    return source, m.result(data)


def _source(export: Export) -> Source:
    """The tables as plain data (file -> rows of column -> text), each cell located."""
    data: dict[str, Any] = {}
    values: dict[Path_, Location] = {(): Location(export.display, 1, 1)}
    keys: dict[Path_, Location] = {}
    for table in export.tables.values():
        name = table.name
        table_rows: list[dict[str, str]] = []
        values[(name,)] = table.location
        headers = [c.text.strip() for c in table.header]
        for cell, header in zip(table.header, headers, strict=True):
            keys.setdefault((name, header), cell.location)
        for r, row in enumerate(table.rows):
            values[(name, r)] = row[0].location
            record: dict[str, str] = {}
            for cell, header in zip(row, headers, strict=False):
                if header and header not in record:
                    record[header] = cell.text
                    values[(name, r, header)] = cell.location
            table_rows.append(record)
        data[name] = table_rows
    return Source(export.display, data, values, keys)


def _profile(m: Mapper, rows: Rows, data: dict[str, Any]) -> None:
    if not rows.count:
        return
    for extra in range(1, rows.count):
        m.warn((rows.name, extra), "only the first row of Profile.csv is read; not shown")
    first, last = rows.text(0, "first"), rows.text(0, "last")
    name = " ".join(p for p in (first, last) if p)
    m.place(data, "name", name, (), rows.src(0, "first" if first else "last"))
    rows.place(data, "headline", 0, "headline", ())
    summary = paragraphs(rows.text(0, "summary"))
    m.place(data, "summary", summary, (), rows.src(0, "summary"))


def _contact(m: Mapper, rows: dict[str, Rows], data: dict[str, Any]) -> None:
    contact: dict[str, Any] = {}
    emails = rows.get("emailaddresses")
    if emails and emails.count:
        order = sorted(range(emails.count), key=lambda r: emails.text(r, "primary") != "Yes")
        emails.place(contact, "email", order[0], "email", ("contact",))
        for other in order[1:]:
            if emails.text(other, "email"):
                message = "not shown: a résumé shows one address (the primary one)"
                m.warn(emails.src(other, "email"), message)
    phones = rows.get("phonenumbers")
    if phones and phones.count:
        number, extension = phones.text(0, "number"), phones.text(0, "extension")
        text = f"{number} ext. {extension}" if number and extension else number
        m.place(contact, "phone", text, ("contact",), phones.src(0, "number"))
        for other in range(1, phones.count):
            if phones.text(other, "number"):
                m.warn(phones.src(other, "number"), "not shown: a résumé shows one number")
    profile = rows.get("profile")
    if profile and profile.count:
        profile.place(contact, "location", 0, "location", ("contact",))
        _links(m, profile, contact)
    m.place(data, "contact", contact, (), ())


def _links(m: Mapper, profile: Rows, contact: dict[str, Any]) -> None:
    links = []
    found = website_links(profile.text(0, "websites"))
    for label, url in found:
        links.append({"label": label, "url": url, "show": "label"} if label else {"url": url})
    for handle in re.split(r"[,\s\[\]]+", profile.text(0, "twitter")):
        if handle.strip("@"):
            user = handle.strip("@")
            links.append({"label": f"X: @{user}", "url": f"https://x.com/{user}", "show": "label"})
    for i, _ in enumerate(links):
        which = "twitter" if i >= len(found) else "websites"
        m.graft(("contact", "links", i), profile.src(0, which))
        for part in links[i]:
            m.graft(("contact", "links", i, part), profile.src(0, which))
    m.place(contact, "links", links, ("contact",), profile.src(0, "websites"))


def _section(m: Mapper, rows: Rows, title: str, kind: str, convert, sections: list) -> None:  # type: ignore[no-untyped-def]
    out = ("sections", len(sections))
    items = []
    for r in range(rows.count):
        item: dict[str, Any] = {}
        item_out = (*out, kind, len(items))
        convert(rows, r, item, item_out)
        if item:
            m.graft(item_out, (rows.name, r))
            items.append(item)
    if items:
        sections.append({"title": title, kind: items})  # a key of titles.py until the end
        m.graft((*out, "title"), (rows.name,))
        m.graft((*out, kind), (rows.name,))
        m.graft(out, (rows.name,))


def _dates(rows: Rows, r: int, item: dict[str, Any], out: Path_, ongoing: bool) -> None:
    """Start and end, or the one date given; a job with no end is ongoing."""
    start, end = rows.date(r, "start"), rows.date(r, "end")
    if start and (end or ongoing):
        rows.m.place(item, "start", start, out, rows.src(r, "start"))
        rows.m.place(item, "end", end or "present", out, rows.src(r, "end" if end else "start"))
    elif start or end:
        rows.m.place(item, "date", start or end, out, rows.src(r, "start" if start else "end"))


def _described(rows: Rows, r: int, item: dict[str, Any], out: Path_, prefix: str = "") -> None:
    """The description as the summary, or its list lines as bullets."""
    summary, bullets = split_list(rows.text(r, "description") or rows.text(r, "notes"))
    src = rows.src(r, "description" if rows.columns.get("description") else "notes")
    summary = "\n\n".join(p for p in (prefix, summary) if p)
    rows.m.place(item, "summary", summary, out, src)
    if bullets:
        rows.m.place(item, "highlights", bullets, out, src)
        for i in range(len(bullets)):
            rows.m.graft((*out, "highlights", i), src)


def _position(rows: Rows, r: int, item: dict[str, Any], out: Path_) -> None:
    rows.place(item, "role", r, "role", out)
    rows.place(item, "organization", r, "organization", out)
    rows.place(item, "location", r, "location", out)
    _described(rows, r, item, out)
    _dates(rows, r, item, out, ongoing=True)


def _volunteer(rows: Rows, r: int, item: dict[str, Any], out: Path_) -> None:
    rows.place(item, "role", r, "role", out)
    rows.place(item, "organization", r, "organization", out)
    rows.place(item, "location", r, "cause", out)  # the cause, beside the organization
    _described(rows, r, item, out)
    _dates(rows, r, item, out, ongoing=True)


def _education(rows: Rows, r: int, item: dict[str, Any], out: Path_) -> None:
    rows.place(item, "institution", r, "institution", out)
    rows.place(item, "degree", r, "degree", out)
    rows.place(item, "field", r, "field", out)
    summary, bullets = split_list(rows.text(r, "notes"))
    rows.m.place(item, "summary", summary, out, rows.src(r, "notes"))
    activities = rows.text(r, "activities")
    lines = bullets + ([f"Activities: {activities}"] if activities else [])
    rows.m.place(item, "highlights", lines, out, rows.src(r, "notes"))
    for i in range(len(lines)):
        which = "activities" if activities and i == len(lines) - 1 else "notes"
        rows.m.graft((*out, "highlights", i), rows.src(r, which))
    _dates(rows, r, item, out, ongoing=False)


def _certification(rows: Rows, r: int, item: dict[str, Any], out: Path_) -> None:
    _linked(rows, r, item, "role", "name", out)
    rows.place(item, "organization", r, "authority", out)
    number = rows.text(r, "number")
    if number:
        rows.m.place(item, "summary", f"License {number}", out, rows.src(r, "number"))
    _dates(rows, r, item, out, ongoing=False)


def _linked(rows: Rows, r: int, item: dict[str, Any], key: str, ours: str, out: Path_) -> None:
    """The name linked to the row's Url (an address that is not http(s) stays text)."""
    name, url = rows.text(r, ours), rows.text(r, "url")
    if name and url.startswith(("https://", "http://")):
        label = name.replace("[", "\\[").replace("]", "\\]")
        rows.m.place(item, key, f"[{label}]({url})", out, rows.src(r, ours))
    else:
        rows.place(item, key, r, ours, out)
        if url:
            rows.m.warn(rows.src(r, "url"), "not shown: no name to link, or not a web address")


def _project(rows: Rows, r: int, item: dict[str, Any], out: Path_) -> None:
    rows.place(item, "title", r, "title", out)
    _described(rows, r, item, out)
    url = rows.text(r, "url")
    if url:
        rows.m.place(item, "link", {"url": url}, out, rows.src(r, "url"))
        rows.m.graft((*out, "link", "url"), rows.src(r, "url"))
    _dates(rows, r, item, out, ongoing=False)


def _publication(rows: Rows, r: int, item: dict[str, Any], out: Path_) -> None:
    rows.place(item, "title", r, "title", out)
    rows.place(item, "venue", r, "venue", out)
    rows.place(item, "url", r, "url", out)
    summary = paragraphs(rows.text(r, "description"))
    rows.m.place(item, "summary", summary, out, rows.src(r, "description"))
    date = rows.date(r, "date")
    rows.m.place(item, "date", date, out, rows.src(r, "date"))


def _honor(rows: Rows, r: int, item: dict[str, Any], out: Path_) -> None:
    rows.place(item, "role", r, "title", out)
    _described(rows, r, item, out)
    date = rows.date(r, "date")
    rows.m.place(item, "date", date, out, rows.src(r, "date"))


def _skills(m: Mapper, rows: Rows, sections: list[dict[str, Any]]) -> None:
    """The skills as one line of text, as LinkedIn lists them (no groups to make columns of)."""
    names = [rows.text(r, "name") for r in range(rows.count)]
    text = ", ".join(n.replace("*", "\\*") for n in names if n)
    if text:
        out = ("sections", len(sections))
        sections.append({"title": "skills", "text": text})
        for part in (out, (*out, "title"), (*out, "text")):
            m.graft(part, (rows.name,))


def _language(rows: Rows, r: int, item: dict[str, Any], out: Path_) -> None:
    name, level = rows.text(r, "name"), rows.text(r, "proficiency")
    text = f"{name}: {level}" if name and level else name or level
    rows.m.place(item, "text", text, out, rows.src(r, "name" if name else "proficiency"))


def _course(rows: Rows, r: int, item: dict[str, Any], out: Path_) -> None:
    name, number = rows.text(r, "name"), rows.text(r, "number")
    text = f"{name} ({number})" if name and number else name or number
    rows.m.place(item, "text", text, out, rows.src(r, "name" if name else "number"))


SECTIONS = {  # file -> (title key, our kind, the row's mapping), in the résumé's order
    "positions": ("work", "experience", _position),
    "education": ("education", "education", _education),
    "projects": ("projects", "projects", _project),
    "publications": ("publications", "publications", _publication),
    "certifications": ("certificates", "experience", _certification),
    "honors": ("awards", "experience", _honor),
    "volunteering": ("volunteer", "experience", _volunteer),
    "languages": ("languages", "bullets", _language),
    "courses": ("courses", "bullets", _course),
}
