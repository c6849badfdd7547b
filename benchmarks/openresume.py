"""OpenResume's résumé parser, unchanged, as a judge of what a web ATS reads from our PDFs.

    python benchmarks/openresume.py [--rendercv PATH] [--baseline REV] [--styles a,b]
                    [--openresume GITDIR] [--cache DIR] [--json FILE] [--show STYLE:FIXTURE]

Not a test and not in CI: it needs node, npm and a clone of github.com/xitanggg/open-resume.
It copies the parser (`src/app/lib/parse-resume-from-pdf/`, with the two files it imports,
`lib/redux/resumeSlice.ts` and `lib/deep-clone.ts`, and the types) out of that git directory
into a cache folder (default `~/.cache/resume-pdf/openresume`), installs there with npm the
pdfjs-dist version the repository's package-lock pins (3.7.107), its @reduxjs/toolkit and
esbuild, and bundles `benchmarks/openresume/main.ts`, which calls `parseResumeFromPdf` on each
PDF and prints the results as JSON. The parser's logic is not touched. The one shim is
`benchmarks/openresume/worker-entry.js`: in the browser, `read-pdf.ts` imports
`pdfjs-dist/build/pdf.worker.entry` as the worker's URL; under node pdf.js runs the worker in
the main thread and `require`s `workerSrc`, so the shim hands it the worker file's path.
`parseResumeFromPdf` is given a `file://` URL where the browser gives a blob URL.

The five résumés in benchmarks/openresume/*.yaml (content the tests have not seen) are built
in every style, and, with `--rendercv`, in every RenderCV theme from the same content
(openresume_score.to_rendercv). The scoring rule is in openresume_score.py's docstring.
Printed: a table of style × résumé with each style's mean, then the mean per field (what the
points are lost on). `--baseline REV` also scores the PDFs commit REV builds (its `src/`
run with this venv). Offline RenderCV needs `python benchmarks/typst_offline.py PATH` once.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
import openresume_score as scoring  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "benchmarks" / "openresume"
STYLES = ["classic", "compact", "modern", "mono", "serif", "sidebar"]
THEMES = ["classic", "engineeringclassic", "engineeringresumes", "sb2nov", "moderncv"]
THEMES += ["ember", "harvard", "ink", "opal"]
MIRROR = os.environ.get("OPENRESUME_GIT", "/work/.mirror/xitanggg+open-resume/repo")
PARSER = "src/app/lib/parse-resume-from-pdf"
EXTRA = ["src/app/lib/redux/types.ts", "src/app/lib/redux/resumeSlice.ts"]
EXTRA += ["src/app/lib/deep-clone.ts", "tsconfig.json"]
TOOLS = {"@reduxjs/toolkit": "1.9.5", "esbuild": "0.19.12"}


def git(gitdir: Path, *args: str) -> str:
    cmd = ["git", f"--git-dir={gitdir}", *args]
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def pinned_pdfjs(gitdir: Path) -> str:
    """The pdfjs-dist version OpenResume's package-lock.json installs."""
    lock = json.loads(git(gitdir, "show", "HEAD:package-lock.json"))
    return lock["packages"]["node_modules/pdfjs-dist"]["version"]


