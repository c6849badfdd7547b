"""A long URL in text breaks only after / ? & = . _ - # (never inside a run of letters), an
ellipsis never stands alone, no separator ends a line — on the glyphs."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import EXAMPLE, FIXTURES, run_cli
from glyphs import lines, read_glyphs
from resume_pdf.pdf.breaks import BREAK_AFTER, cuts
from resume_pdf.style.theme import builtin_styles

URL = "https://docs.example.org/very/long/path/to_a-document_named.something?query=value&other=thing#section"
MAIL = "firstname.lastname.with.a.very.long.url.longname%40example.org"
LONG = f"""\
name: Jane Doe
sections:
  - title: Notes
    bullets:
      - "Written up at {URL} and {MAIL} for everybody to read, with more words after it."
      - "{URL}{URL}"
"""


def _broken_words(pdf: Path) -> list[tuple[str, str]]:
    """(end of a line, start of the next) wherever a line ends inside one of the URLs."""
    rows = ["".join(g.char for g in line).split() for line in lines(read_glyphs(pdf))]
    out = []
    for a, b in zip(rows, rows[1:], strict=False):
        if a and b and any(a[-1] + b[0] in word for word in (URL + URL, MAIL)):
            out.append((a[-1], b[0]))
    return out


@pytest.mark.parametrize("style", ["classic", "mono", "serif", "sidebar"])
def test_a_long_url_breaks_only_after_its_joints(tmp_path: Path, style: str) -> None:
    (tmp_path / "cv.yaml").write_text(LONG, encoding="utf-8")
    pdf = tmp_path / "cv.pdf"
    run = run_cli("build", str(tmp_path / "cv.yaml"), "-o", str(pdf), "--style", style)
    assert run.exit_code == 0, run.stderr
    broken = _broken_words(pdf)
    assert broken, "the test needs a URL that is cut"
    for end, start in broken:
        assert end[-1] in BREAK_AFTER or not (end[-1].isalpha() and start[0].isalpha()), broken


def test_the_cutter_prefers_joints_and_keeps_an_ellipsis_with_its_word() -> None:
    def pieces(text: str, first: float, width: float) -> list[str]:
        at = cuts(text, [5.0] * len(text), first, lambda n: width)
        return [text[a:b] for a, b in zip([0, *at], [*at, len(text)], strict=True)]

    assert pieces("url.longname%40example.org", 0, 60) == ["", "url.", "longname%40", "example.org"]
    assert pieces("github.com/example/some-long-name/tree/…", 40, 190)[-1] != "…"
    assert pieces("abcdefghij", 0, 25) == ["", "abcde", "fghij"]  # a run wider than a line


@pytest.mark.parametrize("style", builtin_styles())
def test_no_separator_ends_a_line_and_no_ellipsis_stands_alone(tmp_path: Path, style: str) -> None:
    for source in (EXAMPLE, FIXTURES / "long.yaml", FIXTURES / "all_sections.yaml"):
        pdf = tmp_path / f"{source.stem}.pdf"
        run = run_cli("build", str(source), "-o", str(pdf), "--style", style)
        assert run.exit_code == 0, run.stderr
        for line in lines(read_glyphs(pdf)):
            text = "".join(g.char for g in line).strip()
            assert not text.endswith("·"), (source.name, text)
            assert text != "…", source.name
