"""Stage 7: flowables -> PDF bytes: page template, metadata, outline, page numbers.

Output is deterministic: `invariant=1` fixes the dates and the document ID, and reportlab
lets SOURCE_DATE_EPOCH override that date when it is set. reportlab consumes the story it
builds, so every pass lays out a fresh one.
"""

from __future__ import annotations

import io
from collections.abc import Callable

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    LayoutError,
    NextPageTemplate,
    PageTemplate,
    Paragraph,
)

from .. import __version__
from ..errors import Problem, ResumeError
from ..fonts.book import FontBook
from ..model.content import CONTACT_SEPARATOR
from ..model.resume import Resume, SectionKind
from ..style.theme import Theme
from ..values import replace, value
from .canvas import KerningCanvas
from .layout import Story, build_story
from .markup import text_xml
from .sidebar import GUTTER, PANEL_PAD, Placed
from .tags import artifact, stream

# Defence in depth: markup never carries <img>, and reportlab may fetch nothing anyway.
rl_config.trustedHosts = []
rl_config.trustedSchemes = []
# Page streams as binary Flate, not ASCII85 over Flate: a quarter of their size for a 7-bit
# transport that a PDF with embedded fonts never had; it pays for the tags (pdf/tags.py)
rl_config.useA85 = 0

PAGE_SIZES = {"letter": LETTER, "a4": A4}
SIDEBAR_GAP = PANEL_PAD + GUTTER  # points from the sidebar's text to the main column's
TINT_SHORT = 72.0  # points: a tint ending nearer the paper's foot than this runs to it


@value
class Kind:
    """A kind of document made from a résumé — the résumé itself, or its cover letter
    (pdf/letter.py) — laid out, rendered and fitted by the same machinery."""

    story: Callable[..., Story] = build_story  # (résumé, theme, book, placed=, side_only=)
    title: str = "Résumé"  # the PDF's title is "NAME — title"
    subject: str | None = None  # default: the headline
    keywords: bool = True  # the skills as the PDF's keywords
    diagnose: Callable[..., ResumeError] | None = None  # fit.py's, when None


RESUME = Kind()


@value
class Rendered:
    """One layout pass. Its bytes are written only when asked for (`pdf`): a fit lays out
    several passes and keeps one, and writing a PDF (fonts subset, the structure tree,
    streams compressed) is a fifth of a pass."""

    written: bytes  # the PDF when made written; b"" while `write` is set
    pages: int
    used: float  # pages filled, e.g. 1.25 = one full page and a quarter of the next
    placed: Placed | None = None  # a sidebar's sections and width, as this pass decided
    fills: tuple[float, ...] = ()  # how full each page is (the fit's guess at a setting)
    write: Callable[[], bytes] | None = None  # the pass's PDF, laid out and not yet written

    @property
    def pdf(self) -> bytes:
        return self.write() if self.write is not None else self.written


class _ResumeDoc(BaseDocTemplate):
    """Adds an outline entry per section heading, and page numbers that never stand between
    two pieces of content in drawing order: page 1's is drawn after the page's content,
    every later page's before it (a sidebar's too). Drawn last on page 1 and first on page 2,
    the two numbers meet: no page number runs into a page's first heading ("1 / 2EDUCATION"),
    the résumé's first text is its name, not "1 / 2" (a parser read that into the summary),
    and page 1's last line ends before a number (pdf.js gives a page's last item no line end,
    so a parser joins it to what the next page draws first)."""

    footer: Callable[[Canvas, int], None] | None = None
    fills: list[float]  # each page's share of its frame that is filled, as it ends
    tags: tuple[str, str, str] = ("en", "", "")  # the language, title and author
    attachments: tuple[tuple[str, bytes], ...] = ()  # the embedded source (pdf/source.py)

    def beforeDocument(self) -> None:  # noqa: N802 (reportlab's name)
        self.canv.attachments = self.attachments
        tagger = getattr(self.canv, "tagger", None)
        if tagger is not None:
            tagger.lang, tagger.title, tagger.author = self.tags

    def afterFlowable(self, flowable: Flowable) -> None:  # noqa: N802 (reportlab's name)
        add_outline_entry(self.canv, flowable)

    ran_over = False  # page 1's main column ran on to a page 2

    def handle_frameEnd(self, resume: int = 0) -> None:  # noqa: N802 (reportlab's name)
        """A frame ends before the story does: the page runs on (the story's own end
        breaks the page without it)."""
        self.ran_over = True
        super().handle_frameEnd(resume)

    def afterPage(self) -> None:  # noqa: N802
        frame = self.frame
        self.fills.append((frame._y1 + frame._height - frame._y) / frame._height)  # noqa: SLF001
        if self.page == 1:
            self.canv.showOutline()

    def draw_footer(self, canv: Canvas, doc: BaseDocTemplate) -> None:
        """Each template's beforeDrawPage: the page number, an artifact, before the page
        (after it on page 1)."""
        if self.footer and self.page > 1:
            with artifact(canv, kind="Pagination"):
                self.footer(canv, self.page)

    def draw_first_footer(self, canv: Canvas, doc: BaseDocTemplate) -> None:
        """Each template's afterDrawPage: page 1's number, after page 1's content."""
        if self.footer and self.page == 1:
            with artifact(canv, kind="Pagination"):
                self.footer(canv, self.page)


