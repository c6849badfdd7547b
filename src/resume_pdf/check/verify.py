"""`--verify`: read the written PDF back as an applicant-tracking system would (pypdf's
text layer) and report, per field, what it cannot recover.

Checks, after the normalisation of ATS.md §C: every displayed field's words appear in the
text layer in order (order-preserving word recall 1.0), no junk characters, no words glued
together or split apart, every link of the résumé present with its exact target and an
allowed scheme, every font mapped to Unicode; and the tags (pdf/tags.py) as a screen reader
meets them: every text run in a tagged element or an artifact, the structure tree's reading
order the source's, every link annotation held by a /Link, the photo's alternative text
(verify_tags.py). pypdf is imported only here and there.
"""

from __future__ import annotations

import io
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from ..errors import Problem, ReadBackFailed, Severity, quote, quote_all
from ..model.content import Occurrences, displayed, expected_links
from ..model.resume import ANY_PAGES, Budget, Resume
from ..model.schema import TextField
from ..text.bidi import has_rtl
from ..text.inline import ALLOWED_SCHEMES
from .words import FOLD, JUNK, lcs_len, tokens

_LATIN = re.compile("[A-Za-z]")
_NEUTRALS = str.maketrans(dict.fromkeys("()[]{}<>%+-._&;\u2010\u2011"))


def _mixed_line_held(wanted: list[str], found: list[str], shown: str) -> bool:
    """A right-to-left field whose words all stand in the text layer. PDFium orders the
    runs of a line mixing directions by its own rules (a Latin word first, a comma between
    Latin words: "B.Sc., מדעי המחשב" reads "B.Sc., המחשב מדעי"), so across runs only their
    presence is checked; within a run of right-to-left words, their order (_rtl_runs)."""
    if not has_rtl(shown):
        return False
    have = Counter(found)
    return all(have[t] >= n for t, n in Counter(wanted).items())


def _rtl_runs(wanted: list[str]) -> list[list[str]]:
    """The field's runs of two or more right-to-left words in a row (no Latin word or
    number between them): on a line without Latin letters PDFium reads such a run in its
    order (measured, docs/scripts-and-fonts.md), so --verify checks their order there."""
    runs: list[list[str]] = [[]]
    for token in wanted:
        if has_rtl(token) and not any(c.isascii() and c.isalnum() for c in token):
            runs[-1].append(token)
        elif runs[-1]:
            runs.append([])
    return [run for run in runs if len(run) > 1]


def _run_in_order(run: list[str], found: list[str]) -> bool:
    """Whether `run` stands in `found` in its order, the words near each other (another
    column's words, a date, may come between on a line: a few are allowed)."""
    reach = len(run) + 6
    for start, token in enumerate(found):
        if token != run[0]:
            continue
        at, window = 1, found[start + 1 : start + reach]
        for other in window:
            at += other == run[at] if at < len(run) else 0
        if at == len(run):
            return True
    return False


def _bare_tokens(text: str) -> list[str]:
    """Words with brackets, hyphens, full stops, _ & ; % and + and marks (shadda, niqqud) set
    aside: PDFium places these by its own bidi rules beside right-to-left letters ("ב-2020"
    reads "ב2020-", a mirrored bracket mirrored, a shadda at the line's start), the letters
    and digits in order (docs/scripts-and-fonts.md)."""
    bare = text.translate(_NEUTRALS)
    return tokens("".join(c for c in bare if unicodedata.category(c) != "Mn"))


def extractor(resume: Resume) -> str:
    """The text extractor `verify_pdf` reads this résumé's PDF with, as results name it."""
    return "pdfium" if any(has_rtl(field.text) for field in resume.texts) else "pypdf"


def read_back(
    resume: Resume,
    pdf: bytes,
    shown: Iterable[tuple[str, str]] | None = None,
    links: Iterable[str] | None = None,
    *,
    output: Path | None = None,
    budget: Budget = ANY_PAGES,
) -> list[Problem]:
    """`verify_pdf` and the portals' limits (verify_portals.py, `output` the file's name):
    raises ReadBackFailed, naming the extractor, on any error; returns the warnings."""
    from .verify_portals import portal_problems

    portal = portal_problems(resume, pdf, output, budget)
    errors = [*verify_pdf(resume, pdf, shown, links)]
    errors += [p for p in portal if p.severity is Severity.ERROR]
    warnings = [p for p in portal if p.severity is not Severity.ERROR]
    if errors:
        raise ReadBackFailed([*errors, *warnings], extractor(resume))
    return warnings


