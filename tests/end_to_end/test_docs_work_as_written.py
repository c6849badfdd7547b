"""The documentation as a product: no tracked file holds a merge-conflict marker, and the
README's set-up commands work as written on a Python that refuses `pip install` (PEP 668)."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import sysconfig
import urllib.request
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import ROOT

CONFLICT = re.compile(r"^(<{7}|>{7})( |$)|^={7}$", re.MULTILINE)


def conflict_markers(paths: list[Path]) -> list[str]:
    """`path:line` of every line that opens, splits or closes a merge conflict."""
    found = []
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        matches = list(CONFLICT.finditer(text))
        if not any(m.group(1) for m in matches):  # a lone ======= underlines a heading
            continue
        for match in matches:
            found.append(f"{path}:{text.count(chr(10), 0, match.start()) + 1}")
    return found


def tracked_files() -> list[Path]:
    listing = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=False)
    if listing.returncode != 0:  # not a git checkout (an sdist): every file under the root
        return [p for p in ROOT.rglob("*") if p.is_file() and ".git" not in p.parts]
    return [ROOT / name for name in listing.stdout.decode().split("\0") if name]


def test_no_tracked_file_holds_a_merge_conflict_marker() -> None:
    assert conflict_markers(tracked_files()) == []


def test_the_marker_check_finds_a_planted_marker(tmp_path: Path) -> None:
    planted = tmp_path / "README.md"
    planted.write_text("a\n<<<<<<< HEAD\nb\n=======\nc\n>>>>>>> 2dc273f (x)\n", encoding="utf-8")
    clean = tmp_path / "ok.md"
    clean.write_text("Title\n=======\n\n```\n<<<<<<<< not a marker\n```\n", encoding="utf-8")
    assert conflict_markers([planted, clean]) == [
        f"{planted}:2",
        f"{planted}:4",
        f"{planted}:6",
    ]


# --- the set-up commands, on a Python that refuses `pip install` (PEP 668) -----------------------

sys.path.insert(0, str(ROOT / ".ci"))
from readme_commands import setup_commands  # noqa: E402


def managed_python(tmp: Path) -> dict[str, str]:
    """An environment whose `python3` is this interpreter marked EXTERNALLY-MANAGED, as on
    Debian and Ubuntu, and which has no `python` command. pip is linked in wherever the
    interpreter, so homed, reads packages from: `lib/python3.X/site-packages` on python.org,
    pyenv and macOS builds, `lib/python3/dist-packages` on Debian's own (which ships no pip
    without python3-pip, so this suite's pip is lent to it)."""
    pip = pytest.importorskip("pip", reason="this Python has no pip to stand in for the system's")
    stdlib = Path(sysconfig.get_path("stdlib"))
    if not (stdlib / "ensurepip").is_dir():
        pytest.skip(f"{stdlib} has no ensurepip: `python3 -m venv` needs python3-venv first")
    home = tmp / "system-python"
    lib = home / "lib" / stdlib.name
    lib.mkdir(parents=True)
    for entry in stdlib.iterdir():  # the system's own marker is a file not to write through
        if entry.name not in ("site-packages", "dist-packages", "EXTERNALLY-MANAGED"):
            (lib / entry.name).symlink_to(entry)
    (lib / "EXTERNALLY-MANAGED").write_text(
        "[externally-managed]\nError=This Python is managed by the system (test).\n"
    )
    shims = tmp / "bin"
    shims.mkdir()
    shim = shims / "python3"
    # the interpreter itself, not a virtual environment's link to it (the suite may run in one)
    python = getattr(sys, "_base_executable", sys.executable)
    shim.write_text(f'#!/bin/sh\nPYTHONHOME="{home}" exec "{python}" "$@"\n')
    shim.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env["PATH"] = f"{shims}{os.pathsep}/usr/bin{os.pathsep}/bin"
    packages = Path(package_folders(shim, env)[0])
    packages.mkdir(parents=True, exist_ok=True)
    (packages / "pip").symlink_to(Path(pip.__file__).parent)
    return env


