"""What a résumé shows, walked from the validated model: every displayed text with the
field it came from, and every link target. The glyph check and `--verify` both work from
this, so a tailored variant is checked for exactly what it keeps."""

from __future__ import annotations

from collections.abc import Iterator

from ..read.dates import ISO_DATE
from ..text.inline import Rich, doi_url, tel_url
from .resume import Bullet, Contact, Resume, plain
from .schema import TextField

CONTACT_SEPARATOR = "  ·  "
MAX_SHOWN_URL = 45  # longer links show their label instead of the address


def display_url(url: str) -> str:
    """`https://www.example.com/` -> `example.com`: what a reader types, not a protocol."""
    shown = url.split("://", 1)[-1].removesuffix("/")
    return shown.removeprefix("www.")


def link_text(url: str, label: str | None) -> str:
    """What an entry's link shows: its label, else its address without the scheme; cut to
    MAX_SHOWN_URL characters with an ellipsis, so it fits the right-hand column."""
    shown = label or display_url(url)
    return shown if len(shown) <= MAX_SHOWN_URL else shown[: MAX_SHOWN_URL - 1] + "…"


def contact_items(contact: Contact) -> list[tuple[str, str | None]]:
    """The contact line as (shown text, link target or None), in the order every output
    shows it: email, phone, location, website, links."""
    items: list[tuple[str, str | None]] = []
    if contact.email:
        items.append((contact.email, f"mailto:{contact.email}"))
    if contact.phone:
        items.append((contact.phone, tel_url(contact.phone)))
    if contact.location:
        items.append((contact.location, None))
    links = [(contact.website, None, False)] if contact.website else []
    links += [(link.url, link.label, link.show == "label") for link in contact.links]
    for url, label, show_label in links:
        if not url:
            items.append((label or "", None))
            continue
        shown = display_url(url)
        if show_label and label:
            shown = label
        elif len(shown) > MAX_SHOWN_URL:
            shown = label or shown[: MAX_SHOWN_URL - 1] + "…"
        items.append((shown, url))
    return items


def displayed(resume: Resume) -> Iterator[tuple[str, str]]:
    """(field, text) for every text the layout shows, in reading order within a field."""
    contact = resume.contact
    yield from (("name", resume.name), ("headline", resume.headline or ""))
    yield from (("contact." + k, getattr(contact, k) or "") for k in ("email", "phone", "location"))
    yield from (
        ("contact.links", k.label)
        for k in contact.links
        if k.label and (k.show == "label" or not k.url)
    )
    yield from (("summary", r.plain) for r in resume.summary)
    for section in resume.sections:
        yield section.title, section.title
        for item in section.items:
            yield from _item_texts(section.title, item)


def _item_texts(title: str, item: object) -> Iterator[tuple[str, str]]:
    if isinstance(item, Rich):
        yield title, item.plain
        return
    if isinstance(item, Bullet):  # a bullet section's item, and the items nested under it
        yield title, item.text.plain
        yield from ((title, b.text.plain) for b in item.items)
        return
    for name in (
        "title",
        "role",
        "organization",
        "institution",
        "degree",
        "field",
        "group",
        "venue",
        "location",
        "date",
    ):
        value = plain(getattr(item, name, None))
        if name == "date" and ISO_DATE.fullmatch(value):
            continue  # shown in the style's date format, like start and end
        if value:
            yield f"{title}: {name}", value
    link = getattr(item, "link", None)
    if link and link.label:
        yield f"{title}: link", link_text(link.url, link.label)
    for name in ("items", "authors"):
        yield from ((f"{title}: {name}", v.plain) for v in getattr(item, name, ()))
    text = getattr(item, "text", None)
    if isinstance(text, Rich):
        yield title, text.plain
    yield from ((f"{title}: summary", r.plain) for r in getattr(item, "summary", ()))
    for bullet in getattr(item, "highlights", ()):
        yield f"{title}: highlight", bullet.text.plain
        yield from ((f"{title}: highlight", b.text.plain) for b in bullet.items)


def expected_links(resume: Resume) -> Iterator[str]:
    contact = resume.contact
    if contact.email:
        yield f"mailto:{contact.email}"
    if contact.phone and tel_url(contact.phone):
        yield tel_url(contact.phone)
    yield from (u for u in [contact.website, *(link.url for link in contact.links)] if u)
    for section in resume.sections:
        for item in section.items:
            link = getattr(item, "link", None)
            yield from (u for u in (link and link.url, getattr(item, "url", None)) if u)
            doi = getattr(item, "doi", None)
            if doi and doi_url(doi):
                yield doi_url(doi)


class Occurrences:
    """Where a displayed text was written: the same text in two places is found at each of
    its own places in turn (file order), not every copy at the last one."""

    def __init__(self, texts: tuple[TextField, ...]) -> None:
        self.fields: dict[str, list[TextField]] = {}
        for f in texts:
            self.fields.setdefault(f.text, []).append(f)
        self.used: dict[str, int] = {}

    def next(self, text: str) -> TextField | None:
        found = self.fields.get(text)
        if not found:
            return None
        i = self.used.get(text, 0)
        self.used[text] = i + 1
        return found[min(i, len(found) - 1)]


def displayed_fields(resume: Resume) -> tuple[TextField, ...]:
    """The displayed texts (and link targets) as fields located where the file wrote them."""
    where = Occurrences(resume.texts)
    pairs = [*displayed(resume), *(("link", url) for url in expected_links(resume))]
    out = []
    for name, text in pairs:
        found = where.next(text)
        out.append(
            TextField(found.path, text, found.location) if found else TextField(name, text, None)
        )
    return tuple(out)
