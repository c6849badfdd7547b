"""Many builds at once: résumés × variants × languages, in worker processes when asked.

The pipeline (reportlab included) is imported before the workers are forked, so they
share it and start building at once; each keeps its fonts loaded from job to job.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from .build import BuildResult, Options, build, build_letter
from .errors import Problem, ResumeError
from .values import replace, value


@value
class Job:
    resume: Path
    output: Path | None
    options: Options
    letter: bool = False  # the cover letter instead of the résumé


def plan(
    resumes: list[Path],
    output: Path | None,
    options: Options,
    all_variants: bool,
    letters: str = "none",  # none | also (build --letter) | only (resume-pdf letter)
    all_languages: bool = False,
) -> list[Job]:
    """One job per résumé, or per résumé and variant with --all-variants, and per language
    with --all-languages; with letters, each résumé's job is followed by its letter's (or
    replaced by it)."""
    jobs = _variant_jobs(resumes, output, options, all_variants)
    if all_languages:
        jobs = [
            replace(job, options=replace(job.options, language=code))
            for job in jobs
            for code in _languages(job.resume)
        ]
    if letters == "none":
        return jobs
    pairs = [(job, _letter_job(job, letters == "also")) for job in jobs]
    return [j for job, letter in pairs for j in ((letter,) if letters == "only" else (job, letter))]


def _variant_jobs(
    resumes: list[Path], output: Path | None, options: Options, all_variants: bool
) -> list[Job]:
    if not all_variants:
        jobs = [Job(r, output, options) for r in resumes]
    else:
        jobs = []
        for resume in resumes:
            names = variant_names(resume)
            if not names:
                raise _no_variants(resume)
            jobs += [Job(resume, None, replace(options, variant=n)) for n in names]
    return jobs


def _languages(resume: Path) -> tuple[str, ...]:
    """The résumé's `languages:`; one listing none has nothing to build in each."""
    from .model.resume_schema import load_resume

    names = load_resume(resume).languages
    if not names:
        message = f"{resume} lists no `languages:` (e.g. languages: [en, de])"
        raise ResumeError([Problem(message, field="languages")])
    return names


def _letter_job(job: Job, beside: bool) -> Job:
    """The letter of a résumé job; beside a résumé named by -o, named after it."""
    out = job.output
    if beside and out is not None:
        out = out.with_name(f"{out.stem}-letter.pdf")
    return replace(job, output=out, letter=True)


def _no_variants(resume: Path) -> ResumeError:
    return ResumeError([Problem(f"{resume} defines no variants", field="variants")])


def run_job(job: Job) -> BuildResult | ResumeError:
    try:
        run = build_letter if job.letter else build
        return run(job.resume, job.output, job.options)
    except ResumeError as exc:
        return exc


def run_jobs(jobs: list[Job], workers: int) -> Iterator[tuple[Job, BuildResult | ResumeError]]:
    """Results in job order; in `workers` processes when there is more than one job."""
    if workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            yield job, run_job(job)
        return
    import multiprocessing  # here, not at the top: a one-résumé build never pays for it
    from concurrent.futures import ProcessPoolExecutor

    from .pdf import fit  # noqa: F401  (imported once here, inherited by every worker)

    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        # one job at a time: a job's trip to a worker costs ~0.1 ms beside its ~15 ms build,
        # while chunks of several leave one worker idle at the end for up to a whole chunk
        yield from zip(jobs, pool.map(run_job, jobs), strict=True)


def variant_names(resume_path: Path) -> list[str]:
    from .model.resume_schema import load_resume

    return [name for name, _ in load_resume(resume_path).variants]


def preview_styles(resume_path: Path) -> Iterator[tuple[str, BuildResult | ResumeError]]:
    """Build the résumé in every available style into output/styles/NAME.pdf and NAME.png,
    one at a time, so the caller can show progress."""
    from .style.theme import list_styles
    from .write.raster import write_pngs

    folder = resume_path.parent / "output" / "styles"
    for info in list_styles(resume_path.parent):
        try:
            result = build(resume_path, folder / f"{info.name}.pdf", Options(style=info.name))
        except ResumeError as exc:
            yield info.name, exc
            continue
        write_pngs(result.output, [result.output.with_suffix(".png")])
        yield info.name, result
