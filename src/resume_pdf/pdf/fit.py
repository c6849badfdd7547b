"""The page budget: lay out at the style's natural size, and when the content overflows,
tighten (spacing, then margins, then type size, within the style's floors) by the fewest
layout passes that find the loosest setting that fits — or explain why nothing fits. When
it falls short, grow (spacing, then type, up to the style's `fit:` ceiling) until the last
page is FILLED; a page short even at the ceiling stays there. A budget of several pages
grows its spacing alone, a little, and only when its last page is under half full.

reportlab consumes a story as it builds it, so every pass lays out a fresh one. No file is
written here; the caller writes the bytes of the pass that won.
"""

from __future__ import annotations

from ..errors import Problem, ResumeError, quote
from ..fonts.book import FontBook
from ..model.resume import ANY_PAGES, Budget, Resume
from ..style.theme import LOOSEST, TIGHTEST, Theme
from ..values import astuple, replace, value
from .explain import diagnose, overridden
from .growth import aim, needed
from .render import PAGE_SIZES, RESUME, Kind, Rendered, SidebarOverflow, render, sidebar_problem
from .sidebar import PANEL_TYPE, Placed, most_growth

NEARLY_EMPTY = 0.3  # a last page less full than this is pulled back when spacing allows
FILLED = 0.95  # a page shorter than its budget grows until its last page is this full
HALF = 0.5  # a budget of several pages grows only while its last page is less full than this
SPREAD = 1.2  # ... and then its spacing only, to at most this times the natural
# passes growing may add, each aimed (pdf/growth.py): the example needs one; the most a
# page with a wrap at every step takes to get past FILLED
GROW_PASSES = 5
GROW_TOLERANCE = 0.05  # ... and stop once the last fitting growth is known to this much
MAX_PASSES = 6
SLOPE = 0.15  # typical share of the pages used saved per unit of tightening (first guess)
FULL_ENOUGH = 0.06  # a fit whose last page is this close to full is loose enough
TOLERANCE = 0.3  # stop when the loosest fit is known to within this much tightening
# Bounds for the no-layout check: no style sets more than this many characters on one line
# or lines on one page, so content needing HOPELESS times the budget cannot fit at any floor.
MAX_CHARS_PER_LINE = 200
MAX_LINES_PER_PAGE = 120
HOPELESS = 3


@value
class Fitted:
    pdf: bytes
    pages: int
    note: str  # what was tightened, for the result line ("" when nothing was)
    passes: int
    adjust: float = 0.0  # the fit's setting: > 0 tightened, < 0 grown, 0 the style's own
    scale: float = 1.0  # the body type's size against the style's
    findings: tuple[Problem, ...] = ()  # --verify's warnings (build.py)


