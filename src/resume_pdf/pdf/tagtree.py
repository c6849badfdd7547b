"""The structure tree's elements, and the finished tree written as PDF objects (part of
stage 7, render).

In: the tree pdf/tags.py grew while the canvas drew (`Node`s holding MCIDs, link
annotations and other nodes) and its ParentTree keys. Out, on the document's catalog: the
StructTreeRoot with its ParentTree and RoleMap, one compact dictionary per element in
reading order, MarkInfo and the XMP packet that declares PDF/UA-1. Flowables never use
this module: they say what they draw through tags.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol

from reportlab.pdfbase.pdfdoc import (
    XMP,
    PDFArray,
    PDFDictionary,
    PDFName,
    PDFObjectReference,
    PDFString,
    PDFtrue,
)
from reportlab.pdfbase.pdfdoc import format as pdf_format

from .markup import escape  # not xml.sax.saxutils: it imports urllib.request

ROLE_MAP = {"Strong": "Span", "Em": "Span"}  # PDF 2.0's inline types, as PDF 1.7 knows them
PLAIN_ROLES = {"H1", "H2", "H3", "H4", "H5", "H6", "Lbl"}  # their weight is their role's


class Node:
    """An element of the tree as it grows (compared by identity)."""

    __slots__ = ("role", "parent", "kids", "alt", "lang", "order", "ref", "obj")

    def __init__(
        self,
        role: str,
        parent: Node | None,
        *,
        alt: str | None = None,
        lang: str | None = None,
        order: float = 0.0,
    ) -> None:
        self.role, self.parent = role, parent
        self.kids: list[Any] = []  # Node, (page, mcid) or Annotation
        self.alt, self.lang, self.order = alt, lang, order
        self.ref: Any = None
        self.obj: Any = None


class Annotation:
    __slots__ = ("ref", "page", "text")

    def __init__(self, ref: Any, page: int, text: str = "") -> None:
        self.ref = ref  # the annotation's reference
        self.page = page
        self.text = text  # its visible text (its Contents)


def _ordered(root: Node) -> list[Node]:
    """The Document's children in reading order, which is drawing order: the parts as
    they were first drawn (a sidebar's panel, name, contact and its sections, before the
    main column, as every text extractor and ATS reads the page; a reader of the tags that
    walked another order would be sent back and forth across the page, and checkers such
    as outloud flag it), a part without a role giving its children in its place."""
    out: list[Node] = []
    for part in root.kids:
        if part.role:
            out.append(part)
        else:
            for kid in part.kids:
                kid.parent = root
                out.append(kid)
    return out


class Tree(Protocol):
    """What the tree is written from: the tags' tree grown while the pages were drawn
    (pdf/tags.py's Tagger), each MCID's leaf per page, the annotations' holders."""

    root: Node
    mcids: dict[int, list[Node]]
    page_keys: dict[int, int]
    annotations: list[tuple[int, Node]]
    next_key: int
    title: str
    author: str


def write_tree(tagger: Tree, doc: Any) -> None:
    """The StructTreeRoot and everything that points into it, on `doc`'s catalog."""
    tagger.root.kids = [n for n in _ordered(tagger.root) if _marks(n)]
    refs = _register(tagger.root, doc)
    nums: list[Any] = []
    entries: dict[int, Any] = {}
    for page, leaves in tagger.mcids.items():
        entries[tagger.page_keys[page]] = PDFArray([leaf.ref for leaf in leaves])
    for key, holder in tagger.annotations:
        entries[key] = holder.ref
    for key in sorted(entries):
        nums += [key, entries[key]]
    parent_tree = PDFDictionary({"Nums": PDFArray(nums)})
    entries = {
        "Type": PDFName("StructTreeRoot"),
        "K": refs,
        "ParentTree": doc.Reference(parent_tree),
        "ParentTreeNextKey": tagger.next_key,
    }
    used = {n.role for n in _nodes(tagger.root)} & ROLE_MAP.keys()
    if used:  # PDF 2.0's types, for PDF 1.7 readers
        entries["RoleMap"] = PDFDictionary({r: PDFName(ROLE_MAP[r]) for r in sorted(used)})
    tree = doc.Reference(PDFDictionary(entries))
    _fill(tagger.root, tree)
    catalog = doc.Catalog
    catalog.StructTreeRoot = tree
    catalog.MarkInfo = PDFDictionary({"Marked": PDFtrue})
    catalog.Metadata = XMP(creator=lambda _doc: xmp(tagger.title, tagger.author))


def xmp(title: str, author: str) -> bytes:
    """The XMP packet: the title and author (as the Info dictionary has them) and the
    PDF/UA-1 claim. Kept minimal: every byte of it is in every PDF."""
    title, author = escape(title), escape(author)
    return (
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF '
        'xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
        '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" '
        'xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/"><pdfuaid:part>1</pdfuaid:part>'
        f'<dc:title><rdf:Alt><rdf:li xml:lang="x-default">{title}</rdf:li></rdf:Alt>'
        f"</dc:title><dc:creator><rdf:Seq><rdf:li>{author}</rdf:li></rdf:Seq></dc:creator>"
        "</rdf:Description></rdf:RDF></x:xmpmeta>"
    ).encode()


class Element(PDFDictionary):
    """A structure element's dictionary written without spaces or line breaks between its
    entries (`<</S /P/P 11 0 R/Pg 10 0 R/K 0>>`): a résumé has ~60 of them, and reportlab's
    roomier layout alone would add a kilobyte."""

    def format(self, document: Any, IND: bytes = b"") -> bytes:  # noqa: N803 (reportlab's name)
        entries = (
            pdf_format(PDFName(k), document) + b" " + pdf_format(v, document)
            for k, v in self.dict.items()
        )
        return b"<<" + b"".join(entries) + b">>"


def _nodes(node: Node) -> Iterator[Node]:
    yield node
    for kid in node.kids:
        if isinstance(kid, Node):
            yield from _nodes(kid)


def _marks(node: Node) -> bool:
    """Whether `node` holds drawn content (parts and containers left empty are dropped)."""
    node.kids = [k for k in node.kids if not isinstance(k, Node) or _marks(k)]
    return bool(node.kids)


def _register(node: Node, doc: Any) -> PDFObjectReference:
    """Every element an indirect object, parents before children (the numbering is the
    tree's order, so the same document gets the same bytes)."""
    node.obj = Element({})
    node.ref = doc.Reference(node.obj)
    for kid in node.kids:
        if isinstance(kid, Node):
            _register(kid, doc)
    return node.ref


def _page(page: int) -> PDFObjectReference:
    return PDFObjectReference(f"Page{page}")  # reportlab's name for the page's object


def _fill(node: Node, parent: Any) -> None:
    """The element's dictionary: role, parent, page, kids (MCIDs on its page as numbers,
    others as MCRs; annotations as OBJRs), alternative text and language."""
    obj = node.obj
    pages = [k[0] for k in node.kids if isinstance(k, tuple)]
    page = pages[0] if pages else None
    kids: list[Any] = []
    for kid in node.kids:
        if isinstance(kid, Node):
            kids.append(kid.ref)
            _fill(kid, node.ref)
        elif isinstance(kid, Annotation):
            kids.append(
                PDFDictionary({"Type": PDFName("OBJR"), "Obj": kid.ref, "Pg": _page(kid.page)})
            )
        elif kid[0] == page:
            kids.append(kid[1])
        else:
            kids.append(
                PDFDictionary({"Type": PDFName("MCR"), "Pg": _page(kid[0]), "MCID": kid[1]})
            )
    obj["S"] = PDFName(node.role)
    obj["P"] = parent
    if page is not None:
        obj["Pg"] = _page(page)
    obj["K"] = kids[0] if len(kids) == 1 else PDFArray(kids)
    alt = node.alt if node.alt is not None else _link_alt(node)
    if alt is not None:
        obj["Alt"] = PDFString(alt)
    if node.lang is not None:
        obj["Lang"] = PDFString(node.lang)


def _link_alt(node: Node) -> str | None:
    """A Link whose words are in its line's own marked content (a contact line: one
    sequence a line, for pdf.js) holds only its annotation: its alternative text is the
    link's visible text, so a reader of the tags (and checkers such as outloud) find the
    link's text on the Link itself."""
    if node.role != "Link" or any(not isinstance(k, Annotation) for k in node.kids):
        return None
    shown = dict.fromkeys(k.text for k in node.kids if k.text)
    return " ".join(shown) or None
