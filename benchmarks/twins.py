"""What the twins cost: a build of all five formats against a PDF-only build.

    python benchmarks/twins.py [--runs N]

Cold: fresh `resume-pdf build` processes of the example, PDF-only (A) and
`--format pdf,txt,md,html,docx` (B), alternated A/B so machine load hits both alike; prints
the medians (min-max) of wall and CPU time and peak RSS, and the median of the per-pair wall
ratios. Warm: in this process, with modules loaded, the CPU time of each writer alone on the
example's Document (medians), and the size of each file. Nothing here is a test.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "resume.yaml"
ALL = "pdf,txt,md,html,docx"
sys.path.insert(0, str(ROOT / "src"))


def cold(args: list[str]) -> dict[str, float]:
    """Wall seconds, CPU seconds and peak RSS (MB) of one fresh process."""
    started = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(args)} failed")
    return {
        "wall": time.perf_counter() - started,
        "cpu": usage.ru_utime + usage.ru_stime,
        "rss": usage.ru_maxrss / 1024,
    }


def spread(values: list[float], unit: str, scale: float = 1.0, digits: int = 0) -> str:
    v = [x * scale for x in values]
    return f"{statistics.median(v):.{digits}f} {unit} ({min(v):.{digits}f}-{max(v):.{digits}f})"


def cold_pairs(exe: str, runs: int, folder: Path) -> None:
    resume = folder / "resume.yaml"
    shutil.copy(EXAMPLE, resume)
    a_runs, b_runs = [], []
    cold([exe, "build", str(resume), "--format", ALL])  # warm the disk cache and bytecode
    for _ in range(runs):
        a_runs.append(cold([exe, "build", str(resume)]))
        b_runs.append(cold([exe, "build", str(resume), "--format", ALL]))
    for name, samples in (("PDF only", a_runs), ("all five formats", b_runs)):
        wall = spread([s["wall"] for s in samples], "ms", 1000)
        cpu = spread([s["cpu"] for s in samples], "ms", 1000)
        rss = statistics.median(s["rss"] for s in samples)
        print(f"cold build, {name:<17} wall {wall}, CPU {cpu}, peak RSS {rss:.0f} MB")
    ratios = [b["wall"] / a["wall"] for a, b in zip(a_runs, b_runs, strict=True)]
    print(f"all five / PDF only: {statistics.median(ratios):.2f}x wall (median of {runs} pairs)")


def warm_writers(runs: int, folder: Path) -> None:
    from resume_pdf.build import load_inputs
    from resume_pdf.write.resume_doc import resume_document
    from resume_pdf.write.twins import render

    resume, theme = load_inputs(EXAMPLE)
    started = time.perf_counter()
    doc = resume_document(resume, theme)
    print(f"warm: résumé -> Document {1000 * (time.perf_counter() - started):.2f} ms")
    for fmt in ("txt", "md", "html", "docx"):
        render(doc, fmt)  # imports (python-docx for docx) are not what is measured here
        times = []
        for _ in range(runs):  # CPU time: less disturbed by a loaded machine than wall time
            started = time.process_time()
            data = render(doc, fmt)
            times.append(time.process_time() - started)
        shown = spread(times, "ms CPU", 1000, 2)
        print(f"warm: {fmt:<4} writer {shown}, {len(data) / 1024:.1f} KB")
    with_docx = [cold([sys.executable, "-c", "import docx"])["cpu"] for _ in range(5)]
    bare = [cold([sys.executable, "-c", "pass"])["cpu"] for _ in range(5)]
    cost = statistics.median(with_docx) - statistics.median(bare)
    print(f"python-docx import (only when a .docx is asked for): {1000 * cost:.0f} ms CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    exe = shutil.which("resume-pdf") or sys.exit("resume-pdf is not on PATH")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory() as tmp:
        cold_pairs(exe, args.runs, Path(tmp))
        warm_writers(args.runs * 5, Path(tmp))


if __name__ == "__main__":
    main()
