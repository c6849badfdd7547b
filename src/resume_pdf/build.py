"""The one orchestration of the pipeline, used by the CLI, watch mode and batches.

load résumé (and tailor it) -> load theme -> check glyphs -> fit and render -> write
atomically -> optional PNGs and read-back verification. Everything that can go wrong
with the input surfaces as one ResumeError.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING

from . import thirdparty  # noqa: F401 (first: imports yaml fast, see there)
from .check.preflight import check_shown
from .check.results import fit_fields
from .errors import Problem, ResumeError, Severity
from .model.resume import Resume, SectionKind
from .model.resume_schema import load_resume
from .model.schema import TextField
from .style.theme import Theme, load_theme
from .values import replace, value

if TYPE_CHECKING:
    from .pdf.fit import Fitted
    from .write.document import Cut, Document

DEFAULT_PAGES = 2  # the page budget when neither the résumé nor --pages sets one


@value
class Options:
    """What the command line chose; each wins over the résumé's own setting."""

    style: str | None = None
    page_size: str | None = None
    pages: int | str | None = None  # 1..20 or "any"
    strict: bool = False
    variant: str | None = None
    language: str | None = None  # --lang: the texts' language (default: the file's first)
    png: bool = False
    verify: bool = False
    formats: tuple[str, ...] = ()  # --format; empty: the résumé's `formats:`, else the PDF
    references: bool = True  # a JSON Resume's / YAMLResume's `references` (--no-references: not)
    embed_source: bool = False  # --embed-source: as the résumé's `embed_source: true`


@value
class BuildResult:
    output: Path
    pages: int
    seconds: float
    warnings: tuple[Problem, ...]
    fit_note: str = ""  # the tightening applied to keep the page budget
    pngs: tuple[Path, ...] = ()
    watched: tuple[Path, ...] = ()  # the résumé and its style chain, for watch mode
    twins: tuple[Path, ...] = ()  # the .txt/.md/... written beside the PDF (pages 0: no PDF)
    verified: bool = False  # --verify read every field back from the PDF
    details: str = ""  # style, budget and layout passes, for --verbose
    source_format: str = ""  # the foreign format the résumé was read from, if any
    budget: int | str = 0  # the page budget kept (0: no PDF)
    adjust: float = 0.0  # the fit: > 0 tightened, < 0 grown (pdf/fit.py)
    scale: float = 1.0  # the body type against the style's
    extractor: str = ""  # what --verify read the PDF with
    findings: tuple[Problem, ...] = ()  # --verify's warnings (the portals' limits)


@value
class Checked:
    """What `check` found: a résumé that builds, how it keeps its budget, its warnings."""

    pages: int
    budget: int | str
    note: str
    warnings: tuple[Problem, ...]
    letter: Fitted | None = None  # the cover letter, laid out as `letter` does
    adjust: float = 0.0  # the fit: > 0 tightened, < 0 grown (pdf/fit.py)
    scale: float = 1.0  # the body type against the style's

    @property
    def summary(self) -> str:
        used = f"{self.pages} page{'s' * (self.pages != 1)}"
        if self.budget == "any":
            shown = f"{used} (no page budget)"
        else:
            budget = f"{self.budget}-page budget"
            shown = f"{used} within its {budget}" + (f", {self.note}" if self.note else "")
        if self.letter is not None:
            note = f", {self.letter.note}" if self.letter.note else ""
            shown += f"; letter: {self.letter.pages} page{'s' * (self.letter.pages != 1)}{note}"
        return shown


def default_output(resume_path: Path, variant: str | None = None, lang: str | None = None) -> Path:
    """`resume.yaml` -> `output/resume.pdf` (`output/resume-VARIANT.pdf`, in a language
    `output/resume-VARIANT.LANG.pdf`), beside it."""
    stem = f"{resume_path.stem}-{variant}" if variant else resume_path.stem
    return resume_path.parent / "output" / f"{stem}{f'.{lang}' * bool(lang)}.pdf"


