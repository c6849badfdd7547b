"""Render the README's pictures: the example's first page in each built-in style, and its
cover letter in the modern style (which draws contact icons).

    python docs/make_images.py

Builds with the real CLI, then rasterises page 1 with pypdfium2 into docs/.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pypdfium2

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
from resume_pdf.style.theme import builtin_styles  # noqa: E402


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for style in builtin_styles():
            pdf = Path(tmp) / f"{style}.pdf"
            cmd = ["resume-pdf", "build", str(ROOT / "resume.yaml"), "-o", str(pdf)]
            subprocess.run([*cmd, "--style", style], check=True)
            page = pypdfium2.PdfDocument(pdf)[0]
            target = ROOT / "docs" / f"example-{style}.png"
            page.render(scale=1.25).to_pil().save(target, optimize=True)
            print(target.relative_to(ROOT))
        letter(Path(tmp))


def letter(tmp: Path) -> None:
    pdf = tmp / "letter.pdf"
    cmd = ["resume-pdf", "letter", str(ROOT / "resume.yaml"), "-o", str(pdf), "--style", "modern"]
    subprocess.run(cmd, check=True)
    target = ROOT / "docs" / "example-letter-modern.png"
    pypdfium2.PdfDocument(pdf)[0].render(scale=1.25).to_pil().save(target, optimize=True)
    print(target.relative_to(ROOT))


if __name__ == "__main__":
    main()
