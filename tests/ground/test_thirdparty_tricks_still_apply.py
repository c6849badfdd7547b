"""The import-speed tricks of thirdparty.py still apply, and change no byte of output.

If an upgrade of reportlab, PyYAML or Pillow moves a pattern or an import, these fail, rather
than the trick silently doing nothing.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import EXAMPLE
from resume_pdf import thirdparty
from resume_pdf.style.theme import builtin_styles

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
    "tempfile": "tempfile" in sys.modules,
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
        "tempfile": False,  # nor did writing the PDF
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


def test_a_stubbed_module_loads_and_answers_on_first_call() -> None:
    """reportlab's own callers get the real function's answer, and every stubbed name still
    exists in the real module (an upgrade that renames one fails here, not in a build)."""
    code = (
        "import sys, importlib; from resume_pdf import thirdparty; thirdparty.import_pdf_side()\n"
        "from reportlab.lib.utils import get_rl_tempdir\n"
        "before = 'tempfile' in sys.modules\n"
        "folder = get_rl_tempdir()\n"
        "real = {n: sorted(vars(importlib.import_module(n))) for n in thirdparty.STUBBED_MODULES}\n"
        "print(before, 'tempfile' in sys.modules, 'ReportLab_tmp' in folder, real)"
    )
    out = _run(code)
    assert out.startswith("False True True"), out
    for name, functions in thirdparty.STUBBED_MODULES.items():
        assert all(f"'{f}'" in out for f in functions), (name, out)


def test_the_collector_paused_for_start_up_is_on_again_for_the_build(tmp_path: Path) -> None:
    probe = (
        "import atexit, gc, json\n"
        "atexit.register(lambda: print(json.dumps([gc.isenabled(), gc.get_freeze_count()])))\n"
        "from resume_pdf.start import main\n"
        "main()\n"
    )
    enabled, frozen = json.loads(_run(probe, "build", str(EXAMPLE), "-o", str(tmp_path / "r.pdf")))
    assert enabled and frozen > 10_000  # on again, with start-up's objects out of its sight


HELP_PROBE = """
import gettext, os, struct, sys
# a catalogue where gettext looks for click's words in German ("messages" is click's domain)
root = sys.argv.pop(1)
folder = os.path.join(root, "de", "LC_MESSAGES")
os.makedirs(folder)
original, translated = b"Show this message and exit.", b"Diese Hilfe zeigen."
header = struct.pack("<7I", 0x950412DE, 0, 1, 28, 36, 0, 44)
with open(os.path.join(folder, "messages.mo"), "wb") as mo:
    mo.write(header + struct.pack("<2I", len(original), 44))
    mo.write(struct.pack("<2I", len(translated), 45 + len(original)))
    mo.write(original + b"\\0" + translated + b"\\0")
gettext._default_localedir = root  # in place of <python>/share/locale
sys.argv[0] = "resume-pdf"
watched = ("shutil", "locale", "click.shell_completion")
before = {m for m in watched if m in sys.modules}  # a site .pth file may import some itself
if sys.argv.pop(1) == "entry":
    from resume_pdf.start import main  # the command's own entry
else:
    from resume_pdf.cli import main  # the library, as another program would import it
try:
    main()
except SystemExit:
    pass
print("imported:", sorted(m for m in watched if m in sys.modules and m not in before))
"""


def _help(tmp_path: Path, entry: str) -> str:
    env = {**os.environ, "LANGUAGE": "de", "COLUMNS": "100"}
    code = [sys.executable, "-c", HELP_PROBE, str(tmp_path / entry), entry, "--help"]
    out = subprocess.run(code, capture_output=True, text=True, timeout=60, env=env)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_help_reads_no_message_catalogue_and_imports_only_what_it_shows(tmp_path: Path) -> None:
    shown = _help(tmp_path, "entry")
    assert "Show this message and exit." in shown and "Diese Hilfe" not in shown
    assert shown.strip().endswith("imported: []")
    # the catalogue is real: without the command's entry, gettext translates click's words
    assert "Diese Hilfe zeigen." in _help(tmp_path, "library")


def test_help_is_as_wide_as_click_would_make_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    from resume_pdf.cli.app import terminal_columns

    for columns in ("", "40", "120", "abc", "-3", "0"):
        monkeypatch.setenv("COLUMNS", columns)
        assert terminal_columns() == shutil.get_terminal_size().columns, columns
    monkeypatch.delenv("COLUMNS")
    assert terminal_columns() == shutil.get_terminal_size().columns


def test_a_build_without_right_to_left_text_imports_no_harfbuzz_and_no_urllib(
    tmp_path: Path,
) -> None:
    """reportlab imports uharfbuzz whenever it is installed (~15 ms), and xml.sax.saxutils
    imports urllib.request (~35 ms): an English build needs neither. A Hebrew build still
    shapes (tests/text/test_right_to_left_resumes.py), with the HarfBuzz that pdf/rtl.py
    hands to reportlab."""
    code = (
        "import sys\nfrom pathlib import Path\nfrom resume_pdf.build import build\n"
        f"build(Path({str(EXAMPLE)!r}), Path({str(tmp_path / 'x.pdf')!r}))\n"
        "print(sorted(m for m in ('uharfbuzz', 'urllib.request', 'xml.sax.saxutils') "
        "if sys.modules.get(m)))\n"
        "import uharfbuzz  # importable again after the build's imports\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]", done.stdout
