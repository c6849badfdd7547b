"""What a build prints stays readable at any size: the PNGs of a long CV as their first
and last path with the count (`output/cv-1.png … cv-6.png (6 pages)`), not one path per
page on one line; and a batch ends with its count (`2 built, 1 failed`), so one failure
among many results is not missed."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import run_cli

NAME = "name: Ann Example\n"


def long_cv(bullets: int) -> str:
    items = "".join(
        f"          - Delivered improvement number {i} across the serving stack, cutting the"
        " latency of many requests by a measurable amount\n"
        for i in range(bullets)
    )
    return (
        f"{NAME}pages: any\nsections:\n  - title: Experience\n    experience:\n"
        "      - role: Engineer\n        organization: Example Corp\n        start: 2020\n"
        f"        highlights:\n{items}"
    )


def test_png_of_many_pages_is_summarised_on_the_result_line(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    Path("cv.yaml").write_text(long_cv(300), encoding="utf-8")
    run = run_cli("build", "cv.yaml", "--png")
    assert run.exit_code == 0, run.stderr
    pages = int(re.search(r"cv\.pdf: (\d+) pages", run.stdout).group(1))
    assert pages > 3
    line = run.stdout.splitlines()[0]
    assert line.endswith(f"; PNG: output/cv-1.png … cv-{pages}.png ({pages} pages)"), line
    assert len(line) < 160
    assert sorted(p.name for p in Path("output").glob("*.png")) == sorted(
        f"cv-{n}.png" for n in range(1, pages + 1)
    )


def test_png_of_few_pages_names_each(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    Path("cv.yaml").write_text(NAME + "summary: One page.\n", encoding="utf-8")
    run = run_cli("build", "cv.yaml", "--png")
    assert run.exit_code == 0 and run.stdout.rstrip().endswith("; PNG: output/cv-1.png")


def test_a_batch_ends_with_its_count(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    for name in ("a", "b"):
        Path(f"{name}.yaml").write_text(NAME, encoding="utf-8")
    Path("bad.yaml").write_text("headline: no name\n", encoding="utf-8")
    run = run_cli("build", "a.yaml", "bad.yaml", "b.yaml")
    assert run.exit_code == 1
    assert run.stdout.splitlines()[-1] == "2 built, 1 failed", run.stdout
    run = run_cli("build", "a.yaml", "b.yaml")
    assert run.exit_code == 0 and run.stdout.splitlines()[-1] == "2 built", run.stdout
    run = run_cli("build", "a.yaml")
    assert run.exit_code == 0 and "built" not in run.stdout  # one résumé: its line alone