def prepare(gitdir: Path, cache: Path) -> Path:
    """The bundled parser (cache/parse.js), copied, installed and built once per commit."""
    commit = git(gitdir, "rev-parse", "HEAD").strip()
    bundle = cache / "parse.js"
    stamp = cache / "commit"
    shims = [HERE / "main.ts", HERE / "worker-entry.js"]
    if bundle.exists() and stamp.exists() and stamp.read_text() == commit + _shims_key(shims):
        return bundle
    src = cache / "open-resume"
    shutil.rmtree(src, ignore_errors=True)
    files = git(gitdir, "ls-tree", "-r", "--name-only", "HEAD", PARSER).split()
    for name in [f for f in files if not f.endswith(".test.ts")] + EXTRA:
        target = src / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(
            subprocess.run(
                ["git", f"--git-dir={gitdir}", "show", f"HEAD:{name}"],
                check=True,
                capture_output=True,
            ).stdout
        )
    shutil.copy(HERE / "main.ts", src / "src/app/main.ts")
    shutil.copy(HERE / "worker-entry.js", cache / "worker-entry.js")
    deps = {"pdfjs-dist": pinned_pdfjs(gitdir)} | TOOLS
    (cache / "package.json").write_text(json.dumps({"private": True, "dependencies": deps}))
    npm = ["npm", "install", "--no-audit", "--no-fund", "--loglevel=error"]
    subprocess.run(npm, cwd=cache, check=True)
    esbuild = [str(cache / "node_modules/.bin/esbuild"), "open-resume/src/app/main.ts"]
    esbuild += ["--bundle", "--platform=node", "--tsconfig=open-resume/tsconfig.json"]
    esbuild += ["--external:pdfjs-dist", "--log-level=warning", "--outfile=parse.js"]
    esbuild += ["--alias:pdfjs-dist/build/pdf.worker.entry=./worker-entry.js"]
    subprocess.run(esbuild, cwd=cache, check=True)
    stamp.write_text(commit + _shims_key(shims))
    return bundle


def _shims_key(paths: list[Path]) -> str:
    return "".join(f" {p.stat().st_mtime_ns}" for p in paths)


