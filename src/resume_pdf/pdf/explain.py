"""What the page-budget fit did and why it failed, in the words of the person who wrote the
résumé: which values of their own style were tightened (and how to pin them), and when
nothing fits, what a person would cut — the oldest entries, a section that repeats another,
the longest bullets — with the lines each would save, and only styles that were tried and fit.
"""

from __future__ import annotations

import math
from typing import Any

from ..errors import Problem, ResumeError, quote
from ..fonts.book import FontBook
from ..model.resume import MAX_PAGES, Bullet, Resume, Section, SectionKind, entry_label
from ..style.theme import TIGHTEST, Theme, builtin_styles, load_theme
from ..values import astuple, replace
from .layout import Measured, measure_sections
from .render import PAGE_SIZES, Rendered, SidebarOverflow, render

ENTRY_KINDS = (
    SectionKind.EXPERIENCE,
    SectionKind.PROJECTS,
    SectionKind.EDUCATION,
    SectionKind.PUBLICATIONS,
)
TRY_STYLES_BELOW = 0.5  # try other styles only when at most this share of a page is over


def overridden(theme: Theme, t: float) -> str:
    """The values the user's own style set that tightening `t` changed, and the `floors:`
    entry that would pin each; "" when the fit kept everything they wrote."""
    tight = theme.tightened(t)
    said = []
    if any(k.startswith("spacing.") for k in theme.own) and tight.spacing != theme.spacing:
        said.append("your spacing (pin it with floors: {spacing: 1})")
    margins, tight_margins = astuple(theme.page.margins), astuple(tight.page.margins)
    if any(k.startswith("page.margins.") for k in theme.own) and margins != tight_margins:
        was, now = min(margins), min(tight_margins)
        said.append(f"your margins {was:g} → {now:.0f} pt (pin: floors: {{margin: {was:g}}})")
    if "sizes.body" in theme.own and tight.sizes.body != theme.sizes.body:
        was, now = theme.sizes.body, tight.sizes.body
        said.append(f"your type {was:g} → {now:.1f} pt (pin: floors: {{body: {was:g}}})")
    return "overrode " + "; ".join(said) if said else ""


def diagnose(
    resume: Resume, theme: Theme, book: FontBook, tightest: Rendered, budget: int
) -> ResumeError:
    """One message: by how much the résumé overflows at the style's floors, its largest
    sections, and ways out a person would take, each with what it saves."""
    floor = theme.tightened(TIGHTEST)
    m = floor.page.margins
    page_w, page_h = PAGE_SIZES[floor.page.size]
    width, height = page_w - m.left - m.right, page_h - m.top - m.bottom
    line = floor.sizes.body * floor.leading
    over = tightest.used - budget
    needed = math.ceil(over * height / line)
    measured = measure_sections(resume, floor, book, width)
    total = sum(s.height for s in measured) or 1.0
    biggest = [
        s for s in sorted(measured, key=lambda s: -s.height)[:3] if s.height / total >= 0.005
    ]
    ways = _styles_that_fit(resume, theme, budget, over)
    ways += _oldest_entries(resume, measured, line, needed)
    ways += _repeated_sections(resume, measured, line)
    ways += _longest_bullets(resume, floor, book, width, line)
    enough = max(budget + 1, math.ceil(tightest.used))  # the pages the floors need
    ways += [f"--pages {enough}"] if enough <= MAX_PAGES else []
    pages = f"budget is {budget} page{'s' * (budget > 1)}"
    message = (
        f"does not fit: {tightest.used:.2f} pages even at the style's floors; the {pages} "
        f"(over by {over:.2f} page{'s' * (over >= 1)}, about {needed} lines)"
    )
    hint = "\n".join(
        [
            "largest sections: "
            + ", ".join(f"{quote(s.label)} {s.height / total:.0%}" for s in biggest),
            "ways out:",
            *(f"  - {way}" for way in ways),
        ]
    )
    return ResumeError([Problem(message, field="pages", hint=hint)])


def _lines(height: float, line: float) -> int:
    return max(1, round(height / line))


