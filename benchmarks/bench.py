"""Benchmarks for resume-pdf: prints medians (min-max) and writes benchmarks/results/*.json.

    python benchmarks/bench.py [--runs N]

Cold figures run the real `resume-pdf` command in a fresh process each time and read that
process's own wall time, CPU time and peak RSS (os.wait4). Nothing here is a test: speed
never fails the suite, it is measured and reported.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "resume.yaml"
RESULTS = ROOT / "benchmarks" / "results"


def run_process(args: list[str]) -> dict[str, float]:
    """Wall seconds, CPU seconds and peak RSS (MB) of one fresh process."""
    started = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(args)} failed: {proc.stderr.read().decode()}")
    proc.stderr.close()
    return {
        "wall_s": wall,
        "cpu_s": usage.ru_utime + usage.ru_stime,
        "rss_mb": usage.ru_maxrss / 1024,
    }


def summarise(samples: list[dict[str, float]]) -> dict[str, dict[str, float]]:
    out = {}
    for key in samples[0]:
        values = [s[key] for s in samples]
        out[key] = {"median": statistics.median(values), "min": min(values), "max": max(values)}
    return out


def show(name: str, stats: dict[str, dict[str, float]]) -> None:
    parts = []
    for key, v in stats.items():
        unit = key.rsplit("_", 1)[-1]
        scale, fmt = (1000, "{:.0f} ms") if unit == "s" else (1, "{:.1f} MB")
        med, lo, hi = (fmt.format(v[k] * scale) for k in ("median", "min", "max"))
        parts.append(f"{key.rsplit('_', 1)[0]} {med} ({lo}-{hi})")
    print(f"{name:<28} " + "; ".join(parts))


def timed(action, runs: int) -> dict[str, dict[str, float]]:  # type: ignore[no-untyped-def]
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        samples.append({"wall_s": time.perf_counter() - started})
    return summarise(samples)


def warm_figures(runs: int) -> dict[str, object]:
    """In one process, fonts and styles loaded: a rebuild, and fitting against a plain pass."""
    sys.path.insert(0, str(ROOT / "src"))
    from resume_pdf.build import build, load_inputs
    from resume_pdf.fit import fit
    from resume_pdf.fonts import FontBook
    from resume_pdf.render import render

    out: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / "warm.pdf"
        build(EXAMPLE, target)
        stats = timed(lambda: build(EXAMPLE, target), runs)
        show("warm rebuild (example)", stats)
        out["warm rebuild (example)"] = stats
        # the example plus a section that pushes it about ten lines onto a second page
        extra = "".join(f"      - Extra point {i}, shipped and measured\n" for i in range(12))
        source = Path(tmp) / "over.yaml"
        text = EXAMPLE.read_text(encoding="utf-8").replace("pages: 1\n", "")
        source.write_text(text + "  - title: More\n    bullets:\n" + extra, encoding="utf-8")
        resume, theme = load_inputs(source)
        book = FontBook(theme.fonts.body)
        plain = timed(lambda: render(resume, theme, book), runs)
        fitted = fit(resume, theme, book, 1)
        fitting = timed(lambda: fit(resume, theme, book, 1), runs)
        ratio = fitting["wall_s"]["median"] / plain["wall_s"]["median"]
        show("plain layout (over by ~10 lines)", plain)
        show(f"fit to 1 page ({fitted.passes} passes)", fitting)
        print(f"{'fit / plain':<28} {ratio:.2f}x ({fitted.note})")
        out["plain layout"] = plain
        out["fit to 1 page"] = {**fitting, "passes": fitted.passes, "note": fitted.note}
        out["fit / plain"] = ratio
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    exe = shutil.which("resume-pdf")
    if not exe:
        raise SystemExit("resume-pdf is not installed: pip install -e .")
    results: dict[str, object] = {
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count()},
        "runs": args.runs,
    }
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "resume.pdf"
        cases = {
            "cold build (example)": [exe, "build", str(EXAMPLE), "-o", str(out)],
            "cold check (example)": [exe, "check", str(EXAMPLE)],
            "cold --help": [exe, "--help"],
        }
        run_process(cases["cold build (example)"])  # warm the OS file cache once
        for name, cmd in cases.items():
            stats = summarise([run_process(cmd) for _ in range(args.runs)])
            show(name, stats)
            results[name] = stats
        sys.path.insert(0, str(ROOT / "src"))
        from resume_pdf.theme import builtin_styles

        for style in builtin_styles():
            cmd = [*cases["cold build (example)"], "--style", style]
            stats = summarise([run_process(cmd) for _ in range(args.runs)])
            show(f"cold build, {style}", stats)
            results[f"cold build, style {style}"] = stats
        run_process(cases["cold build (example)"])
        size = out.stat().st_size
        print(f"{'example PDF size':<28} {size / 1024:.1f} KB")
        results["example_pdf_bytes"] = size
    results.update(warm_figures(args.runs))
    RESULTS.mkdir(parents=True, exist_ok=True)
    target = RESULTS / "latest.json"
    target.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"written {target.relative_to(ROOT)}")


if __name__ == "__main__":
    sys.exit(main())
