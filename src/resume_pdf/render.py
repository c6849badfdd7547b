"""Stage 7: flowables -> PDF bytes: page template, metadata, outline, page numbers.

Output is deterministic: `invariant=1` fixes the dates and the document ID, and reportlab
lets SOURCE_DATE_EPOCH override that date when it is set. reportlab consumes the story it
builds, so every pass lays out a fresh one.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.platypus import Flowable, SimpleDocTemplate

from . import __version__
from .fonts import FontBook
from .layout import build_story
from .model import Resume, SectionKind
from .theme import Theme

# Defence in depth: markup never carries <img>, and reportlab may fetch nothing anyway.
rl_config.trustedHosts = []
rl_config.trustedSchemes = []

PAGE_SIZES = {"letter": LETTER, "a4": A4}


@dataclass(frozen=True, slots=True)
class Rendered:
    pdf: bytes
    pages: int


class _ResumeDoc(SimpleDocTemplate):
    """Adds an outline entry per section heading, and page numbers drawn last on each page
    (so the name stays the first line of the text layer)."""

    footer: Callable[[object, int], None] | None = None

    def afterFlowable(self, flowable: Flowable) -> None:  # noqa: N802 (reportlab's name)
        title = getattr(flowable, "outline_title", None)
        if title:
            key = f"section-{id(flowable)}"
            self.canv.bookmarkPage(key)
            self.canv.addOutlineEntry(title, key, level=0, closed=False)

    def afterPage(self) -> None:  # noqa: N802
        if self.page == 1:
            self.canv.showOutline()
        if self.footer:
            self.footer(self.canv, self.page)


def render(resume: Resume, theme: Theme, book: FontBook) -> Rendered:
    """Lay the résumé out; a second pass adds 'page N of M' when there is more than one."""
    first = _build(resume, theme, book, total=None)
    if first.pages == 1:
        return first
    return _build(resume, theme, book, total=first.pages)


def _build(resume: Resume, theme: Theme, book: FontBook, total: int | None) -> Rendered:
    buffer = io.BytesIO()
    margins = theme.page.margins
    doc = _ResumeDoc(
        buffer,
        pagesize=PAGE_SIZES[theme.page.size],
        leftMargin=margins.left,
        rightMargin=margins.right,
        topMargin=margins.top,
        bottomMargin=margins.bottom,
        invariant=1,
        initialFontName=book.primary,
        **_metadata(resume),
    )
    if total:
        doc.footer = _page_number(theme, book, total)
    doc.build(build_story(resume, theme, book))
    return Rendered(buffer.getvalue(), doc.page)


def _metadata(resume: Resume) -> dict[str, object]:
    skills = [
        item
        for section in resume.sections
        if section.kind is SectionKind.SKILLS
        for group in section.items
        for item in group.items
    ]
    return {
        "title": f"{resume.name} — Résumé",
        "author": resume.name,
        "subject": resume.headline or f"Résumé of {resume.name}",
        "keywords": skills,
        "creator": f"resume-pdf {__version__}",
        "lang": "en",
        "displayDocTitle": 1,
    }


def _page_number(theme: Theme, book: FontBook, total: int) -> Callable[[object, int], None]:
    def draw(canvas, page: int) -> None:  # type: ignore[no-untyped-def]
        canvas.saveState()
        canvas.setFont(book.primary, theme.sizes.small)
        canvas.setFillColor(HexColor(theme.colors.muted))
        width = PAGE_SIZES[theme.page.size][0]
        canvas.drawCentredString(width / 2, theme.page.margins.bottom / 2, f"{page} / {total}")
        canvas.restoreState()

    return draw
