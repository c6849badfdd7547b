"""`--verify`'s reading of the tags (pdf/tags.py) as a screen reader meets them: every text
run in a tagged element or an artifact, the structure tree's reading order the source's,
every link annotation held by a /Link, the photo's alternative text. The marked content is
read from the page streams through the fonts' ToUnicode maps, as an assistive technology
would, not from pypdf's text extraction.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..errors import Problem, quote_all
from ..text.bidi import has_rtl, levels, visual_order
from .words import lcs_len, tokens


def check_structure(
    reader: object,
    fields: list[str],
    titles: list[str],
    split: Callable[[str], list[str]] = tokens,
    text_layer: str = "",
) -> list[Problem]:
    """The structure tree read in its order: each field's words in order, the sections in
    the résumé's order or in the order the `text_layer` reads them (a sidebar's panel
    drawn first) (of those the text layer holds: what it lost is reported once); no
    text outside tags and artifacts; links and the photo tagged."""
    root = reader.trailer["/Root"]  # type: ignore[attr-defined]
    tree = root.get("/StructTreeRoot")
    if tree is None or str(root.get("/MarkInfo", {}).get("/Marked")) != "True":
        return [Problem("the PDF is not tagged: no structure tree for a screen reader")]
    pages = {p.indirect_reference.idnum: i for i, p in enumerate(reader.pages)}  # type: ignore[attr-defined]
    order: list[tuple[int, int]] = []
    held = [0, 0]  # link annotations held by a /Link; figures without alternative text
    _walk(tree["/K"], None, pages, order, held)
    texts, spans, loose = _marked_texts(reader)
    problems = []
    if loose:
        problems.append(Problem(f"{loose} text run(s) outside any tagged element or artifact"))
    annots = [
        a.get_object()
        for page in reader.pages  # type: ignore[attr-defined]
        for a in page.get("/Annots") or []
        if a.get_object().get("/Subtype") == "/Link"
    ]
    if held[0] < len(annots) or any("/StructParent" not in a for a in annots):
        problems.append(Problem(f"{len(annots) - held[0]} link(s) not held by a /Link element"))
    if held[1]:
        problems.append(Problem("the photo's /Figure has no alternative text"))
    # each line read right to left and left to right: a line of a left-to-right paragraph
    # that holds Arabic (`Languages: العربية, हिन्दी, English`) is no right-to-left line
    readings = [_reading(order, spans, texts, rtl) for rtl in (True, False)]
    found = split(re.sub(r"(?<=\w-)\n(?=\w)", "", readings[0]))  # as the text layer's check
    other = split(re.sub(r"(?<=\w-)\n(?=\w)", "", readings[1]))
    lost = [
        t
        for t in fields
        if split(t) and min(len(split(t)) - lcs_len(split(t), f) for f in (found, other))
    ]
    if lost:
        shown = quote_all(lost[:5])
        problems.append(Problem(f"not in the structure tree's reading order: {shown}"))
    heads = [t for title in titles for t in split(title)]
    drawn = _drawn_order(titles, split(text_layer), split) if text_layer else titles
    if heads and lcs_len(heads, found) < len(heads) and drawn != _drawn_order(titles, found, split):
        problems.append(Problem("the structure tree reads the sections out of the résumé's order"))
    return problems


def _drawn_order(
    titles: list[str], words: list[str], split: Callable[[str], list[str]]
) -> list[str]:
    """`titles` in the order `words` first hold each (a sidebar's panel, drawn first,
    reads its sections before the main column's: the tree may read them so too)."""

    def at(title: str) -> int:
        run = split(title)
        starts = (i for i in range(len(words)) if words[i : i + len(run)] == run)
        return next(starts, len(words))

    return sorted(titles, key=at)


def _reading(order: list, spans: dict, texts: dict, rtl: bool) -> str:
    """The marked content in the tree's order, each line holding right-to-left text put
    back in reading order as a line of a right-to-left (`rtl`) or left-to-right paragraph;
    a run that goes on where the one before stopped joins it (a bold word)."""
    text, last = "", None
    for m in order:
        span = spans.get(m)
        close = last is not None and span is not None and last == (m[0], span[0] - 1)
        text += ("" if close or not text else "\n") + _logical(texts.get(m, ""), rtl)
        last = (m[0], span[1]) if span is not None else None
    return text


def _logical(text: str, rtl: bool = True) -> str:
    """Right-to-left glyphs stand in visual order, a line one text object (pdf/rtl.py):
    each such line put back in reading order, as PDFium does."""
    if not has_rtl(text):
        return text
    lines = text.split("\n")
    return "\n".join(
        "".join(line[i] for i in visual_order(levels(line, rtl))) if has_rtl(line) else line
        for line in lines
    )


def _walk(node: object, page: int | None, pages: dict, order: list, held: list[int]) -> None:
    """The MCIDs (page, MCID) under `node` in the tree's order."""
    node = node.get_object()  # type: ignore[attr-defined]
    if "/Pg" in node:
        page = pages.get(node["/Pg"].indirect_reference.idnum)
    kids = node.get("/K")
    for kid in kids if isinstance(kids, list) else [kids]:
        if isinstance(kid, int):
            order.append((page, int(kid)))
            continue
        obj = kid.get_object() if kid is not None else {}
        if not isinstance(obj, dict):
            continue
        kind = obj.get("/Type")
        if kind == "/MCR":
            order.append((pages.get(obj["/Pg"].indirect_reference.idnum), int(obj["/MCID"])))
        elif kind == "/OBJR":
            held[0] += node.get("/S") == "/Link"
        elif "/S" in obj:
            _walk(obj, page, pages, order, held)
    if node.get("/S") == "/Figure" and not str(node.get("/Alt", "")).strip():
        held[1] += 1


def _marked_texts(
    reader: object,
) -> tuple[dict[tuple[int, int], str], dict[tuple[int, int], tuple[int, int]], int]:
    """The text of each marked-content sequence, (page, MCID) -> text, decoded through the
    fonts' ToUnicode maps; the first and last text operator of each (counted per page);
    and how many text runs are outside any marked content."""
    from pypdf.generic import ContentStream

    texts: dict[tuple[int, int], str] = {}
    spans: dict[tuple[int, int], tuple[int, int]] = {}
    loose = 0
    for index, page in enumerate(reader.pages):  # type: ignore[attr-defined]
        fonts = page["/Resources"].get("/Font", {})
        stack: list[int | None] = []
        cmap: dict[int, str] = {}
        event = -1
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            if op in (b"BDC", b"BMC"):
                props = operands[1] if op == b"BDC" else None
                artifact = operands[0] == "/Artifact"
                stack.append(-1 if artifact else (props or {}).get("/MCID"))
            elif op == b"EMC" and stack:
                stack.pop()
            elif op == b"Tf":
                cmap = _to_unicode(fonts.get(operands[0]))
            elif op in (b"Tj", b"TJ", b"'", b'"', b"T*", b"Td", b"BT"):
                event += 1
                raw = operands[0] if op == b"TJ" else operands[-1:] if op != b"T*" else []
                shown = "".join(
                    "".join(cmap.get(b, "") for b in x.get_original_bytes())  # codes, not PDFDoc
                    if isinstance(x, str)
                    else "".join(cmap.get(b, "") for b in x)
                    if isinstance(x, bytes)
                    else ""
                    for x in raw
                )
                mcid = next((m for m in reversed(stack) if m is not None), None)
                if mcid is None and op in (b"Tj", b"TJ", b"'", b'"'):
                    loose += 1
                elif mcid is not None and mcid >= 0:
                    gap = "\n" if op in (b"T*", b"Td", b"BT") else ""
                    key = (index, int(mcid))
                    texts[key] = texts.get(key, "") + gap + shown
                    spans[key] = (spans.get(key, (event, event))[0], event)
    return texts, spans, loose


def _to_unicode(font: object) -> dict[int, str]:
    """A font's ToUnicode map, single-byte codes as reportlab writes them."""
    if font is None or "/ToUnicode" not in font.get_object():  # type: ignore[attr-defined]
        return {}
    data = font.get_object()["/ToUnicode"].get_data().decode("latin-1")  # type: ignore[attr-defined]
    out: dict[int, str] = {}
    for block in re.findall(r"beginbfchar(.*?)endbfchar", data, re.S):
        for src, dst in re.findall(r"<(\w+)>\s*<(\w+)>", block):
            out[int(src, 16)] = bytes.fromhex(dst).decode("utf-16-be", "replace")
    for block in re.findall(r"beginbfrange(.*?)endbfrange", data, re.S):
        for a, b, dst in re.findall(r"<(\w+)>\s*<(\w+)>\s*<(\w+)>", block):
            for n, code in enumerate(range(int(a, 16), int(b, 16) + 1)):
                out[code] = chr(int(dst, 16) + n)
    return out