def verify_pdf(
    resume: Resume,
    pdf: bytes,
    shown: Iterable[tuple[str, str]] | None = None,
    links: Iterable[str] | None = None,
) -> list[Problem]:
    """Problems reading `pdf` back; `shown` and `links` say what it displays (by default,
    what the résumé shows; the cover letter passes its own)."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf))
    pages = [page.extract_text() for page in reader.pages]
    # right-to-left text is drawn in visual order: pypdf reads its words backwards, PDFium
    # puts each line back in logical order (docs/scripts-and-fonts.md, the measurement)
    rtl = any(has_rtl(field.text) for field in resume.texts)
    if rtl:
        pages = _pdfium_pages(pdf)
    text = "\n".join(pages)
    text = re.sub(r"(?<=\w-)\n(?=\w)", "", text)  # a word broken after its own hyphen
    split = _bare_tokens if rtl else tokens
    found = split(text)
    # the lines without a Latin letter: PDFium orders a line holding one by its own rules
    pure = split("\n".join(line for line in text.splitlines() if not _LATIN.search(line)))
    where = Occurrences(resume.texts)
    by = " as PDFium reads it" if rtl else ""
    problems = []
    vocabulary = set()
    read: list[str] = []  # the fields the text layer holds, for the structure tree's check
    for name, text_shown in displayed(resume) if shown is None else shown:
        wanted = split(text_shown)
        vocabulary.update(wanted)
        field = where.next(text_shown)
        read += [text_shown] if lcs_len(wanted, found) == len(wanted) else []
        if rtl and _mixed_line_held(wanted, found, text_shown):
            backwards = [r for r in _rtl_runs(wanted) if not _run_in_order(r, pure)]
            backwards = [r for r in backwards if set(r) <= set(pure)]
            if backwards:
                example = quote_all(backwards[0][:5])
                message = f"right-to-left words out of order{by} (e.g. {example})"
                problems.append(_at(field, name, message))
            continue
        if wanted and lcs_len(wanted, found) < len(wanted):
            missing = [t for t in wanted if t not in found][:5] or wanted[:5]
            message = (
                f"not recovered from the PDF's text layer in order{by} (e.g. {quote_all(missing)})"
            )
            problems.append(_at(field, name, message))
    wanted_links = expected_links(resume) if links is None else links
    problems += _glued(found, vocabulary) + _links(reader, wanted_links) + _fonts(reader)
    junk = sorted(set(JUNK.findall(text)))
    if junk:
        problems.append(Problem(f"the text layer holds junk characters {junk}"))
    problems += _page_ends(pages)
    problems += _touching_fields(resume, pdf, where)
    titles = [s.title for s in resume.sections] if shown is None else []
    titles = [t for t in titles if lcs_len(tokens(t), found) == len(tokens(t))]
    from .verify_tags import check_structure

    problems += check_structure(reader, read, titles, split, text)
    return problems


def _at(field: TextField | None, name: str, message: str) -> Problem:
    """A problem at the field the words came from (its line), else named for the part."""
    return Problem(message, field.location if field else None, field.path if field else name)


def _pdfium_pages(pdf: bytes) -> list[str]:
    """Each page's text as PDFium reads it, lines in logical order."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        return [page.get_textpage().get_text_range().replace("\r\n", "\n") for page in document]
    finally:
        document.close()


_FOOTER = re.compile(r"(.*\S\s+)?\d+\s*/\s*\d+")


def _page_ends(pages: list[str]) -> list[Problem]:
    """A page's text ends with a line end, so a reader that joins the pages does not glue
    its last line to the next page's first (a section title); and no page but the last
    ends with its page number unless the next begins with its own: otherwise a reader that
    takes text in drawing order (pdf.js) runs it into the next page's first heading
    ("1 / 2EDUCATION")."""
    problems = []
    for number, (text, after) in enumerate(zip(pages, pages[1:], strict=False), 1):
        last = text.rstrip().rsplit("\n", 1)[-1].strip()
        first = after.lstrip().split("\n", 1)[0].strip()
        if text.strip() and not text.endswith("\n"):
            message = (
                f"page {number}'s text does not end with a line end: its last line "
                f"{last[:40]!r} runs into page {number + 1}'s first line {first[:40]!r}"
            )
            problems.append(Problem(message))
        if _FOOTER.fullmatch(last) and not _FOOTER.fullmatch(first):
            message = f"page {number} ends with its page number ({last[:40]!r}), not content"
            problems.append(Problem(message))
    return problems


_FIELDS = ("role", "organization", "institution", "degree", "location")


def _touching_fields(resume: Resume, pdf: bytes, where: Occurrences) -> list[Problem]:
    """Two fields of one entry (role and organisation, school and degree, a place) that a
    parser reads as one item: drawn as runs closer than about a character's width, as
    heuristic ATS parsers merge them ("Principal Engineer, Zahlwerk AG")."""
    items = {_norm(item) for item in text_items(pdf)}
    problems = []
    for section in resume.sections:
        for entry in section.items:
            fields = [(n, getattr(entry, n, None)) for n in _FIELDS]
            shown = [(n, _norm(v.plain)) for n, v in fields if v is not None and v.plain.strip()]
            for i, (name, a) in enumerate(shown):
                for other, b in shown[i + 1 :]:
                    if a in b or b in a:
                        continue
                    joined = next((t for t in items if _only(t, a, b)), None)
                    if joined is None:
                        continue
                    field = where.next(getattr(entry, name).plain)
                    message = (
                        f"{name} and {other} are drawn as one text item ({joined[:60]!r}): "
                        "a parser cannot tell them apart"
                    )
                    problems.append(
                        Problem(message, field.location if field else None, field and field.path)
                    )
    return problems