class _Search:
    def __init__(self, resume: Resume, theme: Theme, book: FontBook, kind: Kind) -> None:
        self.resume, self.theme, self.book, self.kind = resume, theme, book, kind
        self.passes = 0
        # keyed by (t, side_t), so a diagnosis reuses the floor pass
        self.done: dict[tuple[float, float], Rendered | None] = {}
        self.overflow: SidebarOverflow | None = None
        self.side_t = 0.0  # the sidebar's own tightening: only an overflowing sidebar has one
        # a sidebar's placement, decided by the first pass and kept by the others: a section
        # does not change columns as the spacing moves, and each pass saves measuring them
        self.placed: Placed | None = None
        self.panel_most: float | None = None  # how far the panel grows and still fits

    def themes(self, t: float) -> tuple[Theme, Theme]:
        """The main column's theme at t and the sidebar's at side_t. The page's margins
        are the tighter of the two, so the sidebar keeps the height it was fitted in. A
        page that grows (t < 0) grows the panel with the main column, type and spacing,
        as far as the panel still fits page 1 (panel_growth), its headings at the main
        column's size (one size per role across both columns), its name at its own."""
        main = self.theme.tightened(t)
        if self.side_t > t:
            margins = self.theme.tightened(self.side_t).page.margins
            main = replace(main, page=replace(main.page, margins=margins))
        if t < 0 and self.side_t == 0 and self.placed is not None:
            side = self.theme.grown(min(-t, self.panel_growth()))
            # the name keeps its size: it is fitted to the panel's width, down to a floor
            # of the style's own size (grown, a long name broke at its hyphen)
            heading = max(side.sizes.heading, main.sizes.heading)
            sizes = replace(side.sizes, heading=heading, name=self.theme.sizes.name)
            return main, replace(side, sizes=sizes)
        return main, self.theme.tightened(self.side_t)

    def panel_growth(self) -> float:
        """How far (0 to -LOOSEST) the sidebar's panel grows and still fits page 1:
        measured, not laid out (no pass), once per build."""
        if self.panel_most is None:
            from .layout import panel_height

            placed, theme = self.placed, self.theme
            m, (_, page_h) = theme.page.margins, PAGE_SIZES[theme.page.size]
            room = page_h - m.top - m.bottom - 1.0  # a point to spare for rounding

            def fits(g: float) -> bool:
                return panel_height(self.resume, theme.grown(g), self.book, placed) <= room

            self.panel_most = most_growth(fits, -LOOSEST)
        return self.panel_most

    def growth_ceiling(self) -> float:
        """How far the main column may grow: a sidebar page's main text stays within
        PANEL_TYPE of the panel's, so a panel that cannot grow holds its type back."""
        if self.placed is None:
            return -LOOSEST
        panel = self.theme.tightened(self.side_t) if self.side_t else None
        body = (panel or self.theme.grown(self.panel_growth())).sizes.body
        natural, top = self.theme.sizes.body, self.theme.fit.ceiling.body
        if top <= natural or body + PANEL_TYPE >= top:
            return -LOOSEST
        return 1.0 + max(body + PANEL_TYPE - natural, 0.0) / (top - natural)

    def run(self, t: float) -> Rendered | None:
        """One layout pass at tightening t; None when the sidebar does not fit page 1."""
        key = (t, self.side_t)
        if key not in self.done:
            self.passes += 1
            main, side = self.themes(t)
            try:
                done = render(
                    self.resume, main, self.book, kind=self.kind, side=side, placed=self.placed
                )
            except SidebarOverflow as overflow:
                self.overflow, self.done[key] = overflow, None
            else:
                self.placed = self.placed or done.placed
                self.done[key] = done
        return self.done[key]

    def fit_sidebar(self) -> Rendered:
        """The natural main column beside the sidebar at the loosest tightening of its own
        that fits it on page 1 (found by halving); a sidebar too tall at the floors is an
        error naming the section that did not fit."""
        fails, self.side_t = 0.0, TIGHTEST
        fitted = self.run(0.0)
        if fitted is None:
            raise sidebar_problem(self.overflow or SidebarOverflow(""))
        fits = TIGHTEST
        while fits - fails > TOLERANCE:
            self.side_t = (fails + fits) / 2
            attempt = self.run(0.0)
            if attempt is None:
                fails = self.side_t
            else:
                fits, fitted = self.side_t, attempt
        self.side_t = fits
        return fitted

    def loosest(self, fails_used: float, limit: int, top: float) -> tuple[float, Rendered] | None:
        """The loosest tightening in (0, top] that keeps to `limit` pages, starting from the
        natural layout's `fails_used`. Each pass aims at the target by the secant through
        the last failing and fitting settings (extrapolating while none fits yet, from a
        typical slope at first). None when even `top` does not fit."""
        target = limit - 0.03
        fails, fits, fitted = 0.0, top, None
        slope = SLOPE * fails_used  # pages used saved per unit of tightening
        while True:
            if fitted is None:
                t = min(fails + max(fails_used - target, 0.01) / max(slope, 1e-3), top)
                if top - t < 0.15 or self.passes >= MAX_PASSES - 1:
                    t = top  # near the floors, or out of passes: try the floors
            else:
                ratio = (fails_used - target) / max(fails_used - fitted.used, 1e-6)
                t = fails + min(max(ratio, 0.2), 0.8) * (fits - fails)
            attempt = self.run(t)
            if attempt is not None and attempt.pages <= limit:
                fits, fitted = t, attempt
            elif t >= top:
                return None
            else:
                if attempt is not None and attempt.used < fails_used:
                    slope = (fails_used - attempt.used) / (t - fails)
                fails, fails_used = t, attempt.used if attempt else fails_used
            full = fitted is not None and fitted.used >= limit - FULL_ENOUGH
            if fitted and (full or fits - fails <= TOLERANCE or self.passes >= MAX_PASSES):
                return fits, fitted


