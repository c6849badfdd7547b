"""The preview in a real browser: headless Chromium driven over the DevTools protocol
(`--remote-debugging-pipe`: JSON messages on file descriptors 3 and 4, no port, no
websocket). A save must swap the new page in without a reload and at the same scroll
position. Skipped only where no `chromium` binary exists (CI installs Debian's).

Run as a script, it takes the screenshots in docs/:

    python tests/preview/test_preview_in_a_browser.py docs
"""

from __future__ import annotations

import base64
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_preview_server import RESUME, Client, serving

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


class Browser:
    """One headless Chromium and one tab, driven by DevTools commands."""

    def __init__(self, width: int = 1000, height: int = 700) -> None:
        self.profile = tempfile.mkdtemp(prefix="preview-chromium-")
        to_browser, self.commands = os.pipe()
        self.replies, from_browser = os.pipe()
        args = [
            *(CHROMIUM or "chromium", "--headless", "--no-sandbox", "--disable-gpu"),
            *("--remote-debugging-pipe", "--no-first-run", "--hide-scrollbars"),
            *("--disable-extensions", f"--user-data-dir={self.profile}"),
            f"--window-size={width},{height}",
            "about:blank",
        ]
        self.proc = subprocess.Popen(  # the browser reads fd 3 and writes fd 4
            ["bash", "-c", f'exec "$@" 3<&{to_browser} 4>&{from_browser}', "chromium", *args],
            pass_fds=(to_browser, from_browser),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(to_browser)
        os.close(from_browser)
        self.buffer, self.last = b"", 0
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)[
            "sessionId"
        ]
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height,
                  deviceScaleFactor=1, mobile=False, session=True)  # fmt: skip

    def call(self, method: str, session: bool = False, **params: Any) -> dict[str, Any]:
        self.last += 1
        message: dict[str, Any] = {"id": self.last, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + 20
        while True:
            while b"\0" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("id") == self.last:
                    if "error" in reply:
                        raise RuntimeError(f"{method}: {reply['error']}")
                    return reply["result"]
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.replies], [], [], left)[0]:
                raise TimeoutError(method)
            chunk = os.read(self.replies, 1 << 16)
            if not chunk:
                raise EOFError("the browser exited")
            self.buffer += chunk

    def js(self, expression: str) -> Any:
        result = self.call(
            "Runtime.evaluate",
            session=True,
            expression=expression,
            returnByValue=True,
            awaitPromise=True,
        )
        if "exceptionDetails" in result:
            raise RuntimeError(result["exceptionDetails"])
        return result["result"].get("value")

    def until(self, expression: str, timeout: float = 10) -> Any:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                value = self.js(expression)
            except RuntimeError:  # the page is still loading (no body yet)
                value = None
            if value:
                return value
            time.sleep(0.03)
        raise TimeoutError(expression)

    def open(self, url: str) -> None:
        self.call("Page.navigate", session=True, url=url)

    def screenshot(self, path: Path) -> None:
        data = self.call("Page.captureScreenshot", session=True, format="png")["data"]
        path.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()
        os.close(self.commands)
        os.close(self.replies)
        shutil.rmtree(self.profile, ignore_errors=True)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Client]:
    yield from serving(tmp_path)


@pytest.fixture
def browser() -> Iterator[Browser]:
    if CHROMIUM is None:
        pytest.skip("no chromium binary on PATH (CI installs it: apt-get install chromium)")
    opened = Browser(width=900, height=600)
    try:
        yield opened
    finally:
        opened.close()


PAGE_SHOWN = (
    "Number(document.body.dataset.gen) > 0 && "
    "[...document.querySelectorAll('#stage img')].every(i => i.complete && i.naturalWidth)"
)


