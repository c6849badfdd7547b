"""Mutation testing of the modules where a silent bug hurts users most, with mutmut 3.

    pip install -e '.[test,mutation]'
    python tools/mutation.py markup            # one target (see TARGETS), or several
    python tools/mutation.py --list            # the targets and their test files
    python tools/mutation.py markup --report   # the score of the last run, and survivors
    python tools/mutation.py markup --recheck \
        --tests tests/text/test_markup_and_links_pinned.py  # after adding tests

Each target is run in its own scratch copy of the project (under .mutation/TARGET/, outside
the package) with a [tool.mutmut] section naming only its modules and the test files that
exercise them in-process (tests that start `python -m resume_pdf` in a subprocess import
the unmutated package, so they cannot kill a mutant and would only cost time). mutmut then
runs, per mutant, only the selected tests that reach the mutated function. It runs at
`nice -n 19` with one worker by default (`-j N` for more), because it is slow: minutes per
module.

Score = (killed + timed out) / every mutant checked; mutants no selected test reaches
("no tests") count against the score, since no test would notice them either.

A function called while the module is imported (a factory filling a module-level table,
like jsonresume's `_line`) runs unmutated in mutmut's forked workers, so its mutants all
"survive"; `--recheck` runs each in a fresh process and gives their true status.
"""

from __future__ import annotations

import argparse
import json
import shutil
import signal
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
        ("pdf/markup.py", "text/inline.py"),
        (
            "tests/text/test_inline_markup_escapes_everything.py",
            "tests/text/test_markup_and_links_pinned.py",
        ),
    ),
    "source": (
        ("read/source.py",),
        (
            "tests/model/test_load_and_validate_resume.py",
            "tests/read/test_bad_input_located_in_one_run.py",
        ),
    ),
    "output": (
        ("write/output.py",),
        (
            "tests/read/test_bad_input_located_in_one_run.py",
            "tests/end_to_end/test_readme_promises.py",
            "-k",
            f"not ({SUBPROCESS})",
        ),
    ),
    "verify": (
        ("check/verify.py",),
        (
            "tests/end_to_end/test_readme_promises.py",
            "tests/model/test_variants_per_application.py",
            # Han and kana as words of their own
            "tests/text/test_cjk_line_breaks_and_date_words.py",
            "-k",
            "verify or japanese or cjk",
        ),
    ),
    "fit": (
        ("pdf/fit.py",),
        (
            "tests/pdf/test_page_budget_fit.py",
            "tests/end_to_end/test_readme_promises.py",
            "-k",
            "test_page_budget_fit or test_tightening_goes_spacing_then_margins_then_type",
        ),
    ),
    "jsonresume": (
        ("read/jsonresume.py",),
        (
            "tests/read/test_foreign_examples_lose_nothing.py",
            "tests/read/test_foreign_fields_shown_and_located.py",
            "tests/model/test_variants_per_application.py",
            "tests/end_to_end/test_readme_promises.py",
            "-k",  # one style of the public examples: conversion does not depend on it
            "(json or foreign or convert or format) and not (every_style and not classic)",
        ),
    ),
    "variants": (
        ("model/variants.py",),
        (
            "tests/model/test_variants_per_application.py",
            "tests/end_to_end/test_readme_promises.py",
            "-k",
            "variant",
        ),
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


def recheck(target: str, tests: list[str], only: list[str]) -> None:
    """After tests were added: apply each survivor of the last run to this checkout's
    source, run the target's tests once, restore the source. Prints the new score without
    a full rerun (mutants already killed stay killed: tests were only added). Extra pytest
    options go in PYTEST_ADDOPTS (e.g. `-k 'not slow_one'`)."""
    work = WORK / target
    found = results(target)
    survivors = [n for n, status in found.items() if status in ("survived", "no tests")]
    if only:  # a second pass over what the first one left: the score is then that pass's
        survivors = [n for n in survivors if any(n.endswith(part) for part in only)]
    killed = sum(s in ("killed", "timeout") for s in found.values())
    scored = sum(s not in ("not checked", "skipped") for s in found.values())
    selection = tests or TARGETS[target][1]  # only the new tests can kill a survivor
    signal.signal(signal.SIGTERM, _interrupt)  # stopped: the source is still restored
    for name in survivors:
        show = subprocess.run(["mutmut", "show", name], cwd=work, capture_output=True, text=True)
        diff = show.stdout[show.stdout.index("--- ") :]
        path = ROOT / diff.splitlines()[0][4:].strip()
        original = path.read_bytes()
        try:
            applied = _apply(diff, path, method="\u01c1" in name)
            if applied:
                cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider"]
                ran = subprocess.run([*cmd, *selection], cwd=ROOT, capture_output=True)
        finally:
            path.write_bytes(original)
        if applied and ran.returncode == 1:
            killed += 1
            print(f"  now killed  {name}", flush=True)
        else:
            print(f"  {'survives' if applied else 'does not apply'}  {name}", flush=True)
    print(f"{target} after: {killed / scored:.1%} killed ({killed}/{scored})")


def _interrupt(*_: object) -> None:
    raise KeyboardInterrupt


def _apply(diff: str, path: Path, method: bool) -> bool:
    """Apply mutmut's diff of one function to `path`; True when the result compiles.
    mutmut shows a method dedented out of its class, so its lines are indented back (and
    whitespace in the context ignored, for docstring lines it left alone)."""
    if method:
        head, _, body = diff.partition("@@")
        lines = body.splitlines(keepends=True)
        body = lines[0] + "".join(
            line[0] + "    " + line[1:] if line[1:].strip() and line[0] in " +-" else line
            for line in lines[1:]
        )
        diff = f"{head}@@{body}"
    cmd = ["patch", "-s", "-p0", "-F3", "-l", "--no-backup-if-mismatch", "-r", "-", str(path)]
    if subprocess.run(cmd, input=diff, text=True, cwd=ROOT).returncode != 0:
        return False
    try:
        compile(path.read_bytes(), str(path), "exec")
    except SyntaxError:
        return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("targets", nargs="*", choices=[*TARGETS, []], metavar="TARGET")
    parser.add_argument("--list", action="store_true", help="show the targets")
    parser.add_argument("--report", action="store_true", help="report the last run only")
    parser.add_argument(
        "--recheck", action="store_true", help="rerun only the last run's survivors"
    )
    parser.add_argument("--tests", nargs="+", default=[], help="with --recheck: the new tests")
    parser.add_argument(
        "--only",
        nargs="+",
        default=[],
        help="with --recheck: mutants whose name holds one of these",
    )
    parser.add_argument("-j", "--jobs", type=int, default=1, help="mutmut workers (default 1)")
    args = parser.parse_args()
    if args.list or not args.targets:
        for name, (modules, tests) in TARGETS.items():
            print(f"{name:11} {' '.join(modules):40} <- {' '.join(tests)}")
        return
    for target in args.targets:
        if args.recheck:
            recheck(target, args.tests, args.only)
            continue
        if not args.report:
            run(target, args.jobs)
        report(target)


if __name__ == "__main__":
    main()
