"""RenderCV input: a document with a `cv` key (and `design`, `locale`, `settings`), mapped
onto our résumé format with every value's line and RenderCV path carried along.

RenderCV keeps sections as a mapping `cv.sections: {Title: [entries]}` whose entry type is
implied by the entry's keys; each type maps onto the nearest kind of ours. Its text fields
hold Markdown, which ours read with the same converter. What has no equivalent here (a
photo, `design` details, `settings`) is a warning at its own line, never an error.
"""

from __future__ import annotations

from typing import Any

from ..errors import quote
from .mapping import Mapper, text_list
from .rendercv_entries import MAPPERS
from .shapes import ANYTHING, TEXT, TEXTS, Fields, Items, TextOr, Titled, conform
from .source import Path_, Source

FORMAT = "RenderCV"
THEMES = {  # RenderCV theme -> the nearest built-in style
    "classic": "classic",
    "sb2nov": "classic",
    "engineeringclassic": "classic",
    "engineeringresumes": "compact",
    "moderncv": "modern",
    "ember": "modern",
    "opal": "modern",
    "harvard": "serif",
    "ink": "mono",
}
LANGUAGES = {
    "english": "en",
    "german": "de",
    "french": "fr",
    "spanish": "es",
    "italian": "it",
    "portuguese": "pt",
    "dutch": "nl",
    "polish": "pl",
    "russian": "ru",
    "japanese": "ja",
    "korean": "ko",
    "chinese": "zh",
    "mandarin_chinese": "zh",
    "danish": "da",
    "hindi": "hi",
    "indonesian": "id",
    "indonesia": "id",
    "norwegian_bokmål": "nb",
    "norwegian_nynorsk": "nn",
    "swedish": "sv",
    "turkish": "tr",
    "arabic": "ar",
    "hebrew": "he",
    "persian": "fa",
}
NETWORKS = {  # RenderCV's networks -> the profile address a username stands for
    "linkedin": "https://linkedin.com/in/{}",
    "github": "https://github.com/{}",
    "gitlab": "https://gitlab.com/{}",
    "imdb": "https://imdb.com/name/{}",
    "instagram": "https://instagram.com/{}",
    "orcid": "https://orcid.org/{}",
    "stackoverflow": "https://stackoverflow.com/users/{}",
    "researchgate": "https://researchgate.net/profile/{}",
    "youtube": "https://youtube.com/@{}",
    "google scholar": "https://scholar.google.com/citations?user={}",
    "telegram": "https://t.me/{}",
    "whatsapp": "https://wa.me/{}",
    "leetcode": "https://leetcode.com/u/{}",
    "x": "https://x.com/{}",
    "bluesky": "https://bsky.app/profile/{}",
    "reddit": "https://reddit.com/user/{}",
}
CV_KEYS = {
    "name",
    "headline",
    "location",
    "email",
    "photo",
    "phone",
    "website",
    "social_networks",
    "custom_connections",
    "sections",
}
DATE_KEYS = {"date", "start_date", "end_date"}
DETAIL_KEYS = {"location", "summary", "highlights"}
# entry type: (the key that tells it, all its keys, our section kind)
ENTRY_TYPES = (
    ("education", "institution", {"institution", "area", "degree"} | DATE_KEYS | DETAIL_KEYS),
    ("experience", "company", {"company", "position"} | DATE_KEYS | DETAIL_KEYS),
    ("publications", "authors", {"title", "authors", "summary", "doi", "url", "journal", "date"}),
    ("publications", "journal", {"title", "authors", "summary", "doi", "url", "journal", "date"}),
    ("projects", "name", {"name"} | DATE_KEYS | DETAIL_KEYS),
    ("skills", "label", {"label", "details"}),
    ("bullets", "bullet", {"bullet"}),
    ("numbered", "number", {"number"}),
    ("reversed", "reversed_number", {"reversed_number"}),
)
_ENTRY_FIELDS = set().union(*(keys for _, _, keys in ENTRY_TYPES))
ENTRY = TextOr(
    Fields({k: TEXTS if k in ("highlights", "authors") else TEXT for k in _ENTRY_FIELDS})
)
SHAPE = Fields(  # after RenderCV's schema.json: every key it reads, and its type
    {
        "cv": Fields(
            {
                **dict.fromkeys(("name", "headline", "location", "photo"), TEXT),
                **dict.fromkeys(("email", "phone", "website"), TEXTS),  # one, or several
                "social_networks": Items(
                    Fields({"network": TEXT, "username": TEXT}), "a list of social networks"
                ),
                "custom_connections": Items(
                    Fields(dict.fromkeys(("url", "placeholder", "fontawesome_icon"), TEXT)),
                    "a list of connections",
                ),
                "sections": Titled(Items(ENTRY, "a list of entries")),
            }
        ),
        "design": Fields({"theme": TEXT}),
        "locale": Fields({"language": TEXT}),
        "settings": ANYTHING,
    }
)


