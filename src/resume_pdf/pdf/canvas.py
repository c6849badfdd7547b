"""The canvas every page is drawn on: reportlab's, with pair kerning in the text it writes,
and the tags of a tagged PDF (pdf/tags.py): text drawn outside any element is marked as a
P of its own, each page and link annotation is tied to the structure tree, and the tree is
written when the document is saved.

A kerned run is written as one TJ array, `[(T) 66 (oday)] TJ`: the same character codes as
reportlab's plain `(Today) Tj`, with a number between two glyphs where the font kerns them.
Text extraction (pypdf, pdfminer.six, PDFium) reads the same characters; the widths used
for line breaking come from KernedFont, so what is drawn matches what was measured.
"""

from __future__ import annotations

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfdoc import PDFName
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfbase.ttfonts import ShapedStr
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from ..fonts.kerning import KernedFont, Trailing
from .pack import pack
from .runs import Runs
from .tags import DEFAULT, Tagger, artifact, element, outside, sequence


class KerningCanvas(Canvas):
    """Canvas whose text objects kern and whose drawing is tagged; pass it to
    `doc.build(canvasmaker=...)`."""

    tagged = True  # False: an untagged PDF (tests compare the two text layers)

    def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, **kwargs)
        self.tagger = Tagger() if self.tagged else None

    def beginText(self, x: float = 0, y: float = 0, direction: str | None = None):  # noqa: N802, ANN201
        return _KernedText(self, x, y, direction=direction)

    def drawText(self, text: PDFTextObject) -> None:  # noqa: N802 (reportlab's name)
        tagger = self.tagger
        if tagger is None:
            super().drawText(text)
            return
        if not tagger.artifacts and not getattr(text, "tagged", False):
            if tagger.leaf is None:
                with element(self, DEFAULT):
                    super().drawText(text)
                return
            if tagger.code is None:  # its runs were to be marked in a text object of ours
                with sequence(self):
                    super().drawText(text)
                return
        super().drawText(text)
        if tagger.then is not None and tagger.leaf is not None:
            tagger.switch(self.getPageNumber(), self._code)

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        """A line drawn while a paragraph's text is written (a link's underline) is a
        decoration: marked as an artifact, as the text's marked content is elsewhere."""
        if self.tagger is not None and outside(self):
            with artifact(self):
                super().line(x1, y1, x2, y2)
            return
        super().line(x1, y1, x2, y2)

    def _addAnnotation(self, annotation, name=None, addtopage=1) -> None:  # noqa: ANN001, N802
        super()._addAnnotation(annotation, name, addtopage)
        if self.tagger is None:
            return
        ref = self._doc.refAnnotation(name or f"NUMBER{self._annotationCount}")
        self.tagger.annotate(annotation, ref, self.getPageNumber())

    def _setAnnotations(self, page) -> None:  # noqa: ANN001, N802
        """Called as each page is finished: its key in the ParentTree, and the tab order
        of its links (the structure's)."""
        super()._setAnnotations(page)
        if self.tagger is None:
            return
        page.__NoDefault__ = [*page.__NoDefault__, "StructParents", "Tabs"]
        page.StructParents = self.tagger.page_key(self.getPageNumber())
        page.Tabs = PDFName("S") if self._annotationrefs else None

    attachments: tuple[tuple[str, bytes], ...] = ()  # name, bytes: pdf/attach.py

    def save(self) -> None:
        if self.tagger is not None:
            self.tagger.write(self._doc)
        if self.attachments:
            from .attach import attach

            attach(self._doc, self.attachments)
        pack(self._doc)  # tagged or not, the same writer: the tags' cost stays comparable
        super().save()


