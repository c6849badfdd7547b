"""pdf/paragraphs.py: balanced lines are never more, nor wider than the width offered, and
a paragraph asked twice for one width gives the same answer."""

from __future__ import annotations

import random

from reportlab.lib.styles import ParagraphStyle

from resume_pdf.pdf.paragraphs import balanced, balanced_rows, paragraph

WORDS = [
    "a",
    "an",
    "the",
    "compiler",
    "engineer",
    "with",
    "decade",
    "of",
    "production",
    "systems",
    "Kubernetes",
    "distributed",
    "x",
    "supercalifragilisticexpialidocious",
    "co-founder",
]
STYLE = ParagraphStyle("h", fontName="Helvetica", fontSize=10, leading=12)


def test_balanced_lines_are_as_many_and_never_wider_than_the_width() -> None:
    """Random headlines at 30-220 pt: as many lines as greedy breaking, none wider than
    the width (a word cut at the narrower width once overran it), stable on rewrap."""
    rng = random.Random(1)
    for _ in range(600):
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 14)))
        width = rng.uniform(30, 220)
        made, greedy = balanced(text, STYLE), paragraph(text, STYLE)
        _, height = made.wrap(width, 1e6)
        assert height <= greedy.wrap(width, 1e6)[1] + 1e-6, (text, width)
        if max(greedy.getActualLineWidths0()) <= width:
            assert max(made.getActualLineWidths0()) <= width + 1e-6, (text, width)
        assert made.wrap(width, 1e6)[1] == height


def test_balanced_rows_keep_their_number_and_even_out() -> None:
    """Six items of 10 over a width of 50: greedy makes rows of 5 and 1, balanced 3 and 3."""

    def rows_at(width: float) -> list[list[int]]:
        rows: list[list[int]] = [[]]
        for item in range(6):
            if rows[-1] and (len(rows[-1]) + 1) * 10 > width:
                rows.append([])
            rows[-1].append(item)
        return rows

    assert [len(r) for r in rows_at(50)] == [5, 1]
    assert [len(r) for r in balanced_rows(rows_at, 50)] == [3, 3]
