"""The one orchestration of the pipeline, used by the CLI (and later watch and batch).

load résumé -> load theme -> check glyphs -> lay out and render -> write atomically.
Everything that can go wrong with the input surfaces as one ResumeError.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import Problem, ResumeError, Severity
from .model import Resume, load_resume
from .theme import Theme, load_theme

if TYPE_CHECKING:
    from .fonts import FontBook

DEFAULT_PAGES = 2  # the page budget when neither the résumé nor --pages sets one


@dataclass(frozen=True, slots=True)
class BuildResult:
    output: Path
    pages: int
    seconds: float
    warnings: tuple[Problem, ...]
    fit_note: str = ""  # the tightening applied to keep the page budget
    passes: int = 1  # layout passes it took


def default_output(resume_path: Path) -> Path:
    """`resume.yaml` -> `output/resume.pdf`, beside the résumé."""
    return resume_path.parent / "output" / f"{resume_path.stem}.pdf"


def load_inputs(
    resume_path: Path, style: str | None = None, page_size: str | None = None
) -> tuple[Resume, Theme]:
    """The validated résumé and its theme (CLI choices win over the résumé's own)."""
    resume = load_resume(resume_path)
    theme = load_theme(style or resume.style, resume_path.parent)
    return resume, theme.with_page_size(page_size or resume.page_size)


def check(resume_path: Path, style: str | None = None, strict: bool = False) -> tuple[Problem, ...]:
    """Validate everything a build would, without writing; returns the warnings."""
    from .fonts import FontBook

    resume, theme = load_inputs(resume_path, style)
    _check_glyphs(resume, FontBook(theme.fonts.body), strict)
    return resume.warnings


def _check_glyphs(resume: Resume, book: FontBook, strict: bool) -> None:
    """Characters no font can draw are errors; with --strict, so are warnings."""
    from .fonts import missing_glyphs

    problems = missing_glyphs(resume.texts, book)
    if strict:
        problems += [replace(w, severity=Severity.ERROR) for w in resume.warnings]
    if problems:
        raise ResumeError(problems)


def build(
    resume_path: Path,
    output: Path | None = None,
    *,
    style: str | None = None,
    page_size: str | None = None,
    pages: int | None = None,
    strict: bool = False,
) -> BuildResult:
    started = time.perf_counter()
    from .fit import fit
    from .fonts import FontBook
    from .output import check_output_path, write_atomic

    out = output or default_output(resume_path)
    check_output_path(out, [resume_path])
    resume, theme = load_inputs(resume_path, style, page_size)
    book = FontBook(theme.fonts.body)
    _check_glyphs(resume, book, strict)
    fitted = fit(resume, theme, book, pages or resume.pages or DEFAULT_PAGES)
    write_atomic(out, fitted.pdf)
    seconds = time.perf_counter() - started
    return BuildResult(out, fitted.pages, seconds, resume.warnings, fitted.note, fitted.passes)


def preview_styles(resume_path: Path) -> list[BuildResult | ResumeError]:
    """Build the résumé in every available style into output/styles/NAME.pdf and NAME.png."""
    from .raster import write_pngs
    from .theme import list_styles

    folder = resume_path.parent / "output" / "styles"
    results: list[BuildResult | ResumeError] = []
    for info in list_styles(resume_path.parent):
        try:
            result = build(resume_path, folder / f"{info.name}.pdf", style=info.name)
        except ResumeError as exc:
            results.append(exc)
            continue
        write_pngs(result.output, [result.output.with_suffix(".png")])
        results.append(result)
    return results


SCHEMA_FILE = "resume.schema.json"


def write_starter(path: Path) -> Path:
    """A commented starter résumé whose first line points yaml-language-server at a schema
    file written beside it; never overwrites a résumé."""
    import json

    from .model import resume_json_schema
    from .output import write_atomic

    if path.exists():
        raise ResumeError([Problem(f"{str(path)!r} already exists; choose another path")])
    starter = (Path(__file__).parent / "starter.yaml").read_text(encoding="utf-8")
    schema_path = path.parent / SCHEMA_FILE
    modeline = f"# yaml-language-server: $schema={SCHEMA_FILE}\n"
    write_atomic(schema_path, json.dumps(resume_json_schema(), indent=2).encode() + b"\n")
    write_atomic(path, (modeline + starter).encode())
    return schema_path
