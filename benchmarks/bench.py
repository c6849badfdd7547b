"""Benchmarks for resume-pdf: prints medians (min-max) and writes benchmarks/results/latest.json.

    python benchmarks/bench.py [--runs N] [--quick] [--editable] [--rendercv PATH] [--baseline REV]

Cold figures run the real `resume-pdf` command in a fresh process each time and read that
process's own wall time, CPU time and peak RSS (os.wait4). They measure an *installed* copy, as
users run it: a venv made here with `pip install .`, bytecode compiled (an editable install
with PYTHONDONTWRITEBYTECODE recompiles every module on each run and reads ~30 ms slow);
`--editable` measures the current environment's command instead. Warm figures run in this
process with fonts and modules loaded. Nothing here is a test: speed never fails the suite.

With RenderCV installed (`rendercv` on PATH, or `--rendercv PATH`, repeated for several
versions), a paired comparison builds the same content (benchmarks/example.rendercv.yaml) with
both tools, alternating A/B, and prints the median of the per-pair ratios. Offline, RenderCV's
Typst templates cannot download their Typst packages: `benchmarks/typst_offline.py` puts local
ones in Typst's package cache first.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "resume.yaml"
RESULTS = ROOT / "benchmarks" / "results"
sys.path.insert(0, str(ROOT / "src"))

Stats = dict[str, dict[str, float]]


def run_process(args: list[str]) -> dict[str, float]:
    """Wall seconds, CPU seconds and peak RSS (MB) of one fresh process."""
    started = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    err = proc.stderr.read().decode() if proc.stderr else ""
    if proc.stderr:
        proc.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(args)} failed: {err}")
    return {
        "wall_s": wall,
        "cpu_s": usage.ru_utime + usage.ru_stime,
        "rss_mb": usage.ru_maxrss / 1024,
    }


def timed(action: Callable[[], object], runs: int) -> Stats:
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        samples.append({"wall_s": time.perf_counter() - started})
    return summarise(samples)


def summarise(samples: list[dict[str, float]]) -> Stats:
    out = {}
    for key in samples[0]:
        values = [s[key] for s in samples]
        out[key] = {"median": statistics.median(values), "min": min(values), "max": max(values)}
    return out


def show(name: str, stats: Stats, extra: str = "") -> None:
    parts = []
    for key, v in stats.items():
        unit = key.rsplit("_", 1)[-1]
        scale, fmt = (1000, "{:.0f} ms") if unit == "s" else (1, "{:.1f} MB")
        med, lo, hi = (fmt.format(v[k] * scale) for k in ("median", "min", "max"))
        parts.append(f"{key.rsplit('_', 1)[0]} {med} ({lo}-{hi})")
    print(f"{name:<34} " + "; ".join(parts) + (f"  {extra}" if extra else ""))


def overflowing(extra_lines: int) -> str:
    """The example (no page budget) with a first section of `extra_lines` one-line bullets
    (put first: the example ends with its cover letter, not with its sections)."""
    text = EXAMPLE.read_text(encoding="utf-8").replace("pages: 1\n", "")
    bullets = "".join(
        f"      - Extra point {i}, shipped and measured\n" for i in range(extra_lines)
    )
    return text.replace(
        "\nsections:\n", "\nsections:\n  - title: More\n    bullets:\n" + bullets, 1
    )


def installed_copy(tmp: Path, source: Path = ROOT, name: str = "venv") -> str:
    """`resume-pdf` from a fresh venv with `source` (this checkout) pip-installed and
    byte-compiled."""
    venv = tmp / name
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    subprocess.run([*pip, str(source)], check=True, stdout=subprocess.DEVNULL)
    subprocess.run([str(python), "-m", "compileall", "-q", str(venv / "lib")], check=False)
    return str(venv / "bin" / "resume-pdf")


def paired_baseline(exe: str, rev: str, pairs: int, tmp: Path, results: dict) -> None:
    """This checkout against commit `rev`, both installed, the example built cold,
    alternating: the median of per-pair ratios. Pairs cancel the machine's load, which
    moves lone medians by 20 % or more on a shared machine."""
    tree = tmp / "baseline-src"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(tree), rev],
                   check=True)  # fmt: skip
    try:
        theirs_exe = installed_copy(tmp, tree, "baseline-venv")
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                       check=False)  # fmt: skip
    for label, args in (("example", []), ("sidebar", ["--style", "sidebar"])):
        ours = [exe, "build", str(EXAMPLE), "-o", str(tmp / "ours.pdf"), *args]
        theirs = [theirs_exe, "build", str(EXAMPLE), "-o", str(tmp / "theirs.pdf"), *args]
        samples, ratios = [], []
        for i in range(pairs):
            order = (ours, theirs) if i % 2 == 0 else (theirs, ours)
            timing = {id(cmd): _wall(cmd, tmp) for cmd in order}
            samples.append({"now_s": timing[id(ours)], "baseline_s": timing[id(theirs)]})
            ratios.append(timing[id(ours)] / timing[id(theirs)])
        stats, ratio = summarise(samples), statistics.median(ratios)
        name = f"cold {label} vs {rev[:12]}"
        show(f"{name} ({pairs} pairs)", stats, f"= {ratio:.2f}x the baseline's time")
        results[name] = {**stats, "ratio": ratio, "pairs": pairs}


def paired_rendercv(exe: str, rendercv: str, pairs: int, tmp: Path, results: dict) -> None:
    """Same content, both tools, alternating: the median of per-pair time ratios."""
    folder = Path(tempfile.mkdtemp(prefix="rendercv-", dir=tmp))
    source = folder / "example.yaml"
    shutil.copy(ROOT / "benchmarks" / "example.rendercv.yaml", source)
    theirs = [rendercv, "render", str(source), "--dont-generate-markdown"]
    theirs += ["--dont-generate-html", "--dont-generate-png"]
    ours = [exe, "build", str(EXAMPLE), "-o", str(tmp / "paired.pdf")]
    try:
        subprocess.run(theirs, cwd=folder, check=True, capture_output=True, timeout=60)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
        print(f"{'paired vs RenderCV':<34} skipped: {rendercv} failed ({exc}); offline, run")
        print(f"{'':<34} benchmarks/typst_offline.py first (RenderCV's Typst packages)")
        return
    samples, ratios = [], []
    for i in range(pairs):
        order = (ours, theirs) if i % 2 == 0 else (theirs, ours)
        timing = {id(cmd): _wall(cmd, folder) for cmd in order}
        samples.append({"ours_s": timing[id(ours)], "rendercv_s": timing[id(theirs)]})
        ratios.append(timing[id(theirs)] / timing[id(ours)])
    banner = subprocess.run([rendercv, "--version"], capture_output=True, text=True).stdout
    found = re.search(r"(?:using v|version |RenderCV v)(\d+(?:\.\d+)+)", banner)
    version = f"RenderCV {found.group(1)}" if found else "RenderCV"
    stats = summarise(samples)
    ratio = statistics.median(ratios)
    show(f"paired vs {version} ({pairs} pairs)", stats, f"= {ratio:.2f}x faster")
    results[f"paired vs {version}"] = {**stats, "ratio": ratio, "pairs": pairs}


def _wall(cmd: list[str], cwd: Path) -> float:
    started = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def cold_figures(exe: str, runs: int, tmp: Path, results: dict[str, object]) -> None:
    out = tmp / "resume.pdf"
    cases = {
        "cold build (example)": [exe, "build", str(EXAMPLE), "-o", str(out)],
        "cold check (example)": [exe, "check", str(EXAMPLE)],
        "cold --help": [exe, "--help"],
    }
    run_process(cases["cold build (example)"])  # warm the OS file cache once
    for name, cmd in cases.items():
        results[name] = stats = summarise([run_process(cmd) for _ in range(runs)])
        show(name, stats)
    from resume_pdf.style.theme import builtin_styles

    for style in builtin_styles():
        cmd = [*cases["cold build (example)"], "--style", style]
        results[f"cold build, {style}"] = stats = summarise([run_process(cmd) for _ in range(runs)])
        show(f"cold build, {style}", stats)
    run_process(cases["cold build (example)"])
    results["example_pdf_bytes"] = size = out.stat().st_size
    print(f"{'example PDF size':<34} {size / 1024:.1f} KB")
    # a build that must be fitted against the same résumé laid out with room to spare, run
    # alternately (the machine's speed drifts): the median of the per-pair ratios
    source = tmp / "over.yaml"
    source.write_text(overflowing(24), encoding="utf-8")
    pairs = [
        (run_process([*command, "--pages", "2"]), run_process([*command, "--pages", "1"]))
        for command in [[exe, "build", str(source), "-o", str(out)]] * runs
    ]
    plain, fitted = summarise([p for p, _ in pairs]), summarise([f for _, f in pairs])
    ratio = statistics.median(f["wall_s"] / p["wall_s"] for p, f in pairs)
    show("cold build, 2 pages as laid out", plain)
    show("cold build, fitted to 1 page", fitted, f"= {ratio:.2f}x (median of pair ratios)")
    results["cold build plain (over.yaml, 2 pages)"] = plain
    results["cold build fitted (over.yaml, 1 page)"] = fitted
    results["cold fit / plain"] = ratio


def batch_figure(exe: str, tmp: Path, results: dict[str, object]) -> None:
    folder = tmp / "batch"
    folder.mkdir()
    text = EXAMPLE.read_text(encoding="utf-8")
    for i in range(100):  # each a different résumé, so no memo of a whole result could help
        headline = f"headline: Résumé {i + 1} of a batch. "
        (folder / f"r{i:03d}.yaml").write_text(
            text.replace("headline: ", headline, 1), encoding="utf-8"
        )
    files = sorted(str(p) for p in folder.glob("*.yaml"))
    for jobs in (1, 2):
        stats = summarise([run_process([exe, "build", *files, "-j", str(jobs)]) for _ in range(5)])
        rate = 100 / stats["wall_s"]["median"]
        show(f"batch of 100, -j {jobs}", stats, f"= {rate:.0f} PDFs/s")
        results[f"batch of 100, -j {jobs}"] = {**stats, "pdfs_per_s": rate}


def watch_figure(exe: str, runs: int, tmp: Path, results: dict[str, object]) -> None:
    """Save -> new PDF latency of `build --watch` on the example."""
    import signal

    source, pdf = tmp / "w.yaml", tmp / "output" / "w.pdf"
    text = EXAMPLE.read_text(encoding="utf-8")
    source.write_text(text, encoding="utf-8")
    proc = subprocess.Popen(
        [exe, "build", str(source), "--watch"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        deadline = time.monotonic() + 10
        while not pdf.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        samples = []
        for i in range(runs):
            before = pdf.stat().st_mtime_ns
            started = time.perf_counter()
            source.write_text(
                text.replace("Alex Placeholder", f"Alex Placeholder {i}"), encoding="utf-8"
            )
            while pdf.stat().st_mtime_ns == before:
                time.sleep(0.002)
            samples.append({"wall_s": time.perf_counter() - started})
            time.sleep(0.1)
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:  # SIGINT ignored: this script was started with `&`
            proc.kill()
            proc.wait()
    results["watch: save -> new PDF"] = stats = summarise(samples)
    show("watch: save -> new PDF", stats)


def _stamped(into: list[tuple[float, object]], result: object) -> None:
    into.append((time.perf_counter(), result))


def watch_overhead(runs: int, tmp: Path, results: dict[str, object]) -> None:
    """In one process: save -> report of watch mode minus the build's own time, with the
    operating system's file events and with the 50 ms polling fallback, alternated."""
    import threading

    from resume_pdf.build import Options
    from resume_pdf.watch import watch

    text = EXAMPLE.read_text(encoding="utf-8")
    samples: dict[bool, list[dict[str, float]]] = {False: [], True: []}
    for poll_only in [False, True] * runs:
        source, pdf = tmp / "o.yaml", tmp / "o.pdf"
        source.write_text(text, encoding="utf-8")
        done: list[tuple[float, object]] = []
        stop = threading.Event()
        report = functools.partial(_stamped, done)
        thread = threading.Thread(
            target=watch,
            args=(source, pdf, Options(), report),
            kwargs={"stop": stop, "poll_only": poll_only},
        )
        thread.start()
        while not done:
            time.sleep(0.005)
        time.sleep(0.05 + random.random() * 0.05)  # anywhere in a polling period
        started = time.perf_counter()
        source.write_text(text.replace("Alex Placeholder", "Alex Placeholder 2"), encoding="utf-8")
        while len(done) < 2:
            time.sleep(0.001)
        stop.set()
        thread.join()
        ended, result = done[1]
        built = getattr(result, "seconds", 0.0)
        samples[poll_only].append({"wall_s": ended - started - built})
    for poll_only, name in ((False, "file events"), (True, "polling fallback")):
        key = f"watch overhead (save -> build starts), {name}"
        results[key] = stats = summarise(samples[poll_only])
        show(key, stats)


