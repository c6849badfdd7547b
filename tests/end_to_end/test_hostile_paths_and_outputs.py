"""Hostile paths and outputs. Every path the user names — the
résumé, a style, a photo, a font, the output and its PNG pages — is looked up through one
guarded door (resume_pdf/paths.py), so a symlink loop, a 300-byte name or a folder without
permission is a located error, never a traceback; the letter checks every target before it
writes any; `--png` removes the pages an earlier, longer PDF left; and a file that is not a
résumé (a symlink to /etc/shadow) is refused without echoing a line of it.

Same harness as test_hostile_md_rows.py (subprocess, memory cap, the folder snapshot before and
after); rows that need another user, planted pages or a patched verifier are plain tests.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from test_hostile_md_rows import (
    BUILD,
    LOC,
    NAME,
    SENTINEL,
    TIMEOUT,
    Case,
    Ctx,
    Result,
    _limit_memory,
    each,
    faster_than,
    run_case,
    snapshot,
)

from conftest import run_cli

LONG = "x" * 300  # a file name longer than any file system allows (255 bytes)
SECRET = "root:$6$abcSECRETsalt$hashhashhash:19000:0:99999:7:::"
SHADOW = SECRET + "\ndaemon:*:19000:0:99999:7:::\nbin:*:19000:0:99999:7:::\n"
LETTER = NAME + "letter: {subject: A job, body: I would like to work with you.}\n"


def loop(ctx: Ctx, name: str, folder: str = "") -> None:
    """`name` and `name.2` point at each other (in case/`folder`)."""
    where = ctx.dir / folder
    where.mkdir(parents=True, exist_ok=True)
    (where / name).symlink_to(f"{name}.2")
    (where / f"{name}.2").symlink_to(name)


def shadow_outside(ctx: Ctx) -> None:
    """resume.yaml is a symlink to a file outside the folder that is not a résumé."""
    (ctx.root / "shadow").write_text(SHADOW)
    (ctx.root / "shadow-tabs").write_text(SHADOW + "\tnobody: [x\n")  # not YAML either
    ctx.dir.mkdir(exist_ok=True)
    (ctx.dir / "resume.yaml").symlink_to(ctx.root / "shadow")
    (ctx.dir / "tabs.yaml").symlink_to(ctx.root / "shadow-tabs")


def nothing_of(*needles: str):
    def check(ctx: Ctx, res: Result) -> None:
        for needle in needles:
            assert needle not in res.stderr + res.stdout, res.stderr
        assert len(res.stderr.strip().splitlines()) == 1, res.stderr  # one error, no excerpt

    return check


def also_quiet(*args: str, stderr: str):
    """Another command on the same folder: exit 1, one line, nothing of the file shown."""

    def check(ctx: Ctx, _res: Result) -> None:
        res = ctx.run(*args, exit=1, stderr=stderr)
        nothing_of("SECRET", "daemon", "19000")(ctx, res)

    return check


QUICK = faster_than(2.0)
NOT_A_RESUME = r"^resume\.yaml:1:1: (error: )?not a résumé"
LOOP = r"too many levels of symbolic links"

# fmt: off
CASES = [
    # a photo named in the résumé: located at its `photo:` line
    Case("P01", {"resume.yaml": NAME + "photo: me.jpg\n"}, setup=lambda c: loop(c, "me.jpg"),
         exit=1, stderr=LOC.replace(r"\d+:\d+", "2:8") + rf"photo: (error: )?cannot read photo "
                                                         rf"'me\.jpg': {LOOP}", check=QUICK),
    Case("P02", {"resume.yaml": NAME + f"photo: {LONG}.jpg\n"},
         exit=1, stderr=r"^resume\.yaml:2:8: photo: (error: )?cannot read photo 'x+…x+\.jpg': "
                        r"file name too long", check=QUICK),
    # a font named in a style: located at the style's line
    Case("P03", {"resume.yaml": NAME + "style: f\n",
                 "styles/f.yaml": "extends: classic\nfonts: {body: loop.ttf}\n"},
         setup=lambda c: loop(c, "loop.ttf", "styles"),
         exit=1, stderr=rf"^styles/f\.yaml:2:\d+: (error: )?cannot read font .*loop\.ttf': {LOOP}",
         check=QUICK),
    Case("P04", {"resume.yaml": NAME + "style: f\n",
                 "styles/f.yaml": f"extends: classic\nfonts: {{body: {LONG}.ttf}}\n"},
         exit=1, stderr=r"^styles/f\.yaml:2:\d+: (error: )?cannot read font .*file name too long",
         check=QUICK),
    # a style: the résumé's `style:` line, `extends:` line, or --style
    Case("P05", {"resume.yaml": NAME + "style: loop.yaml\n"}, setup=lambda c: loop(c, "loop.yaml"),
         exit=1, stderr=rf"^resume\.yaml:2:8: style: (error: )?cannot read style 'loop\.yaml': "
                        rf"{LOOP}", check=QUICK),
    Case("P06", {"resume.yaml": NAME}, setup=lambda c: loop(c, "loop.yaml"),
         args=(*BUILD, "--style", "loop.yaml"),
         exit=1, stderr=rf"^--style: (error: )?cannot read style 'loop\.yaml': {LOOP}",
         check=QUICK),
    Case("P07", {"resume.yaml": NAME + "style: s\n", "styles/s.yaml": "extends: loop.yaml\n"},
         setup=lambda c: loop(c, "loop.yaml", "styles"),
         exit=1, stderr=rf"^styles/s\.yaml:1:10: extends: (error: )?cannot read style .*{LOOP}",
         check=QUICK),
    # the résumé on the command line: a name too long is not "file not found, run init"
    Case("P08", {"resume.yaml": NAME}, args=("check", f"{LONG}.yaml"),
         exit=1, stderr=r"^x+\.yaml:1:1: (error: )?cannot read: file name too long",
         check=each(QUICK, lambda _c, res: ("init" not in res.stderr) or pytest.fail(res.stderr))),
    # a résumé that is a symlink to a file that is no résumé: one error, nothing of it shown
    Case("P09", {}, setup=shadow_outside, exit=1, stderr=NOT_A_RESUME,
         check=each(QUICK, nothing_of("SECRET", "daemon", "19000", "unknown key"),
                    also_quiet("check", "resume.yaml", stderr=NOT_A_RESUME),
                    also_quiet("build", "tabs.yaml", "-o", "out.pdf",
                               stderr=r"^tabs\.yaml:\d+:\d+: (error: )?not a résumé"))),
]
# fmt: on


@pytest.mark.parametrize("case", CASES, ids=[c.row for c in CASES])
def test_hostile_paths(case: Case, tmp_path: Path) -> None:
    run_case(case, tmp_path)


def test_a_resume_with_a_typo_still_gets_its_did_you_mean(tmp_path: Path) -> None:
    """The not-a-résumé rule leaves real résumés alone: a misspelt key is still named."""
    (tmp_path / "r.yaml").write_text("nmae: Ann\n")
    run = run_cli("check", str(tmp_path / "r.yaml"))
    assert run.exit_code == 1 and "did you mean `name`" in run.stderr, run.stderr


# --- the letter: every target first, verified before it replaces anything ------------------------


def cli(folder: Path, *args: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    options: dict[str, object] = {"capture_output": True, "text": True, "stdin": subprocess.DEVNULL}
    options.setdefault("preexec_fn", _limit_memory)
    options.update(kwargs)
    return subprocess.run(  # type: ignore[call-overload,no-any-return]
        [sys.executable, "-m", "resume_pdf", *args], cwd=folder, timeout=TIMEOUT, **options
    )


@pytest.mark.parametrize(
    ("out", "plant", "message"),
    [
        ("l.pdf", "l-1.png", "output path 'l-1.png' is a directory"),
        (f"{'y' * 250}.pdf", "", "file name too long"),  # y…y-1.png is 256 bytes
    ],
)
def test_letter_png_that_cannot_be_written_leaves_the_previous_letter(
    tmp_path: Path, out: str, plant: str, message: str
) -> None:
    """Bug: `letter --png` replaced the letter PDF, then failed on its PNG (exit 1)."""
    (tmp_path / "r.yaml").write_text(LETTER)
    (tmp_path / out).write_bytes(SENTINEL)
    (tmp_path / "l-2.png").write_bytes(b"a page of an earlier letter")  # kept on failure
    if plant:
        (tmp_path / plant).mkdir()
    before = snapshot(tmp_path)
    proc = cli(tmp_path, "letter", "r.yaml", "-o", out, "--png")
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert message in proc.stderr, proc.stderr
    assert snapshot(tmp_path) == before  # the previous letter byte for byte, nothing new


def test_a_letter_that_fails_verify_never_replaces_the_previous_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bug (a slip no test caught): `letter --verify` writing the letter, then verifying."""
    import resume_pdf.check.verify
    from resume_pdf.errors import Problem

    (tmp_path / "r.yaml").write_text(LETTER)
    out = tmp_path / "l.pdf"
    out.write_bytes(SENTINEL)
    monkeypatch.setattr(
        resume_pdf.check.verify, "verify_pdf", lambda *_: [Problem("letter text lost")]
    )
    run = run_cli("letter", str(tmp_path / "r.yaml"), "-o", str(out), "--verify", "--png")
    assert run.exit_code == 1 and "letter text lost" in run.stderr, run.stderr
    assert out.read_bytes() == SENTINEL
    assert sorted(p.name for p in tmp_path.iterdir()) == ["l.pdf", "r.yaml"]