def parse(bundle: Path, pdfs: list[Path]) -> dict[str, dict]:
    """OpenResume's parse of each PDF, by path."""
    cmd = ["node", str(bundle), *map(str, pdfs)]
    out = subprocess.run(cmd, cwd=bundle.parent, check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def build_ours(fixtures: list[Path], styles: list[str], tmp: Path, src: Path, label: str) -> dict:
    """Each fixture in each style, built by the package in `src` (this checkout's, or a
    baseline's), with this venv's Python and dependencies."""
    exe = [sys.executable, "-m", "resume_pdf", "build", "-q"]
    env = os.environ | {"PYTHONPATH": str(src)}
    pdfs = {}
    for style in styles:
        for fixture in fixtures:
            pdf = tmp / f"{label}-{style}-{fixture.stem}.pdf"
            cmd = [*exe, str(fixture), "--style", style, "-o", str(pdf)]
            subprocess.run(cmd, check=True, env=env, cwd=tmp)
            pdfs[f"{label}{style}", fixture.stem] = pdf
    return pdfs


def build_baseline(rev: str, fixtures: list[Path], styles: list[str], tmp: Path) -> dict:
    """The same PDFs from commit `rev` (a detached worktree, removed after)."""
    tree = tmp / "baseline-src"
    git_c = ["git", "-C", str(ROOT), "worktree"]
    subprocess.run([*git_c, "add", "-q", "--detach", str(tree), rev], check=True)
    try:
        return build_ours(fixtures, styles, tmp, tree / "src", f"{rev[:7]} ")
    finally:
        subprocess.run([*git_c, "remove", "--force", str(tree)], check=False)


def build_rendercv(rendercv: str, resumes: dict[str, dict], tmp: Path) -> dict:
    pdfs = {}
    for theme in THEMES:
        for stem, resume in resumes.items():
            folder = tmp / f"rcv-{theme}-{stem}"
            folder.mkdir()
            source = folder / f"{stem}_cv.yaml"
            source.write_text(yaml.safe_dump(scoring.to_rendercv(resume, theme), sort_keys=False))
            pdf = tmp / f"rendercv-{theme}-{stem}.pdf"
            cmd = [rendercv, "render", str(source), "--pdf-path", str(pdf)]
            cmd += ["-nomd", "-nohtml", "-nopng"]
            done = subprocess.run(cmd, cwd=folder, capture_output=True, text=True)
            if done.returncode != 0 or not pdf.exists():
                print(f"RenderCV {theme} {stem} failed:\n{done.stdout[-2000:]}", file=sys.stderr)
                continue
            pdfs[theme, stem] = pdf
    return pdfs


def table(title: str, scores: dict, stems: list[str]) -> None:
    """style × résumé, each style's mean last."""
    names = list(dict.fromkeys(k[0] for k in scores))
    print(f"\n{title:<20}" + "".join(f"{s[:12]:>13}" for s in stems) + f"{'mean':>8}")
    for name in names:
        row = [scoring.resume_score(scores[name, s]) for s in stems if (name, s) in scores]
        cells = "".join(f"{v:>13.2f}" for v in row)
        print(f"{name:<20}{cells}{sum(row) / len(row):>8.2f}")


def per_field(title: str, scores: dict) -> None:
    """The mean of each field per style: where the points go."""
    fields = list(dict.fromkeys(f for v in scores.values() for f in v))
    names = list(dict.fromkeys(k[0] for k in scores))
    print(f"\n{title + ' per field':<20}" + "".join(f"{f[:9]:>10}" for f in fields))
    for name in names:
        cells = []
        for field in fields:
            values = [x for (n, _), v in scores.items() if n == name for x in v.get(field, [])]
            cells.append(f"{sum(values) / len(values):>10.2f}" if values else f"{'-':>10}")
        print(f"{name:<20}" + "".join(cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rendercv", help="a RenderCV 2.8 command: also score its themes")
    parser.add_argument("--baseline", metavar="REV", help="also score commit REV's PDFs")
    parser.add_argument("--styles", default=",".join(STYLES))
    parser.add_argument(
        "--openresume",
        type=Path,
        default=Path(MIRROR),
        help="a clone of github.com/xitanggg/open-resume, or its git directory "
        "(default: $OPENRESUME_GIT, else %(default)s)",
    )
    default_cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    parser.add_argument("--cache", type=Path, default=default_cache / "resume-pdf/openresume")
    parser.add_argument("--json", type=Path, help="also write every score and parse here")
    parser.add_argument("--show", action="append", default=[], help="print STYLE:FIXTURE's parse")
    args = parser.parse_args()
    gitdir = args.openresume / ".git" if (args.openresume / ".git").exists() else args.openresume
    missing = [tool for tool in ("git", "node", "npm") if not shutil.which(tool)]
    if missing or not (gitdir / "HEAD").exists():
        why = f"{', '.join(missing)} not found" if missing else f"no git repository at {gitdir}"
        sys.exit(
            f"openresume.py: {why} (needs git, node, npm and a clone: git clone "
            "https://github.com/xitanggg/open-resume, then --openresume PATH)"
        )
    args.cache.mkdir(parents=True, exist_ok=True)
    bundle = prepare(gitdir, args.cache)
    fixtures = sorted(HERE.glob("*.yaml"))
    resumes = {f.stem: yaml.safe_load(f.read_text()) for f in fixtures}
    with tempfile.TemporaryDirectory(prefix="openresume-") as name:
        tmp = Path(name)
        styles = args.styles.split(",")
        pdfs = build_ours(fixtures, styles, tmp, ROOT / "src", "")
        if args.baseline:
            pdfs |= build_baseline(args.baseline, fixtures, styles, tmp)
        if args.rendercv:
            pdfs |= {
                ("RenderCV " + t, s): p
                for (t, s), p in build_rendercv(args.rendercv, resumes, tmp).items()
            }
        parsed = parse(bundle, list(pdfs.values()))
    results = {key: parsed[str(pdf)] for key, pdf in pdfs.items()}
    scores = {key: scoring.score(resumes[key[1]], got) for key, got in results.items()}
    stems = list(resumes)
    ours = {k: v for k, v in scores.items() if not k[0].startswith("RenderCV")}
    theirs = {k: v for k, v in scores.items() if k[0].startswith("RenderCV")}
    table("resume-pdf", ours, stems)
    per_field("resume-pdf", ours)
    if theirs:
        table("RenderCV 2.8", theirs, stems)
        per_field("RenderCV", theirs)
    for item in args.show:
        key = tuple(item.split(":", 1))
        print(f"\n{item}:\n{json.dumps(results.get(key), indent=1, ensure_ascii=False)}")
    if args.json:
        rows = [
            {"tool": k[0], "resume": k[1], "scores": scores[k], "parsed": results[k]}
            for k in results
        ]
        args.json.write_text(json.dumps(rows, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