def _styles_that_fit(resume: Resume, theme: Theme, budget: int, over: float) -> list[str]:
    """Lay the résumé out in each other single-column built-in style at its floors; only
    those that keep the budget are suggested. Too far over, no style can: none is tried."""
    if over > TRY_STYLES_BELOW:
        return []
    fits = []
    for name in builtin_styles():
        if name == theme.name:
            continue
        other = load_theme(name).with_page_size(theme.page.size)
        if other.layout.kind != "single":
            continue
        try:
            laid = render(resume, other.tightened(TIGHTEST), FontBook(other.fonts.body))
        except SidebarOverflow:
            continue
        if laid.pages <= budget:
            fits.append(f"--style {name} fits ({laid.used:.2f} pages at its floors)")
    return fits


def _with_measures(resume: Resume, measured: list[Measured]) -> list[tuple[Section, Measured]]:
    """Each section beside its measure (the summary, measured first, has no section)."""
    return list(zip(resume.sections, measured[len(measured) - len(resume.sections) :], strict=True))


def _oldest_entries(
    resume: Resume, measured: list[Measured], line: float, needed: int
) -> list[str]:
    """Entries are written newest first, and the oldest are what a reader misses least:
    cut from the end of each entry section, oldest dates first, until the lines add up."""
    candidates: list[tuple[str, str, int]] = []
    for section, size in _with_measures(resume, measured):
        if section.kind not in ENTRY_KINDS or len(section.items) < 2:
            continue
        for item, part in list(zip(section.items, size.parts, strict=False))[1:]:
            when = _date_key(item)
            candidates.append((when, quote(entry_label(item)), _lines(part.height, line)))
    candidates.sort(key=lambda c: c[0])
    chosen, saved = [], 0
    for _, label, lines in candidates:
        if saved >= needed or len(chosen) == 3:
            break
        chosen.append(f"{label} (saves {lines} lines)")
        saved += lines
    return ["cut the oldest entries: " + ", ".join(chosen)] if chosen else []


def _date_key(item: Any) -> str:
    """Sortable: the entry's last year (`present` sorts last), '' when undated."""
    end = getattr(item, "end", None) or getattr(item, "start", None) or ""
    if end.lower() in ("present", "now", "current"):
        return "9999"
    return end


def _repeated_sections(resume: Resume, measured: list[Measured], line: float) -> list[str]:
    """A timeline of the same jobs repeats them: when most of its rows share their dates
    with entries of another section, cutting it loses nothing."""
    pairs = _with_measures(resume, measured)
    out = []
    for section, size in pairs:
        if section.kind is not SectionKind.TIMELINE:
            continue
        for other, _ in pairs:
            if other.kind not in ENTRY_KINDS:
                continue
            spans = {(e.start, e.end) for e in other.items if e.start}
            same = sum(1 for row in section.items if (row.start, row.end) in spans)
            if same and same * 2 >= len(section.items):
                out.append(
                    f"{quote(section.title)} repeats {quote(other.title)} ({same} of "
                    f"{len(section.items)} rows have the same dates): cutting it saves "
                    f"{_lines(size.height, line)} lines"
                )
                break
    return out


def _longest_bullets(
    resume: Resume, floor: Theme, book: FontBook, width: float, line: float
) -> list[str]:
    """Bullets of two lines or more, longest first: a bullet says one thing, and each
    line it loses is a line saved."""
    bullets: list[Bullet] = []
    for section in resume.sections:
        if section.kind is SectionKind.BULLETS:
            bullets += section.items
        else:
            bullets += [b for item in section.items for b in getattr(item, "highlights", ())]
    if not bullets:
        return []
    alone = replace(
        resume,
        summary=(),
        sections=tuple(Section("", SectionKind.BULLETS, (b,)) for b in bullets),
    )
    gap = floor.spacing.paragraph * 0.6
    laid = measure_sections(alone, floor, book, width)[-len(bullets) :]  # after any summary
    heights = [m.height - gap for m in laid]
    sized = sorted(zip(heights, bullets, strict=True), key=lambda hb: -hb[0])
    long = [(round(h / line), b) for h, b in sized if round(h / line) >= 2][:3]
    if not long:
        return []
    shown = ", ".join(f"{_quote(b.text.plain)} ({n} lines)" for n, b in long)
    return [f"shorten the longest bullets: {shown}"]


def _quote(text: str, limit: int = 40) -> str:
    return repr(text if len(text) <= limit else text[: limit - 1].rstrip() + "…")