# --- stale PNG pages ------------------------------------------------------------------------------

THEIRS = ("out-03.png", "out-2.png.bak", "out-x.png", "other-2.png", "out-9.PNG")


@pytest.mark.parametrize("command", ["build", "letter"])
def test_png_removes_the_pages_an_earlier_longer_pdf_left(tmp_path: Path, command: str) -> None:
    """Bug: a 1-page PDF beside `-2.png` and `-12.png` of an earlier, longer build. Only names
    this tool writes (`out-N.png`, N past the new count, regular files) are removed."""
    (tmp_path / "r.yaml").write_text(LETTER)
    for name in ("out-2.png", "out-12.png", *THEIRS):
        (tmp_path / name).write_bytes(b"old")
    (tmp_path / "out-4.png").mkdir()  # a folder of that name is the user's
    (tmp_path / "out-5.png").symlink_to("other-2.png")  # and so is a symlink
    proc = cli(tmp_path, command, "r.yaml", "-o", "out.pdf", "--png")
    assert proc.returncode == 0, proc.stderr
    names = {p.name for p in tmp_path.iterdir()}
    assert names == {"r.yaml", "out.pdf", "out-1.png", "out-4.png", "out-5.png", *THEIRS}
    assert (tmp_path / "out-1.png").read_bytes().startswith(b"\x89PNG")
    for name in THEIRS:
        assert (tmp_path / name).read_bytes() == b"old", name


