"""What the terminal says while the preview runs: each build the page asks for as one line
(a broken save's located problems once), `build --watch --serve --letter` writing and
reporting the letter beside the résumé on every save, and `--open` saying so when no
browser or viewer starts (an opener that exits with an error, as xdg-open does when it
finds no application)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

from test_preview_command import fetch, start, stop

RESUME = "name: First Version\nheadline: Compiler engineer\n"
LETTER = (
    "name: First Version\nsections:\n  - title: Work\n    bullets: [Built things]\n"
    "letter:\n  to: Acme\n  body: {body}\n"
)


def save(path: Path, text: str) -> None:
    swap = path.with_name(f".{path.name}.swp")
    swap.write_text(text, encoding="utf-8")
    swap.replace(path)


def test_the_preview_logs_each_build_and_a_broken_saves_problems(tmp_path: Path) -> None:
    source = tmp_path / "cv.yaml"
    source.write_text(RESUME, encoding="utf-8")
    proc, url = start("preview", "cv.yaml", cwd=tmp_path)
    try:
        assert fetch(url.replace("/?", "/download?"))[0] == 200  # the page asks: a build
        save(source, RESUME + "pages: one\n")
        time.sleep(0.5)  # the save is seen
        assert fetch(url.replace("/?", "/download?") + "&style=modern")[0] == 409
    finally:
        out, err = stop(proc)
    assert "Traceback" not in err
    assert re.search(r"^\[\d\d:\d\d:\d\d\] cv\.yaml: 1 page, .*\d s$", out, re.MULTILINE), out
    assert re.search(r"^\[\d\d:\d\d:\d\d\] cv\.yaml \(modern\): build failed, 1 error$", err, re.M)
    assert re.search(r"^cv\.yaml:3:8: pages: error: ", err, re.MULTILINE), err


def test_watch_serve_letter_writes_and_reports_the_letter_on_each_save(tmp_path: Path) -> None:
    from ats import pdf_text

    source = tmp_path / "cv.yaml"
    letter = tmp_path / "output" / "cv-letter.pdf"
    source.write_text(LETTER.format(body="First letter text."), encoding="utf-8")

    def shows(words: str) -> bool:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                if words in pdf_text(letter):
                    return True
            except Exception:  # noqa: BLE001 - not written yet
                pass
            time.sleep(0.05)
        return False

    proc, url = start("build", "cv.yaml", "--watch", "--serve", "--letter", cwd=tmp_path)
    try:
        assert shows("First letter text.")
        save(source, LETTER.format(body="Second letter text."))
        assert shows("Second letter text.")
        status, served = fetch(url.replace("/?", "/download?") + "&letter=1")
        assert status == 200 and served == letter.read_bytes()  # the page's letter is it
        time.sleep(0.3)
    finally:
        out, err = stop(proc)
    assert "Traceback" not in err
    assert out.count("cv-letter.pdf: 1 page") == 2 and out.count("cv.pdf: 1 page") == 2, out


def failing_opener(tmp_path: Path, code: int, wait: float = 0) -> dict[str, str]:
    """An environment whose `xdg-open` (and `open`) sleeps `wait` s then exits `code`."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name in ("xdg-open", "open"):
        opener = bin_dir / name
        opener.write_text(f"#!/bin/sh\nsleep {wait}\nexit {code}\n", encoding="utf-8")
        opener.chmod(0o755)
    return {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}


def test_preview_open_says_when_no_browser_starts(tmp_path: Path) -> None:
    (tmp_path / "resume.yaml").write_text(RESUME, encoding="utf-8")
    env = failing_opener(tmp_path, 3)
    proc = subprocess.Popen(
        [sys.executable, "-m", "resume_pdf", "preview", "--open"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(3)  # the opener fails at once; the note follows
    _, err = stop(proc)
    assert proc.returncode == 0
    assert "note: no web browser could be started; open the address above yourself" in err


def test_build_open_says_when_the_opener_fails_and_not_when_it_runs(tmp_path: Path) -> None:
    (tmp_path / "resume.yaml").write_text(RESUME, encoding="utf-8")
    command = [sys.executable, "-m", "resume_pdf", "build", "--open"]
    env = failing_opener(tmp_path, 4)
    run = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True)
    assert run.returncode == 0
    assert "resume.pdf: note: no PDF viewer could be started; open the file yourself" in run.stderr
    slow = tmp_path / "slow"
    slow.mkdir()
    (slow / "resume.yaml").write_text(RESUME, encoding="utf-8")
    env = failing_opener(slow, 0, wait=5)  # a viewer that stays open: the opener waits on it
    run = subprocess.run(command, cwd=slow, env=env, capture_output=True, text=True)
    assert run.returncode == 0 and "note:" not in run.stderr, run.stderr
