"""Unit tests for the ATS helpers in tests/ats.py (the checker must be right before it judges)."""

from __future__ import annotations

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ats
from ats import (
    JUNK,
    Recall,
    junk,
    lcs_len,
    measure,
    norm,
    pdf_font_sizes,
    pdf_fonts,
    pdf_links,
    pdf_pages_text,
    pdf_text,
    tokens,
)

# --- norm / tokens ------------------------------------------------------------------------------


def test_norm_maps_typography_to_ascii() -> None:
    assert norm("\u201cCaf\u00e9\u201d \u2018x\u2019 \u2013 \u2014 \u2212") == "\"café\" 'x' - - -"
    assert norm("a\u00a0b\u2009c\u202fd\u3000e\tf") == "a b c d e f"
    assert norm("co\u00adop\u200beration\ufeff") == "cooperation"
    assert norm("\ufb01le \uff21\uff22\uff23 STRASSE Straße") == "file abc strasse strasse"
    assert norm("\u00b4 \u2033") == "' \""


def test_tokens_keep_inner_punctuation() -> None:
    text = "C++, CI/CD; user@example.org (https://x.y/z) e.g. C# .NET."
    expected = ["c++", "ci/cd", "user@example.org", "https://x.y/z", "e.g.", "c#", ".net"]
    assert tokens(text) == expected


def test_tokens_strip_end_punctuation_and_trailing_dots() -> None:
    words = ["led", "the", "team", "done", "u.s.", "end"]
    assert tokens('"Led" (the) team. Done... [U.S.], end.)') == words
    assert tokens("Wait… what?!") == ["wait", "what"]


def test_tokens_drop_bullets_and_separators() -> None:
    text = "• a ▪ b ● c ◦ d ‣ e ⁃ f ∙ g · h ■ i □ j ➤ k ➔ l → m * n - o – p — q | r"
    assert tokens(text) == list("abcdefghijklmnopqr")
    assert tokens("•glued") == ["•glued"]  # a glued bullet is not silently dropped


def test_tokens_split_cjk_per_character() -> None:
    assert tokens("東京大学 Tokyo ﾃｽﾄ") == ["東", "京", "大", "学", "tokyo", "テ", "ス", "ト"]
    assert tokens("서울 대학교") == ["서울", "대학교"]


# --- lcs_len ------------------------------------------------------------------------------------


def _lcs_dp(a: list[int], b: list[int]) -> int:
    row = [0] * (len(b) + 1)
    for x in a:
        prev_diag = 0
        for j, y in enumerate(b, 1):
            prev_diag, row[j] = row[j], prev_diag + 1 if x == y else max(row[j], row[j - 1])
    return row[-1]


small_lists = st.lists(st.integers(0, 5), max_size=40)


@given(small_lists, small_lists)
def test_lcs_len_matches_dp(a: list[int], b: list[int]) -> None:
    assert lcs_len(a, b) == _lcs_dp(a, b) == lcs_len(b, a)


def test_lcs_len_edges() -> None:
    assert lcs_len([], ["a"]) == lcs_len(["a"], []) == 0
    assert lcs_len(list("abcbdab"), list("bdcaba")) == 4


# --- measure ------------------------------------------------------------------------------------


def test_measure_worked_example() -> None:
    e = "Senior Engineer at ACME — Jan 2020 – Present"
    x = "SeniorEngineer at ACME\nJan 2020 - Pre sent"
    assert len(tokens(e)) == 7
    r = measure(e, x)
    assert r.order_recall == pytest.approx(4 / 7)
    assert round(r.order_recall, 3) == 0.571
    assert r.bag_recall == pytest.approx(4 / 7)
    assert r.precision == pytest.approx(4 / 7)
    assert sorted(r.missing) == ["engineer", "present", "senior"]
    assert sorted(r.extra) == ["pre", "seniorengineer", "sent"]
    assert r.glued == ["seniorengineer"]
    assert r.split == [("pre", "sent")]


def test_measure_separates_order_from_loss() -> None:
    r = measure("alpha beta gamma delta", "gamma delta alpha beta")
    assert (r.bag_recall, r.order_recall, r.missing, r.extra) == (1.0, 0.5, [], [])


def test_measure_perfect_and_empty() -> None:
    assert measure("Jan 2020 – Present", "jan 2020 - present") == Recall(1.0, 1.0, 1.0)
    assert measure("", "") == Recall(1.0, 1.0, 1.0)
    assert measure("", "page 1").precision == 0.0  # L / m with L = 0


