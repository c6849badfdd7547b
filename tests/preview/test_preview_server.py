"""`resume-pdf preview`, driven as a browser would: over HTTP, with Server-Sent Events.

The server runs in this process on a free port of 127.0.0.1; the résumé is saved as an
editor saves it, and every answer is read as the browser would read it (PNG pages, the
state the page's script shows, the files behind the download links)."""

from __future__ import annotations

import http.client
import io
import json
import re
import shlex
import sys
import threading
import time
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from urllib.parse import urlencode

import pytest
from PIL import Image
from pypdf import PdfReader

from conftest import run_cli
from resume_pdf.build import Options
from resume_pdf.preview.events import Previewer
from resume_pdf.preview.server import PreviewServer

RESUME = """\
name: First Version
headline: Compiler engineer
contact: {email: first@example.com}
sections:
  - title: Experience
    experience:
      - {role: Engineer, organization: Example Corp, start: 2021, highlights: [Built things]}
letter:
  to: [Hiring team, Example Corp]
  date: 2026-11-29
  subject: Compiler engineer
  greeting: Dear hiring team,
  body: I would welcome the chance to talk.
  closing: Kind regards,
variants:
  infra: {headline: Infrastructure engineer}
"""
LOCAL_STYLE = 'extends: classic\ndescription: a local style\ncolors: {accent: "#aa2200"}\n'


