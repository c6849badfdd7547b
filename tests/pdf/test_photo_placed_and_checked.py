"""The `photo:` key: drawn where the style places it, never in the text layer, droppable
per variant, and every hostile image a located error within a second, the previous PDF
kept."""

from __future__ import annotations

import os
import struct
import time
import zlib
from pathlib import Path

import pypdfium2
import pytest
from PIL import Image
from pypdf import PdfReader

from ats import pdf_text
from conftest import run_cli

CV = """name: Photo Example
headline: Engineer
contact: {email: p@example.com}
summary: Builds things that work.
sections:
  - title: Skills
    skills:
      - {group: Languages, items: [Python, C++]}
"""
RED = (220, 20, 20)


def build(folder: Path, text: str, *args: str):
    (folder / "cv.yaml").write_text(text, encoding="utf-8")
    out = folder / "cv.pdf"
    return run_cli("build", str(folder / "cv.yaml"), "-o", str(out), *args), out


def red_share(pdf: Path, box: tuple[float, float, float, float]) -> float:
    """The share of clearly red pixels in `box` (fractions of the page: left, top, right,
    bottom) of page 1."""
    page = pypdfium2.PdfDocument(str(pdf))[0].render(scale=1).to_pil().convert("RGB")
    w, h = page.size
    crop = page.crop((int(box[0] * w), int(box[1] * h), int(box[2] * w), int(box[3] * h)))
    data = crop.tobytes()
    pixels = [data[i : i + 3] for i in range(0, len(data), 3)]
    return sum(r > 180 and g < 80 and b < 80 for r, g, b in pixels) / len(pixels)


def images(pdf: Path) -> int:
    resources = PdfReader(pdf).pages[0]["/Resources"]
    return len(resources.get("/XObject", {}))


@pytest.mark.parametrize(
    ("style", "box"),
    [("classic", (0.6, 0.0, 1.0, 0.2)), ("sidebar", (0.0, 0.0, 0.35, 0.2))],
)
def test_the_photo_is_drawn_where_the_style_places_it(
    tmp_path: Path, style: str, box: tuple[float, float, float, float]
) -> None:
    run, out = build(tmp_path, CV, "--style", style)
    assert run.exit_code == 0, run.stderr
    without = pdf_text(out)
    assert red_share(out, box) == 0 and images(out) == 0
    Image.new("RGB", (300, 400), RED).save(tmp_path / "me.jpg")
    run, out = build(tmp_path, CV + "photo: me.jpg\n", "--style", style, "--verify")
    assert run.exit_code == 0, run.stderr
    assert red_share(out, box) > 0.05 and images(out) == 1
    assert pdf_text(out) == without  # never in the text layer


def test_exif_orientation_is_honoured(tmp_path: Path) -> None:
    image = Image.new("RGB", (400, 200), (20, 20, 220))
    image.paste(RED, (0, 0, 200, 200))  # red left half, blue right half
    exif = Image.Exif()
    exif[0x0112] = 6  # shown rotated 90° clockwise: red on top
    image.save(tmp_path / "me.jpg", exif=exif)
    run, out = build(tmp_path, CV + "photo: me.jpg\n", "--style", "classic")
    assert run.exit_code == 0, run.stderr
    page = pypdfium2.PdfDocument(str(out))[0]
    picture = page.render(scale=2).to_pil().convert("RGB")
    w, h = picture.size
    reds = [
        (x, y)
        for y in range(0, int(h * 0.2), 2)
        for x in range(int(w * 0.6), w, 2)
        if picture.getpixel((x, y))[0] > 180 and picture.getpixel((x, y))[2] < 80
    ]
    blues = [
        (x, y)
        for y in range(0, int(h * 0.2), 2)
        for x in range(int(w * 0.6), w, 2)
        if picture.getpixel((x, y))[2] > 180 and picture.getpixel((x, y))[0] < 80
    ]
    assert reds and blues
    assert sum(y for _, y in reds) / len(reds) < sum(y for _, y in blues) / len(blues)


def test_a_variant_drops_the_photo(tmp_path: Path) -> None:
    Image.new("RGB", (300, 300), RED).save(tmp_path / "me.png")
    text = CV + "photo: me.png\nvariants:\n  us: {photo: false}\n  eu: {tags: [x]}\n"
    run, out = build(tmp_path, text, "--variant", "us")
    assert run.exit_code == 0, run.stderr
    assert images(out) == 0
    run, out = build(tmp_path, text, "--variant", "eu")
    assert run.exit_code == 0, run.stderr
    assert images(out) == 1


def huge_png(path: Path, width: int, height: int) -> None:
    """A PNG whose header claims `width` x `height` (the pixels are never written)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    body = zlib.compress(b"\0" * 1000)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", body) + chunk(b"IEND", b"")
    )


def hostile(tmp_path: Path, case: str) -> str:
    name = "me.png"
    if case == "not an image":
        (tmp_path / name).write_text("<html>not an image</html>")
    elif case == "truncated":
        Image.new("RGB", (400, 400), RED).save(tmp_path / "full.png")
        (tmp_path / name).write_bytes((tmp_path / "full.png").read_bytes()[:200])
    elif case == "50,000 x 50,000":
        huge_png(tmp_path / name, 50_000, 50_000)
    elif case == "decompression bomb":
        Image.new("1", (6000, 6000)).save(tmp_path / name)  # 36 MP in a few kB
    elif case == "outside the folder":
        outside = tmp_path.parent / f"{tmp_path.name}-outside.png"
        Image.new("RGB", (10, 10), RED).save(outside)
        os.symlink(outside, tmp_path / name)
    elif case == "missing":
        pass
    elif case == "a GIF named .png":
        Image.new("RGB", (10, 10), RED).save(tmp_path / name, format="GIF")
    return name


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("not an image", "is not an image"),
        ("truncated", "cannot be read"),
        ("50,000 x 50,000", "is a decompression bomb"),
        ("decompression bomb", "is 6000 x 6000 pixels"),
        ("outside the folder", "is outside the résumé's folder"),
        ("missing", "not found"),
        ("a GIF named .png", "is GIF, not a JPEG or PNG"),
    ],
)
def test_a_hostile_image_is_a_located_error(tmp_path: Path, case: str, message: str) -> None:
    name = hostile(tmp_path, case)
    out = tmp_path / "cv.pdf"
    out.write_bytes(b"previous")
    started = time.perf_counter()
    run, _ = build(tmp_path, CV + f"photo: {name}\n")
    assert time.perf_counter() - started < 5  # well within a second on an idle machine
    assert run.exit_code == 1
    assert "Traceback" not in run.stderr
    assert f"cv.yaml:9:8: photo: error: photo '{name}' {message}" in run.stderr, run.stderr
    assert out.read_bytes() == b"previous"


def test_photo_values_are_checked(tmp_path: Path) -> None:
    run, _ = build(tmp_path, CV + "photo: me.gif\n")
    assert run.exit_code == 1
    assert "photo: error: expected a .jpg, .jpeg or .png file, or false" in run.stderr
