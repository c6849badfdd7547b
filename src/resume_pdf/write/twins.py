"""Which writer makes which twin, and where it goes.

`render(doc, "md")` is the one entry point for the résumé and the cover letter alike; the
Word writer (and python-docx) is imported only when a .docx is asked for.
"""

from __future__ import annotations

from pathlib import Path

from .document import Document

TWIN_FORMATS = ("txt", "md", "html", "docx")


def render(doc: Document, fmt: str) -> bytes:
    """The bytes of `doc` as a `fmt` file (one of TWIN_FORMATS)."""
    if fmt == "txt":
        from .txt import render_txt

        return render_txt(doc)
    if fmt == "md":
        from .markdown import render_md

        return render_md(doc)
    if fmt == "html":
        from .html import render_html

        return render_html(doc)
    if fmt == "docx":
        from .docx import render_docx

        return render_docx(doc)
    raise ValueError(f"no writer for {fmt!r}")


def twin_path(pdf_path: Path, fmt: str) -> Path:
    """`output/resume.pdf` -> `output/resume.md`: a twin sits beside its PDF."""
    return pdf_path.with_name(f"{pdf_path.stem}.{fmt}")
