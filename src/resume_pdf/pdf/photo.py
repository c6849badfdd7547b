"""The résumé's photo drawn: the checked square (read/photo.py) clipped to the style's
shape, beside the header or atop the sidebar, never in the text layer."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from reportlab.lib.utils import ImageReader
from reportlab.platypus import Flowable

from ..read.photo import PhotoRef, photo_png
from ..read.photo import check_photo as check_photo  # the build checks the file through here
from .tags import element


class PhotoFlowable(Flowable):
    """The photo, `size` points square, clipped to a circle, a rounded square or a square."""

    def __init__(self, path: Path, ref: PhotoRef, size: float, shape: str, align: str) -> None:
        super().__init__()
        self.data = photo_png(path, ref)
        self.size, self.shape, self.hAlign = size, shape, align.upper()

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = self.height = self.size
        return self.size, self.size

    def draw(self) -> None:
        canv, s = self.canv, self.size
        part, alt = getattr(self, "tag_part", None), getattr(self, "tag_alt", None)
        with element(canv, ("Figure",), part=part, alt=alt):
            self._draw(canv, s)

    def _draw(self, canv: Any, s: float) -> None:
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
