"""Tags: the structure tree of a tagged PDF (PDF/UA-1) and the marked content that ties a
page's drawing to it (part of stage 7, render).

Flowables say *what* they draw, never how it is written: `with element(canv, ("L", "LI*",
"Lbl")): ...` around a bullet's glyph, `with artifact(canv): ...` around a rule. This module
numbers the marked-content sequences (MCIDs) of each page, grows the tree as things are
drawn and, when the canvas is saved, writes the StructTreeRoot, its ParentTree, the pages'
StructParents and Tabs, the link annotations' StructParent and Contents, MarkInfo and the
XMP packet that declares PDF/UA-1.

A *path* names an element and the containers it sits in, outermost first: ("L", "LI*",
"LBody"). A container is reused when it is the last thing its parent holds, so bullets
drawn one after another share one list; a starred one is always new (one LI per bullet).
The last role is the leaf: its drawing is one marked-content sequence. A *part* is a
top-level piece with a logical position (the header, the summary, each section): the tree
reads parts in that order, whatever order they are drawn in (a sidebar is drawn first).
Text drawn outside any element becomes a P of its own, so nothing is left unmarked.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

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

from ..text.markup import escape  # not xml.sax.saxutils: it imports urllib.request
from ..text.scripts import script_lang
from ..values import value

if TYPE_CHECKING:
    from .runs import Runs

Path = tuple[str, ...]
HEADER, SUMMARY = 0.0, 1.0  # the parts' logical positions; sections follow from 2 on
DEFAULT: Path = ("P",)
HEADING: Path = ("H2",)
ROLE_MAP = {"Strong": "Span", "Em": "Span"}  # PDF 2.0's inline types, as PDF 1.7 knows them
PLAIN_ROLES = {"H1", "H2", "H3", "H4", "H5", "H6", "Lbl"}  # their weight is their role's


@value
class Part:
    """A top-level piece of the tree: its place in reading order, and its role (None: its
    elements sit directly in the Document)."""

    order: float
    role: str | None = None


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
    __slots__ = ("ref", "page")

    def __init__(self, ref: Any, page: int) -> None:
        self.ref = ref  # the annotation's reference
        self.page = page


def tagged(flowable: Any, *path: str, part: Part | None = None, alt: str | None = None) -> Any:
    """`flowable`, told what it draws (its path, the part it starts, an alternative text)."""
    if path:
        flowable.tag_path = path
    if part is not None:
        flowable.tag_part = part
    if alt is not None:
        flowable.tag_alt = alt
    return flowable


def path_of(flowable: Any, default: Path = DEFAULT) -> Path:
    return getattr(flowable, "tag_path", None) or default


class Tagger:
    """The tree of one document, grown as its canvas draws."""

    def __init__(self, lang: str = "en") -> None:
        self.root = Node("Document", None)
        self.lang = lang
        self.parts: dict[tuple[float, str | None], Node] = {}
        self.current: dict[str, Node] = {}  # stream -> its open part
        self.stream = "main"
        self.leaf: Node | None = None  # the element whose marked content is open
        self.code: list[str] | None = None  # where the open sequence was begun
        self.artifacts = 0  # depth of open artifacts
        self.mcids: dict[int, list[Node]] = {}  # page -> the leaf of each MCID
        self.keys: dict[Any, Node] = {}  # leaves continued across a split
        self.next_key = 0  # the ParentTree's keys: annotations and pages, as they come
        self.page_keys: dict[int, int] = {}
        self.annotations: list[tuple[int, Node]] = []
        self.then: tuple[str, Any, str | None, Runs | None] | None = None  # (role, key, lang, runs)
        self.line_links: list[tuple[str, Node]] = []  # a line's Links, for its annotations
        self.link_texts: dict[str, str] = {}
        self.title = self.author = ""

    # --- growing the tree

    def open_part(self, part: Part) -> None:
        key = (part.order, part.role)
        node = self.parts.get(key)
        if node is None:
            node = self.parts[key] = Node(part.role or "", self.root, order=part.order)
            self.root.kids.append(node)
        self.current[self.stream] = node

    def _parent(self) -> Node:
        part = self.current.get(self.stream)
        if part is None:
            self.open_part(Part(HEADER))
            part = self.current[self.stream]
        return part

    def place(self, path: Path, key: Any = None) -> Node:
        """The leaf for `path` (made, with the containers it lacks), or the one `key` holds."""
        if key is not None and key in self.keys:
            return self.keys[key]
        parent = self._parent()
        for role in path[:-1]:
            fresh = role.endswith("*")
            role = role.rstrip("*")
            last = parent.kids[-1] if parent.kids else None
            if fresh or not (isinstance(last, Node) and last.role == role):
                last = Node(role, parent)
                parent.kids.append(last)
            parent = last
        leaf = Node(path[-1].rstrip("*"), parent)
        parent.kids.append(leaf)
        if key is not None:
            self.keys[key] = leaf
        return leaf

    # --- marked content

    def begin(self, leaf: Node, page: int, code: list[str]) -> None:
        mcids = self.mcids.setdefault(page, [])
        leaf.kids.append((page, len(mcids)))
        code.append(f"/{leaf.role} <</MCID {len(mcids)}>> BDC")
        mcids.append(leaf)
        self.leaf, self.code = leaf, code

    def switch(self, page: int, code: list[str]) -> None:
        """The open leaf ends; its sibling named by `then` begins (a bullet's body)."""
        assert self.then is not None and self.leaf is not None
        (role, key, lang, runs), parent = self.then, self.leaf.parent
        self.then = None
        self.end()
        leaf = Node(role, parent, lang=lang)
        assert parent is not None
        parent.kids.append(leaf)
        if key is not None:
            self.keys[key] = leaf
        if runs is None:
            self.begin(leaf, page, code)
        else:  # its text object marks its runs
            self.leaf, self.code = leaf, None

    def end(self) -> None:
        if self.code is not None:
            self.code.append("EMC")
        self.leaf = self.code = None

    def annotate(self, annotation: PDFDictionary, ref: Any, page: int) -> None:
        """A link annotation: its StructParent, its Contents, and a Link holding it."""
        uri = annotation["A"]["URI"] if "A" in annotation.dict else None
        url = getattr(uri, "s", "") if uri is not None else ""
        shown = self.link_texts.get(url) or url
        annotation["Contents"] = PDFString(shown)
        key = self.next_key
        self.next_key += 1
        annotation["StructParent"] = key
        holder = next((n for u, n in self.line_links if u == url), None)
        if holder is not None:  # a link in a paragraph: the Link holding its words
            self.line_links = [(u, n) for u, n in self.line_links if n is not holder]
        else:
            holder = self.leaf or self.place(("P",))
        if holder.role != "Link":
            link = Node("Link", holder)
            holder.kids.append(link)
            holder = link
        holder.kids.append(Annotation(ref, page))
        self.annotations.append((key, holder))

    def page_key(self, page: int) -> int:
        key = self.page_keys[page] = self.next_key
        self.next_key += 1
        return key

    # --- the finished tree

    def ordered(self) -> list[Node]:
        """The Document's children in reading order: parts by position (stable), with a
        part without a role giving its children in its place."""
        out: list[Node] = []
        for part in sorted(self.root.kids, key=lambda n: n.order):
            if part.role:
                out.append(part)
            else:
                for kid in part.kids:
                    kid.parent = self.root
                    out.append(kid)
        return out

    def write(self, doc: Any) -> None:
        """The StructTreeRoot and everything that points into it, on `doc`'s catalog."""
        self.root.kids = [n for n in self.ordered() if _marks(n)]
        refs = _register(self.root, doc)
        nums: list[Any] = []
        entries: dict[int, Any] = {}
        for page, leaves in self.mcids.items():
            entries[self.page_keys[page]] = PDFArray([leaf.ref for leaf in leaves])
        for key, holder in self.annotations:
            entries[key] = holder.ref
        for key in sorted(entries):
            nums += [key, entries[key]]
        parent_tree = PDFDictionary({"Nums": PDFArray(nums)})
        entries = {
            "Type": PDFName("StructTreeRoot"),
            "K": refs,
            "ParentTree": doc.Reference(parent_tree),
            "ParentTreeNextKey": self.next_key,
        }
        used = {n.role for n in _nodes(self.root)} & ROLE_MAP.keys()
        if used:  # PDF 2.0's types, for PDF 1.7 readers
            entries["RoleMap"] = PDFDictionary({r: PDFName(ROLE_MAP[r]) for r in sorted(used)})
        tree = doc.Reference(PDFDictionary(entries))
        _fill(self.root, tree)
        catalog = doc.Catalog
        catalog.StructTreeRoot = tree
        catalog.MarkInfo = PDFDictionary({"Marked": PDFtrue})
        catalog.Metadata = XMP(creator=lambda _doc: self.xmp())

    def xmp(self) -> bytes:
        """The XMP packet: the title and author (as the Info dictionary has them) and the
        PDF/UA-1 claim. Kept minimal: every byte of it is in every PDF."""
        title, author = escape(self.title), escape(self.author)
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
    if node.alt is not None:
        obj["Alt"] = PDFString(node.alt)
    if node.lang is not None:
        obj["Lang"] = PDFString(node.lang)


@contextlib.contextmanager
def element(
    canv: Any,
    path: Path,
    *,
    part: Part | None = None,
    key: Any = None,
    alt: str | None = None,
    into: Any = None,
    fallback: bool = False,
    text: str = "",
    runs: Runs | None = None,
) -> Iterator[Node | None]:
    """Draw inside the leaf of `path`: one marked-content sequence, written to the canvas
    (or, `into`, to a text object). `fallback`: only when nothing else is open (a
    paragraph drawn inside an element that already marks it). `text`: what it shows, for
    its language when that is another script's (a Japanese name in an English résumé).
    `runs`: a paragraph whose bold, italic and linked runs are elements of their own; its
    text object (`inline`) writes the leaf's marked content, so none is begun here."""
    tagger: Tagger | None = getattr(canv, "tagger", None)
    if tagger is None or tagger.artifacts or (fallback and tagger.leaf is not None):
        yield None
        return
    if part is not None:
        tagger.open_part(part)
    outer = tagger.leaf, tagger.code
    if tagger.leaf is not None:
        tagger.end()
    leaf = tagger.place(path, key)
    if into is not None:
        into.tagged = True  # marked inside: the canvas leaves it as it is
    if alt is not None:
        leaf.alt = alt
    leaf.lang = _other_lang(text, tagger.lang) or leaf.lang
    if runs is not None:
        tagger.leaf, tagger.code = leaf, None
    else:
        tagger.begin(leaf, canv.getPageNumber(), into._code if into is not None else canv._code)  # noqa: SLF001
    try:
        yield leaf
    finally:
        tagger.end()
        if outer[0] is not None:  # resume the outer leaf: a new sequence of it
            tagger.begin(outer[0], canv.getPageNumber(), outer[1])


def then(canv: Any, role: str, key: Any = None, text: str = "", runs: Runs | None = None) -> None:
    """After the next text drawn, its sibling `role` takes over (a bullet's glyph, then
    its body, which shows `text`, with its `runs`); `key` continues it on the next page."""
    tagger: Tagger | None = getattr(canv, "tagger", None)
    if tagger is not None and tagger.leaf is not None:
        tagger.then = (role, key, _other_lang(text, tagger.lang), runs)


@contextlib.contextmanager
def artifact(canv: Any, *, into: Any = None, kind: str | None = None) -> Iterator[None]:
    """Draw a decoration: outside the tree, and marked so (`kind`: Pagination)."""
    tagger: Tagger | None = getattr(canv, "tagger", None)
    if tagger is None or tagger.artifacts:
        yield
        return
    code = into._code if into is not None else canv._code  # noqa: SLF001
    if into is not None:
        into.tagged = True
    outer = tagger.leaf, tagger.code
    # the open sequence is not around this drawing (none is begun yet, or it is in a text
    # object still being written: a link's underline): nothing to end or resume
    apart = outer[1] is None or (into is None and outer[1] is not canv._code)  # noqa: SLF001
    if not apart:
        tagger.end()
    tagger.artifacts += 1
    code.append(f"/Artifact <</Type /{kind}>> BDC" if kind else "/Artifact BMC")
    try:
        yield
    finally:
        code.append("EMC")
        tagger.artifacts -= 1
        if not apart:
            tagger.begin(outer[0], canv.getPageNumber(), outer[1])


def outside(canv: Any) -> bool:
    """Whether drawing on the canvas now would fall outside the open element's marked
    content (it is written inside a text object not yet drawn, or not begun)."""
    tagger: Tagger | None = getattr(canv, "tagger", None)
    return bool(
        tagger is not None
        and not tagger.artifacts
        and tagger.leaf is not None
        and tagger.code is not canv._code  # noqa: SLF001
    )


@contextlib.contextmanager
def sequence(canv: Any) -> Iterator[None]:
    """Draw on the canvas inside the open element whose sequence was left to a text
    object (a paragraph that draws its lines its own way): one sequence around it."""
    tagger: Tagger | None = getattr(canv, "tagger", None)
    if tagger is None or tagger.leaf is None or tagger.code is not None:
        yield
        return
    leaf = tagger.leaf
    tagger.begin(leaf, canv.getPageNumber(), canv._code)  # noqa: SLF001
    try:
        yield
    finally:
        tagger.end()
        tagger.leaf = leaf


@contextlib.contextmanager
def stream(canv: Any, name: str) -> Iterator[None]:
    """Draw another column's flow (the sidebar): its own open part."""
    tagger: Tagger | None = getattr(canv, "tagger", None)
    if tagger is None:
        yield
        return
    before, tagger.stream = tagger.stream, name
    try:
        yield
    finally:
        tagger.stream = before


def link_texts(tagger: Tagger | None, frags: list[Any]) -> None:
    """The visible text of each link in a paragraph's fragments, for the annotations'
    Contents."""
    if tagger is None:
        return
    texts: dict[str, str] = {}
    for frag in frags:
        for _, url in getattr(frag, "link", None) or ():
            texts[url] = texts.get(url, "") + getattr(frag, "text", "")
    tagger.link_texts = {url: re.sub(r"\s+", " ", t).strip() for url, t in texts.items()}


def _other_lang(text: str, lang: str) -> str | None:
    """The language of `text` where its script says so and it is not the document's."""
    found = script_lang(text) if text else None
    return found if found and found != lang.split("-")[0] else None
