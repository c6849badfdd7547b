"""The order of keys in a written résumé: as docs/format.md shows them, which is how people
write an entry (who and where, then when, then what it was). Each mapping is ordered by what
it is — the résumé, the contact line, a section, an entry of a section's kind, a bullet, a
link — so a project keeps `title, link, summary, start` and a job `role, organization,
location, start, end, summary`; keys the table does not name keep their order, after it.
"""

from __future__ import annotations

_RESUME = (
    *("name", "languages", "headline", "contact", "summary"),
    *("style", "page_size", "pages", "locale"),
)
ORDERS: dict[str, tuple[str, ...]] = {
    "resume": (*_RESUME, "formats", "photo", "sections", "variants", "letter"),
    "contact": ("email", "phone", "location", "website", "links"),
    "section": ("title", "tags", "projects", "experience", "education", "skills"),
    "projects": ("title", "link", "url", "location", "summary", "start", "end", "date"),
    "experience": ("role", "organization", "location", "start", "end", "date", "summary"),
    "education": ("institution", "degree", "field", "location", "start", "end", "date"),
    "skills": ("group", "items", "tags"),
    "timeline": ("start", "end", "date", "text", "tags"),
    "publications": ("title", "authors", "venue", "date", "start", "end", "url", "doi"),
    "bullet": ("text", "marker", "items", "tags"),
    "link": ("label", "url", "show"),
}
ENTRY_KINDS = ("projects", "experience", "education", "skills", "timeline", "publications")
_LAST = ("summary", "highlights", "tags")  # what an entry holds, after its table's keys
# what the value under a key is, by the kind of mapping holding it
_INNER: dict[str, dict[str, str]] = {
    "resume": {"contact": "contact", "sections": "section"},
    "contact": {"links": "link"},
    "section": {kind: kind for kind in ENTRY_KINDS} | {"bullets": "bullet"},
    "bullet": {"items": "bullet"},
}
_ENTRY = {"highlights": "bullet", "link": "link"}


def in_reading_order(data: object, kind: str = "resume") -> object:
    """`data` with each mapping's keys in the order its kind is written in; lists keep
    theirs."""
    if isinstance(data, list):
        return [in_reading_order(item, kind) for item in data]
    if not isinstance(data, dict):
        return data
    order = ORDERS.get(kind, ())
    if kind in ENTRY_KINDS:
        order = (*order, *(key for key in _LAST if key not in order))
    rank = {key: n for n, key in enumerate(order)}
    inner = _INNER.get(kind, _ENTRY if kind in ENTRY_KINDS else {})
    ordered = sorted(data.items(), key=lambda kv: rank.get(kv[0], len(rank)))
    return {k: in_reading_order(v, inner.get(k, "")) for k, v in ordered}
