"""PDF pages -> PNG files with pypdfium2, for previews. Imported only when asked for, so
the plain build path never loads a rasteriser."""

from __future__ import annotations

from pathlib import Path


def write_pngs(pdf: Path, targets: list[Path], scale: float = 1.5) -> None:
    """Render page i of `pdf` into targets[i] (as many pages as targets are given)."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        for page, target in zip(document, targets, strict=False):
            page.render(scale=scale).to_pil().save(target, optimize=True)
    finally:
        document.close()
