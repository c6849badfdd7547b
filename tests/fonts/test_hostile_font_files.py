"""Hostile font files: a font with broken tables is a located error
at the style line that names it, in `build` and `check`, never a traceback or a stall; the
`fonts: fallback:` list is capped in number and in total size; and a fuzzer mutating the
bundled Roboto's tables (tests/fontfuzz.py) finds no input that breaks these promises."""

from __future__ import annotations

import json
import os
import re
import resource
import subprocess
import sys
from pathlib import Path
from struct import pack, unpack_from

import pytest
from fontTools.ttLib import TTFont

from conftest import run_cli
from fontfuzz import TABLES, roboto
from fontmaker import make_font as make_kerned_font
from resume_pdf.fonts.files import MAX_FALLBACK_BYTES, MAX_FALLBACK_FONTS
from resume_pdf.fonts.validate import MAX_CMAP_CODES
from scriptfonts import LATIN, make_font

HERE = Path(__file__).resolve().parents[1]  # tests/: fontfuzz.py and the helpers it imports
MEMORY = 1536 * 1024 * 1024
PREVIOUS = b"%PDF-1.4\n% the previous PDF\n"
RESUME = """name: Ann Example
style: x
contact: {email: ann@example.com}
summary: To AVAVA Type Wolf office
"""


@pytest.fixture(autouse=True)
def font_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def table_of(path: Path, tag: str) -> tuple[int, int]:
    entry = TTFont(path).reader.tables[tag]
    return entry.offset, entry.length


def with_font(folder: Path, data: bytes, fonts: str = "  body: x.ttf\n") -> None:
    (folder / "x.ttf").write_bytes(data)
    (folder / "styles").mkdir(exist_ok=True)
    (folder / "styles" / "x.yaml").write_text(f"extends: classic\nfonts:\n{fonts}", "utf-8")
    (folder / "resume.yaml").write_text(RESUME, "utf-8")
    (folder / "out.pdf").write_bytes(PREVIOUS)


def refused(folder: Path, command: str = "build") -> str:
    """The one error line of a build (or check) of folder's résumé, which must have failed
    without touching the previous PDF."""
    args = ["-o", str(folder / "out.pdf")] if command == "build" else []
    run = run_cli(command, str(folder / "resume.yaml"), *args)
    assert run.exit_code == 1, run.stderr
    assert "Traceback" not in run.stderr
    assert (folder / "out.pdf").read_bytes() == PREVIOUS
    return run.stderr.strip()


# --- broken tables --------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["build", "check"])
def test_a_glyf_table_of_garbage_is_an_error_at_the_style_line(
    tmp_path: Path, command: str
) -> None:
    """All 0xFF makes every glyph a composite of glyph 65535: an IndexError inside
    reportlab's embedding, after the layout."""
    data = bytearray(roboto().read_bytes())
    offset, length = table_of(roboto(), "glyf")
    data[offset : offset + length] = b"\xff" * length
    with_font(tmp_path, bytes(data))
    message = refused(tmp_path, command)
    assert message.startswith(f"{tmp_path / 'styles' / 'x.yaml'}:3:9: fonts: "), message
    assert "font 'x.ttf': cannot be read as a font (its 'glyf' table is malformed" in message
    assert "glyph 65535, and the font has 3359 glyphs" in message


def kerned_font_with_a_pair_set_outside(path: Path) -> bytes:
    """A font whose GPOS pair set for `A` lies past the end of the table (and the file)."""
    make_kerned_font(path, features="feature kern { pos A V -80; pos T o -60; } kern;")
    data = bytearray(path.read_bytes())
    font = TTFont(path)
    gpos, _ = table_of(path, "GPOS")
    lookup_list = gpos + unpack_from(">H", data, gpos + 8)[0]
    lookup = lookup_list + unpack_from(">H", data, lookup_list + 2)[0]
    pair_pos = lookup + unpack_from(">H", data, lookup + 6)[0]
    assert unpack_from(">H", data, pair_pos)[0] == 1  # format 1: pair sets
    assert font["GPOS"].table.LookupList.Lookup[0].SubTable[0].PairSetCount == 2
    data[pair_pos + 10 : pair_pos + 12] = pack(">H", 0xFFF0)  # the first pair set: far away
    return bytes(data)


