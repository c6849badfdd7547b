"""Markup and links in every text field read no file and open no connection.

The build runs in a subprocess with an audit hook that records every file it opens and
every socket it connects; a listener on 127.0.0.1 must see nobody either.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

from ats import pdf_links, pdf_text

HOOK = """
import sys, json
opened, connected = [], []
def hook(event, args):
    if event == "open" and isinstance(args[0], str):
        opened.append(args[0])
    elif event == "socket.connect":
        connected.append(repr(args[1]))
sys.addaudithook(hook)
from resume_pdf.cli import main
try:
    main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
print(json.dumps({"opened": opened, "connected": connected, "code": code}), file=sys.stderr)
"""


def test_hostile_markup_everywhere_is_inert(tmp_path: Path) -> None:
    canary = tmp_path / "canary.png"
    canary.write_bytes(b"\x89PNG\r\n\x1a\n not really")
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    listener.setblocking(False)
    port = listener.getsockname()[1]
    payload = (
        f'<img src="{canary}"/> <img src="http://127.0.0.1:{port}/x.png"/> '
        f'<a href="http://127.0.0.1:{port}/a">a</a> <link href="file://{canary}">l</link> '
        f'<font name="{canary}" color="[[x]]">f</font> &amp; R&D'
    )
    quoted = json.dumps(payload)
    entry = f"{{title: {quoted}, summary: {quoted}, highlights: [{quoted}], location: {quoted}}}"
    source = tmp_path / "resume.yaml"
    source.write_text(
        f"name: {quoted}\nheadline: {quoted}\nsummary: {quoted}\n"
        f"contact: {{email: a@example.com, location: {quoted}}}\n"
        "sections:\n"
        f"  - title: {quoted}\n    projects: [{entry}]\n"
        f"  - title: T\n    experience: [{{role: {quoted}, organization: {quoted}}}]\n"
        f"  - title: S\n    skills: [{{group: {quoted}, items: [{quoted}]}}]\n"
        f"  - title: L\n    timeline: [{{date: {quoted}, text: {quoted}}}]\n"
        f"  - title: X\n    text: {quoted}\n",
        encoding="utf-8",
    )
    out = tmp_path / "out.pdf"
    run = subprocess.run(
        [sys.executable, "-c", HOOK, "build", str(source), "-o", str(out), "--pages", "2"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    report = json.loads(run.stderr.strip().splitlines()[-1])
    assert report["code"] in (0, None), run.stderr
    assert str(canary) not in report["opened"]
    assert report["connected"] == []
    try:
        listener.accept()
        raise AssertionError("the listener received a connection")
    except BlockingIOError:
        pass
    finally:
        listener.close()
    assert pdf_links(out) == ["mailto:a@example.com"]
    assert pdf_text(out).count(str(canary)) >= 10  # printed literally, field after field
