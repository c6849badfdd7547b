"""The preview's controls offer what the command line takes and nothing that fails: every
page budget `--pages` accepts (1 to 20, or any), the variants' base named "base", and
download links that are disabled until a build has succeeded (before it, a download would
only answer 409), then work. The links are checked in headless Chromium."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest
from test_preview_in_a_browser import CHROMIUM, PAGE_SHOWN, Browser
from test_preview_server import RESUME, Client, serving

from resume_pdf.model.resume import MAX_PAGES


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Client]:
    yield from serving(tmp_path)


def select(page: str, name: str) -> list[tuple[str, str]]:
    """(value, label) of each option of the control `name`."""
    found = re.search(rf'<select name="{name}" id="c-{name}">(.*?)</select>', page, re.S)
    return re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', found.group(1))


def test_the_pages_control_offers_every_budget_the_command_line_takes(client: Client) -> None:
    status, _, body = client.get("/")
    assert status == 200
    page = body.decode()
    offered = [value for value, _ in select(page, "pages") if value]
    assert offered == [*map(str, range(1, MAX_PAGES + 1)), "any"]
    for value in ("7", "20"):
        assert client.get("/", pages=value)[0] == 200
        assert client.get("/download", pages=value)[0] == 200


def test_the_variants_base_is_called_base(client: Client) -> None:
    page = client.get("/")[2].decode()
    variants = select(page, "variant")
    assert variants[0] == ("", "base") and ("infra", "infra") in variants
    assert "master" not in page


def test_downloads_are_disabled_until_a_build_succeeds(client: Client) -> None:
    page = client.get("/")[2].decode()
    links = re.findall(r"<a [^>]*\bdownload\b[^>]*>", page)
    assert len(links) == 5
    for link in links:
        assert 'aria-disabled="true"' in link and " href=" not in link, link
    if CHROMIUM is None:
        pytest.skip("no chromium binary on PATH (CI installs it: apt-get install chromium)")
    browser = Browser(width=1000, height=700)
    try:
        browser.open(f"http://127.0.0.1:{client.port}/?token={client.token}")
        browser.until(PAGE_SHOWN)
        hrefs = browser.js(
            "[...document.querySelectorAll('header a[download]')].map(a =>"
            " [a.getAttribute('href'), a.getAttribute('aria-disabled')])"
        )
        assert len(hrefs) == 5 and all(h and d is None for h, d in hrefs), hrefs
        for href, _ in hrefs:
            status = client.url(unescape(href))[0]
            assert status == 200, href
    finally:
        browser.close()


def test_downloads_stay_disabled_while_nothing_has_built(client: Client) -> None:
    if CHROMIUM is None:
        pytest.skip("no chromium binary on PATH (CI installs it: apt-get install chromium)")
    client.save(RESUME.replace("name: First Version", "name: [First"))
    browser = Browser(width=1000, height=700)
    try:
        browser.open(f"http://127.0.0.1:{client.port}/?token={client.token}")
        browser.until("!document.getElementById('problems').hidden")
        links = browser.js(
            "[...document.querySelectorAll('header a[download]')].map(a =>"
            " [a.hasAttribute('href'), a.getAttribute('aria-disabled')])"
        )
        assert links == [[False, "true"]] * 5, links
    finally:
        browser.close()
