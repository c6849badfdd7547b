"""What five PDF text extractors read back from right-to-left lines, per way of writing them
(issue 26). Prints a table: extractor x line x encoding -> ok / how it differs.

Encodings: a) shaped glyphs in visual order, no ActualText; b) a) with a
`/Span <</ActualText (logical)>> BDC ... EMC` around each right-to-left run; c) the same
around the whole line; d) glyphs written in logical order, each placed at its visual x.

    python benchmarks/rtl_extractors.py [FONT.ttf] [PDFJS_DIR]

FONT defaults to DejaVu Sans (Hebrew, Arabic, Latin in one face); PDFJS_DIR is a folder
holding node_modules/pdfjs-dist (pdf.js is skipped without it or without node)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import tempfile
import unicodedata
from itertools import groupby
from pathlib import Path

from reportlab.lib.colors import black
from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfgen.canvas import Canvas

from resume_pdf.pdf import rtl
from resume_pdf.text.bidi import first_strong_rtl

LINES = {
    "Hebrew": "מהנדסת תוכנה בכירה בחברת אורן",
    "Arabic": "مهندسة برمجيات أولى في شركة النور",
    "mixed": "قادت فريقا من 12 مهندسا في Google منذ 2020",
    "mixed he": "ניהלתי צוות של 12 ב-Google, ל-2,000 לקוחות.",
    "lam-alef, marks, brackets": "حتى الآن في الجامعة الأمريكية (عمّان) لا",
    "brackets he": "כתבתי את המנוע (Go, PostgreSQL) עבור 1.2 מיליון",
}
CONTROLS = dict.fromkeys(
    map(ord, "\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
)
ENCODINGS = "abcd"


def utf16(text: str) -> str:
    return "<FEFF" + text.encode("utf-16-be").hex().upper() + ">"


def draw(canv: Canvas, text: str, encoding: str, y: float) -> None:
    frag = rtl._Frag("M", 14, black)  # noqa: SLF001
    base = first_strong_rtl(text)
    pieces = rtl.line_pieces([(text, frag)], base)
    width = sum(p.width for p in pieces)
    x = 550 - width if base else 40
    at = []
    for piece in pieces:
        at.append((piece, x))
        x += piece.width
    if encoding == "a":
        rtl.draw_line(canv, pieces, at[0][1], y)
    elif encoding == "c":
        canv.addLiteral(f"/Span <</ActualText {utf16(text)}>> BDC")
        rtl.draw_line(canv, pieces, at[0][1], y)
        canv.addLiteral("EMC")
    elif encoding == "b":
        for rtl_run, group in groupby(at, key=lambda item: item[0].rtl):
            group = list(group)
            if rtl_run:
                logical = "".join(p.text for p, _ in sorted(group, key=lambda i: i[0].start))
                canv.addLiteral(f"/Span <</ActualText {utf16(logical)}>> BDC")
            rtl.draw_line(canv, [piece for piece, _ in group], group[0][1], y)
            if rtl_run:
                canv.addLiteral("EMC")
    else:  # logical order: pieces by their place in the text, glyphs in reading order
        for piece, px in sorted(at, key=lambda item: item[0].start):
            rtl.draw_line(canv, [piece], px, y, logical=True)


def build(encoding: str, font: str) -> bytes:
    pdfmetrics.registerFont(ttfonts.TTFont("M", font))
    buf = io.BytesIO()
    canv = Canvas(buf)
    for n, text in enumerate(LINES.values()):
        draw(canv, text, encoding, 700 - 60 * n)
    canv.save()
    return buf.getvalue()


def extract(pdf: Path, pdfjs: Path | None) -> dict[str, list[str]]:
    import pdfminer.high_level
    import pypdf
    import pypdfium2

    out = {}
    out["pypdf"] = pypdf.PdfReader(pdf).pages[0].extract_text().splitlines()
    out["pdfminer"] = pdfminer.high_level.extract_text(pdf).splitlines()
    doc = pypdfium2.PdfDocument(pdf)
    page = doc[0].get_textpage()
    out["PDFium"] = page.get_text_range().splitlines()
    doc.close()
    run = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True)
    out["poppler"] = run.stdout.splitlines()
    if pdfjs is not None:
        script = (
            "const p=require('pdfjs-dist/legacy/build/pdf.js');"
            "(async()=>{const d=await p.getDocument({data:new Uint8Array(require('fs')"
            ".readFileSync(process.argv[1]))}).promise;const c=await (await d.getPage(1))"
            ".getTextContent();let s='';for(const i of c.items){s+=i.str;if(i.hasEOL)s+='\\n'}"
            "console.log(s)})()"
        )
        script = script.replace("pdf.js'", "pdf.mjs'") if _mjs(pdfjs) else script
        run = subprocess.run(
            ["node", "-e", script, str(pdf)],
            capture_output=True,
            text=True,
            cwd=pdfjs,
            check=True,
        )
        out["pdf.js"] = run.stdout.splitlines()
    return out


def _mjs(pdfjs: Path) -> bool:
    return (pdfjs / "node_modules/pdfjs-dist/legacy/build/pdf.mjs").exists()


def verdict(found: list[str], want: str) -> str:
    """'ok', or how the closest line differs from the logical text."""
    plain = [" ".join(line.translate(CONTROLS).split()) for line in found]
    if want in plain:
        return "ok"
    lines = [unicodedata.normalize("NFKC", line) for line in plain if line]
    if want in lines:
        return "ok, presentation forms"
    words = want.split()
    for line in lines:
        if line == want[::-1]:
            return "all reversed"
        if line.split() == words[::-1]:
            return "words reversed"
        if line.split() == [w[::-1] for w in words]:
            return "each word reversed"
        if line.replace(" ", "") == want.replace(" ", ""):
            return "spaces moved"
        if sorted(line.split()) == sorted(words):
            return "words shuffled"
        if sorted(line.replace(" ", "")) == sorted(want.replace(" ", "")):
            return "letters out of order"
        if len(line) >= len(want) * 2 - 2 and want in line.replace("  ", " "):
            return "doubled"
    best = max(lines, key=lambda s: len(set(s) & set(want)), default="")
    return "other: " + best[:40]


def main() -> None:
    font = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    pdfjs = Path(sys.argv[2]) if len(sys.argv) > 2 else None
    if pdfjs is not None and not (pdfjs / "node_modules/pdfjs-dist").exists():
        pdfjs = None
    results: dict[tuple[str, str, str], str] = {}
    raw: dict[str, dict[str, list[str]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for enc in ENCODINGS:
            pdf = Path(tmp) / f"{enc}.pdf"
            pdf.write_bytes(build(enc, font))
            found = extract(pdf, pdfjs)
            raw[enc] = found
            for tool, lines in found.items():
                for name, want in LINES.items():
                    results[(tool, name, enc)] = verdict(lines, want)
    tools = sorted({t for t, _, _ in results}, key=list(raw["a"]).index)
    print("| extractor | line | " + " | ".join(f"({e})" for e in ENCODINGS) + " |")
    print("|---|---|" + "---|" * len(ENCODINGS))
    for tool in tools:
        for name in LINES:
            cells = [results[(tool, name, e)] for e in ENCODINGS]
            print(f"| {tool} | {name} | " + " | ".join(cells) + " |")
    if "--raw" in sys.argv:
        print(json.dumps(raw, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