class Client:
    """HTTP to the preview, with the Host and token a browser given its URL would send."""

    def __init__(self, server: PreviewServer, resume: Path) -> None:
        self.server, self.resume, self.port = server, resume, server.port
        self.token = server.token

    def get(
        self, path: str, *, host: str | None = None, token: bool | str = True, **params: str
    ) -> tuple[int, dict[str, str], bytes]:
        key = self.token if token is True else token
        query = urlencode({**({"token": key} if key else {}), **params})
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        conn.putrequest("GET", f"{path}?{query}" if query else path, skip_host=True)
        if host != "":
            conn.putheader("Host", host or f"127.0.0.1:{self.port}")
        conn.endheaders()
        response = conn.getresponse()
        body = response.read()
        conn.close()
        return response.status, dict(response.getheaders()), body

    def url(self, src: str, **extra: str) -> tuple[int, bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        conn.request("GET", src + ("&" + urlencode(extra) if extra else ""))
        response = conn.getresponse()
        try:
            return response.status, response.read()
        finally:
            conn.close()

    def events(self, **params: str) -> Iterator[dict]:
        """The states the page's script receives, one per `event: state`."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        conn.request("GET", "/events?" + urlencode({"token": self.token, **params}))
        response = conn.getresponse()
        assert response.status == 200
        assert response.getheader("Content-Type") == "text/event-stream"
        try:
            event: list[str] = []
            waited = time.monotonic()
            while True:
                if time.monotonic() - waited > 20:  # keep-alives only: no build came
                    raise TimeoutError("no state event within 20 s")
                line = response.fp.readline().decode()
                if line in ("\n", ""):
                    if event and event[0] == "event: state":
                        yield json.loads(event[1].removeprefix("data: "))
                        waited = time.monotonic()
                    event = []
                    if not line:
                        return
                else:
                    event.append(line.rstrip("\n"))
        finally:
            conn.close()

    def save(self, text: str) -> None:
        """As an editor saves: a new file renamed over the old one."""
        swap = self.resume.with_name(f".{self.resume.name}.swp")
        swap.write_text(text, encoding="utf-8")
        swap.replace(self.resume)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Client]:
    yield from serving(tmp_path)


def serving(tmp_path: Path) -> Iterator[Client]:
    """A preview of tmp_path/cv.yaml (with a local style beside it), served on a free port."""
    resume = tmp_path / "cv.yaml"
    resume.write_text(RESUME, encoding="utf-8")
    (tmp_path / "styles").mkdir()
    (tmp_path / "styles" / "mine.yaml").write_text(LOCAL_STYLE, encoding="utf-8")
    previewer = Previewer(resume, Options())
    server = PreviewServer(previewer)
    previewer.start()
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield Client(server, resume)
    finally:
        previewer.close()
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def png_size(data: bytes) -> tuple[int, int]:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.size


def pdf_words(data: bytes) -> str:
    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_strangers_are_refused_and_get_no_data(client: Client) -> None:
    assert client.server.server_address[0] == "127.0.0.1"
    good = client.get("/")
    assert good[0] == 200 and b"<title>cv.yaml" in good[2]
    for path in ("/", "/events", "/page.png", "/download", "/compare"):
        for status, _, body in (
            client.get(path, token=False, n="1", format="pdf"),
            client.get(path, token="x" * 32, n="1", format="pdf"),
            client.get(path, token=client.token[:-1], n="1", format="pdf"),
            client.get(path, host=f"evil.example:{client.port}", n="1", format="pdf"),
            client.get(path, host=f"127.0.0.1:{client.port + 1}", n="1", format="pdf"),
            client.get(path, host="", n="1", format="pdf"),
        ):
            assert status == 403, path
            assert body == b"forbidden\n"
    assert client.get("/", host=f"LOCALHOST:{client.port}")[0] == 200


def test_the_page_is_self_contained_under_a_strict_policy(client: Client) -> None:
    status, headers, body = client.get("/", style="modern")
    policy = headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "'unsafe-inline'" not in policy
    nonce = re.search(r"'nonce-([^']+)'", policy).group(1)
    page = body.decode()
    assert re.findall(r"<script[^>]*nonce=\"([^\"]+)\"", page) == [nonce]
    assert "http://" not in page and "https://" not in page and " src=" not in page
    assert '<code id="command">resume-pdf build' in page
    # a nonce is fresh on every answer
    assert client.get("/")[1]["Content-Security-Policy"] != policy


def test_a_save_sends_an_event_and_new_page_images(client: Client) -> None:
    events = client.events()
    first = next(events)
    assert not first["failed"] and re.match(r"\d pages?, .*\d s$", first["line"])
    status, png = client.url(first["pages"][0]["src"], dpr="2")
    assert status == 200 and png_size(png) == (2 * 816, 2 * 1056)  # Letter at 2 px per px
    assert client.url(first["pages"][0]["src"], dpr="1")[1] != png

    client.save(RESUME.replace("First Version", "Second Version"))
    second = next(events)
    assert second["gen"] > first["gen"] and not second["failed"]
    assert second["pages"][0]["src"] != first["pages"][0]["src"]
    status, new_png = client.url(second["pages"][0]["src"], dpr="2")
    assert status == 200 and new_png != png
    pdf = client.get("/download", format="pdf")[2]
    assert "Second Version" in pdf_words(pdf)


def test_a_broken_save_shows_the_errors_over_the_last_good_pages(client: Client) -> None:
    events = client.events()
    good = next(events)
    good_png = client.url(good["pages"][0]["src"], dpr="1")[1]
    good_pdf = client.get("/download", format="pdf")[2]

    client.save(RESUME.replace("  - title: Experience", "  - title: [Experience"))
    broken = next(events)
    assert broken["failed"] and broken["line"].startswith("build failed: 1 error")
    assert broken["pages"] == good["pages"]  # the last good pages, the page dims them
    (problem,) = broken["problems"]
    assert problem["where"] == f"{client.resume}:5:12" or problem["where"].endswith("cv.yaml:5:12")
    assert problem["text"].startswith(problem["where"] + ": ") and "error:" in problem["text"]
    assert client.url(broken["pages"][0]["src"], dpr="1") == (200, good_png)
    assert client.get("/download", format="pdf")[2] == good_pdf

    client.save(RESUME.replace("First Version", "Mended Version"))
    mended = next(events)
    assert not mended["failed"] and mended["problems"] == []
    assert "Mended Version" in pdf_words(client.get("/download", format="pdf")[2])


CONTROLS = [
    {},
    {"style": "modern"},
    {"style": "mine"},  # a local style, from styles/ beside the résumé
    {"variant": "infra"},
    {"page-size": "a4"},
    {"pages": "2"},
    {"style": "serif", "variant": "infra", "page-size": "a4", "pages": "any"},
    {"letter": "1"},
    {"letter": "1", "style": "sidebar", "variant": "infra"},
]


@pytest.mark.parametrize("params", CONTROLS, ids=lambda p: urlencode(p) or "default")
def test_each_control_gives_the_bytes_of_the_command_it_shows(
    client: Client, params: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(client.resume.parent)
    status, _, page = client.get("/", **params)
    assert status == 200
    shown = unescape(re.search(r'<code id="command">([^<]*)</code>', page.decode()).group(1))
    words = shlex.split(shown)
    assert words[:3] == ["resume-pdf", "letter" if params.get("letter") else "build", "cv.yaml"]
    for name, chosen in params.items():
        if name != "letter":
            assert words[words.index(f"--{name}") + 1] == chosen
    previewed = client.get("/download", format="pdf", **params)
    assert previewed[0] == 200
    run = run_cli(*words[1:])
    assert run.exit_code == 0, run.stderr
    stem = "cv" + (f"-{params['variant']}" if "variant" in params else "")
    stem += "-letter" if params.get("letter") else ""
    assert previewed[2] == (client.resume.parent / "output" / f"{stem}.pdf").read_bytes()
    assert previewed[1]["Content-Disposition"] == f"attachment; filename*=UTF-8''{stem}.pdf"


@pytest.mark.parametrize("fmt", ["txt", "md", "html", "docx"])
def test_each_twin_downloads_as_its_command_writes_it(
    client: Client, fmt: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(client.resume.parent)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")  # the Word file's date: not now
    status, headers, data = client.get("/download", format=fmt, variant="infra")
    assert status == 200 and headers["Content-Disposition"].endswith(f"cv-infra.{fmt}")
    run = run_cli("build", "cv.yaml", "--variant", "infra", "--format", fmt)
    assert run.exit_code == 0, run.stderr
    assert data == (client.resume.parent / "output" / f"cv-infra.{fmt}").read_bytes()


def test_compare_shows_page_one_in_every_style_live(client: Client) -> None:
    from resume_pdf.style.theme import builtin_styles

    page = client.get("/compare")[2].decode()
    assert '<option value="mine">mine</option>' in page
    events = client.events(mode="compare")
    first = next(events)
    names = [tile["style"] for tile in first["tiles"]]
    assert names == ["mine", *builtin_styles()]
    pictures = {}
    for tile in first["tiles"]:
        assert not tile["failed"] and len(tile["pages"]) == 1
        status, png = client.url(tile["pages"][0]["src"], dpr="0.5")
        assert status == 200 and png_size(png)[0] in (408, 397)  # Letter or A4, half size
        pictures[tile["style"]] = png
    assert len(set(pictures.values())) == len(names)  # each style draws its own page

    client.save(RESUME.replace("First Version", "Second Version"))
    seen = {t["style"]: t["pages"][0]["src"] for t in first["tiles"]}
    while seen:  # each style's tile is rebuilt (one event may carry several)
        for tile in next(events)["tiles"]:
            if tile["pages"][0]["src"] != seen.get(tile["style"], tile["pages"][0]["src"]):
                del seen[tile["style"]]


def test_no_request_path_reads_outside(client: Client, tmp_path: Path) -> None:
    secret = tmp_path.parent / f"{tmp_path.name}-secret.yaml"
    secret.write_text("name: SECRET-CONTENT\n", encoding="utf-8")
    opened: list[str] = []

    def audit(event: str, args: tuple) -> None:
        if event == "open" and args and "secret" in str(args[0]):
            opened.append(str(args[0]))

    sys.addaudithook(audit)
    rel = f"../{secret.name}"
    attempts = [
        ("/" + rel, {}),
        ("/%2e%2e/" + secret.name, {}),
        (str(secret), {}),
        ("/", {"style": str(secret)}),
        ("/", {"style": rel}),
        ("/page.png", {"style": rel.removesuffix(".yaml"), "n": "1"}),
        ("/download", {"format": "../" + secret.name}),
        ("/download", {"variant": rel, "format": "pdf"}),
        ("/page.png", {"n": "../../1"}),
        ("/events", {"style": str(secret)}),
    ]
    for path, params in attempts:
        status, _, body = client.get(path, **params)
        assert status in (400, 404, 409), (path, params, status)
        assert b"SECRET" not in body
    assert opened == []


def test_a_bug_in_the_build_is_shown_and_the_server_stays_up(
    client: Client, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from resume_pdf.preview import events as events_module

    def broken(*_args: object) -> None:
        raise RuntimeError("a bug")

    events = client.events()
    next(events)
    monkeypatch.setattr(events_module, "build", broken)
    client.save(RESUME.replace("First Version", "Second Version"))
    state = next(events)
    assert (
        state["failed"]
        and "internal error (a bug in resume-pdf): RuntimeError: a bug"
        in (state["problems"][0]["text"])
    )
    assert "Traceback" in capsys.readouterr().err
    monkeypatch.undo()
    client.save(RESUME.replace("First Version", "Third Version"))
    assert not next(events)["failed"]
    assert client.get("/")[0] == 200


def test_bad_parameters_are_refused_with_words(client: Client) -> None:
    for params, words in (
        ({"style": "nope"}, b"style 'nope' is not one of: mine, "),
        ({"page-size": "a5"}, b"choose letter or a4"),
        ({"pages": "0"}, b"page budget from 1 to 20"),
        ({"letter": "yes"}, b"1 for the cover letter"),
        ({"variant": "x\0y"}, b"is not one of: infra"),  # it names a file: never a stranger
        ({"variant": "nope"}, b"variant 'nope' is not one of: infra"),
    ):
        status, _, body = client.get("/", **params)
        assert status == 400 and words in body
    assert client.get("/page.png", n="9")[0] == 404  # a one-page résumé
    assert client.get("/page.png", n="1", dpr="99")[0] == 400


def test_a_save_during_a_build_is_not_lost_when_the_followed_files_change(
    tmp_path: Path,
) -> None:
    """The preview publishes a build before it follows the build's files; a save the
    browser's user makes in between must still be due."""
    from resume_pdf.watch import Changes

    resume, style = tmp_path / "cv.yaml", tmp_path / "mine.yaml"
    resume.write_text("name: A\n", encoding="utf-8")
    style.write_text("extends: classic\n", encoding="utf-8")
    changes = Changes((resume,), poll_only=True)
    assert changes.due()  # the first build
    resume.write_text("name: Saved during the build\n", encoding="utf-8")
    changes.follow((resume, style))  # the build found the style chain
    assert changes.due()
    assert not changes.due()
    changes.close()
