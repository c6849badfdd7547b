"""Draw docs/page-round-2/STYLE.png: page 1 of the example in each built-in style, an earlier
checkout's (left) beside this one's (right).

    python docs/page-round-2/make.py OLD_SRC    # OLD_SRC: the earlier checkout's src/
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pypdfium2
from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parents[2]
STYLES = ("classic", "compact", "modern", "mono", "serif", "sidebar")


def page_one(src: Path, style: str, folder: Path) -> Image.Image:
    pdf = folder / f"{style}-{abs(hash(src))}.pdf"
    cmd = [sys.executable, "-m", "resume_pdf", "build", str(ROOT / "resume.yaml"), "-o", str(pdf)]
    subprocess.run([*cmd, "--style", style], env={**os.environ, "PYTHONPATH": str(src)}, check=True)
    return pypdfium2.PdfDocument(pdf)[0].render(scale=80 / 72).to_pil().convert("RGB")


def main() -> None:
    old = Path(sys.argv[1]).resolve()
    with tempfile.TemporaryDirectory() as tmp:
        for style in STYLES:
            pages = [("before", page_one(old, style, Path(tmp)))]
            pages.append(("after", page_one(ROOT / "src", style, Path(tmp))))
            width = sum(im.width for _, im in pages) + 30
            canvas = Image.new("RGB", (width, max(im.height for _, im in pages) + 34), "#9aa1a9")
            draw, x = ImageDraw.Draw(canvas), 10
            for label, im in pages:
                draw.text((x, 8), f"{style}: {label}", fill="white")
                canvas.paste(im, (x, 30))
                x += im.width + 10
            target = Path(__file__).with_name(f"{style}.png")
            canvas.quantize(colors=96, method=Image.Quantize.MEDIANCUT).save(target, optimize=True)


if __name__ == "__main__":
    main()
