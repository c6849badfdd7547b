"""Byte-identity of two resume-pdf commands: every built-in style of the example and the
test fixtures, built by each with the same SOURCE_DATE_EPOCH, must give the same PDF bytes.
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


def build(command: str, source: Path, style: str, out: Path) -> bytes:
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1700000000"}
    cmd = [command, "build", str(source), "--style", style, "--pages", "any", "-o", str(out)]
    subprocess.run([*cmd, "-q"], check=True, env=env)
    return out.read_bytes()


def main() -> None:
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    old, new = sys.argv[1:]
    differ = []
    with tempfile.TemporaryDirectory() as tmp:
        for source in INPUTS:
            for style in STYLES:
                a = build(old, source, style, Path(tmp) / "a.pdf")
                b = build(new, source, style, Path(tmp) / "b.pdf")
                if a != b:
                    differ.append(f"{source.name} in {style}")
    total = len(INPUTS) * len(STYLES)
    print(f"{total - len(differ)} of {total} PDFs byte-identical")
    for name in differ:
        print(f"  differs: {name}")
    raise SystemExit(1 if differ else 0)


if __name__ == "__main__":
    main()
