"""The documentation as a product: no tracked file holds a merge-conflict marker, and the
README's set-up commands work as written on a Python that refuses `pip install` (PEP 668)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pip
from pypdf import PdfReader

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


# --- the set-up commands, on a Python that refuses `pip install` (PEP 668) -----------------------

sys.path.insert(0, str(ROOT / ".ci"))
from readme_commands import setup_commands  # noqa: E402


def managed_python(tmp: Path) -> dict[str, str]:
    """An environment whose `python3` is this interpreter marked EXTERNALLY-MANAGED, as on
    Debian and Ubuntu, and which has no `python` command."""
    home = tmp / "system-python"
    stdlib = Path(sysconfig.get_path("stdlib"))
    lib = home / "lib" / stdlib.name
    (lib / "site-packages").mkdir(parents=True)
    for entry in stdlib.iterdir():
        if entry.name != "site-packages":
            (lib / entry.name).symlink_to(entry)
    (lib / "site-packages" / "pip").symlink_to(Path(pip.__file__).parent)
    (lib / "EXTERNALLY-MANAGED").write_text(
        "[externally-managed]\nError=This Python is managed by the system (test).\n"
    )
    shims = tmp / "bin"
    shims.mkdir()
    shim = shims / "python3"
    shim.write_text(f'#!/bin/sh\nPYTHONHOME="{home}" exec "{sys.executable}" "$@"\n')
    shim.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env["PATH"] = f"{shims}{os.pathsep}/usr/bin{os.pathsep}/bin"
    return env


def checkout_copy(tmp: Path) -> Path:
    """The tracked files, as a fresh clone has them."""
    clone = tmp / "clone"
    for path in tracked_files():
        if path.is_file():
            target = clone / path.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
    return clone


def test_the_readme_has_two_setup_commands_and_ci_runs_them() -> None:
    commands = setup_commands((ROOT / "README.md").read_text(encoding="utf-8"))
    assert len(commands) == 2
    assert "resume-pdf build" in commands[0] and "pytest" in commands[1]
    for command in commands:
        words = command.replace("&&", " ").split()
        assert "python" not in words, "Debian and Ubuntu have no `python` command"
        assert "readme_commands.py" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_first_setup_command_works_on_an_externally_managed_python(tmp_path: Path) -> None:
    env = managed_python(tmp_path)
    refused = subprocess.run(
        ["python3", "-m", "pip", "install", "--dry-run", "pyyaml"],
        env=env,
        capture_output=True,
        text=True,
    )
    assert refused.returncode != 0 and "externally-managed" in refused.stderr, refused.stderr
    clone = checkout_copy(tmp_path)
    first = setup_commands((ROOT / "README.md").read_text(encoding="utf-8"))[0]
    run = subprocess.run(
        ["bash", "-c", first], cwd=clone, env=env, capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "output/resume.pdf: 1 page" in run.stdout
    assert len(PdfReader(clone / "output" / "resume.pdf").pages) == 1
