"""Pictures to look at, as a recruiter and as a typographer would: every style's example
before and after a change (150 dpi, whole pages), and 300 dpi crops of what the eye meets
first (a heading over an entry title, the skill columns, the sidebar's panel: addresses,
sizes, headline, page number, its foot and tint; page 2's top and footer; a long name's
header; a mixed-direction page), each beside RenderCV 2.8's nearest theme on the same
content.

    python benchmarks/crops.py OUT [--before REF | --before-cmd RESUME_PDF]
                                   [--rendercv RENDERCV]

OUT: a folder for the pictures (made; nothing in it is committed). REF: a git ref of this
repository whose src/ is laid out as "before" (default: main); or RESUME_PDF, an
installed older resume-pdf command. "after" is this checkout's src/. RENDERCV: RenderCV's
command (default: /tmp/rcv28/bin/rendercv, else `rendercv` on PATH); it builds offline
once benchmarks/typst_offline.py has run for it; without it the RenderCV column is left out.
Writes OUT/pages/STYLE.png (before | after | RenderCV, page 1), OUT/pages/*-pN.png (every
page of every PDF), OUT/crops/ITEM.png (before | after | RenderCV) and prints their paths.
"""

from __future__ import annotations

import argparse
import copy
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pypdfium2 as pdfium
import yaml
from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "resume.yaml"
RCV_EXAMPLE = ROOT / "benchmarks" / "example.rendercv.yaml"
STYLES = ("classic", "compact", "modern", "serif", "sidebar", "mono")
# RenderCV's nearest theme per style (docs/foreign-formats.md reads them the other way);
# RenderCV has no sidebar theme: moderncv's left column of dates is the nearest
NEAREST = {
    "classic": "classic",
    "compact": "engineeringresumes",
    "modern": "moderncv",
    "serif": "harvard",
    "sidebar": "moderncv",
    "mono": "ink",
}
LONG_NAME = "Maximiliane Wolfeschlegelstein-Hausenbergerdorff"
MIXED = """\
name: David Cohen
summary: מהנדס תוכנה עם 10 שנות ניסיון בפיתוח מערכות גדולות ובהובלת צוותים.
contact: {email: david@example.com, phone: "+972 50 123 4567"}
sections:
  - title: ניסיון
    experience:
      - role: מהנדס בכיר
        organization: חברת אבג
        start: 2019-03
        end: 2022-01
        highlights:
          - قادت فريقا من 12 مهندسا في الشركة منذ 2020
      - role: מהנדסת Python
        organization: شركة النور
        start: 2022-02
        end: 2024-05
"""
PAGE_DPI, CROP_DPI = 150, 300
PANEL_ONLY = ("sidebar-addresses", "sidebar-headline")  # ours cropped to the panel


def runner(args: argparse.Namespace, work: Path) -> tuple[list[str], dict[str, str]]:
    """The "before" command and its environment: an installed command, or REF's src/."""
    if args.before_cmd:
        return [args.before_cmd], dict(os.environ)
    src = work / "before"
    src.mkdir()
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", args.before, "src"], capture_output=True, check=True
    )
    subprocess.run(["tar", "-x", "-C", str(src)], input=archive.stdout, check=True)
    return [sys.executable, "-m", "resume_pdf"], {**os.environ, "PYTHONPATH": str(src / "src")}


def build(command: tuple[list[str], dict[str, str]], source: Path, pdf: Path, *flags: str) -> Path:
    done = subprocess.run(
        [*command[0], "build", str(source), "-o", str(pdf), *flags],
        capture_output=True,
        text=True,
        env=command[1],
    )
    if done.returncode:
        raise SystemExit(f"{' '.join(command[0])} build {source.name}: {done.stderr.strip()}")
    return pdf


def rendercv(command: str | None, data: dict, pdf: Path) -> Path | None:
    """RenderCV's PDF of `data` (its YAML as a dict), or None without RenderCV."""
    if not command:
        return None
    work = pdf.with_suffix("")
    work.mkdir(exist_ok=True)
    (work / "cv.yaml").write_text(
        yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8"
    )
    run = [command, "render", "cv.yaml", "--dont-generate-markdown", "-nohtml", "-nopng"]
    done = subprocess.run([*run, "-pdf", str(pdf)], cwd=work, capture_output=True, text=True)
    return pdf if done.returncode == 0 and pdf.exists() else None


