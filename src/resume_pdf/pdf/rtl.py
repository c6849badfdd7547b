"""Paragraphs that hold right-to-left text: reportlab breaks the lines in logical order, then
each line is cut into directional runs (text/bidi.py), each run shaped by HarfBuzz (Arabic
joined, lam-alef ligatures, marks placed) and its glyphs drawn in visual order, a line one
text object. ToUnicode maps a joined form back to its letters (also where the font's cmap
names a presentation form), so PDFium, poppler and pdf.js read each line in logical order
with base letters. No /ActualText span: measured (benchmarks/rtl_extractors.py), PDFium
then reverses each word and poppler the whole run; glyphs written in reading order move
pdf.js's spaces and pypdf reads them backwards (docs/scripts-and-fonts.md).

A paragraph whose first strong letter is right-to-left, or any paragraph on a right-to-left
page, is mirrored: aligned right, its bullet on the right, its indents swapped."""

from __future__ import annotations

from itertools import groupby
from typing import Any

from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfgen.canvas import Canvas

from ..text.bidi import runs
from ..values import replace, value
from .glyph_codes import (
    Glyph,
    harfbuzz,
)

_ARROWS = {"→": "←", "⟶": "⟵", "⇒": "⇐"}


@value
class Piece:
    """One run of one font, shaped, its glyphs in visual order."""

    text: str  # logical order
    rtl: bool
    frag: Any  # reportlab's fragment: font, size, colour, link
    glyphs: tuple[Glyph, ...]
    start: int = 0  # where `text` starts in its line (logical order)

    @property
    def width(self) -> float:
        return sum(g.advance for g in self.glyphs)


def _point_left(text: str, font: Any) -> str:
    """`text` with its arrows turned to point left, where the font draws those."""
    has = font.face.charToGlyph
    return "".join(_ARROWS.get(c, c) if ord(_ARROWS.get(c, c)) in has else c for c in text)


def shape(text: str, rtl: bool, frag: Any, before: str = "", after: str = "") -> Piece:
    """`text` (one font, logical order) shaped by HarfBuzz; a font HarfBuzz cannot read
    (a standard PDF font) keeps its characters, reversed when right-to-left. `before` and
    `after`, the text around it in the same run, are HarfBuzz's context only: a letter
    beside a change of style inside a word keeps the form that joins it to its neighbour
    (`**كل**مة`: the lam and the meem medial, not final and initial)."""
    from .clusters import cluster_glyphs

    uharfbuzz = harfbuzz()
    font = pdfmetrics.getFont(frag.fontName)
    size = frag.fontSize
    if not isinstance(font, ttfonts.TTFont):
        chars = text[::-1] if rtl else text
        return Piece(text, rtl, frag, tuple(
            Glyph(c, pdfmetrics.stringWidth(c, frag.fontName, size), 0, 0) for c in chars
        ))  # fmt: skip
    hb = uharfbuzz.Font(font.hbFace)
    scale = size / font.hbFace.upem
    buf = uharfbuzz.Buffer()
    text = text.replace("\xa0", " ")  # a space to extractors too: U+00A0 is a bidi separator
    # an arrow points the way the run reads (a date range, "2021 ← now"); the text layer
    # keeps the arrow written, as for a mirrored bracket
    full = (before + text + after).replace("\xa0", " ")
    buf.add_str(_point_left(full, font) if rtl else full, len(before), len(text))
    buf.guess_segment_properties()
    buf.direction = "rtl" if rtl else "ltr"
    uharfbuzz.shape(hb, buf, {"kern": True, "liga": True})
    infos, positions = buf.glyph_infos, buf.glyph_positions
    # clusters count from the start of `before`
    clusters = sorted({i.cluster for i in infos}) + [len(before) + len(text)]
    glyphs: list[Glyph] = []
    for _, group in groupby(zip(infos, positions, strict=True), key=lambda i: i[0].cluster):
        held = list(group)
        start = clusters.index(infos[len(glyphs)].cluster)
        part = full[clusters[start] : clusters[start + 1]]
        glyphs += cluster_glyphs(font, held, part, rtl, scale)
    return Piece(text, rtl, frag, tuple(glyphs))


