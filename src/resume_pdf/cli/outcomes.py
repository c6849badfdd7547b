"""What each build or check did, as the outcomes of `--json`'s results document
(check/results.py): a build's warnings, fit, files and read-back, or every problem of a
failed one."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..check.results import Fit, Outcome, ReadBack
from ..errors import ReadBackFailed, ResumeError

if TYPE_CHECKING:
    from ..build import BuildResult, Checked, Options


def built(resume: Path, kind: str, options: Options, result: BuildResult | ResumeError) -> Outcome:
    """A build's (or a letter's) outcome: its warnings, fit, files and read-back; or every
    problem of a failed one, the read-back's findings among them."""
    variant = options.variant
    if isinstance(result, ResumeError):
        read_back = None
        if isinstance(result, ReadBackFailed):
            read_back = ReadBack(result.extractor, result.problems)
        return Outcome(str(resume), kind, variant, result.problems, read_back=read_back)
    fit = None
    if result.pages:
        fit = Fit(result.pages, result.budget, result.scale, result.adjust, result.fit_note)
    written = (result.output,) if result.pages else ()
    outputs = tuple(str(p) for p in (*written, *result.twins, *result.pngs))
    read_back = ReadBack(result.extractor, result.findings) if result.verified else None
    return Outcome(str(resume), kind, variant, result.warnings, fit, outputs, read_back)


def checked_outcomes(resume: Path, result: Checked | ResumeError) -> tuple[Outcome, ...]:
    """`check`'s outcomes: the résumé's, and its letter's when it has one."""
    if isinstance(result, ResumeError):
        return (Outcome(str(resume), "resume", None, result.problems),)
    fit = Fit(result.pages, result.budget, result.scale, result.adjust, result.note)
    out = [Outcome(str(resume), "resume", None, result.warnings, fit)]
    if result.letter is not None:
        letter = result.letter
        fit = Fit(letter.pages, 1, letter.scale, letter.adjust, letter.note)
        out.append(Outcome(str(resume), "letter", None, (), fit))
    return tuple(out)
