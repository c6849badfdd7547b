"""Installed fonts for the letters no style or bundled font draws: characters -> one family
per script, found through fontconfig, or by reading the system font folders where
fontconfig is absent.

Only a build that meets such a character pays for this (a subprocess or a folder walk);
every other build never imports this module. Candidates are sorted, so the same installed
fonts always give the same choice, and the same bytes. Only fontconfig's answers and the
system and user font folders are read: the stated exception to "nothing is read that the
user did not name" (docs/security.md).
"""

from __future__ import annotations

import os
import sys
import unicodedata
from collections.abc import Iterable
from pathlib import Path

from ..values import value
from .files import MAX_FONT_BYTES, SUFFIXES, FaceFile, UserFamily

# Unicode blocks -> (script, fontconfig language that prefers the right regional forms)
_BLOCKS: tuple[tuple[int, int, str, str | None], ...] = (
    (0x0530, 0x058F, "Armenian", "hy"),
    (0x0900, 0x097F, "Devanagari", "hi"),
    (0x0980, 0x09FF, "Bengali", "bn"),
    (0x0A00, 0x0A7F, "Gurmukhi", "pa"),
    (0x0A80, 0x0AFF, "Gujarati", "gu"),
    (0x0B00, 0x0B7F, "Oriya", "or"),
    (0x0B80, 0x0BFF, "Tamil", "ta"),
    (0x0C00, 0x0C7F, "Telugu", "te"),
    (0x0C80, 0x0CFF, "Kannada", "kn"),
    (0x0D00, 0x0D7F, "Malayalam", "ml"),
    (0x0D80, 0x0DFF, "Sinhala", "si"),
    (0x0E00, 0x0E7F, "Thai", "th"),
    (0x0E80, 0x0EFF, "Lao", "lo"),
    (0x0F00, 0x0FFF, "Tibetan", "bo"),
    (0x1000, 0x109F, "Myanmar", "my"),
    (0x10A0, 0x10FF, "Georgian", "ka"),
    (0x1100, 0x11FF, "Hangul", "ko"),
    (0x1200, 0x139F, "Ethiopic", "am"),
    (0x1780, 0x17FF, "Khmer", "km"),
    (0x1800, 0x18AF, "Mongolian", "mn"),
    (0x2E80, 0x2FDF, "Han", None),
    (0x3000, 0x303F, "Han", None),  # CJK punctuation: with the ideographs around it
    (0x3040, 0x30FF, "Kana", "ja"),
    (0x3130, 0x318F, "Hangul", "ko"),
    (0x31F0, 0x31FF, "Kana", "ja"),
    (0x3400, 0x4DBF, "Han", None),
    (0x4E00, 0x9FFF, "Han", None),
    (0xA960, 0xA97F, "Hangul", "ko"),
    (0xAC00, 0xD7FF, "Hangul", "ko"),
    (0xF900, 0xFAFF, "Han", None),
    (0xFF00, 0xFFEF, "Han", None),  # full-width forms
    (0x20000, 0x3FFFF, "Han", None),
)
_HAN_LANG = {"ja": "ja", "ko": "ko", "zh": "zh-cn"}
FOLDERS_VARIABLE = "RESUME_PDF_FONT_DIRS"  # the folders walked where fontconfig is absent
SWITCH_VARIABLE = "RESUME_PDF_SYSTEM_FONTS"  # `off`: look for no installed font


def script_of(ch: str, locale: str = "en") -> tuple[str, str | None] | None:
    """(script, fontconfig language) of a letter; None for symbols, emoji and the like,
    which no installed font is looked for (a colour emoji font cannot be embedded)."""
    code = ord(ch)
    for low, high, script, lang in _BLOCKS:
        if low <= code <= high:
            return script, (lang or _HAN_LANG.get(locale, "zh-cn"))
    if unicodedata.category(ch)[0] in "LM":
        name = unicodedata.name(ch, "")
        return (name.split()[0].title(), None) if name else None
    return None


@value
class Found:
    """The installed family chosen for a script, as a user family the book can load."""

    script: str
    name: str  # the family's name, for the note
    family: UserFamily


def discover(chars: Iterable[str], locale: str = "en") -> tuple[list[Found], set[str]]:
    """A family per script for `chars`, and the scripts nothing installed draws whole."""
    scripts: dict[str, tuple[str | None, set[str]]] = {}
    for ch in sorted(set(chars)):
        found = script_of(ch, locale)
        if found:
            scripts.setdefault(found[0], (found[1], set()))[1].add(ch)
    if not scripts or os.environ.get(SWITCH_VARIABLE, "").strip().lower() in ("off", "0", "no"):
        return [], set(scripts)
    import shutil

    fc_list, fc_match = shutil.which("fc-list"), shutil.which("fc-match")
    index = None if fc_list else _walk(_folders())
    chosen, lacking = [], set()
    for script, (lang, needed) in sorted(scripts.items()):
        if fc_list:
            faces = _fontconfig(fc_list, fc_match, needed, lang)
        else:
            faces = [face for face, cmap in index or () if cmap.issuperset(map(ord, needed))]
        family = _family(script, faces)
        if family is None:
            lacking.add(script)
        else:
            chosen.append(family)
    return chosen, lacking


# a candidate face: (family name, file, index, weight on fontconfig's scale, italic)
Face = tuple[str, str, int, int, bool]