def rcv_data(theme: str, name: str | None = None) -> dict:
    data = yaml.safe_load(RCV_EXAMPLE.read_text(encoding="utf-8"))
    data.setdefault("design", {})["theme"] = theme
    if name:
        data["cv"]["name"] = name
    return data


def rcv_from_ours(source: Path, theme: str) -> dict:
    """A résumé of ours (name, contact, summary, experience, education, skills) in
    RenderCV's format (projects and publications too), for the crops of content RenderCV
    has no file of."""
    ours = yaml.safe_load(source.read_text(encoding="utf-8"))
    contact = ours.get("contact", {})
    cv: dict = {"name": ours["name"], "sections": {}}
    cv.update({k: contact[k] for k in ("email", "phone", "location", "website") if k in contact})
    if ours.get("headline"):
        cv["headline"] = ours["headline"]
    if ours.get("summary"):
        cv["sections"]["summary"] = [ours["summary"].strip()]
    for section in ours.get("sections", []):
        key = section["title"].lower().replace(" ", "_")
        if "experience" in section:
            cv["sections"][key] = [_rcv_job(e) for e in section["experience"]]
        elif "education" in section:
            cv["sections"][key] = [_rcv_school(e) for e in section["education"]]
        elif "projects" in section:
            cv["sections"][key] = [
                {"name": e["title"], "summary": e.get("summary", "")} for e in section["projects"]
            ]
        elif "publications" in section:
            cv["sections"][key] = [
                {"title": e["title"], "authors": e.get("authors", []), "journal": e.get("venue")}
                for e in section["publications"]
            ]
        elif "skills" in section:
            cv["sections"][key] = [
                {"label": g["group"], "details": ", ".join(g["items"])} for g in section["skills"]
            ]
    return {"cv": cv, "design": {"theme": theme}}


def _rcv_job(e: dict) -> dict:
    job = {"company": e.get("organization", ""), "position": e.get("role", "")}
    job.update(_rcv_dates(e))
    return {**job, "location": e.get("location", ""), "highlights": e.get("highlights", [])}


def _rcv_school(e: dict) -> dict:
    school = {"institution": e["institution"], "area": e.get("field", ""), **_rcv_dates(e)}
    return {**school, "degree": e.get("degree", "")}


def _rcv_dates(e: dict) -> dict:
    out = {"start_date": str(e["start"])} if e.get("start") else {}
    if e.get("end"):
        out["end_date"] = "present" if e["end"] == "present" else str(e["end"])
    return out


def pages(pdf: Path, dpi: int) -> list[Image.Image]:
    doc = pdfium.PdfDocument(pdf)
    try:
        return [doc[i].render(scale=dpi / 72).to_pil().convert("RGB") for i in range(len(doc))]
    finally:
        doc.close()


def find(pdf: Path, text: str, page: int = 0) -> tuple[float, float, float, float] | None:
    """The box (left, bottom, right, top, in points) of the first place `text` is drawn
    on `page`, its letters and digits compared without case, spaces or line breaks."""
    doc = pdfium.PdfDocument(pdf)
    try:
        if page >= len(doc):
            return None
        tp = doc[page].get_textpage()
        chars = [(tp.get_text_range(i, 1), i) for i in range(tp.count_chars())]
        kept = [(c.lower(), i) for c, i in chars if c.isalnum()]
        want = "".join(ch for ch in text.lower() if ch.isalnum())
        at = "".join(c for c, _ in kept).find(want)
        if at < 0:
            return None
        boxes = [tp.get_charbox(i) for _, i in kept[at : at + len(want)]]
        return (
            min(b[0] for b in boxes),
            min(b[1] for b in boxes),
            max(b[2] for b in boxes),
            max(b[3] for b in boxes),
        )
    finally:
        doc.close()


def crop(pdf: Path | None, page: int, box: tuple[float, float, float, float]) -> Image.Image:
    """`box` (left, bottom, right, top in points) of `page` at CROP_DPI; grey without it."""
    left, bottom, right, top = box
    size = (int((right - left) * CROP_DPI / 72), int((top - bottom) * CROP_DPI / 72))
    if pdf is None:
        return Image.new("RGB", size, "#dddddd")
    shown = pages(pdf, CROP_DPI)
    if page >= len(shown):
        return Image.new("RGB", size, "#dddddd")
    height = shown[page].height * 72 / CROP_DPI
    s = CROP_DPI / 72
    return shown[page].crop((left * s, (height - top) * s, right * s, (height - bottom) * s))


