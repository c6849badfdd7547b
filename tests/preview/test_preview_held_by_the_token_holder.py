"""The preview stays the token holder's against other local clients: every client is
127.0.0.1, so half-sent requests, a flood of connections, a descriptor limit reached, clients
that hang up early, SIGTERM and SIGHUP must neither lock the token holder out, nor spin the
CPU, nor leave threads, tracebacks or the private folder (with the résumé's PDF) behind; and
`--open` never puts the token on a command line. All talk is to 127.0.0.1, each wait bounded."""

from __future__ import annotations

import os
import re
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from test_preview_command import fetch
from test_preview_server import Client, serving

from resume_pdf.preview import gate

TICKS = os.sysconf("SC_CLK_TCK")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Client]:
    yield from serving(tmp_path)


def half_open(port: int, count: int, sent: bytes = b"GET /?tok") -> list[socket.socket]:
    """`count` connections that each sent the start of a request and then nothing."""
    held = []
    for _ in range(count):
        conn = socket.create_connection(("127.0.0.1", port), timeout=5)
        conn.sendall(sent)
        held.append(conn)
    return held


def timed_get(client: Client, path: str = "/") -> tuple[int, float]:
    began = time.monotonic()
    status = client.get(path)[0]
    return status, time.monotonic() - began


def test_a_wrong_token_is_refused_on_the_request_line(client: Client) -> None:
    conn = socket.create_connection(("127.0.0.1", client.port), timeout=3)
    conn.sendall(b"GET /?token=" + b"x" * 32 + b" HTTP/1.1\r\n")  # no headers, no end
    answer = conn.recv(4096)
    assert answer.startswith(b"HTTP/1.1 403") and answer.endswith(b"forbidden\n")
    assert conn.recv(4096) == b""  # and closed: nothing more is read from it
    conn.close()


def test_a_half_sent_request_is_closed_after_the_header_time(client: Client) -> None:
    (conn,) = half_open(client.port, 1)
    conn.settimeout(gate.HEADER_SECONDS + 3)
    began = time.monotonic()
    assert conn.recv(4096) == b""  # closed by the server
    assert time.monotonic() - began < gate.HEADER_SECONDS + 2
    conn.close()


def test_200_slow_clients_do_not_hold_the_token_holder(client: Client) -> None:
    assert client.get("/")[0] == 200  # built once: what follows measures the door only
    before = threading.active_count()
    held = half_open(client.port, 200)
    try:
        time.sleep(0.3)
        assert threading.active_count() - before <= gate.MAX_PENDING + 4
        cpu = time.process_time()
        status, took = timed_get(client)
        assert status == 200 and took < 1.0
        time.sleep(1.0)
        assert time.process_time() - cpu < 0.5  # idle while they wait (1 s and a request)
    finally:
        for conn in held:
            conn.close()
    deadline = time.monotonic() + 10
    while threading.active_count() > before and time.monotonic() < deadline:
        time.sleep(0.1)
    assert threading.active_count() <= before


def test_pages_past_twenty_are_served(tmp_path: Path) -> None:
    bullets = "\n".join(f"          - Bullet {n} " + "words " * 30 for n in range(700))
    resume = (
        "name: Long Life\npages: any\nsections:\n  - title: Work\n    experience:\n"
        f"      - role: Engineer\n        highlights:\n{bullets}\n"
    )
    clients = serving(tmp_path)
    client = next(clients)
    try:
        client.save(resume)
        deadline = time.monotonic() + 60  # until the long résumé's build is shown
        while (found := client.get("/page.png", n="21"))[0] != 200 and time.monotonic() < deadline:
            assert found[0] == 404  # n=21 is a page number the preview takes
            time.sleep(0.2)
        status, _, body = found
        assert status == 200 and body.startswith(b"\x89PNG")
        assert client.get("/page.png", n="999")[0] == 404
    finally:
        clients.close()


