"""The preview of a translated résumé has a language control: each language's pages are the
bytes `build --lang CODE` writes, and a language the résumé does not list is refused."""

from __future__ import annotations

import re
import shlex
import shutil
import threading
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest
from test_preview_server import Client

from conftest import FIXTURES, run_cli
from resume_pdf.build import Options
from resume_pdf.preview.events import Previewer
from resume_pdf.preview.server import PreviewServer


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Client]:
    resume = tmp_path / "cv.yaml"
    shutil.copy(FIXTURES / "translated.yaml", resume)
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


def test_the_language_control_shows_the_pages_build_lang_writes(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(client.resume.parent)
    status, _, page = client.get("/", lang="de")
    assert status == 200
    html = page.decode()
    control = re.search(r'<select name="lang" id="c-lang">(.*?)</select>', html).group(1)
    assert '<option value="">en</option>' in control
    assert '<option value="de" selected>de</option>' in control
    shown = unescape(re.search(r'<code id="command">([^<]*)</code>', html).group(1))
    assert shlex.split(shown) == ["resume-pdf", "build", "cv.yaml", "--lang", "de"]
    status, headers, data = client.get("/download", format="pdf", lang="de")
    assert status == 200 and headers["Content-Disposition"].endswith("cv.de.pdf")
    run = run_cli("build", "cv.yaml", "--lang", "de")
    assert run.exit_code == 0, run.stderr
    assert data == (client.resume.parent / "output" / "cv.de.pdf").read_bytes()


def test_a_language_the_resume_does_not_list_is_refused(client: Client) -> None:
    status, _, body = client.get("/", lang="fr")
    assert status == 400 and b"lang 'fr' is not one of: en, de" in body
    status, _, _ = client.get("/download", format="pdf", lang="../x")
    assert status == 400