def is_rendercv(data: Any) -> bool:
    return isinstance(data, dict) and isinstance(data.get("cv"), dict) and "basics" not in data


def convert(source: Source) -> Source:
    source, errors = conform(source, SHAPE)
    m = Mapper(source, FORMAT)
    m.unknown_keys((), {"cv", "design", "locale", "settings", "$schema"}, "top-level")
    m.unknown_keys(("cv",), CV_KEYS, "cv")
    data: dict[str, Any] = {}
    cv: Path_ = ("cv",)
    m.rename(data, (), cv, name="name", headline="headline")
    data.update(_contact(m, cv))
    sections = m.get((*cv, "sections"))
    out: list[dict[str, Any]] = []
    if isinstance(sections, dict):
        for title, entries in sections.items():
            shown = _title(str(title))
            out.extend(_sections(m, shown, entries, (*cv, "sections", title), len(out)))
    m.place(data, "sections", out, (), (*cv, "sections"))
    _design(m, data)
    if m.get(("settings",)) not in (None, {}):
        m.warn(("settings",), "RenderCV `settings` are not used by resume-pdf", key=True)
    return m.result(data, errors)


def _contact(m: Mapper, cv: Path_) -> dict[str, Any]:
    contact: dict[str, Any] = {}
    for key in ("email", "phone", "website"):
        values = text_list(m.get((*cv, key)))
        if values:
            src = (*cv, key) if isinstance(m.get((*cv, key)), str) else (*cv, key, 0)
            m.place(contact, key, values[0], ("contact",), src)
        for i, _ in enumerate(values[1:], 1):
            m.warn((*cv, key, i), f"only the first {key} is shown")
    m.copy(contact, "location", ("contact",), (*cv, "location"))
    if m.get((*cv, "photo")):
        m.warn((*cv, "photo"), "a photo is not shown", key=True)
    links: list[dict[str, Any]] = []
    for i, net in enumerate(_list(m.get((*cv, "social_networks")))):
        link = _social(m, net, (*cv, "social_networks", i), ("contact", "links", len(links)))
        if link:
            links.append(link)
    for i, custom in enumerate(_list(m.get((*cv, "custom_connections")))):
        src = (*cv, "custom_connections", i)
        m.unknown_keys(src, {"url", "placeholder", "fontawesome_icon"}, "connection")
        if isinstance(custom, dict) and custom.get("fontawesome_icon"):
            m.warn((*src, "fontawesome_icon"), "an icon is not shown", key=True)
        url, text = (custom.get("url"), custom.get("placeholder")) if custom else (None, None)
        if isinstance(url, str) and url:
            link = {"url": url, **({"label": text, "show": "label"} if text else {})}
            m.graft(("contact", "links", len(links)), src, link)
            m.graft(("contact", "links", len(links), "url"), (*src, "url"))
            links.append(link)
        elif text:
            m.warn(src, "a connection without a URL is not shown")
    m.place(contact, "links", links, ("contact",), (*cv, "social_networks"))
    return {"contact": contact} if contact else {}


def _social(m: Mapper, net: Any, src: Path_, out: Path_) -> dict[str, Any] | None:
    if not isinstance(net, dict):  # `null`, refused by the type check
        return None
    m.unknown_keys(src, {"network", "username"}, "social network")
    network, user = net.get("network"), net.get("username")
    if not (isinstance(network, str) and isinstance(user, str) and user):
        m.warn(src, "a social network needs `network` and `username`; not shown")
        return None
    user = user.strip()
    template = NETWORKS.get(network.strip().lower())
    if network.strip().lower() == "mastodon" and user.count("@") == 2:
        name, host = user.lstrip("@").split("@", 1)
        url = f"https://{host}/@{name}"
    elif template:
        url = template.format(user.lstrip("@"))
    else:
        m.warn((*src, "network"), f"unknown network {quote(network)}: shown without a link")
        url = ""
    link = {"label": f"{network}: {user}", "show": "label", **({"url": url} if url else {})}
    m.graft(out, src, link)
    if url:
        m.graft((*out, "url"), (*src, "username"))
    m.graft((*out, "label"), (*src, "username"))
    return link


