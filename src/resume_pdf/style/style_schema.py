"""What a style file may say: its parts as frozen values, and the schema that checks a
merged `extends:` chain into them (theme.py loads the chain and makes the Theme).

Every key is required once the chain is merged: the built-in classic style, which every
chain ends in, sets them all, so a user's style names only what it changes.
"""

from __future__ import annotations

from typing import Any

from ..fonts.files import FallbackFonts, FontValue, UserFamily
from ..model.schema import Choice, Context, ListOf, Number, Record, Spec
from ..model.text_fields import Pattern, Text
from ..read.source import Path_
from ..values import value

HEADING_CASES = ("as-written", "upper", "small-caps")
ENTRY_HEADERS = ("role-first", "organization-first", "inline")
SIDEBAR_KINDS = ("skills", "education", "timeline", "bullets", "text", "publications")
NAMED_COLORS = {
    "black": "#000000",
    "white": "#ffffff",
    "gray": "#808080",
    "grey": "#808080",
    "navy": "#000080",
    "teal": "#008080",
    "maroon": "#800000",
    "darkgreen": "#006400",
    "darkblue": "#00008b",
    "darkred": "#8b0000",
    "slategray": "#708090",
}


@value
class Margins:
    top: float
    bottom: float
    left: float
    right: float


@value
class Page:
    size: str
    margins: Margins


@value
class Fonts:
    """The family of each role (a bundled name or a UserFamily key), the `fallback:`
    families tried per character before the bundled ones, and the user's own families."""

    body: str
    headings: str
    name: str
    fallback: tuple[str, ...] = ()
    user: tuple[UserFamily, ...] = ()


@value
class Sizes:
    name: float
    headline: float
    heading: float
    entry: float
    body: float
    small: float


@value
class Colors:
    text: str
    muted: str
    accent: str
    rule: str
    link: str


@value
class Heading:
    treatment: str  # rule | bar | smallcaps | plain
    uppercase: bool


@value
class Headings:
    """How section titles are drawn: as written, in capitals, or in small capitals (drawn as
    capitals at two sizes, so the text layer holds capitals: pdf/layout.py says why)."""

    case: str = "as-written"  # as-written | upper | small-caps


@value
class EntryStyle:
    """The shape of an entry's header. Role, organisation, place and dates are always
    separate runs, apart by at least an en or on lines of their own, never joined by
    punctuation, so a parser that groups runs by their gaps reads each as one field."""

    header: str = "role-first"  # role-first | organization-first | inline


@value
class Spacing:
    """The vertical spaces, all moved by one scale when a page is tightened or grown, so
    their proportions (a heading nearer its content than what precedes it) hold."""

    section: float
    entry: float
    paragraph: float
    heading: float = 4.0  # between a section title and its first line


@value
class Dates:
    format: str  # short | long | numeric (year: the older spelling of show: year)
    separator: str
    present: str
    show: str = "month"  # month: a month the source gives is shown; year: years only, by choice

    @property
    def years_only(self) -> bool:
        return self.show == "year" or self.format == "year"


@value
class Sidebar:
    sections: tuple[str, ...]  # section kinds drawn in the sidebar
    width: float
    side: str  # left | right
    background: str


@value
class Placement:
    """`sidebar: {main: [...], panel: [...]}`: which sections a sidebar layout
    puts in which column, named by kind (`education`) or by title (`languages`). `panel`
    unset: `layout.sidebar.sections`. A section named in neither stays in the main column
    and may move to the panel to balance the two (pdf/layout.py)."""

    main: tuple[str, ...] = ("experience", "projects", "publications")
    panel: tuple[str, ...] | None = None


@value
class Layout:
    kind: str  # single | sidebar
    sidebar: Sidebar


@value
class ContactStyle:
    icons: bool  # small vector icons beside the contact items (the text layer is unchanged)


@value
class PhotoStyle:
    """How the résumé's photo is drawn: beside the header (single column) or atop the
    sidebar."""

    shape: str = "rounded"  # circle | rounded | square
    size: float = 68.0  # points a side


@value
class SkillsStyle:
    layout: str  # columns | rows ("Group: a, b, c") | inline (one paragraph)


@value
class PublicationsStyle:
    authors_max: float = 10  # longer author lists end in "et al." (keeping the bold `me`)


@value
class Typography:
    quotes: str  # curly | straight


@value
class Floors:
    """How far the page-budget fit may tighten this style."""

    spacing: float  # fraction of the natural spacing
    leading: float  # line height multiple
    margin: float  # points
    body: float  # body type size in points (never below 8.5)


@value
class Ceiling:
    """How far the fitter may grow a short page: body type up to `body` points, spacing up
    to `spacing` times the natural one."""

    body: float = 11.0
    spacing: float = 1.4


@value
class Fit:
    """`fit: {grow: true, ceiling: {body: 11, spacing: 1.4}}`: whether a page
    shorter than its budget is grown, and up to what."""

    grow: bool = True
    ceiling: Ceiling = Ceiling()


