"""Shared helpers: build a résumé through the real CLI and read the PDF back."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from resume_pdf.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "resume.yaml"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


@dataclass
class Run:
    exit_code: int
    stdout: str
    stderr: str
    output: Path


def run_cli(*args: str) -> Run:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    out = Path(args[args.index("-o") + 1]) if "-o" in args else Path()
    return Run(result.exit_code, result.stdout, result.stderr, out)


@pytest.fixture
def build(tmp_path: Path):
    """Write YAML (or copy a file) into tmp_path and build it; returns the Run."""

    def _build(source: str | Path, *args: str, name: str = "resume.yaml") -> Run:
        target = tmp_path / name
        if isinstance(source, Path):
            shutil.copy(source, target)
        else:
            target.write_text(source, encoding="utf-8")
        return run_cli("build", str(target), "-o", str(tmp_path / "out.pdf"), *args)

    return _build