def package_folders(python: Path, env: dict[str, str]) -> list[str]:
    """The folders `python` reads installed packages from, as its own `site` module names them
    (Debian patches `site` to read `dist-packages`)."""
    asked = subprocess.run(
        [str(python), "-c", "import site; print(*site.getsitepackages(), sep='\\n')"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return asked.stdout.split()


def checkout_copy(tmp: Path) -> Path:
    """The tracked files, as a fresh clone has them."""
    clone = tmp / "clone"
    for path in tracked_files():
        if path.is_file():
            target = clone / path.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
    return clone


def test_the_readme_has_two_setup_commands_and_ci_runs_them() -> None:
    commands = setup_commands((ROOT / "README.md").read_text(encoding="utf-8"))
    assert len(commands) == 2
    assert "resume-pdf build" in commands[0] and "pytest" in commands[1]
    for command in commands:
        words = command.replace("&&", " ").split()
        assert "python" not in words, "Debian and Ubuntu have no `python` command"
        assert "readme_commands.py" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_first_setup_command_works_on_an_externally_managed_python(tmp_path: Path) -> None:
    env = managed_python(tmp_path)
    refused = subprocess.run(
        ["python3", "-m", "pip", "install", "--dry-run", "pyyaml"],
        env=env,
        capture_output=True,
        text=True,
    )
    assert refused.returncode != 0 and "externally-managed" in refused.stderr, refused.stderr
    clone = checkout_copy(tmp_path)
    first = setup_commands((ROOT / "README.md").read_text(encoding="utf-8"))[0]
    run = subprocess.run(
        ["bash", "-c", first], cwd=clone, env=env, capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "output/resume.pdf: 1 page" in run.stdout
    assert len(PdfReader(clone / "output" / "resume.pdf").pages) == 1


# --- every example in the README and docs/ runs ---------------------------------------------------
# A fence's first word is its language; further words say how the test runs it:
#   sh             every line is run in bash in a folder holding the example résumé: exit 0
#                  (a line with --watch runs until its first result, then gets Ctrl-C: exit 0)
#   sh setup       the set-up commands: run by the test above and by .ci/run
#   sh completion  each line's `_RESUME_PDF_COMPLETE=…_source resume-pdf` must print a script
#   sh dev         this repository's developer commands: their options must be accepted
#   yaml           a style (first line `# styles/NAME.yaml`), a whole résumé (has `name:`), or
#                  keys merged over the example résumé; built (fails: must be refused, located)
#   text           not run (a synopsis)

FENCE = re.compile(r"^( *)```(\w+)([^\n]*)\n(.*?)^\1```", re.MULTILINE | re.DOTALL)
DOC_FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def fenced_blocks() -> list[tuple[str, str, set[str], str]]:
    """(where, language, marks, body) of every fenced block of the README and docs/."""
    blocks = []
    for path in DOC_FILES:
        text = path.read_text(encoding="utf-8")
        for m in FENCE.finditer(text):
            indent = len(m.group(1))
            body = "\n".join(line[indent:] for line in m.group(4).splitlines())
            where = f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}"
            blocks.append((where, m.group(2), set(m.group(3).split()), body))
    return blocks


BLOCKS = fenced_blocks()


def shell_lines(body: str) -> list[str]:
    """The commands of a shell block, without their trailing comments."""
    lines = []
    for line in body.splitlines():
        command = re.split(r"\s{2,}#\s", line, maxsplit=1)[0].strip()
        if command and not command.startswith("#"):
            lines.append(command)
    return lines


def sandbox(tmp: Path) -> tuple[Path, dict[str, str]]:
    """A folder with the example résumé, a JSON Resume file and `resume-pdf` (also as
    `.venv/bin/resume-pdf`) running this checkout."""
    folder = tmp / "work"
    (folder / ".venv" / "bin").mkdir(parents=True)
    shutil.copy(ROOT / "resume.yaml", folder / "resume.yaml")
    shutil.copy(ROOT / "tests" / "fixtures" / "jsonresume.json", folder / "cv.json")
    shim = folder / ".venv" / "bin" / "resume-pdf"
    shim.write_text(f"#!{sys.executable}\nfrom resume_pdf.start import main\nmain()\n")
    shim.chmod(0o755)
    env = dict(os.environ, PATH=f"{shim.parent}{os.pathsep}{os.environ['PATH']}", NO_COLOR="1")
    return folder, env


def run_shell(command: str, folder: Path, env: dict[str, str]) -> None:
    if " preview" in command:  # serves until Ctrl-C: fetch the page it prints, then stop it
        serve = subprocess.Popen(
            ["bash", "-c", f"exec {command}"],
            cwd=folder,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        address = re.search(r"http://127\.0\.0\.1:\d+/\S*", serve.stdout.readline())
        assert address, serve.communicate(timeout=30)
        with urllib.request.urlopen(address.group(0), timeout=30) as page:
            assert page.status == 200 and b"<html" in page.read().lower()
        serve.send_signal(signal.SIGINT)
        out, err = serve.communicate(timeout=30)
        assert serve.returncode == 0, (out, err)
        return
    if "--watch" in command:
        watch = subprocess.Popen(
            ["bash", "-c", f"exec {command}"],
            cwd=folder,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        seen = [watch.stdout.readline()]
        while seen[-1] and ".pdf: " not in seen[-1]:  # after "watching ...": the first result
            seen.append(watch.stdout.readline())
        watch.send_signal(signal.SIGINT)
        out, err = watch.communicate(timeout=30)
        assert watch.returncode == 0 and ".pdf: 1 page" in seen[-1], (seen, out, err)
        return
    run = subprocess.run(
        ["bash", "-c", command], cwd=folder, env=env, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, f"{command}\n{run.stdout}{run.stderr}"
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize(
    "where,marks,body",
    [(w, m, b) for w, lang, m, b in BLOCKS if lang == "sh" and not m & {"setup", "dev"}],
    ids=lambda v: v if isinstance(v, str) and len(v) < 40 else "",
)
def test_every_shell_example_runs(tmp_path: Path, where: str, marks: set[str], body: str) -> None:
    folder, env = sandbox(tmp_path)
    for command in shell_lines(body):
        if "completion" in marks:
            source = re.search(r"(_RESUME_PDF_COMPLETE=\w+ resume-pdf)", command)
            assert source, command
            run = subprocess.run(
                ["bash", "-c", source.group(1)],
                cwd=folder,
                env=env,
                capture_output=True,
                text=True,
            )
            assert run.returncode == 0 and "_RESUME_PDF_COMPLETE" in run.stdout, command
        else:
            run_shell(command, folder, env)


def test_every_developer_command_names_options_that_exist() -> None:
    pytest_options = []
    for _, lang, marks, body in BLOCKS:
        if lang != "sh" or "dev" not in marks:
            continue
        for command in shell_lines(body):
            words = command.split()
            assert words[0] == ".venv/bin/python", command
            if words[1:3] == ["-m", "pytest"]:
                pytest_options.append(words[3:])
            elif words[1] == "tools/mutation.py":
                assert (ROOT / "tools" / "mutation.py").is_file()
    assert pytest_options, "the docs show how to run the tests"
    for options in pytest_options:
        run = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "--co",
                "-q",
                "-n",
                "0",
                "-p",
                "no:cacheprovider",
                *options,
                "tests/end_to_end/test_docs_work_as_written.py::test_no_tracked_file_holds_a_merge_conflict_marker",
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        assert run.returncode in (0, 5), (options, run.stdout, run.stderr)


def fonts_named(style: str, folder: Path) -> None:
    """Tiny generated fonts under every font file name a style example uses."""
    from fontTools.ttLib import TTCollection, TTFont

    from fontmaker import make_font

    for name in set(re.findall(r"[\w.-]+\.tt[fc]", style)):
        if name.endswith(".ttf"):
            make_font(folder / name)
        else:
            faces = [TTFont(make_font(folder / f"face{i}.ttf")) for i in range(2)]
            collection = TTCollection()
            collection.fonts = faces
            collection.save(str(folder / name))


@pytest.mark.parametrize(
    "where,marks,body",
    [(w, m, b) for w, lang, m, b in BLOCKS if lang == "yaml"],
    ids=lambda v: v if isinstance(v, str) and len(v) < 40 else "",
)
def test_every_yaml_example_builds(tmp_path: Path, where: str, marks: set[str], body: str) -> None:
    import yaml

    folder, env = sandbox(tmp_path)
    style = re.match(r"# (styles/[\w-]+)\.yaml", body)
    data = yaml.safe_load(body)
    command = ["build"]
    if style:
        (folder / "styles").mkdir()
        (folder / f"{style.group(1)}.yaml").write_text(body, encoding="utf-8")
        fonts_named(body, folder)
        command += ["resume.yaml", "--style", style.group(1).split("/")[1]]
    elif "name" in data:
        (folder / "resume.yaml").write_text(body, encoding="utf-8")
    else:
        example = yaml.safe_load((folder / "resume.yaml").read_text(encoding="utf-8"))
        example.update(data)
        (folder / "resume.yaml").write_text(yaml.safe_dump(example), encoding="utf-8")
        command += ["--all-variants"] if "variants" in data else []
        command += ["--letter"] if "letter" in data or "letter" in body else []
    run = subprocess.run(
        [sys.executable, "-m", "resume_pdf", *command, "--verify"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
    )
    assert "Traceback" not in run.stderr
    if "fails" in marks:
        assert run.returncode == 1 and re.search(r"\.yaml:\d+:\d+: ", run.stderr), run.stderr
    else:
        assert run.returncode == 0, f"{where}\n{run.stdout}{run.stderr}"
        assert "warning" not in run.stderr, f"{where}\n{run.stderr}"
