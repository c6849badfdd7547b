"""Document -> a Word file (.docx) with python-docx.

Word's own structure, so Word's navigation pane and ATS parsers see it: the name in
"Heading 1", section titles in "Heading 2", bullets as "List Bullet" paragraphs (real
numbering-based bullets), dates right-aligned on a tab stop at the text's right edge,
clickable links (hyperlink relationships) at the size of the text around them, document
properties (title, author, subject, keywords, language) and the application's statistics
(Application "resume-pdf", words, characters, paragraphs, the PDF's page budget), the photo
floating beside the name as the PDF draws it, and no blank thumbnail. A cover letter keeps a
business letter's layout: the date at the right, space between the blocks, the subject
bold and spaced, three lines of room for a signature.

Fonts, language and compatibility: docx_parts.py (families every Word has, each with a free
metric-compatible twin, so LibreOffice keeps Word's pages).

Same input, same bytes: the properties' dates come from SOURCE_DATE_EPOCH (else the time
of the build) and the zip is rewritten with fixed entry times.
"""

from __future__ import annotations

import datetime as dt
import io
import os
import zipfile
from typing import Any

from docx import Document as new_docx
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_TAB_ALIGNMENT
from docx.opc.constants import RELATIONSHIP_TYPE
from docx.oxml import OxmlElement, parse_xml
from docx.oxml.ns import nsdecls, qn
from docx.shared import Inches, Pt, RGBColor

from ..text.inline import Rich, check_url
from .document import (
    Block,
    Bullets,
    Document,
    Entry,
    Heading,
    Look,
    Para,
    Photo,
    Role,
    Rows,
    Section,
)
from .docx_parts import child as _child
from .docx_parts import set_current_word, set_font_table, set_language, word_family

ZIP_TIME = (2000, 1, 1, 0, 0, 0)
# the children of w:pPr that the schema puts after w:pBdr
PPR_AFTER_PBDR = frozenset(
    "shd tabs suppressAutoHyphens kinsoku wordWrap overflowPunct topLinePunct autoSpaceDE"  # noqa: SIM905
    " autoSpaceDN bidi adjustRightInd snapToGrid spacing ind contextualSpacing mirrorIndents"
    " suppressOverlap jc textDirection textAlignment textboxTightWrap outlineLvl divId"
    " cnfStyle rPr sectPr pPrChange".split()
)
THEME_FONT_ATTRS = ("w:asciiTheme", "w:hAnsiTheme", "w:eastAsiaTheme", "w:cstheme")
# a letter's blocks: (lines of space before, lines after), as the PDF letter spaces them
LETTER_SPACING: dict[str, tuple[float, float]] = {
    "date": (0.5, 1),
    "recipient": (0, 2),
    "subject": (0, 1.5),
    "salutation": (0, 1),
    "body": (0, 1),
    "closing": (0, 3),  # room for a signature by hand
    "signature": (0, 0),
}
LINE = 1.2  # a line, in font sizes
EMU_PER_POINT = 12700
APP_XML = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/'
    'extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/'
    'docPropsVTypes"><Application>resume-pdf</Application>{pages}<Words>{words}</Words>'
    "<Characters>{chars}</Characters><CharactersWithSpaces>{spaced}</CharactersWithSpaces>"
    "<Paragraphs>{paras}</Paragraphs><TotalTime>0</TotalTime><DocSecurity>0</DocSecurity>"
    "<ScaleCrop>false</ScaleCrop><LinksUpToDate>false</LinksUpToDate>"
    "<SharedDoc>false</SharedDoc><HyperlinksChanged>false</HyperlinksChanged></Properties>"
)


def render_docx(doc: Document) -> bytes:
    word = new_docx()
    _set_properties(word, doc)
    _set_page(word, doc.look)
    _set_styles(word, doc.look, doc.kind == "letter")
    set_font_table(word, doc.look)
    set_language(word, doc.lang)
    set_current_word(word)
    tab = Pt(doc.look.page_width - doc.look.margins[2] - doc.look.margins[3])
    for part in doc.parts():
        blocks = (Heading(part.title), *part.blocks) if isinstance(part, Section) else (part,)
        for block in blocks:
            _block(word, block, doc.look, tab, doc.kind == "letter")
    if doc.photo:
        _add_photo(word, doc.photo, doc.look)
    _set_statistics(word, doc)
    buffer = io.BytesIO()
    word.save(buffer)
    return _fixed_zip(buffer.getvalue())


