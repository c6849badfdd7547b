"""`resume-pdf preview` and `build --watch --serve` as a user runs them: a real process,
the printed address, Ctrl-C; and `build` paying nothing for the preview."""

from __future__ import annotations

import http.client
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

from conftest import EXAMPLE, run_cli

RESUME = "name: First Version\nheadline: Compiler engineer\n"


def start(*args: str, cwd: Path) -> tuple[subprocess.Popen[str], str]:
    """The command running, and the address it printed."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "resume_pdf", *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    for line in proc.stdout:
        found = re.search(r"at (http://127\.0\.0\.1:\d+/\?token=[\w-]+\S*)", line)
        if found:
            return proc, found.group(1)
    proc.kill()
    raise AssertionError(proc.communicate()[1])


def fetch(url: str) -> tuple[int, bytes]:
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    conn.request("GET", f"{parts.path}?{parts.query}")
    response = conn.getresponse()
    try:
        return response.status, response.read()
    finally:
        conn.close()


def stop(proc: subprocess.Popen[str]) -> tuple[str, str]:
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=15)
    return out, err


def test_preview_serves_writes_nothing_and_ctrl_c_exits_0(tmp_path: Path) -> None:
    (tmp_path / "resume.yaml").write_text(RESUME, encoding="utf-8")
    proc, url = start("preview", cwd=tmp_path)
    try:
        status, page = fetch(url)
        assert status == 200 and b"resume-pdf build" in page
        assert fetch(url.split("?")[0])[0] == 403  # the token is needed
        assert fetch(url.replace("/?", "/download?"))[1].startswith(b"%PDF-")
    finally:
        out, err = stop(proc)
    assert proc.returncode == 0, err
    assert out.rstrip().endswith("stopped") and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["resume.yaml"]  # nothing written


def test_build_watch_serve_writes_the_pdf_and_serves_it(tmp_path: Path) -> None:
    (tmp_path / "cv.yaml").write_text(RESUME, encoding="utf-8")
    proc, url = start("build", "cv.yaml", "--watch", "--serve", "--style", "modern", cwd=tmp_path)
    try:
        assert "style=modern" in url  # the page opens on the command line's view
        pdf = tmp_path / "output" / "cv.pdf"
        deadline = time.monotonic() + 20
        while not pdf.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        served = fetch(url.replace("/?", "/download?"))[1]
        assert served == pdf.read_bytes()
    finally:
        out, err = stop(proc)
    assert proc.returncode == 0, err
    assert re.search(r"^\[\d\d:\d\d:\d\d\] output/cv\.pdf: 1 page", out, re.M)


def test_serve_goes_with_watch_and_a_port_in_use_is_one_line(tmp_path: Path) -> None:
    run = run_cli("build", str(EXAMPLE), "--serve")
    assert run.exit_code == 2 and "--serve goes with --watch" in run.stderr
    (tmp_path / "resume.yaml").write_text(RESUME, encoding="utf-8")
    proc, url = start("preview", cwd=tmp_path)
    try:
        port = str(urlsplit(url).port)
        second = subprocess.run(
            [sys.executable, "-m", "resume_pdf", "preview", "--port", port],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=30,
        )
    finally:
        stop(proc)
    assert second.returncode == 1
    assert f"--port: error: cannot listen on 127.0.0.1:{port}: " in second.stderr
    assert "Traceback" not in second.stderr


def test_build_does_not_import_the_preview(tmp_path: Path) -> None:
    code = (
        "import sys; from resume_pdf.cli import main\n"
        f"try: main(['build', {str(EXAMPLE)!r}, '-o', {str(tmp_path / 'x.pdf')!r}])\n"
        "except SystemExit: pass\n"
        "print(sorted(m for m in sys.modules if m.startswith('resume_pdf.preview')"
        " or m in ('http.server', 'socketserver', 'resume_pdf.cli.preview_server')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"
    assert (tmp_path / "x.pdf").exists()
