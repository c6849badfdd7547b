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
import struct
import types
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from xml.sax.saxutils import escape

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

from ..text.scripts import script_lang

Path = tuple[str, ...]
HEADER, SUMMARY = 0.0, 1.0  # the parts' logical positions; sections follow from 2 on
DEFAULT: Path = ("P",)
HEADING: Path = ("H2",)
ROLE_MAP = {"Strong": "Span", "Em": "Span"}  # PDF 2.0's inline types, as PDF 1.7 knows them
PLAIN_ROLES = {"H1", "H2", "H3", "H4", "H5", "H6", "Lbl"}  # their weight is their role's


@dataclass(frozen=True, slots=True)
class Part:
    """A top-level piece of the tree: its place in reading order, and its role (None: its
    elements sit directly in the Document)."""

    order: float
    role: str | None = None


@dataclass(eq=False, slots=True)
class Node:
    role: str
    parent: Node | None
    kids: list[Any] = field(default_factory=list)  # Node, (page, mcid) or Annotation
    alt: str | None = None
    lang: str | None = None
    order: float = 0.0
    ref: Any = None
    obj: Any = None


@dataclass(eq=False, slots=True)
class Annotation:
    ref: Any  # the annotation's reference
    page: int


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


class _Element(PDFDictionary):
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
    node.obj = _Element({})
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


# --- runs inside a paragraph: Strong, Em and Link in a line's text object

KEEP = "keep"  # a run that takes the state of the one before it (a space, a fallback face)


@dataclass(eq=False, slots=True)
class Runs:
    """The marked content of a paragraph's text object, one state per string reportlab
    shows (in the order it shows them): its link and its role (Strong, Em, None or KEEP).
    The paragraph's element is the leaf; a bold or italic run is a Strong or Em in it, a
    link's words a Link in it (with the link's annotations). reportlab writes a paragraph
    as one text object, so these sequences are begun and ended inside it (BT ... ET)."""

    shows: list[tuple[str, tuple[Any, str | None]]]
    ends: set[int] = field(default_factory=set)  # the shows that end a line
    tagger: Tagger | None = None
    leaf: Node | None = None
    page: int = 0
    at: int = 0
    open: Node | None = None
    link: Any = None
    link_node: Node | None = None

    def show(self, code: list[str], text: str) -> None:
        """Before `text` is written: end the open run and begin the next where they differ."""
        tagger, leaf = self.tagger, self.leaf
        assert tagger is not None and leaf is not None
        link, role = None, KEEP
        if self.at < len(self.shows) and self.shows[self.at][0] == text:
            link, role = self.shows[self.at][1]
            self.at += 1
        if link is KEEP and self.open is not None:
            return
        if role == KEEP:
            open_ = self.open
            role = open_.role if open_ is not None and open_.role in ROLE_MAP else None
        node = self._node(None if link is KEEP else link, role)
        if node is not self.open:
            if self.open is not None:
                tagger.end()
            tagger.begin(node, self.page, code)
            self.open = node
        linked = self.link_node is not None and link not in (None, KEEP)
        if linked and not any(n is self.link_node for _, n in tagger.line_links):
            tagger.line_links.append((link[0][1], self.link_node))  # for the line's annotations

    def _node(self, link: Any, role: str | None) -> Node:
        leaf = self.leaf
        assert leaf is not None
        parent = leaf
        if link:
            if link != self.link or self.link_node is None:
                self.link, self.link_node = link, Node("Link", leaf)
                leaf.kids.append(self.link_node)
            parent = self.link_node
        else:
            self.link = self.link_node = None
        if role is None:
            return parent
        if self.open is not None and self.open.role == role and self.open.parent is parent:
            return self.open
        node = Node(role, parent)
        parent.kids.append(node)
        return node

    def close(self, code: list[str]) -> None:
        """The text object ends: its last run too; the leaf stays the open element."""
        tagger = self.tagger
        assert tagger is not None
        if self.open is not None:
            tagger.end()
        tagger.leaf, tagger.code, tagger.line_links = self.leaf, None, []
        self.open = None


def runs_of(lines: Any, kind: int, face: str, role: str, whole: Any = None) -> Runs | None:
    """The runs of a paragraph broken into `lines` (reportlab's blPara: `kind` 0, one font,
    `whole` its fragment; else fragments per line) set in `face`, drawn as a `role`; None
    when nothing in it is bold, italic or linked (its element marks it whole). A run is
    Strong where it is set in the bold face of the paragraph's family and the paragraph is
    not (nor all of its words), Em likewise in italic; headings and labels keep none."""
    if kind == 0:
        shows = [(" ".join(words), whole) for _, words in lines]
        ends = set(range(len(shows)))
    else:
        shows, ends = [], set()
        for line in lines:
            shows += [(f.text, f) for f in line.words if not hasattr(f, "cbDefn")]
            ends.add(len(shows) - 1)
    family, bold, italic = _face(face)
    faces = [_face(f.fontName) for text, f in shows if text.strip()]
    faces = [f for f in faces if f[0] == family]
    bold = bold or all(f[1] for f in faces)
    italic = italic or all(f[2] for f in faces)
    states: list[tuple[str, tuple[Any, str | None]]] = []
    for text, frag in shows:
        link = tuple(getattr(frag, "link", None) or ()) or None
        if role == "Link":
            link = None  # the element is the link already
        fam, b, i = _face(frag.fontName)
        kind_ = None
        if role not in PLAIN_ROLES and fam == family:
            kind_ = "Strong" if b and not bold else "Em" if i and not italic else None
        if not text.strip():
            states.append((text, (KEEP, KEEP)))
        else:
            states.append((text, (link, KEEP if fam != family else kind_)))
    if not any(link not in (None, KEEP) or r in ROLE_MAP for _, (link, r) in states):
        return None
    return Runs(states, ends)


