"""JSON Resume input (a document with `basics`), and YAMLResume's JSON-Resume-shaped
`content:`, mapped onto our résumé format with each value's line and original path.

Every field of the v1.0.0 schema is shown or deliberately mapped, plus the legacy keys still
found in older files (`company`, `website`); any other key, at any depth, is a warning at its
own line. `references` are shown unless `--no-references` leaves them out (with a note);
`meta` is other tools' record of the file; section titles follow `meta.language`.
"""

from __future__ import annotations

from typing import Any

from ..errors import Severity, quote
from ..values import value
from .jsonresume_entries import KINDS, markdown_lists, text_of
from .mapping import Mapper
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
        markdown_lists(data, "summary", bullets=False)
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
    network, user, url = (text_of(profile.get(k)) for k in ("network", "username", "url"))
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


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _section(m: Mapper, key: str, entries: list[Any], src: Path_, out: Path_) -> dict | None:
    kind, convert_entry = KINDS[key]
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
