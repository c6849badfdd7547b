"""The canvas every page is drawn on: reportlab's, with pair kerning in the text it writes.

A kerned run is written as one TJ array, `[(T) 66 (oday)] TJ`: the same character codes as
reportlab's plain `(Today) Tj`, with a number between two glyphs where the font kerns them.
Text extraction (pypdf, pdfminer.six, PDFium) reads the same characters; the widths used
for line breaking come from KernedFont, so what is drawn matches what was measured.
"""

from __future__ import annotations

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfbase.ttfonts import ShapedStr
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from ..fonts.kerning import KernedFont


class KerningCanvas(Canvas):
    """Canvas whose text objects kern; pass it to `doc.build(canvasmaker=...)`."""

    def beginText(self, x: float = 0, y: float = 0, direction: str | None = None):  # noqa: N802, ANN201
        return _KernedText(self, x, y, direction=direction)


class _KernedText(PDFTextObject):
    def _formatText(self, text: str) -> str:  # noqa: N802 (reportlab's name)
        font = getFont(self._fontname)
        if not isinstance(font, KernedFont) or isinstance(text, ShapedStr) or len(text) < 2:
            return super()._formatText(text)
        adjust = [] if font.kerning.empty else font.adjustments(text)
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
