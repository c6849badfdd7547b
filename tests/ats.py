"""ATS-readability helpers for the test-suite (see /work/shared/ATS.md, parts B and C).

The expected text E is built from the input résumé, the extracted text X from the PDF; both go
through the same `norm`/`tokens` so that tests compare words, not typography.  Everything here is
deliberately independent of the builder's own code, so a builder bug cannot hide itself.
"""

from __future__ import annotations

import io
import math
import os
import re
import unicodedata
from collections import Counter
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

PdfSource = bytes | str | os.PathLike[str]

# --- C.2 normalisation --------------------------------------------------------------------------

_MAP: dict[int, str | None] = {
    **{ord(c): "'" for c in "\u2018\u2019\u201a\u201b\u2032\u00b4`"},
    **{ord(c): '"' for c in "\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb"},
    **{c: "-" for c in range(0x2010, 0x2016)},
    **{ord(c): "-" for c in "\u2212\ufe58\ufe63\uff0d"},
    **{ord(c): " " for c in "\u00a0\u2007\u202f\u2009\u200a\u3000\t"},
    **{ord(c): None for c in "\u00ad\u200b\u200c\u200d\u2060\ufeff"},
}


def norm(s: str) -> str:
    """C.2: NFKC, unify quotes/dashes/spaces, drop invisible chars, casefold.

    The map is applied before *and* after NFKC: NFKC decomposes ´ (to space + combining accent)
    and ″ (to ′′), so mapping only afterwards would make those two entries of C.2 dead letters;
    mapping again afterwards catches what NFKC produces (e.g. U+FE58 -> U+2014).
    """
    return unicodedata.normalize("NFKC", s.translate(_MAP)).translate(_MAP).casefold()


# --- C.3 tokenisation ---------------------------------------------------------------------------

_CJK = re.compile("([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f])")
_END_PUNCT = "\"'()[]{}<>,;:!?\u2026"
_ABBREV = re.compile(r"(\w\.)+")
_SEPARATORS = frozenset("•▪●◦‣⁃∙·■□➤➔→*-–—|")


def _strip(tok: str) -> str:
    """Strip end punctuation and trailing dots (one at a time, so 'e.g.,' and 'end.)' work)."""
    while True:
        new = tok.strip(_END_PUNCT)
        if new.endswith(".") and not _ABBREV.fullmatch(new):
            new = new[:-1]
        if new == tok:
            return tok
        tok = new


def tokens(s: str) -> list[str]:
    """C.3: words of `norm(s)`; CJK compared per character; bullets and separators dropped.

    Inner punctuation is kept so that c++, ci/cd, e-mails and URLs stay single tokens and a
    broken one shows up as missing rather than as a partial match.
    """
    words = (_strip(w) for w in _CJK.sub(r" \1 ", norm(s)).split())
    return [w for w in words if w and w not in _SEPARATORS]


# --- C.4 metrics --------------------------------------------------------------------------------


def lcs_len(a: Sequence[Hashable], b: Sequence[Hashable]) -> int:
    """Exact LCS length, bit-parallel (Allison–Dix / Hyyrö): O(len(a)/w * len(b)), no heuristics."""
    masks: dict[Hashable, int] = {}
    for i, t in enumerate(a):
        masks[t] = masks.get(t, 0) | (1 << i)
    full = (1 << len(a)) - 1
    v = full
    for t in b:
        u = v & masks.get(t, 0)
        v = ((v + u) | (v - u)) & full
    return len(a) - v.bit_count()


@dataclass
class Recall:
    """Result of `measure`; the lists say *what* went wrong when a ratio is below 1."""

    order_recall: float
    bag_recall: float
    precision: float
    missing: list[str] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)
    glued: list[str] = field(default_factory=list)
    split: list[tuple[str, str]] = field(default_factory=list)


def measure(expected: str, extracted: str) -> Recall:
    """C.4: compare tokens(expected) against tokens(extracted).

    order_recall < bag_recall means reading-order damage; bag_recall < 1 means lost or garbled
    words; glued/split pinpoint missing or spurious spaces.
    """
    e, x = tokens(expected), tokens(extracted)
    n, m = len(e), len(x)
    lcs = lcs_len(e, x)
    ce, cx = Counter(e), Counter(x)
    vocab = set(e)
    runs = {"".join(e[i : i + k]) for k in range(2, 5) for i in range(n - k + 1)}
    return Recall(
        order_recall=lcs / n if n else 1.0,
        bag_recall=sum((ce & cx).values()) / n if n else 1.0,
        precision=lcs / m if m else 1.0,
        missing=list((ce - cx).elements()),
        extra=list((cx - ce).elements()),
        glued=[t for t in x if t not in vocab and t in runs],
        split=[
            (a, b)
            for a, b in zip(x, x[1:], strict=False)
            if a + b in vocab and (a not in vocab or b not in vocab)
        ],
    )


