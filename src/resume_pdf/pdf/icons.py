"""Contact icons as vector paths: SVG path data (Tabler Icons, MIT) -> PDF path operators.

Icons are drawn with the canvas's path operators, never as characters of an icon font, so
the text layer stays exactly the contact details (an icon font leaves private-use
characters that ATS parsers read as junk). The path data is parsed once per icon and kept.
"""

from __future__ import annotations

import math
import re
from functools import cache
from urllib.parse import urlsplit

from reportlab.pdfgen.canvas import Canvas

from ..model.resume import Contact
from .icon_paths import ICON_PATHS

GRID = 24.0  # the icons' viewBox is 0 0 24 24
STROKE = 2.0  # in grid units, as the SVGs declare

# Seen in a link's host (or, failing that, its label): which icon it gets.
_HOSTS = {
    "github": "github",
    "gitlab": "gitlab",
    "linkedin": "linkedin",
    "twitter": "x",
    "x.com": "x",
    "stackoverflow": "stackoverflow",
    "mastodon": "mastodon",
    "bsky": "bluesky",
    "bluesky": "bluesky",
    "youtube": "youtube",
    "medium": "medium",
    "dribbble": "dribbble",
    "behance": "behance",
    "scholar.google": "scholar",
    "orcid": "orcid",
}

Segment = tuple[str, tuple[float, ...]]  # ("M"|"L"|"C"|"Z", absolute coordinates)
_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


def contact_icon(contact: Contact, shown: str, url: str | None) -> str:
    """The icon of one item of the contact line (as `content.contact_items` lists them)."""
    if shown == contact.email:
        return "mail"
    if shown == contact.phone:
        return "phone"
    if url is None:
        return "location"
    if url == contact.website:
        return "website"
    return icon_for_link(url, next((k.label for k in contact.links if k.url == url), None))


def icon_for_link(url: str, label: str | None = None) -> str:
    """The brand icon of a link's site (by host, else by label), or a plain link icon."""
    host = (urlsplit(url).hostname or "").removeprefix("www.")
    for key, icon in _HOSTS.items():
        if key in host or (label and key.split(".")[0] == label.strip().lower()):
            return icon
    return "website" if urlsplit(url).path in ("", "/") else "link"


@cache
def icon_segments(name: str) -> tuple[Segment, ...]:
    """The icon's outline as absolute move/line/curve/close segments on its 24-unit grid."""
    return tuple(s for d in ICON_PATHS[name] for s in parse_path(d))


def parse_path(d: str) -> list[Segment]:
    """SVG path data -> absolute M/L/C/Z segments (arcs and quadratics become cubics)."""
    tokens = _TOKEN.findall(d)
    out: list[Segment] = []
    x = y = sx = sy = 0.0
    last_ctrl: tuple[float, float] | None = None  # for S: the previous cubic's 2nd control
    i, cmd = 0, ""
    while i < len(tokens):
        if tokens[i].isalpha():
            cmd, i = tokens[i], i + 1
        elif not cmd:
            raise ValueError(f"path data must start with a command: {d[:20]!r}")
        op, rel = cmd.upper(), cmd.islower()
        n = _ARITY[op]
        args = [float(t) for t in tokens[i : i + n]]
        i += n
        ox, oy = (x, y) if rel else (0.0, 0.0)
        ctrl: tuple[float, float] | None = None
        if op == "Z":
            out.append(("Z", ()))
            x, y = sx, sy
        elif op in ("M", "L", "T"):
            x, y = args[0] + ox, args[1] + oy
            out.append(("M" if op == "M" else "L", (x, y)))
            if op == "M":
                sx, sy, cmd = x, y, "l" if rel else "L"  # later pairs are line-tos
        elif op in ("H", "V"):
            x, y = (args[0] + ox, y) if op == "H" else (x, args[0] + oy)
            out.append(("L", (x, y)))
        elif op in ("C", "S"):
            if op == "S":
                c1 = (2 * x - last_ctrl[0], 2 * y - last_ctrl[1]) if last_ctrl else (x, y)
                pts = [*c1, *(a + (ox, oy)[k % 2] for k, a in enumerate(args))]
            else:
                pts = [a + (ox, oy)[k % 2] for k, a in enumerate(args)]
            out.append(("C", tuple(pts)))
            ctrl, (x, y) = (pts[2], pts[3]), (pts[4], pts[5])
        elif op == "Q":
            qx, qy, ex, ey = args[0] + ox, args[1] + oy, args[2] + ox, args[3] + oy
            c = (x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y))
            c2 = (ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey))
            out.append(("C", (*c, *c2, ex, ey)))
            x, y = ex, ey
        else:  # A
            ex, ey = args[5] + ox, args[6] + oy
            out.extend(_arc(x, y, args[0], args[1], args[2], bool(args[3]), bool(args[4]), ex, ey))
            x, y = ex, ey
        last_ctrl = ctrl
    return out


