"""Watch mode, as a user runs it: a real process, real saves, Ctrl-C."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from ats import pdf_text


def wait_for(predicate, timeout: float = 20.0) -> bool:  # type: ignore[no-untyped-def]
    """Whether `predicate` holds within `timeout` seconds: generous, since it returns as soon
    as it holds, and a rebuild on a loaded 2-core CI machine has taken over 5 s."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return predicate()


def text_of(pdf: Path) -> str:
    try:
        return pdf_text(pdf)
    except Exception:  # noqa: BLE001 - not written yet
        return ""


def test_watch_rebuilds_keeps_the_last_good_pdf_and_stops_cleanly(tmp_path: Path) -> None:
    source = tmp_path / "cv.yaml"
    pdf = tmp_path / "output" / "cv.pdf"
    source.write_text("name: First Version\n", encoding="utf-8")
    proc = subprocess.Popen(
        [sys.executable, "-m", "resume_pdf", "build", str(source), "--watch"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert wait_for(lambda: "First Version" in text_of(pdf), timeout=20)

        # an editor that saves by writing a new file and renaming it over the old one
        tmp = tmp_path / ".cv.yaml.swp"
        tmp.write_text("name: Second Version\n", encoding="utf-8")
        os.replace(tmp, source)
        assert wait_for(lambda: "Second Version" in text_of(pdf))

        good = pdf.read_bytes()
        source.write_text("name: [broken\n", encoding="utf-8")
        time.sleep(0.6)
        assert pdf.read_bytes() == good

        source.write_text("name: Third Version\n", encoding="utf-8")
        assert wait_for(lambda: "Third Version" in text_of(pdf))
        time.sleep(0.5)  # the result line is printed just after the PDF is written
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=10)
    assert proc.returncode == 0
    assert "YAML syntax error" in err and "Traceback" not in err
    assert out.count("cv.pdf: 1 page") == 3
    assert re.search(r"^\[\d\d:\d\d:\d\d\] \S*cv\.pdf: 1 page", out, re.M)  # time of day
    assert re.search(r"^\[\d\d:\d\d:\d\d\] \S*cv\.yaml: build failed", err, re.M)
    assert "kept the last good PDF: " in out
    assert out.rstrip().endswith("stopped")


def _watch_in_thread(source: Path, pdf: Path, **kwargs):  # type: ignore[no-untyped-def]
    import threading

    from resume_pdf.build import Options
    from resume_pdf.watch import watch

    results: list[object] = []
    stop = threading.Event()
    thread = threading.Thread(
        target=watch, args=(source, pdf, Options(), results.append), kwargs={"stop": stop, **kwargs}
    )
    thread.start()
    return results, stop, thread


def test_a_save_is_seen_through_file_events_not_the_clock(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """With stamp checks only every 60 s, a rebuild within seconds can only come from the
    operating system's file events (editors' rename-over saves included)."""
    from resume_pdf import watch as watch_module

    monkeypatch.setattr(watch_module, "SAFETY_SECONDS", 60.0)
    source, pdf = tmp_path / "cv.yaml", tmp_path / "cv.pdf"
    source.write_text("name: First Version\n", encoding="utf-8")
    results, stop, thread = _watch_in_thread(source, pdf)
    try:
        assert wait_for(lambda: len(results) == 1, timeout=20)
        time.sleep(0.05)
        swap = tmp_path / ".cv.yaml.tmp"
        swap.write_text("name: Second Version\n", encoding="utf-8")
        os.replace(swap, source)
        assert wait_for(lambda: len(results) == 2, timeout=20)
        assert "Second Version" in text_of(pdf)
    finally:
        stop.set()
        thread.join(timeout=5)  # setting `stop` ends the 60 s wait at once
    assert not thread.is_alive()


def test_without_file_events_it_polls(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setitem(sys.modules, "watchdog.observers", None)  # importing it fails
    source, pdf = tmp_path / "cv.yaml", tmp_path / "cv.pdf"
    source.write_text("name: First Version\n", encoding="utf-8")
    results, stop, thread = _watch_in_thread(source, pdf)
    try:
        assert wait_for(lambda: len(results) == 1, timeout=20)
        time.sleep(0.05)
        source.write_text("name: Polled Version\n", encoding="utf-8")
        assert wait_for(lambda: len(results) == 2, timeout=20)
        assert "Polled Version" in text_of(pdf)
    finally:
        stop.set()
        thread.join(timeout=5)


def test_a_style_saved_between_a_build_and_its_watching_starts_is_not_lost(tmp_path: Path) -> None:
    """The style chain is known only once a build has read it, so its files are followed
    after the build: a save in between (the first build done, its folder not yet observed)
    must still count as a change, or watch mode shows the old style until the next save."""
    from resume_pdf.watch import Changes

    resume = tmp_path / "cv.yaml"
    resume.write_text("name: A\n", encoding="utf-8")
    style = tmp_path / "mine.yaml"
    style.write_text("extends: classic\n", encoding="utf-8")
    changes = Changes((resume,), poll_only=True)
    assert changes.due()  # the first build
    time.sleep(0.05)  # past the file system clock's tick
    style.write_text("extends: modern\n", encoding="utf-8")  # saved before it is followed
    changes.follow((resume, style))
    assert changes.due()
    assert not changes.due()
