"""A message quotes at most ~80 characters of a user's value, then `…` and the value's full
length, whatever reports it: a 100,000-letter word must not put 100 KB on the terminal (the
text-layer check of `--verify` echoed the words it missed whole), and a value too big to lay
out is a message, not a traceback."""

from __future__ import annotations

from pathlib import Path

from conftest import run_cli

WORD = "x" * 100_000


def test_verify_cuts_the_word_it_misses(tmp_path: Path) -> None:
    source = tmp_path / "cv.yaml"
    source.write_text(f"name: Ann\npages: any\nsummary: hello {WORD}\n", encoding="utf-8")
    done = run_cli("build", str(source), "-o", str(tmp_path / "cv.pdf"), "--verify")
    assert done.exit_code == 1
    assert "not recovered from the PDF's text layer" in done.stderr
    assert "x" * 79 + "…' (100,000 characters)" in done.stderr
    assert len(done.stderr) < 1000


def test_a_date_taller_than_a_page_is_a_message(tmp_path: Path) -> None:
    source = tmp_path / "cv.yaml"
    entry = f"{{role: Engineer, date: '{'Fall ' * 20_000}'}}"
    source.write_text(f"name: Ann\nsections: [{{title: T, experience: [{entry}]}}]\n", "utf-8")
    done = run_cli("build", str(source), "-o", str(tmp_path / "cv.pdf"))
    assert done.exit_code == 1
    assert "Traceback" not in done.stderr and "taller than a page" in done.stderr
    assert len(done.stderr) < 1000
    assert not (tmp_path / "cv.pdf").exists()
