"""A symbol or emoji no font draws gets one message that names the character and says what
to do (remove it or say it in words, or name a black-and-white font that draws it), said
once for a résumé however many fields hold such characters."""

from __future__ import annotations

from pathlib import Path

from conftest import run_cli


def test_an_emoji_no_font_draws_is_named_with_what_to_do(tmp_path: Path) -> None:
    source = tmp_path / "cv.yaml"
    source.write_text(
        "name: Ann\nheadline: Ships fast \U0001f680\nsummary: Loves \u2605 stars\n",
        encoding="utf-8",
    )
    run = run_cli("check", str(source))
    assert run.exit_code == 1
    lines = run.stderr.replace(f"{tmp_path}/", "").splitlines()
    assert lines[0] == (
        "cv.yaml:2:11: headline: error: no available font (source-sans, source-serif, roboto)"
        " can draw '\U0001f680' (U+1F680 ROCKET)"
    )
    assert lines[1] == (
        "  hint: remove '\U0001f680' or say it in words; or name a font file that draws it in"
        " black and white in the style's `fonts: {fallback: [...]}` (a colour emoji font cannot"
        " be embedded in a PDF; docs/scripts-and-fonts.md)"
    )
    assert lines[2].startswith("cv.yaml:3:10: summary: error: no available font")
    assert len(lines) == 3  # the hint once
    assert "installed-" not in run.stderr
