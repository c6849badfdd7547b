"""Document -> one self-contained HTML file: semantic, printable and safe.

Semantic: `<h1>` name, `<address>` contact block, `<section>`s with `<h2>`, each entry an
`<h3>`, `<ul>` lists, `<time>` dates, an `<aside>` for a sidebar style's column (before the
main column, as the PDF reads); a letter's date, recipient, subject, salutation, closing and
signature as classed paragraphs laid out as a business letter. Self-contained: the style's
colours and family names as inline CSS, no scripts, no web fonts, no images, nothing
fetched — the only URLs in the file are the résumé's own links. Safe: every text and
attribute is escaped (`&`, `<`, `>`, `"`, `'`), and a link is made only for an allowed
scheme (http, https, mailto, tel); anything else stays text.

Readable on a screen: body text at 16 px and every other size in proportion to it (the
style's points on paper), one column under 700 px, links underlined in every style (colour
alone marks nothing, and some styles' links are the text colour), dark colours where the
reader's system asks for them. Printable: an `@page` rule with the style's page size and
margins, the style's own point sizes.
"""

from __future__ import annotations

import re
from html import escape
from itertools import groupby

from ..text.inline import Rich, Span, check_url
from .document import (
    Block,
    Bullets,
    Dates,
    Document,
    Entry,
    Heading,
    Look,
    Para,
    Section,
    font_kind,
)

_UNSAFE_NAME = re.compile(r"[^\w .-]")
SCREEN_BODY_PX = 16  # body text on a screen; the other sizes follow in proportion
NARROW_PX = 700  # under this width, one column
DARK_BACKGROUND = "#15171a"
DARK_SIDEBAR = "#23272e"  # the lighter of the two: colours are checked against it
DARK_TEXT = "#e6e6e6"
# after the style's family: the families Word and the systems have, then the generic one
FALLBACKS = {
    "sans": '"Helvetica Neue", Arial, Calibri, sans-serif',
    "serif": "Georgia, Cambria, serif",
    "mono": "Consolas, Menlo, monospace",
}


def render_html(doc: Document) -> bytes:
    look = doc.look
    body = [_blocks(doc.header, "header") + "\n"]
    sections = "".join(_section(s) for s in doc.main if isinstance(s, Section))
    loose = [b for b in doc.main if not isinstance(b, Section)]
    main = _blocks(tuple(loose)) + "\n" + sections
    if doc.side:
        aside = "".join(_section(s) for s in doc.side)
        columns = f"<aside>\n{aside}</aside>\n<main>\n{main}</main>"
        body.append(f'<div class="columns">\n{columns}\n</div>')
    else:
        letter = ' class="letter"' if doc.kind == "letter" else ""
        body.append(f"<main{letter}>\n{main}</main>")
    head = [
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="color-scheme" content="light dark">',
        f'<meta name="author" content="{_attr(doc.author)}">',
        f'<meta name="description" content="{_attr(doc.subject)}">',
        f'<meta name="keywords" content="{_attr(", ".join(doc.keywords))}">',
        '<meta name="generator" content="resume-pdf">',
        f"<title>{escape(doc.title)}</title>",
        f"<style>{_css(look)}</style>",
    ]
    page = (
        f'<!DOCTYPE html>\n<html lang="{_attr(doc.lang)}">\n<head>\n'
        + "\n".join(head)
        + f'\n</head>\n<body>\n<div class="page">\n{"".join(body)}\n</div>\n</body>\n</html>\n'
    )
    return page.encode("utf-8")


def _attr(text: str) -> str:
    return escape(text, quote=True)


def inline(text: Rich) -> str:
    """Spans as HTML: escaped text in <strong>/<em>; a link only for an allowed scheme."""
    out = []
    for url, spans in groupby(text.spans, key=lambda s: s.url):
        inner = "".join(_span(s) for s in spans)
        if url and check_url(url) is None:
            inner = f'<a href="{_attr(url)}">{inner}</a>'
        out.append(inner)
    return "".join(out)


def _span(span: Span) -> str:
    piece = escape(span.text, quote=False)
    if span.bold:
        piece = f"<strong>{piece}</strong>"
    if span.italic:
        piece = f"<em>{piece}</em>"
    return piece


def _dates(dates: Dates) -> str:
    parts = []
    for shown, iso in dates.parts:
        if iso:
            parts.append(f'<time datetime="{_attr(iso)}">{escape(shown)}</time>')
        else:
            parts.append(escape(shown))
    return f'<span class="dates">{"".join(parts)}</span>'


def _section(section: Section) -> str:
    return f"<section>\n<h2>{escape(section.title)}</h2>\n{_blocks(section.blocks)}\n</section>\n"


