"""A paragraph holding right-to-left text: each line shaped and reordered (rtl.py), drawn
from the right on a mirrored page, its bullet on the side the text starts."""

from __future__ import annotations

from typing import Any

from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT

from ..text.bidi import first_strong_rtl, has_rtl
from . import rtl
from .wrapped import WrappedOnce


class BidiParagraph(WrappedOnce):
    """A paragraph holding right-to-left text (see the module's docstring)."""

    def _mirrored(self) -> bool:
        return bool(getattr(self.style, "rtl_page", False)) or first_strong_rtl(self.getPlainText())

    def _segments(self, line: Any) -> list[tuple[str, Any]]:
        if self.blPara.kind == 0:
            return [(" ".join(line[1]), self.blPara)]
        return [(f.text, f) for f in line.words if getattr(f, "text", "")]

    def drawPara(self, debug: int = 0) -> None:  # noqa: N802, ARG002 (reportlab's name)
        style, canv, bl = self.style, self.canv, self.blPara
        mirrored = self._mirrored()
        plain = self.getPlainText()
        base_rtl = first_strong_rtl(plain) or (
            mirrored and (has_rtl(plain) or not any(ch.isalpha() for ch in plain[:1]))
        )
        left, right = (style.rightIndent, style.leftIndent) if mirrored else (
            style.leftIndent, style.rightIndent)  # fmt: skip
        align = style.alignment
        if mirrored:
            align = {TA_LEFT: TA_RIGHT, TA_RIGHT: TA_LEFT, TA_JUSTIFY: TA_RIGHT}.get(align, align)
        y = self.height - (bl.fontSize if bl.kind == 0 else bl.lines[0].ascent)
        for n, line in enumerate(bl.lines):
            if n:
                y -= style.leading
            pieces = rtl.line_pieces(self._segments(line), base_rtl)
            width = sum(p.width for p in pieces)
            room = self.width - left - right
            first = style.firstLineIndent if n == 0 else 0
            if align == TA_RIGHT:
                x = left + room - width - (first if mirrored else 0)
            elif align == TA_CENTER:
                x = left + (room - width) / 2
            else:
                x = left + (0 if mirrored else first)
            rtl.draw_line(canv, pieces, x, y)
            if n == 0 and self.bulletText:
                self._bullet(y, mirrored)

    def _bullet(self, y: float, mirrored: bool) -> None:
        style = self.style
        text = self.bulletText if isinstance(self.bulletText, str) else ""
        frag = rtl._Frag(style.bulletFontName, style.bulletFontSize, style.textColor)
        pieces = rtl.line_pieces([(text, frag)], mirrored)
        width = sum(p.width for p in pieces)
        x = self.width - style.bulletIndent - width if mirrored else style.bulletIndent
        rtl.draw_line(self.canv, pieces, x, y)