def fit(
    resume: Resume, theme: Theme, book: FontBook, budget: Budget, kind: Kind = RESUME
) -> Fitted:
    """The PDF at the loosest setting that keeps to `budget` pages; `any` takes the
    natural layout as it comes (no tightening, no pulling back). `kind` says what is laid
    out: the résumé, or its cover letter."""
    if budget != ANY_PAGES and kind is RESUME:
        _refuse_hopeless(resume, int(budget))
    search = _Search(resume, theme, book, kind)
    natural = search.run(0.0)
    if budget == ANY_PAGES:
        if natural is None:
            raise sidebar_problem(search.overflow or SidebarOverflow(""))
        return _finish(search, natural, 0.0, None)
    budget = int(budget)
    if natural is None:  # only the sidebar is tightened for it; the main column stays
        natural = search.fit_sidebar()
    if natural.pages <= budget:
        pulled = _pull_back(search, natural)
        grown = None if pulled or kind is not RESUME else _grow(search, natural)
        return _finish(search, natural, 0.0, pulled or grown)
    found = search.loosest(natural.used, budget, TIGHTEST)
    if found is None:
        raise (kind.diagnose or _diagnose)(search, budget)
    return _finish(search, found[1], found[0], None)


def _refuse_hopeless(resume: Resume, budget: int) -> None:
    """A résumé with many times more text than any page can hold gets its diagnosis at
    once: laying out hundreds of pages up to six times took minutes (a 900 KB summary)."""
    from ..model.content import displayed

    chars: dict[str, int] = {}
    for field, text in displayed(resume):
        chars[field] = chars.get(field, 0) + len(text)
    lines = len(resume.sections) + sum(chars.values()) / MAX_CHARS_PER_LINE  # a lower bound
    pages = lines / MAX_LINES_PER_PAGE
    if pages <= HOPELESS * budget:
        return
    total = sum(chars.values()) or 1
    biggest = [
        (k, v) for k, v in sorted(chars.items(), key=lambda kv: -kv[1])[:3] if v >= total / 100
    ]
    message = (
        f"does not fit: at least {pages:.0f} pages of content for a budget of {budget} "
        f"page{'s' * (budget > 1)}, far more than any tightening can save"
    )
    ways = ["cut content", "--pages any lays it out at its natural size"]
    if len(resume.sections) > 50:
        ways.insert(1, f"merge some of the {len(resume.sections)} sections")
    hint = "\n".join(
        ["largest parts: " + ", ".join(f"{quote(k)} {v / total:.0%}" for k, v in biggest)]
        * bool(biggest)
        + ["ways out:", *(f"  - {way}" for way in ways)]
    )
    raise ResumeError([Problem(message, hint=hint)])


def _pull_back(search: _Search, natural: Rendered) -> tuple[float, Rendered] | None:
    """A last page holding only a few lines comes back when tighter spacing (stage 1
    only: margins and type stay) can do it."""
    if natural.pages == 1 or natural.used - (natural.pages - 1) >= NEARLY_EMPTY:
        return None
    return search.loosest(natural.used, natural.pages - 1, 1.0)


def _grow(search: _Search, natural: Rendered) -> tuple[float, Rendered] | None:
    """The most grown setting (a negative tightening, down to LOOSEST) that keeps the
    natural page count, found once its last page is FILLED: each pass aimed by the fill's
    expected shape (pdf/growth.py), the ceiling tried only where that shape says it falls
    short (a short page stops there). None when the page is full enough already or the
    style does not grow."""
    pages = natural.pages
    most = min(_growth_limit(search.theme, natural), search.growth_ceiling())
    if not search.theme.fit.grow or natural.used >= pages - 1 + FILLED or most <= 0:
        return None
    target = pages - (1 - FILLED) / 2
    lo, best = 0.0, natural  # growths: lo keeps the pages, hi does not
    hi: tuple[float, float] | None = None
    for _ in range(GROW_PASSES):
        g = aim(search.theme, natural.used, (lo, best.used), hi, most, target)
        attempt = search.run(-g)
        if attempt is not None and attempt.pages <= pages:
            lo, best = g, attempt
            if g >= most or best.used >= pages - 1 + FILLED:
                break
        else:
            hi = (g, needed(attempt, pages))
        if hi is not None and hi[0] - lo <= GROW_TOLERANCE:
            break
    return (-lo, best) if lo > 0 else None


