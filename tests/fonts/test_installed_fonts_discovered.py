"""Fonts found on the machine for a script no style or bundled font draws (fonts/discover.py):
through fontconfig pointed at a folder of fonts made here, through the font folders where
fontconfig is absent, and one error per script when nothing installed has the glyphs."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import ROOT, run_cli
from scriptfonts import HANGUL, LATIN, make_font

# 24 Hangul syllables in 7 fields: the old check gave one error per field
KOREAN = """\
name: 김재현
headline: 소프트웨어 개발자
locale: ko
sections:
  - title: 경력
    experience:
      - {role: 개발자, organization: 서울 회사, start: 2021-03, end: present,
         highlights: [서울대학교 기술 요약]}
"""
CHARS = HANGUL + "소프트웨어개발자현재경력요약술기울" + LATIN


@pytest.fixture
def korean(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A Korean résumé in tmp_path, discovery on, and no installed font anywhere: an empty
    fontconfig folder, and no font folder to walk."""
    monkeypatch.delenv("RESUME_PDF_SYSTEM_FONTS", raising=False)
    empty = tmp_path / "nofonts"
    empty.mkdir()
    monkeypatch.setenv("FONTCONFIG_FILE", str(_fontconfig(tmp_path, empty)))
    monkeypatch.setenv("RESUME_PDF_FONT_DIRS", str(empty))
    (tmp_path / "resume.yaml").write_text(KOREAN, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _fontconfig(tmp_path: Path, folder: Path) -> Path:
    conf = tmp_path / "fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n'
        f"<fontconfig><dir>{folder}</dir><cachedir>{tmp_path / 'fc-cache'}</cachedir>"
        "</fontconfig>\n",
        encoding="utf-8",
    )
    return conf


def _fonts(folder: Path) -> None:
    """Ko Test: a TrueType regular and a CFF bold (converted as the user's .otf are)."""
    make_font(folder / "KoTest-Regular.ttf", CHARS, family="Ko Test")
    make_font(folder / "KoTest-Bold.otf", CHARS, family="Ko Test", style="Bold", cff=True)


def _embedded(pdf: Path) -> set[str]:
    page = PdfReader(pdf).pages[0]
    fonts = page["/Resources"]["/Font"].values()
    return {re.sub(r"^[A-Z]{6}\+", "", str(f.get_object()["/BaseFont"])[1:]) for f in fonts}


def _built_with_ko_test(korean: Path) -> None:
    first = run_cli("build", "resume.yaml", "-o", "a.pdf")
    assert first.exit_code == 0, first.stderr
    assert first.stderr == "resume.yaml: note: Hangul drawn with Ko Test (installed)\n"
    text = PdfReader(korean / "a.pdf").pages[0].extract_text()
    assert "김재현" in text and "서울대학교 기술 요약" in text and "2021년 3월 → 현재" in text
    # the name and headings are bold: the bold face of the same family, not the regular
    assert {"KoTest-Regular", "KoTest-Bold"} <= _embedded(korean / "a.pdf")
    assert run_cli("build", "resume.yaml", "-o", "b.pdf").exit_code == 0
    assert (korean / "a.pdf").read_bytes() == (korean / "b.pdf").read_bytes()


@pytest.mark.skipif(shutil.which("fc-list") is None, reason="fontconfig (fc-list) not installed")
def test_an_installed_font_is_found_through_fontconfig(korean: Path, monkeypatch) -> None:
    found = korean / "found"
    _fonts(found)
    monkeypatch.setenv("FONTCONFIG_FILE", str(_fontconfig(korean, found)))
    _built_with_ko_test(korean)


def test_without_fontconfig_the_font_folders_are_read(korean: Path, monkeypatch) -> None:
    found = korean / "found"
    _fonts(found / "nested")
    (found / "broken.ttf").write_bytes(b"not a font")  # skipped, not an error
    os.mkfifo(found / "pipe.ttf")  # skipped unopened: opening a FIFO would wait forever
    bare = korean / "bin"
    bare.mkdir()
    monkeypatch.setenv("PATH", str(bare))  # no fc-list, no fc-match
    monkeypatch.setenv("RESUME_PDF_FONT_DIRS", str(found))
    _built_with_ko_test(korean)


def test_a_script_nothing_installed_draws_is_one_error_saying_how_to_fix_it(korean: Path) -> None:
    (korean / "a.pdf").write_bytes(b"previous")
    run = run_cli("build", "resume.yaml", "-o", "a.pdf")
    assert run.exit_code == 1
    assert run.stderr.splitlines() == [
        "resume.yaml:1:7: name: error: no available font (source-sans, source-serif, roboto) "
        "can draw Hangul text: '김' (U+AE40 HANGUL SYLLABLE GIM), '재' (U+C7AC HANGUL "
        "SYLLABLE JAE), '현' (U+D604 HANGUL SYLLABLE HYEON) and 21 more in 7 fields; no "
        "installed font has these characters either",
        "  hint: install a font for Hangul (e.g. the package fonts-noto-cjk on Debian and "
        "Ubuntu), or name a font file in the style's `fonts:` (docs/scripts-and-fonts.md)",
    ]
    assert (korean / "a.pdf").read_bytes() == b"previous"


def test_symbols_are_not_looked_for_and_stay_one_error_per_field(korean: Path, monkeypatch) -> None:
    """An installed font that has ★ is not used: symbols and emoji are not a script (a
    colour emoji font cannot be embedded), so they keep the error at each field."""
    found = korean / "found"
    make_font(found / "Stars.ttf", "★" + LATIN, family="Stars")
    monkeypatch.setenv("FONTCONFIG_FILE", str(_fontconfig(korean, found)))
    monkeypatch.setenv("RESUME_PDF_FONT_DIRS", str(found))
    (korean / "resume.yaml").write_text("name: Ann\nheadline: Top ★\nsummary: ★ again\n")
    run = run_cli("build", "resume.yaml", "-o", "a.pdf")
    assert run.exit_code == 1
    assert run.stderr.count("can draw '★' (U+2605 BLACK STAR)") == 2, run.stderr
    assert "note:" not in run.stderr


def test_a_build_every_bundled_font_covers_looks_for_nothing(tmp_path: Path) -> None:
    """No subprocess, no folder walk, no Babel: the modules are not even imported."""
    env = {k: v for k, v in os.environ.items() if k != "RESUME_PDF_SYSTEM_FONTS"}
    code = (
        "import sys\nfrom pathlib import Path\nfrom resume_pdf.build import build\n"
        f"build(Path({str(ROOT / 'resume.yaml')!r}), Path({str(tmp_path / 'x.pdf')!r}))\n"
        "print(sorted(m for m in ('babel', 'resume_pdf.fonts.discover', 'subprocess') "
        "if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert done.stdout.strip() == "[]", done.stdout + done.stderr