def _only(item: str, a: str, b: str) -> bool:
    """Is `item` the two fields and nothing else but punctuation, spaces or a bullet?"""
    return (
        a in item
        and b in item
        and not re.sub(r"[\W_]", "", item.replace(a, "", 1).replace(b, "", 1))
    )


def _norm(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text.translate(FOLD)).casefold().split())


def text_items(pdf: bytes) -> list[str]:
    """The PDF's text as a heuristic parser groups it: runs of one font and size on one
    baseline (a space between two runs belongs to neither), and runs on one line closer
    than 0.45 em (about a character's width) merged into one item."""
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    out: list[str] = []
    document = pdfium.PdfDocument(pdf)
    try:
        for page in document:
            textpage = page.get_textpage()
            name = ctypes.create_string_buffer(128)
            flags = ctypes.c_int()
            runs: list[list[object]] = []  # [text, font, size, baseline, x0, x1]
            space = False
            for k in range(textpage.count_chars()):
                char = chr(raw.FPDFText_GetUnicode(textpage, k))
                if raw.FPDFText_IsGenerated(textpage, k) or char.isspace():
                    space = True
                    continue
                raw.FPDFText_GetFontInfo(textpage, k, name, 128, ctypes.byref(flags))
                size = raw.FPDFText_GetFontSize(textpage, k)
                x0, y0, x1, _ = textpage.get_charbox(k, loose=True)
                run = runs[-1] if runs else None
                line = run is not None and abs(run[3] - y0) < 0.3 * size
                if run and line and run[1:3] == [name.value, size] and x0 - run[5] < 0.6 * size:
                    run[0] += (" " if space else "") + char
                    run[5] = x1
                elif run and line and x0 - run[5] <= 0.45 * max(size, run[2]):
                    run[0] += char  # a merge: nothing between but a dropped space
                    run[1:3], run[5] = [name.value, size], x1
                else:
                    runs.append([char, name.value, size, y0, x0, x1])
                space = False
            out += [str(r[0]) for r in runs]
            textpage.close()
            page.close()
    finally:
        document.close()
    return out


def _glued(found: list[str], vocabulary: set[str]) -> list[Problem]:
    """Words of the résumé run together, or broken apart, in the text layer. A number is
    never two words glued: a start year 2020 (printed by the layout, so not in the
    vocabulary) beside a "team of 20" in the text is no glued `20|20`."""
    glued = [t for t in found if t not in vocabulary and not t.isdigit() and _splits(t, vocabulary)]
    split = [
        a + "|" + b
        for a, b in zip(found, found[1:], strict=False)
        if a + b in vocabulary and (a not in vocabulary or b not in vocabulary)
    ]
    out = [Problem(f"words glued together in the text layer: {quote_all(glued[:5])}")]
    apart = [Problem(f"words split apart in the text layer: {quote_all(split[:5])}")]
    return (out if glued else []) + (apart if split else [])


def _splits(token: str, vocabulary: set[str], parts: int = 2) -> bool:
    """Is `token` 2 to 4 words of the résumé run together?"""
    if parts > 4:
        return False
    return any(
        token[:i] in vocabulary
        and (token[i:] in vocabulary or _splits(token[i:], vocabulary, parts + 1))
        for i in range(1, len(token))
    )


def _links(reader: object, expected: Iterable[str]) -> list[Problem]:
    uris = [
        a.get_object()["/A"]["/URI"]
        for page in reader.pages  # type: ignore[attr-defined]
        for a in page.get("/Annots") or []
        if "/A" in a.get_object()
    ]
    problems = [
        Problem(f"link with a refused scheme in the PDF: {quote(u)}")
        for u in uris
        if u.split(":", 1)[0].lower() not in ALLOWED_SCHEMES
    ]
    problems += [
        Problem(f"link missing from the PDF: {quote(u)}") for u in expected if u not in uris
    ]
    return problems


def _fonts(reader: object) -> list[Problem]:
    bad = set()
    for page in reader.pages:  # type: ignore[attr-defined]
        for font in (page.get("/Resources", {}).get("/Font") or {}).values():
            font = font.get_object()
            if "/ToUnicode" not in font:
                bad.add(str(font.get("/BaseFont")))
    return [
        Problem(f"font without a Unicode map (text cannot be extracted): {f}") for f in sorted(bad)
    ]