def _growth_limit(theme: Theme, natural: Rendered) -> float:
    """How far a page may grow (0 to -LOOSEST). One page: to the style's ceiling. Several:
    only while the last page is under HALF full, and then the spacing alone, to SPREAD
    times the natural: type grown for a later page's sake set fewer characters on page 1,
    the page that is read (a 1.64-page résumé grown to 11 pt held 6 % fewer there)."""
    if natural.pages == 1:
        return -LOOSEST
    if natural.used - (natural.pages - 1) >= HALF:
        return 0.0
    spare = theme.fit.ceiling.spacing - 1
    return min((SPREAD - 1) / spare, 1.0) if spare > 0 else 0.0


def _finish(
    search: _Search, best: Rendered, t: float, pulled: tuple[float, Rendered] | None
) -> Fitted:
    note = ""
    if pulled and pulled[0] < 0:
        natural_used = best.used
        t, best = pulled
        more = best.used / natural_used - 1 if natural_used > 1e-3 else None
        note = grown_note(search.theme, -t, more)
    elif pulled:
        t, best = pulled
        note = "pulled back a nearly empty last page: "
    if t > 0:
        note += describe(search.theme, t)
    if search.side_t > 0:
        sidebar = describe(search.theme, search.side_t).replace("fitted at", "sidebar at")
        note += f"; {sidebar}" if note else sidebar
    told = overridden(search.theme, max(t, search.side_t))
    note += f"; {told}" if told and note else told
    if best.pages > 1:  # lay out once more with "page N / M" footers
        main, side = search.themes(t)
        best = render(
            search.resume,
            main,
            search.book,
            total=best.pages,
            kind=search.kind,
            side=side,
            placed=search.placed,
        )
        search.passes += 1
    return Fitted(best.pdf, best.pages, note, search.passes, t, _scale(search.theme, t))


def _scale(theme: Theme, t: float) -> float:
    """The body type's size at setting t against the style's (grown when t < 0)."""
    shown = theme.tightened(t) if t >= 0 else theme.grown(-t)
    return round(shown.sizes.body / theme.sizes.body, 4) if theme.sizes.body else 1.0


def describe(theme: Theme, t: float) -> str:
    """What tightening t did, in the user's terms: only the values that changed (a style
    whose floors pin a value never sees it mentioned)."""
    tight = theme.tightened(t)
    parts = []
    spacing = tight.spacing.section / theme.spacing.section if theme.spacing.section else 1.0
    if t > 0 and spacing < 0.995:
        parts.append(f"spacing {spacing:.0%}")
    elif t > 0 and tight.leading < theme.leading - 0.005:  # spacing pinned, lines were not
        parts.append(f"line height {tight.leading:.2f}")
    if t > 1 and astuple(tight.page.margins) != astuple(theme.page.margins):
        parts.append(f"margins {min(astuple(tight.page.margins)):.0f} pt")
    if t > 2 and tight.sizes.body < theme.sizes.body:
        parts.append(f"type {tight.sizes.body / theme.sizes.body:.0%}")
    return "fitted at " + ", ".join(parts) if parts else ""


def grown_note(theme: Theme, g: float, more: float | None) -> str:
    """What growing by g did: how much taller the content stands (None: there was no
    content to measure, as in a sidebar page whose main column is empty), and what grew."""
    grown = theme.grown(g)
    parts = []
    if theme.spacing.section and grown.spacing.section > theme.spacing.section * 1.005:
        parts.append(f"spacing {grown.spacing.section / theme.spacing.section:.0%}")
    if grown.sizes.body > theme.sizes.body + 0.05:
        parts.append(f"type {grown.sizes.body:.1f} pt")
    grown_by = "grown" if more is None else f"grown {more:.0%}"
    return grown_by + (f" ({', '.join(parts)})" if parts else "")


def _diagnose(search: _Search, budget: int) -> ResumeError:
    """By how much the content overflows at the floors, and ways out (see explain.py)."""
    tightest = search.run(TIGHTEST)  # already laid out by the search: no extra pass
    if tightest is None:
        return sidebar_problem(search.overflow or SidebarOverflow(""))
    return diagnose(search.resume, search.theme, search.book, tightest, budget)