def add_outline_entry(canv: Canvas, flowable: Flowable) -> None:
    title = getattr(flowable, "outline_title", None)
    if title:
        key = f"section-{id(flowable)}"
        canv.bookmarkPage(key)
        canv.addOutlineEntry(title, key, level=0, closed=False)


def render(
    resume: Resume,
    theme: Theme,
    book: FontBook,
    total: int | None = None,
    kind: Kind = RESUME,
    side: Theme | None = None,
    placed: Placed | None = None,
) -> Rendered:
    """One layout pass into PDF bytes; `total` adds 'page N / total' footers. `side` sets
    the sidebar in its own tightening (default: `theme`'s); the page's margins are `theme`'s.
    `placed`: a sidebar's sections and width as an earlier pass decided them (deciding
    measures every section in both columns, a third of a pass's time)."""
    buffer = io.BytesIO()
    doc = _ResumeDoc(
        buffer,
        pagesize=PAGE_SIZES[theme.page.size],
        invariant=1,
        initialFontName=book.primary,
        **_metadata(resume, kind),
    )
    doc.fills = []
    doc.tags = (resume.locale, f"{resume.name} — {kind.title}", resume.name)
    if resume.embed_source and kind is RESUME:  # a letter's PDF holds no résumé
        from .source import source_files

        doc.attachments = source_files(resume, theme.name, theme.page.size)
    story = kind.story(resume, theme, book, placed=placed)
    if side is not None and side != theme and story.side:  # one placement for both columns
        decided = (story.panel, story.width)
        panel = kind.story(resume, side, book, placed=decided, side_only=True).side
        story = Story(story.main, panel, story.panel, story.width)
    overflow: list[str] = []  # the sidebar section that did not fit, when one does not
    templates = _templates(theme, story.side, overflow, story.width)
    doc.addPageTemplates(templates)
    for template in doc.pageTemplates:
        template.beforeDrawPage = doc.draw_footer
        template.afterDrawPage = doc.draw_first_footer
    if total:
        main = templates[0].frames[0] if story.side else None
        first = (main._x1, main._width) if main else None  # noqa: SLF001
        doc.footer = _page_number(theme, book, total, resume.name, first)
    flowables = [NextPageTemplate("later"), *story.main] if story.side else story.main
    doc._doSave = 0  # noqa: SLF001 (reportlab's switch: the canvas is saved by `written`)
    try:
        doc.build(flowables, canvasmaker=KerningCanvas)
    except SidebarOverflow:  # re-raised here: reportlab rewrites exceptions raised inside it
        raise SidebarOverflow(overflow[-1]) from None
    except LayoutError:
        message = (
            "one block (a skill group, a table row or a kept-together entry start) is "
            "taller than a page: split it into smaller entries"
        )
        raise ResumeError([Problem(message)]) from None
    frame = doc.frame
    fill = (frame._y1 + frame._height - frame._y) / frame._height  # noqa: SLF001
    # a placement only where one was decided (a letter's panel holds its header alone)
    placement = (story.panel, story.width) if story.side and story.panel else None
    used = doc.page - 1 + fill
    return Rendered(b"", doc.page, used, placement, tuple(doc.fills), _writer(doc, buffer))


def _writer(doc: BaseDocTemplate, buffer: io.BytesIO) -> Callable[[], bytes]:
    """Writes the laid-out pass once, however often it is asked for."""
    done: list[bytes] = []

    def write() -> bytes:
        if not done:
            doc.canv.save()
            done.append(buffer.getvalue())
        return done[0]

    return write


def sidebar_problem(exc: SidebarOverflow) -> ResumeError:
    where = f" in {str(exc)!r}" if str(exc) else ""
    message = (
        f"the sidebar is taller than the page{where}: list fewer kinds in the "
        "style's layout.sidebar.sections, or use a single-column style"
    )
    return ResumeError([Problem(message)])