def _blocks(blocks: tuple[Block, ...], wrapper: str = "") -> str:
    """Blocks as HTML; an entry and the paragraphs and lists after it share a `<div>`."""
    out: list[str] = []
    open_entry = False
    for block in blocks:
        if open_entry and not isinstance(block, Para | Bullets):
            out.append("</div>")
            open_entry = False
        if isinstance(block, Entry):
            out.append('<div class="entry">')
            open_entry = True
        out.append(_block(block))
    if open_entry:
        out.append("</div>")
    html = "\n".join(out)
    return f"<{wrapper}>{html}</{wrapper}>" if wrapper and html else html


def _block(block: Block) -> str:
    if isinstance(block, Heading):
        tag = "h1" if block.level == 1 else "h2"
        return f"<{tag}>{escape(block.text)}</{tag}>"
    if isinstance(block, Para):
        lines = "<br>".join(inline(line) for line in block.lines)
        if block.role == "contact":
            return f'<address class="contact">{lines}</address>'
        role = f' class="{block.role}"' if block.role != "body" else ""
        return f"<p{role}>{lines}</p>"
    if isinstance(block, Entry):
        dates = _dates(block.dates) if block.dates else ""
        title = f'<h3 class="title"><span>{inline(block.title)}</span> {dates}</h3>'
        return title + (f'<p class="sub">{inline(block.sub)}</p>' if block.sub else "")
    if isinstance(block, Bullets):
        return _list(block)
    rows = []
    for row in block.rows:
        if row.dates:
            head = _dates(row.dates) + " "
        elif row.label:
            head = f'<strong class="label">{escape(row.label)}</strong>: '
        else:
            head = ""
        rows.append(f"<li>{head}{inline(row.text)}</li>")
    return '<ul class="rows">' + "".join(rows) + "</ul>"


def _list(block: Bullets) -> str:
    """`<ul>`, or `<ol>` whose items carry their numbers (`value`, so a list counting down
    reads as written); a marker that is not a number ("a)") is written before the item."""
    markers = [block.marker(i) or "" for i in range(len(block.items))]
    ordered = all(m[:-1].isdigit() and m.endswith(".") for m in markers)
    items = []
    for i, (item, marker) in enumerate(zip(block.items, markers, strict=True)):
        value = f' value="{marker[:-1]}"' if ordered else ""
        shown = f'<span class="marker">{escape(marker)}</span> ' if marker and not ordered else ""
        sub = block.sub(i)
        items.append(f"<li{value}>{shown}{inline(item)}{_list(sub) if sub else ''}</li>")
    if ordered:
        return f"<ol>{''.join(items)}</ol>"
    marked = ' class="marked"' if any(markers) else ""
    return f"<ul{marked}>{''.join(items)}</ul>"


def _family(name: str) -> str:
    """A CSS font stack: the style's family (keeping only characters that cannot leave the
    string), then families readers have for its kind."""
    safe = _UNSAFE_NAME.sub("", name)
    fallback = FALLBACKS[font_kind(name)]
    return f'"{safe}", {fallback}' if safe else fallback


def _em(size: float, look: Look) -> str:
    """A style size (pt) relative to body text, so one body size scales them all."""
    return f"{size / look.body_size:.3g}em"


