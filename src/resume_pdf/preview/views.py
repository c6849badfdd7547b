"""What a browser asks the preview to show, read from the URL's parameters: the style,
variant, page size, page budget and the choice of résumé or cover letter. The same choice
is an `Options` for `build.py` and a `resume-pdf` command line, so a view is bookmarkable
and the page can say which command writes the same PDF.

Every parameter is checked against what the résumé's folder offers (a style must be one of
the listed names), so no value from a request ever names a file.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from ..build import Options
from ..model.resume_schema import parse_budget
from ..paths import as_typed
from ..values import replace, value

PAGE_SIZES = ("letter", "a4")
TWIN_FORMATS = ("txt", "md", "html", "docx")
LONGEST = 200  # characters of a parameter; a variant name is far shorter
_VARIANT_NAME = re.compile(r"[A-Za-z0-9][\w-]{0,63}")


class BadRequest(ValueError):
    """A parameter the preview cannot show: the browser gets 400 and these words."""


@value
class View:
    style: str | None = None
    variant: str | None = None
    page_size: str | None = None
    pages: int | str | None = None
    letter: bool = False  # the cover letter instead of the résumé
    language: str | None = None  # one of the résumé's `languages:` (None: its first)

    def options(self, home: Options) -> Options:
        """The build's options: the view's choices, the command line's strictness."""
        return Options(
            style=self.style,
            page_size=self.page_size,
            pages=None if self.letter else self.pages,
            variant=self.variant,
            language=self.language,
            strict=home.strict,
            references=home.references and not self.letter,
            formats=("pdf",),
        )

    def query(self) -> list[tuple[str, str]]:
        """The view as URL parameters (the ones left out mean the résumé's own setting)."""
        pairs = [
            ("style", self.style),
            ("variant", self.variant),
            ("page-size", self.page_size),
            ("pages", None if self.pages is None else str(self.pages)),
            ("letter", "1" if self.letter else None),
            ("lang", self.language),
        ]
        return [(k, v) for k, v in pairs if v is not None]


def home_view(options: Options) -> View:
    """The view the command line chose (`build --watch --serve --style modern ...`)."""
    return View(
        options.style, options.variant, options.page_size, options.pages, language=options.language
    )


def read_view(
    query: dict[str, list[str]],
    styles: tuple[str, ...],
    variants: tuple[str, ...] = (),
    languages: tuple[str, ...] = (),
) -> View:
    """The view a request names; `styles` are the style names the résumé's folder sees
    (and the command line's --style)."""

    def one(name: str) -> str | None:
        values = query.get(name, [])
        if len(values) > 1:
            raise BadRequest(f"{name}: given {len(values)} times")
        if values and len(values[0]) > LONGEST:
            raise BadRequest(f"{name}: longer than {LONGEST} characters")
        return values[0] if values and values[0] != "" else None

    style, variant, size, pages, letter = (
        one(n) for n in ("style", "variant", "page-size", "pages", "letter")
    )
    if style is not None and style not in styles:
        raise BadRequest(f"style {style!r} is not one of: {', '.join(styles)}")
    if variant is not None and not (
        variant in variants if variants else _VARIANT_NAME.fullmatch(variant)
    ):  # a variant names the build's file: only the résumé's own (or, while it is broken,
        # a plain name) ever reaches it
        raise BadRequest(f"variant {variant!r} is not one of: {', '.join(variants) or 'none'}")
    if size is not None and size not in PAGE_SIZES:
        raise BadRequest(f"page-size {size!r}: choose letter or a4")
    budget = None if pages is None else parse_budget(pages)
    if pages is not None and budget is None:
        raise BadRequest(f"pages {pages!r}: a page budget from 1 to 20, or any")
    if letter not in (None, "0", "1"):
        raise BadRequest(f"letter {letter!r}: 1 for the cover letter, 0 for the résumé")
    lang = one("lang")  # a language names the build's file too: only the résumé's own
    if lang is not None and lang not in languages:
        raise BadRequest(f"lang {lang!r} is not one of: {', '.join(languages) or 'none'}")
    view = View(style, variant, size, budget, letter == "1", lang)
    return replace(view, pages=None) if view.letter else view


def command(view: View, resume: Path, home: Options, fmt: str | None = None) -> str:
    """The `resume-pdf` command that writes the same file as this view (a twin with `fmt`)."""
    words = ["resume-pdf", "letter" if view.letter else "build"]
    shown = as_typed(resume)
    if shown != "resume.yaml":
        words.append(shown)
    for option, chosen in (
        ("--style", view.style),
        ("--variant", view.variant),
        ("--page-size", view.page_size),
        ("--pages", None if view.pages is None else str(view.pages)),
        ("--lang", view.language),
    ):
        if chosen is not None:
            words += [option, chosen]
    if not home.references and not view.letter:
        words.append("--no-references")
    if home.strict:
        words.append("--strict")
    if fmt:
        words += ["--format", fmt]
    return shlex.join(words)
