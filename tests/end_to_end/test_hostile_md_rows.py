"""Hostile inputs: one CLI case per row of /work/shared/HOSTILE.md (ids "01".."65").

Every case runs `python -m resume_pdf` in a subprocess (20 s timeout, 1.5 GB address space,
private TMPDIR) in a fresh folder and asserts: the exit code, a stderr pattern, never a
traceback; after a failure the output is untouched (a planted "previous PDF" survives byte for
byte, no stray files); after a success the ATS checks of ATS.md part B on the PDF (no junk
characters, embedded fonts with ToUnicode, only http/https/mailto/tel links, no JavaScript or
launch actions) plus each row's own check.  Rows where HOSTILE.md says "exit 2" for a bad
résumé expect exit 1 here (2 is reserved for command-line usage).
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import pickle
import re
import resource
import socket
import subprocess
import sys
import time
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from ats import junk, pdf_font_sizes, pdf_fonts, pdf_links, pdf_pages_text, pdf_text

# --- harness -------------------------------------------------------------------------------------

TIMEOUT = 20
MEMORY = 1536 * 1024 * 1024
CASE_BUDGET = 10.0
SCHEMES = {"http", "https", "mailto", "tel"}
SENTINEL = b"%PDF-1.4\n% the previous PDF: a failed build must leave it byte-identical\n"
BUILD = ("build", "resume.yaml", "-o", "out.pdf")
LOC = r"^resume\.yaml:\d+:\d+: "  # FILE:LINE:COL: at the start of an error line
WARNING_LINE = re.compile(r"^[^:\n]+:\d+:\d+: (?:\S[^\n]*?: )?warning: ")
BAD_ACTIONS = re.compile(rb"/(JavaScript|Launch|SubmitForm|GoToR|EmbeddedFiles|OpenAction)\b")
TIMES: dict[str, float] = {}  # row -> wall time of its whole case (every run and check)


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def snapshot(root: Path) -> dict[str, bytes | None]:
    """Every path under root with its bytes (None for a folder, the target for a symlink)."""
    out: dict[str, bytes | None] = {}
    for p in sorted(root.rglob("*")):
        rel = p.relative_to(root).as_posix()
        if p.is_symlink():
            out[rel] = b"-> " + os.readlink(p).encode()
        else:
            out[rel] = None if p.is_dir() else p.read_bytes()
    return out


_STRAIGHT = str.maketrans("‘’“”", "''\"\"")


def flat(text: str) -> str:
    """Text with every whitespace run (including line wraps) as one space, and typographic
    quotes as typed (the builder curls them by default)."""
    return " ".join(text.translate(_STRAIGHT).split())


def lines(text: str) -> set[str]:
    """Extracted lines without a leading bullet glyph."""
    return {re.sub(r"^[\s•·\-–▪]+", "", ln).strip() for ln in text.splitlines()}


def output_of(args: tuple[str, ...]) -> str | None:
    """The PDF a `build` command line writes (relative to the case folder)."""
    if not args or args[0] != "build":
        return None
    if "-o" in args:
        return args[args.index("-o") + 1]
    given = [a for a in args[1:] if not a.startswith("-")]
    return f"output/{Path(given[0] if given else 'resume.yaml').stem}.pdf"


def pdf_images(pdf: Path) -> list[str]:
    from pypdf import PdfReader

    return [img.name for page in PdfReader(pdf).pages for img in page.images]


@dataclass
class Result:
    code: int
    stdout: str
    stderr: str
    raw_stderr: bytes
    seconds: float
    pdf: Path | None = None  # set when a build succeeded
    text: str = ""  # pypdf text of that PDF

    @property
    def flat(self) -> str:
        return flat(self.text)


@dataclass
class Ctx:
    """One case's folders (case/ holds the résumé, tmp/ is TMPDIR) and its CLI runner."""

    row: str
    root: Path
    cleanup: list[Callable[[], None]] = field(default_factory=list)
    subs: dict[str, str] = field(default_factory=dict)  # @NAME@ placeholders in files
    state: dict[str, Any] = field(default_factory=dict)  # what a setup leaves for its check

    @property
    def dir(self) -> Path:
        return self.root / "case"

    @property
    def tmpdir(self) -> Path:
        return self.root / "tmp"

    def write(self, files: Mapping[str, str | bytes]) -> None:
        for name, content in files.items():
            path = self.dir / name
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, str):
                for key, value in {"DIR": str(self.root), **self.subs}.items():
                    content = content.replace(f"@{key}@", value)
                content = content.encode("utf-8")
            path.write_bytes(content)

    def run(
        self,
        *args: str,
        exit: int | tuple[int, ...] = 0,
        stderr: str = "",
        env: Mapping[str, str | None] | None = None,
        closed_stdout: bool = False,
    ) -> Result:
        """Run the CLI once and assert what holds for every hostile input."""
        codes = exit if isinstance(exit, tuple) else (exit,)
        out_rel = output_of(args)
        out = self.dir / out_rel if out_rel else None
        if out is not None and out.parent.is_dir() and not os.path.lexists(out):
            out.write_bytes(SENTINEL)  # the "previous PDF"
        before = snapshot(self.dir)

        full_env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
        full_env.update(TMPDIR=str(self.tmpdir), PYTHONIOENCODING="utf-8")
        for key, value in (env or {}).items():
            if value is None:
                full_env.pop(key, None)
            else:
                full_env[key] = value
        stdout_target: int = subprocess.PIPE
        if closed_stdout:  # a reader that has already gone away
            read_end, stdout_target = os.pipe()
            os.close(read_end)
        start = time.perf_counter()
        try:
            proc = subprocess.run(
                [sys.executable, "-m", "resume_pdf", *args],
                cwd=self.dir,
                env=full_env,
                stdin=subprocess.DEVNULL,
                stdout=stdout_target,
                stderr=subprocess.PIPE,
                timeout=TIMEOUT,
                preexec_fn=_limit_memory,
            )
        except subprocess.TimeoutExpired:
            pytest.fail(f"row {self.row}: {args} did not finish within {TIMEOUT} s")
        finally:
            if closed_stdout:
                os.close(stdout_target)
        seconds = time.perf_counter() - start

        err = proc.stderr.decode("utf-8", "replace")
        stdout = (proc.stdout or b"").decode("utf-8", "replace")
        res = Result(proc.returncode, stdout, err, proc.stderr, seconds)
        tail = err if len(err) < 1200 else "...\n" + err[-1200:]
        shown = f"{args} -> exit {res.code}\nstderr:\n{tail}"
        assert "Traceback" not in err, shown
        assert res.code in codes, shown
        assert re.search(stderr, err, re.M), f"stderr does not match {stderr!r}\n{shown}"
        after = snapshot(self.dir)
        if res.code != 0:
            assert after == before, f"a failed run changed the folder\n{shown}"
            return res
        for rel, content in before.items():
            if rel != out_rel:
                assert after.get(rel) == content, f"{rel} changed\n{shown}"
        parents = {p.as_posix() for p in Path(out_rel or ".").parents}
        assert set(after) - set(before) <= {out_rel, *parents}, shown
        if out is not None:
            self._check_pdf(out, res, shown)
        return res

    def _check_pdf(self, out: Path, res: Result, shown: str) -> None:
        """ATS.md B2/B3/B8 on a PDF a successful build wrote; warnings only on stderr."""
        assert out.is_file() and not out.is_symlink(), shown
        data = out.read_bytes()
        assert data.startswith(b"%PDF-") and data != SENTINEL, shown
        for line in res.stderr.splitlines():
            assert WARNING_LINE.match(line), f"not a located warning: {line!r}\n{shown}"
        res.pdf, res.text = out, pdf_text(out)
        assert junk(res.text) == [], f"junk in the text layer: {junk(res.text)}"
        for font in pdf_fonts(out):
            assert font["embedded"] and font["to_unicode"], font
        for uri in pdf_links(out):
            assert urlsplit(uri).scheme in SCHEMES, uri
        assert not BAD_ACTIONS.search(data), BAD_ACTIONS.search(data)