class _KernedText(PDFTextObject):
    runs: Runs | None = None  # a paragraph's bold, italic and linked runs (pdf/tags.py)
    soft_ends: frozenset[int] = frozenset()  # the lines that end at a word space (below)
    _lines = 0  # the lines written so far
    _stroking = False  # drawing a synthetic bold: text render mode 2 (fill, then stroke)

    def _setFont(self, psfontname: str, size: float) -> None:  # noqa: N802 (reportlab's name)
        super()._setFont(psfontname, size)
        self._stroke(psfontname, size)

    def setFont(self, psfontname: str, size: float, leading: float | None = None) -> None:  # noqa: N802
        super().setFont(psfontname, size, leading)
        self._stroke(psfontname, size)

    def _stroke(self, name: str, size: float) -> None:
        """A face marked stroked_bold (a CJK font with no bold file, fonts/book.py) is drawn
        filled and stroked in the fill colour with a line 0.03 em wide: a synthetic bold.
        Leaving it restores mode 0 and the canvas's line width and stroke colour."""
        stroked = getattr(getFont(name), "stroked_bold", False)
        if stroked:
            if not self._stroking:
                self._code.append("2 Tr")
                fill = self.__dict__.get("_fillColorObj") or self._canvas._fillColorObj  # noqa: SLF001
                self.setStrokeColor(fill or (0, 0, 0))
            self._code.append(f"{fp_str(0.03 * size)} w")
        elif self._stroking:
            self._unstroke()
        self._stroking = stroked

    def _unstroke(self) -> None:
        canvas = self._canvas
        self._code.append(f"0 Tr {fp_str(canvas._lineWidth)} w")  # noqa: SLF001
        self.setStrokeColor(canvas._strokeColorObj or (0, 0, 0))  # noqa: SLF001
        self._stroking = False

    def setFillColor(self, aColor, alpha=None) -> None:  # noqa: ANN001, N802, N803
        super().setFillColor(aColor, alpha)
        if self._stroking:
            self.setStrokeColor(aColor, alpha)

    def _textOut(self, text: str, TStar: int = 0) -> None:  # noqa: N802, N803 (reportlab's names)
        """`text`, and where it ends a line that a paragraph broke at a word space, that
        space as a glyph: invisible past the line's last letter, it keeps the two words
        apart for readers that take only the glyphs (poppler's text of the tags, a screen
        reader), which would read the line's last word and the next line's first as one."""
        if self.runs is not None:
            self.runs.show(self._code, text)
        if TStar:
            if self._lines in self.soft_ends:
                text += " "
            self._lines += 1
        super()._textOut(text, TStar)

    def getCode(self) -> str:  # noqa: N802 (reportlab's name)
        if self._stroking:
            self._unstroke()
        if self.runs is not None:
            self.runs.close(self._code)
            self.runs = None
        return super().getCode()

    def _formatText(self, text: str) -> str:  # noqa: N802 (reportlab's name)
        if type(text) is Trailing and text.trail:  # CJK spacing before the next run (cjk.py)
            shift = fp_str(-1000 * text.trail / self._fontsize)
            return f"{self._formatText(str(text))} [{shift}] TJ"
        font = getFont(self._fontname)
        if not isinstance(font, KernedFont) or isinstance(text, ShapedStr) or len(text) < 2:
            return super()._formatText(text)
        adjust = font.adjustments(text) if font.spaced(text) else []
        if not any(adjust):
            return super()._formatText(text)
        return self._kerned(font, text, adjust)

    def _kerned(self, font: KernedFont, text: str, adjust: list[float]) -> str:
        """reportlab's TrueType branch of _formatText, with TJ arrays instead of Tj."""
        doc = self._canvas._doc  # noqa: SLF001
        code, pos, last = [], 0, len(adjust)
        for subset, chunk in font.splitString(text, doc):
            if subset != self._curSubset:
                name = font.getSubsetInternalName(subset, doc)
                code.append(f"{name} {fp_str(self._fontsize)} Tf {fp_str(self._leading)} TL")
                self._curSubset = subset
            out = []
            for i, byte in enumerate(chunk, pos):
                out.append(_ESCAPED[byte])
                if i < last and adjust[i]:
                    out.append(_number(adjust[i]))
            pos += len(chunk)
            code.append(("[(" + "".join(out) + ")] TJ").replace(" ()]", "]"))
        return " ".join(code)


# a byte as it is written inside a PDF string: what reportlab's escapePDF does
_ESCAPED = [
    f"\\{c:03o}" if c < 32 or c >= 127 else "\\" + chr(c) if chr(c) in "\\()" else chr(c)
    for c in range(256)
]
_NUMBERS: dict[float, str] = {}


def _number(kern: float) -> str:
    """`) -66 (`: the TJ displacement between two strings for a kerning value (the sign
    flips: TJ subtracts); memoised, since a face has few distinct values."""
    text = _NUMBERS.get(kern)
    if text is None:
        text = _NUMBERS[kern] = f") {fp_str(-kern)} ("
    return text
