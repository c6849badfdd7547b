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


@value
class BibEntry:
    key: str
    type: str  # lower case: article, inproceedings, ...
    location: Location  # the `@` of the entry
    fields: dict[str, str] = field(default_factory=dict)  # name (lower case) -> expanded text
    places: dict[str, Location] = field(default_factory=dict)  # name -> where it is given
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
    places: dict[str, Location] = {}
    for f in block.fields:
        key = f.key.lower()
        fields.setdefault(key, expand(f.value, strings))
        places.setdefault(key, _place(lines, f.start_line, f.key, name))
    at = _place(lines, block.start_line, "@", name)
    return BibEntry(block.key, block.entry_type.lower(), at, fields, places)


def _place(lines: list[str], line: int, word: str, name: str) -> Location:
    """`word` on the 0-based `line` (the column of its first occurrence, or 1)."""
    text = lines[line] if 0 <= line < len(lines) else ""
    found = re.search(rf"(?i)(?<![\w-]){re.escape(word)}", text)
    return Location(name, line + 1, found.start() + 1 if found else 1)


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
    return BibEntry(key, kind, at, fields, {}, f"malformed entry ({reason})")


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
                entry.places[key] = parent.places.get(
                    key, parent.places.get("title", parent.location)
                )


@cache
def _latex():  # type: ignore[no-untyped-def]
    from pylatexenc.latex2text import LatexNodes2Text

    return LatexNodes2Text(math_mode="text", strict_latex_spaces=False)


_PLAIN_DASHES = (("---", "—"), ("--", "–"), ("~", "\u00a0"), ("``", "“"), ("''", "”"))


def decode(text: str) -> str:
    """LaTeX as Unicode text: accents, dashes, ties and quotes; braces dropped. Text with no
    command or math is done here (most fields: ~1 ms saved each)."""
    if "\\" in text or "$" in text:
        text = _latex().latex_to_text(text)
    else:
        for tex, char in _PLAIN_DASHES:
            text = text.replace(tex, char)
        text = text.replace("{", "").replace("}", "")
    return " ".join(text.split())


def split_names(text: str) -> list[tuple[str, str]]:
    """The names of an `author` field, each as (shown: "Jörg Müller", family: "Müller");
    `others` is ("et al.", "")."""
    from bibtexparser.middlewares.names import (
        InvalidNameError,
        parse_single_name_into_parts,
        split_multiple_persons_names,
    )

    out = []
    for raw in split_multiple_persons_names(" ".join(text.split())):
        if raw.strip().lower() == "others":
            out.append(("et al.", ""))
            continue
        try:
            parts = parse_single_name_into_parts(raw, strict=False)
        except InvalidNameError:
            out.append((decode(raw), decode(raw)))
            continue
        family = " ".join([*parts.von, *parts.last])
        shown = " ".join([*parts.first, family]) + (f", {' '.join(parts.jr)}" if parts.jr else "")
        out.append((decode(shown), decode(" ".join(parts.last))))
    return out
