"""Fonts: TrueType families from font packages on PyPI, loaded lazily, with per-character
fallback.

reportlab draws a glyph a TTF lacks as .notdef (a box, or a NUL in the text layer) with no
warning, so every character is assigned a face that has it before anything is drawn. Faces
are registered once per process and only when first needed, since parsing a face costs
5-15 ms and a build usually needs two or three of them.
"""

from __future__ import annotations

import importlib.util
import unicodedata
from collections.abc import Collection
from pathlib import Path
from typing import Any

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFNameBytes, TTFont

from ..errors import Problem, Severity
from .files import UserFamily
from .kerning import KernedFont

Style = tuple[bool, bool]  # (bold, italic)
STYLES: tuple[Style, ...] = ((False, False), (True, False), (False, True), (True, True))
_SUFFIX = {
    (False, False): "",
    (True, False): "-bold",
    (False, True): "-italic",
    (True, True): "-bolditalic",
}

# family -> (PyPI package's module, face files by style)
FAMILIES: dict[str, tuple[str, dict[Style, str]]] = {
    "source-sans": (
        "font_source_sans_pro",
        dict(
            zip(
                STYLES,
                (
                    "SourceSansPro-Regular",
                    "SourceSansPro-Bold",
                    "SourceSansPro-It",
                    "SourceSansPro-BoldIt",
                ),
                strict=True,
            )
        ),
    ),
    "source-serif": (
        "font_source_serif_pro",
        dict(
            zip(
                STYLES,
                (
                    "SourceSerifPro-Regular",
                    "SourceSerifPro-Bold",
                    "SourceSerifPro-It",
                    "SourceSerifPro-BoldIt",
                ),
                strict=True,
            )
        ),
    ),
    "roboto": (
        "font_roboto",
        dict(
            zip(
                STYLES,
                ("Roboto-Regular", "Roboto-Bold", "Roboto-Italic", "Roboto-BoldItalic"),
                strict=True,
            )
        ),
    ),
}
FALLBACK_ORDER = ("source-sans", "source-serif", "roboto")
# Each bundled family's heaviest face: capitals drawn smaller as small caps need it to keep
# the stroke weight of the full-size bold capitals beside them (a scaled bold is lighter).
HEAVY = {
    "source-sans": "SourceSansPro-Black",
    "source-serif": "SourceSerifPro-Black",
    "roboto": "Roboto-Black",
}
_IGNORABLE = {"Zs", "Zl", "Zp"}  # spaces are laid out, not drawn


def face_name(family: str, style: Style) -> str:
    return family + _SUFFIX[style]


def _font_file(family: str, style: Style | None) -> Path:
    """The bundled TTF of `family` in `style` (None: its HEAVY face)."""
    module, faces = FAMILIES[family]
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError(f"font package {module} is not installed")
    stem = HEAVY[family] if style is None else faces[style]
    return Path(next(iter(spec.submodule_search_locations))) / "files" / f"{stem}.ttf"


def _glyph_names(face: Any) -> dict[str, int]:
    """Glyph name -> glyph id from a face's `post` table (format 2, the one naming glyphs
    beyond the standard Macintosh set); empty for any other format or a short table."""
    import struct

    try:
        data = face.get_table("post")
    except Exception:  # noqa: BLE001 (no post table: no names)
        return {}
    if len(data) < 34 or data[:4] != b"\x00\x02\x00\x00":
        return {}
    (count,) = struct.unpack_from(">H", data, 32)
    if len(data) < 34 + 2 * count:
        return {}
    index = struct.unpack_from(f">{count}H", data, 34)
    names, pos = [], 34 + 2 * count
    while pos < len(data):
        size = data[pos]
        names.append(data[pos + 1 : pos + 1 + size].decode("latin-1"))
        pos += 1 + size
    return {names[i - 258]: gid for gid, i in enumerate(index) if 258 <= i < 258 + len(names)}


