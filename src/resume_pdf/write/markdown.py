"""Document -> CommonMark (GitHub-flavoured) Markdown.

`#` the name, `##` sections, bold entry titles with their dates on the same line, `- `
lists, real `[label](url)` links. User text is escaped so that it shows literally wherever
it lands: every character CommonMark or GitHub could read as markup (`*`, `_`, `[`, `<`,
`` ` ``, `~`, an entity-like `&`, a line-opening `#`, `-`, `1.`, GitHub's `$` math, a `!`
before a link's `[`) gets a backslash, and a `:name:` emoji shortcode an invisible word
joiner after its first colon. An address in plain text (`https://...`, `www....`) is
written as a link to itself, unescaped, since GitHub would link it anyway and a backslash
inside it would end up in the link. Bold and italic are
written only where CommonMark's flanking rules will read them back as such, so the rendered
text always equals the résumé's text.
"""

from __future__ import annotations

import re
import unicodedata
from itertools import groupby

from ..text.inline import Rich, Span
from .document import Block, Bullets, Document, Entry, Heading, Para, Section

# `:` before `//`, and the `.` of `www.`: GitHub's autolinker would otherwise start there
# (an address this writer did not link is not linked)
_SPECIAL = re.compile(r"[\\`*_\[\]<>~|$]|&(?=#?\w+;)|:(?=//)|(?<=www)\.")
# `:name:`: GitHub turns it into an emoji after Markdown is read, so a backslash does not
# keep it (the HTML holds `:rocket:` again); a word joiner (U+2060, invisible, written as its
# named reference, which holds no `#` a heading would escape) after the first colon does, in
# every renderer
_SHORTCODE = re.compile(r":(?=[\w+-]+:)")
WORD_JOINER = "&NoBreak;"
# an address GitHub's autolinker would find in plain text; trailing punctuation is not part
# of it (GFM's rule), nor a `)` that closes a parenthesis opened before it, nor an entity
_ADDRESS = re.compile(
    r"\b(?:https?://|www\.)(?:[^\s<>`\"\\&]|&(?!#?\w+;))*[^\s<>`\"\\&?!.,:;*_~'\)]"
)
_ADDRESS_END = re.compile(r"\)+")
_LINE_START = re.compile(r"[#>+\-=]|\d{1,9}(?=[.)])")
DATE_SEPARATOR = " · "


def render_md(doc: Document) -> bytes:
    chunks: list[str] = []
    for part in doc.parts():
        if isinstance(part, Section):
            chunks.append(_block(Heading(part.title)))
            chunks += [_block(b) for b in part.blocks]
        else:
            chunks.append(_block(part))
    return ("\n\n".join(c for c in chunks if c) + "\n").encode("utf-8")


def escape(text: str, addresses: bool = False) -> str:
    """Text that CommonMark shows literally: markup characters backslash-escaped; with
    `addresses`, a web address in it becomes a link to itself (outside links only)."""
    if not addresses:
        pieces = _SHORTCODE.split(text)  # each `:` that starts a shortcode, left out
        return (":" + WORD_JOINER).join(_SPECIAL.sub(lambda m: "\\" + m.group(), p) for p in pieces)
    out, start = [], 0
    for m in _ADDRESS.finditer(text):
        address = m.group()
        address += _closing(address, text[m.end() :])
        out += [escape(text[start : m.start()]), _autolink(address)]
        start = m.start() + len(address)
    out.append(escape(text[start:]))
    return glue(out)


def glue(parts: list[str]) -> str:
    """Pieces of Markdown joined; a `!` that would stand just before a link's `[` (its own
    or the next piece's), and so make the link an image, is escaped."""
    out: list[str] = []
    for part in parts:
        if part.startswith("[") and out and out[-1].endswith("!"):
            out[-1] = out[-1][:-1] + "\\!"
        out.append(part)
    return "".join(out)


def _closing(address: str, after: str) -> str:
    """The `)`s right after an address that close its own parentheses (`.../Rust_(lang)`)."""
    run = _ADDRESS_END.match(after)
    opened = address.count("(") - address.count(")")
    return ")" * min(opened, len(run.group())) if run and opened > 0 else ""


def _autolink(address: str) -> str:
    """`<https://a.org/my_page>` (shown exactly as written, no escapes inside), or for a
    `www.` address, which is not an autolink without its scheme, `[www...](http://www...)`."""
    if address.startswith("www."):
        return f"[{escape(address)}]({_target('http://' + address)})"
    return f"<{address}>"


