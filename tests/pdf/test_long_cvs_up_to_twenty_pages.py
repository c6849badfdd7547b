"""Long CVs: `pages:` takes any budget from 1 to 20 or `any`, and page breaks, footers and
the outline behave on page 14 as on page 2."""

from __future__ import annotations

import math
import re
from pathlib import Path

from pypdf import PdfReader

from ats import measure, pdf_pages_text
from conftest import run_cli
from expected import expected_text


def long_cv(entries: int, pages: str | None = None) -> str:
    """An academic-style CV: `entries` jobs of six bullets each, in sections of ten."""
    head = "name: Long Example\nheadline: Professor of things\ncontact: {email: l@example.com}\n"
    head += f"pages: {pages}\n" if pages else ""
    out = [head, "sections:\n"]
    for n in range(entries):
        if n % 10 == 0:
            out.append(f"  - title: Appointments part {n // 10 + 1}\n    experience:\n")
        bullets = "".join(
            f"          - Result {n}.{b} was published and cited by colleagues abroad\n"
            for b in range(6)
        )
        out.append(
            f"      - role: Position {n}\n        organization: University {n}\n"
            f"        start: {2024 - n}\n        end: {2025 - n}\n        highlights:\n{bullets}"
        )
    return "".join(out)


def natural_length(tmp_path: Path, entries: int) -> int:
    run, out = build(tmp_path, long_cv(entries), "--pages", "any")
    assert run.exit_code == 0, run.stderr
    return len(pdf_pages_text(out))


def build(tmp_path: Path, text: str, *args: str):
    src = tmp_path / "cv.yaml"
    src.write_text(text, encoding="utf-8")
    out = tmp_path / "cv.pdf"
    return run_cli("build", str(src), "-o", str(out), *args), out


def test_a_twelve_page_cv_with_pages_any(tmp_path: Path) -> None:
    text = long_cv(90, "any")
    run, out = build(tmp_path, text)
    assert run.exit_code == 0, run.stderr
    assert "fitted" not in run.stdout  # `any` never tightens
    pages = pdf_pages_text(out)
    assert len(pages) >= 14
    # footers on page 14 as on page 2: page 1's after its content, every later one's before
    assert pages[0].rstrip().rsplit("\n", 1)[-1].endswith(f"1 / {len(pages)}")
    for i, page in enumerate(pages[1:], 2):
        assert page.lstrip().split("\n", 1)[0].endswith(f"{i} / {len(pages)}")
    recall = measure(expected_text(tmp_path / "cv.yaml"), "\n".join(pages))
    assert recall.order_recall == 1.0, recall.missing
    for page in pages[:-1]:  # no heading left alone at the foot of a page
        lines = [ln for ln in page.splitlines() if not re.fullmatch(r"\d+ / \d+", ln.strip())]
        assert not lines[-1].lower().startswith("appointments")
    reader = PdfReader(out)
    titles = [o.title for o in reader.outline]
    assert [t.lower() for t in titles] == [f"appointments part {i}" for i in range(1, 10)]
    assert reader.get_destination_page_number(reader.outline[-1]) >= 12


def test_a_five_page_budget(tmp_path: Path) -> None:
    entries = 20
    while natural_length(tmp_path, entries) < 5:
        entries += 3
    while natural_length(tmp_path, entries) > 5:
        entries -= 1
    run, out = build(tmp_path, long_cv(entries, "5"))
    assert run.exit_code == 0, run.stderr
    # 4 when the fifth page was nearly empty and the fit pulled it back
    assert len(pdf_pages_text(out)) in (4, 5)
    # a sixth page's worth either fits within the floors or gets the diagnosis
    run, out = build(tmp_path, long_cv(entries + 4, "5"))
    if run.exit_code == 0:  # tightened, unless the added entries filled a short fifth page
        assert len(pdf_pages_text(out)) == 5
    else:
        assert "budget is 5 pages" in run.stderr and "--pages 6" in run.stderr


def test_a_ten_page_cv_does_not_fit_five_pages(tmp_path: Path) -> None:
    entries = 60  # ten pages at the natural size
    out = tmp_path / "cv.pdf"
    out.write_bytes(b"previous")
    run, out = build(tmp_path, long_cv(entries), "--pages", "5")
    assert run.exit_code == 1
    used = float(re.search(r"does not fit: ([\d.]+) pages", run.stderr).group(1))
    enough = math.ceil(used)  # the pages the floors need (8.03: 9), not the budget plus one
    assert "budget is 5 pages" in run.stderr and f"  - --pages {enough}\n" in run.stderr
    assert enough > 6 and f"--pages {enough - 1}" not in run.stderr
    assert out.read_bytes() == b"previous"


def test_budgets_out_of_range_are_refused_with_their_line(tmp_path: Path) -> None:
    run, _ = build(tmp_path, "name: A\npages: 21\n")
    assert run.exit_code == 1
    assert "cv.yaml:2:8: pages: error: expected a page budget from 1 to 20, or any" in run.stderr
    run, _ = build(tmp_path, "name: A\n", "--pages", "many")
    assert run.exit_code == 2 and "1 to 20, or any" in run.stderr


def test_a_variant_may_set_any_budget(tmp_path: Path) -> None:
    text = long_cv(20) + "variants:\n  full: {pages: any}\n  short: {pages: 3}\n"
    run, out = build(tmp_path, text, "--variant", "full")
    assert run.exit_code == 0, run.stderr
    assert len(pdf_pages_text(out)) >= 4
    run, out = build(tmp_path, text, "--variant", "short")
    assert run.exit_code in (0, 1)
    assert run.exit_code == 1 or len(pdf_pages_text(out)) <= 3
