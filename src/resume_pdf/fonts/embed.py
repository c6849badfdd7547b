"""What a TrueType face writes into each PDF, memoised across the builds of one process.

reportlab embeds the subset of a face that a PDF uses: it makes the subset's font program
(`TTFontFace.makeSubset`, called from the face's `addSubsetObjects`) and compresses it when
the file is written. For the same characters both steps give the same bytes every time, and
together they are about a tenth of a warm build; watch mode's rebuilds and a batch's résumés
mostly use the same characters. `memoise_embedding` wraps the two steps of one face, on the
face object only (reportlab's classes and files are untouched).
tests/ground/test_warm_reuse_is_never_stale.py checks that reportlab still goes through
both, and that a rebuild embeds the same bytes.
"""

from __future__ import annotations

from typing import Any

from reportlab.pdfbase import pdfdoc

_MAX_MEMO = 16  # subsets per face: a process seldom sees more character sets than that


class SubsetMemo:
    """A face's `makeSubset`, memoised on the characters of the subset."""

    def __init__(self, make: Any) -> None:
        self.make = make
        self.made: dict[tuple[int, ...], bytes] = {}

    def __call__(self, subset: list[int]) -> bytes:
        key = tuple(subset)
        found = self.made.get(key)
        if found is None:
            if len(self.made) >= _MAX_MEMO:
                self.made.clear()
            found = self.made[key] = self.make(subset)
        return found


class FlateMemo:
    """reportlab's FlateDecode filter for a face's font programs, memoised on the bytes."""

    pdfname = pdfdoc.PDFZCompress.pdfname

    def __init__(self) -> None:
        self.made: dict[bytes, bytes] = {}

    def encode(self, data: bytes) -> bytes:
        found = self.made.get(data)
        if found is None:
            if len(self.made) >= _MAX_MEMO:
                self.made.clear()
            found = self.made[data] = pdfdoc.PDFZCompress.encode(data)
        return found

    def decode(self, data: bytes) -> bytes:
        return pdfdoc.PDFZCompress.decode(data)


def memoise_embedding(face: Any) -> None:
    """Make `face` (a TTFontFace) reuse the subsets it made and their compressed bytes."""
    face.makeSubset = subsets = SubsetMemo(face.makeSubset)
    add_objects, flate = face.addSubsetObjects, FlateMemo()

    def add_subset_objects(doc: Any, fontname: str, subset: list[int]) -> Any:
        descriptor = add_objects(doc, fontname, subset)
        # the font program's stream, under the name reportlab registers it by
        program = doc.idToObject.get(f"fontFile:{face.filename}({fontname})")
        if program is not None and program.filters == [pdfdoc.PDFZCompress]:
            program.filters = [flate]
        return descriptor

    face.addSubsetObjects = add_subset_objects
    face.subset_memos = (subsets, flate)  # for the tests
