"""Where to try next when a short page grows (pdf/fit.py): a guess at how full the page
stands at each growth, so that most pages need one layout pass beyond the natural one.

Growth g runs 0-1 over the spacing (to the style's `fit.ceiling.spacing`) and 1-2 over the
type (every size, the body to `fit.ceiling.body`). The fill is close to linear in each
stage, with a bend between: the spacing is about a seventh of a page's height, and the
text grows with the square of its size (taller lines, and more of them as fewer words fit
a line). Before any grown pass that guess is all there is; once a grown pass fits, the
guess is scaled to pass through it; once one overflows, the target is found between the
two measured settings, bent at the spacing ceiling.
"""

from __future__ import annotations

from ..style.theme import Theme
from .render import Rendered

SPACING_SHARE = 0.13  # typical share of a page's height that is vertical space
SPACING_END = 1.0  # the growth at which the spacing stops and the type starts growing
MIN_STEP = 0.15  # the least share of the open interval a guess moves into it


def predicted(theme: Theme, used: float, g: float) -> float:
    """The pages used at growth g, from the natural layout's `used`."""
    ceiling = theme.fit.ceiling
    spacing = 1 + min(g, SPACING_END) * max(ceiling.spacing - 1, 0)
    scale = max(ceiling.body / theme.sizes.body - 1, 0) if theme.sizes.body else 0.0
    k = 1 + min(max(g - SPACING_END, 0.0), 1.0) * scale
    return used * (SPACING_SHARE * spacing + (1 - SPACING_SHARE) * k * k)


def needed(attempt: Rendered | None, pages: int) -> float:
    """How many pages an overflowing pass's content needs, counted as `used` counts them
    (each page before the last kept one full) but without the foot of the page the break
    left empty: a kept-together entry pushed over made 1.13 of content that needs 1.04."""
    if attempt is None:  # a sidebar too tall: treat it as a whole page too many
        return pages + 1.0
    return pages - 1 + sum(attempt.fills[pages - 1 :])


def aim(
    theme: Theme,
    natural: float,
    lo: tuple[float, float],
    hi: tuple[float, float] | None,
    most: float,
    target: float,
) -> float:
    """The next growth to try for `target` pages used: `lo` is the most grown (growth,
    used) that keeps the pages, `hi` the least grown that does not (None: none tried yet),
    `most` the furthest the page may grow."""
    if hi is None:
        return _guess(theme, natural, lo, most, target)
    points = [lo, hi]
    if lo[0] < SPACING_END < hi[0]:
        if theme.fit.ceiling.body <= theme.sizes.body:
            bend = hi[1]  # the type does not grow: all the growth is the spacing's
        else:
            rise = predicted(theme, natural, SPACING_END) - natural
            if lo[0] > 0:  # the spacing's measured slope
                rise = (lo[1] - natural) / lo[0]
            bend = lo[1] + rise * (SPACING_END - lo[0]) / max(SPACING_END, 1e-6)
        points.insert(1, (SPACING_END, min(max(bend, lo[1]), hi[1])))
    g = hi[0]
    for (g0, u0), (g1, u1) in zip(points, points[1:], strict=False):
        if u1 >= target:
            g = g0 + (target - u0) / max(u1 - u0, 1e-6) * (g1 - g0)
            break
    share = (g - lo[0]) / (hi[0] - lo[0])
    return lo[0] + min(max(share, MIN_STEP), 1 - MIN_STEP) * (hi[0] - lo[0])


def _guess(
    theme: Theme, natural: float, lo: tuple[float, float], most: float, target: float
) -> float:
    """With nothing overflowing yet: where the predicted fill (scaled through `lo` once a
    grown pass measured it) meets the target; the ceiling when it does not reach it."""
    scale = 1.0
    base = predicted(theme, natural, lo[0]) - natural
    if lo[0] > 0 and base > 1e-6:
        scale = max((lo[1] - natural) / base, 0.25)

    def fill(g: float) -> float:
        return natural + scale * (predicted(theme, natural, g) - natural)

    if fill(most) <= target:
        return most
    low, high = lo[0], most
    for _ in range(24):  # halving: the fill rises with g
        middle = (low + high) / 2
        low, high = (middle, high) if fill(middle) < target else (low, middle)
    return max(high, lo[0] + MIN_STEP * (most - lo[0]))
