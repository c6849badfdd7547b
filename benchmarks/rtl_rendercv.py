"""The right-to-left samples as five text extractors read them, ours against RenderCV's
(issue 26: RenderCV is the bar). Prints a table: résumé x extractor x tool -> how many of
the résumé's right-to-left fields read back exactly, in logical order.

    python benchmarks/rtl_rendercv.py [RENDERCV] [PDFJS_DIR] [--misses]

Ours: `python -m resume_pdf build docs/rtl/{hebrew,arabic}.yaml` (with the fonts the
machine has, DejaVu Sans on Debian). RenderCV's: benchmarks/rtl/*.rendercv.yaml, the same
words in its format, rendered with `RENDERCV render X --dont-generate-markdown` in a temporary
folder (offline, its Typst packages must be in Typst's cache: benchmarks/typst_offline.py).
RENDERCV defaults to `rendercv` on PATH; PDFJS_DIR is as in benchmarks/rtl_extractors.py,
whose extractors this runs. `--misses` lists each field an extractor missed, as it read it.

A field is one string of docs/rtl/*.yaml holding a right-to-left letter: the name, the
headline, each summary sentence, each role, organisation, highlight, institution, field of
study and skill item. "exact" is the field, character for character, in the page's text
(lines joined by a space, bidi controls dropped, runs of spaces as one): reading order,
base letters, spaces and punctuation where the writer put them. "words" is the field's
words all present, in any order (what a keyword search finds).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).parent))
from rtl_extractors import CONTROLS, extract  # noqa: E402

from resume_pdf.text.bidi import has_rtl  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ("hebrew", "arabic")


def fields(sample: str) -> list[str]:
    """The right-to-left strings of docs/rtl/SAMPLE.yaml, each as a reader would copy it."""
    data = yaml.safe_load((ROOT / "docs" / "rtl" / f"{sample}.yaml").read_text("utf-8"))
    out = [data["name"], data["headline"]]
    out += [s.strip() for s in re.split(r"(?<=\.)\s", " ".join(data["summary"].split()))]
    for section in data["sections"]:
        for entry in section.get("experience", []):
            out += [entry["role"], entry["organization"], *entry["highlights"]]
        for entry in section.get("education", []):
            out += [entry["institution"], entry["field"]]
        for group in section.get("skills", []):
            out += list(group["items"])
    return [f for f in out if f and has_rtl(f)]


def page_text(lines: list[str]) -> str:
    return " ".join(" ".join(line.translate(CONTROLS).split()) for line in lines)


def ours(sample: str, folder: Path) -> Path:
    out = folder / f"ours-{sample}.pdf"
    source = ROOT / "docs" / "rtl" / f"{sample}.yaml"
    command = [sys.executable, "-m", "resume_pdf", "build", str(source), "-o", str(out)]
    subprocess.run(command, capture_output=True, check=True)
    return out


def theirs(rendercv: str, sample: str, folder: Path) -> Path:
    work = folder / f"rendercv-{sample}"
    work.mkdir()
    source = work / f"{sample}.rendercv.yaml"
    shutil.copy(ROOT / "benchmarks" / "rtl" / source.name, source)
    pdf = work / "cv.pdf"
    command = [rendercv, "render", source.name, "--dont-generate-markdown", "-pdf", pdf.name]
    subprocess.run(command + ["-nohtml", "-nopng"], cwd=work, capture_output=True, check=True)
    return pdf


def actual_text(pdf: Path) -> str:
    """How the PDF marks its right-to-left runs: /ActualText spans and /ReversedChars."""
    import pypdf

    streams = b"".join(p.get_contents().get_data() for p in pypdf.PdfReader(pdf).pages)
    spans, reversed_ = streams.count(b"/ActualText"), streams.count(b"/ReversedChars")
    return f"{spans} /ActualText spans, {reversed_} /ReversedChars sequences"


def words(text: str) -> set[str]:
    """The words of `text`, punctuation and symbols set aside (NFKC: base letters)."""
    text = unicodedata.normalize("NFKC", text)
    return set("".join(" " if unicodedata.category(c)[0] in "PSZ" else c for c in text).split())


def score(text: str, wanted: list[str]) -> tuple[int, int, int, list[str]]:
    """(exact, exact after NFKC, all words present, the fields not read exactly)."""
    nfkc = unicodedata.normalize("NFKC", text)
    found = words(text)
    exact = [f for f in wanted if f in text]
    folded = [f for f in wanted if f in nfkc]
    present = [f for f in wanted if words(f) <= found]
    return len(exact), len(folded), len(present), [f for f in wanted if f not in text]


def closest(lines: list[str], field: str) -> str:
    """The line (or two lines joined) sharing the most words with `field`."""
    plain = [" ".join(line.translate(CONTROLS).split()) for line in lines]
    plain += [a + " " + b for a, b in zip(plain, plain[1:], strict=False)]
    return max(plain, key=lambda line: (len(words(line) & words(field)), -len(line)))


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    rendercv = args[0] if args else shutil.which("rendercv")
    if not rendercv or not shutil.which(rendercv):
        raise SystemExit("RenderCV not found: pass its command, e.g. /venv/bin/rendercv")
    pdfjs = Path(args[1]) if len(args) > 1 else None
    if pdfjs is not None and not (pdfjs / "node_modules/pdfjs-dist").exists():
        pdfjs = None
    version = subprocess.run([rendercv, "--version"], capture_output=True, text=True)
    rows, misses, marks = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        for sample in SAMPLES:
            wanted = fields(sample)
            pdfs = {
                "resume-pdf": ours(sample, Path(tmp)),
                "RenderCV": theirs(rendercv, sample, Path(tmp)),
            }
            read = {tool: extract(pdf, pdfjs) for tool, pdf in pdfs.items()}
            marks += [f"{sample}, {tool}: {actual_text(pdf)}" for tool, pdf in pdfs.items()]
            for extractor in read["resume-pdf"]:
                cells = []
                for tool in pdfs:
                    lines = read[tool][extractor]
                    exact, folded, present, missed = score(page_text(lines), wanted)
                    extra = f" (+{folded - exact} NFKC)" if folded > exact else ""
                    cells.append(f"{exact}/{len(wanted)}{extra}, words {present}")
                    misses += [(sample, extractor, tool, f, closest(lines, f)) for f in missed]
                rows.append(f"| {sample} | {extractor} | " + " | ".join(cells) + " |")
    print(f"RenderCV: {version.stdout.strip() or rendercv}")
    print("| résumé | extractor | resume-pdf: exact, words | RenderCV: exact, words |")
    print("|---|---|---|---|")
    print("\n".join(rows))
    print("\n".join(marks))
    if "--misses" in sys.argv:
        for sample, extractor, tool, field, read_as in misses:
            print(f"{sample} {extractor} {tool}: {field}\n    read: {read_as}")


if __name__ == "__main__":
    main()
