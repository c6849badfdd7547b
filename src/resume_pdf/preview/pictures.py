"""PDF bytes -> page sizes and PNG images for the browser, with PDFium.

The page is sent as pictures rather than the PDF itself: the browser then swaps them in
place after a save (its PDF viewer reloads the whole document and loses the scroll
position, and headless or embedded browsers have no PDF viewer at all). They are drawn at
the screen's pixel ratio, so text is as sharp as the PDF at 100 % zoom.

The PNG is written here, not by Pillow: unfiltered rows at zlib level 1 take a fifth of
the time of Pillow's encoder, and a save's picture is looked at once and then replaced.
"""

from __future__ import annotations

import struct
import threading
import zlib

import pypdfium2

CSS_PX_PER_POINT = 96 / 72  # a CSS pixel is 1/96 inch, a PDF point 1/72
LOCK = threading.Lock()  # PDFium is not thread-safe: one document at a time


def page_sizes(pdf: bytes) -> tuple[tuple[int, int], ...]:
    """Each page's size in CSS pixels at 100 % zoom."""
    with LOCK:
        document = pypdfium2.PdfDocument(pdf)
        try:
            sizes = [document.get_page_size(i) for i in range(len(document))]
        finally:
            document.close()
    return tuple((round(w * CSS_PX_PER_POINT), round(h * CSS_PX_PER_POINT)) for w, h in sizes)


def page_png(pdf: bytes, index: int, scale: float) -> bytes:
    """Page `index` (0-based) as PNG bytes, `scale` device pixels per CSS pixel."""
    with LOCK:
        document = pypdfium2.PdfDocument(pdf)
        try:
            page = document[index]
            bitmap = page.render(scale=scale * CSS_PX_PER_POINT, rev_byteorder=True)
            width, height, channels = bitmap.width, bitmap.height, bitmap.n_channels
            rows = png_rows(memoryview(bitmap.buffer), width * channels, height, bitmap.stride)
            page.close()
        finally:
            document.close()
    return encode_png(width, height, rows, channels)


def png_rows(pixels: memoryview, row: int, height: int, stride: int) -> bytearray:
    """The pixel rows, each after its filter-type byte 0 (none), ready for deflate."""
    rows = bytearray((row + 1) * height)
    for y in range(height):
        start = y * (row + 1) + 1
        rows[start : start + row] = pixels[y * stride : y * stride + row]
    return rows


def encode_png(width: int, height: int, rows: bytearray, channels: int = 3) -> bytes:
    """Filtered rows -> PNG: one IDAT at zlib level 1 (a tenth of the time of level 6 on a
    page, for 10-20 % more bytes, which cost nothing on the loopback)."""
    colour = {3: 2, 4: 6}[channels]  # RGB, RGBA
    header = struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", header),
            _chunk(b"IDAT", zlib.compress(rows, 1)),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
