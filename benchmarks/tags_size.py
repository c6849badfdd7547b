"""What the tags (issue 25, pdf/tags.py) cost in PDF size: each style's example built
untagged and tagged in this process, the bytes of each and the growth.

    python benchmarks/tags_size.py [RESUME.yaml]

Untagged means KerningCanvas.tagged = False (what tests/pdf/test_tagged_pdf.py compares the
text layer with): the same drawing without marked content, structure tree, XMP and link /Contents.
Both are written by the same writer (pdf/pack.py: the structure elements in an object stream,
the cross-reference as a stream); `--plain-writer` also shows reportlab's own writer (one
object each, an xref table), as before the packing. Sizes are deterministic (the PDFs are
byte-reproducible): one build each.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from resume_pdf.cli import main  # noqa: E402
from resume_pdf.pdf import canvas  # noqa: E402
from resume_pdf.pdf.canvas import KerningCanvas  # noqa: E402

STYLES = sorted(p.stem for p in (ROOT / "src/resume_pdf/styles").glob("*.yaml"))


def size(resume: Path, style: str, tagged: bool, out: Path) -> int:
    KerningCanvas.tagged = tagged
    try:
        run = CliRunner().invoke(main, ["build", str(resume), "--style", style, "-o", str(out)])
    finally:
        KerningCanvas.tagged = True
    if run.exit_code != 0:
        raise SystemExit(f"{style}: {run.output}")
    return out.stat().st_size


def table(resume: Path, tmp: Path) -> None:
    print(f"{'style':<10} {'untagged':>9} {'tagged':>9} {'growth':>8}")
    for style in STYLES:
        plain = size(resume, style, False, tmp / f"{style}-plain.pdf")
        tagged = size(resume, style, True, tmp / f"{style}.pdf")
        grow = (tagged - plain) / plain * 100
        print(f"{style:<10} {plain:>9,} {tagged:>9,} {grow:>+7.1f}%".replace(",", " "))


def main_() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    resume = Path(args[0]) if args else ROOT / "resume.yaml"
    with tempfile.TemporaryDirectory() as tmp:
        print("the PDF as written (structure elements packed, xref stream):")
        table(resume, Path(tmp))
        if "--plain-writer" in sys.argv:
            packing, canvas.pack = canvas.pack, lambda doc: None
            try:
                print("\nreportlab's writer (one object each, xref table):")
                table(resume, Path(tmp))
            finally:
                canvas.pack = packing


if __name__ == "__main__":
    main_()
