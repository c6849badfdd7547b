"""The paragraph every other one is: reportlab's Paragraph, its lines broken once per width
and drawn inside its element of the structure tree (pdf/tags.py), with its runs marked."""

from __future__ import annotations

from typing import Any

from reportlab.platypus import Paragraph
from reportlab.platypus.paragraph import _FUZZ, _HSFrag

from .runs import inline, runs_of
from .tags import element, link_texts, then


class WrappedOnce(Paragraph):
    """A Paragraph that breaks its lines once per width. Reportlab asks most paragraphs
    for the same width two or three times (a table measures its cells, then draws them;
    a KeepTogether measures its parts, then the frame places each), and line breaking is
    the largest part of a layout; the lines found for a width do not depend on the height
    offered (see Paragraph.wrap), so the last width's lines are kept."""

    _memo: tuple[Any, ...] | None = None
    tag_path: tuple[str, ...] | None = None  # what it is (pdf/tags.py); None: a P
    tag_part: Any = None
    tag_alt: str | None = None
    tag_key: Any = None  # shared by the parts of a split paragraph: one element
    tag_runs: Any = None  # its bold, italic and linked runs, while it is drawn (pdf/tags.py)
    continues = False  # a part of a paragraph split by a page break, not its last

    def draw(self) -> None:
        """Drawn inside its element; a bullet as its list item's label, then its body."""
        canv, path = self.canv, self.tag_path
        if path is None and self.bulletText:
            path = ("L", "LI", "LBody")  # a bullet: an item of a list
        tagger = getattr(canv, "tagger", None)
        link_texts(tagger, self.frags)
        text = "".join(getattr(f, "text", "") for f in self.frags)
        fallback = path is None and self.tag_part is None
        role = (path or ("P",))[-1].rstrip("*")
        self.tag_runs = None
        own = not (fallback and tagger is not None and tagger.leaf is not None)
        if tagger is not None and own and type(self).drawPara is Paragraph.drawPara:
            bl = self.blPara  # reportlab's own line drawing, which tags.inline hooks
            runs = runs_of(bl.lines, bl.kind, self.style.fontName, role, bl)
            self.tag_runs = runs
        if self.bulletText and path and path[-1] == "LBody":
            with element(canv, (*path[:-2], path[-2].rstrip("*") + "*", "Lbl"), part=self.tag_part):
                then(canv, "LBody", self.tag_key, text, self.tag_runs)
                super().draw()
            return
        with element(
            canv,
            path or ("P",),
            part=self.tag_part,
            key=self.tag_key,
            fallback=fallback,
            text=text,
            runs=self.tag_runs,
        ):
            super().draw()

    def beginText(self, x: float, y: float) -> Any:  # noqa: N802 (reportlab's name)
        """The text object of the lines: it marks their bold, italic and linked runs."""
        text = super().beginText(x, y)
        inline(self.canv, text, self.tag_runs)
        if type(self).drawPara is Paragraph.drawPara:
            text.soft_ends = soft_ends(self.blPara, self.frags, self.continues)
        return text

    def split(self, avail_width: float, avail_height: float) -> list[Any]:
        parts = super().split(avail_width, avail_height)
        if len(parts) > 1:
            key = self.tag_key or self
            for i, part in enumerate(parts):
                part.tag_path, part.tag_key = self.tag_path, key
                part.tag_part = self.tag_part if i == 0 else None
                part.continues = i < len(parts) - 1 or self.continues
        return parts

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        memo = self._memo
        if memo is not None and memo[0] == avail_width:
            _, self.width, self._wrapWidths, self.blPara, self.height, self._width_max = memo
            return self.width, self.height
        size = super().wrap(avail_width, avail_height)
        # below _FUZZ reportlab sets nothing up; its CJK line breaking keeps other state
        if avail_width >= _FUZZ and self.style.wordWrap != "CJK":
            state = (self.width, self._wrapWidths, self.blPara, self.height, self._width_max)
            self._memo = (avail_width, *state)
        return size


HYPHENS = ("-", "\u2010", "\u2011")


def soft_ends(bl: Any, frags: list[Any], continues: bool) -> frozenset[int]:
    """The lines of a paragraph broken into `bl` (its blPara) that end at a word space or
    a hard break (<br/>): not the last, unless the paragraph `continues` on the next page;
    not a long word cut between two letters or after a hyphen, nor CJK text broken between
    two characters, where the text has no space. Each line's letters are counted off the
    text (`frags`: fragments, or after line breaking reportlab's words, [width, (fragment,
    text), ...], an _HSFrag where a space follows the word)."""
    spaced, count = set(), 0  # the letter counts that a space follows
    for frag in frags:
        texts = [t for _, t in frag[1:]] if isinstance(frag, list) else [getattr(frag, "text", "")]
        for text in texts:
            for ch in text:
                if ch.isspace():
                    spaced.add(count)
                else:
                    count += 1
        if isinstance(frag, _HSFrag):
            spaced.add(count)
    ends, count = set(), 0
    for n, line in enumerate(bl.lines):
        words = line[1] if bl.kind == 0 else [getattr(f, "text", "") for f in line.words]
        count += sum(not ch.isspace() for w in words for ch in w)
        last = n == len(bl.lines) - 1
        # a space, or a <br/> not after a hyphen (a name broken after its own hyphen)
        hard = getattr(line, "lineBreak", False) and not "".join(words).endswith(HYPHENS)
        broken = count in spaced or hard
        if continues if last else broken and count > 0:
            ends.add(n)
    return frozenset(ends)
