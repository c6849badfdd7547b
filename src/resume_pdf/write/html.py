"""Document -> one self-contained HTML file: semantic, printable and safe.

Semantic: `<h1>` name, `<section>`s with `<h2>`, `<ul>` lists, `<time>` dates, an `<aside>`
for a sidebar style's column (before the main column, as the PDF reads). Self-contained: the
style's colours and family names as inline CSS, no scripts, no web fonts, no images, nothing
fetched — the only URLs in the file are the résumé's own links. Safe: every text and
attribute is escaped (`&`, `<`, `>`, `"`, `'`), and a link is made only for an allowed
scheme (http, https, mailto, tel); anything else stays text. Printable: an `@page` rule with
the style's page size and margins.
"""

from __future__ import annotations

import re
from html import escape
from itertools import groupby

from ..text.inline import Rich, Span, check_url
from .document import Block, Bullets, Dates, Document, Entry, Heading, Look, Para, Section

SERIF = ("Source Serif", "Serif", "Georgia", "Times")
_UNSAFE_NAME = re.compile(r"[^\w .-]")


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
        body.append(f"<main>\n{main}</main>")
    head = [
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
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
        role = f' class="{block.role}"' if block.role != "body" else ""
        return f"<p{role}>{lines}</p>"
    if isinstance(block, Entry):
        dates = _dates(block.dates) if block.dates else ""
        title = f'<p class="title"><span>{inline(block.title)}</span> {dates}</p>'
        return title + (f'<p class="sub">{inline(block.sub)}</p>' if block.sub else "")
    if isinstance(block, Bullets):
        return "<ul>" + "".join(f"<li>{inline(item)}</li>" for item in block.items) + "</ul>"
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


def _family(name: str) -> str:
    """A CSS font stack; the name keeps only characters that cannot leave the string."""
    safe = _UNSAFE_NAME.sub("", name)
    generic = "serif" if any(s in name for s in SERIF) else "sans-serif"
    return f'"{safe}", {generic}' if safe else generic


def _css(look: Look) -> str:
    """The style as CSS: colours, families, sizes (pt), heading treatment, page."""
    top, bottom, left, right = look.margins
    heading = {
        "rule": f"border-bottom: 0.7pt solid {look.rule}; padding-bottom: 2pt;",
        "bar": f"border-left: 3pt solid {look.rule}; padding-left: 5pt;",
        "smallcaps": "font-variant: small-caps;",
        "plain": "",
    }.get(look.treatment, "")
    upper = "text-transform: uppercase;" if look.uppercase else ""
    size = "A4" if abs(look.page_width - 595.3) < 1 else "letter"
    rules = [
        f"@page {{ size: {size}; margin: {top}pt {right}pt {bottom}pt {left}pt; }}",
        f"body {{ margin: 0; background: #fff; color: {look.text};"
        f" font: {look.body_size}pt/1.35 {_family(look.body_font)}; }}",
        f".page {{ max-width: {look.page_width - left - right}pt; margin: 0 auto;"
        f" padding: {top}pt 16pt {bottom}pt; }}",
        f"h1 {{ font: bold {look.name_size}pt/1.15 {_family(look.name_font)}; margin: 0; }}",
        f"h2 {{ font: bold {look.heading_size}pt/1.2 {_family(look.heading_font)};"
        f" color: {look.accent}; margin: 12pt 0 5pt; {heading} {upper} }}",
        f".headline {{ color: {look.accent}; font-size: {look.heading_size}pt; margin: 2pt 0; }}",
        f".contact, .sub, .dates {{ color: {look.muted}; font-size: {look.small_size}pt; }}",
        ".contact { margin: 4pt 0 8pt; }",
        f"a {{ color: {look.link}; text-decoration: none; }}",
        "p { margin: 0 0 4pt; } .sub { margin: 0 0 2pt; }",
        ".entry { margin: 0 0 8pt; break-inside: avoid; }",
        ".title { display: flex; justify-content: space-between; gap: 1em; margin: 0; }",
        ".dates { white-space: nowrap; }",
        "ul { margin: 2pt 0 4pt; padding-left: 1.2em; } li { margin: 0 0 2pt; }",
        "ul.rows { list-style: none; padding-left: 0; }",
        f".label, .rows .dates {{ color: {look.accent}; font-weight: bold; }}",
        ".columns { display: flex; gap: 18pt; align-items: flex-start;"
        f" flex-direction: {'row-reverse' if look.sidebar_side == 'right' else 'row'}; }}",
        f"aside {{ flex: 0 0 30%; background: {look.sidebar_background}; padding: 8pt; }}",
        "main { flex: 1; }",
        "@media print { .page { padding: 0; max-width: none; } a { color: inherit; } }",
    ]
    return "\n" + "\n".join(rules) + "\n"
