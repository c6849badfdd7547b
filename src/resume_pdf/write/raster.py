"""PDF pages -> PNG files with pypdfium2, for previews. Imported only when asked for, so
the plain build path never loads a rasteriser."""

from __future__ import annotations

import io
from pathlib import Path

from .output import check_targets, write_atomic


def render_pngs(pdf: bytes | Path, pages: int, scale: float = 1.5) -> list[bytes]:
    """PNG bytes of the first `pages` pages, made before anything is written, so a build
    whose PNG cannot be made or written leaves its previous PDF alone."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        out = []
        for _, page in zip(range(pages), document, strict=False):
            buffer = io.BytesIO()
            page.render(scale=scale).to_pil().save(buffer, format="PNG", optimize=True)
            out.append(buffer.getvalue())
        return out
    finally:
        document.close()


def write_pngs(pdf: Path, targets: list[Path], scale: float = 1.5) -> None:
    """Render page i of `pdf` into targets[i] (as many pages as targets are given), each
    written atomically like the PDF, all checked first."""
    check_targets(targets)
    for target, data in zip(targets, render_pngs(pdf, len(targets), scale), strict=False):
        write_atomic(target, data)