def _face(name: str) -> tuple[str, bool, bool]:
    """(family, bold, italic) of a registered face."""
    from reportlab.lib.fonts import ps2tt

    try:
        family, bold, italic = ps2tt(name)
    except ValueError:
        return name.lower(), False, False
    return family, bool(bold), bool(italic)


def inline(canv: Any, text: Any, runs: Runs | None) -> None:
    """`text`, the text object of a paragraph drawn with `runs`, writes their marked
    content (see Runs) for the element left open without any."""
    tagger: Tagger | None = getattr(canv, "tagger", None)
    if runs is None or tagger is None or tagger.artifacts or tagger.leaf is None:
        return
    if tagger.code is not None:
        return
    runs.tagger, runs.leaf, runs.page = tagger, tagger.leaf, canv.getPageNumber()
    runs.at, runs.open, runs.link, runs.link_node = 0, None, None, None
    text.runs, text.tagged = runs, True
    shown: dict[str, str] = {}  # each link's words, for its annotations' Contents
    for n, (words, (link, _)) in enumerate(runs.shows):
        if link not in (None, KEEP):
            gap = " " if n in runs.ends else ""  # a line's last word: the space it broke at
            shown[link[0][1]] = shown.get(link[0][1], "") + words + gap
    tagger.link_texts = {u: re.sub(r"\s+", " ", t).strip() for u, t in shown.items()}


# --- the file: structure elements packed into an object stream


def pack(doc: Any) -> None:
    """Write `doc` with its structure tree in a compressed object stream and a
    cross-reference stream (PDF 1.5): written one by one, ~60 elements of ~45 bytes each
    cost ~37 bytes more apiece (`12 0 obj`, `endobj`, a 20-byte xref line), and their
    repeated names compress well. Everything else is written as before."""
    doc.format = types.MethodType(_format_packed, doc)


def _format_packed(doc: Any) -> bytes:
    """reportlab's PDFDocument.format (no encryption, no signatures), with _Element
    objects in one /ObjStm and the xref as a stream."""
    from reportlab.pdfbase.pdfdoc import PDFFile, PDFIndirectObject

    doc.encrypt.prepare(doc)
    cat, info = doc.Reference(doc.Catalog), doc.Reference(doc.info)
    rows: dict[int, tuple[int, int, int]] = {0: (0, 0, 65535)}
    packed: list[tuple[int, bytes]] = []
    doc.__accum__ = out = PDFFile((1, 5))
    number = 0
    while (number := number + 1) in doc.numberToId:  # formatting may register more
        oid = doc.numberToId[number]
        obj = doc.idToObject[oid]
        if isinstance(obj, _Element):
            rows[number] = (2, 0, len(packed))  # the stream's number is set below
            packed.append((number, obj.format(doc)))
        else:
            rows[number] = (1, out.add(PDFIndirectObject(oid, obj).format(doc)), 0)
    del doc.__accum__
    stream_no, xref_no = number, number + 1
    if packed:
        bodies, heads, at = [], [], 0
        for n, body in packed:
            heads.append(f"{n} {at}")
            bodies.append(body)
            at += len(body) + 1
        head = " ".join(heads).encode() + b"\n"
        data = zlib.compress(head + b"\n".join(bodies), 9)
        info_ = f"<</Type/ObjStm/N {len(packed)}/First {len(head)}/Filter/FlateDecode"
        rows[stream_no] = (1, out.add(_stream(stream_no, info_, data)), 0)
        rows = {n: (2, stream_no, i) if t == 2 else (t, a, i) for n, (t, a, i) in rows.items()}
    else:
        xref_no = stream_no
    rows[xref_no] = (1, out.offset, 0)
    table = b"".join(struct.pack(">BIH", *rows[n]) for n in range(xref_no + 1))
    ident = doc.ID().strip().split(b"\n")[0].decode("latin-1")
    refs = f"/Root {pdf_format(cat, doc).decode()}/Info {pdf_format(info, doc).decode()}"
    info_ = f"<</Type/XRef/Size {xref_no + 1}/W[1 4 2]{refs}/ID{ident}/Filter/FlateDecode"
    start = out.add(_stream(xref_no, info_, zlib.compress(table, 9)))
    out.add(f"startxref\n{start}\n%%EOF\n")
    return out.format(doc)


def _stream(number: int, head: str, data: bytes) -> bytes:
    return (
        f"{number} 0 obj\n{head}/Length {len(data)}>>\nstream\n".encode()
        + data
        + (b"\nendstream\nendobj\n")
    )
