"""Byte-identity of two resume-pdf commands: every built-in style of the example and the
test fixtures, built by each with the same SOURCE_DATE_EPOCH, must give the same PDF bytes,
both as laid out (`--pages any`) and fitted to one page (several layout passes; a résumé
that cannot fit must be refused by both with the same message).
For a speed change: build the old commit into one venv, this checkout into another.

    python benchmarks/identity.py OLD/bin/resume-pdf NEW/bin/resume-pdf
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INPUTS = [ROOT / "resume.yaml"] + [
    ROOT / "tests" / "fixtures" / f"{n}.yaml" for n in ("all_sections", "long", "name_only")
]
STYLES = ("classic", "compact", "modern", "mono", "serif", "sidebar")


BUDGETS = ("any", "1")


def build(command: str, source: Path, style: str, pages: str, out: Path) -> bytes:
    """The PDF's bytes, or the refusal's message."""
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1700000000"}
    out.unlink(missing_ok=True)
    cmd = [command, "build", str(source), "--style", style, "--pages", pages, "-o", str(out)]
    run = subprocess.run([*cmd, "-q"], env=env, capture_output=True)
    if run.returncode != 0:
        return b"refused: " + run.stderr.replace(str(out).encode(), b"OUT")
    return out.read_bytes()


def main() -> None:
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    old, new = sys.argv[1:]
    differ = []
    with tempfile.TemporaryDirectory() as tmp:
        refused = 0
        for source in INPUTS:
            for style in STYLES:
                for pages in BUDGETS:
                    a = build(old, source, style, pages, Path(tmp) / "a.pdf")
                    b = build(new, source, style, pages, Path(tmp) / "b.pdf")
                    refused += a.startswith(b"refused: ")
                    if a != b:
                        differ.append(f"{source.name} in {style}, --pages {pages}")
    total = len(INPUTS) * len(STYLES) * len(BUDGETS)
    print(f"{total - len(differ)} of {total} builds byte-identical ({refused} refused by both)")
    for name in differ:
        print(f"  differs: {name}")
    raise SystemExit(1 if differ else 0)


if __name__ == "__main__":
    main()
