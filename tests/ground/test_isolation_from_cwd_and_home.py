"""No code or settings from the current folder or the home folder reach a build.

reportlab imports `reportlab_settings` and `reportlab_mods` from sys.path (the current folder
under `python -m`), then runs ~/.reportlab_settings and ~/.reportlab_mods, and walks
/usr/share/fonts at import. Each canary below writes a file if it is ever executed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

CANARIES = ("reportlab_settings.py", "reportlab_mods.py", "yaml.py", "click.py")
HOME_CANARIES = (".reportlab_settings", ".reportlab_mods")

AUDIT = """
import os, sys
events = []
def hook(event, args):
    if event in ("open", "os.walk", "os.scandir", "os.listdir") and args:
        events.append((event, str(args[0])))
sys.addaudithook(hook)
sys.argv = ["resume_pdf", "build", "resume.yaml", "-o", "out.pdf"]
import runpy
try:
    runpy.run_module("resume_pdf", run_name="__main__", alter_sys=True)
except SystemExit as exc:
    code = exc.code
print(repr(events), file=open(os.environ["AUDIT_OUT"], "w"))
"""


def plant(folder: Path) -> Path:
    """A résumé folder with canaries, and a home folder with more; returns the home."""
    home = folder / "home"
    home.mkdir()
    for name in CANARIES:
        (folder / name).write_text(f"open({str(folder / ('ran-' + name))!r}, 'w')\n")
    for name in HOME_CANARIES:
        (home / name).write_text(f"open({str(folder / ('ran' + name))!r}, 'w')\n")
    (folder / "resume.yaml").write_text("name: Ann Example\nsummary: Builds compilers.\n")
    return home


def env(home: Path) -> dict[str, str]:
    return {**os.environ, "HOME": str(home), "PYTHONIOENCODING": "utf-8"}


def test_python_m_in_a_folder_of_canaries_runs_none(tmp_path: Path) -> None:
    home = plant(tmp_path)
    proc = subprocess.run(
        [sys.executable, "-m", "resume_pdf", "build", "resume.yaml", "-o", "out.pdf"],
        cwd=tmp_path,
        env=env(home),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "out.pdf").read_bytes().startswith(b"%PDF-")
    assert sorted(p.name for p in tmp_path.glob("ran*")) == []


def test_a_build_opens_nothing_in_home_and_walks_no_font_folder(tmp_path: Path) -> None:
    home = plant(tmp_path)
    out = tmp_path / "events.txt"
    proc = subprocess.run(
        [sys.executable, "-c", AUDIT],
        cwd=tmp_path,
        env={**env(home), "AUDIT_OUT": str(out)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    events = eval(out.read_text())  # noqa: S307  (our own repr of (str, str) tuples)
    home_reads = [e for e in events if e[1].startswith(str(home))]
    walks = [e for e in events if e[0] == "os.walk" or "/usr/share/fonts" in e[1]]
    assert home_reads == [] and walks == [], (home_reads, walks)
    assert sorted(p.name for p in tmp_path.glob("ran*")) == []


def test_reportlab_keeps_no_search_path_under_the_current_or_home_folder(tmp_path: Path) -> None:
    code = (
        "import resume_pdf, os\n"
        "from reportlab import rl_config\n"
        "paths = rl_config.TTFSearchPath + rl_config.T1SearchPath + rl_config.CMapSearchPath\n"
        "bad = [p for p in paths if p.startswith((os.getcwd(), os.path.expanduser('~')))]\n"
        "print(bad)\n"
    )
    (tmp_path / "fonts").mkdir()
    home = tmp_path / "home"
    (home / ".fonts").mkdir(parents=True)
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env(home), capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"