def _epoch() -> dt.datetime:
    seconds = os.environ.get("SOURCE_DATE_EPOCH", "")
    if seconds.isdigit():
        return dt.datetime.fromtimestamp(int(seconds), dt.UTC).replace(tzinfo=None)
    return dt.datetime.now(dt.UTC).replace(tzinfo=None, microsecond=0)


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
    """Set a style's font: the Word family standing for the style's `family` (its East Asian
    and complex-script text keeps `family`); the template's theme-font references are
    removed, or Word would keep showing its own theme font."""
    style.font.name = word_family(family)
    style.font.size, style.font.color.rgb = Pt(size), _rgb(color)
    if bold is not None:
        style.font.bold = bold
    fonts = style.element.get_or_add_rPr().get_or_add_rFonts()
    for attr in THEME_FONT_ATTRS:
        fonts.attrib.pop(qn(attr), None)
    fonts.set(qn("w:eastAsia"), family)
    fonts.set(qn("w:cs"), family)


def _set_styles(word: Any, look: Look, letter: bool) -> None:
    styles = word.styles
    size = look.entry_size if letter else look.body_size
    _font(styles["Normal"], look.body_font, size, look.text)
    styles["Normal"].paragraph_format.space_after = Pt(0 if letter else 3)
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
    for name in ("List Bullet", "List Bullet 2"):
        _font(styles[name], look.body_font, look.body_size, look.text)


LIST_INDENT = 0.25  # inches a list level is indented, as Word's own list styles are


def _list(word: Any, block: Bullets, look: Look, depth: int = 0) -> None:
    """Bullets as Word's list styles ("List Bullet", "List Bullet 2" nested); an item with a
    written marker ("3.") keeps it as text before a tab, hanging like a list item: Word's
    own numbering would count on from the previous list and cannot count down."""
    for i, item in enumerate(block.items):
        marker = block.marker(i)
        if marker:
            para = word.add_paragraph(style=word.styles["List Bullet"])
            _no_numbering(para)
            para.paragraph_format.left_indent = Inches(LIST_INDENT * (depth + 1))
            para.paragraph_format.first_line_indent = Inches(-LIST_INDENT)
            para.add_run(marker + "\t")
        else:
            para = word.add_paragraph(
                style=word.styles["List Bullet 2" if depth else "List Bullet"]
            )
        _runs(para, item, look)
        sub = block.sub(i)
        if sub:
            _list(word, sub, look, depth + 1)


def _no_numbering(para: Any) -> None:
    """Switch the style's bullet off for one paragraph (numId 0), keeping its font."""
    num = para._p.get_or_add_pPr().get_or_add_numPr()
    num.get_or_add_ilvl().val = 0
    num.get_or_add_numId().val = 0


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


def _block(word: Any, block: Block, look: Look, tab: Any, letter: bool) -> None:
    if isinstance(block, Heading):  # styles passed as objects: a lookup by name costs ~10 ms
        word.add_paragraph(block.text, style=word.styles[f"Heading {block.level}"])
    elif isinstance(block, Para):
        para = word.add_paragraph()
        size, color = _role_look(block.role, look)
        for i, line in enumerate(block.lines):
            if i:
                para.add_run().add_break()
            _runs(para, line, look, size, color)
        if letter:
            _letter_part(para, block.role, look)
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
            _runs(word.add_paragraph(), block.sub, look, look.small_size, look.muted)
    elif isinstance(block, Bullets):
        _list(word, block, look)
    elif isinstance(block, Rows):
        for row in block.rows:
            para = word.add_paragraph()
            label = row.label if row.label is not None else (row.dates.text if row.dates else "")
            if label:
                head = para.add_run(label)
                head.bold, head.font.color.rgb = True, _rgb(look.accent)
                para.add_run(": ")
            _runs(para, row.text, look)


def _role_look(role: Role, look: Look) -> tuple[float | None, str | None]:
    """(size, colour) of a paragraph's runs, None for the style's own."""
    if role in ("contact", "muted"):
        return look.small_size, look.muted
    if role in ("headline", "subject"):
        return None, look.accent
    return None, None


def _letter_part(para: Any, role: Role, look: Look) -> None:
    """A letter's block spaced as a business letter: the date at the right, blank lines
    between the blocks, room for a signature."""
    if role not in LETTER_SPACING:
        return
    before, after = LETTER_SPACING[role]
    size = look.entry_size
    para.paragraph_format.space_before = Pt(before * size * LINE)
    para.paragraph_format.space_after = Pt(after * size * LINE)
    if role == "date":
        para.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    if role == "subject":
        para.paragraph_format.keep_with_next = True
        for run in para.runs:
            run.font.name = word_family(look.heading_font)
    if role in ("closing", "salutation"):
        para.paragraph_format.keep_with_next = True


