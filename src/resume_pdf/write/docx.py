"""Document -> a Word file (.docx) with python-docx.

Word's own structure, so Word's navigation pane and ATS parsers see it: the name in
"Heading 1", section titles in "Heading 2", bullets as "List Bullet" paragraphs (real
numbering-based bullets), dates right-aligned on a tab stop at the text's right edge,
clickable links (hyperlink relationships), document properties (title, author, subject,
keywords, language). The style's colours, family names, sizes and page are set on Word's
styles; Word substitutes a family it does not have. The page count is Word's own.

Same input, same bytes: the properties' dates come from SOURCE_DATE_EPOCH (else
2000-01-01) and the zip is rewritten with fixed entry times.
"""

from __future__ import annotations

import datetime as dt
import io
import os
import zipfile
from typing import Any

from docx import Document as new_docx
from docx.enum.text import WD_TAB_ALIGNMENT
from docx.opc.constants import RELATIONSHIP_TYPE
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Pt, RGBColor

from ..text.inline import Rich, check_url
from .document import Block, Bullets, Document, Entry, Heading, Look, Para, Rows, Section

ZIP_TIME = (2000, 1, 1, 0, 0, 0)
# the children of w:pPr that the schema puts after w:pBdr
PPR_AFTER_PBDR = frozenset(
    "shd tabs suppressAutoHyphens kinsoku wordWrap overflowPunct topLinePunct autoSpaceDE"  # noqa: SIM905
    " autoSpaceDN bidi adjustRightInd snapToGrid spacing ind contextualSpacing mirrorIndents"
    " suppressOverlap jc textDirection textAlignment textboxTightWrap outlineLvl divId"
    " cnfStyle rPr sectPr pPrChange".split()
)
THEME_FONT_ATTRS = ("w:asciiTheme", "w:hAnsiTheme", "w:eastAsiaTheme", "w:cstheme")


def render_docx(doc: Document) -> bytes:
    word = new_docx()
    _set_properties(word, doc)
    _set_page(word, doc.look)
    _set_styles(word, doc.look)
    tab = Pt(doc.look.page_width - doc.look.margins[2] - doc.look.margins[3])
    for part in doc.parts():
        blocks = (Heading(part.title), *part.blocks) if isinstance(part, Section) else (part,)
        for block in blocks:
            _block(word, block, doc.look, tab)
    buffer = io.BytesIO()
    word.save(buffer)
    return _fixed_zip(buffer.getvalue())


def _epoch() -> dt.datetime:
    seconds = os.environ.get("SOURCE_DATE_EPOCH", "")
    if seconds.isdigit():
        return dt.datetime.fromtimestamp(int(seconds), dt.UTC).replace(tzinfo=None)
    return dt.datetime(2000, 1, 1)


def _set_properties(word: Any, doc: Document) -> None:
    props = word.core_properties
    props.title, props.author, props.subject = doc.title, doc.author, doc.subject
    props.keywords = ", ".join(doc.keywords)
    props.language = doc.lang
    props.last_modified_by = doc.author
    props.comments = "Made with resume-pdf"
    props.revision = 1
    props.created = props.modified = props.last_printed = _epoch()


def _set_page(word: Any, look: Look) -> None:
    section = word.sections[0]
    section.page_width, section.page_height = Pt(look.page_width), Pt(look.page_height)
    top, bottom, left, right = look.margins
    section.top_margin, section.bottom_margin = Pt(top), Pt(bottom)
    section.left_margin, section.right_margin = Pt(left), Pt(right)


def _rgb(color: str) -> RGBColor:
    return RGBColor.from_string(color.lstrip("#").upper())


def _font(style: Any, family: str, size: float, color: str, bold: bool | None = None) -> None:
    """Set a style's font; the template's theme-font references are removed, or Word would
    keep showing its own theme font instead of the style's family."""
    style.font.name, style.font.size, style.font.color.rgb = family, Pt(size), _rgb(color)
    if bold is not None:
        style.font.bold = bold
    fonts = style.element.get_or_add_rPr().get_or_add_rFonts()
    for attr in THEME_FONT_ATTRS:
        fonts.attrib.pop(qn(attr), None)
    fonts.set(qn("w:eastAsia"), family)
    fonts.set(qn("w:cs"), family)


