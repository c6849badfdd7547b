"""PDF pages -> PNG files with pypdfium2, for previews. Imported only when asked for, so
the plain build path never loads a rasteriser."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

from ..errors import Problem, Severity, os_reason
from .output import check_targets, write_atomic


def page_names(pdf: Path, pages: int) -> tuple[Path, ...]:
    """`out.pdf` -> `out-1.png`, `out-2.png`, ...: the PNG of each page, beside the PDF."""
    return tuple(pdf.with_name(f"{pdf.stem}-{i}.png") for i in range(1, pages + 1))


def remove_stale_pages(pdf: Path, pages: int) -> list[Problem]:
    """Remove the page PNGs an earlier, longer PDF left beside this one: exactly the names
    `page_names` gives (`out-3.png`, never `out-03.png` or `out-3.png.bak`) beyond `pages`,
    and only regular files (a folder or a symlink of that name is the user's). A file that
    cannot be removed is a warning: the new PDF and its pages are written by then."""
    name = re.compile(re.escape(pdf.stem) + r"-([1-9][0-9]{0,8})\.png")
    warnings = []
    try:
        with os.scandir(pdf.parent) as entries:
            stale = [
                Path(e.path)
                for e in entries
                if (m := name.fullmatch(e.name)) and int(m[1]) > pages
                if e.is_file(follow_symlinks=False)
            ]
    except OSError:
        return []
    for path in sorted(stale):
        try:
            path.unlink()
        except OSError as exc:
            message = (
                f"could not remove {str(path)!r}, a page the PDF no longer has: {os_reason(exc)}"
            )
            warnings.append(Problem(message, severity=Severity.WARNING))
    return warnings


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


def add_pages(files: dict[Path, bytes], pdf: Path, pages: int) -> tuple[Path, ...]:
    """A PNG of each page of the PDF about to be written, added to `files` so they are
    checked and written with it: a page that cannot be written leaves the old PDF alone."""
    pngs = page_names(pdf, pages)
    files.update(zip(pngs, render_pngs(files[pdf], pages), strict=True))
    return pngs
