"""The documentation as a product: no tracked file holds a merge-conflict marker."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from conftest import ROOT

CONFLICT = re.compile(r"^(<{7}|>{7})( |$)|^={7}$", re.MULTILINE)


def conflict_markers(paths: list[Path]) -> list[str]:
    """`path:line` of every line that opens, splits or closes a merge conflict."""
    found = []
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        matches = list(CONFLICT.finditer(text))
        if not any(m.group(1) for m in matches):  # a lone ======= underlines a heading
            continue
        for match in matches:
            found.append(f"{path}:{text.count(chr(10), 0, match.start()) + 1}")
    return found


def tracked_files() -> list[Path]:
    listing = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=False)
    if listing.returncode != 0:  # not a git checkout (an sdist): every file under the root
        return [p for p in ROOT.rglob("*") if p.is_file() and ".git" not in p.parts]
    return [ROOT / name for name in listing.stdout.decode().split("\0") if name]


def test_no_tracked_file_holds_a_merge_conflict_marker() -> None:
    assert conflict_markers(tracked_files()) == []


def test_the_marker_check_finds_a_planted_marker(tmp_path: Path) -> None:
    planted = tmp_path / "README.md"
    planted.write_text("a\n<<<<<<< HEAD\nb\n=======\nc\n>>>>>>> 2dc273f (x)\n", encoding="utf-8")
    clean = tmp_path / "ok.md"
    clean.write_text("Title\n=======\n\n```\n<<<<<<<< not a marker\n```\n", encoding="utf-8")
    assert conflict_markers([planted, clean]) == [
        f"{planted}:2",
        f"{planted}:4",
        f"{planted}:6",
    ]
