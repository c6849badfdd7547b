"""The checks every build makes before any file is written, whatever its formats.

In: the validated résumé, its theme and what is shown (the résumé's fields, or a
letter's). Out: the FontBook the layout will use, or a ResumeError listing every
problem: a malformed SOURCE_DATE_EPOCH, characters no font can draw (in the shown text
and the style's own words), and with --strict every warning. build.py runs these before
laying out a PDF or writing a twin, so the twins fail where the PDF would.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from .. import thirdparty
from ..errors import Problem, ResumeError, Severity
from ..model.resume import Resume
from ..model.schema import TextField
from ..style.theme import Theme
from ..values import replace

if TYPE_CHECKING:
    from ..fonts.book import FontBook

# drawn by the layout itself: bullets, separators, arrows, ellipses, page numbers
LAYOUT_CHARS = frozenset(
    "".join(chr(c) for c in range(0x20, 0x7F)) + "•·→–—…‐’“”«»、。，：（）/年月日현재至今"
)


def make_book(resume: Resume, theme: Theme, extra: tuple[TextField, ...] = ()) -> FontBook:
    """The theme's fonts; a CFF font among them is converted for the characters shown
    (the résumé's, and `extra`: a letter's)."""
    from ..fonts.book import FontBook
    from ..model.content import displayed_fields
    from ..text.cldr import locale_words

    needed = set(LAYOUT_CHARS)
    if theme.fonts.user:
        for field in (*displayed_fields(resume), *extra):
            needed.update(field.text, field.text.upper())
        needed.update(locale_words(resume.locale) + theme.dates.separator + theme.dates.present)
    return FontBook.for_theme(theme.fonts, frozenset(needed))


def _check_glyphs(
    resume: Resume,
    theme: Theme,
    book: FontBook,
    strict: bool,
    shown: tuple[TextField, ...] | None = None,
) -> None:
    """Characters no font can draw — in what the résumé (or `shown`, the letter) shows and
    in the style's own words — are errors; with --strict, so are warnings."""
    from ..fonts.missing import missing_glyphs
    from ..model.content import displayed_fields
    from ..style.dates import present_word

    book.load_user_faces()
    style_words = (
        TextField("style dates.separator", theme.dates.separator, None),
        TextField("style dates.present", present_word(theme.dates, resume.locale), None),
    )
    fields = displayed_fields(resume) if shown is None else shown
    problems = missing_glyphs((*fields, *style_words), book, resume.locale)
    if strict:
        warnings = (*resume.warnings, *theme.warnings)  # a note (what was asked for) stays one
        problems += [
            replace(w, severity=Severity.ERROR) for w in warnings if w.severity is Severity.WARNING
        ]
    if problems:
        raise ResumeError(problems)


def check_shown(
    resume: Resume, theme: Theme, strict: bool, shown: tuple[TextField, ...] | None = None
) -> FontBook:
    """The checks every build makes before any file, whatever its formats: the date
    variable, and every shown text (the résumé's, or `shown`: a letter's) — characters no
    font draws, U+FFFE and U+FFFF among them, are located errors for the twins too, since
    python-docx refuses them and a reader's viewer could not show them."""
    thirdparty.import_pdf_side()
    _check_source_date()
    book = make_book(resume, theme, shown or ())
    _check_glyphs(resume, theme, book, strict, shown)
    return book


def _check_source_date() -> None:
    """SOURCE_DATE_EPOCH, when set, must be whole seconds since 1970 up to the year 9999;
    reportlab would raise ValueError on anything else. A malformed value is an error, as
    reproducible-builds.org asks, rather than a silently different date."""
    value = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if value and not (value.isascii() and value.isdigit() and int(value) <= 253_402_300_799):
        msg = (
            f"SOURCE_DATE_EPOCH must be a whole number of seconds since 1970 "
            f"(e.g. 1700000000), got {value[:40]!r}"
        )
        raise ResumeError([Problem(msg, field="SOURCE_DATE_EPOCH")])