@dataclass(frozen=True)
class Case:
    row: str
    files: Mapping[str, str | bytes]
    args: tuple[str, ...] = BUILD
    exit: int | tuple[int, ...] = 0
    stderr: str = ""
    literal: tuple[str, ...] = ()  # must print as written (compared whitespace-collapsed)
    check: Callable[[Ctx, Result], None] | None = None
    setup: Callable[[Ctx], None] | None = None
    env: Mapping[str, str | None] = field(default_factory=dict)


# --- row checks: each takes (ctx, result of the row's main run) ----------------------------------

Check = Callable[[Ctx, Result], None]


def each(*checks: Check) -> Check:
    def run_all(ctx: Ctx, res: Result) -> None:
        for check in checks:
            check(ctx, res)

    return run_all


def also(*args: str, **expect: Any) -> Check:
    """Run the CLI once more in the same folder (another input of the same row)."""

    def check(ctx: Ctx, _res: Result) -> None:
        ctx.run(*args, **expect)

    return check


def also_file(name: str, **expect: Any) -> Check:
    return also("build", name, "-o", "out.pdf", **expect)


def same_pdf_as(*folders: str) -> Check:
    """Build FOLDER/resume.yaml and compare its PDF's bytes with the main build's."""

    def check(ctx: Ctx, res: Result) -> None:
        assert res.pdf is not None
        for folder in folders:
            ctx.run("build", f"{folder}/resume.yaml", "-o", f"{folder}.pdf")
            assert (ctx.dir / f"{folder}.pdf").read_bytes() == res.pdf.read_bytes(), folder

    return check


def no_text(*needles: str) -> Check:
    def check(_ctx: Ctx, res: Result) -> None:
        for needle in needles:
            assert needle not in res.text, f"{needle!r} printed:\n{res.text}"

    return check


def has_lines(*items: str) -> Check:
    """Each item is a whole extracted line (after its bullet), e.g. a bullet `NO`."""

    def check(_ctx: Ctx, res: Result) -> None:
        assert set(items) <= lines(res.text), res.text

    return check


def occurs(needle: str, times: int) -> Check:
    def check(_ctx: Ctx, res: Result) -> None:
        assert res.flat.count(needle) == times, res.text

    return check


def stderr_has(pattern: str) -> Check:
    def check(_ctx: Ctx, res: Result) -> None:
        assert re.search(pattern, res.stderr, re.M), res.stderr

    return check


def count(pattern: str, n: int) -> Check:
    """Exactly n stderr lines match pattern (every problem of a file in one run)."""

    def check(_ctx: Ctx, res: Result) -> None:
        found = [ln for ln in res.stderr.splitlines() if re.search(pattern, ln)]
        assert len(found) == n, res.stderr

    return check


def faster_than(seconds: float) -> Check:
    def check(_ctx: Ctx, res: Result) -> None:
        assert res.seconds < seconds, f"{res.seconds:.2f} s"

    return check


def links_are(*uris: str) -> Check:
    def check(_ctx: Ctx, res: Result) -> None:
        assert res.pdf is not None and pdf_links(res.pdf) == list(uris), pdf_links(res.pdf)

    return check


def has_link(uri: str) -> Check:
    def check(_ctx: Ctx, res: Result) -> None:
        assert res.pdf is not None and uri in pdf_links(res.pdf), pdf_links(res.pdf)

    return check


no_links = links_are()


def no_images(_ctx: Ctx, res: Result) -> None:
    assert res.pdf is not None and pdf_images(res.pdf) == []


def no_canary(ctx: Ctx, _res: Result) -> None:
    assert not (ctx.root / "canary").exists(), "the input ran code"