def _family(script: str, faces: list[Face]) -> Found | None:
    """The first family (in the given order) with an upright face that reads as a font
    (validated as the user's fonts are); its regular and bold."""
    usable = [f for f in faces if not f[4] and Path(f[1]).suffix.lower() in SUFFIXES]
    name = next((f[0] for f in usable if _sound(f)), None)
    if name is None:
        return None
    mine = [f for f in usable if f[0] == name and _sound(f)]
    mine.sort(key=lambda f: (f[3], f[1], f[2]))
    regular = min(mine, key=lambda f: (abs(f[3] - 80), f[1], f[2]))
    bold = min(mine, key=lambda f: (abs(f[3] - 200), f[1], f[2]))
    bold = bold if bold[3] >= 180 else regular
    shown = f"{name} (installed)"
    faces = (FaceFile(regular[1], regular[2], shown), FaceFile(bold[1], bold[2], shown))
    key = "installed-" + script.lower()
    return Found(script, name, UserFamily(key, (faces[0], faces[1], faces[0], faces[1])))


def _sound(face: Face) -> bool:
    """Does the face's file read as a font, checked as a user's font file is?"""
    from .validate import problem_with

    try:
        return problem_with(face[1], face[2]) is None
    except Exception:  # noqa: BLE001 - an unreadable file is no candidate
        return False


def _fontconfig(
    fc_list: str, fc_match: str | None, needed: set[str], lang: str | None
) -> list[Face]:
    """The faces holding every `needed` character, fontconfig's favourite for the language
    first (Noto Sans CJK KR for Korean, not JP), then by family name and file; only files
    under fontconfig's own font folders, each one readable as a font (fontconfig.py)."""
    from . import fontconfig

    charset = " ".join(f"{ord(c):x}" for c in sorted(needed))
    pattern = f":charset={charset}"
    form = fontconfig.FORMAT
    # the library's own folders; where it cannot be asked, the system's and the user's
    folders = fontconfig.font_folders() or tuple(Path(p).resolve() for p in _folders())
    faces = sorted(_usable(_run([fc_list, pattern, "--format", form]), folders))
    if len(faces) > 1 and fc_match:
        best = _usable(
            _run([fc_match, pattern + (f":lang={lang}" if lang else ""), "--format", form]),
            folders,
        )
        if best and best[0] in faces:
            faces.insert(0, best[0])
    return faces


def _usable(listing: str, folders: tuple[Path, ...]) -> list[Face]:
    from . import fontconfig

    faces = []
    for name, file, index, weight, italic, style in fontconfig.parse(listing):
        if not fontconfig.under(file, folders) or Path(file).suffix.lower() not in SUFFIXES:
            continue
        try:
            if not Path(file).is_file() or Path(file).stat().st_size > MAX_FONT_BYTES:
                continue
        except OSError:
            continue
        faces.append((name, file, index, _weight(weight, style), italic))
    return faces


def _weight(weight: int, style: str) -> int:
    """fontconfig's weight, or bold's (200) for a face its name calls bold: fonts made by
    tools often leave a bold face's weight class at 400."""
    return 200 if "bold" in style.lower() and weight < 180 else weight


def _run(command: list[str]) -> str:
    import subprocess  # here: only a build that needs an installed font pays for it

    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=20, check=False)
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout


def _folders() -> list[Path]:
    """The system's and the user's font folders (or the variable's, for tests and kiosks)."""
    given = os.environ.get(FOLDERS_VARIABLE)
    if given is not None:
        return [Path(p) for p in given.split(os.pathsep) if p]
    home = Path.home()
    if sys.platform == "darwin":
        return [Path("/System/Library/Fonts"), Path("/Library/Fonts"), home / "Library/Fonts"]
    if sys.platform == "win32":
        windows = Path(os.environ.get("WINDIR", "C:/Windows")) / "Fonts"
        local = Path(os.environ.get("LOCALAPPDATA", home)) / "Microsoft/Windows/Fonts"
        return [windows, local]
    data = Path(os.environ.get("XDG_DATA_HOME") or home / ".local/share")
    return [
        Path("/usr/share/fonts"),
        Path("/usr/local/share/fonts"),
        data / "fonts",
        home / ".fonts",
    ]


def _walk(folders: list[Path]) -> list[tuple[Face, frozenset[int]]]:
    """Every face in the folders with its characters, in path order (fontTools, lazily)."""
    files = []
    for folder in folders:
        for root, _, names in os.walk(folder):  # a missing folder yields nothing
            files += [Path(root) / n for n in names if Path(n).suffix.lower() in SUFFIXES]
    index = []
    for path in sorted(set(files)):
        try:
            if path.is_file() and path.stat().st_size <= MAX_FONT_BYTES:  # not a FIFO
                index += _faces(path)
        except Exception:  # noqa: BLE001, S112 - a file that is no font is not a candidate
            continue
    return index


def _faces(path: Path) -> list[tuple[Face, frozenset[int]]]:
    """The faces of one font file with their characters (read lazily: names, OS/2, cmap)."""
    from fontTools.ttLib import TTCollection, TTFont

    with path.open("rb") as file:
        if file.read(4) == b"ttcf":
            file.seek(0)
            fonts = list(TTCollection(file, lazy=True).fonts)
        else:
            file.seek(0)
            fonts = [TTFont(file, lazy=True)]
        return [_face(font, path, number) for number, font in enumerate(fonts)]


def _face(font, path: Path, number: int) -> tuple[Face, frozenset[int]]:  # type: ignore[no-untyped-def]
    names = font["name"]
    name = str(names.getDebugName(16) or names.getDebugName(1) or path.stem)
    style = str(names.getDebugName(17) or names.getDebugName(2) or "")
    os2 = font.get("OS/2")
    weight = 200 if os2 is not None and os2.usWeightClass >= 600 else 80
    italic = bool(font["head"].macStyle & 2)
    cmap = frozenset(font.getBestCmap() or ())
    return (name, str(path), number, _weight(weight, style), italic), cmap
