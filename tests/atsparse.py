"""A small line-based résumé field parser, for the tests: what a heuristic ATS makes of a PDF.

Modelled on the published rules of open-source résumé parsers (OpenResume's "parser algorithm
deep dive", and the ATS guides in /work/shared/ATS.md), independent of the builder's code:

1. text runs: the PDF's characters in content-stream order (pdfminer.six, no layout analysis),
   a new run at a change of font or size, of baseline, or at a jump in x; a space belongs to a
   run only between two of its glyphs, so a run of spaces alone is dropped (as parsers drop
   lone space items);
2. lines: runs on one baseline, in drawing order; within a line, runs closer than the typical
   character width (of the most common font and size) merge into one item, a space added only
   after punctuation; a page ends a line;
3. sections: a line that is one item, bold and in capitals, or of at most two words holding a
   section keyword, is a section title (a title line right under another continues it);
   the lines before the first title are the profile;
4. entries: within a section, a line further below the previous one than 1.4 times the
   section's most common line gap starts a new entry; on a new page, a line led by bold;
5. footers: a page's first or last line that is a page number is dropped, as parsers strip
   them;
6. fields: by position and pattern: the name is the first line, e-mail and phone by pattern
   in the profile, an entry's items in reading order, its dates by a date pattern.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from dataclasses import dataclass, field

KEYWORDS = ("experience", "education", "project", "skill", "job", "course", "summary", "award")
DATE = re.compile(r"\b(19|20)\d\d\b|\b(present|now|current)\b", re.IGNORECASE)
EMAIL = re.compile(r"[\w.+-]+@[\w-]+(\.[\w-]+)+")
PHONE = re.compile(r"\+?\(?\d[\d ().-]{6,}\d")
BOLD = re.compile(r"bold|black|heavy|semibold", re.IGNORECASE)
SUBSECTION_GAP = 1.4


@dataclass
class Run:
    text: str
    x0: float
    x1: float
    y: float  # baseline
    size: float
    font: str
    page: int

    @property
    def bold(self) -> bool:
        return bool(BOLD.search(self.font))


@dataclass
class Line:
    items: list[Run]

    @property
    def text(self) -> str:
        return " ".join(i.text for i in self.items)

    @property
    def y(self) -> float:
        return self.items[0].y

    @property
    def page(self) -> int:
        return self.items[0].page


@dataclass
class Section:
    title: str
    lines: list[Line] = field(default_factory=list)
    entries: list[list[Line]] = field(default_factory=list)


@dataclass
class Parsed:
    lines: list[Line]
    profile: list[Line]
    sections: list[Section]
    char_width: float

    @property
    def name(self) -> str:
        return self.lines[0].text if self.lines else ""

    def _profile_match(self, pattern: re.Pattern[str]) -> str | None:
        for line in self.profile:
            for item in line.items:
                found = pattern.search(item.text.replace("\u00a0", " "))
                if found:
                    return found.group()
        return None

    @property
    def email(self) -> str | None:
        return self._profile_match(EMAIL)

    @property
    def phone(self) -> str | None:
        return self._profile_match(PHONE)

    def section(self, keyword: str) -> Section | None:
        return next((s for s in self.sections if keyword in s.title.casefold()), None)


def runs(pdf: bytes) -> list[Run]:
    """Step 1: the text runs of every page, in drawing order."""
    from pdfminer.converter import PDFPageAggregator
    from pdfminer.layout import LTChar
    from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
    from pdfminer.pdfpage import PDFPage

    manager = PDFResourceManager()
    device = PDFPageAggregator(manager, laparams=None)
    interpreter = PDFPageInterpreter(manager, device)
    out: list[Run] = []
    for number, page in enumerate(PDFPage.get_pages(io.BytesIO(pdf))):
        interpreter.process_page(page)
        current: Run | None = None
        space = False
        for ch in _chars(device.get_result(), LTChar):
            text, size = ch.get_text(), ch.size
            base = ch.matrix[5]
            if current is not None:
                jump = ch.x0 - current.x1  # spaces included
                same = (
                    ch.fontname == current.font
                    and abs(size - current.size) < 0.01
                    and abs(base - current.y) < 0.2 * size
                    and -0.2 * size < jump < 0.6 * size + (0.6 * size if space else 0.0)
                )
                if not same:
                    current, space = None, False
            if text.isspace():  # a space adds no width to a run: it only moves on
                space = current is not None
                continue
            if current is None:
                current = Run(text, ch.x0, ch.x1, base, size, ch.fontname, number)
                out.append(current)
            else:
                current.text += (" " if space else "") + text
                current.x1 = ch.x1
            space = False
    return [r for r in out if r.text]


def _chars(layout, kind):  # type: ignore[no-untyped-def]
    for obj in layout:
        if isinstance(obj, kind):
            yield obj
        elif hasattr(obj, "__iter__"):
            yield from _chars(obj, kind)


def _typical_char_width(all_runs: list[Run]) -> float:
    common = Counter((r.font, round(r.size, 1)) for r in all_runs for _ in r.text).most_common(1)
    font, size = common[0][0]
    chosen = [r for r in all_runs if r.font == font and round(r.size, 1) == size]
    return sum(r.x1 - r.x0 for r in chosen) / sum(len(r.text) for r in chosen)


def lines(all_runs: list[Run], char_width: float) -> list[Line]:
    """Step 2: runs on one baseline make a line; close runs merge into one item."""
    out: list[Line] = []
    for run in all_runs:
        last = out[-1].items[-1] if out else None
        if last and last.page == run.page and abs(last.y - run.y) < 0.5 * min(last.size, run.size):
            out[-1].items.append(run)
        else:
            out.append(Line([run]))
    for line in out:
        merged = [line.items[0]]
        for run in line.items[1:]:
            left = merged[-1]
            if run.x0 - left.x1 <= char_width:
                glue = " " if left.text[-1:] in ":,|.•" else ""
                merged[-1] = Run(
                    left.text + glue + run.text, left.x0, run.x1, left.y, left.size, left.font,
                    left.page,
                )  # fmt: skip
            else:
                merged.append(run)
        line.items = merged
    return out


def is_title(line: Line, index: int) -> bool:
    """Step 3: one item, bold and in capitals; or at most two words with a keyword."""
    if index < 2 or len(line.items) != 1:
        return False
    item = line.items[0]
    text = item.text.strip()
    letters = [c for c in text if c.isalpha()]
    if item.bold and letters and all(c.isupper() for c in letters):
        return True
    words = [w for w in text.split() if w != "&"]
    return (
        len(words) <= 2
        and bool(re.fullmatch(r"[A-Za-z &]+", text))
        and text[:1].isupper()
        and any(k in text.casefold() for k in KEYWORDS)
    )


def entries(section_lines: list[Line]) -> list[list[Line]]:
    """Step 4: a gap clearly above the section's usual line gap starts an entry."""
    if not section_lines:
        return []
    gaps = [
        round(a.y - b.y, 1)
        for a, b in zip(section_lines, section_lines[1:], strict=False)
        if a.page == b.page and a.y > b.y
    ]
    typical = Counter(gaps).most_common(1)[0][0] if gaps else 0.0
    out = [[section_lines[0]]]
    for prev, line in zip(section_lines, section_lines[1:], strict=False):
        apart = prev.y - line.y > SUBSECTION_GAP * typical
        if (prev.page == line.page and apart) or (prev.page != line.page and line.items[0].bold):
            out.append([line])
        else:
            out[-1].append(line)
    return out


