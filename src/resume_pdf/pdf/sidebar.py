"""The sidebar's placement: which sections the panel holds, and how wide it is.

Pure decisions over heights: layout.py builds the columns' flowables and hands in a
function giving both columns' heights for a trial placement, so the rule can be read (and
changed) apart from how the flowables are made.
"""

from __future__ import annotations

from collections.abc import Callable

from ..model.resume import Section
from ..style.theme import Theme
from ..values import replace

BALANCE = 0.15  # the columns' heights on page 1 may differ by this share of its text height
PANEL_NARROWEST = 0.8  # the panel narrows to this share of the style's width, at most
NARROW_STEP = 6.0  # points the panel narrows by at a time
PANEL_PAD = 10.0  # points between the panel's text and the edge of its tint
GUTTER = 20.0  # points between the tint's edge and the main column's text (at least 18)
PANEL_TYPE = 0.5  # points the main column's text may stand above the panel's
GROWTH_STEPS = 5  # halvings in finding how far the panel grows: to 1/16 of a stage
Placed = tuple[tuple[bool, ...], float]  # which sections the panel holds, and its width
Heights = Callable[[list[bool], float], tuple[float, float]]  # (panel, main) for a trial


def place_sections(
    theme: Theme, sections: tuple[Section, ...], room: float, heights: Heights
) -> Placed:
    """The style's rule (Theme.in_panel), then balanced on page 1 (`room` points of text
    height). While the main column is taller than the panel by more than BALANCE of the
    page, the panel takes the sections the style names for neither column (awards,
    languages: last first), then narrows (to PANEL_NARROWEST at most), each step kept only
    when the panel still fits the page and it brings the columns nearer (or, for a main
    column running over page 1, shortens it); a panel taller than the main column by as
    much gives its last sections back."""
    bar = theme.layout.sidebar

    def apart(h: tuple[float, float]) -> float:  # main minus panel, as far as page 1 shows
        return min(h[1], room) - min(h[0], room)

    panel = list(theme.in_panel([(s.kind.value, s.title) for s in sections]))
    named = {n.casefold() for n in theme.sidebar.main}
    width, now = bar.width, heights(panel, bar.width)
    trials: list[tuple[list[bool], float]] = [  # (a section moved, or a narrower width)
        ([*panel[:i], True, *panel[i + 1 :]], 0.0)
        for i in reversed(range(len(sections)))
        if not panel[i] and not {sections[i].kind.value, sections[i].title.casefold()} & named
    ]
    steps = int(bar.width * (1 - PANEL_NARROWEST) / NARROW_STEP)
    trials += [([], bar.width - k * NARROW_STEP) for k in range(1, steps + 1)]
    for moved, narrower in trials:
        if apart(now) <= BALANCE * room:
            break
        # a moved section joins what the panel already holds
        trial = [a or b for a, b in zip(panel, moved, strict=True)] if moved else panel
        if all(trial):
            continue  # the main column keeps a section
        got = heights(trial, narrower or width)
        nearer = abs(apart(got)) < abs(apart(now))
        # a main column running over page 1 gains from the width (less to tighten)
        shorter = now[1] > room and got[1] < now[1]
        if got[0] <= room and (nearer or shorter):
            panel, width, now = trial, narrower or width, got
    for i in reversed(range(len(sections))):  # a panel too tall gives sections back
        if -apart(now) <= BALANCE * room or not panel[i]:
            continue
        trial = [*panel[:i], False, *panel[i + 1 :]]
        got = heights(trial, width)
        if abs(apart(got)) < abs(apart(now)):
            panel, now = trial, got
    return tuple(panel), width


def most_growth(fits: Callable[[float], bool], top: float) -> float:
    """The most growth in [0, top] that `fits` (which holds at 0 and fails once past
    some point): `top` itself, or found by halving."""
    if fits(top):
        return top
    lo, hi = 0.0, top
    for _ in range(GROWTH_STEPS):
        middle = (lo + hi) / 2
        lo, hi = (middle, hi) if fits(middle) else (lo, middle)
    return lo


def panel_theme(theme: Theme, width: float) -> Theme:
    """The theme with the panel `width` points wide (its headings and name fit that)."""
    sidebar = replace(theme.layout.sidebar, width=width)
    return replace(theme, layout=replace(theme.layout, sidebar=sidebar))