WARM = """
import json, sys, time
from pathlib import Path
from resume_pdf.build import build
source, target, runs = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
build(source, target)
times = []
for _ in range(runs):
    started = time.perf_counter()
    build(source, target)
    times.append(time.perf_counter() - started)
print(json.dumps(times))
"""
WARM_PROCESSES = 9


def warm_rebuild(exe: str, runs: int, tmp: Path, results: dict[str, object]) -> None:
    """Rebuilds of the example in fresh processes of the measured copy, `runs` in each after
    a first build: a process on the 2-core development machine runs at one of two speeds
    (~1.5x apart) for its whole life, so one process's median is one speed or the other."""
    python = str(Path(exe).with_name("python"))
    per_process = []
    for _ in range(WARM_PROCESSES):
        cmd = [python, "-c", WARM, str(EXAMPLE), str(tmp / "warm.pdf"), str(runs)]
        out = subprocess.run(cmd, capture_output=True, text=True, check=True)
        per_process.append(json.loads(out.stdout))
    stats = summarise([{"wall_s": t} for times in per_process for t in times])
    medians = sorted(statistics.median(times) * 1000 for times in per_process)
    spread = f"process medians {medians[0]:.0f}-{medians[-1]:.0f} ms"
    show(f"warm rebuild (example, {WARM_PROCESSES} processes)", stats, spread)
    results["warm rebuild (example)"] = {**stats, "process_medians_ms": medians}