FOOTER = re.compile(r"(.*\S\s+)?\d+\s*/\s*\d+")


def parse(pdf: bytes) -> Parsed:
    all_runs = runs(pdf)
    width = _typical_char_width(all_runs)
    all_lines = lines(all_runs, width)
    # a page's first or last line that is a page number ("2 / 2", "Name · 2 / 2") is a footer
    befores, afters = [None, *all_lines[:-1]], [*all_lines[1:], None]
    all_lines = [
        line
        for line, before, after in zip(all_lines, befores, afters, strict=True)
        if not (
            FOOTER.fullmatch(line.text)
            and (
                (after is None or after.page != line.page)
                or (before is None or before.page != line.page)
            )
        )
    ]
    profile: list[Line] = []
    sections: list[Section] = []
    for i, line in enumerate(all_lines):
        if is_title(line, i):
            prev = all_lines[i - 1]
            size = line.items[0].size
            wrapped = sections and not sections[-1].lines and prev.page == line.page
            if wrapped and is_title(prev, i - 1) and prev.y - line.y < 1.5 * size:
                sections[-1].title += " " + line.items[0].text  # a title's second line
            else:
                sections.append(Section(line.items[0].text))
        elif sections:
            sections[-1].lines.append(line)
        else:
            profile.append(line)
    for section in sections:
        section.entries = entries(section.lines)
    return Parsed(all_lines, profile, sections, width)


def items(entry: list[Line]) -> list[str]:
    """Step 5: an entry's items, in reading order."""
    return [i.text for line in entry for i in line.items]


def dates_item(entry: list[Line]) -> str | None:
    return next((t for t in items(entry) if DATE.search(t) and len(t) < 40), None)
