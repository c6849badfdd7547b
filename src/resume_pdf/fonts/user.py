"""The user's font files -> reportlab faces, with every failure located at the style line
that named the file.

reportlab embeds TrueType outlines only. A CFF font (`.otf`, and most CJK fonts: Noto Sans
CJK, Source Han) is first subset to the characters the résumé uses and converted to
TrueType outlines (fonts/convert.py, cached). The file's first bytes are checked before any
parser sees it, so a file that is not a font gets a plain message instead of a parser's.
"""

from __future__ import annotations

import struct
from pathlib import Path

from reportlab.pdfbase.ttfonts import TTFont

from ..errors import Problem, ResumeError, quote
from .files import FaceFile
from .kerning import KernedFont

_TRUETYPE = (b"\x00\x01\x00\x00", b"true")
_CFF = b"OTTO"
_COLLECTION = b"ttcf"
_WEB = (b"wOFF", b"wOF2")


def load_face(face: FaceFile, name: str, needed: frozenset[str]) -> TTFont:
    """A face named `name` for `face`, kerned like the bundled ones (fonts/kerning.py);
    CFF outlines converted for the `needed` characters."""
    try:
        kind, tables = _sniff(Path(face.path), face.index)
        if b"CFF2" in tables:
            raise _Refused(
                "a variable CFF2 font cannot be embedded: use a static instance (.otf or .ttf)"
            )
        from .validate import problem_with  # fontTools, for the user's files only

        problem = problem_with(face.path, face.index)
        if problem:
            raise _Refused(f"cannot be read as a font ({problem})")
        if kind == _CFF:
            from .convert import truetype_for

            return KernedFont(name, truetype_for(face, needed))
        return KernedFont(name, face.path, subfontIndex=face.index)
    except _Refused as exc:
        reason = str(exc)
    except Exception as exc:  # noqa: BLE001 - any parser failure is the file's fault
        reason = f"cannot be read as a font ({type(exc).__name__}: {exc})"[:300]
    raise ResumeError([Problem(f"font {quote(face.shown)}: {reason}", face.location, "fonts")])


class _Refused(Exception):
    """A font file this tool cannot use, with the reason a user can act on."""


def _sniff(path: Path, index: int) -> tuple[bytes, set[bytes]]:
    """The outline kind (TrueType or CFF) and table tags of face `index` of the file."""
    with path.open("rb") as f:
        head = f.read(12)
        offset = 0
        if head[:4] == _COLLECTION:
            count = struct.unpack(">I", head[8:12])[0] if len(head) == 12 else 0
            if index >= count:
                raise _Refused(f"the collection holds {count} faces; #{index} does not exist")
            f.seek(12 + 4 * index)
            offset = struct.unpack(">I", _read(f, 4))[0]
            f.seek(offset)
            head = f.read(12)
        elif index:
            raise _Refused(f"#{index} chooses a face of a collection, and this is a single font")
        if head[:4] in _WEB:
            raise _Refused("a web font (WOFF): use the .ttf or .otf file")
        if head[:4] not in (*_TRUETYPE, _CFF) or len(head) < 12:
            raise _Refused("not a TrueType or OpenType font file")
        tables = struct.unpack(">H", head[4:6])[0]
        directory = _read(f, 16 * tables)
        size = f.seek(0, 2)
    entries = [directory[i : i + 16] for i in range(0, len(directory), 16)]
    if any(sum(struct.unpack(">II", e[8:16])) > size for e in entries):
        raise _Refused("the file is truncated")
    tags = {e[:4] for e in entries}
    return (_CFF if head[:4] == _CFF else _TRUETYPE[0]), tags


def _read(f, n: int) -> bytes:  # type: ignore[no-untyped-def]
    data = f.read(n)
    if len(data) < n:
        raise _Refused("the file is truncated")
    return data
