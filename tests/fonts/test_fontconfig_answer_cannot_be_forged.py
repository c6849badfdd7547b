"""Font discovery takes fontconfig's answer as fontconfig meant it: a font whose name holds a
line break or `|` cannot forge a line of `fc-list`'s answer and have the build open and embed
a file fontconfig never listed, and only files under fontconfig's own font folders are used."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_installed_fonts_discovered import CHARS, _embedded, _fontconfig
from test_installed_fonts_discovered import korean as korean  # the fixture

from conftest import run_cli
from scriptfonts import make_font

pytestmark = pytest.mark.skipif(shutil.which("fc-list") is None, reason="no fontconfig")


def clean_postscript_name(path: Path) -> None:
    """Only the family or style name is hostile (a PostScript name with `/` is refused)."""
    from fontTools.ttLib import TTFont

    font = TTFont(path)
    for record in font["name"].names:
        if record.nameID == 6:
            record.string = "KoTest-Regular"
    font.save(path)


@pytest.mark.parametrize("where", ["style", "family"])
def test_a_font_name_cannot_forge_a_listed_file(
    korean: Path,
    monkeypatch: pytest.MonkeyPatch,
    where: str,
) -> None:
    outside = make_font(korean / "outside" / "Evil.ttf", CHARS, family="Evil Sans")
    forged = f"0|{outside}|0|80|0|Regular"
    names = {"family": "Ko Test", "style": "Regular"}
    names[where] += f"\nAAA Evil|{forged.split('|', 1)[1]}"
    found = korean / "found"
    font = make_font(
        found / "KoTest-Regular.ttf", CHARS, family=names["family"], style=names["style"]
    )
    clean_postscript_name(font)
    monkeypatch.setenv("FONTCONFIG_FILE", str(_fontconfig(korean, found)))
    only = korean / "bin"  # fc-list alone: fc-match's favourite would hide a forged line
    only.mkdir()
    (only / "fc-list").symlink_to(shutil.which("fc-list") or "fc-list")
    monkeypatch.setenv("PATH", str(only))
    done = run_cli("build", "resume.yaml", "-o", "a.pdf")
    assert done.exit_code == 0, done.stderr
    embedded = _embedded(korean / "a.pdf")
    assert not any("Evil" in name for name in embedded), embedded
    assert "Hangul drawn with Ko Test" in done.stderr


def test_a_listed_file_outside_fontconfigs_folders_is_not_used(
    korean: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A font folder fontconfig reads through a link is still its own; a file elsewhere that
    some answer names is not (here: fc-list answering for a folder the library does not
    know, as a forged answer would)."""
    from resume_pdf.fonts import fontconfig

    found = korean / "found"
    inside = make_font(found / "KoTest-Regular.ttf", CHARS, family="Ko Test")
    monkeypatch.setenv("FONTCONFIG_FILE", str(_fontconfig(korean, found)))
    folders = fontconfig.font_folders()
    assert fontconfig.under(str(inside), folders)
    assert not fontconfig.under(str(korean / "outside" / "Evil.ttf"), folders)
    assert not fontconfig.under(str(found / ".." / "outside" / "Evil.ttf"), folders)
