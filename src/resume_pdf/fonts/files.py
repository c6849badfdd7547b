"""The style's `fonts:` values -> families: a bundled one, a font file beside the résumé
(or in its styles/ folder), or a family installed on the machine (through fontconfig).

Pure path work, no font parsing and no reportlab: the theme stage uses it to validate and
locate every font a style names, so that a missing, misplaced or oversized file is reported
at the style line that named it before anything is laid out. fonts/user.py reads the files.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..errors import Location, Problem, ResumeError, quote
from ..model.schema import INVALID, Context, ListOf, Spec, describe
from ..paths import Found, find_path
from ..read.source import Path_
from ..values import value

BUNDLED = ("source-sans", "source-serif", "roboto")
SUFFIXES = (".ttf", ".otf", ".ttc", ".otc")
SLOTS = ("regular", "bold", "italic", "bold_italic")  # the order of fonts.book.STYLES
MAX_FONT_BYTES = 64 * 2**20  # the largest CJK collections are ~20 MB per weight
# `fonts: fallback:` holds at most this many fonts, whose files hold at most this many bytes
# together, counted as reportlab reads them into memory (a sparse file at its full size)
MAX_FALLBACK_FONTS = 8
MAX_FALLBACK_BYTES = 64 * 2**20
_FILE = re.compile(r"(?P<file>.+?\.(ttf|otf|ttc|otc))(#(?P<index>\d{1,3}))?", re.IGNORECASE)


@value
class FaceFile:
    """One face: a font file (and its index in a collection), and where the style named it."""

    path: str
    index: int
    shown: str  # as the user wrote it, for messages
    location: Location | None = None


@value
class UserFamily:
    """A family made of the user's files; slots the user left out reuse the nearest face
    given (bold italic -> bold -> regular), so bold text stays in the user's typeface."""

    key: str  # the name paragraphs use for it
    faces: tuple[FaceFile, FaceFile, FaceFile, FaceFile]  # regular, bold, italic, bold italic


@value
class Wanted:
    """A font value as validated but not yet found: the text per slot, where it was written."""

    texts: tuple[str | None, ...]  # per slot
    location: Location


class FontValue(Spec):
    """`source-sans`, `NanumGothic.ttf`, `Noto Sans CJK KR`, or one face per slot."""

    def check(self, value: Any, path: Path_, ctx: Context) -> Any:
        where = ctx.source.locate(path)
        if isinstance(value, str) and value.strip():
            name = value.strip()
            if name.lower() in BUNDLED:
                return name.lower()
            if any(c in name for c in "/\\") and not _file(name):
                shown = quote(name)
                return ctx.error(path, f"expected a font file (.ttf, .otf, .ttc), got {shown}")
            return Wanted((name,), where)
        if isinstance(value, dict):
            unknown = [k for k in value if k not in SLOTS]
            for key in unknown:
                ctx.error((*path, key), f"unknown face {quote(key)} (faces: {', '.join(SLOTS)})")
            texts = tuple(value.get(slot) for slot in SLOTS)
            bad = [s for s, t in zip(SLOTS, texts, strict=True) if t is not None and not _file(t)]
            for slot in bad:
                ctx.error((*path, slot), "expected a font file (.ttf, .otf, .ttc)")
            if texts[0] is None:
                ctx.error(path, "needs a `regular` face")
            return INVALID if unknown or bad or texts[0] is None else Wanted(texts, where)
        return ctx.error(
            path, f"expected a font family name or a font file (.ttf, .otf), got {describe(value)}"
        )

    def json_schema(self) -> dict[str, Any]:
        face = {"type": "string"}
        faces = {"type": "object", "properties": dict.fromkeys(SLOTS, face)}
        return {"anyOf": [face, {**faces, "required": ["regular"], "additionalProperties": False}]}


def _file(text: Any) -> re.Match[str] | None:
    return _FILE.fullmatch(text.strip()) if isinstance(text, str) else None


def settle(
    value: str | Wanted, style_dir: Path, resume_dir: Path | None, problems: list[Problem]
) -> str | UserFamily | None:
    """A bundled family stays a name; files and installed families become a UserFamily."""
    if isinstance(value, str):
        return value
    faces: list[FaceFile | None] = []
    for text in value.texts:
        if text is None:
            faces.append(None)
            continue
        found = _find(text, value.location, style_dir, resume_dir, problems)
        if found is None:
            return None
        if isinstance(found, tuple):  # an installed family: its own four faces
            faces = list(found)
            break
        faces.append(found)
    regular, bold, italic, bold_italic = faces + [None] * (4 - len(faces))
    assert regular is not None  # FontValue requires it
    bold = bold or regular
    italic = italic or regular
    bold_italic = bold_italic or (bold if bold is not regular else italic)
    key = Path(regular.path).stem + (f"-{regular.index}" if regular.index else "")
    return UserFamily(key, (regular, bold, italic, bold_italic))