def beside(pictures: list[tuple[str, Image.Image]], out: Path) -> Path:
    """The pictures side by side, each under its label, on white."""
    pad, label = 24, 72
    width = sum(p.width for _, p in pictures) + pad * (len(pictures) + 1)
    height = max(p.height for _, p in pictures) + label + pad
    sheet = Image.new("RGB", (width, height), "white")
    draw, x = ImageDraw.Draw(sheet), pad
    for name, picture in pictures:
        draw.text((x, 8), name, fill="black", font_size=56)
        sheet.paste(picture, (x, label))
        draw.rectangle(
            (x - 1, label - 1, x + picture.width, label + picture.height), outline="#999"
        )
        x += picture.width + pad
    out.parent.mkdir(parents=True, exist_ok=True)
    sheet.save(out)
    return out


def region(pdf: Path | None, page: int, first: str, last: str, wide: bool = True) -> tuple:
    """From above `first` to below `last` (texts on `page`), across the text (`wide`: the
    whole paper's width), padded (5 pt below, not into the next line); the page's top
    third when either is not found."""
    a = find(pdf, first, page) if pdf else None
    b = find(pdf, last, page) if pdf else None
    if not (a and b):
        return (0, 528, 612, 792)
    left, right = (0, 612) if wide else (min(a[0], b[0]) - 12, max(a[2], b[2]) + 12)
    return (left, min(a[1], b[1]) - 5, right, max(a[3], b[3]) + 14)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--before", default="main", help="git ref laid out as before")
    parser.add_argument("--before-cmd", help="an installed older resume-pdf command")
    default = "/tmp/rcv28/bin/rendercv" if Path("/tmp/rcv28/bin/rendercv").exists() else None
    parser.add_argument("--rendercv", default=default or shutil.which("rendercv"))
    args = parser.parse_args()
    out: Path = args.out.resolve()
    for folder in ("pdf", "pages", "crops"):
        (out / folder).mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        before = runner(args, work)
        after = (
            [sys.executable, "-m", "resume_pdf"],
            {**os.environ, "PYTHONPATH": str(ROOT / "src")},
        )
        made = whole_pages(args, out, before, after)
        made += item_crops(args, out, work, before, after)
    for path in made:
        print(path)


def whole_pages(args: argparse.Namespace, out: Path, before: tuple, after: tuple) -> list[Path]:
    made = []
    for style in STYLES:
        shown = []
        for label, command in (("before", before), ("after", after)):
            pdf = build(command, EXAMPLE, out / "pdf" / f"{style}-{label}.pdf", "--style", style)
            for n, picture in enumerate(pages(pdf, PAGE_DPI), 1):
                picture.save(out / "pages" / f"{style}-{label}-p{n}.png")
                if n == 1:
                    shown.append((f"{style} {label}", picture))
        theme = NEAREST[style]
        theirs = rendercv(args.rendercv, rcv_data(theme), out / "pdf" / f"rendercv-{theme}.pdf")
        if theirs:
            for n, picture in enumerate(pages(theirs, PAGE_DPI), 1):
                picture.save(out / "pages" / f"rendercv-{theme}-p{n}.png")
                if n == 1:
                    shown.append((f"RenderCV 2.8 {theme}", picture))
        made.append(beside(shown, out / "pages" / f"{style}.png"))
    return made


