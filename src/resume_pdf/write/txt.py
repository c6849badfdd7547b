"""Document -> plain text, made to paste into a job portal's form.

Section titles in capitals, an entry's dates on its title line, bullets as `- ` (numbers as
written, nested items indented two spaces), each
paragraph on one line (a form wraps it), links as `label: url` (the address alone when the
label already is the address) so that a portal stripping HTML tags keeps them, a project's
link after its title (` · label: url`, in the PDF's order), ASCII `-` in date ranges, UTF-8
with a final newline.
"""

from __future__ import annotations

from ..text.inline import Rich
from .document import Block, Bullets, Document, Entry, Heading, Para, Section, link_adds

TITLE_DATES = " | "
LINK_SEPARATOR = " · "  # a project's title and its link, as the PDF separates them
ARROWS = str.maketrans({"→": "-"})  # `2023 → now`: an arrow some forms turn into `?`
LINK_POINTERS = " \u00a0→↗›»"  # a label's trailing arrow points at the link; `: url` does


def render_txt(doc: Document) -> bytes:
    lines: list[str] = []
    for block in doc.header:  # name, headline, contact: one line each, no gaps
        lines += _lines(block)
    in_entry = False  # an entry's paragraphs and bullets follow its title line directly
    for part in (*doc.side, *doc.main):
        if isinstance(part, Section):
            lines += ["", part.title.upper()]
            blocks, in_entry = part.blocks, False
        else:
            blocks = (part,)
        for block in blocks:
            if not (in_entry and isinstance(block, Para | Bullets)):
                lines.append("")
            in_entry = isinstance(block, Entry) or (in_entry and isinstance(block, Para | Bullets))
            lines += _lines(block)
    return ("\n".join(lines).strip("\n") + "\n").encode("utf-8")


def inline(text: Rich) -> str:
    """The visible text, with `: url` after a link whose address says more than its label
    (never `<url>`, which a portal stripping tags deletes whole)."""
    out = []
    for span in text.spans:
        if span.url and link_adds(span.text, span.url):  # `See the PRs →` -> `See the PRs: `
            label = span.text.rstrip(LINK_POINTERS)
            out.append(f"{label}: {span.url}" if label else span.url)
        else:
            out.append(span.text)
    return "".join(out)


def _entry(block: Entry) -> list[str]:
    """`Title | dates`, then the subtitle; a project's link between title and dates as the
    PDF reads it (`Bytecode VM · Source: https://… | 2020 - 2021`), set apart by the PDF's
    `·` instead of the layout's two spaces."""
    spans, link = block.title.spans, ""
    if len(spans) > 2 and spans[-1].url and not spans[-2].url and not spans[-2].text.strip():
        spans, link = spans[:-2], LINK_SEPARATOR + inline(Rich(spans[-1:]))
    dates = TITLE_DATES + block.dates.text.translate(ARROWS) if block.dates else ""
    sub = [inline(block.sub)] if block.sub else []
    return [inline(Rich(spans)) + link + dates, *sub]


def _list(block: Bullets, indent: str = "") -> list[str]:
    """`- item`, or its marker as written (`3. item`); a nested item indented under it."""
    out = []
    for i, item in enumerate(block.items):
        out.append(f"{indent}{block.marker(i) or '-'} {inline(item)}")
        sub = block.sub(i)
        out += _list(sub, indent + "  ") if sub else []
    return out


def _lines(block: Block) -> list[str]:
    if isinstance(block, Heading):
        return [block.text.upper() if block.level == 2 else block.text]
    if isinstance(block, Para):
        return [inline(line) for line in block.lines]
    if isinstance(block, Entry):
        return _entry(block)
    if isinstance(block, Bullets):
        return _list(block)
    out = []
    for row in block.rows:
        dates = row.dates.text.translate(ARROWS) if row.dates else ""
        label = row.label if row.label is not None else dates
        out.append(f"{label}: {inline(row.text)}" if label else inline(row.text))
    return out
