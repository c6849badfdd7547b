"""CJK spacing: adjacent full-width punctuation is compressed by half an em, a
quarter em separates Han or kana from Latin letters and digits, both as spacing drawn
between glyphs (the text layer keeps its characters); a CJK font without a bold face gets
a stroked (synthetic) bold."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_cjk_line_breaks_and_date_words import japanese

from ats import pdf_pages_text
from glyphs import lines, read_glyphs

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


def _text_objects(pdf: Path) -> list[tuple[str, int, float, str, str]]:
    """Each text object of page 1 as PDFium reads it: (text, render mode, stroke width,
    fill colour, stroke colour)."""
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    def colour(get: object, obj: object) -> str:
        rgba = [ctypes.c_uint() for _ in range(4)]
        get(obj, *(ctypes.byref(c) for c in rgba))  # type: ignore[operator]
        return "#" + "".join(f"{c.value:02x}" for c in rgba[:3])

    doc = pdfium.PdfDocument(pdf)
    out = []
    try:
        page = doc[0]
        textpage = page.get_textpage()
        for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_TEXT]):
            size = raw.FPDFTextObj_GetText(obj.raw, textpage.raw, None, 0)
            buffer = ctypes.create_string_buffer(size)
            raw.FPDFTextObj_GetText(
                obj.raw, textpage.raw, ctypes.cast(buffer, ctypes.POINTER(ctypes.c_ushort)), size
            )
            text = buffer.raw[: size - 2].decode("utf-16-le")
            width = ctypes.c_float()
            raw.FPDFPageObj_GetStrokeWidth(obj.raw, ctypes.byref(width))
            out.append(
                (
                    text,
                    raw.FPDFTextObj_GetTextRenderMode(obj.raw),
                    width.value,
                    colour(raw.FPDFPageObj_GetFillColor, obj.raw),
                    colour(raw.FPDFPageObj_GetStrokeColor, obj.raw),
                )
            )
    finally:
        doc.close()
    return out


def test_cjk_font_without_bold_gets_a_stroked_bold(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A one-file CJK font: the name and **strong** words are drawn filled and stroked (text
    render mode 2) with a line 0.03 em wide in the text's own colour; the rest is filled
    only, and the text layer is unchanged."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    code, err, out = japanese(tmp_path, "東京の**開発者**の経歴。")
    assert code == 0, err
    objects = _text_objects(out)
    stroked = {
        text.strip(): (width, fill, stroke)
        for text, mode, width, fill, stroke in objects
        if mode == 2
    }
    plain = {text.strip() for text, mode, *_ in objects if mode == 0}
    assert "開発者" in stroked and "東京 大学" in stroked  # the bold word, the name
    width, fill, stroke = stroked["開発者"]
    assert width == pytest.approx(0.03 * 11, abs=0.01)  # the body is 11 pt in this style
    assert stroke == fill  # stroked in the fill colour
    assert any("東京の" in text for text in plain)  # regular text is not stroked
    assert "東京の開発者の経歴。" in pdf_pages_text(out)[0]


def test_lines_with_compressed_punctuation_are_measured_as_drawn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The line breaker counts the half ems taken out: a paragraph dense with `）「` fills
    its lines to the same right edge as one of plain ideographs, and none passes it by more
    than one hanging mark."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    plain = "経歴東京" * 40
    code, err, out = japanese(
        tmp_path, "東京）「経歴" * 30, extra=f"sections:\n  - title: 技能\n    text: {plain}\n"
    )
    assert code == 0, err
    runs = [ln for ln in lines(read_glyphs(out)) if len(ln) > 20]
    dense = [ln for ln in runs if "）" in "".join(g.char for g in ln)][:-1]  # full lines
    ideographs = [ln for ln in runs if set("".join(g.char for g in ln)) <= set(plain)][:-1]
    assert dense and ideographs
    em = dense[0][0].size
    edge = max(ln[-1].x + em for ln in ideographs)
    for ln in dense:
        end = ln[-1].x + (em / 2 if ln[-1].char == "）" else em)  # ） inked on its left half
        assert edge - em <= end <= edge + em / 2, "".join(g.char for g in ln)


def test_quarter_em_between_runs_in_different_faces(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Latin from the style's font, CJK from a fallback font: the quarter em is drawn
    between the two runs too (at the end of the first), links included."""
    from conftest import run_cli
    from scriptfonts import CJK_PUNCT, HAN, KANA, LATIN, make_font

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    make_font(tmp_path / "La.ttf", LATIN, family="Lat")
    make_font(tmp_path / "Ja.ttf", KANA + HAN + CJK_PUNCT, family="Jap")
    (tmp_path / "styles").mkdir()
    (tmp_path / "styles" / "m.yaml").write_text(
        "extends: modern\n"
        "fonts: {body: La.ttf, headings: La.ttf, name: La.ttf, fallback: [Ja.ttf]}\n",
        encoding="utf-8",
    )
    (tmp_path / "cv.yaml").write_text(
        "name: 東京 大学\nstyle: m\n"
        "summary: 東京の開発software開発2023年と[Python](https://python.org)の経歴\n",
        encoding="utf-8",
    )
    out = tmp_path / "cv.pdf"
    run = run_cli("build", str(tmp_path / "cv.yaml"), "-o", str(out), "--verify")
    assert run.exit_code == 0, run.stderr
    line = _line(out)
    em = line[0].size
    gaps = _gaps(line)
    assert gaps["発s"] == pytest.approx(em * 1.25)
    assert gaps["e開"] == pytest.approx(0.6 * em + em / 4)
    assert gaps["3年"] == pytest.approx(0.6 * em)
    assert gaps["とP"] == pytest.approx(em * 1.25)
    assert gaps["nの"] == pytest.approx(0.6 * em + em / 4)
    assert "東京の開発 software 開発 2023年と Python の経歴" in pdf_pages_text(out)[0]
