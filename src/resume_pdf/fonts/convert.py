"""OpenType/CFF -> TrueType, for the characters a résumé uses, cached on disk.

reportlab embeds only TrueType (quadratic) outlines, while most CJK fonts ship CFF (cubic)
outlines. Converting a whole CJK font takes minutes (65,000 glyphs), so the font is first
subset to the characters the résumé needs and only those glyphs are converted (cu2qu, at
most 1 unit of error per 1000 em). The result is cached under the user's cache folder by the
file's identity and the character set, so the next build of the same résumé is as fast as
one with a TrueType font. fontTools is imported here only, and only when a CFF font is used.
"""

from __future__ import annotations

import hashlib
import io
import os
import tempfile
from pathlib import Path

from .files import FaceFile

FORMAT = "1"  # bump when the conversion changes, so old cache entries are not reused
MAX_ERROR = 1.0  # font units, for a 1000-unit em


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "resume-pdf" / "fonts"


def truetype_for(face: FaceFile, needed: frozenset[str]) -> str | io.BytesIO:
    """A TrueType font of `face` holding the `needed` characters it has: a cached file's
    path, or the bytes themselves when the cache cannot be written."""
    stat = Path(face.path).stat()
    chars = "".join(sorted(needed))
    identity = f"{FORMAT}|{face.path}|{stat.st_size}|{stat.st_mtime_ns}|{face.index}|{chars}"
    cached = cache_dir() / f"{hashlib.sha256(identity.encode()).hexdigest()[:32]}.ttf"
    if cached.is_file():
        return str(cached)
    data = _convert(face, needed)
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=cached.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, cached)
    except OSError:
        return io.BytesIO(data)
    return str(cached)


def _convert(face: FaceFile, needed: frozenset[str]) -> bytes:
    from fontTools.ttLib import TTFont

    with TTFont(face.path, fontNumber=face.index, lazy=True) as font:
        return _subset_and_convert(font, needed)


def _subset_and_convert(font, needed: frozenset[str]) -> bytes:  # type: ignore[no-untyped-def]
    from fontTools import subset

    options = subset.Options()
    options.layout_features = ["kern"]  # pair kerning survives; nothing else is used
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.recalc_bounds = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in needed])
    subsetter.subset(font)
    _cff_to_glyf(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _cff_to_glyf(font) -> None:  # type: ignore[no-untyped-def]
    """Replace the CFF table by quadratic glyf outlines (fontTools' otf2ttf recipe)."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable

    order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    max_err = MAX_ERROR * font["head"].unitsPerEm / 1000
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyphs)
        glyphs[name].draw(Cu2QuPen(pen, max_err, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for field in ("maxZones",):
        setattr(maxp, field, 1)
    for field in (
        "maxTwilightPoints",
        "maxStorage",
        "maxFunctionDefs",
        "maxInstructionDefs",
        "maxStackElements",
        "maxSizeOfInstructions",
        "maxComponentElements",
    ):
        setattr(maxp, field, 0)
    post = font["post"]
    post.formatType = 2.0
    post.extraNames = []
    post.mapping = {}
    post.glyphOrder = order
    font["head"].glyphDataFormat = 0
    font.sfntVersion = "\x00\x01\x00\x00"