def test_measure_counts_multiplicity() -> None:
    r = measure("a a b", "a b b")
    assert (r.missing, r.extra, r.bag_recall) == (["a"], ["b"], pytest.approx(2 / 3))


def test_glued_needs_two_to_four_tokens() -> None:
    assert measure("a b c d e", "abcd").glued == ["abcd"]
    assert measure("a b c d e", "abcde").glued == []
    assert measure("ab a b", "ab").glued == []  # a real word is never "glued"


# --- junk ---------------------------------------------------------------------------------------


BAD = ["\x00", "\x1f", "\x7f", "\ufffd", "\ue000", "\uf8ff", "■", "(cid:12)", "Ã©", "â€"]


@pytest.mark.parametrize("bad", BAD)
def test_junk_hits(bad: str) -> None:
    assert junk(f"ok {bad} ok") == [bad]


def test_junk_ignores_clean_text() -> None:
    assert junk("Zoë Ångström-Łukasik\t• C++ – 東京\r\n€ ©") == []
    assert JUNK.search("tab\tnewline\ncr\r") is None


# --- PDF readers --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def tiny_pdf() -> bytes:
    """Two pages: Helvetica + a link; an embedded TTF, a scaled run and a form XObject."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    pdfmetrics.registerFont(TTFont("Vera", "Vera.ttf"))
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(300, 200), invariant=1)
    c.setFont("Helvetica", 12)
    c.drawString(20, 150, "Ada Lovelace")
    c.drawString(20, 130, "github.com/ada")
    c.linkURL("https://github.com/ada", (20, 125, 120, 142), relative=0)
    c.showPage()
    c.setFont("Vera", 10)
    c.drawString(20, 150, "Zoë Łukasik")
    c.saveState()
    c.scale(2, 2)
    c.setFont("Helvetica", 5.5)
    c.drawString(10, 50, "Scaled")
    c.restoreState()
    c.beginForm("footer")
    c.setFont("Courier", 9)
    c.drawString(20, 20, "In a form")
    c.endForm()
    c.doForm("footer")
    c.showPage()
    c.save()
    return buf.getvalue()


def test_pdf_links(tiny_pdf: bytes) -> None:
    assert pdf_links(tiny_pdf) == ["https://github.com/ada"]


def test_pdf_text(tiny_pdf: bytes, tmp_path) -> None:
    pages = pdf_pages_text(tiny_pdf)
    assert len(pages) == 2
    assert pdf_text(tiny_pdf) == "\n".join(pages)
    path = tmp_path / "tiny.pdf"
    path.write_bytes(tiny_pdf)
    assert pdf_text(path) == pdf_text(str(path)) == pdf_text(tiny_pdf)
    r = measure("Ada Lovelace github.com/ada Zoë Łukasik Scaled In a form", pdf_text(tiny_pdf))
    assert (r.order_recall, r.precision, r.glued, r.split) == (1.0, 1.0, [], [])
    assert junk(pdf_text(tiny_pdf)) == []


def test_pdf_fonts(tiny_pdf: bytes) -> None:
    fonts = {(f["name"].split("+")[-1], f["subtype"]): f for f in pdf_fonts(tiny_pdf)}
    helv = {"name": "Helvetica", "subtype": "Type1", "embedded": False, "to_unicode": False}
    assert fonts[("Helvetica", "Type1")] == helv
    vera = [f for (name, _), f in fonts.items() if "VeraSans" in name]
    assert vera and all(f["embedded"] and f["to_unicode"] for f in vera)
    assert ("Courier", "Type1") in fonts  # found inside the form XObject


def test_type0_font_uses_descendant_descriptor() -> None:
    from pypdf.generic import ArrayObject, DictionaryObject, NameObject, NullObject

    def pdf_dict(**kw: object) -> DictionaryObject:
        return DictionaryObject({NameObject("/" + k): v for k, v in kw.items()})

    descendant = pdf_dict(
        Subtype=NameObject("/CIDFontType2"), FontDescriptor=pdf_dict(FontFile2=NullObject())
    )
    font = pdf_dict(
        Subtype=NameObject("/Type0"),
        BaseFont=NameObject("/ABCDEF+Noto"),
        DescendantFonts=ArrayObject([descendant]),
        ToUnicode=NullObject(),
    )
    assert ats._font_info(font) == {
        "name": "ABCDEF+Noto",
        "subtype": "Type0",
        "embedded": True,
        "to_unicode": True,
    }


def test_pdf_font_sizes(tiny_pdf: bytes) -> None:
    assert sorted({round(s, 6) for s in pdf_font_sizes(tiny_pdf)}) == [9.0, 10.0, 11.0, 12.0]
