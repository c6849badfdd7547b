"""Stage 1 for a LinkedIn data export: the ZIP (or its unzipped folder) -> the résumé CSV
files' cells, each with its FILE:LINE:COL (`export.zip/Positions.csv:3:1`).

Only what the user named is read: the archive's own members (nothing is extracted, a member
whose name leaves the archive refuses it), or the folder's regular files (a symlink is not
followed). Only the résumé files linkedin.py maps are decoded; connections, messages, ads and
the like are skipped unread, with one note. Limits against a ZIP bomb: members, each file's
uncompressed size (read up to the limit, whatever its header claims) and the total read.
"""

from __future__ import annotations

import os
import re
import stat
import zipfile
from pathlib import Path

from ..errors import Location, Problem, ResumeError, Severity, quote
from ..values import field, value
from .decode import decode_text, fail, read_bytes

MAX_MEMBERS = 5000
MAX_FILE = 1024 * 1024  # uncompressed bytes of one CSV
MAX_TOTAL = 16 * MAX_FILE  # uncompressed bytes of all the CSVs read
MAX_DEPTH = 4  # folders below the export's root

# Files of the export that are not résumé data: never decoded, named in one note
NOT_RESUME = re.compile(
    r"(?i)^(connections|contacts|imported contacts|invitations|messages|guide_messages"
    r"|learning_coach_messages|learning_role_play_messages|ad_targeting|ads clicked|logins"
    r"|registration|rich media|company follows|member_follows|inferences_about_you|learning"
    r"|reactions|shares|comments|votes|events|hashtag_follows|causes you care about|receipts.*"
    r"|searchqueries|saved items|saved jobs|job applications|job seeker preferences"
    r"|endorsement_.*|recommendations_.*|private_identity_asset|whatsapp phone numbers"
    r"|security challenges|lan ads engagement|services marketplace.*|providers|articles.*"
    r"|savedjobalerts|online jobs.*|instantreposts)$"
)


@value
class Cell:
    text: str
    location: Location


@value
class Table:
    """One CSV file: its name as the export has it, the header cells and the rows."""

    name: str
    header: tuple[Cell, ...]
    rows: tuple[tuple[Cell, ...], ...]
    location: Location  # the file's first line


@value
class Export:
    display: str  # the ZIP or folder as the user named it
    tables: dict[str, Table] = field(default_factory=dict)  # by key(name)
    unread: tuple[str, ...] = ()  # members that are neither résumé data nor skipped data
    skipped: tuple[str, ...] = ()  # non-résumé files, never read


def key(name: str) -> str:
    """`Email Addresses.csv`, `Email_Addresses.csv`, `email addresses.CSV` -> `emailaddresses`."""
    stem = name.rsplit("/", 1)[-1]
    stem = stem[:-4] if stem.lower().endswith(".csv") else stem
    return re.sub(r"[\s_-]+", "", stem).lower()


def read_export(path: Path, wanted: set[str], display: str | None = None) -> Export:
    """The tables of the export at `path` whose key is in `wanted`; raises a located
    ResumeError for an archive that is unsafe or unreadable."""
    name = display or str(path)
    if path.is_dir():
        return _from_folder(path, name, wanted)
    return _from_zip(path, name, wanted)


def _from_zip(path: Path, name: str, wanted: set[str]) -> Export:
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError, EOFError) as exc:
        raise fail(name, f"not a readable ZIP archive ({exc})") from None
    with archive:
        members = archive.infolist()
        if len(members) > MAX_MEMBERS:
            raise fail(name, f"{len(members):,} members; the limit is {MAX_MEMBERS:,}")
        files = [m for m in members if not m.is_dir()]
        for member in files:
            if _escapes(member.filename):
                shown = quote(member.filename, mark="`")
                raise fail(name, f"member {shown} points outside the archive; nothing is read")
        chosen, unread, skipped = _sort([m.filename for m in files], wanted)
        tables: dict[str, Table] = {}
        total = 0
        for member_name in chosen:
            member = archive.getinfo(member_name)
            where = f"{name}/{member_name}"
            if member.flag_bits & 0x1:
                raise fail(where, "the member is encrypted; export it again without a password")
            try:
                with archive.open(member) as f:
                    raw = f.read(MAX_FILE + 1)
            except (zipfile.BadZipFile, OSError, NotImplementedError, EOFError) as exc:
                raise fail(where, f"cannot read the member ({exc})") from None
            total += len(raw)
            _check_size(len(raw), total, where, name)
            tables[key(member_name)] = parse_table(raw, member_name, where)
    return Export(name, tables, tuple(unread), tuple(skipped))


def _escapes(member: str) -> bool:
    """An absolute name, a drive, a backslash or a `..` part: a name that would land outside
    a folder it was extracted into (it is never extracted; such an archive is not an export)."""
    parts = member.replace("\\", "/").split("/")
    return member.startswith(("/", "\\")) or ":" in parts[0] or ".." in parts or "\\" in member


def _check_size(size: int, total: int, where: str, name: str) -> None:
    if size > MAX_FILE:
        raise fail(where, f"over {MAX_FILE >> 20} MiB uncompressed; refused (a ZIP bomb?)")
    if total > MAX_TOTAL:
        raise fail(name, f"the CSV files hold over {MAX_TOTAL >> 20} MiB; refused")


