"""A publications section taken from a BibTeX file (`publications: {bib: refs.bib, ...}`)
-> the section's list of entries in our plain data, each value located at its line of
the `.bib` and named by its entry (`refs.bib[knuth1984].title`).

The file is beside the résumé (its folder or below: nothing outside it is read, as for a
photo), named by the user. The selection (`keys`, `keywords`, `years`, `types`) keeps the
entries every given one allows, sorted by year, newest first, then as written. A malformed
entry is a warning at its line when it is not selected and an error when it is. `me` (by
default the résumé's name) is set in bold wherever it is an author.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any

from ..errors import Location, Problem, ResumeError, Severity, quote
from ..values import replace
from .bibtex import MONTHS, BibEntry, decode, parse_bib, split_names
from .source import Path_, Source

OPTIONS = ("bib", "keys", "keywords", "years", "types", "me")
VENUES = ("journal", "booktitle", "school", "institution", "howpublished", "publisher")
USED = {*VENUES, "author", "title", "year", "month", "date", "doi", "url", "volume", "number"}
USED |= {"pages", "note", "keywords", "crossref"}
_YEARS = re.compile(r"\s*(\d{4})?\s*(?:(\.\.)\s*(\d{4})?)?\s*")
_DOI = re.compile(r"(?i)^(?:https?://(?:dx\.)?doi\.org/|doi:\s*)")


def expand_bibliographies(source: Source, folder: Path) -> Source:
    """`source` with each `publications: {bib: ...}` replaced by the entries it selects."""
    data = dict(source.data)
    data["sections"] = sections = list(data["sections"])
    values, keys, origins = dict(source.values), dict(source.keys), dict(source.origins)
    problems: list[Problem] = []
    for i, section in enumerate(sections):
        if not (isinstance(section, dict) and isinstance(section.get("publications"), dict)):
            continue
        at = ("sections", i, "publications")
        reader = _Reader(source, at, folder, values, origins)
        items = reader.read()
        problems += reader.problems
        sections[i] = {**section, "publications": items}
    errors = [p for p in problems if p.severity is Severity.ERROR]
    if errors:
        warnings = [p for p in problems if p.severity is not Severity.ERROR]
        raise ResumeError([*errors, *source.warnings, *warnings])
    return replace(
        source, data=data, values=values, keys=keys, origins=origins,
        warnings=(*source.warnings, *problems),
    )  # fmt: skip


class _Reader:
    """One section's `bib:` mapping: its options checked, its file read, entries chosen."""

    def __init__(
        self,
        source: Source,
        at: Path_,
        folder: Path,
        values: dict[Path_, Location],
        origins: dict[Path_, Path_],
    ) -> None:
        self.source, self.at, self.folder = source, at, folder
        self.values, self.origins = values, origins
        self.options: dict[str, Any] = source.data["sections"][at[1]]["publications"]
        self.problems: list[Problem] = []

    def error(self, key: str, message: str, *, at_key: bool = False) -> None:
        path = (*self.at, key) if key else self.at
        loc = self.source.locate(path, key=at_key)
        self.problems.append(Problem(message, loc, self.source.name(path)))

    def read(self) -> list[dict[str, Any]]:
        for key in self.options:
            if key not in OPTIONS:
                known = ", ".join(f"`{o}`" for o in OPTIONS)
                message = f"unknown key {quote(key, mark='`')}; a `bib:` takes {known}"
                self.error(key, message, at_key=True)
        path = self._path()
        if path is None:
            return []
        from .decode import decode_text, read_bytes

        name = str(Path(self.source.file).parent / self.options["bib"])  # as the résumé is named
        raw = read_bytes(path, name)
        entries = parse_bib(decode_text(raw, name), name)
        chosen = self._select(entries)
        chosen.sort(key=lambda e: -_year(e))  # stable: as written within a year
        self._unshown(chosen)
        me = self.options.get("me") or self.source.data.get("name") or ""
        return [self._item(entry, n, str(me)) for n, entry in enumerate(chosen)]

    def _path(self) -> Path | None:
        """The `.bib` file, which must lie in the résumé's folder or below it."""
        bib = self.options.get("bib")
        if not isinstance(bib, str) or not bib.strip():
            self.error("bib" if "bib" in self.options else "", "expected `bib: FILE.bib`")
            return None
        path = (self.folder / bib).resolve()
        if not path.is_relative_to(self.folder.resolve()):
            self.error("bib", f"{quote(bib)} is outside the résumé's folder; it is not read")
            return None
        if not path.is_file():
            self.error("bib", f"{quote(bib)} not found beside the résumé")
            return None
        return path

    def _words(self, key: str) -> set[str] | None:
        given = self.options.get(key)
        if given is None:
            return None
        items = [given] if isinstance(given, str) else given
        if not isinstance(items, list) or not all(isinstance(w, str) for w in items):
            self.error(key, f"expected a list of texts, like `{key}: [a, b]`")
            return set()
        return {w.strip().lower() for w in items}

    def _select(self, entries: list[BibEntry]) -> list[BibEntry]:
        keys, words, types = self._words("keys"), self._words("keywords"), self._words("types")
        years = self._years()
        chosen = []
        for entry in entries:
            wanted = (
                (keys is None or entry.key.lower() in keys)
                and (types is None or entry.type in types)
                and (words is None or bool(words & _keywords(entry)))
                and (years is None or years[0] <= _year(entry) <= years[1])
            )
            if entry.problem:
                severity = Severity.ERROR if wanted else Severity.WARNING
                shown = f"`{entry.key}`" if entry.key else "an entry"
                tail = "" if wanted else "; it is not selected, so the build goes on"
                message = f"{shown}: {entry.problem}{tail}"
                self.problems.append(Problem(message, entry.location, "", severity))
            elif wanted:
                chosen.append(entry)
        for key in sorted((keys or set()) - {e.key.lower() for e in entries}):
            self.error("keys", f"no entry {quote(key, mark='`')} in {self.options['bib']}")
        return chosen

    def _years(self) -> tuple[int, int] | None:
        given = self.options.get("years")
        if given is None:
            return None
        found = _YEARS.fullmatch(str(given))
        if not found or not (found.group(1) or found.group(3)):
            self.error("years", f"expected years like 2019..2026, 2019.. or 2024, got {given!r}")
            return (0, 9999)
        first, dots, last = found.groups()
        low = int(first) if first else 0
        return low, int(last) if last else (9999 if dots else low)

    def _unshown(self, chosen: list[BibEntry]) -> None:
        """One warning a field the entries give and the publication form does not show."""
        seen: dict[str, list[BibEntry]] = {}
        for entry in chosen:
            venue = next((v for v in VENUES if entry.fields.get(v)), "")
            for key in entry.fields:
                if key not in USED or (key in VENUES and key != venue):
                    seen.setdefault(key, []).append(entry)
        for key, holders in seen.items():
            n = len(holders)
            where = holders[0].places.get(key, holders[0].location)
            message = f"field `{key}` is not shown ({n} selected entr{'y' if n == 1 else 'ies'})"
            self.problems.append(Problem(message, where, "", Severity.WARNING))

    def _item(self, entry: BibEntry, n: int, me: str) -> dict[str, Any]:
        out: Path_ = (*self.at, n)
        name = f"{self.options['bib']}[{entry.key}]"
        self.values[out] = entry.location
        self.origins[out] = (name,)
        item: dict[str, Any] = {}

        def put(key: str, text: Any, field: str) -> None:
            if text:
                item[key] = text
                self.values[(*out, key)] = entry.places.get(field, entry.location)
                self.origins[(*out, key)] = (name, field)

        fields = entry.fields
        put("title", _escape(decode(fields.get("title", ""))), "title")
        authors = _authors(fields.get("author", ""), me)
        put("authors", authors, "author")
        for i in range(len(authors)):
            self.values[(*out, "authors", i)] = entry.places.get("author", entry.location)
        venue = next((v for v in VENUES if fields.get(v)), "")
        put("venue", _escape(_venue(fields, venue)), venue)
        put("date", _date(fields), "date" if "date" in fields else "year")
        put("doi", _DOI.sub("", fields.get("doi", "").strip()), "doi")
        put("url", fields.get("url", "").strip(), "url")
        put("summary", _escape(decode(fields.get("note", ""))), "note")
        return item


