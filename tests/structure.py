"""Reading a tagged PDF's structure for the tests, with pikepdf, independently of the
builder: the structure tree as (role, children), the text of each marked-content sequence
(decoded through the fonts' ToUnicode maps), and the text shown outside any marked content.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pikepdf

TEXT_SHOWING = {"Tj", "TJ", "'", '"'}
NEW_LINE = {"T*", "Td", "TD", "Tm", "'", '"', "BT"}
INLINE_ROLES = {"Span", "Strong", "Em", "Link"}  # read on in their parent's line


@dataclass
class Elem:
    role: str
    kids: list[Elem | tuple[int, int] | str] = field(default_factory=list)  # str: "OBJR"
    alt: str | None = None
    lang: str | None = None
    contents: list[str] = field(default_factory=list)  # its annotations' /Contents

    def walk(self) -> list[Elem]:
        out = [self]
        for kid in self.kids:
            if isinstance(kid, Elem):
                out += kid.walk()
        return out

    def mcids(self) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = []
        for kid in self.kids:
            if isinstance(kid, Elem):
                out += kid.mcids()
            elif isinstance(kid, tuple):
                out.append(kid)
        return out

    def shape(self, depth: int = 0) -> str:
        """The tree as indented text: one element a line, its own text after it."""
        lines = ["  " * depth + self.role]
        for kid in self.kids:
            if isinstance(kid, Elem):
                lines.append(kid.shape(depth + 1))
        return "\n".join(lines)


@dataclass
class Tagged:
    pdf: pikepdf.Pdf
    root: Elem
    texts: dict[tuple[int, int], str]  # (page index, MCID) -> the text shown in it
    glyphs: dict[tuple[int, int], str]  # the same, its glyphs alone (no space at a line move)
    spans: dict[tuple[int, int], tuple[int, int]]  # its first and last text operator
    unmarked: list[str]  # text shown outside any marked content, per operator
    artifacts: list[str]  # text shown inside artifacts
    artifact_paths: int  # path-painting operators inside artifacts
    unmarked_paths: int  # path-painting operators outside any marked content
    unbalanced: list[str]  # where marked content is not nested right (a BDC left open)
    painted: dict[tuple[int, int], int]  # (page, MCID) -> where its BDC is in the page's stream

    def text(self, elem: Elem) -> str:
        return self._joined(elem.mcids())

    def words(self, elem: Elem | None = None) -> str:
        """The tree's text in its order (a screen reader's order)."""
        return self._joined((elem or self.root).mcids())

    def spoken(self, elem: Elem | None = None) -> str:
        """The tree's text as poppler reads it (`pdfinfo -struct-text`) and a screen
        reader hears it: each sequence's glyphs as drawn, nothing added at a line's end
        (a soft line break with no space glyph glues its two words), an inline element's
        text run into its parent's, each other element apart."""
        return re.sub(r"\s+", " ", self._spoken(elem or self.root)).strip()

    def _spoken(self, elem: Elem) -> str:
        out = ""
        for kid in elem.kids:
            if isinstance(kid, Elem):
                inline = kid.role in INLINE_ROLES
                out += self._spoken(kid) if inline else f"\n{self._spoken(kid)}\n"
            elif isinstance(kid, tuple):
                out += self.glyphs.get(kid, "")
        return out

    def _joined(self, mcids: list[tuple[int, int]]) -> str:
        """The sequences' texts, each apart from the one before by a space unless it goes
        on where that one stopped (a bold word inside a line: "AOTInductor" then ", ")."""
        out, last = "", None
        for m in mcids:
            span = self.spans.get(m)
            close = last is not None and span is not None and last == (m[0], span[0] - 1)
            out += ("" if close or not out else " ") + self.texts.get(m, "")
            last = (m[0], span[1]) if span is not None else None
        return re.sub(r"\s+", " ", out).strip()


def read(path: Path | str) -> Tagged:
    pdf = pikepdf.open(path)
    pages = {p.objgen: i for i, p in enumerate(pdf.pages)}
    tree = pdf.Root.StructTreeRoot
    root = _elem(tree.K, pages, None)
    texts: dict[tuple[int, int], str] = {}
    glyphs: dict[tuple[int, int], str] = {}
    unbalanced: list[str] = []
    painted: dict[tuple[int, int], int] = {}
    spans: dict[tuple[int, int], tuple[int, int]] = {}
    unmarked: list[str] = []
    artifacts: list[str] = []
    counts = [0, 0]
    for i, page in enumerate(pdf.pages):
        _page_texts(
            page, i, (texts, glyphs, painted), spans, unmarked, artifacts, counts, unbalanced
        )
    return Tagged(
        pdf, root, texts, glyphs, spans, unmarked, artifacts, counts[0], counts[1], unbalanced,
        painted,
    )  # fmt: skip


