"""Chinese, Japanese and Korean text: lines break the CJK way (never before 。、」, never
after 「), Latin words inside CJK text stay whole, the text layer reads back in order with
pypdf and pdfminer.six, and dates use the ja / ko / zh words."""

from __future__ import annotations

from pathlib import Path

import pytest

from ats import pdf_pages_text
from conftest import run_cli
from resume_pdf.pdf.cjk import NO_END, NO_START, may_break
from scriptfonts import CJK_PUNCT, HAN, HANGUL, KANA, LATIN, make_font

SENTENCE = "東京大学の開発者として、「経歴」と「技能」をまとめました。"
LATIN_WORDS = ("software", "internationalization", "localization")


def test_break_rules() -> None:
    assert may_break("学", "の")  # between two CJK characters
    assert not may_break("学", "。") and not may_break("め", "、") and not may_break("能", "」")
    assert not may_break("「", "経")  # never after an opening bracket
    assert not may_break("s", "o")  # inside a Latin word
    assert may_break("e", "東") and may_break("学", "s")  # between Latin and CJK
    assert may_break(" ", "l")


def japanese(tmp_path: Path, summary: str, *, extra: str = "") -> tuple[int, str, Path]:
    make_font(tmp_path / "Ja.otf", LATIN + KANA + HAN + CJK_PUNCT, cff=True)
    (tmp_path / "styles").mkdir(exist_ok=True)
    (tmp_path / "styles" / "ja.yaml").write_text(
        "extends: modern\nfonts: {body: Ja.otf, headings: Ja.otf, name: Ja.otf}\n",
        encoding="utf-8",
    )
    (tmp_path / "cv.yaml").write_text(
        f"name: 東京 大学\nstyle: ja\n{extra}summary: {summary}\n", encoding="utf-8"
    )
    out = tmp_path / "cv.pdf"
    run = run_cli("build", str(tmp_path / "cv.yaml"), "-o", str(out), "--verify")
    return run.exit_code, run.stderr, out


def test_japanese_lines_break_between_characters_with_kinsoku(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    summary = " ".join(
        [SENTENCE * 2, "software", SENTENCE, "internationalization and localization", SENTENCE * 3]
    )
    code, err, out = japanese(tmp_path, summary)
    assert code == 0, err
    lines = [ln.strip() for ln in pdf_pages_text(out)[0].splitlines()[1:] if ln.strip()]
    assert len(lines) >= 4  # the paragraph did wrap
    for line in lines:
        assert line[0] not in NO_START, line
        assert line[-1] not in NO_END, line
    words = {w for ln in lines for w in ln.replace("。", " ").replace("、", " ").split()}
    for word in LATIN_WORDS:  # whole on one line, never cut
        assert any(word in ln for ln in lines)
    assert not any(w in ("internationaliza", "tion", "soft", "ware") for w in words)
    from pdfminer.high_level import extract_text

    flat = "".join(summary.split())
    for text in ("\n".join(pdf_pages_text(out)), extract_text(str(out))):
        assert flat in "".join(text.split())  # every character, in order, nothing else


@pytest.mark.parametrize(
    ("locale", "shown"),
    [
        ("ja", "2023年3月 – 現在"),
        ("zh", "2023年3月 – 至今"),
        ("ko", "2023년 3월 – 현재"),
    ],
)
def test_date_words_of_cjk_locales(tmp_path: Path, locale: str, shown: str) -> None:
    make_font(tmp_path / "Cjk.ttf", LATIN + KANA + HAN + HANGUL + CJK_PUNCT + "现")
    (tmp_path / "styles").mkdir()
    (tmp_path / "styles" / "c.yaml").write_text(
        "extends: modern\nfonts: {body: Cjk.ttf, headings: Cjk.ttf, name: Cjk.ttf}\n",
        encoding="utf-8",
    )
    (tmp_path / "cv.yaml").write_text(
        f"name: 東京\nstyle: c\nlocale: {locale}\nsections:\n  - title: 経歴\n    experience:\n"
        "      - {role: 開発者, organization: 株式会社, start: 2023-03, end: present}\n",
        encoding="utf-8",
    )
    out = tmp_path / "cv.pdf"
    run = run_cli("build", str(tmp_path / "cv.yaml"), "-o", str(out), "--verify")
    assert run.exit_code == 0, run.stderr
    assert shown in pdf_pages_text(out)[0]