def no_blank_bullets(_ctx: Ctx, res: Result) -> None:
    assert not re.search(r"^[ \t]*[•·\-–▪][ \t]*$", res.text, re.M), "a bullet without text"


def no_invisible(_ctx: Ctx, res: Result) -> None:
    assert not re.search("[\u200b\u2060\u202a-\u202e\u2066-\u2069]", res.text), ascii(res.text)


def no_raw_escape(_ctx: Ctx, res: Result) -> None:
    assert b"\x1b" not in res.raw_stderr, "a raw ESC reached the terminal"


def pages(low: int, high: int) -> Check:
    """The page budget holds and no text is below the 8 pt floor (ATS.md B11/B12)."""

    def check(_ctx: Ctx, res: Result) -> None:
        if res.pdf is None:  # an allowed "does not fit" refusal
            assert "does not fit" in res.stderr, res.stderr
            return
        assert low <= len(pdf_pages_text(res.pdf)) <= high
        assert min(pdf_font_sizes(res.pdf)) >= 7.99

    return check


def no_heading_ends_a_page(_ctx: Ctx, res: Result) -> None:
    assert res.pdf is not None
    for page in pdf_pages_text(res.pdf):
        rows = [ln.strip() for ln in page.splitlines() if not re.fullmatch(r"\s*\d+ / \d+\s*", ln)]
        assert rows[-1] != "Notes", "a heading ends a page"


def anchors_build(ctx: Ctx, _res: Result) -> None:
    """Legitimate anchors, aliases and a `<<:` merge key build fine."""
    res = ctx.run("build", "legit.yaml", "-o", "legit.pdf")
    assert "Team Lead" in res.flat
    assert res.flat.count("Acme Widgets") == 3 and res.flat.count("Fixed the other thing") == 3


def present_words(_ctx: Ctx, res: Result) -> None:
    """present/Present/NOW/current/CURRENT all show as the classic style's `now`."""
    assert len(re.findall(r"\bnow\b", res.text)) == 5, res.text
    assert "present" not in res.text.casefold() and "current" not in res.text.casefold()


def mono_heading(_ctx: Ctx, res: Result) -> None:
    """Upper-cased headings compare case-folded (dotless ı need not round-trip)."""
    folded = unicodedata.normalize("NFC", res.text).casefold()
    for word in ("Eğitim", "Straße", "σοφός"):
        assert word.casefold() in folded, (word, res.text)


def whitespace(ctx: Ctx, res: Result) -> None:
    assert "Ann Example" in res.text and "Para one with gaps." in res.text
    assert not re.search(r"\n[ \t]*\n", res.text), "a blank line in the text layer"
    no_blank_bullets(ctx, res)


def long_link(ctx: Ctx, _res: Result) -> None:
    """A 300-character contact link builds; its annotation is the URL exactly (B7/B8)."""
    res = ctx.run("build", "link.yaml", "-o", "link.pdf")
    assert res.pdf is not None
    assert [u for u in pdf_links(res.pdf) if len(u) > 100] == [LONG_URL]


def plant_image(ctx: Ctx) -> None:
    """A real image beside the case folder with its atime before its mtime: any read (even
    under relatime) moves the atime, so the check can tell whether the build opened it."""
    pixel = ctx.root / "pixel.png"
    pixel.write_bytes(PIXEL)
    mtime = pixel.stat().st_mtime
    os.utime(pixel, (mtime - 1000, mtime))
    ctx.state["atime"] = pixel.stat().st_atime


def image_unread(ctx: Ctx, _res: Result) -> None:
    assert (ctx.root / "pixel.png").stat().st_atime == ctx.state["atime"], "the image was read"


def listen(ctx: Ctx) -> None:
    """A TCP listener on 127.0.0.1; its port goes into the résumé as @PORT@."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(8)
    sock.setblocking(False)
    ctx.subs["PORT"] = str(sock.getsockname()[1])
    ctx.state["listener"] = sock
    ctx.cleanup.append(sock.close)


def no_connection(ctx: Ctx, _res: Result) -> None:
    with pytest.raises(BlockingIOError):
        ctx.state["listener"].accept()


def html_anchors(ctx: Ctx, _res: Result) -> None:
    """HTML links in a text field stay text: no annotation is made from them."""
    res = ctx.run("build", "html.yaml", "-o", "h.pdf")
    assert '<a href="javascript:alert(1)">click</a>' in res.flat
    no_links(ctx, res)


def symlink_output(ctx: Ctx, _res: Result) -> None:
    """An output that is a symlink is replaced, never written through."""
    secret = ctx.root / "sensitive.txt"
    secret.write_text("do not overwrite\n")
    (ctx.dir / "link.pdf").symlink_to(secret)
    ctx.run("build", "resume.yaml", "-o", "link.pdf")
    assert secret.read_text() == "do not overwrite\n"


def stays_inside(ctx: Ctx, _res: Result) -> None:
    assert (ctx.dir / "output" / "resume.pdf").is_file()
    assert sorted(p.name for p in ctx.root.iterdir()) == ["case", "tmp"]


def ascii_terminal(ctx: Ctx, _res: Result) -> None:
    """C locale: a warning and an output name with non-ASCII; then a reader that went away."""
    ctx.run("build", "ok.yaml", "-o", "résumé.pdf", env=C_LOCALE, stderr="control character")
    res = ctx.run("styles", closed_stdout=True, exit=(0, 120))
    assert "BrokenPipe" not in res.stderr, res.stderr


def twice(ctx: Ctx, res: Result) -> None:
    ctx.run("build", "resume.yaml", "-o", "again.pdf")
    assert res.pdf is not None and (ctx.dir / "again.pdf").read_bytes() == res.pdf.read_bytes()


class _Canary:
    """Unpickling this creates <case root>/canary: proof that a planted cache was loaded."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        return (open, (self.path, "w"))


