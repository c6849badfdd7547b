"""A BibTeX file's text -> its entries, each field's value expanded and located.

bibtexparser (v2) splits the file into blocks and fields, with their lines, and keeps a
block it cannot read as a failed block so the rest of the file still reads; here each
value is expanded as BibTeX does (`@string` macros, `#` concatenation, month macros), a
`crossref`'s parent lends the fields its child lacks, and an entry is marked malformed
with the reason (a doubled `@@`, a field given twice, a key used twice, an unclosed brace)
so the caller can warn or refuse by whether it is selected. LaTeX becomes Unicode with
pylatexenc (`{\\"u}` -> ü, `--` -> –, braces dropped), only on the fields shown.
"""

from __future__ import annotations

import logging
import re
from functools import cache

from ..errors import Location
from ..values import field, replace, value

MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_FAILED_HEAD = re.compile(r"@\s*(\w+)\s*[{(]\s*([^,\s{}()]+)")
_YEAR = re.compile(r"(?i)\byear\s*=\s*[{\"]?\s*(\d{4})")
_KEYWORDS = re.compile(r"(?i)\bkeywords\s*=\s*[{\"]([^}\"]*)")
_DUPLICATE = re.compile(r"Duplicate field keys on entry: (.*?)\.")


class Places:
    """Where each field of an entry is given, found on the line only when asked: most
    entries of a large file are never shown, and 3,000 locations cost ~15 ms."""

    def __init__(self, lines: list[str], name: str) -> None:
        self.lines, self.name = lines, name
        self.at: dict[str, tuple[int, str] | Location] = {}

    def __contains__(self, key: str) -> bool:
        return key in self.at

    def __getitem__(self, key: str) -> Location:
        found = self.at[key]
        if isinstance(found, tuple):
            found = self.at[key] = _place(self.lines, found[0], found[1], self.name)
        return found

    def get(self, key: str, default: Location) -> Location:
        return self[key] if key in self.at else default


@value
class BibEntry:
    key: str
    type: str  # lower case: article, inproceedings, ...
    location: Location  # the `@` of the entry
    fields: dict[str, str] = field(default_factory=dict)  # name (lower case) -> expanded text
    places: Places = field(default_factory=lambda: Places([], ""))  # name -> where it is
    problem: str = ""  # why the entry is malformed; "" when it is not


_QUIET = logging.NullHandler()


def parse_bib(text: str, name: str) -> list[BibEntry]:
    """Every entry of the file, in file order, the malformed ones marked."""
    import bibtexparser
    from bibtexparser import model

    logging.getLogger("bibtexparser").addHandler(_QUIET)  # never Python's stderr fallback
    logger = logging.getLogger("bibtexparser.splitter")
    disabled, logger.disabled = logger.disabled, True  # its parse errors are ours to report
    try:
        library = bibtexparser.parse_string(text, parse_stack=[])
    finally:
        logger.disabled = disabled
    lines = text.split("\n")
    strings: dict[str, str] = {}
    entries: list[BibEntry] = []
    doubled = False
    for block in library.blocks:
        if isinstance(block, model.String):
            strings[block.key.lower()] = expand(block.value, strings)
        elif isinstance(block, model.ImplicitComment):
            doubled = block.raw.rstrip().endswith("@")  # `@@article`: the first `@` alone
            continue
        elif isinstance(block, model.Entry):
            entry = _entry(block, strings, lines, name)
            entries.append(replace(entry, problem="a doubled `@`") if doubled else entry)
        elif isinstance(block, model.DuplicateFieldKeyBlock):
            found = _DUPLICATE.search(str(block.error))
            given = f"field `{found.group(1).strip(chr(39))}`" if found else "a field"
            entry = _entry(block.ignore_error_block, strings, lines, name)
            entries.append(replace(entry, problem=f"{given} given twice"))
        elif isinstance(block, model.DuplicateBlockKeyBlock):
            first = block.previous_block.start_line + 1
            entry = _entry(block.ignore_error_block, strings, lines, name)
            entries.append(replace(entry, problem=f"key `{block.key}` used before (line {first})"))
        elif isinstance(block, model.ParsingFailedBlock):
            entries.append(_failed(block, lines, name))
        doubled = False
    _inherit(entries)
    return entries


def _entry(block, strings: dict[str, str], lines: list[str], name: str) -> BibEntry:  # type: ignore[no-untyped-def]
    fields: dict[str, str] = {}
    places = Places(lines, name)
    for f in block.fields:
        key = f.key.lower()
        fields.setdefault(key, expand(f.value, strings))
        places.at.setdefault(key, (f.start_line, f.key))
    at = _place(lines, block.start_line, "@", name)
    return BibEntry(block.key, block.entry_type.lower(), at, fields, places)


def _place(lines: list[str], line: int, word: str, name: str) -> Location:
    """`word` on the 0-based `line` (the column of its first occurrence, or 1)."""
    text = lines[line].lower() if 0 <= line < len(lines) else ""
    word = word.lower()
    at = text.find(word)
    while at > 0 and (text[at - 1].isalnum() or text[at - 1] in "_-"):  # `title` in `booktitle`
        at = text.find(word, at + 1)
    return Location(name, line + 1, at + 1 if at >= 0 else 1)


