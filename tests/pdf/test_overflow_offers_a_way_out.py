"""When a résumé does not fit even at the style's floors, the page count the message
offers is one that builds: the pages the floors need (2.67 pages: `--pages 3`), never the
budget plus one (`--pages 2`, which fails again and only then offers `--pages 3`)."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import run_cli


def long_resume(bullets: int) -> str:
    items = "".join(
        f"          - Delivered improvement number {i} across the serving stack, cutting the"
        " latency of many requests by a measurable amount for users\n"
        for i in range(bullets)
    )
    return (
        "name: Ann Example\npages: 1\nsections:\n  - title: Experience\n    experience:\n"
        "      - role: Engineer\n        organization: Example Corp\n        start: 2020\n"
        f"        highlights:\n{items}"
    )


def test_the_overflow_message_offers_the_page_count_the_floors_need(tmp_path: Path) -> None:
    source = tmp_path / "cv.yaml"
    source.write_text(long_resume(180), encoding="utf-8")
    run = run_cli("check", str(source))
    assert run.exit_code == 1
    used = float(re.search(r"does not fit: ([\d.]+) pages even at", run.stderr).group(1))
    assert 2 < used < 3, run.stderr
    offered = re.findall(r"--pages (\d+)", run.stderr)
    assert offered == ["3"], run.stderr
    assert run_cli("check", str(source), "--pages", "3").exit_code == 0


def test_a_small_overflow_still_offers_one_more_page(tmp_path: Path) -> None:
    source = tmp_path / "cv.yaml"
    source.write_text(long_resume(100), encoding="utf-8")
    run = run_cli("check", str(source))
    assert run.exit_code == 1 and re.findall(r"--pages (\d+)", run.stderr) == ["2"], run.stderr
    assert run_cli("check", str(source), "--pages", "2").exit_code == 0