def plant_font_cache(ctx: Ctx) -> None:
    """reportlab's FontFinder cache is TMPDIR/ReportLab_tmp<uid>/fonts_<md5 of dirs>.dat: plant
    a booby-trapped pickle under the names the bundled font folders would give."""
    cache = ctx.tmpdir / f"ReportLab_tmp{os.getuid()}"
    cache.mkdir(parents=True)
    dirs = []
    for module in ("font_source_sans_pro", "font_source_serif_pro", "font_roboto"):
        spec = importlib.util.find_spec(module)
        if spec and spec.origin:
            dirs.append(str(Path(spec.origin).parent))
    payload = pickle.dumps(_Canary(str(ctx.root / "canary")))
    for group in ([], dirs, *([d] for d in dirs)):
        digest = hashlib.md5("".join(sorted(group)).encode(), usedforsecurity=False).hexdigest()
        (cache / f"fonts_{digest}.dat").write_bytes(payload)
    ctx.state["tmp"] = snapshot(ctx.tmpdir)


def cache_untouched(ctx: Ctx, res: Result) -> None:
    no_canary(ctx, res)
    assert snapshot(ctx.tmpdir) == ctx.state["tmp"], "the build wrote to TMPDIR"


# --- inputs --------------------------------------------------------------------------------------

NAME = "name: Ann Example\n"


def section(title: str, key: str, *items: str) -> str:
    return f"  - title: {title}\n    {key}:\n" + "".join(f"      - {i}\n" for i in items)


def bullets(*items: str) -> str:
    return NAME + "sections:\n" + section("Notes", "bullets", *items)


def entries(key: str, *items: str) -> str:
    return NAME + "sections:\n" + section(key.title(), key, *items)


BODY = """\
name: Ann Example
headline: Builds compilers
contact: {email: ann@example.com, phone: "+1 650 555 0100"}
summary: |
  First line of the summary
  continues here.

  A second paragraph.
sections:
  - title: Experience
    experience:
      - role: Engineer
        organization: Acme
        start: 2020-01
        end: present
        highlights: [Shipped the compiler, Cut cold start by 40%]
"""

BLOCK = """\
name: Ann Example
summary: |
  First line
  second line

  Next paragraph
sections:
  - title: Notes
    text: |-
      alpha
      beta
"""

# billion laughs: 9 anchors, each a list of 9 aliases of the one before: 387,420,489 leaves
LOL = NAME + "".join(
    f"{b}: &{b} [" + ", ".join([f"*{a}" if a else "lol"] * 9) + "]\n"
    for a, b in zip(["", *"abcdefgh"], "abcdefghi", strict=True)
)

ANCHORS = """\
name: Ann Example
sections:
  - title: Experience
    experience:
      - &job
        role: Engineer
        organization: Acme Widgets
        start: "2020"
        highlights: &hard [Built the thing, Fixed the other thing]
      - *job
      - <<: *job
        role: Team Lead
        highlights: *hard
"""

NULLS = """\
name: Ann Example
headline: ~
summary:
contact: {email: null, phone: }
sections:
  - title: Work
    experience:
      - role: Engineer
        organization: Acme
        summary: ~
        highlights:
        start: "2020"
        end: null
  - title: Empty
    bullets:
"""

WRONG_TYPES = """\
name: [Ann, Example]
contact: [ann@example.com]
sections:
  - title: Work
    experience: {role: Engineer}
  - title: Awards
    bullets: {best: paper}
  - title: School
    education:
      - institution: Uni
        highlights: one string
"""

TYPOS = """\
name: Ann Example
contact: {emial: ann@example.com}
sections:
  - title: Work
    experience:
      - role: Engineer
        hightlights: [a]
  - title: Notes
    bullets: [a]
    titel: x
"""

EMPTY_SECTIONS = """\
name: Ann Example
sections:
  - title: Education
    education: []
  - title: Awards
    bullets: ['', '  ']
  - title: Skills
    skills: []
  - title: Story
    text: '   '
  - title: Kept
    text: hello
"""

FREE_DATES = (
    "last spring", "Fall 2025", r"Summer 2009 \& 2010", "2019 -- Present", "2020/04 - now",
    "Upon request",
)  # fmt: skip

SCRIPTS = (
    "Zoë Łukasik",
    "Инженер-программист из Москвы",
    "Μηχανικός λογισμικού στην Αθήνα",
    "Öğretmen İstanbul ılık",
    "Zażółć gęślą jaźń",
    "Kỹ sư phần mềm Nguyễn Thị Ánh",
)

WHITESPACE = (
    'name: "  Ann    Example  "\n'
    'headline: "Builds\\u00a0things   and\\u3000more"\n'
    "summary: |\n  Para one   with   gaps.\n" + "\n" * 50 + "  Para two.\n\n"
    "sections:\n" + section("Notes", "bullets", "'  padded  '", "'   '", "'\u3000x\u3000'")
)

MARKUP = (
    "Paper<b>X</b> and <br><br> done",
    r"\href{https://x.org}{text} \textit{it} \& -- ok",
    '<a href="https://x.org" target="_blank"><button class="btn">pdf</button></a>',
    "&mdash; &#x2011; &amp;",
)

LONG_URL = "https://example.com/" + "p" * 280  # 300 characters

PIXEL = bytes.fromhex(  # a valid 1x1 PNG
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082"
)

# CVE-2023-33733's public proof of concept, aimed at a canary file
POC = """<font color="[[[getattr(pow, Word('__globals__'))['os'].system('touch @DIR@/canary') \
for Word in [ orgTypeFun( 'Word', (str,), { 'mutated': 1, 'startswith': lambda self, x: 1 == 0, \
'__eq__': lambda self, x: self.mutate() and self.mutated < 0 and str(self) == x, 'mutate': \
lambda self: { setattr(self, 'mutated', self.mutated - 1) }, '__hash__': lambda self: \
hash(str(self)), }, ) ] ] for orgTypeFun in [type(type(1))] for none in [[].append(1)]]] and \
'red'">exploit</font>"""

