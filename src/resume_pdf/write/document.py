"""The twins' common input: a document as a few kinds of blocks, in reading order.

Writer API (txt.py, markdown.py, html.py, docx.py), for the résumé and the cover letter:

    from resume_pdf.write.document import Document, Heading, Para, Entry, Bullets, ...
    from resume_pdf.write.twins import render      # render(doc, "md") -> bytes
    doc = resume_document(resume, theme)           # write/resume_doc.py; a letter builds its own

A writer never sees the Resume, the Theme or reportlab: it turns a `Document` into the bytes
of one file. So the résumé and the letter share every writer, and each writer stays a small
function of blocks. Text in blocks is final — cleaned, dates formatted, in the order the PDF
shows it; writers only escape it for their format and add their own punctuation.

Blocks:
- `Heading(text, level)`: level 1 the person's name, level 2 a section title.
- `Para(lines, role)`: one or more lines of inline markup (`Rich`) kept together, e.g. a
  paragraph (one line), an address (several). `role` picks the look; a letter's parts
  have their own roles (date, recipient, subject, salutation, closing, signature), so each
  writer can lay out a business letter.
- `Entry(title, dates, sub)`: a dated entry's title line with its dates at the right, then
  an optional muted subtitle line.
- `Bullets(items, markers, nested)`: a list as written (bullets, numbers, one nested level).
- `Rows(rows)`: labelled lines — skill groups (`label: items`) or a timeline (`dates text`).
- `Section(title, blocks)`: a titled group of blocks (a level-2 heading in every format).
"""

from __future__ import annotations

from typing import Literal

from ..text.bidi import list_comma
from ..text.inline import Rich, Span
from ..text.typography import curly, curly_rich
from ..values import field, replace, value

Role = Literal[
    "body",
    "headline",
    "contact",
    "muted",
    # a letter's parts, in the order they come
    "date",
    "recipient",
    "subject",
    "salutation",
    "closing",
    "signature",
]


@value
class Dates:
    """Dates as shown (`2023 → now`), with the parts kept for machine-readable markup:
    each (shown text, ISO date as written or None for `present` and free text)."""

    parts: tuple[tuple[str, str | None], ...]

    @property
    def text(self) -> str:
        return "".join(shown for shown, _ in self.parts)


@value
class Heading:
    text: str
    level: Literal[1, 2] = 2


@value
class Para:
    lines: tuple[Rich, ...]
    role: Role = "body"


@value
class Entry:
    title: Rich  # bold where the PDF is bold; may hold a link span
    dates: Dates | None = None
    sub: Rich | None = None


@value
class Bullets:
    """A list as written: per item, its marker ("3.", or None for a bullet) and the list
    nested under it (None for none); both may be left empty for a plain bulleted list."""

    items: tuple[Rich, ...]
    markers: tuple[str | None, ...] = ()
    nested: tuple[Bullets | None, ...] = ()

    def marker(self, i: int) -> str | None:
        return self.markers[i] if i < len(self.markers) else None

    def sub(self, i: int) -> Bullets | None:
        return self.nested[i] if i < len(self.nested) else None

    def numbered(self) -> bool:
        """Markers 1., 2., 3. ... in order: a list every format can number by itself."""
        first = self.marker(0) or ""
        start = int(first[:-1]) if first[:-1].isdigit() and first.endswith(".") else None
        if start is None or len(self.markers) != len(self.items):
            return False
        return all(m == f"{start + i}." for i, m in enumerate(self.markers))


@value
class Row:
    """A skill group (`label` = group, `text` = its items joined) or a timeline row
    (`dates`, `text`)."""

    text: Rich
    label: str | None = None
    dates: Dates | None = None


@value
class Rows:
    rows: tuple[Row, ...]


Block = Heading | Para | Entry | Bullets | Rows


@value
class Section:
    title: str
    blocks: tuple[Block, ...]


@value
class Look:
    """What a writer may take from the style: colours (#RRGGBB), font family names, type
    sizes in points, the heading treatment and the page."""

    text: str = "#1d1d1f"
    muted: str = "#5b6470"
    accent: str = "#1f3a5f"
    rule: str = "#1f3a5f"
    link: str = "#1f3a5f"
    body_font: str = "Source Sans Pro"
    heading_font: str = "Source Sans Pro"
    name_font: str = "Source Sans Pro"
    name_size: float = 23
    heading_size: float = 11
    body_size: float = 9.5
    small_size: float = 8.5
    entry_size: float = 10  # a letter's text, a step above résumé body text as in its PDF
    treatment: str = "rule"  # rule | bar | smallcaps | plain
    uppercase: bool = False
    page_width: float = 612  # points
    page_height: float = 792
    margins: tuple[float, float, float, float] = (40, 38, 50, 50)  # top, bottom, left, right
    sidebar: bool = False
    sidebar_background: str = "#eef2f7"
    sidebar_side: str = "left"  # left | right


@value
class Photo:
    """The résumé's photo for a writer: PNG bytes of the upright square the PDF draws, its
    side in points and the style's shape."""

    png: bytes
    size: float = 72
    shape: str = "circle"  # circle | rounded | square


@value
class Document:
    """One document for the writers: `header` (name, headline, contact), then `side` (a
    sidebar's sections, read before the main column as in the PDF), then `main`."""

    title: str  # document properties: title, author, subject, keywords, language
    author: str
    header: tuple[Block, ...]
    main: tuple[Block | Section, ...]
    side: tuple[Section, ...] = ()
    subject: str = ""
    keywords: tuple[str, ...] = ()
    lang: str = "en"
    look: Look = field(default_factory=Look)
    kind: Literal["resume", "letter"] = "resume"
    photo: Photo | None = None
    pages: int | None = None  # the PDF's page budget, for a format's statistics
    # the user's text each property is made from (title, author, subject), so a property
    # cut to a format's limit is warned at the field it came from; a keyword is its own
    sources: tuple[tuple[str, str], ...] = ()

    def parts(self) -> tuple[Block | Section, ...]:
        """Everything in reading order, for writers without columns."""
        return (*self.header, *self.side, *self.main)


