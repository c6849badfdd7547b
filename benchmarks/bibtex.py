"""What a `bib:` publications section costs: a cold build that reads a 300-entry `.bib`
(selecting 50 of its entries) against a cold build of the same 50 entries written out
in the YAML.

    python benchmarks/bibtex.py [--runs N]

Cold: fresh `resume-pdf build` processes, alternated A (entries in the YAML) / B (`bib:`)
so machine load hits both alike; prints the medians (min-max) of wall and CPU time and
the median of the per-pair differences, which is what reading the .bib adds (bibtexparser
and pylatexenc imported, the file parsed, entries selected and decoded). Warm: in this
process, the median time of reading the file again (modules loaded). Nothing here is a test.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests"))

from bibmaker import entries  # noqa: E402

HEAD = "name: Ann Placeholder\npages: any\nsections:\n  - title: Publications\n"
BIB = HEAD + "    publications: {bib: refs.bib, keywords: [selected]}\n"


def cold(args: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one fresh process."""
    started = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(args)} failed")
    return time.perf_counter() - started, usage.ru_utime + usage.ru_stime


def written_out(folder: Path) -> str:
    """The YAML of the same résumé with the 50 selected entries as a plain list."""
    from resume_pdf.read.bibliography import expand_bibliographies
    from resume_pdf.read.source import dump_yaml, read_source

    source = expand_bibliographies(read_source(folder / "bib.yaml"), folder)
    items = source.data["sections"][0]["publications"]
    return (
        HEAD
        + "    publications:\n"
        + "".join("      " + line + "\n" for line in dump_yaml(items).splitlines())
    )


def warm(folder: Path, runs: int) -> float:
    from resume_pdf.read.bibliography import expand_bibliographies
    from resume_pdf.read.source import read_source

    source = read_source(folder / "bib.yaml")
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        expand_bibliographies(source, folder)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=11)
    runs = parser.parse_args().runs
    exe = str(Path(sys.executable).parent / "resume-pdf")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "refs.bib").write_text(entries(300), encoding="utf-8")
        (folder / "bib.yaml").write_text(BIB, encoding="utf-8")
        (folder / "list.yaml").write_text(written_out(folder), encoding="utf-8")
        a, b = folder / "list.yaml", folder / "bib.yaml"
        for path in (a, b):  # warm the disk cache and bytecode
            cold([exe, "build", str(path), "-o", str(folder / "out.pdf")])
        pairs = []
        for _ in range(runs):
            pairs.append(
                (
                    cold([exe, "build", str(a), "-o", str(folder / "a.pdf")]),
                    cold([exe, "build", str(b), "-o", str(folder / "b.pdf")]),
                )
            )
        for name, i in (("50 entries in the YAML", 0), ("bib: 50 of 300 entries", 1)):
            wall = [p[i][0] * 1000 for p in pairs]
            cpu = [p[i][1] * 1000 for p in pairs]
            print(
                f"{name:24} wall {statistics.median(wall):.0f} ms ({min(wall):.0f}-{max(wall):.0f})"
                f"  cpu {statistics.median(cpu):.0f} ms ({min(cpu):.0f}-{max(cpu):.0f})"
            )
        added_wall = statistics.median((p[1][0] - p[0][0]) * 1000 for p in pairs)
        added_cpu = statistics.median((p[1][1] - p[0][1]) * 1000 for p in pairs)
        print(f"added by the .bib (median of {runs} pairs): wall {added_wall:.0f} ms", end="")
        print(f", cpu {added_cpu:.0f} ms")
        print(
            f"warm: reading the 300-entry .bib again: {warm(folder, runs) * 1000:.1f} ms (median)"
        )


if __name__ == "__main__":
    main()
