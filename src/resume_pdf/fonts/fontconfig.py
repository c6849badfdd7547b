"""fontconfig's answers, read so that no font can forge one.

`fc-list` prints what its format asks for, names included, and a face's family or style
name may hold any character, a line break and `|` too; so each field is asked for
shell-quoted (`%{family[0]|shescape}`: one word whatever it holds) and the whole answer is
split as shell words, seven to a face ending in a marker, and an answer that does not split
so is not used. A file is then taken only when it lies under one of fontconfig's own font
folders (asked of the fontconfig library, as `fc-list` itself would find them), so no
answer can name a file elsewhere; discover.py validates each file as the user's fonts are.
"""

from __future__ import annotations

import os
import shlex
from pathlib import Path

# a candidate face: (family name, file, index, weight on fontconfig's scale, italic, style)
Listed = tuple[str, str, int, int, bool, str]

_FIELDS = ("family[0]", "file", "index", "weight", "slant", "style[0]")
_END = "/face"  # the word after each face's fields (a quoted name cannot be a bare word)
FORMAT = " ".join(f"%{{{name}|shescape}}" for name in _FIELDS) + f" {_END}\\n"


def parse(listing: str) -> list[Listed]:
    """The faces of an `fc-list --format FORMAT` answer; none when it does not split."""
    try:
        words = shlex.split(listing)
    except ValueError:
        return []
    size = len(_FIELDS) + 1
    if len(words) % size or any(words[n + size - 1] != _END for n in range(0, len(words), size)):
        return []
    faces = []
    for n in range(0, len(words), size):
        name, file, index, weight, slant, style = words[n : n + size - 1]
        if all(p.isascii() and p.isdigit() for p in (index, weight, slant)):
            faces.append((name, file, int(index), int(weight), int(slant) != 0, style))
    return faces


def font_folders() -> tuple[Path, ...]:
    """The folders fontconfig reads fonts from (its configured ones and those below them),
    resolved; none when the library cannot be asked."""
    import ctypes
    import ctypes.util

    try:
        lib = ctypes.CDLL(ctypes.util.find_library("fontconfig") or "libfontconfig.so.1")
        lib.FcInitLoadConfigAndFonts.restype = ctypes.c_void_p
        lib.FcConfigGetFontDirs.restype = ctypes.c_void_p
        lib.FcConfigGetFontDirs.argtypes = [ctypes.c_void_p]
        lib.FcStrListNext.restype = ctypes.c_char_p
        lib.FcStrListNext.argtypes = [ctypes.c_void_p]
        lib.FcStrListDone.argtypes = [ctypes.c_void_p]
        lib.FcConfigDestroy.argtypes = [ctypes.c_void_p]
    except (OSError, AttributeError):
        return ()
    config = lib.FcInitLoadConfigAndFonts()
    if not config:
        return ()
    found = []
    dirs = lib.FcConfigGetFontDirs(config)
    while dirs and (folder := lib.FcStrListNext(dirs)):
        found.append(Path(os.fsdecode(folder)).resolve())
    if dirs:
        lib.FcStrListDone(dirs)
    lib.FcConfigDestroy(config)
    return tuple(found)


def under(file: str, folders: tuple[Path, ...]) -> bool:
    """Is `file` (resolved, links followed) inside one of `folders`?"""
    try:
        path = Path(file).resolve()
    except (OSError, RuntimeError, ValueError):
        return False
    return path.is_absolute() and any(path.is_relative_to(folder) for folder in folders)