def _css(look: Look) -> str:
    """The style as CSS: colours, families, sizes, heading treatment, page; the screen's
    body size, one column when narrow, dark colours when asked."""
    top, bottom, left, right = look.margins
    heading = {
        "rule": f"border-bottom: 0.7pt solid {look.rule}; padding-bottom: 2pt;",
        "bar": f"border-left: 3pt solid {look.rule}; padding-left: 5pt;",
        "smallcaps": "font-variant: small-caps;",
        "plain": "",
    }.get(look.treatment, "")
    upper = "text-transform: uppercase;" if look.uppercase else ""
    size = "A4" if abs(look.page_width - 595.3) < 1 else "letter"
    width = _em(look.page_width - left - right, look)
    small = _em(look.small_size, look)
    rules = [
        f"@page {{ size: {size}; margin: {top}pt {right}pt {bottom}pt {left}pt; }}",
        f"body {{ margin: 0; background: #fff; color: {look.text};"
        f" font: {SCREEN_BODY_PX}px/1.45 {_family(look.body_font)}; }}",
        f".page {{ max-width: min({width}, 55em); margin: 0 auto; padding: 2em 1.25em; }}",
        f"h1 {{ font: bold {_em(look.name_size, look)}/1.15 {_family(look.name_font)};"
        " margin: 0; }",
        f"h2 {{ font: bold {_em(look.heading_size, look)}/1.25 {_family(look.heading_font)};"
        f" color: {look.accent}; margin: 1.1em 0 0.45em; {heading} {upper} }}",
        "h3 { font: inherit; margin: 0; }",
        f".headline {{ color: {look.accent}; font-size: {_em(look.heading_size, look)};"
        " margin: 0.15em 0; }",
        f".contact, .sub, .dates {{ color: {look.muted}; font-size: {small}; }}",
        ".contact { font-style: normal; margin: 0.3em 0 0.6em; }",
        ".contact .dates, .sub .dates { font-size: 1em; }",
        f"a {{ color: {look.link}; text-decoration: underline;"
        " text-decoration-thickness: 1px; text-underline-offset: 0.15em; }",
        "p { margin: 0 0 0.35em; } .sub { margin: 0 0 0.2em; }",
        ".entry { margin: 0 0 0.7em; break-inside: avoid; }",
        ".title { display: flex; flex-wrap: wrap; justify-content: space-between;"
        " column-gap: 1em; }",
        ".dates { white-space: nowrap; }",
        "ul { margin: 0.2em 0 0.35em; padding-left: 1.2em; } li { margin: 0 0 0.2em; }",
        "ul.rows { list-style: none; padding-left: 0; }",
        "ol { margin: 0.2em 0 0.35em; padding-left: 1.6em; } ul.marked { list-style: none; }",
        f".label, .rows .dates {{ color: {look.accent}; font-weight: bold; }}",
        ".columns { display: flex; gap: 1.5em; align-items: flex-start;"
        f" flex-direction: {'row-reverse' if look.sidebar_side == 'right' else 'row'}; }}",
        f"aside {{ flex: 0 0 30%; box-sizing: border-box; background: {look.sidebar_background};"
        " padding: 0.7em; }",
        "main { flex: 1; min-width: 0; }",
        *_letter_css(look),
        f"@media screen and (max-width: {NARROW_PX}px) {{ .columns {{ display: block; }}"
        " aside { margin: 0 0 1em; } .page { padding: 1em; } }",
        *_dark_css(look),
        f"@media print {{ body {{ font-size: {look.body_size}pt; line-height: 1.35; }}"
        " .page { padding: 0; max-width: none; } a { color: inherit; } }",
    ]
    return "\n" + "\n".join(rules) + "\n"


def _letter_css(look: Look) -> list[str]:
    """A business letter: the date at the right, a blank line between blocks, the subject
    bold and spaced, three lines of room above the signature. Its text is the style's
    `entry` size as in the PDF, but never under the screen's 16 px body (a style may set
    its entry below its body); printed, it is the PDF's size again."""
    size = _em(max(look.entry_size, look.body_size), look)
    return [
        f".letter {{ font-size: {size}; margin-top: 1.5em; }}",
        f"@media print {{ .letter {{ font-size: {_em(look.entry_size, look)}; }} }}",
        ".letter p { margin: 0 0 1.2em; }",
        ".letter .date { text-align: right; }",
        ".letter .recipient { margin-bottom: 2.4em; }",
        f".letter .subject {{ color: {look.accent}; font-family: {_family(look.heading_font)};"
        " margin-bottom: 1.8em; }",
        ".letter .closing { margin-bottom: 4.2em; }",
    ]


def _dark_css(look: Look) -> list[str]:
    """The style's colours made readable on a dark background, for readers whose system is
    set dark; print keeps the light page."""
    accent, link, muted = (_on_dark(c) for c in (look.accent, look.link, look.muted))
    return [
        "@media screen and (prefers-color-scheme: dark) {",
        f"body {{ background: {DARK_BACKGROUND}; color: {DARK_TEXT}; }}",
        f"h2, .headline, .label, .rows .dates, .letter .subject {{ color: {accent}; }}",
        f"h2 {{ border-color: {accent}; }}",
        f".contact, .sub, .dates {{ color: {muted}; }}",
        f"a {{ color: {link}; }}",
        f"aside {{ background: {DARK_SIDEBAR}; }}",
        "}",
    ]


def _luminance(color: str) -> float:
    channels = [int(color[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _on_dark(color: str, contrast: float = 4.5) -> str:
    """`color` mixed toward white until it has WCAG's `contrast` on the dark background."""
    dark = _luminance(DARK_SIDEBAR)
    rgb = [int(color[i : i + 2], 16) for i in (1, 3, 5)]
    for step in range(11):
        mixed = "#" + "".join(f"{round(c + (255 - c) * step / 10):02x}" for c in rgb)
        if (_luminance(mixed) + 0.05) / (dark + 0.05) >= contrast:
            return mixed
    return "#ffffff"