# --- a folder without permission (as another user when the suite runs as root) ------------------


def _as_nobody() -> None:
    _limit_memory()
    os.setgid(65534)
    os.setuid(65534)


@pytest.mark.skipif(not hasattr(os, "setuid"), reason="POSIX users and permissions")
def test_a_photo_or_font_in_a_folder_without_permission_is_located() -> None:
    """`photo: locked/me.jpg` and a font in locked/ (chmod 000): pathlib's `is_file()` raised
    PermissionError. As root permissions are not enforced, so the run drops to `nobody`."""
    folder = Path(tempfile.mkdtemp(prefix="rp-i21-"))
    root = os.geteuid() == 0
    try:
        os.chmod(folder, 0o777)
        (folder / "photo.yaml").write_text(NAME + "photo: locked/me.jpg\n")
        (folder / "font.yaml").write_text(NAME + "style: f\n")
        (folder / "styles").mkdir()
        (folder / "styles" / "f.yaml").write_text(
            "extends: classic\nfonts: {body: ../locked/f.ttf}\n"
        )
        (folder / "locked").mkdir()
        os.chmod(folder / "locked", 0)
        kwargs: dict[str, object] = {"preexec_fn": _as_nobody} if root else {}
        try:
            runs = [cli(folder, "check", f"{n}.yaml", **kwargs) for n in ("photo", "font")]
        except (PermissionError, subprocess.SubprocessError) as exc:
            pytest.skip(f"cannot run as the unprivileged user here: {exc}")
        for proc in runs:
            if "No module named" in proc.stderr or "Permission denied: '" in proc.stderr[:300]:
                pytest.skip("as root, the unprivileged user cannot import the package here")
            assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
        assert runs[0].stderr.startswith(
            "photo.yaml:2:8: photo: error: cannot read photo 'locked/me.jpg': Permission denied"
        ), runs[0].stderr
        assert runs[1].stderr.startswith("styles/f.yaml:2:"), runs[1].stderr
        assert "cannot read font" in runs[1].stderr and "Permission denied" in runs[1].stderr
    finally:
        os.chmod(folder / "locked", 0o755)
        for p in sorted(folder.rglob("*"), reverse=True):
            p.unlink() if p.is_file() else p.rmdir()
        folder.rmdir()


