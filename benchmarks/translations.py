"""What translations cost a one-language build: the bundled example as it is, against the
same résumé with every text field written as `{en: ..., de: ...}` and built in English.

    python benchmarks/translations.py [--runs N]

Cold: a fresh `python -m resume_pdf build` process each time, as a user runs it. Warm: in
this process (fonts and modules loaded). Both alternate A/B so that the machine's drift
falls on both alike; printed: each one's median, and the median of the per-pair ratios
(translated / plain). Validation alone (load_resume) is timed the same way, since that is
where the mappings are resolved (its cost is mostly the YAML parse of a file with three
times the nodes). Nothing here is a test.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

# keys whose values are not shown text (addresses, dates, names of things), left as they are
NOT_TEXT = {"url", "email", "phone", "website", "start", "end", "style", "pages", "page_size"}
NOT_TEXT |= {"tags", "exclude", "locale", "formats", "photo", "show", "doi", "date"}


def translated(node: Any, key: str = "") -> Any:
    """Every shown text of `node` as {en: text, de: a German stand-in of the same length}."""
    if key in NOT_TEXT:
        return node
    if isinstance(node, dict):
        return {k: translated(v, k if not isinstance(v, list) else k) for k, v in node.items()}
    if isinstance(node, list):
        return [translated(v, key) for v in node]
    if isinstance(node, str):
        return {"en": node, "de": node[::-1] if key == "name" else node}
    return node


def pair(plain: Path, other: Path, runs: int, action: Any) -> tuple[list[float], list[float]]:
    a, b = [], []
    for i in range(runs):
        order = ((plain, a), (other, b)) if i % 2 == 0 else ((other, b), (plain, a))
        for path, samples in order:
            started = time.perf_counter()
            action(path)
            samples.append(time.perf_counter() - started)
    return a, b


def report(name: str, a: list[float], b: list[float]) -> None:
    ratios = [y / x for x, y in zip(a, b, strict=True)]
    print(
        f"{name}: plain {statistics.median(a) * 1000:.2f} ms, translated "
        f"{statistics.median(b) * 1000:.2f} ms, ratio median {statistics.median(ratios):.3f} "
        f"({min(ratios):.3f}-{max(ratios):.3f}, {len(ratios)} pairs)"
    )


def main() -> None:
    import yaml

    from resume_pdf.build import Options, build
    from resume_pdf.model.resume_schema import load_resume

    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=41)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as folder:
        plain = Path(folder) / "plain.yaml"
        other = Path(folder) / "translated.yaml"
        data = yaml.safe_load((ROOT / "resume.yaml").read_text(encoding="utf-8"))
        plain.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
        data = {**translated(data), "languages": ["en", "de"]}
        other.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
        options = Options(language="en")
        for path in (plain, other):  # warm: fonts loaded, first build's imports paid
            build(path, Path(folder) / f"{path.stem}.pdf")

        def cold(path: Path) -> None:
            lang = ["--lang", "en"] if path == other else []
            command = [sys.executable, "-m", "resume_pdf", "build", str(path), "-q", *lang]
            subprocess.run(command, check=True, capture_output=True)

        report("cold build (pdf)", *pair(plain, other, runs, cold))
        report("validate", *pair(plain, other, runs * 5, load_resume))
        report(
            "build (pdf)",
            *pair(
                plain,
                other,
                runs,
                lambda p: build(
                    p, Path(folder) / f"{p.stem}.pdf", options if p == other else Options()
                ),
            ),
        )


if __name__ == "__main__":
    main()