def _runs(
    para: Any, text: Rich, look: Look, size: float | None = None, color: str | None = None
) -> None:
    """Spans as runs, all at one size (a link's too); a link span becomes a hyperlink
    holding its run."""
    for span in text.spans:
        run = para.add_run(span.text)
        run.bold = span.bold or None
        run.italic = span.italic or None
        if size is not None:
            run.font.size = Pt(size)
        if color is not None:
            run.font.color.rgb = _rgb(color)
        if span.url and check_url(span.url) is None:
            run.font.color.rgb = _rgb(look.link)
            run.font.underline = True
            link = OxmlElement("w:hyperlink")
            rel = para.part.relate_to(span.url, RELATIONSHIP_TYPE.HYPERLINK, is_external=True)
            link.set(qn("r:id"), rel)
            run._r.addprevious(link)
            link.append(run._r)


def _add_photo(word: Any, photo: Photo, look: Look) -> None:
    """The photo floating at the right of the name (at the left, atop a left sidebar), text
    wrapped around it, clipped to the style's shape: where the PDF draws it."""
    name = word.paragraphs[0]
    run = name.add_run()
    name._p.remove(run._r)
    name._p.insert(1 if name._p.pPr is not None else 0, run._r)  # first, after the properties
    run.add_picture(io.BytesIO(photo.png), width=Pt(photo.size), height=Pt(photo.size))
    inline = run._r.find(".//" + qn("wp:inline"))
    side = "left" if look.sidebar and look.sidebar_side == "left" else "right"
    gap = str(round(12 * EMU_PER_POINT))
    anchor = parse_xml(
        f'<wp:anchor {nsdecls("wp")} distT="0" distB="0" distL="{gap if side == "right" else 0}"'
        f' distR="{0 if side == "right" else gap}" simplePos="0" relativeHeight="1"'
        ' behindDoc="0" locked="0" layoutInCell="1" allowOverlap="0">'
        '<wp:simplePos x="0" y="0"/>'
        f'<wp:positionH relativeFrom="margin"><wp:align>{side}</wp:align></wp:positionH>'
        '<wp:positionV relativeFrom="paragraph"><wp:posOffset>0</wp:posOffset></wp:positionV>'
        "</wp:anchor>"
    )
    extent, *rest = [c for c in inline if c.tag != qn("wp:effectExtent")]
    anchor.append(extent)
    anchor.append(parse_xml(f'<wp:effectExtent {nsdecls("wp")} l="0" t="0" r="0" b="0"/>'))
    wrap = "left" if side == "right" else "right"
    anchor.append(parse_xml(f'<wp:wrapSquare {nsdecls("wp")} wrapText="{wrap}"/>'))
    for child in rest:
        anchor.append(child)
    inline.getparent().replace(inline, anchor)
    geometry = anchor.find(".//" + qn("a:prstGeom"))
    if geometry is not None and photo.shape in ("circle", "rounded"):
        geometry.set("prst", "ellipse" if photo.shape == "circle" else "roundRect")
        if photo.shape == "rounded":  # the PDF's corner: 12 % of the side
            guides = geometry.find(qn("a:avLst"))
            if guides is None:
                guides = _child(geometry, "a:avLst")
            guide = _child(guides, "a:gd")
            guide.set("name", "adj"), guide.set("fmla", "val 12000")


def _set_statistics(word: Any, doc: Document) -> None:
    """Application "resume-pdf" and the document's real counts in docProps/app.xml, in
    place of python-docx's template ("Microsoft Macintosh Word", 0 words); and no
    thumbnail: the template's is a blank page, which file browsers would show."""
    package = word.part.package
    texts = [p.text for p in word.paragraphs if p.text.strip()]
    spaced = sum(len(t) for t in texts)
    pages = f"<Pages>{doc.pages}</Pages>" if doc.pages else ""
    app = package.part_related_by(RELATIONSHIP_TYPE.EXTENDED_PROPERTIES)
    app._blob = APP_XML.format(
        pages=pages,
        words=sum(len(t.split()) for t in texts),
        chars=sum(len("".join(t.split())) for t in texts),
        spaced=spaced,
        paras=len(texts),
    ).encode("utf-8")
    for rid, rel in list(package.rels.items()):
        if rel.reltype == RELATIONSHIP_TYPE.THUMBNAIL:
            package.rels.pop(rid)


def _fixed_zip(data: bytes) -> bytes:
    """The same entries with fixed times, so two builds give the same bytes."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            fixed = zipfile.ZipInfo(info.filename, ZIP_TIME)
            fixed.compress_type, fixed.external_attr = zipfile.ZIP_DEFLATED, 0o644 << 16
            dst.writestr(fixed, src.read(info.filename))
    return out.getvalue()
