"""Let RenderCV build offline, for the paired benchmark: put the Typst packages its templates
import into Typst's package cache, where Typst looks before it downloads.

    python benchmarks/typst_offline.py /path/to/rendercv-venv/bin/rendercv [...]

RenderCV's templates import `@preview/fontawesome` (0.5.0 in RenderCV 2.3, 0.6.0 in 2.8) and,
from 2.8 on, `@preview/rendercv`, whose source ships inside RenderCV's own wheel
(rendercv/renderer/rendercv_typst). The first cannot be had offline, so a stand-in with the
same `fa-icon` signature is written: it draws one glyph of the Font Awesome font that
rendercv-fonts installs, so RenderCV's timing keeps the font work but skips the icon-name
lookup of the real package (a few ms at most). This writes only under Typst's cache folder
($XDG_CACHE_HOME/typst or ~/.cache/typst); it never touches this project.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

FONTAWESOME_VERSIONS = ("0.5.0", "0.6.0")
STAND_IN = """\
// Offline stand-in for @preview/fontawesome (benchmarking only, written by resume-pdf's
// benchmarks/typst_offline.py): the same signature, one glyph of the Font Awesome font.
#let fa-icon(name, solid: false, ..args) = text(
  font: ("Font Awesome 7 Free", "Font Awesome 7 Brands", "Font Awesome 6 Free"),
  ..args.named(),
  str.from-unicode(0xf0c1),
)
"""
MANIFEST = """\
[package]
name = "fontawesome"
version = "{version}"
entrypoint = "lib.typ"
authors = ["offline stand-in"]
license = "MIT"
description = "Offline stand-in for benchmarking"
"""


def typst_cache() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "typst" / "packages" / "preview"


def site_packages(rendercv: str) -> Path:
    """The site-packages folder of the Python that runs the `rendercv` command."""
    python = Path(rendercv).with_name("python")
    code = "import rendercv, pathlib; print(pathlib.Path(rendercv.__file__).parent.parent)"
    done = subprocess.run([str(python), "-c", code], capture_output=True, text=True, check=True)
    return Path(done.stdout.strip())


def install(rendercv: str) -> None:
    cache = typst_cache()
    for version in FONTAWESOME_VERSIONS:
        folder = cache / "fontawesome" / version
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "lib.typ").write_text(STAND_IN, encoding="utf-8")
        (folder / "typst.toml").write_text(MANIFEST.format(version=version), encoding="utf-8")
    package = site_packages(rendercv) / "rendercv" / "renderer" / "rendercv_typst"
    manifest = package / "typst.toml"
    if manifest.exists():  # RenderCV 2.8 and later
        version = next(
            line.split('"')[1]
            for line in manifest.read_text().splitlines()
            if line.startswith("version")
        )
        target = cache / "rendercv" / version
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(package, target)
        print(f"{rendercv}: @preview/rendercv:{version} copied from its wheel")
    print(
        f"{rendercv}: @preview/fontawesome {', '.join(FONTAWESOME_VERSIONS)} stand-ins in {cache}"
    )


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    for command in sys.argv[1:]:
        install(command)
