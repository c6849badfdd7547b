"""The proportions of a page as the eye reads them, from PDFium's glyph boxes: the body's type
size, characters per full body line, how far down the last page the text reaches, and the
spaces around entry titles, section headings and the header's name."""

from __future__ import annotations

import ctypes
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw


@dataclass(frozen=True, slots=True)
class Box:
    char: str
    page: int
    x: float  # origin
    y: float  # baseline
    size: float
    weight: int
    fill: str
    bottom: float  # the glyph's ink box
    top: float
    right: float = 0.0  # its ink's right edge


@dataclass(frozen=True, slots=True)
class Line:
    glyphs: tuple[Box, ...]

    @property
    def page(self) -> int:
        return self.glyphs[0].page

    @property
    def y(self) -> float:
        return self.glyphs[0].y

    @property
    def x(self) -> float:
        return self.glyphs[0].x

    @property
    def right(self) -> float:
        return self.glyphs[-1].x + self.glyphs[-1].size * 0.5

    @property
    def size(self) -> float:
        return Counter(round(g.size, 2) for g in self.glyphs).most_common(1)[0][0]

    @property
    def text(self) -> str:
        return "".join(g.char for g in self.glyphs).strip()

    @property
    def bold(self) -> bool:
        letters = [g for g in self.glyphs if g.char.strip()]
        return sum(g.weight >= 600 for g in letters) > len(letters) / 2


def read_boxes(pdf: Path | bytes) -> tuple[list[Box], list[tuple[float, float]]]:
    """Every drawn glyph with its ink box, and each page's (width, height)."""
    doc = pdfium.PdfDocument(pdf)
    out, sizes = [], []
    try:
        for number in range(len(doc)):
            page = doc[number]
            sizes.append((page.get_width(), page.get_height()))
            text = page.get_textpage()
            x, y = ctypes.c_double(), ctypes.c_double()
            left, right, bottom, top = (ctypes.c_double() for _ in range(4))
            rgba = [ctypes.c_uint() for _ in range(4)]
            for i in range(text.count_chars()):
                if raw.FPDFText_IsGenerated(text.raw, i) == 1:
                    continue
                code = raw.FPDFText_GetUnicode(text.raw, i)
                raw.FPDFText_GetCharOrigin(text.raw, i, ctypes.byref(x), ctypes.byref(y))
                raw.FPDFText_GetCharBox(
                    text.raw, i, *(ctypes.byref(c) for c in (left, right, bottom, top))
                )
                raw.FPDFText_GetFillColor(text.raw, i, *(ctypes.byref(c) for c in rgba))
                out.append(
                    Box(
                        chr(code),
                        number,
                        x.value,
                        y.value,
                        raw.FPDFText_GetFontSize(text.raw, i),
                        raw.FPDFText_GetFontWeight(text.raw, i),
                        "#" + "".join(f"{c.value:02x}" for c in rgba[:3]),
                        bottom.value,
                        top.value,
                        right.value,
                    )
                )
    finally:
        doc.close()
    return out, sizes


def text_lines(glyphs: list[Box], left: float | None = None) -> list[Line]:
    """Visual lines: glyphs on one baseline (within 3.5 pt, so a date lowered onto a title's
    baseline or a small capital joins its line), top to bottom per page; `left` keeps only
    glyphs at or right of that x (a sidebar style's main column)."""
    keep = [g for g in glyphs if left is None or g.x >= left - 0.5]
    out: list[list[Box]] = []
    for g in sorted(keep, key=lambda g: (g.page, -round(g.y, 1), g.x)):
        last = out[-1][-1] if out else None
        if last and last.page == g.page and abs(out[-1][0].y - g.y) <= 3.5:
            out[-1].append(g)
        else:
            out.append([g])
    lines = [Line(tuple(sorted(run, key=lambda g: g.x))) for run in out]
    return [ln for ln in lines if ln.text]


def body_size(glyphs: list[Box]) -> float:
    """The type size most characters are set in."""
    return Counter(round(g.size, 2) for g in glyphs if g.char.strip()).most_common(1)[0][0]