class FontBook:
    """The faces of one build: bundled ones loaded on demand and registered with reportlab
    once per process; the user's own (`user`) loaded per book, since the same file name may
    mean another file in the next build. A character is looked for in the paragraph's
    family, then the style's other families, then `fallback`, then the bundled ones."""

    _cmaps: dict[str, frozenset[int]] = {}

    def __init__(
        self,
        primary: str,
        *,
        roles: tuple[str, ...] = (),
        fallback: tuple[str, ...] = (),
        user: tuple[UserFamily, ...] = (),
        needed: frozenset[str] = frozenset(),
    ) -> None:
        self.primary = primary
        self.roles, self.fallback = roles, fallback
        self.user = {family.key: family for family in user}
        self.needed = needed  # the characters a CFF font is converted for
        self._user_cmaps: dict[str, frozenset[int]] = {}
        self.installed: tuple[str, ...] = ()  # families found on the machine (discover.py)
        self.notes: list[Problem] = []  # which installed family draws which script
        self.chain = self.chain_for(primary)
        self._choice: dict[tuple[str, Style, str], tuple[str, Style] | None] = {}
        self._strokes: dict[str, bool] = {}  # family -> its bold is synthesised

    @classmethod
    def for_theme(cls, fonts: object, needed: frozenset[str] = frozenset()) -> FontBook:
        """The book of a theme's `Fonts` (theme.py)."""
        roles = (fonts.body, fonts.headings, fonts.name)  # type: ignore[attr-defined]
        return cls(
            roles[0],
            roles=roles,
            fallback=fonts.fallback,  # type: ignore[attr-defined]
            user=fonts.user,  # type: ignore[attr-defined]
            needed=needed,
        )

    def chain_for(self, family: str) -> tuple[str, ...]:
        chain = (family, *self.roles, *self.fallback, *FALLBACK_ORDER, *self.installed)
        return tuple(dict.fromkeys(chain))

    def add_installed(self, chars: set[str], locale: str) -> set[str]:
        """Add an installed family for each script of `chars` (which nothing in the chain
        draws), with a note saying which; the scripts nothing installed draws."""
        from .discover import discover

        found, lacking = discover(chars, locale)
        for each in found:
            self.user[each.family.key] = each.family
            self.installed += (each.family.key,)
            message = f"{each.script} drawn with {each.name} (installed)"
            self.notes.append(Problem(message, severity=Severity.NOTE))
        self.chain = self.chain_for(self.primary)
        self._choice.clear()
        for each in found:
            for style in STYLES:
                self.cmap(each.family.key, style)
        return lacking

    def cmap(self, family: str, style: Style) -> frozenset[int]:
        if family in self.user:
            return self._user_cmap(family, style)
        name = face_name(family, style)
        if name not in self._cmaps:
            font = KernedFont(name, str(_font_file(family, style)))
            pdfmetrics.registerFont(font)
            # the family mapping lets <b>/<i> inside <font name=family> find the other faces
            pdfmetrics.registerFontFamily(
                family,
                **dict(
                    zip(
                        ("normal", "bold", "italic", "boldItalic"),
                        (face_name(family, s) for s in STYLES),
                        strict=True,
                    )
                ),
            )
            self._cmaps[name] = frozenset(font.face.charToGlyph)
        return self._cmaps[name]

    def _user_cmap(self, family: str, style: Style) -> frozenset[int]:
        """A user face, registered (with its family mapping) on first use in this book."""
        style = self.actual(family, style)
        name = face_name(family, style)
        if name not in self._user_cmaps:
            from .user import load_face

            faces = self.user[family].faces
            face = faces[STYLES.index(style)]
            font = load_face(face, name, self.needed)
            font.stroked_bold = style[0] and not STYLES[faces.index(face)][0]
            _register_again(font, live=self._user_cmaps.keys() | self._cmaps.keys())
            self._user_cmaps[name] = frozenset(font.face.charToGlyph)
            pdfmetrics.registerFontFamily(
                family,
                **dict(
                    zip(
                        ("normal", "bold", "italic", "boldItalic"),
                        (self.face(family, s) for s in STYLES),
                        strict=True,
                    )
                ),
            )
        return self._user_cmaps[name]

    def actual(self, family: str, style: Style) -> Style:
        """The style whose face draws `style` text: a user family's missing slot reuses an
        earlier face (bold text in a one-file family is set in that file's weight)."""
        user = self.user.get(family)
        if user is None:
            return style
        face = user.faces[STYLES.index(style)]
        real = STYLES[user.faces.index(face)]
        if style[0] and not real[0] and self.strokes_bold(family):
            return True, real[1]  # a face of its own: the same file, drawn stroked
        return real

    def strokes_bold(self, family: str) -> bool:
        """Is `family` a user's (or an installed) CJK family with no bold file? Its bold is
        then synthesised: the regular outlines drawn filled and stroked (pdf/canvas.py), as
        CJK fonts often come in one weight and a heading set regular loses its rank."""
        found = self._strokes.get(family)
        if found is None:
            user = self.user[family]
            found = user.faces[1] == user.faces[0] and any(
                0x3040 <= c <= 0x30FF or 0x4E00 <= c <= 0x9FFF or 0xAC00 <= c <= 0xD7AF
                for c in self._user_cmap(family, (False, False))
            )
            self._strokes[family] = found
        return found

    def face(self, family: str, style: Style) -> str:
        """The registered font name that sets `family` in `style`."""
        self.cmap(family, style)
        return face_name(family, self.actual(family, style))

    def heavy(self, family: str) -> tuple[str, frozenset[int]] | None:
        """The registered name and characters of `family`'s heavy face, or None (a user's
        family has none). Registered as a family of its own, so <b> inside it stays heavy."""
        if family in self.user or family not in HEAVY:
            return None
        name = family + "-heavy"
        if name not in self._cmaps:
            font = KernedFont(name, str(_font_file(family, None)))
            pdfmetrics.registerFont(font)
            pdfmetrics.registerFontFamily(
                name, normal=name, bold=name, italic=name, boldItalic=name
            )
            self._cmaps[name] = frozenset(font.face.charToGlyph)
        return name, self._cmaps[name]

    def small_caps(self, family: str) -> tuple[str, frozenset[int]] | None:
        """The registered name and the capitals of a face of `family`'s bold whose capitals
        are drawn as its own small capitals (the `A.sc` glyphs its `smcp` feature uses), so
        a small-caps title keeps capitals in the text layer; None where the family has no
        such glyphs (a user's family, Roboto)."""
        if family in self.user or family not in FAMILIES:
            return None
        name = family + "-smallcaps"
        if name not in self._cmaps:
            self.cmap(family, (True, False))  # the bold, read once: its twin changes its map
            font = pdfmetrics.getFont(face_name(family, (True, False))).twin(name)
            face = font.face
            glyphs = _glyph_names(face)
            covered = set()
            for code in range(ord("A"), ord("Z") + 1):
                gid = glyphs.get(chr(code) + ".sc")
                if gid is not None:
                    face.charToGlyph[code] = gid
                    face.charWidths[code] = face.hmetrics[gid][0] * 1000 / face.unitsPerEm
                    covered.add(code)
            if covered:  # a name of its own: a PDF keeps one font program per name
                face.name = TTFNameBytes(bytes(face.name) + b"SC")
                pdfmetrics.registerFont(font)
                pdfmetrics.registerFontFamily(
                    name, normal=name, bold=name, italic=name, boldItalic=name
                )
            self._cmaps[name] = frozenset(covered)
        return (name, self._cmaps[name]) if self._cmaps[name] else None

    def load_user_faces(self) -> None:
        """Read every user face now, so a bad file is reported before layout starts."""
        for family in self.user:
            for style in STYLES:
                self.cmap(family, style)

    def face_for(
        self, ch: str, style: Style, family: str | None = None
    ) -> tuple[str, Style] | None:
        """The first face of `family`'s chain that can draw `ch`, preferring the wanted style,
        then upright or regular weight of any family (a shape beats a missing glyph)."""
        key = (ch, style, family or self.primary)
        if key not in self._choice:
            self._choice[key] = self._find(ord(ch), style, key[2])
        return self._choice[key]

    def face_of_all(
        self, text: str, style: Style, family: str | None = None
    ) -> tuple[str, Style] | None:
        """The face `face_for` gives every character of `text` when that is the first choice
        for all of them (the common case: one set-difference instead of a lookup per
        character); None when some character needs another face or none."""
        family = family or self.primary
        real = self.actual(family, style)
        return (family, real) if self.cmap(family, real).issuperset(map(ord, text)) else None

    def _find(self, code: int, style: Style, family: str) -> tuple[str, Style] | None:
        bold, italic = style
        for wanted in dict.fromkeys((style, (bold, False), (False, italic), (False, False))):
            for candidate in self.chain_for(family):
                real = self.actual(candidate, wanted)
                if code in self.cmap(candidate, real):
                    return candidate, real
        return None

    def drawable(self, ch: str) -> bool:
        return (
            unicodedata.category(ch) in _IGNORABLE or self.face_for(ch, (False, False)) is not None
        )