def _from_folder(root: Path, name: str, wanted: set[str]) -> Export:
    found: list[str] = []
    _walk(root, "", found, 0)
    if len(found) > MAX_MEMBERS:
        raise fail(name, f"{len(found):,} files; the limit is {MAX_MEMBERS:,}")
    chosen, unread, skipped = _sort(found, wanted)
    tables: dict[str, Table] = {}
    total = 0
    for relative in chosen:
        where = f"{name.rstrip('/')}/{relative}"
        raw = read_bytes(root / relative, where)
        total += len(raw)
        _check_size(len(raw), total, where, name)
        tables[key(relative)] = parse_table(raw, relative, where)
    return Export(name, tables, tuple(unread), tuple(skipped))


def _walk(folder: Path, prefix: str, found: list[str], depth: int) -> None:
    """The regular files under `folder`, by name; symlinks and deeper folders left alone."""
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError as exc:
        raise fail(str(folder), f"cannot list the folder ({exc.strerror})") from None
    for entry in entries:
        mode = entry.stat(follow_symlinks=False).st_mode
        if stat.S_ISDIR(mode) and depth < MAX_DEPTH:
            _walk(Path(entry.path), f"{prefix}{entry.name}/", found, depth + 1)
        elif stat.S_ISREG(mode):
            found.append(prefix + entry.name)
        if len(found) > MAX_MEMBERS:
            return


def _sort(names: list[str], wanted: set[str]) -> tuple[list[str], list[str], list[str]]:
    """(résumé files to read, the first of each kind; other files; non-résumé files)."""
    chosen: dict[str, str] = {}
    unread: list[str] = []
    skipped: list[str] = []
    for member in names:
        base = member.rsplit("/", 1)[-1]
        if key(member) in wanted and base.lower().endswith(".csv") and key(member) not in chosen:
            chosen[key(member)] = member
        elif key(member) in chosen:  # a second Positions.csv (in another folder): warned
            unread.append(member)
        elif NOT_RESUME.match(base.rsplit(".", 1)[0]) or member.startswith("__MACOSX/"):
            skipped.append(member)
        else:
            unread.append(member)
    return list(chosen.values()), unread, skipped


def parse_table(raw: bytes, member: str, where: str) -> Table:
    text = decode_text(raw, where).replace("\r\n", "\n").replace("\r", "\n")
    rows = [r for r in _cells(text, where) if any(c.text.strip() for c in r)]
    start, name = Location(where, 1, 1), member.rsplit("/", 1)[-1]
    if not rows:
        return Table(name, (), (), start)
    return Table(name, tuple(rows[0]), tuple(tuple(r) for r in rows[1:]), start)


def _cells(text: str, where: str) -> list[list[Cell]]:
    """RFC 4180 rows, each cell with the line and column it starts at (a quoted cell may
    span lines: LinkedIn's descriptions do)."""
    rows: list[list[Cell]] = []
    row: list[Cell] = []
    i, line, col, n = 0, 1, 1, len(text)
    while i < n:
        at = Location(where, line, col)
        if text[i] == '"':
            cell, close = _quoted(text, i, at)
            taken = text[i : close + 1]
            line += taken.count("\n")
            col = col + len(taken) if "\n" not in taken else len(taken) - taken.rfind("\n")
            i = close + 1
            if i < n and text[i] not in ",\n":
                here = Location(where, line, col)
                message = "text after a closing quote; quote the whole cell"
                raise ResumeError([Problem(message, here)])
        else:
            end = min((p for p in (text.find(",", i), text.find("\n", i)) if p >= 0), default=n)
            cell = text[i:end]
            col += end - i
            i = end
        row.append(Cell(cell, at))
        if i < n and text[i] == ",":
            i, col = i + 1, col + 1
            if i == n:  # a trailing comma at the end of the file: one more, empty cell
                row.append(Cell("", Location(where, line, col)))
            continue
        rows.append(row)
        row = []
        i, line, col = i + 1, line + 1, 1
    if row:
        rows.append(row)
    return rows


def _quoted(text: str, i: int, at: Location) -> tuple[str, int]:
    """The text of the quoted cell opening at `i` (`""` is one quote), and where it closes."""
    end, parts = i + 1, []
    while True:
        close = text.find('"', end)
        if close < 0:
            raise ResumeError([Problem("a quoted cell is never closed", at)])
        parts.append(text[end:close])
        if not text.startswith('""', close):
            return "".join(parts), close
        parts.append('"')
        end = close + 2


def note_skipped(export: Export) -> list[Problem]:
    """One note naming the non-résumé files left unread, and a warning for each other file."""
    problems = []
    at = Location(export.display, 1, 1)
    if export.skipped:
        names = ", ".join(export.skipped[:6]) + (" …" if len(export.skipped) > 6 else "")
        message = f"{len(export.skipped)} files are not résumé data and were not read ({names})"
        problems.append(Problem(message, at, severity=Severity.NOTE))
    for member in export.unread:
        message = f"{quote(member, mark='`')} is not a file resume-pdf reads; not shown"
        problems.append(Problem(message, at, member, Severity.WARNING))
    return problems
