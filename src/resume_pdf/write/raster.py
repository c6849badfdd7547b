"""PDF pages -> PNG files with pypdfium2, for previews. Imported only when asked for, so
the plain build path never loads a rasteriser."""

from __future__ import annotations

import io
from pathlib import Path

from ..errors import Problem, ResumeError
from .output import write_atomic


def write_pngs(pdf: Path, targets: list[Path], scale: float = 1.5) -> None:
    """Render page i of `pdf` into targets[i] (as many pages as targets are given), each
    written atomically like the PDF."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        for page, target in zip(document, targets, strict=False):
            if target.is_dir():
                raise ResumeError([Problem(f"cannot write {str(target)!r}: it is a directory")])
            buffer = io.BytesIO()
            page.render(scale=scale).to_pil().save(buffer, format="PNG", optimize=True)
            write_atomic(target, buffer.getvalue())
    finally:
        document.close()
