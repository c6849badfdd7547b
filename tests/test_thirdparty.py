"""The import-speed tricks of thirdparty.py still apply, and change no byte of output.

If an upgrade of reportlab, PyYAML or Pillow moves a pattern or an import, these fail, rather
than the trick silently doing nothing.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import EXAMPLE
from resume_pdf import thirdparty
from resume_pdf.theme import builtin_styles

PROBE = """
import gc, json, sys
from resume_pdf.start import main  # the command's own entry, nothing imported before it
sys.argv[0] = "resume-pdf"
try:
    main()
except SystemExit as exit:
    assert not exit.code, exit.code
from resume_pdf import thirdparty
print(json.dumps({
    "deferred": [lazy._args[0] for lazy in thirdparty.deferred_patterns],
    "compiled": sum(p.compiled for p in thirdparty.deferred_patterns),
    "pil_loaded": type(sys.modules["PIL.Image"]).__name__ != "_LazyModule",
    "multiprocessing": "multiprocessing" in sys.modules,
    "frozen": gc.get_freeze_count(),
}))
"""

PLAIN = """
import sys
import yaml, reportlab.platypus, reportlab.pdfbase.ttfonts, PIL.Image  # no tricks possible
from resume_pdf.cli import main
main(sys.argv[1:])
"""


def _run(code: str, *args: str) -> str:
    out = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.strip().splitlines()[-1]


def test_every_trick_applies_on_a_plain_build(tmp_path: Path) -> None:
    state = json.loads(_run(PROBE, "build", str(EXAMPLE), "-o", str(tmp_path / "r.pdf")))
    for module, beginnings in thirdparty.DEFERRED.items():
        for beginning in beginnings:  # each named pattern was met once, where it was expected
            found = [p for p in state["deferred"] if p.startswith(beginning)]
            assert len(found) == 1, (module, beginning, found)
    assert state == {
        "deferred": state["deferred"],
        "compiled": 0,  # and the build never needed them
        "pil_loaded": False,
        "multiprocessing": False,
        "frozen": state["frozen"],
    }
    assert state["frozen"] > 10_000  # the imported objects left the collector's sight


def test_the_tricks_change_no_byte_in_any_style(tmp_path: Path) -> None:
    for style in builtin_styles():
        fast, plain = tmp_path / f"{style}-fast.pdf", tmp_path / f"{style}-plain.pdf"
        _run(PROBE, "build", str(EXAMPLE), "--style", style, "-o", str(fast))
        _run(PLAIN, "build", str(EXAMPLE), "--style", style, "-o", str(plain))
        assert fast.read_bytes() == plain.read_bytes(), style


def test_a_deferred_pattern_still_works_when_used() -> None:
    lazy = thirdparty.LazyPattern("^a+$")
    assert not lazy.compiled
    assert lazy.match("aaa") and not lazy.match("ab")
    assert lazy.compiled


def test_the_collector_paused_for_start_up_is_on_again_for_the_build(tmp_path: Path) -> None:
    probe = (
        "import atexit, gc, json\n"
        "atexit.register(lambda: print(json.dumps([gc.isenabled(), gc.get_freeze_count()])))\n"
        "from resume_pdf.start import main\n"
        "main()\n"
    )
    enabled, frozen = json.loads(_run(probe, "build", str(EXAMPLE), "-o", str(tmp_path / "r.pdf")))
    assert enabled and frozen > 10_000  # on again, with start-up's objects out of its sight