FontKind = Literal["sans", "serif", "mono"]
SERIF_NAMES = ("Serif", "Georgia", "Times", "Garamond", "Cambria", "Baskerville", "Roman")
MONO_NAMES = ("Mono", "Code", "Courier", "Consolas", "Menlo")


def font_kind(family: str) -> FontKind:
    """What a family looks like, for a fallback where it is missing: `Source Serif Pro` is
    serif, `JetBrains Mono` mono, `Source Sans Pro` (and any unknown family) sans."""
    if any(word in family for word in MONO_NAMES):
        return "mono"
    if "Sans" not in family and any(word in family for word in SERIF_NAMES):
        return "serif"
    return "sans"


def plain(text: str) -> Rich:
    """Text shown as written, without markup."""
    return Rich((Span(text),) if text else ())


def joined(parts: list[Rich], separator: str) -> Rich:
    """Rich parts with a plain separator between them; a comma is the Arabic comma between
    parts in Arabic script, as the PDF sets it (text/bidi.py's list_comma)."""
    if separator == ", ":
        separator = list_comma([p.plain for p in parts])
    spans: list[Span] = []
    for i, part in enumerate(parts):
        if i and separator:
            spans.append(Span(separator))
        spans.extend(part.spans)
    return Rich(tuple(spans))


def link_adds(text: str, url: str) -> bool:
    """Does the link target tell a reader more than its text? `example.com` for
    https://example.com, an email for its mailto: and a phone number for its tel: do not,
    so plain-text writers show those once."""
    scheme, _, rest = url.partition(":")
    bare = rest.removeprefix("//").removesuffix("/").removeprefix("www.")
    if scheme.lower() == "tel":
        return [c for c in text if c.isdigit()] != [c for c in rest if c.isdigit()]
    return text not in (url, rest, bare)


@value
class Cut:
    """A document property cut to a format's limit, and the user's text where it was cut
    (the first keyword left out, or the field a title or subject was made from)."""

    prop: str
    limit: int
    source: str
    detail: str  # what was left out, for the warning


def fit_properties(doc: Document, limit: int) -> tuple[Document, tuple[Cut, ...]]:
    """`doc` with its title, author, subject and keywords each within `limit` characters
    (Word's core properties hold 255): text cut at a word boundary, keywords by whole
    keywords; with what was cut."""
    sources = dict(doc.sources)
    cuts: list[Cut] = []
    fitted: dict[str, object] = {}
    for prop in ("title", "author", "subject"):
        text = getattr(doc, prop)
        if len(text) > limit:
            fitted[prop] = shorten(text, limit)
            left = len(text) - len(fitted[prop]) + 1  # type: ignore[arg-type]
            cuts.append(Cut(prop, limit, sources.get(prop, text), f"{left} characters"))
    kept: list[str] = []
    for i, word in enumerate(doc.keywords):
        if len(", ".join((*kept, word))) > limit:
            parts = [] if kept else ["the end of the first keyword"]
            kept = kept or [shorten(word, limit)]
            rest = len(doc.keywords) - len(kept)
            parts += [f"{rest} of {len(doc.keywords)} keywords"] if rest else []
            detail = " and ".join(parts)
            cuts.append(Cut("keywords", limit, doc.keywords[i], detail))
            fitted["keywords"] = tuple(kept)
            break
        kept.append(word)
    return (replace(doc, **fitted) if fitted else doc), tuple(cuts)


def shorten(text: str, limit: int) -> str:
    """`text` within `limit` characters, ending in an ellipsis; cut after a whole word
    (or a comma) unless that would lose more than half."""
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    if not text[limit - 1].isspace():
        space = max(head.rfind(" "), head.rfind(","))
        head = head[:space] if space > limit // 2 else head
    return head.rstrip(" ,;:·—–-") + "…"


def curled(doc: Document) -> Document:
    """The document with straight quotes curled by their neighbours, as the PDF sets them
    (`PyTorch's` -> `PyTorch’s`); the contact line (addresses) keeps what was typed."""
    return replace(
        doc,
        header=tuple(b if _is_contact(b) else _curl(b) for b in doc.header),
        side=tuple(_curl_part(s) for s in doc.side),
        main=tuple(_curl_part(p) for p in doc.main),
    )


def _is_contact(block: Block) -> bool:
    return isinstance(block, Para) and block.role == "contact"


def _curl_part(part: Block | Section) -> Block | Section:
    if isinstance(part, Section):
        return Section(curly(part.title), tuple(_curl(b) for b in part.blocks))
    return _curl(part)


def _curl(block: Block) -> Block:
    if isinstance(block, Heading):
        return replace(block, text=curly(block.text))
    if isinstance(block, Para):
        return replace(block, lines=tuple(curly_rich(line) for line in block.lines))
    if isinstance(block, Entry):
        sub = curly_rich(block.sub) if block.sub else None
        return replace(block, title=curly_rich(block.title), sub=sub)
    if isinstance(block, Bullets):
        nested = tuple(_curl(n) if n else None for n in block.nested)
        return replace(block, items=tuple(curly_rich(i) for i in block.items), nested=nested)
    rows = tuple(
        replace(r, text=curly_rich(r.text), label=curly(r.label) if r.label else r.label)
        for r in block.rows
    )
    return Rows(rows)
