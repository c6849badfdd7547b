"""The code keeps one style (pyproject.toml's [tool.ruff]): lint and formatting clean across
the repository — package, tests, benchmarks, tools and CI scripts — so a change never lands
with a stale path or an unread warning in a file nobody ran."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("command", [["check", "--no-cache"], ["format", "--check", "--no-cache"]])
def test_ruff_finds_nothing(command: list[str]) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "ruff", *command, "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