def item_crops(
    args: argparse.Namespace, out: Path, work: Path, before: tuple, after: tuple
) -> list[Path]:
    """Each item as (name, our source, flags, RenderCV's data, page, [their page],
    the texts bounding it, ours and theirs)."""
    fixtures = ROOT / "tests" / "fixtures"
    long_name = copy.deepcopy(yaml.safe_load(EXAMPLE.read_text(encoding="utf-8")))
    long_name["name"] = LONG_NAME
    named = work / "long-name.yaml"
    named.write_text(
        yaml.safe_dump(long_name, allow_unicode=True, sort_keys=False), encoding="utf-8"
    )
    mixed = work / "mixed.yaml"
    mixed.write_text(MIXED, encoding="utf-8")
    hebrew = yaml.safe_load((ROOT / "benchmarks" / "rtl" / "hebrew.rendercv.yaml").read_text())
    hebrew["cv"]["name"] = "David Cohen"
    panel = fixtures / "sidebar_long_name.yaml"
    items = [
        (
            "heading-vs-title-classic",
            EXAMPLE,
            "classic",
            rcv_data("classic"),
            0,
            ("Three things", "AOTInductor: deploy"),
            ("Three things", "AOTInductor: deploy"),
        ),
        (
            "heading-vs-title-serif",
            EXAMPLE,
            "serif",
            rcv_data("harvard"),
            0,
            ("Three things", "AOTInductor: deploy"),
            ("Three things", "AOTInductor: deploy"),
        ),
        (
            "skill-columns-classic",
            EXAMPLE,
            "classic",
            rcv_data("classic"),
            0,
            ("Skills", "Correctness testing at scale"),
            ("Skills", "Correctness testing"),
        ),
        (
            "sidebar-sizes",
            EXAMPLE,
            "sidebar",
            rcv_data("moderncv"),
            0,
            ("Alex Placeholder", "deployment solutions"),
            ("Alex Placeholder", "deployment solutions"),
        ),
        (
            "sidebar-addresses",
            panel,
            "sidebar",
            rcv_from_ours(panel, "moderncv"),
            0,
            ("maximiliane.wolfe", "Code"),
            ("Maximiliane", "Berlin"),
        ),
        (
            "sidebar-headline",
            panel,
            "sidebar",
            rcv_from_ours(panel, "moderncv"),
            0,
            ("Maximiliane", "behind research models"),
            ("Maximiliane", "research models"),
        ),
        (
            "sidebar-foot-and-tint",
            EXAMPLE,
            "sidebar",
            rcv_data("moderncv"),
            0,
            ("Leading the work", "torchchat"),
            ("Leading the work", "torchchat"),
        ),
        (
            "sidebar-page-number",
            fixtures / "long.yaml",
            "sidebar",
            None,
            0,
            ("Jordan Longfield 1", "2"),
            None,
        ),
        (
            "page-two-top-classic",
            fixtures / "long.yaml",
            "classic",
            rcv_from_ours(fixtures / "long.yaml", "classic"),
            1,
            None,
            None,
        ),
        (
            "page-two-footer-classic",
            fixtures / "long.yaml",
            "classic",
            rcv_from_ours(fixtures / "long.yaml", "classic"),
            1,
            None,
            None,
        ),
        (
            "long-name-header-classic",
            named,
            "classic",
            rcv_data("classic", LONG_NAME),
            0,
            (LONG_NAME, "alex@example.com"),
            (LONG_NAME, "example.com"),
        ),
        ("mixed-direction-classic", mixed, "classic", hebrew, 0, None, None),
    ]
    made = []
    for name, source, style, theirs_data, page, ours_at, theirs_at in items:
        pictures = []
        for label, command in (("before", before), ("after", after)):
            pdf = build(command, source, out / "pdf" / f"{name}-{label}.pdf", "--style", style)
            box = _box(pdf, page, ours_at, name)
            if name in PANEL_ONLY:  # the panel alone: its left 240 pt
                box = (0, box[1], 240, box[3])
            pictures.append((label, crop(pdf, page, box)))
        if theirs_data is not None and args.rendercv:
            theirs = rendercv(args.rendercv, theirs_data, out / "pdf" / f"{name}-rendercv.pdf")
            theme = theirs_data.get("design", {}).get("theme", "classic")
            box = _box(theirs, page, theirs_at, name) if theirs else (0, 528, 612, 792)
            pictures.append((f"RenderCV 2.8 {theme}", crop(theirs, page, box)))
        made.append(beside(pictures, out / "crops" / f"{name}.png"))
    return made


def _box(pdf: Path | None, page: int, at: tuple[str, str] | None, name: str) -> tuple:
    """The crop of an item: between its two texts; a page's top third (page 2's top, a
    mixed-direction header); its foot (a page number: the bottom 70 pt, the whole width)."""
    if name.endswith(("page-number", "footer-classic")):
        return (0, 0, 612, 70)
    if at is None:
        return (0, 792 - 300, 612, 792)
    if name.endswith("foot-and-tint"):
        top = region(pdf, page, *at)[3]
        return (0, 0, 612, top)
    return region(pdf, page, *at)


if __name__ == "__main__":
    main()
