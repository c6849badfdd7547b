"""Benchmarks for issue 14: a build with the user's own CJK font (CFF, so first build
converts it, later builds read the cache) and a 20-page CV with `pages: any`. Each figure is
the median (min-max) of N cold runs of the `resume-pdf` command in a fresh process, so import
time is included. Nothing here is a test: speed never fails the suite.

    python benchmarks/scripts.py [--runs N] [--font PATH]

`--font` measures a real font (e.g. /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc,
face #1 is Korean... any face works); without it, a CFF font of a few hundred glyphs made
with fontTools stands in.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

JAPANESE = """name: 東京 大学
headline: 開発者
style: ja
locale: ja
summary: {summary}
sections:
  - title: 経歴
    experience:
      - {{role: 開発者, organization: 株式会社, start: 2020-04, end: present,
          highlights: [{summary}]}}
"""


def run(args: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True, env=env)
    if done.returncode:
        raise SystemExit(done.stderr)
    return time.perf_counter() - started


def figure(samples: list[float]) -> str:
    return f"{statistics.median(samples):.3f} s ({min(samples):.3f}-{max(samples):.3f})"


def cjk_font(folder: Path, font: str | None) -> str:
    if font:
        name = Path(font.split("#")[0]).name
        shutil.copy(font.split("#")[0], folder / name)
        return name + ("#" + font.split("#")[1] if "#" in font else "")
    from scriptfonts import CJK_PUNCT, HAN, KANA, LATIN, make_font

    make_font(folder / "Ja.otf", LATIN + KANA + HAN + CJK_PUNCT, cff=True)
    return "Ja.otf"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--font")
    opts = parser.parse_args()
    exe = shutil.which("resume-pdf") or sys.exit("resume-pdf is not installed")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env = {**os.environ, "XDG_CACHE_HOME": str(folder / "cache")}
        face = cjk_font(folder, opts.font)
        (folder / "styles").mkdir()
        (folder / "styles" / "ja.yaml").write_text(
            f"extends: modern\nfonts: {{body: '{face}', headings: '{face}', name: '{face}'}}\n",
            encoding="utf-8",
        )
        summary = "東京大学の開発者として、「経歴」と「技能」をまとめました。" * 6
        (folder / "ja.yaml").write_text(JAPANESE.format(summary=summary), encoding="utf-8")
        build = [exe, "build", str(folder / "ja.yaml"), "-o", str(folder / "ja.pdf")]
        first = []
        for _ in range(opts.runs):
            shutil.rmtree(folder / "cache", ignore_errors=True)
            first.append(run(build, env))
        cached = [run(build, env) for _ in range(opts.runs)]
        print(f"user CFF font, first build (converts): {figure(first)}")
        print(f"user CFF font, cached:                 {figure(cached)}")

        from test_long_cvs_up_to_twenty_pages import long_cv

        (folder / "cv20.yaml").write_text(long_cv(126, "any"), encoding="utf-8")
        cv20 = [exe, "build", str(folder / "cv20.yaml"), "-o", str(folder / "cv20.pdf")]
        pages = subprocess.run(cv20, capture_output=True, text=True, env=env).stdout.strip()
        times = [run(cv20, env) for _ in range(opts.runs)]
        print(f"20-page CV, pages: any, cold:          {figure(times)}  [{pages.split(': ')[1]}]")
    print(f"load average: {os.getloadavg()[0]:.2f} (machine shared with other builds)")


if __name__ == "__main__":
    main()
