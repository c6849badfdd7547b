"""Shared helpers: build a résumé through the real CLI and read the PDF back."""

from __future__ import annotations

import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from resume_pdf.cli import main

# no test depends on the fonts of the machine it runs on: the tests of font discovery
# (test_installed_fonts_discovered.py) turn it back on, pointed at fonts they make
os.environ["RESUME_PDF_SYSTEM_FONTS"] = "off"

ROOT = Path(__file__).resolve().parent.parent
# the tests live in one folder per stage (tests/README.md); a stage's tests may use another's
# helpers (the preview's client, the hostile-input harness) by module name, whichever
# folder pytest collects first
sys.path[:0] = [
    str(p)
    for p in sorted(ROOT.joinpath("tests").iterdir())
    if p.is_dir() and any(p.glob("test_*.py"))
]
EXAMPLE = ROOT / "resume.yaml"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


GOLDEN = Path(__file__).resolve().parent / "golden"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden", action="store_true", help="rewrite tests/golden/*.txt from this run"
    )


@pytest.fixture
def golden(request: pytest.FixtureRequest):
    """Compare text with tests/golden/NAME.txt, or rewrite it with --update-golden."""

    def _check(name: str, text: str) -> None:
        path = GOLDEN / f"{name}.txt"
        if request.config.getoption("--update-golden"):
            path.parent.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8")
        assert path.exists(), f"no golden file {path.name}: run pytest --update-golden"
        assert text == path.read_text(encoding="utf-8"), f"{path.name} differs"

    return _check


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