def _arc(
    x1: float,
    y1: float,
    rx: float,
    ry: float,
    phi: float,
    large: bool,
    sweep: bool,
    x2: float,
    y2: float,
) -> list[Segment]:
    """An elliptical arc as cubic Béziers (SVG 1.1 appendix F.6: endpoint -> centre form)."""
    if rx == 0 or ry == 0 or (x1, y1) == (x2, y2):
        return [("L", (x2, y2))]
    cos, sin = math.cos(math.radians(phi)), math.sin(math.radians(phi))
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p, y1p = cos * dx + sin * dy, -sin * dx + cos * dy
    rx, ry = abs(rx), abs(ry)
    scale = x1p**2 / rx**2 + y1p**2 / ry**2
    if scale > 1:
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    num = rx**2 * ry**2 - rx**2 * y1p**2 - ry**2 * x1p**2
    den = rx**2 * y1p**2 + ry**2 * x1p**2
    k = math.sqrt(max(num / den, 0.0)) * (-1 if large == sweep else 1)
    cxp, cyp = k * rx * y1p / ry, -k * ry * x1p / rx
    cx = cos * cxp - sin * cyp + (x1 + x2) / 2
    cy = sin * cxp + cos * cyp + (y1 + y2) / 2
    t1 = math.atan2((y1p - cyp) / ry, (x1p - cxp) / rx)
    t2 = math.atan2((-y1p - cyp) / ry, (-x1p - cxp) / rx)
    delta = t2 - t1
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    parts = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / parts
    alpha = 4 / 3 * math.tan(step / 4)

    def point(t: float) -> tuple[float, float]:
        px, py = rx * math.cos(t), ry * math.sin(t)
        return cx + cos * px - sin * py, cy + sin * px + cos * py

    def tangent(t: float) -> tuple[float, float]:
        px, py = -rx * math.sin(t), ry * math.cos(t)
        return cos * px - sin * py, sin * px + cos * py

    out: list[Segment] = []
    for j in range(parts):
        a, b = t1 + j * step, t1 + (j + 1) * step
        (ax, ay), (bx, by) = point(a), point(b)
        (dax, day), (dbx, dby) = tangent(a), tangent(b)
        c1 = (ax + alpha * dax, ay + alpha * day)
        c2 = (bx - alpha * dbx, by - alpha * dby)
        out.append(("C", (*c1, *c2, bx, by)))
    return out


def draw_icon(canv: Canvas, name: str, x: float, y: float, size: float, color: object) -> None:
    """Stroke icon `name` into the square of side `size` whose lower left corner is (x, y)."""
    s = size / GRID
    path = canv.beginPath()
    for op, pts in icon_segments(name):
        xy = [x + v * s if k % 2 == 0 else y + (GRID - v) * s for k, v in enumerate(pts)]
        if op == "M":
            path.moveTo(*xy)
        elif op == "L":
            path.lineTo(*xy)
        elif op == "C":
            path.curveTo(*xy)
        else:
            path.close()
    canv.saveState()
    canv.setStrokeColor(color)
    canv.setLineWidth(STROKE * s)
    canv.setLineCap(1)
    canv.setLineJoin(1)
    canv.drawPath(path, stroke=1, fill=0)
    canv.restoreState()
