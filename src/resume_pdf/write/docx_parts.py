"""The Word file's settings beyond its text: which fonts it names (and how its font table
declares them), its language, and that it is a current Word document.

Fonts: a .docx cannot carry a font stack, and a reader without the named font gets
whatever their program guesses (LibreOffice asks fontconfig: DejaVu or Noto Sans, a wider
face with taller lines, and a one-page résumé became two). So the text is set in a family
every Word has, or the style's own family where it is one of those, each of which has a
free metric-compatible twin that LibreOffice and fontconfig substitute for it: Calibri ->
Carlito, Cambria -> Caladea, Arial -> Liberation Sans, Times New Roman -> Liberation Serif,
Courier New -> Liberation Mono, Georgia -> Gelasio. Word and LibreOffice then lay out the
same widths. The font table declares each with its twin as `w:altName` and its PANOSE
number, class and pitch (what Word matches a missing font by); the style's own family stays
the East Asian and complex-script font, with the Word family as its alternative.
"""

from __future__ import annotations

from typing import Any

from docx.opc.constants import RELATIONSHIP_TYPE
from docx.opc.oxml import serialize_part_xml
from docx.oxml import OxmlElement, parse_xml
from docx.oxml.ns import qn

from .document import Look, font_kind

# a family every Word has: (its metric-compatible free twin, PANOSE-1, class, pitch)
WORD_FONTS = {
    "Calibri": ("Carlito", "020F0502020204030204", "swiss", "variable"),
    "Cambria": ("Caladea", "02040503050406030204", "roman", "variable"),
    "Arial": ("Liberation Sans", "020B0604020202020204", "swiss", "variable"),
    "Arial Narrow": ("Liberation Sans Narrow", "020B0606020202030204", "swiss", "variable"),
    "Times New Roman": ("Liberation Serif", "02020603050405020304", "roman", "variable"),
    "Courier New": ("Liberation Mono", "02070309020205020404", "modern", "fixed"),
    "Georgia": ("Gelasio", "02040502050405020303", "roman", "variable"),
}
# a style family that is one of those under another name (or is its twin)
SAME_METRICS = {
    **{twin: word for word, (twin, *_) in WORD_FONTS.items()},
    **{"Helvetica": "Arial", "Arimo": "Arial", "Tinos": "Times New Roman"},
    **{"Times": "Times New Roman", "Cousine": "Courier New", "Courier": "Courier New"},
}
BY_KIND = {"sans": "Calibri", "serif": "Cambria", "mono": "Courier New"}
WORD_2013 = "15"  # compatibilityMode: Word 2013 and later, no "Compatibility Mode" banner


def word_family(family: str) -> str:
    """The family the Word file names for a style's `family`: the family itself where every
    Word has it, its Word twin, else the Word family of its kind (Calibri for sans, Cambria
    for serif, Courier New for monospaced)."""
    if family in WORD_FONTS:
        return family
    return SAME_METRICS.get(family) or BY_KIND[font_kind(family)]


def set_font_table(word: Any, look: Look) -> None:
    """Every family the file names in Word's font table: a Word family with its free twin
    as `altName`, a style's own family with its Word family; each with PANOSE number, class
    and pitch. The template's entries of the same names are replaced."""
    part = word.part.part_related_by(RELATIONSHIP_TYPE.FONT_TABLE)
    table = parse_xml(part.blob)
    known = {font.get(qn("w:name")): font for font in table.findall(qn("w:font"))}
    entries: dict[str, tuple[str, str]] = {}  # name -> (alternative, the Word family)
    for family in (look.body_font, look.heading_font, look.name_font):
        chosen = word_family(family)
        entries.setdefault(chosen, (WORD_FONTS[chosen][0], chosen))
        if family != chosen:
            entries.setdefault(family, (chosen, chosen))
    for name, (alternative, chosen) in entries.items():
        if name in known:
            table.remove(known[name])
        _, panose, kind, pitch = WORD_FONTS[chosen]
        font = child(table, "w:font")
        font.set(qn("w:name"), name)
        for tag, val in (("altName", alternative), ("panose1", panose), ("charset", "00")):
            child(font, f"w:{tag}").set(qn("w:val"), val)
        child(font, "w:family").set(qn("w:val"), kind)
        child(font, "w:pitch").set(qn("w:val"), pitch)
    part._blob = serialize_part_xml(table)


def set_language(word: Any, lang: str) -> None:
    """The document's language (`locale:`) as the default of every run, so Word and
    LibreOffice spell-check and hyphenate it as written; also the theme fonts' language.
    East Asian and right-to-left text get it as their own language where it is theirs."""
    tag = lang.replace("_", "-")
    base = tag.split("-")[0].lower()
    defaults = word.styles.element.find(qn("w:docDefaults"))
    rpr = defaults.find(qn("w:rPrDefault")).find(qn("w:rPr"))
    language = rpr.find(qn("w:lang"))
    if language is None:
        language = child(rpr, "w:lang")
    language.set(qn("w:val"), tag)
    if base in ("zh", "ja", "ko"):
        language.set(qn("w:eastAsia"), tag)
    if base in ("ar", "he", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ckb"):
        language.set(qn("w:bidi"), tag)
    theme = word.settings.element.find(qn("w:themeFontLang"))
    if theme is not None:
        theme.set(qn("w:val"), tag)


def set_current_word(word: Any) -> None:
    """Mark the file as Word 2013 or later (python-docx's template says Word 2010, which
    opens it in Compatibility Mode with older layout rules)."""
    for setting in word.settings.element.iter(qn("w:compatSetting")):
        if setting.get(qn("w:name")) == "compatibilityMode":
            setting.set(qn("w:val"), WORD_2013)


def child(parent: Any, tag: str) -> Any:
    """A new last child `tag` (prefixed, e.g. `w:font`) of `parent`."""
    child = OxmlElement(tag)
    parent.append(child)
    return child