def line_pieces(segments: list[tuple[str, Any]], rtl: bool) -> list[Piece]:
    """A line's fragments (text in logical order, fragment) as shaped pieces in visual order."""
    text = "".join(t for t, _ in segments).rstrip(" ")
    owner = [i for i, (t, _) in enumerate(segments) for _ in t][: len(text)]
    pieces: list[Piece] = []
    for start, end, odd in runs(text, rtl):
        cuts = [start] + [k for k in range(start + 1, end) if owner[k] != owner[k - 1]] + [end]
        parts = [
            replace(
                shape(text[a:b], odd, segments[owner[a]][1], text[start:a], text[b:end]), start=a
            )
            for a, b in zip(cuts, cuts[1:], strict=False)
        ]
        pieces.extend(reversed(parts) if odd else parts)
    return _seat_spaces(pieces)


def _seat_spaces(pieces: list[Piece]) -> list[Piece]:
    """The pieces (visual order) with each right-to-left piece of spaces only drawn inside a
    piece beside it: one of its own font, else the one on its left (the word after it)
    in that font, at the spaces' own width. PDFium skips a text object without ink (a
    space alone, as the Latin font's space between two Arabic words is) and then infers a
    space from the gap only where it exceeds 1/6 of the wider glyph beside it: DejaVu
    Sans' seen is 1.27 em wide, Source Sans' space 0.2 em, so `بالقياس قبل` read
    `بالقياسقبل` and `مارس 2021` `مارس2021`. Inside a word's text object it is kept; at the
    word's visual end, pypdf too puts it between the words."""
    out = list(pieces)
    n = 0
    while n < len(out):
        piece = out[n]
        if not piece.rtl or piece.text.strip(" "):
            n += 1
            continue
        beside = [k for k in (n - 1, n + 1) if 0 <= k < len(out)]
        same = [k for k in beside if _same_font(out[k], piece)]
        hosts = same or [k for k in beside if _has_space(out[k])]
        if not hosts:
            n += 1
            continue
        host = hosts[0]
        spaces = piece if same else _redrawn(piece, out[host].frag)
        other = out[host]
        left, right = (other, spaces) if host < n else (spaces, other)
        out[min(n, host)] = Piece(
            other.text + spaces.text, other.rtl, other.frag,
            left.glyphs + right.glyphs, min(other.start, spaces.start),
        )  # fmt: skip
        del out[max(n, host)]
        n = min(n, host) + 1
    return out


def _same_font(a: Piece, b: Piece) -> bool:
    return a.frag.fontName == b.frag.fontName and a.frag.fontSize == b.frag.fontSize


def _has_space(piece: Piece) -> bool:
    font = pdfmetrics.getFont(piece.frag.fontName)
    return isinstance(font, ttfonts.TTFont) and 0x20 in font.face.charToGlyph


def _redrawn(spaces: Piece, frag: Any) -> Piece:
    """The spaces drawn with `frag`'s font, each keeping its width (the line was broken
    with it)."""
    drawn = shape(spaces.text, True, frag).glyphs
    widths = [g.advance for g in spaces.glyphs]
    return replace(spaces, frag=frag, glyphs=tuple(
        replace(g, advance=w) for g, w in zip(drawn, widths, strict=True)))  # fmt: skip


