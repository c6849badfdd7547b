"""The space above a section, an entry, a paragraph or a bullet: dropped at the top of a
page or column, where it would push the first line below the page's top margin (page 2
began 7-14 pt lower when a section or an entry opened it than when a bullet did)."""

from __future__ import annotations

from reportlab.platypus import Spacer


class TopGap(Spacer):
    """A Spacer no taller than nothing at a frame's top. A frame names itself to what it
    places (`_frame`) before measuring it; measured anywhere else (a block kept together,
    a column's height summed) it stands at its full height, so nothing is under-measured."""

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        frame = getattr(self, "_frame", None)
        if frame is not None and frame._atTop:  # noqa: SLF001 (reportlab's own flag)
            return self.width, 0.0
        return self.width, self.height