def inline(text: Rich) -> str:
    """Spans as Markdown: emphasis where it will parse back, links as `[label](<url>)`."""
    spans = [s for s in text.spans if s.text]
    pieces = [_span(spans, i) for i in range(len(spans))]
    out = []
    for url, group in groupby(zip(spans, pieces, strict=True), key=lambda p: p[0].url):
        inner = glue([piece for _, piece in group])
        out.append(f"[{inner}]({_target(url)})" if url else inner)
    return glue(out)


def _target(url: str) -> str:
    """A link destination; in angle brackets when parentheses could end it early."""
    url = url.replace("\\", "%5C").replace("<", "%3C").replace(">", "%3E")
    return f"<{url}>" if any(c in url for c in "() ") else url


def _span(spans: list[Span], i: int) -> str:
    span = spans[i]
    text = escape(span.text, addresses=span.url is None)
    marker = "*" * (2 * span.bold + span.italic)
    if not marker:
        return text
    core = span.text.strip()
    if not core or not _can_emphasise(spans, i, core):
        return text
    lead = span.text[: len(span.text) - len(span.text.lstrip())]
    trail = span.text[len(span.text.rstrip()) :]
    return f"{lead}{marker}{escape(core, addresses=span.url is None)}{marker}{trail}"


def _can_emphasise(spans: list[Span], i: int, core: str) -> bool:
    """Will `**core**` be read as emphasis here (CommonMark's left/right-flanking rules),
    without merging with a neighbour's own emphasis markers?"""
    span = spans[i]
    before = spans[i - 1] if i else None
    after = spans[i + 1] if i + 1 < len(spans) else None
    lead_space = span.text[:1].isspace()
    trail_space = span.text[-1:].isspace()
    if before and (before.bold or before.italic) and not lead_space:
        return False
    if after and (after.bold or after.italic) and not trail_space:
        return False
    if before and before.url != span.url:
        prev_char = "]"  # the link's closing bracket or its opening one
    else:
        prev_char = " " if lead_space or not before else before.text[-1]
    if after and after.url != span.url:
        next_char = "["
    else:
        next_char = " " if trail_space or not after else after.text[0]
    opens = not _punct(core[0]) or _space_or_punct(prev_char)
    closes = not _punct(core[-1]) or _space_or_punct(next_char)
    return opens and closes


def _punct(char: str) -> bool:
    return unicodedata.category(char)[0] in "PS"


def _space_or_punct(char: str) -> bool:
    return char.isspace() or _punct(char)


def _block(block: Block) -> str:
    if isinstance(block, Heading):
        # `#` escaped too: a title ending in ` #` would lose it as a closing sequence
        return "#" * block.level + " " + escape(block.text).replace("#", "\\#")
    if isinstance(block, Para):
        return "\\\n".join(_line(line) for line in block.lines)
    if isinstance(block, Entry):
        head = _line(block.title)
        if block.dates:
            head += DATE_SEPARATOR + escape(block.dates.text)
        return head + ("\\\n" + _line(block.sub) if block.sub else "")
    if isinstance(block, Bullets):
        return "\n".join(_list(block))
    rows = []
    for row in block.rows:
        label = row.label if row.label is not None else (row.dates.text if row.dates else "")
        head = (Span(label, bold=True), Span(": ")) if label.strip() else ()
        rows.append("- " + _line(Rich((*head, *row.text.spans))))
    return "\n".join(rows)


def _list(block: Bullets, indent: str = "") -> list[str]:
    """A Markdown list: numbered when its markers count up from one number (Markdown renumbers
    any other list, so there the written marker, escaped, starts a bulleted item); a nested
    list indented to its parent's text."""
    out = []
    numbered = block.numbered()
    for i, item in enumerate(block.items):
        marker = block.marker(i)
        if numbered and marker:
            head = marker + " "
        else:
            head = "- " + (_line(Rich((Span(marker),))) + " " if marker else "")
        out.append(indent + head + _line(item))
        sub = block.sub(i)
        if sub:
            out += _list(sub, indent + " " * (len(marker) + 1 if numbered and marker else 2))
    return out


def _line(text: Rich) -> str:
    """One line of a block: inline Markdown that cannot start a new block."""
    out = inline(text).lstrip(" ")
    match = _LINE_START.match(out)
    if match:
        cut = match.end()
        out = out[:cut] + "\\" + out[cut:] if match.group().isdigit() else "\\" + out
    return out
