"""The inline-markup parser on pathological fields: prints the median of N runs per shape.

    python benchmarks/bench_inline.py [--runs N]

Each shape is repeated to 1 MiB (the file-size limit, so the largest field there can be),
plus the exact strings of issue 11. Nothing here is a test: speed never fails the suite.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from resume_pdf.text.inline import parse_inline  # noqa: E402

MIB = 1 << 20
ISSUE = {
    "'*a ' x 30 + 'b*' (92 B)": "*a " * 30 + "b*",
    "'[' x 30,000": "[" * 30_000,
    "' *a' x 30,000": " *a" * 30_000,
    "'*a ' x 1200 + 'b' + '*' x 1200": "*a " * 1200 + "b" + "*" * 1200,
}
UNITS = ("word ", "*a ", "*a* ", "a*b", "**a*", "[", "[a](", "[a](https://b.c) ", "\\*", "[x](h(")


def median_ms(text: str, runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        parse_inline(text)
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; median of {runs}")
    for name, text in ISSUE.items():
        print(f"{name:40} {median_ms(text, runs):8.1f} ms")
    for unit in UNITS:
        text = unit * (MIB // len(unit))
        print(f"{unit!r:>22} x -> 1 MiB {median_ms(text, runs):12.1f} ms")


if __name__ == "__main__":
    main()