def _elem(obj: Any, pages: dict[Any, int], page: int | None) -> Elem:
    if "/Pg" in obj:
        page = pages[obj.Pg.objgen]
    elem = Elem(str(obj.S)[1:], alt=_str(obj.get("/Alt")), lang=_str(obj.get("/Lang")))
    kids = obj.get("/K")
    items = list(kids) if isinstance(kids, pikepdf.Array) else [kids]
    for kid in items:
        if isinstance(kid, pikepdf.Dictionary):
            kind = kid.get("/Type")
            if kind == pikepdf.Name.OBJR:
                elem.kids.append("OBJR")
                elem.contents.append(_str(kid.Obj.get("/Contents")) or "")
            elif kind == pikepdf.Name.MCR:
                elem.kids.append((pages[kid.Pg.objgen], int(kid.MCID)))
            else:
                elem.kids.append(_elem(kid, pages, page))
        elif kid is not None:
            assert page is not None, f"an MCID of {elem.role} without a page"
            elem.kids.append((page, int(kid)))
    return elem


def _str(value: Any) -> str | None:
    return None if value is None else str(value)


def _cmap(font: Any) -> dict[int, str]:
    """A font's ToUnicode map (bfchar and bfrange), single-byte codes as reportlab writes."""
    data = font.ToUnicode.read_bytes().decode("latin-1")
    out: dict[int, str] = {}
    for block in re.findall(r"beginbfchar(.*?)endbfchar", data, re.S):
        for src, dst in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            out[int(src, 16)] = bytes.fromhex(dst).decode("utf-16-be")
    for block in re.findall(r"beginbfrange(.*?)endbfrange", data, re.S):
        for a, b, dst in re.findall(r"<(\w+)>\s*<(\w+)>\s*<(\w+)>", block):
            start = int(dst, 16)
            for n, code in enumerate(range(int(a, 16), int(b, 16) + 1)):
                out[code] = chr(start + n)
    return out


def _decode(raw: bytes, cmap: dict[int, str] | None) -> str:
    if cmap is None:
        return raw.decode("latin-1")
    return "".join(cmap.get(b, "\ufffd") for b in raw)


def _page_texts(
    page: Any,
    index: int,
    out: tuple[dict[tuple[int, int], str], dict[tuple[int, int], str], dict[Any, int]],
    spans: dict[tuple[int, int], tuple[int, int]],
    unmarked: list[str],
    artifacts: list[str],
    counts: list[int],
    unbalanced: list[str],
) -> None:
    texts, glyphs, painted = out
    fonts = page.Resources.get("/Font", {})
    cmaps: dict[str, dict[int, str] | None] = {}
    stack: list[tuple[str, int | None]] = []  # (tag, MCID)
    cmap: dict[int, str] | None = None
    event = -1  # text operators (and BT) on the page, counted
    opened_in_text: int | None = None  # the depth of marked content at BT
    for at, (operands, op) in enumerate(pikepdf.parse_content_stream(page)):
        name = str(op)
        if name in ("BDC", "BMC"):
            tag = str(operands[0])[1:]
            mcid = None
            if name == "BDC" and isinstance(operands[1], pikepdf.Dictionary):
                mcid = int(operands[1].MCID) if "/MCID" in operands[1] else None
                if mcid is not None:
                    painted[index, mcid] = at
            stack.append((tag, mcid))
        elif name == "EMC":
            if not stack or (opened_in_text is not None and len(stack) <= opened_in_text):
                unbalanced.append(f"page {index + 1}: an EMC that closes nothing open here")
            if stack:
                stack.pop()
        elif name == "BT":
            opened_in_text = len(stack)
        elif name == "ET":
            if opened_in_text is not None and len(stack) != opened_in_text:
                unbalanced.append(f"page {index + 1}: marked content {stack[-1]} left open at ET")
            opened_in_text = None
        elif name == "Tf":
            key = str(operands[0])
            if key not in cmaps:
                font = fonts.get(key)
                cmaps[key] = _cmap(font) if font is not None and "/ToUnicode" in font else None
            cmap = cmaps[key]
        elif name in ("S", "s", "f", "F", "f*", "B", "B*", "b", "b*"):
            if any(tag == "Artifact" for tag, _ in stack):
                counts[0] += 1
            elif not stack:
                counts[1] += 1
        if name in NEW_LINE or name in TEXT_SHOWING:
            event += 1
            shown = ""
            if name == "TJ":
                shown = "".join(
                    _decode(bytes(x), cmap) for x in operands[0] if isinstance(x, pikepdf.String)
                )
            elif name in TEXT_SHOWING:
                shown = _decode(bytes(operands[-1]), cmap)
            where = next((m for _, m in reversed(stack) if m is not None), None)
            artifact = any(tag == "Artifact" for tag, _ in stack)
            gap = " " if name in NEW_LINE else ""
            if artifact:
                artifacts.append(gap + shown)
            elif where is not None:
                key = (index, where)
                texts[key] = texts.get(key, "") + gap + shown
                glyphs[key] = glyphs.get(key, "") + shown
                spans[key] = (spans.get(key, (event, event))[0], event)
            elif name in TEXT_SHOWING:
                unmarked.append(shown)
    if stack:
        unbalanced.append(f"page {index + 1}: marked content {stack} open at the page's end")