def _escape(text: str) -> str:
    """Plain text as our inline markup: a star is a star."""
    return text.replace("\\", "\\\\").replace("*", "\\*")


def _keywords(entry: BibEntry) -> set[str]:
    return {w.strip().lower() for w in re.split(r"[,;]", entry.fields.get("keywords", ""))}


def _year(entry: BibEntry) -> int:
    found = re.search(r"\d{4}", entry.fields.get("date") or entry.fields.get("year", ""))
    return int(found.group()) if found else 0


def _date(fields: dict[str, str]) -> str:
    """`date = 2020-03-01` as given; else the year, with the month when there is one."""
    date = fields.get("date", "").strip()
    if re.fullmatch(r"\d{4}(-\d{2}(-\d{2})?)?", date):
        return date
    year = re.search(r"\d{4}", fields.get("year", "") or date)
    if not year:
        return ""
    month = fields.get("month", "").strip().lower().rstrip(".")
    number = (
        int(month) if month.isdigit() else MONTHS.index(month[:3]) + 1 if month[:3] in MONTHS else 0
    )
    return f"{year.group()}-{number:02d}" if 1 <= number <= 12 else year.group()


def _venue(fields: dict[str, str], venue: str) -> str:
    """The journal (or book, school, publisher) with its volume(number) and pages."""
    parts = [decode(fields[venue])] if venue else []
    volume, number = decode(fields.get("volume", "")), decode(fields.get("number", ""))
    if volume or number:
        parts.append(f"{volume}({number})" if volume and number else volume or f"no. {number}")
    pages = decode(fields.get("pages", "").replace("--", "–"))
    if pages:
        parts.append(f"pp. {pages}" if re.search(r"\d\s*[–-]\s*\d", pages) else f"p. {pages}")
    return ", ".join(parts)


def _authors(text: str, me: str) -> list[str]:
    """The authors as shown, `me` in bold (matched by family name and first initial)."""
    mine = _person(me)
    out = []
    for shown, family in split_names(text) if text.strip() else []:
        item = _escape(shown)
        if family and mine and _same(_person(shown), mine):
            item = f"**{item}**"
        out.append(item)
    return out


def _same(a: tuple[str, str] | None, b: tuple[str, str]) -> bool:
    return a is not None and a[0] == b[0] and (not a[1] or not b[1] or a[1] == b[1])


def _person(name: str) -> tuple[str, str] | None:
    """(family name, first initial) without accents or case: `A. Placeholder`, `Ann
    Placeholder` and `Placeholder, Ann` are one person."""
    if "," in name:
        family, _, given = name.partition(",")
        name = f"{given} {family}"
    words = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().split()
    if not words:
        return None
    return words[-1].lower().strip("."), words[0][0].lower() if len(words) > 1 else ""
