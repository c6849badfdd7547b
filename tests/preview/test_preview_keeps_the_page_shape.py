"""The preview keeps the page's shape: at every zoom and in every window each page picture
is shown at its own aspect (scaled as a whole, never only in width), a zoom of N % shows it
at N % of its natural size, and "fit" puts the whole page, width and height, into the window
below the controls. Measured in headless Chromium, as a user's browser lays it out, in a
phone's, an editor-beside-browser's and a desktop's window."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from test_preview_in_a_browser import CHROMIUM, PAGE_SHOWN, Browser
from test_preview_server import RESUME, Client, serving

WINDOWS = [(375, 667), (640, 800), (1280, 900)]
ZOOMS = ["fit", "50", "100", "150", "200"]
TWO_PAGES = RESUME.replace(
    "highlights: [Built things]",
    "highlights: [" + ", ".join(f"Built thing number {n} of many" for n in range(60)) + "]",
)

MEASURE = """[...document.querySelectorAll('#stage img.page')].map(i => {
  const r = i.getBoundingClientRect();
  return {w: r.width, h: r.height, nw: i.naturalWidth, nh: i.naturalHeight};
})"""
ROOM = """({w: document.getElementById('stage').clientWidth - 32,
  h: innerHeight - document.querySelector('header').offsetHeight - 32})"""


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Client]:
    yield from serving(tmp_path)


@pytest.mark.parametrize(("width", "height"), WINDOWS, ids=[f"{w}px" for w, _ in WINDOWS])
def test_every_zoom_keeps_the_page_aspect_and_fit_fits(
    client: Client, width: int, height: int
) -> None:
    if CHROMIUM is None:
        pytest.skip("no chromium binary on PATH (CI installs it: apt-get install chromium)")
    client.save(TWO_PAGES)
    browser = Browser(width=width, height=height)
    try:
        for zoom in ZOOMS:
            browser.open(f"http://127.0.0.1:{client.port}/?token={client.token}&zoom={zoom}")
            browser.until(f"({PAGE_SHOWN}) && document.querySelectorAll('#stage img').length > 1")
            pages, room = browser.js(MEASURE), browser.js(ROOM)
            for n, shown in enumerate(pages, 1):
                where = f"{width} px window, zoom {zoom}, page {n}: {shown}"
                natural = shown["nw"] / shown["nh"]
                assert abs(shown["w"] / shown["h"] / natural - 1) < 0.01, where
                if zoom == "fit":
                    assert shown["w"] <= room["w"] + 0.5 and shown["h"] <= room["h"] + 0.5, where
                    scale = min(1, room["w"] / shown["nw"], room["h"] / shown["nh"])
                    assert abs(shown["w"] - shown["nw"] * scale) < 1, where  # as large as fits
                else:
                    assert abs(shown["w"] - shown["nw"] * int(zoom) / 100) < 1, where
                    assert abs(shown["h"] - shown["nh"] * int(zoom) / 100) < 1, where
    finally:
        browser.close()