# --- B3 garbage ---------------------------------------------------------------------------------

JUNK = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffd\ue000-\uf8ff\u25a0]"  # controls, U+FFFD, PUA, ■
    r"|\(cid:\d+\)"  # unmapped glyph ids
    "|\u00c3[\x80-\xbf]|\u00e2\u20ac"  # UTF-8 read as Latin-1 / cp1252
)


def junk(text: str) -> list[str]:
    """B3: every garbage match in `text` (a missing glyph or a broken encoding, never real text).

    U+25A0 is reported even if the résumé really contains "■"; the caller filters that case.
    """
    return [m.group() for m in JUNK.finditer(text)]


# --- reading PDFs with pypdf --------------------------------------------------------------------


def _reader(pdf: PdfSource) -> Any:
    from pypdf import PdfReader

    return PdfReader(io.BytesIO(pdf) if isinstance(pdf, bytes) else pdf)


def pdf_pages_text(pdf: PdfSource) -> list[str]:
    """Plain-mode text per page: content-stream order, like the simplest ATS extractor."""
    return [page.extract_text() for page in _reader(pdf).pages]


def pdf_text(pdf: PdfSource) -> str:
    """X_pypdf of Part B: all pages joined by newlines."""
    return "\n".join(pdf_pages_text(pdf))


def pdf_links(pdf: PdfSource) -> list[str]:
    """Every /URI of a /Link annotation, in page order (B8: each input URL exactly once)."""
    uris = []
    for page in _reader(pdf).pages:
        for ref in page.get("/Annots") or []:
            annot = ref.get_object()
            action = annot.get("/A")
            if annot.get("/Subtype") == "/Link" and action is not None:
                uri = action.get_object().get("/URI")
                if uri is not None:
                    uris.append(str(uri))
    return uris


_FONT_FILES = ("/FontFile", "/FontFile2", "/FontFile3")


def _font_info(font: Any) -> dict[str, Any]:
    """One font's B2 facts; a Type0 font's embedding is decided by its descendant CIDFonts."""
    parts = [d.get_object() for d in font.get("/DescendantFonts") or []] or [font]
    descriptors = [p["/FontDescriptor"].get_object() for p in parts if "/FontDescriptor" in p]
    return {
        "name": str(font.get("/BaseFont", "")).lstrip("/"),
        "subtype": str(font.get("/Subtype", "")).lstrip("/"),
        "embedded": any(k in d for d in descriptors for k in _FONT_FILES),
        "to_unicode": "/ToUnicode" in font,
    }


def _fonts_in(resources: Any, seen: set[int]) -> Iterator[dict[str, Any]]:
    """Fonts of a resource dict, then of its form XObjects (text can hide inside forms)."""
    if resources is None:
        return
    resources = resources.get_object()
    for ref in (resources.get("/Font") or {}).values():
        yield _font_info(ref.get_object())
    for ref in (resources.get("/XObject") or {}).values():
        xobj = ref.get_object()
        key = getattr(ref, "idnum", id(xobj))
        if xobj.get("/Subtype") == "/Form" and key not in seen:
            seen.add(key)
            yield from _fonts_in(xobj.get("/Resources"), seen)


def pdf_fonts(pdf: PdfSource) -> list[dict[str, Any]]:
    """Per page, per font resource: {"name", "subtype" (no leading '/'), "embedded", "to_unicode"}.

    A font shared by several pages is listed once per page.
    """
    return [f for page in _reader(pdf).pages for f in _fonts_in(page.get("/Resources"), set())]


def pdf_font_sizes(pdf: PdfSource) -> list[float]:
    """Effective size (Tf size scaled by the text and current matrices) of each drawn text run.

    B12 needs the size as printed, not the Tf operand: a theme may scale with `cm` or `Tm`.
    """
    sizes: list[float] = []

    def scale(mat: Sequence[float]) -> float:
        return math.sqrt(abs(mat[0] * mat[3] - mat[1] * mat[2]))

    def visit(text: str, cm: Sequence[float], tm: Sequence[float], _font: Any, size: float) -> None:
        if text.strip():
            sizes.append(size * scale(tm) * scale(cm))

    for page in _reader(pdf).pages:
        page.extract_text(visitor_text=visit)
    return sizes