def _find(
    text: str, where: Location, style_dir: Path, resume_dir: Path | None, problems: list[Problem]
) -> FaceFile | tuple[FaceFile | None, ...] | None:
    match = _file(text)
    if match is None:
        return _installed(text, where, problems)
    written, index = match["file"], int(match["index"] or 0)
    try:  # a loop, a name too long, a folder we may not enter: a problem at the style line
        style_dir = find_path(style_dir, "font folder", where).path
        root = find_path(resume_dir or Path.cwd(), "font folder", where).path
        folders = dict.fromkeys((style_dir, root, root / "styles"))
        face = _first_file(folders, written, where)
    except ResumeError as exc:
        problems.extend(exc.problems)
        return None
    if face is None:
        looked = ", ".join(str(f) for f in folders)
        message = f"font file {quote(written)} not found (looked in {looked})"
        problems.append(Problem(message, where))
        return None
    # the résumé's folder, or the folder of the (already accepted) style file
    if not (face.path.is_relative_to(root) or face.path.is_relative_to(style_dir)):
        problems.append(Problem(f"font {quote(written)} is outside the résumé's folder", where))
        return None
    if face.size > MAX_FONT_BYTES:
        mb = MAX_FONT_BYTES // 2**20
        problems.append(
            Problem(
                f"font {quote(written)} is {face.size / 2**20:.0f} MB; the limit is {mb}",
                where,
            )
        )
        return None
    return FaceFile(str(face.path), index, text.strip(), where)


def _first_file(folders: dict[Path, None], written: str, where: Location) -> Found | None:
    """The first folder's `written` that is a file; a ResumeError when a path cannot be
    looked at (a loop, a name too long, a folder we may not enter)."""
    for folder in folders:
        found = find_path(folder / written, "font", where, written=written)
        if found.kind == "file":
            return found
    return None


def _installed(name: str, where: Location, problems: list[Problem]) -> tuple[FaceFile, ...] | None:
    """An installed family's regular, bold, italic and bold italic faces, via fc-list."""
    listing = _fc_list(name)
    by_style: dict[str, FaceFile] = {}
    for line in listing.splitlines():
        path, _, rest = line.partition("|")
        index, _, styles = rest.partition("|")
        if Path(path).suffix.lower() not in SUFFIXES or not index.isdigit():
            continue
        style = styles.split(",")[0].strip().lower().replace("oblique", "italic")
        by_style.setdefault(style, FaceFile(path, int(index), name, where))
    regular = by_style.get("regular") or by_style.get("book") or by_style.get("normal")
    if regular is None:
        known = ", ".join(BUNDLED)
        problems.append(
            Problem(
                f"unknown font {quote(name)}: not a bundled family ({known}), not a font file "
                "(.ttf, .otf, .ttc) and not an installed family",
                where,
            )
        )
        return None
    return (regular, by_style.get("bold"), by_style.get("italic"), by_style.get("bold italic"))


def _fc_list(name: str) -> str:
    """fc-list's faces of family `name`; empty where fontconfig is absent."""
    import shutil
    import subprocess  # here: ~2.5 ms at start-up, and only an installed family needs it

    exe = shutil.which("fc-list")
    if exe is None or any(c in name for c in ":=\\\n"):
        return ""
    try:
        done = subprocess.run(
            [exe, f":family={name}", "--format", "%{file}|%{index}|%{style}\n"],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout


@value
class Fallback:
    """The `fallback:` list as validated: its fonts, and where the list is written."""

    fonts: tuple[str | Wanted, ...]
    location: Location | None = None


class FallbackFonts(Spec):
    """`fallback:` — a list of fonts, at most MAX_FALLBACK_FONTS of them."""

    def __init__(self, item: Spec) -> None:
        self.fonts = ListOf(item)

    def check(self, value: Any, path: Path_, ctx: Context) -> Any:
        fonts = self.fonts.check(value, path, ctx)
        if fonts is INVALID:
            return INVALID
        if len(fonts) > MAX_FALLBACK_FONTS:
            message = f"{len(fonts)} fallback fonts; the limit is {MAX_FALLBACK_FONTS}"
            return ctx.error(path, message, key=True)
        return Fallback(fonts, ctx.source.locate(path, key=True))

    def json_schema(self) -> dict[str, Any]:
        return {**self.fonts.json_schema(), "maxItems": MAX_FALLBACK_FONTS}


def fallback_problems(given: Fallback, families: list[UserFamily]) -> list[Problem]:
    """The fallback families' files over MAX_FALLBACK_BYTES together (twenty sparse 63 MB
    fonts took a build to 1 GB), at the `fallback:` line."""
    total = 0
    for path in {face.path for family in families for face in family.faces}:
        try:
            total += Path(path).stat().st_size
        except OSError:
            continue  # found a moment ago; reading it will say what is wrong
    if total <= MAX_FALLBACK_BYTES:
        return []
    mb = MAX_FALLBACK_BYTES // 2**20
    message = f"the fallback fonts' files are {total / 2**20:.0f} MB together; the limit is {mb} MB"
    return [Problem(message, given.location, "fonts.fallback")]
