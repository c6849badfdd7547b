"""`resume-pdf convert cv.pdf`: the résumé a PDF carries as its embedded source (written by
pdf/source.py with `--embed-source`), checked before a byte of it is trusted. A PDF without
one says so: a résumé is never guessed from a PDF's text. An attachment that is not what
resume-pdf writes is refused, each reason located at the attachment: a name like a path, a
type other than YAML, a size over the résumé file limit (also once decompressed), an
encoding other than Flate.
"""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import Any

from ..errors import Problem, ResumeError, quote
from .decode import MAX_BYTES

SOURCE_NAME = "resume.yaml"
YAML_TYPES = ("application/yaml", "application/x-yaml", "text/yaml")
MAX_PDF_BYTES = 64 * 1024 * 1024  # a PDF larger than this is not one resume-pdf wrote


def is_pdf(path: Path) -> bool:
    """A file named .pdf, or one starting as a PDF does."""
    if path.suffix.lower() == ".pdf":
        return True
    try:
        with open(path, "rb") as f:
            return f.read(5) == b"%PDF-"
    except OSError:
        return False


def embedded_source(path: Path) -> str:
    """The text of the résumé source embedded in the PDF at `path`; ResumeError when it has
    none or when any attachment is refused."""
    reader = _reader(path)
    field = "EmbeddedFiles"
    try:
        attachments = list(reader.attachment_list)
    except Exception:  # noqa: BLE001 (pypdf raises many kinds on a damaged name tree)
        raise _refused(path, field, "the attachment list cannot be read") from None
    problems = [p for a in attachments for p in _name_problems(path, a.name)]
    if problems:
        raise ResumeError(problems)
    found = [a for a in attachments if a.name == SOURCE_NAME]
    if not found:
        hint = "build it with --embed-source (or `embed_source: true` in the résumé)"
        message = "holds no embedded résumé source (resume.yaml); the PDF's text is not read"
        raise ResumeError([Problem(message, field=field if attachments else "", hint=hint)])
    return _text(path, found[0])


def _reader(path: Path) -> Any:
    from pypdf import PdfReader

    from .decode import read_bytes

    try:
        size = path.stat().st_size
    except OSError:
        read_bytes(path, str(path))  # its message for a missing or unreadable file
        raise
    if size > MAX_PDF_BYTES:
        raise _refused(path, "", f"{size:,} bytes: larger than any résumé PDF")
    import io
    import logging

    quiet = logging.getLogger("pypdf")
    level, quiet.level = quiet.level, logging.CRITICAL  # its warnings are not ours to print
    try:
        with open(path, "rb") as f:
            return PdfReader(io.BytesIO(f.read()))
    except OSError as exc:
        from ..errors import os_reason

        raise _refused(path, "", os_reason(exc)) from None
    except Exception:  # noqa: BLE001 (pypdf's errors for a file that is not a PDF)
        raise _refused(path, "", "not a PDF that can be read") from None
    finally:
        quiet.level = level


def _name_problems(path: Path, name: Any) -> list[Problem]:
    text = str(name)
    bad = (
        "/" in text
        or "\\" in text
        or ".." in text
        or ":" in text
        or any(ord(c) < 32 or ord(c) == 127 for c in text)
        or not text.strip()
    )
    if not bad:
        return []
    field = f"EmbeddedFiles[{quote(text)}]"
    return [
        Problem(
            "an attachment named like a path (or with control characters): refused",
            field=field,
            hint="resume-pdf only reads an attachment named resume.yaml",
        )
    ]


def _text(path: Path, attachment: Any) -> str:
    field = f"EmbeddedFiles[{quote(SOURCE_NAME)}]"
    subtype = str(attachment.subtype or "").lstrip("/").replace("#2F", "/").lower()
    if subtype not in YAML_TYPES:
        shown = quote(subtype) if subtype else "none"
        raise _refused(path, field, f"its type is {shown}, not YAML ({YAML_TYPES[0]})")
    stream = attachment.pdf_object["/EF"]["/F"].get_object()
    declared = stream.get("/Params", {}).get("/Size")
    if isinstance(declared, int) and declared > MAX_BYTES:
        raise _refused(path, field, f"declares {declared:,} bytes: over the 1 MiB résumé limit")
    data = _decoded(path, field, stream)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise _refused(path, field, "not UTF-8 text") from None


def _decoded(path: Path, field: str, stream: Any) -> bytes:
    """The stream's bytes, decompressed at most to the résumé limit (a small stream can
    inflate to gigabytes)."""
    filters = stream.get("/Filter")
    filters = [filters] if isinstance(filters, str) else list(filters or [])
    raw = stream._data  # noqa: SLF001 (the encoded bytes; pypdf would inflate them whole)
    if filters not in ([], ["/FlateDecode"]):
        raise _refused(path, field, f"encoded with {filters}: only Flate is read")
    if filters:
        inflate = zlib.decompressobj()
        try:
            raw = inflate.decompress(raw, MAX_BYTES + 1)
        except zlib.error:
            raise _refused(path, field, "its compressed data is damaged") from None
    if len(raw) > MAX_BYTES:
        raise _refused(path, field, "over the 1 MiB résumé limit once decompressed")
    return raw


def _refused(path: Path, field: str, message: str) -> ResumeError:
    return ResumeError([Problem(f"{message}; nothing was converted", field=field)])