def _glyph_ops(
    canv: Canvas,
    piece: Piece,
    x: float,
    y: float,
    logical: bool,
    current: Any = None,
    outlines: list[str] | None = None,
) -> tuple[str, Any]:
    """Text operators drawing the piece's glyphs from `x` on the baseline `y`, each where
    HarfBuzz put it (`logical`, for benchmarks/rtl_extractors.py only: in reading order,
    each glyph placed on its own), and the font they leave set. `current`, the font the
    piece before left set, is not set again: pypdf ends its run of right-to-left text at
    each `Tf`, so a space drawn with the word beside it would land on the word's far side."""
    from .clusters import outline_ops

    frag = piece.frag
    font, size = pdfmetrics.getFont(frag.fontName), frag.fontSize
    y += getattr(frag, "rise", 0) or 0
    ops: list[str] = []
    shown: list[str] = []
    pen = target = x
    at_y = None

    def flush() -> None:
        if shown:
            ops.append(f"[{' '.join(shown)}] TJ")
            shown.clear()

    placed = []
    for glyph in piece.glyphs:
        placed.append((glyph, target + glyph.dx, y + glyph.dy))
        target += glyph.advance
    if logical and piece.rtl:
        placed.reverse()
    slack = 0.0  # how much narrower than its glyph the space just drawn is (a lent space)
    for glyph, gx, gy in placed:
        if glyph.outline >= 0:
            if outlines is not None:
                outlines.append(outline_ops(font, glyph.outline, gx, gy, size))
            continue
        back = gx < pen - slack - 1e-3
        if isinstance(font, ttfonts.TTFont):
            ((subset, code),) = font.splitString(glyph.code, canv._doc)  # noqa: SLF001
            name = font.getSubsetInternalName(subset, canv._doc)  # noqa: SLF001
            width = font.face.getCharWidth(ord(glyph.code)) if glyph.code != "\xa0" else 0
        else:
            subset, code = 0, glyph.code.encode("latin-1", "replace")
            name = canv._doc.getInternalFontName(frag.fontName)  # noqa: SLF001
            width = pdfmetrics.stringWidth(glyph.code, frag.fontName, 1000)
        if (name, subset, size) != current or gy != at_y or at_y is None or back:
            flush()
            if (name, subset, size) != current:
                ops.append(f"{name} {size:.2f} Tf")
                current = (name, subset, size)
            if at_y is None or back:
                ops.append(f"1 0 0 1 {gx:.3f} {y:.3f} Tm")
                pen = gx
            elif gy != at_y:  # a mark raised over its letter: text rise, on the line
                ops.append(f"{gy - y:.3f} Ts")
            at_y = gy
        if abs(gx - pen) > 1e-3:  # a mark's offset, or back over the rest of a lent space
            shown.append(f"{-(gx - pen) * 1000 / size:.1f}")
        shown.append("(" + canv._escape(code) + ")")  # noqa: SLF001
        pen = gx + width * size / 1000
        slack = max(pen - gx - glyph.advance, 0) if glyph.code == " " and gy == y else 0.0
    flush()
    if at_y is not None and at_y != y:
        ops.append("0 Ts")
    return " ".join(ops), current


def draw_line(canv: Canvas, pieces: list[Piece], x: float, y: float, logical: bool = False) -> None:
    """Pieces side by side from `x`, in visual order, in one text object (a line reads as
    one: the structure tree's check and extractors see no break inside it). PDFium, poppler
    and pdf.js put a right-to-left run back in reading order themselves; an /ActualText
    span they would reverse a second time (measured in docs/scripts-and-fonts.md)."""
    canv.saveState()
    canv.addLiteral("BT 0 Tc")  # no tracking: it would part joined letters
    current = None
    shapes: list[tuple[Any, list[str]]] = []  # the glyphs drawn as outlines, by colour
    for piece in pieces:
        canv.setFillColor(piece.frag.textColor)
        outlines: list[str] = []
        ops, current = _glyph_ops(canv, piece, x, y, logical, current, outlines)
        canv.addLiteral(ops)
        shapes += [(piece.frag.textColor, outlines)] if any(outlines) else []
        x += piece.width
    canv.addLiteral("ET")
    for color, outlines in shapes:
        canv.setFillColor(color)
        canv.addLiteral(" ".join(o for o in outlines if o))
    canv.restoreState()
    x -= sum(p.width for p in pieces)
    for piece in pieces:
        _link(canv, piece, x, y)
        x += piece.width


def _link(canv: Canvas, piece: Piece, x: float, y: float) -> None:
    url = getattr(piece.frag, "link", None)
    if isinstance(url, list):
        url = url[0][1] if url and isinstance(url[0], tuple) else None
    if isinstance(url, str) and url:
        size = piece.frag.fontSize
        canv.linkURL(url, (x, y - 0.2 * size, x + piece.width, y + 0.8 * size), relative=1)


@value
class _Frag:
    fontName: str  # noqa: N815 (reportlab's attribute names)
    fontSize: float  # noqa: N815
    textColor: Any  # noqa: N815