def load_inputs(
    resume_path: Path, options: Options = Options(), letter: bool = False
) -> tuple[Resume, Theme]:
    """The validated (and tailored) résumé and its theme; for a `letter`, with the letter of
    a letter.yaml beside it when it has no `letter:` block."""
    resume = load_resume(resume_path, references=options.references, language=options.language)
    if letter:
        from .model.cover_letter import attach_letter_file

        resume = attach_letter_file(resume, resume_path)
    if options.variant is not None:  # `--variant ""` is an unknown variant, not the master
        from .model.variants import tailor

        resume = tailor(resume, options.variant).resume
    try:
        theme = load_theme(
            options.style or resume.style, resume_path.parent, any_path=options.style is not None
        )
    except ResumeError as exc:
        raise _style_located(exc, resume_path, options) from None
    resume = _with_photo(resume, resume_path.parent)
    if any(s.kind is SectionKind.PUBLICATIONS for s in resume.sections):
        from .style.authors import shorten_authors

        resume = shorten_authors(resume, int(theme.publications.authors_max))
    return resume, theme.with_page_size(options.page_size or resume.page_size)


def _style_located(exc: ResumeError, resume_path: Path, options: Options) -> ResumeError:
    """A style the résumé names but that cannot be found is reported at the résumé's
    `style:` line (the variant's, when it sets one); a --style one names the option."""
    if options.style is not None:
        where, field = None, "--style"
    else:
        from .read.source import read_source

        source = read_source(resume_path)
        path: tuple[str, ...] = ("style",)
        if options.variant and (("variants", options.variant, "style") in source.keys):
            path = ("variants", options.variant, "style")
        where, field = source.locate(path), ".".join(path)
    return ResumeError(
        [replace(p, location=where, field=field) if p.field == "style" else p for p in exc.problems]
    )


def check(resume_path: Path, options: Options = Options()) -> Checked:
    """Validate everything a build would, and lay it out to prove the page budget holds;
    the cover letter too, when there is one, as `letter` would. Writes nothing. The
    résumé's and the letter's problems are reported together, each once."""
    resume, theme = load_inputs(resume_path, options, letter=True)
    problems: list[Problem] = []
    try:
        fitted, budget, notes = _fit(resume, theme, options)
    except ResumeError as exc:
        problems += exc.problems
    try:
        letter = check_letter(resume, theme, resume_path, options)
    except ResumeError as exc:  # the header's and --strict's problems are the résumé's too
        problems += [p for p in exc.problems if p not in problems]
    if problems:
        raise ResumeError(problems)
    warnings = (*resume.warnings, *theme.warnings, *notes)
    fit = (fitted.adjust, fitted.scale)
    return Checked(fitted.pages, budget, fitted.note, warnings, letter, *fit)


def check_letter(
    resume: Resume, theme: Theme, resume_path: Path, options: Options = Options()
) -> Fitted | None:
    """The résumé's cover letter (loaded with `load_inputs(..., letter=True)`) checked and
    fitted to its page as `letter` does, writing nothing; None when it has none. A `letter:`
    with no body whose variants bring their own is their common base, not a letter."""
    if resume.letter is None or (not resume.letter.body and _variants_write_it(resume)):
        return None
    from .model.cover_letter import letter_fields, require_letter
    from .pdf.letter import fit_letter

    letter = require_letter(resume, resume_path)
    book = check_shown(resume, theme, options.strict, letter_fields(resume, letter))
    return fit_letter(resume, letter, theme, book)


def _variants_write_it(resume: Resume) -> bool:
    return any(v.letter is not None and v.letter.body for _, v in resume.variants)


def _with_photo(resume: Resume, folder: Path) -> Resume:
    """The résumé with its photo checked (a located error when unusable) and its path
    made absolute for the layout; `photo: false` means none."""
    if resume.photo is None or not resume.photo.path:
        return replace(resume, photo=None)
    from .pdf.photo import check_photo

    path = check_photo(resume.photo, folder)
    return replace(resume, photo=replace(resume.photo, path=str(path)))


def _read_beside(resume: Resume, resume_path: Path) -> tuple[Path, ...]:
    """The other files the résumé's text was read from (a `bib:` file, the CSVs of an
    unzipped LinkedIn export): never an output, and watched with the résumé."""
    named = {str(t.location.file) for t in resume.texts if t.location is not None}
    named.discard(str(resume_path))
    return tuple(Path(n) for n in sorted(named) if os.path.isfile(n))


