"""JSON Resume input (a document with `basics`), and YAMLResume's JSON-Resume-shaped
`content:`, mapped onto our résumé format with each value's line and original path.

Every field of the v1.0.0 schema is shown or deliberately mapped, plus the legacy keys still
found in older files (`company`, `website`); any other key, at any depth, is a warning at its
own line. `references` are shown unless `--no-references` leaves them out (with a note);
`meta` is other tools' record of the file; section titles follow `meta.language`.
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import Severity, quote
from ..text.inline import check_url
from ..values import value
from .mapping import Mapper, text_list
from .shapes import TEXT, TEXTS, WORDS, Fields, Items, Shape, conform
from .source import Path_, Source
from .titles import TITLES, section_title

ENTRY_KEYS = {
    "work": {"name", "company", "location", "description", "position", "url", "website"}
    | {"startDate", "endDate", "summary", "highlights", "keywords", "organization"},
    "volunteer": {"organization", "position", "url", "website", "startDate", "endDate"}
    | {"summary", "highlights", "keywords", "location", "name", "company"},
    "education": {"institution", "url", "area", "studyType", "degree", "startDate", "endDate"}
    | {"score", "gpa", "courses", "location", "summary"},
    "awards": {"title", "date", "awarder", "summary", "url"},  # `url`: as certificates have
    "certificates": {"name", "date", "url", "issuer", "summary"},
    "publications": {"name", "publisher", "releaseDate", "url", "website", "summary"},
    "skills": {"name", "level", "keywords"},
    "languages": {"language", "fluency", "keywords"},
    "interests": {"name", "keywords"},
    "references": {"name", "reference", "phone", "email", "relationship", "summary"},
    "projects": {"name", "description", "highlights", "keywords", "startDate", "endDate"}
    | {"url", "roles", "entity", "type", "summary"},
}
BASICS = {"name", "label", "image", "picture", "email", "phone", "url", "website", "summary"}
LOCATION = ("address", "postalCode", "city", "region", "countryCode", "country")
MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
_WORDY_DATE = re.compile(r"([A-Za-z]{3})[a-z]*\.?\s+(?:(\d{1,2}),?\s+)?(\d{4})")
_LIST_LINE = re.compile(r"\s*(?:[-*+]|(\d+[.)]))\s+(.*)")


@value
class Dialect:
    name: str
    root: Path_  # where the JSON-Resume-shaped document starts
    basics: Path_  # name, email, ...
    location: Path_
    profiles: Path_
    headline: str  # the key of the headline in basics
    top_level: frozenset[str]  # keys allowed beside the sections at the root
    outer: frozenset[str] = frozenset()  # keys allowed around the root, when it is nested


JSON_RESUME = Dialect(
    "JSON Resume",
    (),
    ("basics",),
    ("basics", "location"),
    ("basics", "profiles"),
    "label",
    frozenset({"basics", "meta", "$schema"}),
)
YAMLRESUME = Dialect(
    "YAMLResume",
    ("content",),
    ("content", "basics"),
    ("content", "location"),
    ("content", "profiles"),
    "headline",
    frozenset({"basics", "location", "profiles"}),
    frozenset({"content", "locale", "layouts", "$schema"}),
)


REFERENCES_LEFT_OUT = "`references` are not shown (--no-references)"
META = {"canonical", "version", "lastModified", "language", "locale"}
LISTS = {"highlights", "courses", "roles"}  # `keywords` are WORDS; every other key is text
LOCATION_SHAPE = Fields(dict.fromkeys(LOCATION, TEXT), text=True)  # `"location": "Oslo"` too
PROFILES = Items(Fields(dict.fromkeys(("network", "username", "url"), TEXT)), "a list of profiles")


def shape(dialect: Dialect) -> Shape:
    """The types of every key the dialect reads, after the format's schema (and the legacy
    keys read beside it)."""
    sections = {
        key: Items(Fields({k: _key_shape(k) for k in keys}), "a list of entries")
        for key, keys in ENTRY_KEYS.items()
    }
    basics = Fields(
        {**dict.fromkeys(BASICS | {dialect.headline}, TEXT)}
        | {"location": LOCATION_SHAPE, "profiles": PROFILES}
    )
    if dialect is JSON_RESUME:
        meta = Fields({"language": TEXT, "locale": TEXT})
        return Fields({"basics": basics, "meta": meta, **sections})
    content = Fields({"basics": basics, "location": LOCATION_SHAPE, "profiles": PROFILES})
    return Fields(
        {
            "content": Fields({**content.fields, **sections}),
            "locale": Fields({"language": TEXT}, text=True),
        }
    )


def _key_shape(key: str) -> Shape:
    return WORDS if key == "keywords" else TEXTS if key in LISTS else TEXT


def is_json_resume(data: Any) -> bool:
    return isinstance(data, dict) and "basics" in data


def convert(source: Source, dialect: Dialect = JSON_RESUME, references: bool = True) -> Source:
    source, errors = conform(source, shape(dialect))
    m = Mapper(source, dialect.name)
    data: dict[str, Any] = {}
    locale = _locale(m)
    if locale:
        data["locale"] = locale
    _basics(m, dialect, data)
    sections = []
    root = m.get(dialect.root)
    for key in root if isinstance(root, dict) else ():  # in the file's own order
        entries = m.get((*dialect.root, key))  # a list, or None (absent or refused)
        if key == "references" and not references and entries:
            m.warn((*dialect.root, key), REFERENCES_LEFT_OUT, key=True, severity=Severity.NOTE)
            continue
        if key not in ENTRY_KEYS:
            continue
        if entries:
            out_path = ("sections", len(sections))
            section = _section(m, key, entries, (*dialect.root, key), out_path)
            if section:
                section["title"] = section_title(key, locale or "en")
                m.graft((*out_path, "title"), (*dialect.root, key))
                sections.append(section)
    m.place(data, "sections", sections, (), dialect.root)
    if dialect.root:
        m.unknown_keys((), dialect.outer, "top-level")
        m.unknown_keys(("locale",), {"language"}, "locale")
        if m.get(("layouts",)):
            m.warn(("layouts",), f"{dialect.name} `layouts` are not used by resume-pdf", key=True)
    else:  # `meta` is other tools' record of the file: only its language is read
        m.unknown_keys(("meta",), META, "meta")
    known = dialect.top_level | set(ENTRY_KEYS)
    m.unknown_keys(dialect.root, known, f"{dialect.name} section")
    m.unknown_keys(dialect.basics, BASICS | {dialect.headline, "location", "profiles"}, "basics")
    return m.result(data, errors)


def _locale(m: Mapper) -> str | None:
    for path in (("meta", "language"), ("meta", "locale"), ("locale", "language"), ("locale",)):
        value = m.get(path)
        if isinstance(value, str) and value.strip():
            code = value.strip().lower().replace("_", "-").split("-")[0]
            if code in TITLES:
                m.graft(("locale",), path)
                return code
            shown = quote(value)
            m.warn(path, f"no section titles or month names for {shown} yet; English is used")
            return None
    return None


def _basics(m: Mapper, dialect: Dialect, data: dict[str, Any]) -> None:
    b = dialect.basics
    m.rename(data, (), b, name="name", headline=dialect.headline, summary="summary")
    if "summary" in data:
        _markdown_lists(data, "summary", bullets=False)
    contact: dict[str, Any] = {}
    m.rename(contact, ("contact",), b, email="email", phone="phone")
    website = m.first(b, "url", "website")  # `website` is the legacy name
    if website:
        m.copy(contact, "website", ("contact",), (*b, website))
    for key in ("image", "picture"):
        if m.get((*b, key)):
            m.warn((*b, key), "a picture is not shown", key=True)
    place = m.get(dialect.location)
    if isinstance(place, dict):
        m.unknown_keys(dialect.location, set(LOCATION), "location")
        parts = [place.get(k) for k in LOCATION]
        text = ", ".join(p for p in parts if isinstance(p, str) and p.strip())
        m.place(contact, "location", text, ("contact",), dialect.location)
    else:
        m.copy(contact, "location", ("contact",), dialect.location)
    links = []
    for i, profile in enumerate(_list(m.get(dialect.profiles))):
        link = _profile(m, profile, (*dialect.profiles, i), ("contact", "links", len(links)))
        if link:
            links.append(link)
    m.place(contact, "links", links, ("contact",), dialect.profiles)
    m.place(data, "contact", contact, (), b)


def _profile(m: Mapper, profile: Any, src: Path_, out: Path_) -> dict[str, Any] | None:
    """`network: username`, linked to the profile's URL (or the network's address for the
    username); a profile with an empty URL is a warning, not a failure."""
    from .rendercv import NETWORKS

    if not isinstance(profile, dict):
        return None
    m.unknown_keys(src, {"network", "username", "url"}, "profile")
    network, user, url = (_text(profile.get(k)) for k in ("network", "username", "url"))
    if "url" in profile and not url:
        m.warn((*src, "url"), "empty `url`: the profile is shown without its address")
    label = f"{network}: {user}" if network and user else user or network
    link: dict[str, Any] = {}
    if url:
        link["url"] = url
        m.graft((*out, "url"), (*src, "url"))
    elif user and network.lower() in NETWORKS:
        link["url"] = NETWORKS[network.lower()].format(user.lstrip("@"))
        m.graft((*out, "url"), (*src, "username"))
    if label:
        link.update(label=label, show="label")
        m.graft((*out, "label"), (*src, "username" if user else "network"))
    m.graft(out, src)
    return link or None


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _section(m: Mapper, key: str, entries: list[Any], src: Path_, out: Path_) -> dict | None:
    kind, convert_entry = _KINDS[key]
    items = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict):  # `null`, refused by the type check
            continue
        m.unknown_keys((*src, i), ENTRY_KEYS[key], f"`{key}` entry")
        item: dict[str, Any] = {}
        item_out = (*out, kind, len(items))
        convert_entry(m, item, item_out, (*src, i))
        if item:
            m.graft(item_out, (*src, i))  # an entry-level problem is shown at its entry
            items.append(item)
    if not items:
        return None
    m.graft((*out, kind), src)
    return {kind: items}


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


def _markdown_lists(item: dict[str, Any], key: str, bullets: bool = True) -> None:
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
    _markdown_lists(item, "summary")
    description = _text(m.get((*src, "description")))
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
    _markdown_lists(item, "summary")
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
    given = [(n, _text(m.get((*src, n)))) for n in names]
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
        score = _text(m.get((*src, key)))
        if score and score not in {_text(m.get(p)) for _, p in lines}:
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
    _markdown_lists(item, "summary")
    _date(m, item, "date", out, (*src, "date"))


def _project(m: Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
    m.rename(item, out, src, title="name", summary="description", highlights="highlights")
    extra = _text(m.get((*src, "summary")))
    listed = _list_items(extra)
    if listed:  # a Markdown list (YAMLResume) under a description: bullets, not one paragraph
        item["highlights"] = listed + item.get("highlights", [])
        m.graft((*out, "highlights"), (*src, "summary"))
    elif extra:  # after the description, if any: the joined text is located where it starts
        first = "description" if "summary" in item else "summary"
        _extra_paragraph(item, extra)
        m.graft((*out, "summary"), (*src, first))
    _markdown_lists(item, "summary")
    about = [", ".join(text_list(m.get((*src, "roles"))))]
    about += [_text(m.get((*src, k))) for k in ("entity", "type")]
    m.place(item, "location", " · ".join(a for a in about if a), out, (*src, "roles"))
    _extra_paragraph(item, ", ".join(text_list(m.get((*src, "keywords")))))
    url = _text(m.get((*src, "url")))
    if url:
        m.place(item, "link", {"url": url}, out, (*src, "url"))
        m.graft((*out, "link", "url"), (*src, "url"))
    _dates(m, item, out, src)


def _publication(m: Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
    m.rename(item, out, src, title="name", venue="publisher", summary="summary")
    url = m.first(src, "url", "website")
    if url:
        m.copy(item, "url", out, (*src, url))
    _markdown_lists(item, "summary", bullets=False)
    _date(m, item, "date", out, (*src, "releaseDate"))


def _skill(m: Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
    name, level = _text(m.get((*src, "name"))), _text(m.get((*src, "level")))
    group = f"{name} ({level})" if name and level else name or level
    m.place(item, "group", group, out, (*src, "name" if name else "level"))
    m.place(item, "items", text_list(m.get((*src, "keywords"))), out, (*src, "keywords"))


def _line(first: str, second: str, keywords: bool = True):  # type: ignore[no-untyped-def]
    """Entries shown as one bullet: `English: Native speaker (TOEFL 110)`."""

    def convert(m: Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
        head, tail = _text(m.get((*src, first))), _text(m.get((*src, second)))
        words = ", ".join(text_list(m.get((*src, "keywords")))) if keywords else ""
        if first == "name" and second == "keywords":
            tail, words = words, ""
        text = ": ".join(p for p in (head, tail) if p) + (f" ({words})" if words else "")
        m.place(item, "text", text, out, (*src, first if head else second))

    return convert


def _reference(m: Mapper, item: dict[str, Any], out: Path_, src: Path_) -> None:
    parts = [_text(m.get((*src, k))) for k in ("name", "relationship", "email", "phone")]
    said = m.first(src, "reference", "summary")
    body = _text(m.get((*src, said))) if said else ""
    text = ", ".join(p for p in parts if p) + (f": {body}" if body else "")
    m.place(item, "text", text, out, (*src, "name"))


_KINDS = {
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