def _templates(
    theme: Theme, side: list[Flowable], overflow: list[str], side_width: float = 0.0
) -> list[PageTemplate]:
    """One full-width frame; or, for a sidebar style, page 1 with the sidebar drawn first
    (so it extracts as one block before the main column) and full-width later pages. The
    sidebar is `side_width` wide (as balanced by sidebar.py), its tint PANEL_PAD beyond its
    text, and the main column's text a GUTTER beyond the tint."""
    width, height = PAGE_SIZES[theme.page.size]
    m = theme.page.margins

    def column(x: float, w: float, name: str) -> Frame:
        return Frame(
            x,
            m.bottom,
            w,
            height - m.top - m.bottom,
            id=name,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )

    full = column(m.left, width - m.left - m.right, "full")
    if not side:
        return [PageTemplate("only", [full])]
    bar = replace(theme.layout.sidebar, width=side_width or theme.layout.sidebar.width)
    left, gap = bar.side == "left", PANEL_PAD + GUTTER
    # a right-to-left page (pdf/rtl.py) puts the sidebar on the other side
    left ^= any(getattr(getattr(f, "style", None), "rtl_page", False) for f in side)
    main = column(
        m.left + bar.width + gap if left else m.left,
        width - m.left - m.right - bar.width - gap,
        "main",
    )

    band = bar.width + PANEL_PAD + (m.left if left else m.right)
    tint: list[int] = []  # where page 1's tint is drawn in its content, until it ends
    frame = column(m.left if left else width - m.right - bar.width, bar.width, "side")

    def draw_tint(canv: Canvas, bottom: float) -> None:
        canv.rect(0 if left else width - band, bottom, band, height - bottom, stroke=0, fill=1)

    def draw_sidebar(canv: Canvas, doc: BaseDocTemplate) -> None:
        with artifact(canv):  # the tinted panel, its foot decided at the page's end
            canv.saveState()
            canv.setFillColor(HexColor(bar.background))
            draw_tint(canv, 0.0)
            tint[:] = [len(canv._code) - 1]  # noqa: SLF001
            canv.restoreState()
        frame._reset()  # noqa: SLF001
        section = "the header"
        with stream(canv, "side"):  # its own flow of parts in the structure tree
            for flowable in side:
                section = getattr(flowable, "outline_title", section)
                if not frame.add(flowable, canv):
                    overflow.append(section)
                    raise SidebarOverflow(section)
                add_outline_entry(canv, flowable)

    def end_tint(canv: Canvas, doc: BaseDocTemplate) -> None:
        """A page that ends short (its main column stops above the foot, none follows)
        ends its tint a bottom margin below the lower column: a tint running on below
        empty columns read as a page left unfinished."""
        if getattr(doc, "ran_over", False) or not tint:
            return
        bottom = min(frame._y, main._y) - m.bottom  # noqa: SLF001
        if bottom < TINT_SHORT:
            return
        code = canv._code  # noqa: SLF001
        draw_tint(canv, bottom)
        code[tint[0]] = code.pop()

    first = PageTemplate("first", [main], onPage=draw_sidebar, onPageEnd=end_tint)
    return [first, PageTemplate("later", [full])]


class SidebarOverflow(Exception):
    """The sidebar's content is taller than page 1."""


def _metadata(resume: Resume, kind: Kind) -> dict[str, object]:
    skills = [
        item
        for section in resume.sections
        if section.kind is SectionKind.SKILLS
        for group in section.items
        for item in (i.plain for i in group.items)
    ]
    return {
        "title": f"{resume.name} — {kind.title}",
        "author": resume.name,
        "subject": kind.subject or resume.headline or f"{kind.title} of {resume.name}",
        "keywords": skills if kind.keywords else [],
        "creator": f"resume-pdf {__version__}",
        "lang": resume.locale,
        "displayDocTitle": 1,
    }


def _page_number(
    theme: Theme, book: FontBook, total: int, name: str, first: tuple[float, float] | None
) -> Callable[[Canvas, int], None]:
    """`Alex Placeholder · 1 / 2` on every page, one form, so a loose page still says whose
    it is. Centred on the text below it: on the margins, and on page 1 of a sidebar style
    on the main column (`first`: its left edge and width), not on the paper under the
    panel. Drawn as a paragraph, so the name gets its fallback fonts."""
    style = ParagraphStyle(
        "footer",
        fontName=theme.fonts.body,
        fontSize=theme.sizes.small,
        leading=theme.sizes.small * 1.2,
        textColor=HexColor(theme.colors.muted),
        alignment=TA_CENTER,
    )
    m = theme.page.margins
    full = (m.left, PAGE_SIZES[theme.page.size][0] - m.left - m.right)

    def draw(canvas: Canvas, page: int) -> None:
        left, width = first if first and page == 1 else full
        shown = name
        while True:  # one line: a name too long for it loses words from its end
            owner = text_xml(shown + CONTACT_SEPARATOR, book, family=theme.fonts.body)
            para = Paragraph(owner + f"{page} / {total}", style)
            _, height = para.wrap(width, m.bottom)
            if height <= style.leading * 1.01 or " " not in shown:
                break
            shown = shown.removesuffix("…").rsplit(" ", 1)[0].rstrip() + "…"
        para.drawOn(canvas, left, m.bottom / 2 - height + style.fontSize)

    return draw