def _set_styles(word: Any, look: Look) -> None:
    styles = word.styles
    _font(styles["Normal"], look.body_font, look.body_size, look.text)
    styles["Normal"].paragraph_format.space_after = Pt(3)
    name = styles["Heading 1"]
    _font(name, look.name_font, look.name_size, look.text, bold=True)
    name.paragraph_format.space_after = Pt(2)
    heading = styles["Heading 2"]
    _font(heading, look.heading_font, look.heading_size, look.accent, bold=True)
    heading.font.all_caps = look.uppercase
    heading.font.small_caps = look.treatment == "smallcaps"
    heading.paragraph_format.space_before = Pt(10)
    heading.paragraph_format.space_after = Pt(4)
    if look.treatment == "rule":
        _border(heading, "bottom", look.rule)
    elif look.treatment == "bar":
        _border(heading, "left", look.rule)
    _font(styles["List Bullet"], look.body_font, look.body_size, look.text)


def _border(style: Any, side: str, color: str) -> None:
    """A paragraph border on a style (python-docx has no API for it), placed where the
    OOXML schema's sequence wants it: Word refuses a file with children out of order."""
    ppr = style.element.get_or_add_pPr()
    borders = OxmlElement("w:pBdr")
    edge = OxmlElement(f"w:{side}")
    size, space = ("6", "1") if side == "bottom" else ("18", "4")
    for key, value in (("val", "single"), ("sz", size), ("space", space), ("color", color[1:])):
        edge.set(qn(f"w:{key}"), value)
    borders.append(edge)
    later = [child for child in ppr if child.tag.split("}")[-1] in PPR_AFTER_PBDR]
    if later:
        later[0].addprevious(borders)
    else:
        ppr.append(borders)


def _block(word: Any, block: Block, look: Look, tab: Any) -> None:
    if isinstance(block, Heading):  # styles passed as objects: a lookup by name costs ~10 ms
        word.add_paragraph(block.text, style=word.styles[f"Heading {block.level}"])
    elif isinstance(block, Para):
        para = word.add_paragraph()
        for i, line in enumerate(block.lines):
            if i:
                para.add_run().add_break()
            _runs(para, line, look)
        if block.role in ("contact", "muted"):
            _muted(para, look)
        elif block.role == "headline":
            for run in para.runs:
                run.font.color.rgb = _rgb(look.accent)
    elif isinstance(block, Entry):
        para = word.add_paragraph()
        para.paragraph_format.space_before = Pt(4)
        para.paragraph_format.keep_with_next = True
        _runs(para, block.title, look)
        if block.dates:
            para.paragraph_format.tab_stops.add_tab_stop(tab, WD_TAB_ALIGNMENT.RIGHT)
            run = para.add_run("\t" + block.dates.text)
            run.font.color.rgb, run.font.size = _rgb(look.muted), Pt(look.small_size)
        if block.sub:
            sub = word.add_paragraph()
            _runs(sub, block.sub, look)
            _muted(sub, look)
    elif isinstance(block, Bullets):
        for item in block.items:
            _runs(word.add_paragraph(style=word.styles["List Bullet"]), item, look)
    elif isinstance(block, Rows):
        for row in block.rows:
            para = word.add_paragraph()
            label = row.label if row.label is not None else (row.dates.text if row.dates else "")
            if label:
                head = para.add_run(label)
                head.bold, head.font.color.rgb = True, _rgb(look.accent)
                para.add_run(": ")
            _runs(para, row.text, look)


def _muted(para: Any, look: Look) -> None:
    for run in para.runs:
        run.font.color.rgb, run.font.size = _rgb(look.muted), Pt(look.small_size)


def _runs(para: Any, text: Rich, look: Look) -> None:
    """Spans as runs; a link span becomes a hyperlink holding its run."""
    for span in text.spans:
        run = para.add_run(span.text)
        run.bold = span.bold or None
        run.italic = span.italic or None
        if span.url and check_url(span.url) is None:
            run.font.color.rgb = _rgb(look.link)
            run.font.underline = True
            link = OxmlElement("w:hyperlink")
            rel = para.part.relate_to(span.url, RELATIONSHIP_TYPE.HYPERLINK, is_external=True)
            link.set(qn("r:id"), rel)
            run._r.addprevious(link)
            link.append(run._r)


def _fixed_zip(data: bytes) -> bytes:
    """The same entries with fixed times, so two builds give the same bytes."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            fixed = zipfile.ZipInfo(info.filename, ZIP_TIME)
            fixed.compress_type, fixed.external_attr = zipfile.ZIP_DEFLATED, 0o644 << 16
            dst.writestr(fixed, src.read(info.filename))
    return out.getvalue()
