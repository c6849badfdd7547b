"""`--verify`, the portals' own limits beside the text: what applicant-tracking portals do
to a PDF before any parser reads it. Taleo's default attachment cap is 1 MB; Greenhouse does
not parse a file over 2.5 MB; iCIMS-hosted parsers time out on heavy files and skip what
sits in a page's header or footer; upload forms reject file names with characters outside
a plain set. Only the size over 2.5 MB fails the build; the rest are warnings.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import Problem, Severity
from ..model.resume import ANY_PAGES, Budget, Resume

WARN_BYTES = 1_000_000  # Taleo's default attachment cap
FAIL_BYTES = 2_500_000  # Greenhouse parses nothing larger
FURNITURE = 36.0  # points: the top and bottom half inch, a page's header and footer
_PLAIN_NAME = re.compile(r"[A-Za-z0-9 ._()-]+")
FIELDS = ("pdf.size", "pdf.file_name", "pdf.pages", "contact.email", "contact.phone")


def portal_problems(
    resume: Resume, pdf: bytes, output: Path | None, budget: Budget
) -> list[Problem]:
    """The limits `pdf`, to be written as `output` (None: not written, as for `check`) for
    a budget of `budget`, runs into."""
    from io import BytesIO

    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(BytesIO(pdf))
    try:
        pages = len(document)
        named = _file_name(output.name) if output is not None else []
        problems = _size(len(pdf)) + named + _pages(pages, budget)
        return problems + _contact_in_furniture(resume, document)
    finally:
        document.close()


def _size(size: int) -> list[Problem]:
    shown = f"the PDF is {size / 1_000_000:.1f} MB ({size:,} bytes)"
    if size > FAIL_BYTES:
        message = (
            f"{shown}: Greenhouse does not parse a file over 2.5 MB, and Taleo's default "
            "attachment cap is 1 MB"
        )
        hint = "use a smaller photo (or none), or fewer fonts; docs/performance.md"
        return [Problem(message, field="pdf.size", hint=hint)]
    if size > WARN_BYTES:
        message = (
            f"{shown}: over Taleo's default 1 MB attachment cap; iCIMS-hosted parsers time "
            "out on heavy files"
        )
        hint = "a photo is the usual weight: docs/performance.md"
        return [Problem(message, field="pdf.size", severity=Severity.WARNING, hint=hint)]
    return []


def _file_name(name: str) -> list[Problem]:
    odd = sorted({c for c in name if not _PLAIN_NAME.fullmatch(c)})
    if not odd:
        return []
    shown = " ".join(repr(c)[1:-1] if c.isprintable() else repr(c) for c in odd)
    message = (
        f"the file name {name!r} holds characters upload forms reject or garble ({shown}); "
        "Workday and Taleo take letters, digits, spaces and . _ - ( )"
    )
    return [Problem(message, field="pdf.file_name", severity=Severity.WARNING)]


def _pages(pages: int, budget: Budget) -> list[Problem]:
    if budget == ANY_PAGES or pages <= int(budget):
        return []
    message = f"{pages} pages, over the {budget}-page budget asked for"
    return [Problem(message, field="pdf.pages", severity=Severity.WARNING)]


def _contact_in_furniture(resume: Resume, document: object) -> list[Problem]:
    """A contact detail drawn only in a page's top or bottom half inch: parsers that skip
    headers and footers (iCIMS's among them) never see it."""
    problems = []
    located = {f.path: f.location for f in resume.texts}
    for field, text in (("email", resume.contact.email), ("phone", resume.contact.phone)):
        if not text:
            continue
        spots = list(_where(document, text))
        if spots and all(_furniture(*spot) for spot in spots):
            message = (
                f"the {field} is only in a page's header or footer (the top or bottom half "
                "inch), which iCIMS-hosted parsers skip"
            )
            where = located.get(f"contact.{field}")
            hint = "keep it in the contact line under the name as well"
            problems.append(Problem(message, where, f"contact.{field}", Severity.WARNING, hint))
    return problems


def _furniture(low: float, high: float, height: float) -> bool:
    """Drawn within a page's top half inch (a header) or its bottom one (a footer)."""
    return height - low < FURNITURE or high < FURNITURE


def _where(document: object, text: str) -> list[tuple[float, float, float]]:
    """Each place `text` is drawn: its lowest and highest y and its page's height."""
    spots = []
    for page in document:  # type: ignore[attr-defined]
        height = page.get_height()
        textpage = page.get_textpage()
        searcher = textpage.search(text, match_case=False)
        while (found := searcher.get_next()) is not None:
            start, count = found
            boxes = [textpage.get_charbox(i) for i in range(start, start + count)]
            low, high = min(b[1] for b in boxes), max(b[3] for b in boxes)
            spots.append((low, high, height))
        searcher.close()
        textpage.close()
        page.close()
    return spots
