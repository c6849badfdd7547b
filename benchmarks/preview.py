"""Benchmark of `resume-pdf preview`: how soon a save shows, and whether memory stays flat.

    python benchmarks/preview.py [--saves 20] [--soak 500]

A real `resume-pdf preview` process serves a copy of the example; this script is the
browser: it keeps the Server-Sent Events stream open, saves the résumé as an editor does
(a new file renamed over the old), and times save -> the `state` event -> the new page's
PNG fully received, at pixel ratios 1 and 2 (median and range of --saves saves each).
Then it saves --soak more times, fetching each new page, and compares the server's peak
RSS (VmHWM) with its RSS after the warm-up. Marks (issue 28): median <= 80 ms for the
example; no growth beyond 10 %. Figures, not a test: speed never fails the suite.
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "resume.yaml"


class Stream:
    """The page's event stream, read line by line."""

    def __init__(self, port: int, token: str) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.conn.request("GET", f"/events?token={token}")
        self.response = self.conn.getresponse()

    def next_state(self) -> dict:
        lines: list[str] = []
        while True:
            line = self.response.fp.readline().decode()
            if not line:
                raise EOFError("the server closed the stream")
            if line == "\n":
                if lines and lines[0] == "event: state":
                    return json.loads(lines[1].removeprefix("data: "))
                lines = []
            else:
                lines.append(line.rstrip("\n"))


def fetch(conn: http.client.HTTPConnection, path: str) -> bytes:
    conn.request("GET", path)
    response = conn.getresponse()
    body = response.read()
    assert response.status == 200 and body.startswith(b"\x89PNG"), response.status
    return body


def save(resume: Path, text: str) -> None:
    swap = resume.with_name(".resume.yaml.swp")
    swap.write_text(text, encoding="utf-8")
    swap.replace(resume)


def proc_status(pid: int, key: str) -> int:
    """VmRSS / VmHWM of a process, in KiB."""
    text = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(rf"^{key}:\s+(\d+) kB", text, re.M).group(1))


def one_save(resume, example, i, stream, images, dpr) -> tuple[float, float, int]:
    """Seconds from save to event and to the picture received; the picture's size."""
    text = example.replace("Alex Placeholder", f"Alex Placeholder {i}")
    started = time.perf_counter()
    save(resume, text)
    state = stream.next_state()
    evented = time.perf_counter()
    assert not state["failed"], state["problems"]
    png = fetch(images, state["pages"][0]["src"] + f"&dpr={dpr}")
    return evented - started, time.perf_counter() - started, len(png)


def _mib(kib: int) -> str:
    return f"{kib / 1024:.1f} MiB"


def _growth(before: int, after: int) -> str:
    return f"{100 * (after - before) / before:+.1f} %"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--saves", type=int, default=20)
    parser.add_argument("--soak", type=int, default=500)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-preview-"))
    resume = work / "resume.yaml"
    example = EXAMPLE.read_text(encoding="utf-8")
    resume.write_text(example, encoding="utf-8")
    server = subprocess.Popen(
        [sys.executable, "-m", "resume_pdf", "preview", str(resume)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        url = next(m.group(1) for line in server.stdout if (m := re.search(r"(http://\S+)", line)))
        parts = urlsplit(url)
        token = parts.query.split("token=")[1]
        stream = Stream(parts.port, token)
        first = stream.next_state()
        images = http.client.HTTPConnection("127.0.0.1", parts.port, timeout=30)
        fetch(images, first["pages"][0]["src"] + "&dpr=1")
        i = 0
        for dpr in (1, 2):
            for _ in range(3):  # warm both pixel ratios
                i += 1
                one_save(resume, example, i, stream, images, dpr)
            event, shown = [], []
            for _ in range(args.saves):
                i += 1
                to_event, to_png, size = one_save(resume, example, i, stream, images, dpr)
                event.append(to_event * 1000)
                shown.append(to_png * 1000)
            print(
                f"pixel ratio {dpr}: save -> event {statistics.median(event):.0f} ms, "
                f"save -> new page PNG received {statistics.median(shown):.0f} ms "
                f"(median of {args.saves}; {min(shown):.0f}-{max(shown):.0f}; "
                f"PNG {size // 1024} KiB)"
            )
        warm_peak, warm_rss = proc_status(server.pid, "VmHWM"), proc_status(server.pid, "VmRSS")
        started = time.perf_counter()
        for n in range(args.soak):
            i += 1
            one_save(resume, example, i, stream, images, 1 + n % 2)
        peak, rss = proc_status(server.pid, "VmHWM"), proc_status(server.pid, "VmRSS")
        print(
            f"{args.soak} more saves (pixel ratios 1 and 2 in turn) in "
            f"{time.perf_counter() - started:.0f} s: peak RSS {_mib(warm_peak)} after the "
            f"warm-up, {_mib(peak)} after the saves ({_growth(warm_peak, peak)}); RSS "
            f"{_mib(warm_rss)} -> {_mib(rss)} ({_growth(warm_rss, rss)})"
        )
    finally:
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
