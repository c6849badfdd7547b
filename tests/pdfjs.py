"""A PDF's text as pdf.js reads it (Firefox's viewer, and web ATS parsers such as
OpenResume, which run on it): its getTextContent() items, through tests/js/textcontent.js
under node. `npm install --prefix tests/js` (in .ci/run) puts pdfjs-dist there; PDFJS_DIR
names another folder holding its node_modules. `missing()` says why it cannot run.

And OpenResume's rule for joining those items into lines (its
group-text-items-into-lines.ts): items apart by a line end are lines; whitespace-only
items are dropped; neighbours closer than a typical character are merged, a space added
only after `: , | .` or a bullet."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent / "js"
BULLETS = ("⋅", "∙", "🞄", "•", "⦁", "⚫︎", "●", "⬤", "⚬", "○")


@dataclass(frozen=True)
class Item:
    text: str
    x: float
    y: float
    width: float
    height: float
    font: str
    eol: bool
    page: int

    @property
    def blank(self) -> bool:
        return not self.text.strip()


def _roots() -> list[Path]:
    return [Path(p) for p in (os.environ.get("PDFJS_DIR"), HERE) if p]


def missing() -> str | None:
    """Why pdf.js cannot run here, or None."""
    if shutil.which("node") is None:
        return "node is not installed (pdf.js runs under node)"
    if not any((r / "node_modules" / "pdfjs-dist" / "package.json").exists() for r in _roots()):
        return "pdfjs-dist is not installed: npm install --prefix tests/js"
    return None


def items(pdf: Path) -> list[list[Item]]:
    """Each page's text items, in pdf.js's order."""
    env = dict(os.environ)
    root = next(r for r in _roots() if (r / "node_modules" / "pdfjs-dist").exists())
    env["PDFJS_DIR"] = str(root)
    done = subprocess.run(
        ["node", str(HERE / "textcontent.js"), str(pdf)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=True,
    )
    pages = json.loads(done.stdout)
    return [
        [
            Item(i["str"], i["x"], i["y"], i["width"], i["height"], i["font"], i["eol"], n)
            for i in page
        ]
        for n, page in enumerate(pages)
    ]


def openresume_lines(pages: list[list[Item]]) -> list[list[Item]]:
    """OpenResume's lines: its groupTextItemsIntoLines, step for step."""
    lines: list[list[Item]] = []
    line: list[Item] = []
    for item in (i for page in pages for i in page):
        if not item.blank:
            line.append(item)
        if item.eol:
            lines.append(line)
            line = []
    if line:
        lines.append(line)
    width = typical_char_width([i for line in lines for i in line])
    out = []
    for line in lines:
        merged = list(line)
        for i in range(len(merged) - 1, 0, -1):
            left, right = merged[i - 1], merged[i]
            if right.x - (left.x + left.width) <= width:
                text = left.text + (" " if _add_space(left.text, right.text) else "") + right.text
                merged[i - 1] = Item(
                    text, left.x, left.y, right.x + right.width - left.x, left.height,
                    left.font, left.eol, left.page,
                )  # fmt: skip
                del merged[i]
        out.append(merged)
    return out


def _add_space(left: str, right: str) -> bool:
    end, start = left[-1:], right[:1]
    return (end in (":", ",", "|", ".", *BULLETS) and start != " ") or (
        end != " " and start in ("|", *BULLETS)
    )


def typical_char_width(found: list[Item]) -> float:
    """The mean character width of the items in the commonest height and font."""
    found = [i for i in found if not i.blank]
    heights = Counter(i.height for i in found)
    fonts: Counter[str] = Counter()
    for i in found:
        fonts[i.font] += len(i.text)
    height = heights.most_common(1)[0][0]
    font = fonts.most_common(1)[0][0]
    common = [i for i in found if i.font == font and i.height == height]
    return sum(i.width for i in common) / sum(len(i.text) for i in common)


FOOTER = re.compile(r"(.*\S\s+)?\d+\s*/\s*\d+")
