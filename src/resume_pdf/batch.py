"""Many builds at once: résumés × variants, in worker processes when asked.

The pipeline (reportlab included) is imported before the workers are forked, so they
share it and start building at once; each keeps its fonts loaded from job to job.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from .build import BuildResult, Options, build, variant_names
from .errors import Problem, ResumeError


@dataclass(frozen=True, slots=True)
class Job:
    resume: Path
    output: Path | None
    options: Options


def plan(
    resumes: list[Path], output: Path | None, options: Options, all_variants: bool
) -> list[Job]:
    """One job per résumé, or per résumé and variant with --all-variants."""
    if not all_variants:
        return [Job(r, output, options) for r in resumes]
    jobs = []
    for resume in resumes:
        names = variant_names(resume)
        if not names:
            raise _no_variants(resume)
        jobs += [Job(resume, None, replace(options, variant=n)) for n in names]
    return jobs


def _no_variants(resume: Path) -> ResumeError:
    return ResumeError([Problem(f"{resume} defines no variants", field="variants")])


def run_job(job: Job) -> BuildResult | ResumeError:
    try:
        return build(job.resume, job.output, job.options)
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
        chunk = max(1, len(jobs) // (workers * 4))
        yield from zip(jobs, pool.map(run_job, jobs, chunksize=chunk), strict=True)
