"""CJK spacing (issue 22): adjacent full-width punctuation is compressed by half an em, a
quarter em separates Han or kana from Latin letters and digits, both as spacing drawn
between glyphs (the text layer keeps its characters); a CJK font without a bold face gets
a stroked (synthetic) bold."""

from __future__ import annotations

from pathlib import Path

import pytest

from ats import pdf_pages_text
from glyphs import lines, read_glyphs
from test_cjk import japanese

SUMMARY = "東京（大学）「経歴」。開発software開発2023年"


@pytest.fixture
def built(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    code, err, out = japanese(tmp_path, SUMMARY)
    assert code == 0, err
    return out


def _line(out: Path) -> list:
    found = [ln for ln in lines(read_glyphs(out)) if "経" in "".join(g.char for g in ln)]
    assert len(found) == 1
    return found[0]


def _gaps(line: list) -> dict[str, float]:
    """Each character and the next one: the distance between their origins."""
    return {a.char + b.char: round(b.x - a.x, 3) for a, b in zip(line, line[1:], strict=False)}


def test_adjacent_cjk_punctuation_is_compressed(built: Path) -> None:
    line = _line(built)
    em = line[0].size
    gaps = _gaps(line)
    assert gaps["東京"] == pytest.approx(em)  # ideographs keep their full em
    assert gaps["（大"] == pytest.approx(
        em
    )  # an opening bracket before a character: not compressed
    assert gaps["）「"] == pytest.approx(em / 2)  # ） and 「 share one blank half
    assert gaps["」。"] == pytest.approx(em / 2)
    assert gaps["。開"] == pytest.approx(em)
    text = pdf_pages_text(built)[0]
    assert "東京（大学）「経歴」。開発" in text  # the same characters, no space added


def test_quarter_em_between_cjk_and_latin(built: Path) -> None:
    line = _line(built)
    em = line[0].size
    gaps = _gaps(line)
    latin = gaps["so"]  # 600 units of the test font
    assert latin == pytest.approx(0.6 * em)
    assert gaps["発s"] == pytest.approx(em * 1.25)  # a quarter em after the ideograph
    assert gaps["e開"] == pytest.approx(0.6 * em + em / 4)  # and before the next
    assert gaps["発2"] == pytest.approx(em * 1.25)
    assert gaps["3年"] == pytest.approx(0.6 * em)  # a number stays tight with its counter
    # no space character is drawn: the extractors infer one from the gap, as between words
    text = pdf_pages_text(built)[0]
    assert "開発 software 開発 2023年" in text