def test_a_save_swaps_the_page_in_place_at_the_same_scroll_position(
    client: Client, browser: Browser
) -> None:
    browser.call("Page.enable", session=True)
    browser.call(
        "Page.addScriptToEvaluateOnNewDocument",
        session=True,
        source="window.refused = []; document.addEventListener('securitypolicyviolation',"
        " e => window.refused.push(e.violatedDirective));",
    )
    browser.open(f"http://127.0.0.1:{client.port}/?token={client.token}&zoom=100")
    browser.until(PAGE_SHOWN)
    first = browser.js("document.querySelector('#stage img').src")
    assert "gen=" in first and "dpr=1" in first
    assert browser.js("window.scrollTo(0, 300); window.stayed = 'yes'; window.scrollY") == 300
    gen = browser.js("document.body.dataset.gen")

    client.save(RESUME.replace("First Version", "Second Version"))
    browser.until(f"document.body.dataset.gen !== '{gen}' && ({PAGE_SHOWN})")
    after = browser.js(
        "({src: document.querySelector('#stage img').src, stayed: window.stayed,"
        " y: window.scrollY, pages: document.querySelectorAll('#stage img').length,"
        " line: document.getElementById('line').textContent,"
        " zoom: document.getElementById('c-zoom').value,"
        " width: document.querySelector('#stage img').getBoundingClientRect().width})"
    )
    assert after["src"] != first  # the new page...
    assert after["stayed"] == "yes"  # ...without a reload (the window kept its variables)
    assert after["y"] == 300  # ...at the same scroll position
    assert after["zoom"] == "100" and after["width"] == 816  # ...and zoom
    assert after["pages"] >= 1 and after["line"].endswith(" s")
    assert browser.js("document.querySelector('#stage img').naturalWidth") == 816  # 1 px per px

    client.save(RESUME.replace("  - title: Experience", "  - title: [Experience"))
    browser.until("!document.getElementById('problems').hidden")
    broken = browser.js(
        "({stale: document.getElementById('stage').classList.contains('stale'),"
        " opacity: getComputedStyle(document.querySelector('#stage img')).opacity,"
        " where: document.querySelector('#list code.where').textContent,"
        " banner: document.getElementById('banner').textContent,"
        " src: document.querySelector('#stage img').src, y: window.scrollY})"
    )
    assert broken["stale"] and broken["where"].endswith("cv.yaml:5:12")
    assert "last good" in broken["banner"] and broken["src"] == after["src"]
    assert broken["y"] == 300
    browser.until("getComputedStyle(document.querySelector('#stage img')).opacity < 0.5")
    assert browser.js("window.refused") == []  # the page works under its own policy


def test_compare_shows_every_style_and_follows_saves(client: Client, browser: Browser) -> None:
    from resume_pdf.style.theme import builtin_styles

    tiles = "[...document.querySelectorAll('.tile img')]"
    loaded = f"{tiles}.length === {len(builtin_styles()) + 1} && {tiles}.every(i => i.complete"
    loaded += " && i.naturalWidth)"
    browser.open(f"http://127.0.0.1:{client.port}/compare?token={client.token}")
    browser.until(loaded, timeout=20)
    names = browser.js("[...document.querySelectorAll('.tile .name')].map(n => n.textContent)")
    assert names == ["mine", *builtin_styles()]
    before = browser.js(f"{tiles}.map(i => i.src)")
    client.save(RESUME.replace("First Version", "Second Version"))
    browser.until(f"{tiles}.every((i, n) => i.src !== {json.dumps(before)}[n]) && ({loaded})")


def take_screenshots(folder: Path) -> None:
    """docs/preview-single.png, preview-broken.png, preview-compare.png of the example."""
    import threading

    from resume_pdf.build import Options
    from resume_pdf.preview.events import Previewer
    from resume_pdf.preview.server import PreviewServer

    work = Path(tempfile.mkdtemp(prefix="preview-shots-"))
    folder = folder.resolve()
    os.chdir(work)  # the page's command then reads `resume-pdf build`, as for a user
    resume = work / "resume.yaml"
    example = (Path(__file__).parents[2] / "resume.yaml").read_text(encoding="utf-8")
    resume.write_text(example, encoding="utf-8")
    previewer = Previewer(resume, Options())
    server = PreviewServer(previewer)
    previewer.start()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    browser = Browser(width=1280, height=900)
    base = f"http://127.0.0.1:{server.port}"
    try:
        browser.open(f"{base}/?token={server.token}&zoom=100")
        browser.until(PAGE_SHOWN)
        browser.screenshot(folder / "preview-single.png")
        gen = browser.js("document.body.dataset.gen")
        resume.write_text(example.replace("pages: 1", "pages: one"), encoding="utf-8")
        browser.until(f"document.body.dataset.gen !== '{gen}'")
        time.sleep(0.3)  # the dimming's transition
        browser.screenshot(folder / "preview-broken.png")
        resume.write_text(example, encoding="utf-8")
        browser.open(f"{base}/compare?token={server.token}")
        browser.until(
            "document.querySelectorAll('.tile img').length >= 6 && "
            "[...document.querySelectorAll('.tile img')].every(i => i.complete && i.naturalWidth)",
            timeout=60,
        )
        browser.screenshot(folder / "preview-compare.png")
    finally:
        browser.close()
        server.shutdown()
        previewer.close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    take_screenshots(Path(sys.argv[1] if len(sys.argv) > 1 else "docs"))
