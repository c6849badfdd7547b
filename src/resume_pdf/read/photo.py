"""The résumé's photo file (`photo: me.jpg`), read and checked: PNG bytes of an upright
square, for the PDF (pdf/photo.py draws it) and the Word twin alike. Pillow only, no
reportlab, so a writer can use it.

An image is input from the user's folder like the résumé itself, so it is treated as
hostile: confined to the résumé's folder (symlinks followed), at most MAX_BYTES, JPEG or PNG
by content, its pixel count read from the header and refused before anything is decoded,
Pillow's decompression-bomb guard turned into an error, a truncated file refused. Each case
is a located error at the `photo:` line. The decoded, downscaled square is cached per file
state, so the fit's layout passes decode it once.
"""

from __future__ import annotations

import io
import warnings
from functools import lru_cache
from pathlib import Path
from typing import NoReturn

from ..errors import Location, Problem, ResumeError, quote
from ..paths import find_path
from ..values import value


@value
class PhotoRef:
    """`photo:` as written, and where: pdf/photo.py opens and checks the file at build time."""

    path: str
    location: Location | None = None


NO_PHOTO = PhotoRef("")  # a variant's `photo: false`


MAX_BYTES = 20 * 2**20
MAX_PIXELS = {"JPEG": 50_000_000, "PNG": 16_000_000}  # JPEG decodes at reduced size
# MPO is what many phone cameras write as .jpg: a JPEG with more frames after it (a depth
# map, a second view). Pillow opens its first frame, which is the photo.
AS_FORMAT = {"JPEG": "JPEG", "PNG": "PNG", "MPO": "JPEG"}
DRAWN_PIXELS = 480  # the embedded square: sharp at 2 inches and 240 dpi


def check_photo(ref: PhotoRef, folder: Path) -> Path:
    """The photo's path once it is known to be usable; a located ResumeError otherwise."""
    found = find_path(folder / ref.path, "photo", ref.location, "photo", ref.path)
    if not found.path.is_relative_to(find_path(folder, "folder", ref.location, "photo").path):
        _fail(ref, "is outside the résumé's folder")
    if found.kind != "file":
        _fail(ref, "not found beside the résumé")
    if found.size > MAX_BYTES:
        _fail(ref, f"is larger than {MAX_BYTES // 2**20} MB")
    _square(str(found.path), found.mtime_ns, ref)
    return found.path


def _fail(ref: PhotoRef, why: str) -> NoReturn:
    raise ResumeError([Problem(f"photo {quote(ref.path)} {why}", ref.location, "photo")])


@lru_cache(maxsize=4)
def _square(path: str, stamp: int, ref: PhotoRef) -> bytes:
    """The photo upright (EXIF orientation), centre-cropped to a square, at most
    DRAWN_PIXELS a side, as PNG bytes."""
    from PIL import Image, ImageOps, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                kind = AS_FORMAT.get(image.format or "")
                if kind is None:
                    _fail(ref, f"is {image.format}, not a JPEG or PNG image")
                width, height = image.size
                limit = MAX_PIXELS[kind]
                if width * height > limit:
                    _fail(
                        ref,
                        f"is {width} x {height} pixels; the limit for {kind} is "
                        f"{limit // 1_000_000} megapixels",
                    )
                image.draft("RGB", (DRAWN_PIXELS * 2, DRAWN_PIXELS * 2))  # JPEG: decode small
                image = ImageOps.exif_transpose(image.convert("RGB"))
                side = min(image.size)
                left, top = (image.width - side) // 2, (image.height - side) // 2
                image = image.crop((left, top, left + side, top + side))
                image = image.resize((min(side, DRAWN_PIXELS),) * 2, Image.Resampling.LANCZOS)
                out = io.BytesIO()
                image.save(out, "PNG", optimize=False)
                return out.getvalue()
    except ResumeError:
        raise
    except UnidentifiedImageError:
        _fail(ref, "is not an image (JPEG or PNG)")
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        _fail(ref, "is a decompression bomb (far more pixels than its size suggests)")
    except (OSError, SyntaxError, ValueError) as exc:
        _fail(ref, f"cannot be read ({exc})"[:200])
    raise AssertionError("unreachable")


def photo_png(path: Path, ref: PhotoRef) -> bytes:
    """The checked photo at `path` (check_photo's answer) as the PDF draws it: the upright
    square, PNG bytes, decoded once per file state."""
    stamp = find_path(path, "photo", ref.location, "photo").mtime_ns
    return _square(str(path), stamp, ref)
