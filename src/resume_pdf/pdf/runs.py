"""Runs: the bold, italic and linked runs inside a paragraph's lines as Strong, Em and Link
elements of the paragraph's element (pdf/tags.py), marked inside the one text object that
reportlab writes for all of a paragraph's lines (part of stage 7, render).

The paragraph (pdf/wrapped.py's WrappedOnce) works out its runs from its broken lines
(`runs_of`), leaves its element open without a marked-content sequence, and hands the runs
to its text object (`inline`); the text object (pdf/canvas.py) calls `Runs.show` before
each string it writes and `Runs.close` when it is drawn.
"""

from __future__ import annotations

import re
from typing import Any

from .tags import Tagger
from .tagtree import PLAIN_ROLES, ROLE_MAP, Node

KEEP = "keep"  # a run that takes the state of the one before it (a space, a fallback face)


class Runs:
    """The marked content of a paragraph's text object, one state per string reportlab
    shows (in the order it shows them): its link and its role (Strong, Em, None or KEEP).
    The paragraph's element is the leaf; a bold or italic run is a Strong or Em in it (at a
    change of font, where every reader starts a new text item anyway); a link is a Link in
    it holding the link's annotations, its words in the leaf's own sequence (in the Link's
    when the link is all of the paragraph's words). reportlab writes a paragraph as one
    text object, so these sequences are begun and ended inside it (BT ... ET)."""

    __slots__ = (
        "shows",
        "ends",
        "whole",
        "tagger",
        "leaf",
        "page",
        "at",
        "open",
        "link",
        "link_node",
    )

    def __init__(
        self, shows: list[tuple[str, tuple[Any, str | None]]], ends: set[int] | None = None
    ) -> None:
        self.shows = shows
        links = {link for text, (link, _) in shows if text.strip()}
        self.whole = len(links) == 1 and None not in links  # one link is all its words
        self.ends = ends if ends is not None else set()  # the shows that end a line
        self.tagger: Tagger | None = None
        self.leaf: Node | None = None
        self.page = self.at = 0
        self.open: Node | None = None
        self.link: Any = None
        self.link_node: Node | None = None

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
        """The element whose marked content `link`'s and `role`'s words go in. A link's
        words stay in the line's own sequence (its Link element holds its annotation):
        pdf.js ends a text item at every marked-content boundary and hands the word space
        there as an item of its own, which parsers drop, gluing "alex@example.com·+1 650"."""
        leaf = self.leaf
        assert leaf is not None
        if link:
            if link != self.link or self.link_node is None:
                self.link, self.link_node = link, Node("Link", leaf)
                leaf.kids.append(self.link_node)
        else:
            self.link = self.link_node = None
        parent = self.link_node if self.whole and self.link_node is not None else leaf
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