@pytest.mark.parametrize("command", ["build", "check"])
def test_a_gpos_pair_set_outside_its_table_is_an_error_not_a_struct_error(
    tmp_path: Path, command: str
) -> None:
    with_font(tmp_path, kerned_font_with_a_pair_set_outside(tmp_path / "k.ttf"))
    message = refused(tmp_path, command)
    assert message.startswith(f"{tmp_path / 'styles' / 'x.yaml'}:3:9: fonts: "), message
    assert "font 'x.ttf': cannot be read as a font (its GPOS table points outside itself" in message


@pytest.mark.parametrize("cff", [False, True], ids=["truetype", "cff"])
def test_a_cmap_mapping_all_of_unicode_is_refused_before_it_is_expanded(
    tmp_path: Path, cff: bool
) -> None:
    """A format 12 group from U+0000 to U+10FFFF: reportlab (or fontTools, converting a CFF
    font) makes a dict of 1.1 million characters, and overlapping groups make billions."""
    make_font(tmp_path / "k.ttf", LATIN + "\U0001f600", cff=cff)  # past the BMP: format 12
    data = bytearray((tmp_path / "k.ttf").read_bytes())
    cmap, _ = table_of(tmp_path / "k.ttf", "cmap")
    subtables = [
        cmap + unpack_from(">L", data, cmap + 8 + 8 * i)[0]
        for i in range(unpack_from(">H", data, cmap + 2)[0])
    ]
    (twelve,) = {s for s in subtables if unpack_from(">H", data, s)[0] == 12}
    data[twelve + 16 : twelve + 24] = pack(">LL", 0, 0x10FFFF)  # the first group: everything
    with_font(tmp_path, bytes(data))
    message = refused(tmp_path)
    assert f"its 'cmap' table maps more than {MAX_CMAP_CODES:,} character codes" in message


def test_a_font_changed_after_a_good_build_is_checked_again(tmp_path: Path) -> None:
    """The check is remembered by the file's identity, never by its name alone: the same
    file, the same size, its glyf now garbage."""
    good = roboto().read_bytes()
    with_font(tmp_path, good)
    run = run_cli("build", str(tmp_path / "resume.yaml"), "-o", str(tmp_path / "out.pdf"))
    assert run.exit_code == 0, run.stderr
    data = bytearray(good)
    offset, length = table_of(roboto(), "glyf")
    data[offset : offset + length] = b"\xff" * length
    (tmp_path / "x.ttf").write_bytes(data)
    (tmp_path / "out.pdf").write_bytes(PREVIOUS)
    assert "its 'glyf' table is malformed" in refused(tmp_path)


