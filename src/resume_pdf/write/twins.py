"""Which writer makes which twin, and where it goes.

`render(doc, "md")` is the one entry point for the résumé and the cover letter alike; the
Word writer (and python-docx) is imported only when a .docx is asked for. A format with
limits on its document properties (Word: 255 characters each) gets them cut here, so no
writer fails on a long name, headline or skill list; `cuts` says what was cut, for warnings.
"""

from __future__ import annotations

from pathlib import Path

from .document import Cut, Document, fit_properties

TWIN_FORMATS = ("txt", "md", "html", "docx")
PROPERTY_LIMITS = {"docx": 255}  # python-docx refuses longer core properties


def cuts(doc: Document, fmt: str) -> tuple[Cut, ...]:
    """The document properties `render(doc, fmt)` cuts to the format's limit."""
    limit = PROPERTY_LIMITS.get(fmt)
    return fit_properties(doc, limit)[1] if limit else ()


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

        return render_docx(fit_properties(doc, PROPERTY_LIMITS[fmt])[0])
    raise ValueError(f"no writer for {fmt!r}")


def twin_path(pdf_path: Path, fmt: str) -> Path:
    """`output/resume.pdf` -> `output/resume.md`: a twin sits beside its PDF."""
    return pdf_path.with_name(f"{pdf_path.stem}.{fmt}")
