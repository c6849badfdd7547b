"""Benchmark for issue 21: what checking a user's TrueType font costs (fonts/validate.py),
beside what reportlab's own loading of the same file costs. Each figure is the median
(min-max) of N runs in this process; fontTools' import is measured in fresh processes. A
later build finds the mark the first check left in the cache folder. Nothing here is a
test: speed never fails the suite.

    python benchmarks/font_validation.py [--runs N] [--font PATH]

Without `--font`, a CJK-size TrueType font is made with fontTools: 30,000 glyphs of ~350
bytes (a 10 MB file), a cmap of 30,000 Han characters and class-pair kerning, and the
bundled Roboto is measured as the everyday case.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

GLYPHS = 30_000


def make_cjk_size_font(path: Path) -> Path:
    """A TrueType font the size of a CJK weight: many glyphs of many points."""
    names = [".notdef"] + [f"uni{0x4E00 + i:04X}" for i in range(GLYPHS - 1)]
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({0x4E00 + i: n for i, n in enumerate(names[1:])})
    glyphs = {}
    for i, name in enumerate(names):
        pen = TTGlyphPen(None)
        for c in range(5):  # five contours of 20 points: ~350 bytes a glyph
            pen.moveTo((100 + c * 160, 100))
            for p in range(19):
                pen.lineTo((100 + c * 160 + (p * 37 + i) % 180, 100 + (p * 53 + i * 7) % 700))
            pen.closePath()
        glyphs[name] = pen.glyph()
    fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics({n: (1000, 0) for n in names})
    fb.setupHorizontalHeader(ascent=880, descent=-120)
    fb.setupNameTable({"familyName": "Bench CJK", "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=880, usWinAscent=880, usWinDescent=120)
    fb.setupPost()
    left = " ".join(names[1:2000])
    right = " ".join(names[2000:4000])
    fb.addOpenTypeFeatures(f"feature kern {{ pos [{left}] [{right}] -20; }} kern;")
    fb.save(str(path))
    return path


def roboto() -> Path:
    spec = importlib.util.find_spec("font_roboto")
    assert spec is not None and spec.submodule_search_locations
    return Path(next(iter(spec.submodule_search_locations))) / "files" / "Roboto-Regular.ttf"


def timed(action, runs: int) -> str:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1000)
    return f"{statistics.median(times):7.1f} ms ({min(times):.1f}-{max(times):.1f})"


def measure(path: Path, runs: int) -> None:
    from reportlab.pdfbase.ttfonts import TTFont

    from resume_pdf.fonts import validate

    def check() -> None:
        assert validate._problem(path.read_bytes(), 0) is None

    def later() -> None:  # a new process: the memo is empty, the cache holds the mark
        validate._checked.clear()
        assert validate.problem_with(str(path), 0) is None

    size = path.stat().st_size / 2**20
    print(f"{path.name} ({size:.1f} MB)")
    print(f"  check (fonts/validate.py)       {timed(check, runs)}")
    print(f"  reportlab loads the face        {timed(lambda: TTFont('bench', str(path)), runs)}")
    later()
    print(f"  a later build (marked sound)    {timed(later, runs)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--font", type=Path)
    args = parser.parse_args()
    os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp()  # the marks go there, not to the user's
    code = "import time; t = time.perf_counter(); import fontTools.ttLib; "
    code += "print(time.perf_counter() - t)"
    imports = [float(subprocess.check_output([sys.executable, "-c", code])) for _ in range(3)]
    print(f"fontTools.ttLib import: {statistics.median(imports) * 1000:.0f} ms")
    if args.font:
        measure(args.font, args.runs)
        return
    measure(roboto(), args.runs)
    with tempfile.TemporaryDirectory() as folder:
        measure(make_cjk_size_font(Path(folder) / "BenchCJK.ttf"), args.runs)


if __name__ == "__main__":
    main()
