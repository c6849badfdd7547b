"""Stage 1, first half: a file the user named -> its text, checked before YAML reads it.

In: a path (or bytes already read). Out: the file's text, decoded by its byte-order mark
or as UTF-8, or a located ResumeError: not a regular file (a FIFO, a device, a folder),
over 1 MiB, not valid in its encoding, or holding characters YAML refuses (each at its
own line and column). A JSON file's escaped surrogate pairs are joined into the one
escape YAML reads, keeping every later column in place. source.py parses the text.
"""

from __future__ import annotations

import codecs
import os
import re
import stat
from pathlib import Path

from ..errors import Location, Problem, ResumeError, os_reason

MAX_BYTES = 1024 * 1024


def read_bytes(path: Path, name: str) -> bytes:
    """The bytes of a regular file, at most MAX_BYTES + 1 of them whatever `stat` says.

    A FIFO would block forever, /dev/zero or /dev/urandom would grow without end, and a
    symlink loop raises an OSError: each is refused with a located message instead. The
    file is opened without blocking and checked again after opening, so a path swapped
    for a FIFO in between cannot hang the read either."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise fail(name, _not_regular(info.st_mode))
        check_size(info.st_size, name)  # before reading, let alone parsing
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise fail(name, _not_regular(os.fstat(fd).st_mode))
            with os.fdopen(fd, "rb", closefd=False) as f:
                raw = f.read(MAX_BYTES + 1)
        finally:
            os.close(fd)
    except FileNotFoundError:
        raise fail(name, "file not found") from None
    except OSError as exc:
        raise fail(name, f"cannot read: {os_reason(exc)}") from None
    check_size(len(raw), name)
    return raw


def is_archive(path: Path) -> bool:
    """A folder, or a regular file starting as a ZIP archive does: a LinkedIn data export
    (read/linkedin.py), never read as YAML. A FIFO or device is not opened here."""
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            return True
        if not stat.S_ISREG(info.st_mode):
            return False
        with open(path, "rb") as f:
            return f.read(4) == b"PK\x03\x04"
    except OSError:
        return False


def _not_regular(mode: int) -> str:
    what = (
        "a directory" if stat.S_ISDIR(mode)
        else "a FIFO (named pipe)" if stat.S_ISFIFO(mode)
        else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
        else "a socket" if stat.S_ISSOCK(mode)
        else "a special file"
    )  # fmt: skip
    return f"is {what}, not a regular file"


JSON_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_ESCAPE = re.compile(r"\\u([dD][89abAB][0-9a-fA-F]{2})\\u([dD][c-fC-F][0-9a-fA-F]{2})|\\.", re.S)


def join_pairs(string: re.Match[str]) -> str:
    """A JSON string with each surrogate pair (`\\ud83d\\ude00`, how JSON writers escape 😀)
    as the one escape YAML reads (`\\U0001F600`), two spaces after the string for each,
    so that every later column on the line stays where the user sees it."""
    token = string.group()
    if "\\u" not in token:
        return token
    joined = 0

    def one(escape: re.Match[str]) -> str:
        nonlocal joined
        if not escape.group(1):
            return escape.group()  # `\\\\`, `\\"`: one escape, kept as it is
        joined += 1
        high, low = int(escape.group(1), 16), int(escape.group(2), 16)
        return f"\\U{0x10000 + (high - 0xD800) * 0x400 + (low - 0xDC00):08X}"

    out = _ESCAPE.sub(one, token)
    return out + "  " * joined


def check_size(size: int, name: str) -> None:
    if size > MAX_BYTES:
        raise fail(name, f"input too large ({size / MAX_BYTES:.1f} MiB > 1 MiB)")


def decode_text(raw: bytes, name: str) -> str:
    for bom, codec in (
        (codecs.BOM_UTF32_LE, "utf-32"),
        (codecs.BOM_UTF32_BE, "utf-32"),
        (codecs.BOM_UTF8, "utf-8-sig"),
        (codecs.BOM_UTF16_LE, "utf-16"),
        (codecs.BOM_UTF16_BE, "utf-16"),
    ):
        if raw.startswith(bom):
            try:
                return raw.decode(codec)
            except UnicodeDecodeError:
                raise fail(name, f"not valid {codec.upper()} despite its byte-order mark") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        loc = Location(name, line, column)
        msg = f"not valid UTF-8 at byte {exc.start}; save the file as UTF-8"
        raise ResumeError([Problem(msg, loc)]) from None


# What YAML refuses anywhere in a file (its reader's "non-printable" set), with our own names.
# Written as the refused ranges: the complement of YAML's printable class compiles in ~0.4 ms
# instead of ~5 ms, and matches the same code points (all 1,114,112 were compared).
_NOT_ALLOWED = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]")
_NAMES = {0: "NUL", 0x1B: "ESC", 0x7F: "DEL"}


def check_characters(text: str, name: str) -> None:
    """Characters YAML refuses, each at its own line and column (PyYAML would report the
    first one at line 1 as a position in "<unicode string>")."""
    problems = []
    for m in _NOT_ALLOWED.finditer(text):
        code = ord(m.group())
        line = text.count("\n", 0, m.start()) + 1
        column = m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1
        label = _NAMES.get(code, "a control character" if code < 0xA0 else "a noncharacter")
        msg = f"character U+{code:04X} ({label}) is not allowed in a YAML file; delete it"
        problems.append(Problem(msg, Location(name, line, column)))
        if len(problems) >= 20:
            break
    if problems:
        raise ResumeError(problems)


def fail(name: str, message: str) -> ResumeError:
    return ResumeError([Problem(message, Location(name, 1, 1))])