INJECTIONS = (
    '<font size="500">X</font> <para leading="0"> <seq/> <onDraw name="showPage"/>',
    '<span style="color:red">red</span>',
)

EVIL_STYLE = """\
extends: classic
colors: {accent: "[[[getattr(pow, Word('__globals__'))]]] and 'red'"}
fonts: {body: /etc/passwd}
"""

C_LOCALE = {"LC_ALL": "C", "LANG": "C", "PYTHONIOENCODING": None, "PYTHONUTF8": "0"}


def q(text: str) -> str:
    """A YAML single-quoted scalar."""
    return "'" + text.replace("'", "''") + "'"


def fit_lines(n: int) -> str:
    """n bullets: 45 overflow one classic page by a line, 95 two pages (see
    test_page_budget_fit.py)."""
    head = "name: Fit Example\nheadline: Engineer\ncontact: {email: fit@example.com}\n"
    items = (f"Point {i} shipped a change that made something faster" for i in range(n))
    return head + "sections:\n" + section("Notes", "bullets", *items)


def timeline(n: int) -> str:
    return entries("timeline", *(
        f'{{start: "{1960 + i}", end: "{1961 + i}", text: Entry {i} did one thing worth a line}}'
        for i in range(n)
    ))  # fmt: skip


# --- the table: one case per HOSTILE.md row ------------------------------------------------------