def _register_again(font: TTFont, live: Collection[str]) -> None:
    """Register a user face under its name, replacing what an earlier build registered under
    that name or its PostScript name: reportlab would otherwise silently keep the earlier font
    (in watch mode, a subset made before a character was added).

    A face in use (`live`: this book's faces and the bundled ones) keeps its PostScript name,
    and this face gets one of its own: reportlab holds one font per PostScript name, so two
    files that share one (a regular and a bold both called "Kern Test") would otherwise evict
    each other, or the second name would draw with the first file."""
    _unregister(pdfmetrics._fonts.get(font.fontName))  # noqa: SLF001 - no public lookup
    faces = pdfmetrics._dynFaceNames  # noqa: SLF001
    base, n = font.face.name, 1
    while (holder := faces.get(font.face.name)) is not None:
        if isinstance(holder, TTFont) and holder.fontName not in live:
            _unregister(holder)
            break
        n += 1
        font.face.name = TTFNameBytes(base + b"-%d" % n)
    pdfmetrics.registerFont(font)


def _unregister(old: object) -> None:
    """Forget a user face an earlier build registered (only entries that are still its own)."""
    if not isinstance(old, TTFont):
        return
    for table, key in (
        (pdfmetrics._fonts, old.fontName),  # noqa: SLF001
        (pdfmetrics._dynFaceNames, old.face.name),  # noqa: SLF001
    ):
        if table.get(key) is old:
            del table[key]
    FontBook._cmaps.pop(old.fontName, None)
