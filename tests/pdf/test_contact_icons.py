"""Contact icons (style `contact: {icons: true}`): vector paths beside the contact items,
with a text layer identical to the line without icons and no junk characters."""

from __future__ import annotations

import math
import re
from importlib.resources import files
from pathlib import Path

import pytest
from pypdf import PdfReader

from ats import junk
from conftest import EXAMPLE, run_cli
from resume_pdf.pdf.icon_paths import ICON_PATHS
from resume_pdf.pdf.icons import icon_for_link, icon_segments, parse_path
from resume_pdf.style.theme import builtin_styles, load_theme

PRIVATE_USE = re.compile("[\ue000-\uf8ff\U000f0000-\U0010ffff\ufffd]")
CONTACT = """name: Alex Placeholder
headline: Compilers
contact:
  email: alex@example.com
  phone: "+1 650 555 0100"
  location: Menlo Park, CA
  website: https://example.com
  links:
    - {label: GitHub, url: https://github.com/example}
    - {label: LinkedIn, url: https://www.linkedin.com/in/example}
    - {label: Mastodon, url: https://hachyderm.io/@example}
    - {label: Talks, url: https://example.org/talks/2024/a-long-path-name}
summary: Builds compilers.
"""
SHORT = """name: Alex Placeholder
contact: {email: alex@example.com, phone: "+1 650 555 0100",
          links: [{label: GitHub, url: https://github.com/example}]}
summary: Builds compilers.
"""


def _pdf(tmp_path: Path, source: str | Path, style: str, name: str) -> Path:
    resume = tmp_path / "resume.yaml"
    if isinstance(source, Path):
        resume.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    else:
        resume.write_text(source, encoding="utf-8")
    out = tmp_path / f"{name}.pdf"
    run = run_cli("build", str(resume), "-o", str(out), "--style", style, "--verify")
    assert run.exit_code == 0, run.stderr
    return out


def _without_icons(tmp_path: Path, style: str) -> str:
    styles = tmp_path / "styles"
    styles.mkdir(exist_ok=True)
    (styles / f"{style}-plain.yaml").write_text(
        f"extends: {style}\ncontact: {{icons: false}}\n", encoding="utf-8"
    )
    return f"{style}-plain"


def _words(text: str) -> list[str]:
    return [w for w in text.split() if w != "·"]


def _icon_strokes(pdf: Path) -> int:
    """Round-capped stroked paths: only icons are drawn that way."""
    content = PdfReader(pdf).pages[0].get_contents().get_data().decode("latin-1")
    return content.count("\n1 J\n1 j\n")


ICON_STYLES = [s for s in builtin_styles() if load_theme(s).contact.icons]


def test_at_least_two_builtin_styles_use_icons() -> None:
    assert len(ICON_STYLES) >= 2
    assert not load_theme("classic").contact.icons


@pytest.mark.parametrize(
    "source", [SHORT, EXAMPLE, CONTACT], ids=["short", "example", "many-links"]
)
@pytest.mark.parametrize("style", ICON_STYLES)
def test_text_layer_is_identical_with_and_without_icons(
    style: str, source: str | Path, tmp_path: Path
) -> None:
    with_icons = _pdf(tmp_path, source, style, "icons")
    plain = _pdf(tmp_path, source, _without_icons(tmp_path, style), "plain")
    texts = [PdfReader(p).pages[0].extract_text() for p in (with_icons, plain)]
    if source == SHORT:  # one contact line either way: the very same text
        assert texts[0] == texts[1]
    else:  # icons take room, so a long line may wrap elsewhere: the same words in order
        assert _words(texts[0]) == _words(texts[1])
    assert PRIVATE_USE.findall(texts[0]) == [] and junk(texts[0]) == []
    assert _icon_strokes(plain) == 0
    items = {SHORT: 3, CONTACT: 8}.get(source, 6)  # one per contact item
    assert _icon_strokes(with_icons) == items  # one vector path per contact item


def test_icons_keep_every_contact_link(tmp_path: Path) -> None:
    pdf = _pdf(tmp_path, CONTACT, "modern", "icons")
    uris = {a.get_object()["/A"]["/URI"] for a in PdfReader(pdf).pages[0]["/Annots"]}
    assert {
        "mailto:alex@example.com",
        "tel:+16505550100",
        "https://example.com",
        "https://github.com/example",
        "https://www.linkedin.com/in/example",
        "https://hachyderm.io/@example",
    } <= uris


def test_a_contact_line_longer_than_the_page_wraps_between_items(tmp_path: Path) -> None:
    many = CONTACT.replace(
        "summary:",
        "".join(f"    - {{label: L{i}, url: https://example.net/{i}}}\n" for i in range(8))
        + "summary:",
    )
    pdf = _pdf(tmp_path, many, "modern", "icons")
    lines = PdfReader(pdf).pages[0].extract_text().splitlines()
    contact = [line for line in lines if "example.net" in line or "alex@" in line]
    assert len(contact) >= 2  # wrapped
    assert not any(line.strip().endswith("·") or line.startswith("·") for line in contact)


@pytest.mark.parametrize("name", sorted(ICON_PATHS))
def test_every_shipped_icon_parses_inside_its_grid(name: str) -> None:
    segments = icon_segments(name)
    assert segments and segments[0][0] == "M"
    coords = [v for _, pts in segments for v in pts]
    assert all(math.isfinite(v) and -0.5 <= v <= 24.5 for v in coords)


def test_arcs_become_curves_on_the_circle() -> None:
    # a full circle of radius 9 around (12, 12), as Tabler writes it
    segments = parse_path("M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0")
    curves = [pts for op, pts in segments if op == "C"]
    assert len(curves) == 4
    for pts in curves:
        end = pts[4:]
        assert math.dist(end, (12, 12)) == pytest.approx(9)
    assert curves[-1][4:] == pytest.approx((3, 12))
    assert parse_path("M1 2h3v4H0V0l1 1z") == [
        ("M", (1, 2)),
        ("L", (4, 2)),
        ("L", (4, 6)),
        ("L", (0, 6)),
        ("L", (0, 0)),
        ("L", (1, 1)),
        ("Z", ()),
    ]


@pytest.mark.parametrize(
    ("url", "label", "icon"),
    [
        ("https://github.com/example", "GitHub", "github"),
        ("https://www.linkedin.com/in/example", None, "linkedin"),
        ("https://gitlab.com/x", None, "gitlab"),
        ("https://hachyderm.io/@me", "Mastodon", "mastodon"),
        ("https://scholar.google.com/citations?user=1", None, "scholar"),
        ("https://example.org/", "Blog", "website"),
        ("https://example.org/talks", "Talks", "link"),
    ],
)
def test_links_get_the_icon_of_their_site(url: str, label: str | None, icon: str) -> None:
    assert icon_for_link(url, label) == icon


def test_icons_switch_is_validated(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text("contact: {icons: maybe}\n", encoding="utf-8")
    resume = tmp_path / "resume.yaml"
    resume.write_text("name: A\n", encoding="utf-8")
    run = run_cli("build", str(resume), "--style", str(tmp_path / "bad.yaml"))
    assert run.exit_code == 1
    assert "bad.yaml:1:18: contact.icons: error: expected one of" in run.stderr


def test_the_icon_licence_ships_with_the_package() -> None:
    licence = files("resume_pdf.pdf").joinpath("TABLER-ICONS-LICENSE.txt").read_text()
    assert "MIT License" in licence and "Paweł Kuna" in licence