def test_a_sound_font_is_checked_once_not_on_every_build(tmp_path: Path) -> None:
    """The next build in a new process finds the mark the check left in the cache folder,
    so it does not even import fontTools."""
    with_font(tmp_path, roboto().read_bytes())
    code = (
        "import sys; from resume_pdf.cli import main\n"
        "try: main(['build', 'resume.yaml', '-o', 'out.pdf'])\n"
        "except SystemExit as exit: assert not exit.code, exit.code\n"
        "print('fontTools' in sys.modules)"
    )
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    runs = [
        subprocess.run(
            [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True
        )
        for _ in range(2)
    ]
    assert [r.stdout.split()[-1] for r in runs] == ["True", "False"], runs[1].stderr


# --- the fallback list is capped ------------------------------------------------------------


def fallback_style(folder: Path, count: int, size: int = 0) -> None:
    """A style whose fallback list names `count` small fonts (each extended to `size` bytes,
    sparse: nothing on disk)."""
    entries = ""
    for i in range(count):
        path = make_font(folder / f"f{i}.ttf", LATIN, family=f"Fallback {i}")
        if size:
            with path.open("r+b") as f:
                f.truncate(size)
        entries += f"    - f{i}.ttf\n"
    make_font(folder / "body.ttf", LATIN)
    with_font(folder, (folder / "body.ttf").read_bytes(), f"  body: x.ttf\n  fallback:\n{entries}")


def test_more_fallback_fonts_than_the_limit_is_an_error_at_the_list(tmp_path: Path) -> None:
    fallback_style(tmp_path, MAX_FALLBACK_FONTS + 1)
    message = refused(tmp_path)
    assert message == (
        f"{tmp_path / 'styles' / 'x.yaml'}:4:3: fonts.fallback: error: "
        f"{MAX_FALLBACK_FONTS + 1} fallback fonts; the limit is {MAX_FALLBACK_FONTS}"
    )


def test_fallback_fonts_larger_than_the_limit_together_are_an_error_at_the_list(
    tmp_path: Path,
) -> None:
    """Two fonts of 40 MB each as reportlab would read them, though sparse on disk."""
    fallback_style(tmp_path, 2, 40 * 2**20)
    assert (tmp_path / "f0.ttf").stat().st_blocks * 512 < 2**20
    message = refused(tmp_path)
    limit = MAX_FALLBACK_BYTES // 2**20
    assert message == (
        f"{tmp_path / 'styles' / 'x.yaml'}:4:3: fonts.fallback: error: "
        f"the fallback fonts' files are 80 MB together; the limit is {limit} MB"
    )
    (tmp_path / "styles" / "x.yaml").write_text(
        "extends: classic\nfonts:\n  body: x.ttf\n  fallback: [f0.ttf]\n", "utf-8"
    )
    run = run_cli("build", str(tmp_path / "resume.yaml"), "-o", str(tmp_path / "out.pdf"))
    assert run.exit_code == 0, run.stderr  # one of them is within the limit


# --- the fuzzer -----------------------------------------------------------------------------


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def fuzz(folder: Path, seed: int, cases: int, timeout: float) -> list[dict]:
    """Run tests/fontfuzz.py; every case's result (a case that stalls or kills the worker
    fails the test, named)."""
    env = {**os.environ, "XDG_CACHE_HOME": str(folder / "cache"), "PYTHONPATH": str(HERE)}
    worker = subprocess.Popen(
        [sys.executable, str(HERE / "fontfuzz.py"), str(folder), str(seed), str(cases)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=_limit_memory,
    )
    try:
        out, err = worker.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        worker.kill()
        out, err = worker.communicate()
    lines = [json.loads(line) for line in out.splitlines()]
    done = [line for line in lines if "started" not in line]
    if worker.returncode != 0 or len(done) != cases + 2 * len(TABLES):
        last = lines[-1] if lines else None
        pytest.fail(f"the worker stopped (exit {worker.returncode}) at {last}: {err[-1500:]}")
    return done


def check_cases(done: list[dict]) -> None:
    located = re.compile(r"^\S*styles/fuzz\.yaml:\d+:\d+: fonts: error: font 'fuzz-\d\.ttf': ")
    for case in done:
        name = f"case {case['case']} ({case['table']})"
        assert "Traceback" not in case["stderr"], f"{name}: {case['stderr']}"
        assert case["exit"] in (0, 1), f"{name}: {case['stderr']}"
        if case["exit"] == 0:
            assert re.fullmatch(r"[1-9]\d* pages", case["pdf"]), f"{name}: {case['pdf']}"
        else:
            assert located.match(case["stderr"]), f"{name}: {case['stderr']}"
            assert case["stderr"].count("\n") == 1, f"{name}: {case['stderr']}"
            assert case["pdf"] == "previous", name
        assert case["seconds"] < 2.0, f"{name} took {case['seconds']:.1f} s"


def test_mutated_roboto_tables_build_or_fail_at_the_style_line(tmp_path: Path) -> None:
    """Every table reportlab or the kerning reader reads, each set to all 0xFF and all 0x00,
    then 4 seeded random mutations of each (~2 s)."""
    done = fuzz(tmp_path, seed=21, cases=4 * len(TABLES), timeout=90)
    check_cases(done)
    assert {c["exit"] for c in done} == {0, 1}  # the mutations reach both outcomes
    assert {c["table"] for c in done if c["exit"] == 1} >= {"glyf", "loca", "cmap", "GPOS"}


@pytest.mark.slow
def test_mutated_roboto_tables_build_or_fail_at_the_style_line_slow(tmp_path: Path) -> None:
    """1,000 mutations (125 a table): about a minute."""
    check_cases(fuzz(tmp_path, seed=2021, cases=125 * len(TABLES), timeout=900))