def chars_per_line(lines: list[Line], size: float) -> float:
    """The median number of characters (spaces included) of the full body lines: lines in
    body size, regular weight, reaching within 4 % of the widest such line."""
    body = [ln for ln in lines if abs(ln.size - size) < 0.05 and not ln.bold]
    if not body:
        return 0.0
    widest = max(ln.right - ln.x for ln in body)
    full = sorted(len(ln.glyphs) for ln in body if ln.right - ln.x >= 0.96 * widest)
    return float(full[len(full) // 2])


def last_page_fill(glyphs: list[Box], page_height: float, top: float, bottom: float) -> float:
    """How far down the last page's text area (between the given margins) its text reaches,
    from the area's top to the lowest ink; the page-number footer below the area is left out."""
    last = max(g.page for g in glyphs)
    ink = [g.bottom for g in glyphs if g.page == last and g.char.strip() and g.y >= bottom - 2]
    area = page_height - top - bottom
    return (page_height - top - min(ink)) / area


@dataclass(frozen=True, slots=True)
class Gaps:
    """Baseline-to-baseline distances: (above, below) each entry title and each section
    heading; and the header's clearance from the name's lowest ink to the headline's top."""

    titles: list[tuple[str, float, float]]
    headings: list[tuple[str, float, float]]
    header: float


def _key(text: str) -> str:
    return "".join(ch for ch in text.upper() if ch.isalnum())


def one_run(line: Line) -> bool:
    """Its bold glyphs form one run (a title), not columns (a skills grid's group names)."""
    bold = [g for g in line.glyphs if g.weight >= 600]
    return all(b.x - a.x < 3 * a.size for a, b in zip(bold, bold[1:], strict=False))


def gaps(lines: list[Line], size: float, headings_text: list[str], header: list[Line]) -> Gaps:
    """Headings are the lines that read as one of `headings_text`; entry titles are bold
    lines at or above body size that follow a regular body-size line on the same page.
    `header`: the lines holding the name (first) and the headline (second)."""
    wanted = {_key(t) for t in headings_text}
    titles, headings = [], []
    for before, line, after in zip(lines, lines[1:], lines[2:], strict=False):
        if not (before.page == line.page == after.page):
            continue
        above, below = before.y - line.y, line.y - after.y
        if _key(line.text) in wanted:
            headings.append((line.text, above, below))
        elif (
            line.bold
            and line.size >= size
            and abs(before.size - size) < 0.05
            and one_run(line)
            and not before.bold
            and after.size <= line.size
        ):
            titles.append((line.text, above, below))
    name, headline = header[0], header[1]
    clearance = min(g.bottom for g in name.glyphs if g.char.strip()) - max(
        g.top for g in headline.glyphs if g.char.strip()
    )
    return Gaps(titles, headings, clearance)


def stranded_bullets(lines: list[Line], bullet: str = "•") -> list[str]:
    """Bullets left alone by a page break: a bullet's first line as a page's last line (its
    item going on overleaf), or a single bullet of an entry alone at the top of a page (what
    follows it is a title or heading)."""
    out = []
    for i, line in enumerate(lines):
        nxt = lines[i + 1] if i + 1 < len(lines) else None
        prev = lines[i - 1] if i else None
        split = line.text.startswith(bullet) and nxt is not None and nxt.page != line.page
        if split and nxt.x > line.x + 0.5 and not nxt.text.startswith(bullet):
            out.append(f"first line alone, foot of page {line.page + 1}: {line.text[:40]}")
        if prev is None or prev.page == line.page:
            continue  # from here: the first line of a page
        if not line.text.startswith(bullet):
            continue
        count, j = 0, i
        while j < len(lines) and lines[j].page == line.page:
            here = lines[j]
            if here.text.startswith(bullet) and abs(here.x - line.x) < 0.5:
                count += 1
            elif not (here.x > line.x + 0.5):
                break
            j += 1
        ended = j < len(lines) and lines[j].page == line.page
        if count == 1 and ended:
            out.append(f"one bullet alone, top of page {line.page + 1}: {line.text[:40]}")
    return out
