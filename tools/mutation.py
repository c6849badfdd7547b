"""Mutation testing of the modules where a silent bug hurts users most, with mutmut 3.

    pip install -e '.[test,mutation]'
    python tools/mutation.py markup            # one target (see TARGETS), or several
    python tools/mutation.py --list            # the targets and their test files
    python tools/mutation.py markup --report   # the score of the last run, and survivors
    python tools/mutation.py markup --recheck --tests tests/test_links.py  # after adding tests

Each target is run in its own scratch copy of the project (under .mutation/TARGET/, outside
the package) with a [tool.mutmut] section naming only its modules and the test files that
exercise them in-process (tests that start `python -m resume_pdf` in a subprocess import
the unmutated package, so they cannot kill a mutant and would only cost time). mutmut then
runs, per mutant, only the selected tests that reach the mutated function. It runs at
`nice -n 19` with one worker by default (`-j N` for more), because it is slow: minutes per
module.

Score = (killed + timed out) / every mutant checked; mutants no selected test reaches
("no tests") count against the score, since no test would notice them either.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / ".mutation"

SUBPROCESS = "watch or two_processes or interrupted"  # tests that run a child process

# target -> (modules under src/resume_pdf, test selection passed to pytest)
TARGETS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "markup": (
        ("text/markup.py", "text/inline.py"),
        ("tests/test_markup.py", "tests/test_links.py"),
    ),
    "source": (("read/source.py",), ("tests/test_model.py", "tests/test_errors.py")),
    "output": (
        ("write/output.py",),
        ("tests/test_errors.py", "tests/test_promises.py", "-k", f"not ({SUBPROCESS})"),
    ),
    "verify": (
        ("verify.py",),
        ("tests/test_promises.py", "tests/test_applications.py", "-k", "verify"),
    ),
    "fit": (("pdf/fit.py",), ("tests/test_fit.py",)),
    "jsonresume": (
        ("read/jsonresume.py",),
        (
            "tests/test_foreign.py",
            "tests/test_applications.py",
            "tests/test_promises.py",
            "-k",
            "json or foreign or convert or every_rendercv or public_examples or format",
        ),
    ),
    "variants": (
        ("variants.py",),
        ("tests/test_applications.py", "tests/test_promises.py", "-k", "variant"),
    ),
}


def prepare(target: str) -> Path:
    """A scratch copy of the project whose pyproject.toml configures mutmut for `target`."""
    modules, selection = TARGETS[target]
    work = WORK / target
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    for name in ("src", "tests"):
        shutil.copytree(ROOT / name, work / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("resume.yaml", "README.md"):
        shutil.copy(ROOT / name, work / name)
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    only = ", ".join(json.dumps(f"src/resume_pdf/{m}") for m in modules)
    tests = ", ".join(json.dumps(t) for t in selection)
    pyproject += (
        "\n[tool.mutmut]\n"
        'source_paths = ["src/resume_pdf"]\n'
        'also_copy = ["resume.yaml", "README.md"]\n'
        f"only_mutate = [{only}]\n"
        f"pytest_add_cli_args_test_selection = [{tests}]\n"
        'pytest_add_cli_args = ["-p", "no:cacheprovider"]\n'
    )
    (work / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    return work


def run(target: str, jobs: int) -> int:
    work = prepare(target)
    mutmut = shutil.which("mutmut") or sys.exit("no mutmut: pip install -e '.[mutation]'")
    cmd = ["nice", "-n", "19", mutmut, "run", "--max-children", str(jobs)]
    return subprocess.run(cmd, cwd=work, check=False).returncode


def results(target: str) -> dict[str, str]:
    """mutant name -> status, from the .meta files mutmut leaves beside each module."""
    from mutmut.stats import status_by_exit_code  # mutmut's own reading of its exit codes

    out: dict[str, str] = {}
    for module in TARGETS[target][0]:
        meta = WORK / target / "mutants" / "src" / "resume_pdf" / f"{module}.meta"
        if not meta.exists():
            continue
        codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
        for name, code in codes.items():
            out[name] = status_by_exit_code[code]
    return out


def report(target: str) -> None:
    found = results(target)
    counts = Counter(found.values())
    scored = sum(counts.values()) - counts["not checked"] - counts["skipped"]
    killed = counts["killed"] + counts["timeout"]
    score = f"{killed / scored:.1%}" if scored else "n/a"
    print(
        f"{target}: {score} killed ({killed}/{scored}); "
        + ", ".join(f"{n} {s}" for s, n in sorted(counts.items()))
    )
    for name, status in sorted(found.items()):
        if status in ("survived", "no tests"):
            print(f"  {status:9} {name}")


def recheck(target: str, tests: list[str]) -> None:
    """After tests were added: apply each survivor of the last run to this checkout's
    source, run the target's tests once, restore the source. Prints the new score without
    a full rerun (mutants already killed stay killed: tests were only added)."""
    work = WORK / target
    found = results(target)
    survivors = [n for n, status in found.items() if status in ("survived", "no tests")]
    killed = sum(s in ("killed", "timeout") for s in found.values())
    scored = sum(s not in ("not checked", "skipped") for s in found.values())
    selection = tests or TARGETS[target][1]  # only the new tests can kill a survivor
    still = []
    for name in survivors:
        show = subprocess.run(["mutmut", "show", name], cwd=work, capture_output=True, text=True)
        diff = show.stdout[show.stdout.index("--- ") :]
        path = ROOT / diff.splitlines()[0][4:].strip()
        original = path.read_bytes()
        try:
            applied = subprocess.run(
                ["patch", "-s", "-p0", "-F3", "--no-backup-if-mismatch", "-r", "-", str(path)],
                input=diff,
                text=True,
                cwd=ROOT,
            )
            cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider"]
            ran = subprocess.run([*cmd, *selection], cwd=ROOT, capture_output=True)
        finally:
            path.write_bytes(original)
        if applied.returncode == 0 and ran.returncode == 1:
            killed += 1
            print(f"  now killed  {name}")
        else:
            still.append(name)
            print(f"  {'survives' if applied.returncode == 0 else 'no longer applies'}  {name}")
    print(f"{target} after: {killed / scored:.1%} killed ({killed}/{scored})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("targets", nargs="*", choices=[*TARGETS, []], metavar="TARGET")
    parser.add_argument("--list", action="store_true", help="show the targets")
    parser.add_argument("--report", action="store_true", help="report the last run only")
    parser.add_argument(
        "--recheck", action="store_true", help="rerun only the last run's survivors"
    )
    parser.add_argument("--tests", nargs="+", default=[], help="with --recheck: the new tests")
    parser.add_argument("-j", "--jobs", type=int, default=1, help="mutmut workers (default 1)")
    args = parser.parse_args()
    if args.list or not args.targets:
        for name, (modules, tests) in TARGETS.items():
            print(f"{name:11} {' '.join(modules):40} <- {' '.join(tests)}")
        return
    for target in args.targets:
        if args.recheck:
            recheck(target, args.tests)
            continue
        if not args.report:
            run(target, args.jobs)
        report(target)


if __name__ == "__main__":
    main()