def _title(key: str) -> str:
    """`selected_honors` -> `Selected Honors`, as RenderCV shows a snake_case key; a title
    with capitals is shown as written."""
    if key != key.lower():
        return key
    return " ".join(w[:1].upper() + w[1:] for w in key.replace("_", " ").split())


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _kind_of(entry: Any) -> tuple[str, set[str]] | None:
    if isinstance(entry, str):
        return "text", set()
    if isinstance(entry, dict):
        for kind, key, keys in ENTRY_TYPES:
            if key in entry:
                return kind, keys
    return None


def _sections(m: Mapper, title: str, entries: Any, src: Path_, first: int) -> list[dict[str, Any]]:
    """One RenderCV section as ours: one section per run of entries of one kind (RenderCV
    allows one kind a section, so that is one section)."""
    if not isinstance(entries, list):
        m.warn(src, "a section must be a list of entries; not shown")
        return []
    out: list[dict[str, Any]] = []
    runs: list[tuple[str, list[tuple[int, Any]]]] = []
    for i, entry in enumerate(entries):
        found = _kind_of(entry)
        if entry is None:  # refused by the type check
            continue
        if found is None:
            m.warn((*src, i), "an entry of unknown type; not shown")
            continue
        kind, keys = found
        if isinstance(entry, dict):
            m.unknown_keys((*src, i), keys, "entry")
        if runs and runs[-1][0] == kind:
            runs[-1][1].append((i, entry))
        else:
            runs.append((kind, [(i, entry)]))
    for kind, items in runs:
        path: Path_ = ("sections", first + len(out))
        section = _section(m, kind, items, src, path)
        m.graft((*path, "title"), src)
        out.append({"title": title, **section})
        m.origins[path] = src
    return out


def _section(
    m: Mapper, kind: str, items: list[tuple[int, Any]], src: Path_, out: Path_
) -> dict[str, Any]:
    if kind == "text":
        paragraphs = [e for _, e in items if e.strip()]
        m.graft((*out, "text"), (*src, items[0][0]))
        return {"text": "\n\n".join(paragraphs)}
    if kind in ("bullets", "numbered", "reversed"):
        key = {"bullets": "bullet", "numbered": "number", "reversed": "reversed_number"}[kind]
        texts = []
        for n, (i, entry) in enumerate(items):
            text = entry.get(key)
            if not isinstance(text, str) or not text:
                continue
            m.graft((*out, "bullets", len(texts)), (*src, i, key))
            if kind != "bullets":  # the number is the marker, as RenderCV draws it
                number = n + 1 if kind == "numbered" else len(items) - n
                m.graft((*out, "bullets", len(texts), "text"), (*src, i, key))
                texts.append({"text": text, "marker": f"{number}."})
            else:
                texts.append(text)
        return {"bullets": texts}
    converted = []
    for i, _ in items:
        item: dict[str, Any] = {}
        MAPPERS[kind](m, item, (*out, kind, len(converted)), (*src, i))
        m.origins[(*out, kind, len(converted))] = (*src, i)
        converted.append(item)
    return {kind: converted}


def _design(m: Mapper, data: dict[str, Any]) -> None:
    theme = m.get(("design", "theme"))
    if isinstance(theme, str) and theme:
        style = THEMES.get(theme.strip().lower())
        if style:
            m.place(data, "style", style, (), ("design", "theme"))
        else:
            m.warn(("design", "theme"), f"RenderCV theme {quote(theme)} is unknown; using classic")
    m.unknown_keys(("design",), {"theme"}, "RenderCV design (not used by resume-pdf)")
    language = m.get(("locale", "language"))
    if isinstance(language, str):
        wanted = language.strip().lower()
        code = LANGUAGES.get(wanted) or (wanted if wanted in LANGUAGES.values() else None)
        if code:  # `english` or `en`
            m.place(data, "locale", code, (), ("locale", "language"))
        else:
            m.warn(
                ("locale", "language"),
                f"no month names for {quote(language)}; dates are in English",
            )
    m.unknown_keys(("locale",), {"language"}, "RenderCV locale (not used by resume-pdf)")
