"""Tags: the structure tree of a tagged PDF (PDF/UA-1) and the marked content that ties a
page's drawing to it (part of stage 7, render).

Flowables say *what* they draw, never how it is written: `with element(canv, ("L", "LI*",
"Lbl")): ...` around a bullet's glyph, `with artifact(canv): ...` around a rule. This module
numbers the marked-content sequences (MCIDs) of each page, grows the tree as things are
drawn and gives the link annotations their StructParent and Contents; when the canvas is
saved, tagtree.py writes the finished tree (StructTreeRoot, ParentTree, the elements,
MarkInfo, the XMP packet that declares PDF/UA-1).

A *path* names an element and the containers it sits in, outermost first: ("L", "LI*",
"LBody"). A container is reused when it is the last thing its parent holds, so bullets
drawn one after another share one list; a starred one is always new (one LI per bullet).
The last role is the leaf: its drawing is one marked-content sequence. A *part* is a
top-level piece (the header, the summary, each section): the tree reads parts in the
order they are first drawn (a sidebar's panel first), as every reader of the page does.
Text drawn outside any element becomes a P of its own, so nothing is left unmarked.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import Any

from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFString

from ..text.scripts import script_lang
from ..values import value
from .tagtree import Annotation, Node, write_tree

Path = tuple[str, ...]
HEADER, SUMMARY = 0.0, 1.0  # the parts' logical positions; sections follow from 2 on
DEFAULT: Path = ("P",)
HEADING: Path = ("H2",)


@value
class Part:
    """A top-level piece of the tree: its place in reading order, and its role (None: its
    elements sit directly in the Document)."""

    order: float
    role: str | None = None


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
        # (role, key, lang, runs): the runs are pdf/runs.py's, which its text object marks
        self.then: tuple[str, Any, str | None, object] | None = None
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
        annotation["F"] = 4  # Print: a printed page keeps its links (PDF/UA checkers ask it)
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
        holder.kids.append(Annotation(ref, page, shown))
        self.annotations.append((key, holder))

    def page_key(self, page: int) -> int:
        key = self.page_keys[page] = self.next_key
        self.next_key += 1
        return key

    def write(self, doc: Any) -> None:
        """The StructTreeRoot and everything that points into it, on `doc`'s catalog."""
        write_tree(self, doc)


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
    runs: object = None,  # pdf/runs.py's Runs: the paragraph's text object marks them
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


def then(canv: Any, role: str, key: Any = None, text: str = "", runs: object = None) -> None:
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