# fmt: off
CASES = [
    # A. file, encoding and YAML parser
    Case("01", {"resume.yaml": "name: John\n  headline: x\n", "b.yaml": "name: [1, 2\n",
                "c.yaml": "a: b: c\n"},
         exit=1, stderr=LOC + "error: YAML syntax error",
         check=each(also_file("b.yaml", exit=1, stderr=r"^b\.yaml:\d+:\d+: error: YAML syntax"),
                    also_file("c.yaml", exit=1, stderr=r"^c\.yaml:\d+:\d+: error: YAML syntax"))),
    Case("02", {"resume.yaml": "name: Ann\ncontact:\n\temail: ann@example.com\n"},
         exit=1, stderr=LOC + ".*spaces, not tabs"),
    Case("03", {"resume.yaml": NAME + 'summary: "alpha\\tbeta"\nsections:\n'
                                      "  - title: Notes\n    text: |\n      gamma\tdelta\n"},
         literal=("alpha beta", "gamma delta"), check=no_text("\t", "■")),
    Case("04", {"resume.yaml": b"name: Caf\xe9\nheadline: \x93quoted\x94\n"},
         exit=1, stderr=LOC + r".*not valid UTF-8 at byte (9|10)\b"),
    Case("05", {"resume.yaml": b"\xef\xbb\xbf" + BODY.encode(), "plain/resume.yaml": BODY,
                "utf16/resume.yaml": ("\ufeff" + BODY).encode("utf-16-le")},
         literal=("Ann Example",),
         check=each(same_pdf_as("plain"),  # UTF-16 with a BOM: decoded or refused, no crash
                    also("build", "utf16/resume.yaml", "-o", "u16.pdf", exit=(0, 1)))),
    Case("06", {"resume.yaml": BLOCK.replace("\n", "\r\n"), "lf/resume.yaml": BLOCK,
                "cr/resume.yaml": BLOCK.replace("\n", "\r")},
         literal=("First line second line", "Next paragraph"),
         check=each(no_text("\r"), same_pdf_as("lf", "cr"))),
    Case("07", {"resume.yaml": b"name: Ann\x00e\n"},
         exit=1, stderr=r"^resume\.yaml:1:\d+: .*(#x0000|\\x00|NUL)"),
    Case("08", {"resume.yaml": 'name: "Ann\\0e"\nheadline: "x\\u0000y"\n'},
         stderr=r"^resume\.yaml:1:\d+: name: warning: .*control character",
         literal=("Anne", "xy")),
    Case("09", {"resume.yaml": NAME + 'headline: "Bell\\a ESC\\e[31mred\\e[0m VT\\v FF\\f '
                                      'DEL\\x7f C1\\x85\\x9b end"\n',
                "key.yaml": NAME + '"bad\\ekey": x\n'},
         stderr=r"headline: warning: .*control character", literal=("Bell", "end"),
         check=each(no_raw_escape,
                    also_file("key.yaml", exit=1, stderr=r"bad\\x1bkey"))),
    Case("10", {"resume.yaml": "", "c.yaml": "# only a comment\n", "d.yaml": "---\n"},
         exit=1, stderr=r"^resume\.yaml(:\d+:\d+)?: .*empty document",
         check=each(also_file("c.yaml", exit=1, stderr="empty document"),
                    also_file("d.yaml", exit=1, stderr="empty document"))),
    Case("11", {"resume.yaml": "- a\n- b\n", "s.yaml": "hello\n", "n.yaml": "42\n"},
         exit=1, stderr=LOC + ".*top level must be a mapping",
         check=each(also_file("s.yaml", exit=1, stderr="top level must be a mapping"),
                    also_file("n.yaml", exit=1, stderr="top level must be a mapping"))),
    Case("12", {"resume.yaml": "name: A\n---\nname: B\n"},
         exit=1, stderr=LOC + ".*several YAML documents"),
    Case("13", {"resume.yaml": NAME + "# " + "x" * (1 << 20) + "\n"},
         exit=1, stderr="input too large", check=faster_than(2.0)),
    Case("14", {"resume.yaml": LOL, "legit.yaml": ANCHORS},
         exit=1, stderr=LOC + ".*expands to", check=each(faster_than(2.0), anchors_build)),
    Case("15", {"resume.yaml": "name: Ann\nsections: &a [*a]\n"},
         exit=1, stderr=LOC + ".*recursive alias"),
    Case("16", {"resume.yaml": NAME + "sections: " + "[" * 10000 + "]" * 10000 + "\n",
                "map.yaml": NAME + "sections: " + "{a: " * 100 + "x" + "}" * 100 + "\n"},
         exit=1, stderr=LOC + ".*nesting",
         check=also_file("map.yaml", exit=1, stderr="nesting")),
    Case("17", {"resume.yaml": "name: Ann First\nheadline: Engineer\nname: Ann Second\n"},
         stderr=r"^resume\.yaml:3:\d+: name: warning: .*duplicate key.*first at line 1",
         literal=("Ann Second",),
         check=each(no_text("Ann First"),
                    also(*BUILD, "--strict", exit=1, stderr=LOC + ".*duplicate key"))),
    Case("18", {"resume.yaml": 'name: !!python/object/apply:os.system ["touch @DIR@/canary"]\n',
                "b.yaml": "name: Ann\nheadline: !!python/name:os.system\n",
                "c.yaml": "name: Ann\nsummary: !include /etc/passwd\n"},
         exit=1, stderr=LOC + "name: .*unsupported YAML tag",
         check=each(no_canary,
                    also_file("b.yaml", exit=1, stderr="headline: .*unsupported YAML tag"),
                    also_file("c.yaml", exit=1, stderr="summary: .*unsupported YAML tag"))),
    Case("19", {"resume.yaml": entries("timeline", "{start: 2025-13-01, text: a}",
                                       "{start: 2025-01-50, text: b}",
                                       "{start: 2025-02-30, end: 2025-02-29, text: c}")},
         exit=1, stderr=LOC + r"sections\[0\]\.timeline\[0\]\.start: error: expected a date like",
         check=count("expected a date like", 4)),
    # B. YAML 1.1 implicit typing: every scalar keeps its text
    Case("20", {"resume.yaml": NAME + "contact:\n  phone: +447722850063\n"
                "sections:\n" + section("Numbers", "bullets", "0123456", "012345678")},
         literal=("+447722850063",),
         check=each(has_lines("0123456", "012345678"), no_text("42798"),
                    has_link("tel:+447722850063"))),
    Case("21", {"resume.yaml": bullets("NO", "on", "no", "yes", "off", "y", "Y")},
         check=each(has_lines("NO", "on", "no", "yes", "off", "y", "Y"),
                    no_text("True", "False"))),
    Case("22", {"resume.yaml": bullets("3.10", "12:30", "3.50", "1_000", ".inf", "0x1F", "1e3")},
         check=has_lines("3.10", "12:30", "3.50", "1_000", ".inf", "0x1F", "1e3")),
    Case("23", {"resume.yaml": NULLS, "noname.yaml": "name: ~\nheadline: x\n"},
         literal=("Engineer",),
         check=each(no_text("None", "null", "~", "Empty"),
                    also_file("noname.yaml", exit=1, stderr="name.*required"))),
    # C. schema and data
    Case("24", {"resume.yaml": WRONG_TYPES},
         exit=1, stderr=LOC + "name: error: expected text, got a list",
         check=count(LOC + r"\S+: error: expected ", 5)),
    Case("25", {"resume.yaml": TYPOS, "yname.yaml": "yname: Ann\n"},
         exit=1, stderr=LOC + r"contact\.emial: .*did you mean .email",
         check=each(count("did you mean", 3),
                    also_file("yname.yaml", exit=1, stderr="yname.*did you mean .name"))),
    Case("26", {"resume.yaml": "headline: x\n", "e.yaml": 'name: ""\n', "s.yaml": 'name: "  "\n'},
         exit=1, stderr="name.*required",
         check=each(also_file("e.yaml", exit=1, stderr="name.*required"),
                    also_file("s.yaml", exit=1, stderr="name.*required"))),
    Case("27", {"resume.yaml": entries("timeline", *(f"{{date: {q(d)}, text: x{i}}}"
                                                     for i, d in enumerate(FREE_DATES)))
                + section("Work", "experience", "{role: Engineer, date: 2016-2019}")},
         literal=(*FREE_DATES, "2016-2019"), check=no_text("NaT", "Invalid date", "-09-01")),
    Case("28", {"resume.yaml": entries(
        "experience", "{role: Backwards, organization: Acme, start: 2025-01, end: 2020-01}",
        "{role: Overlap one, organization: Beta, start: 2019, end: 2022}",
        "{role: Overlap two, organization: Gamma, start: 2021, end: present}",
        "{role: Future, organization: Delta, start: 2031, end: 2032}")},
         stderr=r"^resume\.yaml:\d+:\d+: sections\[0\]\.experience\[0\]\S*: warning: "
                r".*before it starts",
         literal=("Jan 2025 → Jan 2020",),
         check=each(count("before it starts", 1), no_text("-5"),
                    also(*BUILD, "--strict", exit=1, stderr="before it starts"))),
    Case("29", {"resume.yaml": entries("experience", *(
        f"{{role: {r}, start: 2020, end: {e}}}" for r, e in (
            ("Alpha", "present"), ("Bravo", "Present"), ("Charlie", "NOW"), ("Delta", "current"),
            ("Echo", "CURRENT"))), "{role: Foxtrot, start: 2018}")},
         literal=("Foxtrot",), check=present_words),
    Case("30", {"resume.yaml": EMPTY_SECTIONS},
         literal=("KEPT", "hello"),  # titles are drawn in capitals (headings.case)
         check=no_text("EDUCATION", "AWARDS", "SKILLS", "STORY", "Education", "Story")),
    Case("31", {"resume.yaml": entries(
        "experience", "{role: Engineer, highlights: ['', '  ', Real bullet, '']}")
        + section("Skills", "skills", "{group: Tools, items: ['', Python, ' ']}")},
         literal=("Real bullet", "Python"), check=no_blank_bullets),
    Case("32", {"resume.yaml": timeline(60)}, args=(*BUILD, "--pages", "1"),
         literal=tuple(f"Entry {i} did one thing worth a line" for i in range(60)),
         check=each(pages(1, 1), faster_than(5.0),
                    lambda ctx, _: pages(1, 2)(ctx, ctx.run(*BUILD, "--pages", "2")))),
    Case("33", {"resume.yaml": fit_lines(45)}, args=(*BUILD, "--pages", "1"),
         check=pages(1, 1)),
    Case("34", {"resume.yaml": fit_lines(95)}, args=(*BUILD, "--pages", "2"),
         check=each(pages(2, 2), no_heading_ends_a_page)),
    Case("35", {"resume.yaml": NAME + "summary: " + " ".join(["lorem"] * 6000) + "\n"},
         exit=1, stderr=r"does not fit(.|\n)*largest sections"),
    Case("36", {"resume.yaml": NAME + "summary: Intro " + "a" * 5000 + " outro\n"},
         stderr=r"summary: warning: .*long word", literal=("Intro", "outro")),
    Case("37", {"resume.yaml": NAME + "contact:\n  website: https://example.com/" + "a" * 5000,
                "link.yaml": NAME + f"contact:\n  links: [{{label: Portfolio, url: {LONG_URL}}}]"},
         exit=1, stderr=LOC + r"contact\.website: .*longer than 2048", check=long_link),
    Case("38", {"resume.yaml": "name: " + "Maximiliana " * 16 + "Wolfeschlegel\nsections:\n"
                + section("Section " * 25, "experience",
                          "{role: Engineer, organization: " + "A" * 200 + ", start: 2020}")},
         literal=("Maximiliana " * 16 + "Wolfeschlegel", "SECTION " * 25, "Engineer")),
    Case("39", {"resume.yaml": entries("experience", *2 * [
        "{role: Engineer, organization: Acme, highlights: [Shipped it, Shipped it]}"])},
         check=each(occurs("Shipped it", 4), occurs("Acme", 2))),
    # D. Unicode, fonts and scripts
    Case("40", {"resume.yaml": f"name: {SCRIPTS[0]}\nheadline: {SCRIPTS[1]}\nsections:\n"
                               + section("Languages", "bullets", *SCRIPTS[2:]),
                "cjk.yaml": "name: Ann\nheadline: ソフトウェアエンジニア（東京）\n"
                            "summary: 소프트웨어 엔지니어\n",
                "key.yaml": "name: Ann\n職歴: 東京\n"},
         literal=SCRIPTS,
         check=each(also_file("cjk.yaml", exit=1, stderr=r"headline: .*no available font(.|\n)*"
                                                         r"summary: .*no available font"),
                    also_file("key.yaml", exit=1, stderr=LOC.replace("resume", "key")
                                                         + "職歴: .*unknown key"))),
    Case("41", {"resume.yaml": NAME + "sections:\n"
                + section("Eğitim ve ıslak Straße σοφός", "bullets", "Istanbul")},
         args=(*BUILD, "--style", "mono"), check=mono_heading),
    Case("42", {"resume.yaml": 'name: Ann\nheadline: "Shipping 🚀 fast"\nsummary: Rated ★★★\n'},
         exit=1, stderr=LOC + r"headline: .*no available font.*U\+1F680",
         check=stderr_has(LOC + r"summary: .*U\+2605")),
    Case("43", {"resume.yaml": NAME + "headline: מהנדס at Google Ltd.\nsummary: مهندس برمجيات\n"},
         exit=1, stderr=LOC + "headline: .*can draw Hebrew",
         check=stderr_has(LOC + "summary: .*can draw Arabic")),
    Case("44", {"resume.yaml": bullets('"Py\\u200bthon"', '"\\u202emoc.elpmaxe@nna"',
                                       '"\\u2066isolated\\u2069 text"', '"word\\u2060joiner"')},
         stderr=r"warning: .*(zero-width|bidi)",
         literal=("Python", "moc.elpmaxe@nna", "isolated text", "wordjoiner"),
         check=each(no_invisible, count("warning", 4))),
    Case("45", {"resume.yaml": "name: Rene\u0301e Lefe\u0300vre\nheadline: Cafe\u0301\n"},
         literal=("Renée Lefèvre", "Café"), check=no_text("\u0301", "\u0300")),
    Case("46", {"resume.yaml": WHITESPACE},
         literal=("Para two.", "padded"), check=whitespace),
    Case("47", {"resume.yaml": bullets(*map(q, MARKUP), "'Markdown *em* and [Intelliflo Ltd]"
                                                         "(https://intelliflo.example)'")},
         literal=(*MARKUP, "Markdown em and Intelliflo Ltd"),
         check=links_are("https://intelliflo.example")),
    # E. reportlab markup injection: literal text, no side effect, no image, no odd link
    Case("48", {"resume.yaml": bullets(*map(q, (
        '<img src="/etc/passwd"/>', '<img src="../../secret.png"/>',
        '<img src="../pixel.png" width="500" height="500"/>')))},
         setup=plant_image,
         literal=('<img src="/etc/passwd"/>', '<img src="../../secret.png"/>',
                  '<img src="../pixel.png" width="500" height="500"/>'),
         check=each(image_unread, no_images, no_links)),
    Case("49", {"resume.yaml": bullets(*map(q, (
        '<img src="http://127.0.0.1:@PORT@/x.png"/>', '<img src="https://127.0.0.1:@PORT@/y"/>',
        '<img src="ftp://127.0.0.1:@PORT@/z.png"/>', '<img src="data:image/png;base64,iVBO="/>')))},
         setup=listen, literal=('<img src="http://127.0.0.1:', '<img src="data:image/png;'),
         check=each(no_connection, no_images, no_links)),
    Case("50", {"resume.yaml": NAME + "summary: |\n  " + POC + "\n"},
         literal=("<font color=", "__globals__", "exploit</font>"),
         check=each(no_canary, no_images, no_links)),
    Case("51", {"resume.yaml": NAME + "summary: Click [x](javascript:alert(1)) now\n",
                "web.yaml": NAME + "contact:\n  website: file:///etc/passwd\n"
                                   "  links: [{label: d, url: 'data:text/html,hi'}]\n",
                "html.yaml": bullets(*map(q, ('<a href="javascript:alert(1)">click</a>',
                                              '<a href="file:///etc/passwd">cv</a>',
                                              '<link href="#nowhere">x</link>')))},
         exit=1, stderr=LOC + "summary: .*not allowed",
         check=each(also_file("web.yaml", exit=1, stderr=r"contact\.website: .*not allowed"
                                                         r"(.|\n)*links\[0\]\.url: .*not allowed"),
                    html_anchors)),
    Case("52", {"resume.yaml": bullets("'R&D and AT&T, Q&A'", "'&nbsp; &lt; &#0; &amp;'")},
         literal=("R&D and AT&T, Q&A", "&nbsp; &lt; &#0; &amp;"), check=no_text("R&D;", "AT&T;")),
    Case("53", {"resume.yaml": bullets("'a < b, <3, C<T>, ->, <br>, </para> after'")},
         literal=("a < b, <3, C<T>, ->, <br>, </para> after",)),
    Case("54", {"resume.yaml": bullets("'<b>bold without end'", "'<i>italic'", "'**half bold'",
                                       "'5 * 3 = 15'")},
         literal=("<b>bold without end", "<i>italic", "**half bold", "5 * 3 = 15")),
    Case("55", {"resume.yaml": bullets(*map(q, INJECTIONS), q(" ".join(["<br/>"] * 200))),
                "styles/evil.yaml": EVIL_STYLE},
         literal=INJECTIONS,
         check=each(pages(1, 1), occurs("<br/>", 200), no_images,
                    also(*BUILD, "--style", "evil", exit=1,
                         stderr=r"colors\.accent: (.|\n)*fonts\.body: "))),
    # F. paths and output
    Case("56", {"resume.yaml": NAME + "photo: ../../etc/passwd\n"},
         exit=1, stderr=LOC + "photo: error: expected a .jpg, .jpeg or .png file"),
    Case("57", {"resume.yaml": NAME + "photo: https://example.com/bomb.png\n"},
         exit=1, stderr=LOC + "photo: error: photo .* not found beside the résumé"),
    Case("58", {"resume.yaml": NAME, "outdir/.keep": ""},
         args=("build", "resume.yaml", "-o", "outdir"), exit=1, stderr="is a directory"),
    Case("59", {"resume.yaml": NAME, "blocker": "a regular file\n"},
         args=("build", "resume.yaml", "-o", "blocker/out.pdf"), exit=1, stderr="cannot write"),
    Case("60", {"resume.yaml": NAME}, args=("build", "resume.yaml", "-o", "resume.yaml"),
         exit=1, stderr="input file itself",
         check=each(also("build", "resume.yaml", "-o", "../case/resume.yaml", exit=1,
                         stderr="input file itself"),
                    symlink_output)),
    Case("61", {"resume.yaml": 'name: "../../x/\\u202eevil\\0 Name"\n'},
         args=("build", "resume.yaml"), stderr="warning", check=stays_inside),
    # G. command line and environment
    Case("62", {"resume.yaml": NAME}, args=(*BUILD, "--style", "nope"),
         exit=1, stderr="unknown style",
         check=each(*(also(*BUILD, "--pages", p, exit=2, stderr="--pages")
                      for p in ("0", "21", "-1", "abc", "any1")),
                    also(*BUILD, "--page-size", "a3", exit=2, stderr="--page-size"))),
    Case("63", {"resume.yaml": NAME + "émail: ann@example.com\n", "ok.yaml": 'name: "Zoë\\0"\n'},
         env=C_LOCALE, exit=1, stderr=LOC + ".*unknown key", check=ascii_terminal),
    Case("64", {"resume.yaml": BODY}, check=twice),
    Case("65", {"resume.yaml": BODY}, setup=plant_font_cache, check=cache_untouched),
]
# fmt: on