def start(tmp_path: Path, *args: str, **popen: object) -> tuple[subprocess.Popen[str], str]:
    """`resume-pdf preview` of a résumé with a name no other test uses, and its address."""
    name = f"held-{os.getpid()}-{time.monotonic_ns()}.yaml"
    (tmp_path / name).write_text("name: Held\n", encoding="utf-8")
    proc = subprocess.Popen(
        [sys.executable, "-m", "resume_pdf", "preview", name, *args],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **popen,  # type: ignore[arg-type]
    )
    assert proc.stdout is not None
    for line in proc.stdout:
        found = re.search(r"at (http://127\.0\.0\.1:\d+/\?token=[\w-]+\S*)", line)
        if found:
            return proc, found.group(1)
    proc.kill()
    raise AssertionError(proc.communicate()[1])


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def few_descriptors() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (128, 128))


def test_running_out_of_descriptors_neither_spins_nor_locks_out(tmp_path: Path) -> None:
    proc, url = start(tmp_path, preexec_fn=few_descriptors)
    held: list[socket.socket] = []
    try:
        assert fetch(url)[0] == 200
        held = half_open(urlsplit(url).port or 0, 150)
        time.sleep(0.5)
        cpu = cpu_seconds(proc.pid)
        time.sleep(1.0)
        assert cpu_seconds(proc.pid) - cpu < 0.3  # not spinning on accept()
        began = time.monotonic()
        assert fetch(url)[0] == 200
        assert time.monotonic() - began < 2.0
    finally:
        for conn in held:
            conn.close()
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=15)
    assert "Traceback" not in err


def test_clients_that_hang_up_early_print_no_traceback(tmp_path: Path) -> None:
    proc, url = start(tmp_path)
    port, token = urlsplit(url).port or 0, url.split("token=")[1].split("&")[0]
    try:
        for target in (f"/nowhere?token={token}", "/?token=wrong", f"/?token={token}&n=x"):
            for _ in range(20):
                conn = socket.create_connection(("127.0.0.1", port), timeout=5)
                conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\1\0\0\0\0\0\0\0")
                conn.sendall(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
                conn.close()  # with a reset, before the answer
        assert fetch(url)[0] == 200
    finally:
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=15)
    assert "Traceback" not in err and "Error" not in err, err


def private_folders(name: str) -> list[Path]:
    shm = Path("/dev/shm") if os.path.isdir("/dev/shm") else Path(os.environ.get("TMPDIR", "/tmp"))
    return [p.parent for p in shm.glob(f"resume-pdf-preview-*/{name}")]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=lambda s: s.name)
def test_sigterm_and_sighup_remove_the_private_folder(tmp_path: Path, sig: signal.Signals) -> None:
    proc, url = start(tmp_path)
    try:
        assert fetch(url.replace("/?", "/download?"))[1].startswith(b"%PDF-")
        pdf = next(tmp_path.glob("held-*.yaml")).with_suffix(".pdf").name
        (folder,) = private_folders(pdf)
        assert folder.stat().st_mode & 0o777 == 0o700  # nothing readable by others meanwhile
    finally:
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=15)
    assert "Traceback" not in err
    assert not folder.exists()


def test_open_hands_the_token_over_a_private_file(tmp_path: Path) -> None:
    record = tmp_path / "argv.txt"
    browser = tmp_path / "browser.sh"
    browser.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > "{record}"\n', encoding="utf-8")
    browser.chmod(0o700)
    env = {**os.environ, "BROWSER": str(browser)}
    proc, url = start(tmp_path, "--open", env=env)
    token = url.split("token=")[1].split("&")[0]
    try:
        deadline = time.monotonic() + 10
        while not record.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        argv = record.read_text(encoding="utf-8")
        assert token not in argv  # what /proc/PID/cmdline of the browser shows
        opener = Path(urlsplit(argv.strip()).path)
        assert opener.stat().st_mode & 0o777 == 0o600
        assert url.replace("&", "&amp;") in opener.read_text(encoding="utf-8")
        assert fetch(url)[0] == 200
        assert not opener.exists()  # the browser came: the file is gone
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=15)
