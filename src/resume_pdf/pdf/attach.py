"""Files attached to the PDF (the embedded source, pdf/source.py): each an embedded file
stream with its MIME type, a file specification naming it, listed in the catalog's
`EmbeddedFiles` name tree (what a viewer's attachment pane and pypdf's `attachments` read)
and in the catalog's `/AF` (PDF 2.0 / PDF/A-3 associated files) with its relationship:
`Source` for the YAML a build reads, `Data` for the JSON Resume. No dates: the PDF stays
byte-reproducible.
"""

from __future__ import annotations

import hashlib
from typing import Any

from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFDictionary,
    PDFName,
    PDFObject,
    PDFStream,
    PDFStreamFilterZCompress,
    PDFString,
)

from .source import JSON_MIME, JSON_NAME, YAML_MIME, YAML_NAME

KINDS = {  # name -> (MIME type, relationship, description)
    YAML_NAME: (YAML_MIME, "Source", "The résumé this PDF was built from (resume-pdf YAML)"),
    JSON_NAME: (JSON_MIME, "Data", "The résumé's data as JSON Resume"),
}


class _MimeName(PDFObject):
    """A PDF name holding a MIME type: `application/yaml` is written `/application#2Fyaml`
    (reportlab's PDFName would write the slash as is, which ends the name)."""

    def __init__(self, mime: str) -> None:
        self.mime = mime

    def format(self, _document: Any) -> bytes:
        return b"/" + self.mime.replace("/", "#2F").encode("ascii")


def attach(doc: Any, files: tuple[tuple[str, bytes], ...]) -> None:
    """Add `files` (name, bytes; sorted by name, as a name tree must be) to reportlab's
    PDFDocument `doc` before it is formatted."""
    if not files:
        return
    names: list[Any] = []
    specs: list[Any] = []
    for name, data in files:
        mime, relationship, description = KINDS[name]
        stream = PDFStream(
            PDFDictionary(
                {
                    "Type": PDFName("EmbeddedFile"),
                    "Subtype": _MimeName(mime),
                    "Params": PDFDictionary(
                        {"Size": len(data), "CheckSum": _Hex(hashlib.md5(data).digest())}  # noqa: S324 (the format's checksum)
                    ),
                }
            ),
            data,
            filters=[PDFStreamFilterZCompress()],
        )
        embedded = doc.Reference(stream)
        spec = doc.Reference(
            PDFDictionary(
                {
                    "Type": PDFName("Filespec"),
                    "F": PDFString(name),
                    "UF": PDFString(name),
                    "Desc": PDFString(description),
                    "EF": PDFDictionary({"F": embedded, "UF": embedded}),
                    "AFRelationship": PDFName(relationship),
                }
            )
        )
        names += [PDFString(name), spec]
        specs.append(spec)
    catalog = doc.Catalog
    catalog.Names = PDFDictionary({"EmbeddedFiles": PDFDictionary({"Names": PDFArray(names)})})
    catalog.__NoDefault__ = [*catalog.__NoDefault__, "AF"]
    catalog.AF = PDFArray(specs)


class _Hex(PDFObject):
    """A byte string written in hex (`<0a1b…>`), as the CheckSum entry is."""

    def __init__(self, digest: bytes) -> None:
        self.digest = digest

    def format(self, _document: Any) -> bytes:
        return b"<" + self.digest.hex().encode("ascii") + b">"