def _failed(block, lines: list[str], name: str) -> BibEntry:  # type: ignore[no-untyped-def]
    """A block bibtexparser could not read: its type, key, year and keywords as far as
    they can be seen, so a selection can still tell whether it was wanted."""
    head = _FAILED_HEAD.search(block.raw)
    kind, key = (head.group(1).lower(), head.group(2)) if head else ("", "")
    fields = {}
    if year := _YEAR.search(block.raw):
        fields["year"] = year.group(1)
    if keywords := _KEYWORDS.search(block.raw):
        fields["keywords"] = keywords.group(1)
    said = str(block.error or "").strip().splitlines()
    reason = said[-1].strip() if said and "still looking" not in said[-1] else ""
    reason = reason or "an unclosed brace or quote: it runs into the next entry"
    at = _place(lines, block.start_line, "@", name)
    return BibEntry(key, kind, at, fields, Places(lines, name), f"malformed entry ({reason})")


def expand(raw: str, strings: dict[str, str]) -> str:
    """A field's raw value as BibTeX reads it: `{...}` or `"..."` as written (inner braces
    kept for the LaTeX decoder), a number, or a macro; parts joined by `#`."""
    out = []
    for part in _parts(raw):
        part = part.strip()
        if len(part) >= 2 and (part[0], part[-1]) in (("{", "}"), ('"', '"')):
            out.append(part[1:-1])
        elif part.isdigit():
            out.append(part)
        elif part.lower() in strings:
            out.append(strings[part.lower()])
        elif part.lower() in MONTHS:
            out.append(str(MONTHS.index(part.lower()) + 1))  # `month = mar`: the number
        else:
            out.append(part)  # an undefined macro: its name, as BibTeX warns and goes on
    return "".join(out)


def _parts(raw: str) -> list[str]:
    """`raw` split at each `#` outside braces and quotes."""
    if "#" not in raw:
        return [raw]
    parts, depth, quoted, start = [], 0, False, 0
    for i, ch in enumerate(raw):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == '"' and depth == 0:
            quoted = not quoted
        elif ch == "#" and depth == 0 and not quoted:
            parts.append(raw[start:i])
            start = i + 1
    return [*parts, raw[start:]]


def _inherit(entries: list[BibEntry]) -> None:
    """A `crossref`'s parent lends its fields; a book's or proceedings' title is the
    child's `booktitle`. Fields keep the parent's lines."""
    by_key = {e.key.lower(): e for e in entries if not e.problem}
    for entry in entries:
        parent = by_key.get(entry.fields.get("crossref", "").strip().lower())
        if parent is None or parent is entry:
            continue
        lent = dict(parent.fields)
        if "title" in lent and parent.type in ("proceedings", "book", "collection"):
            lent.setdefault("booktitle", lent["title"])
        for key, text in lent.items():
            if key not in entry.fields and key not in ("title", "crossref"):
                entry.fields[key] = text
                given = key if key in parent.places else "title"  # a booktitle: the title
                entry.places.at[key] = parent.places.get(given, parent.location)


_PLAIN_DASHES = (("---", "—"), ("--", "–"), ("~", "\u00a0"), ("``", "“"), ("''", "”"))
_WORDS = re.compile(r"(?:[^\s{}]|\{(?:[^{}]|\{[^{}]*\})*\})+|\S")  # brace groups kept whole


def decode(text: str) -> str:
    """LaTeX as Unicode text: accents, dashes, ties and quotes; braces dropped. Only the
    words holding a command go through pylatexenc (~0.7 ms a call), each word once: a
    name's `M{\\"u}ller` in fifty entries is decoded one time."""
    if "$" in text:  # math may span words
        return " ".join(_latex_text(text).split())
    words = _WORDS.findall(" ".join(text.split()))
    return " ".join(_latex_text(w) if "\\" in w else _plain(w) for w in words)


def _plain(word: str) -> str:
    for tex, char in _PLAIN_DASHES:
        word = word.replace(tex, char)
    return word.replace("{", "").replace("}", "")


@cache
def _latex_text(text: str) -> str:
    from pylatexenc.latex2text import LatexNodes2Text

    try:
        return _converter(LatexNodes2Text).latex_to_text(text).strip()
    except (RecursionError, ValueError, IndexError, KeyError):  # LaTeX it cannot read
        return _plain(text)


@cache
def _converter(kind):  # type: ignore[no-untyped-def]
    return kind(math_mode="text", strict_latex_spaces=False)


def split_names(text: str) -> list[tuple[str, str]]:
    """The names of an `author` field, each as (shown: "Jörg Müller", family: "Müller");
    `others` is ("et al.", "")."""
    from bibtexparser.middlewares.names import split_multiple_persons_names

    return [_name(raw) for raw in split_multiple_persons_names(" ".join(text.split()))]


@cache
def _name(raw: str) -> tuple[str, str]:
    """One name, once however many entries it is in (co-authors come back)."""
    from bibtexparser.middlewares.names import InvalidNameError, parse_single_name_into_parts

    if raw.strip().lower() == "others":
        return ("et al.", "")
    try:
        parts = parse_single_name_into_parts(raw, strict=False)
    except InvalidNameError:
        return (decode(raw), decode(raw))
    family = " ".join([*parts.von, *parts.last])
    shown = " ".join([*parts.first, family]) + (f", {' '.join(parts.jr)}" if parts.jr else "")
    return (decode(shown), decode(" ".join(parts.last)))
