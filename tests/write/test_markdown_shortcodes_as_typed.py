"""GitHub turns `:rocket:` into an emoji after it has read the Markdown, so a backslash
(gone by then) does not keep a shortcode as typed: the Markdown twin puts an invisible word
joiner after its first colon, so every renderer shows the text as the résumé reads and GitHub
finds no `:name:` in it."""

from __future__ import annotations

import re
from pathlib import Path

import cmarkgfm

from conftest import run_cli

GITHUB_SHORTCODE = re.compile(r":[\w+-]+:")  # what GitHub's emoji filter looks for


def test_a_shortcode_shows_as_typed_on_github(tmp_path: Path) -> None:
    source = tmp_path / "cv.yaml"
    source.write_text(
        'name: Ann\nheadline: "Ship it :rocket: :+1:"\nsections:\n'
        '  - title: "Done :white_check_mark:"\n    bullets: ["a :tada: b"]\n',
        encoding="utf-8",
    )
    done = run_cli("build", str(source), "-o", str(tmp_path / "cv.pdf"), "--format", "md")
    assert done.exit_code == 0, done.stderr
    html = cmarkgfm.github_flavored_markdown_to_html((tmp_path / "cv.md").read_text("utf-8"))
    text = re.sub(r"<[^>]+>", "", html)
    assert not GITHUB_SHORTCODE.search(text), text  # nothing left for the emoji filter
    shown = text.replace("\u2060", "")  # what a reader sees: the word joiner has no width
    for typed in ("Ship it :rocket: :+1:", "Done :white_check_mark:", "a :tada: b"):
        assert typed in shown