def warm_figures(runs: int, tmp: Path, results: dict[str, object]) -> None:
    """In this process, fonts and styles loaded: fitting, and growth with size."""
    from resume_pdf.build import Options, load_inputs
    from resume_pdf.fonts.book import FontBook
    from resume_pdf.pdf.fit import fit
    from resume_pdf.pdf.render import render

    source = tmp / "over10.yaml"
    source.write_text(overflowing(12), encoding="utf-8")
    resume, theme = load_inputs(source, Options())
    book = FontBook(theme.fonts.body)
    plain = timed(lambda: render(resume, theme, book), runs)
    done = fit(resume, theme, book, 1)
    fitting = timed(lambda: fit(resume, theme, book, 1), runs)
    ratio = fitting["wall_s"]["median"] / plain["wall_s"]["median"]
    show("warm layout pass (over by ~10 lines)", plain)
    show(f"warm fit to 1 page, {done.passes} passes", fitting, f"= {ratio:.2f}x ({done.note})")
    results["warm layout pass"] = plain
    results["warm fit to 1 page"] = {**fitting, "passes": done.passes, "ratio": ratio}
    for lines in (0, 200, 980):  # about 1, 5 and 20 pages
        source.write_text(
            overflowing(lines) if lines else EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8"
        )
        resume, theme = load_inputs(source, Options())
        laid = render(resume, theme, book)
        stats = timed(lambda r=resume, t=theme: render(r, t, book), max(3, runs // 2))
        per_page = stats["wall_s"]["median"] / laid.pages * 1000
        show(f"layout of a {laid.pages}-page résumé", stats, f"= {per_page:.0f} ms/page")
        results[f"layout {laid.pages} pages"] = {**stats, "pages": laid.pages}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--quick", action="store_true", help="skip the batch and style runs")
    parser.add_argument("--editable", action="store_true", help="time this env's resume-pdf")
    parser.add_argument(
        "--rendercv",
        action="append",
        metavar="PATH",
        help="a RenderCV command to compare with (repeat for several versions; default: rendercv)",
    )
    parser.add_argument("--pairs", type=int, default=21, help="A/B pairs (RenderCV, baseline)")
    parser.add_argument(
        "--baseline", metavar="REV", help="a commit to compare cold builds with, paired"
    )
    args = parser.parse_args()
    results: dict[str, object] = {
        "machine": {
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "load": os.getloadavg()[0],
        },
        "runs": args.runs,
    }
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        exe = shutil.which("resume-pdf") if args.editable else installed_copy(tmp)
        if not exe:
            raise SystemExit("resume-pdf is not installed: pip install -e .")
        results["measured"] = "editable" if args.editable else "installed copy"
        print(f"measuring {results['measured']}: {exe} (load {os.getloadavg()[0]:.1f})")
        rendercvs = args.rendercv or [c for c in [shutil.which("rendercv")] if c]
        for rendercv in rendercvs:
            paired_rendercv(exe, rendercv, args.pairs, tmp, results)
        if not rendercvs:
            print(f"{'paired vs RenderCV':<34} skipped: rendercv not installed (--rendercv PATH)")
        if args.baseline:
            paired_baseline(exe, args.baseline, args.pairs, tmp, results)
        cold_figures(exe, args.runs, tmp, results)
        if not args.quick:
            batch_figure(exe, tmp, results)
        watch_figure(exe, args.runs, tmp, results)
        watch_overhead(args.runs, tmp, results)
        warm_rebuild(exe, args.runs, tmp, results)
        warm_figures(args.runs, tmp, results)
    RESULTS.mkdir(parents=True, exist_ok=True)
    target = RESULTS / "latest.json"
    target.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"written {target.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
