"""The résumé's photo (`photo: me.jpg`): checked, cropped to a square and drawn clipped to
the style's shape, beside the header or atop the sidebar, never in the text layer.

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

from reportlab.lib.utils import ImageReader
from reportlab.platypus import Flowable

from ..errors import Problem, ResumeError, quote
from ..model import PhotoRef
from ..paths import find_path

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


class PhotoFlowable(Flowable):
    """The photo, `size` points square, clipped to a circle, a rounded square or a square."""

    def __init__(self, path: Path, ref: PhotoRef, size: float, shape: str, align: str) -> None:
        super().__init__()
        stamp = find_path(path, "photo", ref.location, "photo").mtime_ns
        self.data = _square(str(path), stamp, ref)
        self.size, self.shape, self.hAlign = size, shape, align.upper()

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = self.height = self.size
        return self.size, self.size

    def draw(self) -> None:
        canv, s = self.canv, self.size
        canv.saveState()
        clip = canv.beginPath()
        if self.shape == "circle":
            clip.circle(s / 2, s / 2, s / 2)
        elif self.shape == "rounded":
            clip.roundRect(0, 0, s, s, s * 0.12)
        else:
            clip.rect(0, 0, s, s)
        canv.clipPath(clip, stroke=0, fill=0)
        canv.drawImage(ImageReader(io.BytesIO(self.data)), 0, 0, s, s)
        canv.restoreState()