def _record(cls: type, specs: dict[str, Spec], description: str = "") -> Record:
    """A style record: every key is required once the `extends:` chain is merged."""
    return Record(cls, specs, required=tuple(specs), description=description)


class Color(Pattern):
    """`#RRGGBB` or an allow-listed name, always stored as `#rrggbb`: nothing is evaluated."""

    def check(self, value: Any, path: Path_, ctx: Context) -> Any:
        text = super().check(value, path, ctx)
        return NAMED_COLORS.get(text.lower(), text.lower()) if isinstance(text, str) else text


COLOR = Color(
    regex=r"#[0-9a-f]{6}|" + "|".join(NAMED_COLORS),
    expected="a colour as #RRGGBB or a name (" + ", ".join(NAMED_COLORS) + ")",
    record=False,
)
POINTS = Number(0, 144, "Length in points (72 pt = 1 inch)")
FONT = FontValue()
BOOL = Choice(("true", "false", "yes", "no"), convert=lambda v: v in ("true", "yes"))
PLAIN = Text(record=False)
SECTION_NAME = Pattern(
    regex=r"[^\n]{1,80}",
    expected="a section kind (experience, education, skills, ...) or a section's title",
    record=False,
)

THEME = Record(
    lambda **kw: kw,
    {
        "description": PLAIN,
        "extends": PLAIN,
        "page": _record(
            Page,
            {
                "size": Choice(("letter", "a4")),
                "margins": _record(
                    Margins, {k: POINTS for k in ("top", "bottom", "left", "right")}
                ),
            },
        ),
        "fonts": Record(
            dict,
            {"body": FONT, "headings": FONT, "name": FONT, "fallback": FallbackFonts(FONT)},
            required=("body", "headings", "name"),
        ),
        "sizes": _record(
            Sizes,
            {k: Number(6, 48) for k in ("name", "headline", "heading", "entry", "body", "small")},
        ),
        "leading": Number(1.0, 2.0, "Line height as a multiple of the type size"),
        "colors": _record(Colors, {k: COLOR for k in ("text", "muted", "accent", "rule", "link")}),
        "heading": _record(
            Heading, {"treatment": Choice(("rule", "bar", "smallcaps", "plain")), "uppercase": BOOL}
        ),
        "headings": Record(Headings, {"case": Choice(HEADING_CASES)}),
        "entry": Record(EntryStyle, {"header": Choice(ENTRY_HEADERS)}),
        "spacing": _record(
            Spacing, {k: POINTS for k in ("section", "entry", "paragraph", "heading")}
        ),
        "dates": Record(
            Dates,
            {
                "format": Choice(("short", "long", "numeric", "year")),
                "separator": Text(record=False),
                "present": PLAIN,
                "show": Choice(("month", "year")),
            },
            required=("format", "separator", "present"),
        ),
        "skill_columns": Choice(tuple("123456"), convert=int),
        "contact": _record(ContactStyle, {"icons": BOOL}),
        "photo": Record(
            PhotoStyle,
            {
                "shape": Choice(("circle", "rounded", "square")),
                "size": Number(36, 160, "Photo side in points"),
            },
        ),
        "skills": _record(SkillsStyle, {"layout": Choice(("columns", "rows", "inline"))}),
        "typography": _record(Typography, {"quotes": Choice(("curly", "straight"))}),
        "publications": Record(
            PublicationsStyle,
            {"authors_max": Number(1, 100, 'Authors shown before "et al."')},
        ),
        "floors": _record(
            Floors,
            {
                "spacing": Number(0, 1, "Tightest spacing, as a fraction of the natural one"),
                "leading": Number(1.0, 2.0, "Tightest line height"),
                "margin": Number(18, 144, "Narrowest margin in points"),
                "body": Number(8.5, 20, "Smallest body type size in points (at least 8.5)"),
            },
        ),
        "fit": Record(
            Fit,
            {
                "grow": BOOL,
                "ceiling": Record(
                    Ceiling,
                    {
                        "body": Number(8.5, 20, "Largest body type size a short page grows to"),
                        "spacing": Number(1, 3, "Loosest spacing, as a multiple of the natural"),
                    },
                ),
            },
        ),
        "sidebar": Record(
            Placement,
            {
                "main": ListOf(SECTION_NAME, "Sections kept in the main column"),
                "panel": ListOf(SECTION_NAME, "Sections set in the sidebar's panel"),
            },
        ),
        "layout": _record(
            Layout,
            {
                "kind": Choice(("single", "sidebar")),
                "sidebar": _record(
                    Sidebar,
                    {
                        "sections": ListOf(Choice(SIDEBAR_KINDS)),
                        "width": Number(100, 260, "Sidebar width in points"),
                        "side": Choice(("left", "right")),
                        "background": COLOR,
                    },
                ),
            },
        ),
    },
    required=("description", "page", "fonts", "sizes", "leading", "colors", "heading")
    + ("spacing", "dates", "skill_columns", "layout", "floors", "contact", "skills")
    + ("typography",),
)
