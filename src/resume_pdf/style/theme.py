"""Stage 3: style name or path -> `extends:` chain deep-merged -> frozen, validated Theme.

A style is data (YAML), validated with the same specs and error format as the résumé.
Merging happens on plain data before validation, positions included, so a problem in an
inherited value points at the file and line that wrote it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..errors import Location, Problem, ResumeError, os_reason, quote
from ..fonts.files import Fallback, UserFamily, Wanted, fallback_problems, settle
from ..model.schema import Context
from ..paths import find_folder, find_path
from ..read.source import Source, parse_source, read_bytes
from ..values import astuple, replace, value
from .style_schema import (
    THEME,
    Colors,
    ContactStyle,
    Dates,
    EntryStyle,
    Fit,
    Floors,
    Fonts,
    Heading,
    Headings,
    Layout,
    Margins,
    Page,
    PhotoStyle,
    Placement,
    PublicationsStyle,
    Sizes,
    SkillsStyle,
    Spacing,
    Typography,
)

BUILTIN_DIR = Path(__file__).parent / "styles"
DEFAULT_STYLE = "classic"
MAX_CHAIN = 32  # styles in one `extends:` chain; a longer one is a mistake or an attack
ENTRY_KINDS = ("experience", "projects", "education", "publications")
MIN_TYPE = 8.0  # no text is tightened below this size (the body floor is 8.5)
TIGHTEST = 3.0  # Theme.tightened(TIGHTEST) is the style at all its floors
LOOSEST = -2.0  # Theme.tightened(LOOSEST) is the style grown to its ceiling (`fit:`)


@value
class Theme:
    name: str
    description: str
    page: Page
    fonts: Fonts
    sizes: Sizes
    leading: float
    colors: Colors
    heading: Heading
    spacing: Spacing
    dates: Dates
    skill_columns: int
    layout: Layout
    floors: Floors
    contact: ContactStyle
    skills: SkillsStyle
    typography: Typography
    photo: PhotoStyle = PhotoStyle()
    publications: PublicationsStyle = PublicationsStyle()
    headings: Headings = Headings()
    entry: EntryStyle = EntryStyle()
    fit: Fit = Fit()
    sidebar: Placement = Placement()  # which sections a sidebar layout's panel holds
    files: tuple[str, ...] = ()  # the files of the style chain (for watch mode)
    own: frozenset[str] = frozenset()  # dotted keys a user's style file set (not a built-in)
    warnings: tuple[Problem, ...] = ()  # from the style files, located in them

    @property
    def heading_case(self) -> str:
        """`headings.case`. A user's style that sets the older `heading: {uppercase: true}`
        or the `smallcaps` treatment, and not `headings.case`, keeps what it asked for."""
        own, heading = self.own, self.heading
        if "headings.case" not in own and {"heading.uppercase", "heading.treatment"} & own:
            if heading.uppercase:
                return "upper"
            if heading.treatment == "smallcaps":
                return "small-caps"
        return self.headings.case

    def in_panel(self, sections: Sequence[tuple[str, str]]) -> tuple[bool, ...]:
        """Which sections, given as (kind, title), a sidebar layout sets in its panel: those
        `sidebar.panel` names. When that would leave the main column without a section
        (a student's résumé of education alone), the panel's entry sections (education,
        publications) move to it, or else all of them: the main column is never empty."""
        if self.layout.kind != "sidebar":
            return tuple(False for _ in sections)
        panel = self.sidebar.panel
        names = {n.casefold() for n in (self.layout.sidebar.sections if panel is None else panel)}
        main = {n.casefold() for n in self.sidebar.main}
        placed = [
            kind not in main and (kind in names or title.casefold() in names)
            for kind, title in sections
        ]
        if sections and all(placed):
            entries = [kind in ENTRY_KINDS for kind, _ in sections]
            placed = [not e for e in entries] if any(entries) else [False] * len(sections)
        return tuple(placed)

    def with_page_size(self, size: str | None) -> Theme:
        return self if size is None else replace(self, page=replace(self.page, size=size))

    def tightened(self, t: float) -> Theme:
        """The style tightened by `t` in [0, TIGHTEST]: 0-1 spacing and line height, 1-2
        margins, 2-3 type size, each from its natural value to the style's floor. A
        negative `t` in [LOOSEST, 0) grows it instead (see `grown`)."""
        if t < 0:
            return self.grown(-t)
        f = self.floors
        stage = [min(max(t - i, 0.0), 1.0) for i in range(3)]
        leading = self.leading - stage[0] * max(self.leading - f.leading, 0)
        m = self.page.margins
        margins = Margins(
            *(v - stage[1] * max(v - f.margin, 0) for v in (m.top, m.bottom, m.left, m.right))
        )
        scale = 1 - stage[2] * (1 - min(f.body / self.sizes.body, 1))
        s = self.sizes
        return replace(
            self,
            page=replace(self.page, margins=margins),
            sizes=Sizes(*(max(v * scale, min(v, MIN_TYPE)) for v in astuple(s))),
            leading=leading,
            spacing=self.spaced(1 - stage[0] * (1 - f.spacing)),
        )

    def grown(self, g: float) -> Theme:
        """The style grown by `g` in [0, -LOOSEST]: 0-1 spacing (to `fit.ceiling.spacing`
        times the natural), then 1-2 every type size together (the body to
        `fit.ceiling.body`); margins stay, so a grown page keeps its frame."""
        ceiling = self.fit.ceiling
        stage = [min(max(g - i, 0.0), 1.0) for i in range(2)]
        scale = 1 + stage[1] * max(ceiling.body / self.sizes.body - 1, 0)
        return replace(
            self,
            sizes=Sizes(*(v * scale for v in astuple(self.sizes))),
            spacing=self.spaced(1 + stage[0] * max(ceiling.spacing - 1, 0)),
        )

    def spaced(self, factor: float) -> Spacing:
        """Every vertical space times `factor`: one scale, so their ratios hold."""
        return Spacing(*(v * factor for v in astuple(self.spacing)))


def find_style(
    name_or_path: str,
    folder: Path | None,
    exclude: Path | None = None,
    where: Location | None = None,
    field: str = "style",
) -> Path:
    """A path (relative to `folder`), else `NAME.yaml` in `folder`, else a built-in; a path
    that cannot be looked at (a loop, a name too long, a folder we may not read) is a
    problem at `where` (the `extends:` line), or at the résumé's `style:` or --style."""
    if name_or_path.endswith((".yaml", ".yml")) or "/" in name_or_path:
        candidates = [(folder or Path.cwd()) / name_or_path]
    else:
        candidates = [folder / f"{name_or_path}.yaml"] if folder else []
        candidates.append(BUILTIN_DIR / f"{name_or_path}.yaml")
    for candidate in candidates:
        found = find_path(candidate, "style", where, field)
        if found.kind == "file" and found.path != exclude:
            return found.path
    raise LookupError(name_or_path)


def suggest_style(name: str, folder: Path | None, exclude: Path | None = None) -> str:
    """`; did you mean 'modern'?` for a near miss among the styles `name` could have meant
    (those in `folder`, then the built-ins), else the list of them."""
    import difflib

    local = sorted(p.stem for p in folder.glob("*.yaml") if p != exclude) if folder else []
    known = list(dict.fromkeys([*local, *builtin_styles()]))
    close = difflib.get_close_matches(Path(name).stem, known, n=1, cutoff=0.6)
    if close:
        return f"; did you mean {close[0]!r}?"
    return f" (styles: {', '.join(known)})"


def builtin_styles() -> list[str]:
    return sorted(p.stem for p in BUILTIN_DIR.glob("*.yaml"))


@value
class StyleInfo:
    name: str
    description: str
    origin: str  # "built-in" or the file's path


def list_styles(resume_dir: Path | None) -> list[StyleInfo]:
    """Local styles (`styles/*.yaml` beside the résumé) first, then the built-ins they do
    not shadow; a style that fails to load is listed with its first problem."""
    try:
        local = sorted((resume_dir / "styles").glob("*.yaml")) if resume_dir else []
    except OSError as exc:
        raise ResumeError(
            [Problem(f"cannot read {str(resume_dir / 'styles')!r}: {os_reason(exc)}")]
        ) from None
    names = {p.stem for p in local}
    found = [(p.stem, str(p)) for p in local]
    found += [(n, "built-in") for n in builtin_styles() if n not in names]
    out = []
    for name, origin in found:
        try:
            description = load_theme(name, resume_dir).description
        except ResumeError as exc:
            description = f"(invalid: {exc.problems[0]})"
        out.append(StyleInfo(name, description, origin))
    return out


def load_theme(
    name_or_path: str | None, resume_dir: Path | None = None, *, any_path: bool = False
) -> Theme:
    """Resolve a style by name or path, merge its chain and validate the result.

    A path written in a file (`style:`, `extends:`) must stay inside the résumé's folder, so
    a résumé from someone else cannot make the tool read (and echo in errors) other files;
    a path given on the command line (`any_path`) may point anywhere."""
    name = name_or_path or DEFAULT_STYLE
    folder = resume_dir / "styles" if resume_dir else None
    if name.endswith((".yaml", ".yml")) or "/" in name:
        folder = resume_dir
    try:
        path = find_style(name, folder)
    except LookupError:
        message = f"unknown style {quote(name)}{suggest_style(name, folder)}"
        raise ResumeError([Problem(message, field="style")]) from None
    roots = (BUILTIN_DIR.resolve(), find_folder(resume_dir or Path.cwd()))
    explicit = name.endswith((".yaml", ".yml")) or "/" in name
    if not (any_path and explicit):  # a name (`--style mine`) never leaves the folder
        _confine(path, roots, Problem(f"style {quote(name)} is outside the résumé's folder"))
    key = (name, path, roots, any_path)
    loaded = _LOADED.get(key)
    if loaded is not None and _unchanged(loaded[0]):
        return loaded[1]
    chain: list[_Link] = []
    merged = _load_chain(path, [], roots, chain)
    ctx = Context(merged)
    data = THEME.check(merged.data, (), ctx)
    if ctx.problems or merged.errors:
        raise ResumeError([*merged.errors, *ctx.problems])
    data.pop("extends", None)
    data["fonts"] = _settle_fonts(data["fonts"], resume_dir)
    files = tuple(sorted({loc.file for loc in merged.values.values()}))
    warnings = (*merged.warnings, *ctx.warnings)
    builtin = str(BUILTIN_DIR.resolve())
    users = {f for f in files if not os.path.realpath(f).startswith(builtin)}
    own = frozenset(
        ".".join(str(k) for k in key)
        for key, loc in merged.values.items()
        if key and loc.file in users
    )
    theme = Theme(name=Path(name).stem, files=files, warnings=warnings, own=own, **data)
    if not theme.fonts.user:  # font files may change while the style does not
        if len(_LOADED) >= _LOADED_MAX:
            _LOADED.clear()
        _LOADED[key] = (tuple(chain), theme)
    return theme


@value
class _Link:
    """One file of a style's chain as it was read: its bytes, and the name its `extends:`
    gave (or the default) with the file that name found; None for the chain's end."""

    path: Path
    raw: bytes
    base: tuple[str, Path] | None


# The themes made in this process, for watch mode and batches, which load the same style
# build after build: (how it was asked for) -> (its chain, the theme). Reading and
# validating a style chain is about a fifteenth of a warm build. A theme is reused only
# while every file of its chain holds the same bytes and each `extends:` finds the same
# file; never one with font files of its own, which may change while the style does not.
_LOADED: dict[tuple[Any, ...], tuple[tuple[_Link, ...], Theme]] = {}
_LOADED_MAX = 16


def _unchanged(chain: tuple[_Link, ...]) -> bool:
    try:
        for link in chain:
            if read_bytes(link.path, str(link.path)) != link.raw:
                return False
            if link.base and find_style(link.base[0], link.path.parent, link.path) != link.base[1]:
                return False
    except (ResumeError, LookupError):
        return False
    return True


def _settle_fonts(fonts: dict[str, Any], resume_dir: Path | None) -> Fonts:
    """Find every font file and installed family the style names (relative to the style
    file that wrote it, then the résumé's folder); every problem at its style line."""
    problems: list[Problem] = []
    user: dict[str, UserFamily] = {}

    def one(value: str | Wanted) -> str:
        style_dir = Path(value.location.file).parent if isinstance(value, Wanted) else Path()
        found = settle(value, style_dir, resume_dir, problems)
        if isinstance(found, UserFamily):
            found = _own_key(found, user)
            user.setdefault(found.key, found)
            return found.key
        return found or "source-sans"

    roles = [one(fonts[role]) for role in ("body", "headings", "name")]
    given = fonts.get("fallback") or Fallback(())
    fallback = tuple(one(v) for v in given.fonts)
    problems += fallback_problems(given, [user[key] for key in fallback if key in user])
    if problems:
        raise ResumeError(problems)
    return Fonts(*roles, fallback=fallback, user=tuple(user.values()))


def _own_key(family: UserFamily, user: dict[str, UserFamily]) -> UserFamily:
    """`family` under a key no other family of these files holds: the key is the regular
    file's name, and `headings: {regular: A.ttf, bold: C.ttf}` beside `body: {regular:
    A.ttf, bold: B.ttf}` would otherwise set its bold text in B."""
    files = [(face.path, face.index) for face in family.faces]
    key, n = family.key, 1
    while key in user and [(f.path, f.index) for f in user[key].faces] != files:
        n += 1
        key = f"{family.key}-{n}"
    return replace(family, key=key)


def _confine(path: Path, roots: tuple[Path, ...], problem: Problem) -> None:
    if not any(path.is_relative_to(root) for root in roots):
        raise ResumeError([problem])


def _load_chain(
    path: Path, seen: list[Path], roots: tuple[Path, ...], chain: list[_Link]
) -> Source:
    """The style at `path` merged over its bases; a style without `extends:` extends classic.
    Each file read is added to `chain`."""
    raw = read_bytes(path, str(path))
    source = parse_source(raw, str(path))
    if not isinstance(source.data, dict):
        raise ResumeError([Problem("a style must be a mapping", Location(str(path), 1, 1))])
    parent = source.data.get("extends")
    if parent is None and path != (BUILTIN_DIR / f"{DEFAULT_STYLE}.yaml").resolve():
        parent = DEFAULT_STYLE
    if parent is None:
        chain.append(_Link(path, raw, None))
        return source
    where = source.locate(("extends",))
    if len(seen) >= MAX_CHAIN:
        msg = f"`extends` chain longer than {MAX_CHAIN} styles"
        raise ResumeError([Problem(msg, where, "extends")])
    if not isinstance(parent, str):
        raise ResumeError([Problem("`extends` must be a style name or path", where, "extends")])
    errors: tuple[Problem, ...] = ()
    try:
        base_path = find_style(parent, path.parent, path, where, "extends")
    except LookupError:
        message = f"unknown base style {quote(parent)}{suggest_style(parent, path.parent, path)}"
        errors = (Problem(message, where, "extends"),)
        if parent == DEFAULT_STYLE:
            raise ResumeError(errors) from None
        base_path = (BUILTIN_DIR / f"{DEFAULT_STYLE}.yaml").resolve()  # to check the rest
    _confine(
        base_path, roots, Problem("the base style is outside the résumé's folder", where, "extends")
    )
    if base_path in (*seen, path):
        cycle = " -> ".join(p.name for p in (*seen, path, base_path))
        raise ResumeError([Problem(f"style inheritance cycle: {cycle}", where, "extends")])
    chain.append(_Link(path, raw, (parent, base_path)))
    base = _load_chain(base_path, [*seen, path], roots, chain)
    return Source(
        source.file,
        _deep_merge(base.data, source.data),
        {**base.values, **source.values},
        {**base.keys, **source.keys},
        (*base.warnings, *source.warnings),
        (*errors, *base.errors, *source.errors),
    )


def _deep_merge(base: Any, child: Any) -> Any:
    if isinstance(base, dict) and isinstance(child, dict):
        out = dict(base)
        for key, value in child.items():
            out[key] = _deep_merge(base.get(key), value) if key in base else value
        return out
    return child