def test_a_folder_without_permission_is_located_in_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same where the unprivileged user cannot run Python: the OS's refusal of locked/
    is simulated at `os.stat`, what pathlib's `is_file()` and `stat()` call too."""
    (tmp_path / "photo.yaml").write_text(NAME + "photo: locked/me.jpg\n")
    (tmp_path / "font.yaml").write_text(NAME + "style: f\n")
    (tmp_path / "styles").mkdir()
    (tmp_path / "styles" / "f.yaml").write_text(
        "extends: classic\nfonts: {body: ../locked/f.ttf}\n"
    )
    real_stat = os.stat

    def refused(path: object, *args: object, **kwargs: object) -> os.stat_result:
        if "locked" in Path(os.fsdecode(path)).parts:  # type: ignore[arg-type]
            raise PermissionError(13, "Permission denied", os.fsdecode(path))  # type: ignore[arg-type]
        return real_stat(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "stat", refused)
    photo = run_cli("check", str(tmp_path / "photo.yaml"))
    font = run_cli("check", str(tmp_path / "font.yaml"))
    monkeypatch.undo()
    assert photo.exit_code == 1, photo.stderr  # any other exception fails the run itself
    assert ":2:8: photo: error: cannot read photo 'locked/me.jpg': Permission denied" in (
        photo.stderr
    ), photo.stderr
    assert font.exit_code == 1, font.stderr
    assert "f.yaml:2:" in font.stderr and "cannot read font" in font.stderr, font.stderr
    assert "Permission denied" in font.stderr, font.stderr


def test_a_long_path_the_user_named_is_shown_whole_and_a_huge_one_cut(tmp_path: Path) -> None:
    """A path is what the user must find to act on the message: a deep project folder (here
    ~150 characters) is named whole in every output-target message, not cut at the ~80 of a
    value; only past 200 characters is its middle cut, keeping its start and its file name."""
    (tmp_path / "r.yaml").write_text(NAME)
    deep = tmp_path / ("project-" * 12) / "file.txt"
    deep.parent.mkdir()
    deep.write_text("not a folder")
    for out, why in [(deep / "cv.pdf", "Not a directory"), (deep.parent, "is a directory")]:
        run = run_cli("build", str(tmp_path / "r.yaml"), "-o", str(out))
        assert run.exit_code == 1 and len(str(out)) > 100, run.stderr
        assert repr(str(out)) in run.stderr and why in run.stderr, run.stderr
    huge = tmp_path / ("d" * 300) / "cv.pdf"
    run = run_cli("build", str(tmp_path / "r.yaml"), "-o", str(huge))
    assert run.exit_code == 1 and "file name too long" in run.stderr, run.stderr
    assert (
        f"{str(tmp_path)[:40]}" in run.stderr and "d…" in run.stderr and "d/cv.pdf'" in run.stderr
    )
    assert len(run.stderr.split("cannot write ")[1].split(": file name")[0]) == 202  # 200 + ''
