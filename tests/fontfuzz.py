"""The font fuzzer's worker (tests/fonts/test_hostile_font_files.py runs it in a subprocess under a
memory cap): the bundled Roboto with bytes of one table mutated, used as the body font of a
style, built through the real CLI in this process, one JSON line per case.

    python tests/fontfuzz.py FOLDER SEED CASES

Case i mutates table TABLES[i % 8] (so every table gets its share) at 1-16 random offsets
inside it, from random.Random(f"{SEED}:{i}"); cases -1 .. -16 set a whole table to 0xFF or
0x00. A line is written (and flushed) before each build, so a case that kills the process
is still named.
"""

from __future__ import annotations

import importlib.util
import io
import json
import random
import sys
import time
import traceback
from pathlib import Path

from click.testing import CliRunner
from fontTools.ttLib import TTFont
from pypdf import PdfReader

from resume_pdf.cli import main as cli

PREVIOUS = b"%PDF-1.4\n% the previous PDF: a failed build leaves it as it was\n"
TABLES = ("head", "hhea", "maxp", "loca", "glyf", "cmap", "hmtx", "GPOS")
RESUME = """name: Ann Example
style: fuzz
contact: {email: ann@example.com}
summary: To AVAVA Type Wolf office — “quoted” Æsir façade ﬁle 1–2
sections:
  - title: Experience
    experience:
      - {role: Engineer, organization: Acme, start: 2020-01, end: present,
         highlights: [Took the Yaw tower, kept WAVE Toys at 99%]}
"""


def roboto() -> Path:
    spec = importlib.util.find_spec("font_roboto")
    assert spec is not None and spec.submodule_search_locations
    return Path(next(iter(spec.submodule_search_locations))) / "files" / "Roboto-Regular.ttf"


def mutated(base: bytes, tables: dict[str, tuple[int, int]], case: int, seed: int) -> bytes:
    data = bytearray(base)
    if case < 0:  # a whole table of 0xFF (odd) or 0x00 (even)
        offset, length = tables[TABLES[(-case - 1) // 2]]
        data[offset : offset + length] = (b"\xff" if case % 2 else b"\x00") * length
        return bytes(data)
    rng = random.Random(f"{seed}:{case}")
    offset, length = tables[TABLES[case % len(TABLES)]]
    for _ in range(rng.choice((1, 1, 2, 4, 16))):
        at = offset + rng.randrange(length)
        data[at] = rng.choice((0, 0xFF, rng.randrange(256), data[at] ^ 1 << rng.randrange(8)))
    return bytes(data)


def run(folder: Path, seed: int, cases: int) -> None:
    base = roboto().read_bytes()
    directory = TTFont(roboto()).reader.tables
    tables = {tag: (directory[tag].offset, directory[tag].length) for tag in TABLES}
    (folder / "resume.yaml").write_text(RESUME, encoding="utf-8")
    (folder / "styles").mkdir(exist_ok=True)
    for case in (*range(-2 * len(TABLES), 0), *range(cases)):
        name = f"fuzz-{case % 2}.ttf"  # two names: each file is rewritten every other case
        (folder / name).write_bytes(mutated(base, tables, case, seed))
        (folder / "styles" / "fuzz.yaml").write_text(
            f"extends: classic\nfonts:\n  body: {name}\n", encoding="utf-8"
        )
        (folder / "out.pdf").write_bytes(PREVIOUS)
        print(json.dumps({"case": case, "started": True}), flush=True)
        started = time.perf_counter()
        try:
            args = ["build", str(folder / "resume.yaml"), "-o", str(folder / "out.pdf")]
            result = CliRunner().invoke(cli, args, catch_exceptions=False)
            line = {"exit": result.exit_code, "stderr": result.stderr[-2000:]}
        except BaseException as exc:  # noqa: BLE001 - what the test reports
            line = {"exit": None, "stderr": "".join(traceback.format_exception(exc))[-2000:]}
        line |= {"case": case, "table": _table(case), "seconds": time.perf_counter() - started}
        line["pdf"] = _pdf(folder / "out.pdf")
        print(json.dumps(line), flush=True)


def _pdf(path: Path) -> str:
    """What the build left at the output: the previous file, or a new PDF's page count."""
    data = path.read_bytes()
    if data == PREVIOUS:
        return "previous"
    try:
        return f"{len(PdfReader(io.BytesIO(data), strict=True).pages)} pages"
    except Exception as exc:  # noqa: BLE001 - what the test reports
        return f"unreadable ({type(exc).__name__}: {exc})"


def _table(case: int) -> str:
    return TABLES[(-case - 1) // 2] if case < 0 else TABLES[case % len(TABLES)]


if __name__ == "__main__":
    run(Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))