def run_case(case: Case, tmp_path: Path) -> None:
    """A row in its own folder: set up, write its files, run it, check it (the plain runner
    of the later rounds' tables; this table's own runner below adds its literals and time)."""
    ctx = Ctx(case.row, tmp_path)
    ctx.dir.mkdir()
    ctx.tmpdir.mkdir()
    if case.setup:
        case.setup(ctx)
    ctx.write(case.files)
    res = ctx.run(*case.args, exit=case.exit, stderr=case.stderr, env=case.env)
    if case.check:
        case.check(ctx, res)


@pytest.mark.parametrize("case", CASES, ids=[c.row for c in CASES])
def test_hostile_input(case: Case, tmp_path: Path) -> None:
    ctx = Ctx(case.row, tmp_path)
    ctx.dir.mkdir()
    ctx.tmpdir.mkdir()
    start = time.perf_counter()
    try:
        if case.setup:
            case.setup(ctx)
        ctx.write(case.files)
        res = ctx.run(*case.args, exit=case.exit, stderr=case.stderr, env=case.env)
        for text in case.literal:
            assert flat(text) in res.flat, f"{text!r} not printed literally:\n{res.text}"
        if case.check:
            case.check(ctx, res)
    finally:
        TIMES[case.row] = time.perf_counter() - start
        for close in ctx.cleanup:
            close()
    # HOSTILE.md: every case finishes in < 10 s wall (all the runs of its row together);
    # checked in the case itself, so it holds whichever cases run and in whatever order
    assert TIMES[case.row] < CASE_BUDGET, f"case {case.row} took {TIMES[case.row]:.1f} s"