def build(
    resume_path: Path, output: Path | None = None, options: Options = Options()
) -> BuildResult:
    """Build every format asked for; nothing is written until all of them are made."""
    started = time.perf_counter()
    from .write.output import check_output_path, check_targets, write_atomic
    from .write.raster import add_pages, remove_stale_pages

    out = output or default_output(resume_path, options.variant, options.language)
    check_output_path(out, [resume_path])
    resume, theme = load_inputs(resume_path, options)
    if options.embed_source or resume.embed_source:  # the settings it was built with, in it
        from .pdf.source import as_built

        resume = as_built(resume, options.style, options.pages, options.page_size)
    formats = options.formats or resume.formats or ("pdf",)
    files: dict[Path, bytes] = {}
    pages, note, details = 0, "", ""
    fitted, budget = None, 0
    if "pdf" in formats:
        fitted, budget, notes = _fit(resume, theme, options, out)
        pages, note, files[out] = fitted.pages, fitted.note, fitted.pdf
        details = (
            f"style {theme.name} ({', '.join(Path(f).name for f in theme.files)}); "
            f"budget {_pages(budget)}; {fitted.passes} layout "
            f"pass{'es' * (fitted.passes != 1)}"
        )
    else:  # the twins alone pass the same checks as a PDF
        notes = check_shown(resume, theme, options.strict).notes
    twins, cut = _twins(resume, theme, out, [f for f in formats if f != "pdf"], options)
    files.update(twins)
    pngs = add_pages(files, out, pages) if options.png and pages else ()
    sources = _read_beside(resume, resume_path)
    check_targets(files, [resume_path, *sources, *(Path(f) for f in theme.files)])
    for path, data in files.items():
        write_atomic(path, data)
    removed = remove_stale_pages(out, pages) if pngs else []
    seconds = time.perf_counter() - started
    fonts = {face.path for family in theme.fonts.user for face in family.faces}
    watched = (resume_path, *sources, *(Path(f) for f in (*theme.files, *sorted(fonts))))
    warnings = (*resume.warnings, *theme.warnings, *notes, *cut, *removed)
    verified = options.verify and bool(pages)
    fit = fit_fields(fitted, budget, resume if verified else None)
    made = (out, pages, seconds, warnings, note, pngs, watched, tuple(twins), verified, details)
    return BuildResult(*made, resume.source_format, **fit)


def _pages(budget: int | str) -> str:
    return "any number of pages" if budget == "any" else f"{budget} page{'s' * (budget != 1)}"


def _fit(
    resume: Resume, theme: Theme, options: Options, out: Path | None = None
) -> tuple[Fitted, int | str, list[Problem]]:
    """The PDF laid out within its page budget, checked for glyphs and, with --verify, read
    back and held to the portals' limits (as `out`); with the budget it kept and the notes
    of its fonts (an installed one used) and of the read-back (its warnings)."""
    book = check_shown(resume, theme, options.strict)
    from .pdf.fit import fit

    budget = options.pages or resume.pages or DEFAULT_PAGES
    fitted = fit(resume, theme, book, budget)
    if options.verify:  # before writing: a PDF that loses text never replaces a good one
        from .check.verify import read_back

        findings = read_back(resume, fitted.pdf, output=out, budget=budget)
        fitted = replace(fitted, findings=tuple(findings))
    return fitted, budget, [*book.notes, *fitted.findings]


def _twins(
    resume: Resume, theme: Theme, pdf_path: Path, formats: list[str], options: Options
) -> tuple[dict[Path, bytes], list[Problem]]:
    """The same résumé as text, Markdown, HTML, Word: path -> bytes, beside the PDF; with a
    warning for each document property cut to its format's limit."""
    if not formats:
        return {}, []
    from .model.content import displayed_fields
    from .write.resume_doc import resume_document

    doc = resume_document(resume, theme)
    return render_twins(doc, pdf_path, formats, displayed_fields(resume), options.strict)


def render_twins(
    doc: Document, pdf_path: Path, formats: list[str], shown: tuple[TextField, ...], strict: bool
) -> tuple[dict[Path, bytes], list[Problem]]:
    """Each format of `doc` beside `pdf_path`; a property cut to the format's limit is a
    warning at the field it was made from (an error with --strict)."""
    from .write.twins import cuts, render, twin_path

    files, warnings = {}, []
    for fmt in dict.fromkeys(formats):
        warnings += [_cut_warning(cut, fmt, shown) for cut in cuts(doc, fmt)]
        files[twin_path(pdf_path, fmt)] = render(doc, fmt)
    if strict and warnings:
        raise ResumeError([replace(w, severity=Severity.ERROR) for w in warnings])
    return files, warnings


def _cut_warning(cut: Cut, fmt: str, shown: tuple[TextField, ...]) -> Problem:
    """`resume.yaml:3:11: headline: warning: the .docx file's subject property holds at
    most 255 characters; 40 characters left out of it`."""
    field = next((f for f in shown if f.text == cut.source), None)
    field = field or next((f for f in shown if cut.source and cut.source in f.text), None)
    msg = (
        f"the .{fmt} file's {cut.prop} property holds at most {cut.limit} characters; "
        f"{cut.detail} left out of it (the document's text is complete)"
    )
    if field is None:
        return Problem(msg, None, cut.prop, Severity.WARNING)
    return Problem(msg, field.location, field.path, Severity.WARNING)


def default_letter_output(resume_path: Path, variant: str | None = None, lang: str = "") -> Path:
    """`resume.yaml` -> `output/resume-letter.pdf` (`output/resume-VARIANT-letter.LANG.pdf`),
    so each letter sorts beside its résumé."""
    pdf = default_output(resume_path, variant)
    return pdf.with_name(f"{pdf.stem}-letter{f'.{lang}' * bool(lang)}.pdf")


def build_letter(
    resume_path: Path, output: Path | None = None, options: Options = Options()
) -> BuildResult:
    """The cover letter in the résumé's style, fitted to one page, with its twins (the
    résumé's `formats:` or --format); nothing is written until every file is made."""
    started = time.perf_counter()
    from .model.cover_letter import LETTER_FILE, letter_fields, letter_links, require_letter
    from .paths import is_file
    from .write.output import check_output_path, check_targets, write_atomic
    from .write.raster import add_pages, remove_stale_pages

    out = output or default_letter_output(resume_path, options.variant, options.language or "")
    check_output_path(out, [resume_path])
    resume, theme = load_inputs(resume_path, options, letter=True)
    letter = require_letter(resume, resume_path)
    formats = options.formats or resume.formats or ("pdf",)
    files: dict[Path, bytes] = {}
    pages, note, details = 0, "", ""
    fitted = None
    shown = letter_fields(resume, letter)
    book = check_shown(resume, theme, options.strict, shown)  # for the twins alone too
    cut: list[Problem] = []
    if "pdf" in formats:
        from .pdf.letter import fit_letter

        fitted = fit_letter(resume, letter, theme, book)
        if options.verify:
            from .check.verify import read_back
            from .model.cover_letter import letter_displayed

            seen, links = letter_displayed(resume, letter), letter_links(resume, letter)
            found = read_back(resume, fitted.pdf, seen, links, output=out, budget=1)
            fitted = replace(fitted, findings=tuple(found))
        pages, note, files[out] = fitted.pages, fitted.note, fitted.pdf
        details = f"style {theme.name}; budget 1 page; {fitted.passes} layout passes"
    if any(f != "pdf" for f in formats):
        from .write.letter_doc import letter_document

        doc = letter_document(resume, letter, theme)
        twins = [f for f in formats if f != "pdf"]
        made, cut = render_twins(doc, out, twins, shown, options.strict)
        files.update(made)
    pngs = add_pages(files, out, pages) if options.png and pages else ()
    letter_file = resume_path.parent / LETTER_FILE
    watched = (resume_path, *(Path(f) for f in theme.files))
    watched += (letter_file,) if is_file(letter_file, "letter file") else ()
    check_targets(files, watched)  # every file first, as `build` does: all or nothing
    for path, data in files.items():
        write_atomic(path, data)
    removed = remove_stale_pages(out, pages) if pngs else []
    twins = tuple(p for p in files if p != out and p not in pngs)
    found = fitted.findings if fitted else ()
    warnings = (*resume.warnings, *theme.warnings, *book.notes, *found, *cut, *removed)
    seconds = time.perf_counter() - started
    verified = options.verify and bool(pages)
    fields = fit_fields(fitted, 1, resume if verified else None)
    return BuildResult(
        out, pages, seconds, warnings, note, pngs, watched, twins, verified, details, **fields
    )
