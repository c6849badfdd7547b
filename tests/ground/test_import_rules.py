"""The pipeline's import rules (ARCHITECTURE.md), held by parsing the imports."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import resume_pdf
from conftest import EXAMPLE

PACKAGE = Path(resume_pdf.__file__).parent
ALLOWED = {  # third-party packages each module (path under the package) may import
    "click": {"cli/__init__", "cli/app", "cli/console", "cli/make", "cli/tools", "cli/preview"},
    "yaml": {"read/source", "thirdparty"},  # the loader (and its dump for `convert`), imported fast
    "reportlab": {
        *(
            "fonts/book",
            "fonts/embed",
            "fonts/kerning",
            "pdf/canvas",
            "pdf/ink",
            "pdf/skills",
            "pdf/layout",
            "pdf/render",
        ),
        *("fonts/user", "pdf/cjk", "pdf/entries", "pdf/photo"),
        *("pdf/contact", "pdf/icons", "pdf/letter", "pdf/rtl"),
        "pdf/tags",  # the structure tree, grown with reportlab's PDF objects
        "pdf/tagtree",  # ... and written as them
        "pdf/pack",  # the file, its structure tree in an object stream
        "pdf/runs",  # bold, italic and linked runs: the faces reportlab registered
        "pdf/breaks",  # where reportlab cuts an over-long word (URLs at their joints)
        "pdf/paragraphs",  # reportlab's Paragraph, parsed once and wrapped once
        "pdf/wrapped",  # ... the paragraph every other one is
        "pdf/bidi_paragraph",  # ... and one holding right-to-left text
        "pdf/glyph_codes",  # the codes shaped glyphs are drawn with, in the fonts reportlab reads
        "pdf/lines",  # rows of items (contact details, an entry's fields) as flowables
        "pdf/identity",  # the name, headline and contact details
        "pdf/headings",  # section titles, small capitals
        "pdf/attach",  # the embedded source, as reportlab's PDF objects
        "pdf/gaps",  # the space above a section or an entry, dropped at a page top
    },
    # only when a CFF font is used, or a user's TrueType font checked; a user font's family
    # name for the twins; the font folders read where fontconfig is absent
    "fontTools": {
        "fonts/convert",
        "fonts/validate",
        "write/resume_doc",
        "fonts/discover",
        "fonts/outlines",
    },
    # CLDR: month names, long dates, language codes (LinkedIn's month names: `Mär 2020`)
    "babel": {"text/cldr", "style/dates", "read/linkedin_text"},
    "bibtexparser": {"read/bibtex"},  # a `bib:` publications section only
    "pylatexenc": {"read/bibtex"},  # ... its LaTeX as Unicode
    # --verify; and convert cv.pdf: its attachments
    "pypdf": {"check/verify", "check/verify_tags", "read/embedded"},
    # the live preview's pages; --verify's text runs with their boxes and fonts
    "pypdfium2": {"write/raster", "preview/pictures", "check/verify", "check/verify_portals"},
    "watchdog": {"watch"},
    "docx": {"write/docx", "write/docx_parts"},  # python-docx, for the Word twin only
}


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_only_the_named_stages_import_each_library() -> None:
    for path in PACKAGE.rglob("*.py"):
        module = path.relative_to(PACKAGE).with_suffix("").as_posix()
        for lib in imports_of(path) & ALLOWED.keys():
            assert module in ALLOWED[lib], f"{module} imports {lib}"


def test_a_plain_build_never_imports_pypdf_or_pypdfium2(tmp_path: Path) -> None:
    """Nor the libraries only some résumés need (CFF fonts, right-to-left text); PIL is
    not listed because reportlab itself imports it. Nor `dataclasses`: value classes are
    values.py's `@value`, which builds them without generating code (a plain build of
    the example had crept back to importing it through the tagging modules). Nor our own
    modules for what it did not ask: the read-back of --verify, the BibTeX reader. Nor
    `difflib`, which only a misspelt key or language code needs (click imports it to
    parse a short option such as `-o`, so the build here names `--output`)."""
    lazy = ("pypdf", "pypdfium2", "fontTools", "bidi", "dataclasses", "bibtexparser", "pylatexenc")
    lazy += ("difflib",)
    own = ("resume_pdf.check.verify", "resume_pdf.read.bibliography", "resume_pdf.read.bibtex")
    code = (
        "import sys; from resume_pdf.cli import main\n"
        f"try: main(['build', {str(EXAMPLE)!r}, '--output', {str(tmp_path / 'x.pdf')!r}])\n"
        "except SystemExit: pass\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {lazy!r} or m in {own!r}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"
    assert (tmp_path / "x.pdf").exists()


def test_help_does_not_import_reportlab() -> None:
    code = (
        "import sys; from resume_pdf.cli import main\n"
        "try: main(['--help'])\nexcept SystemExit: pass\n"
        "print('reportlab' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "False"


def test_python_dash_m_works() -> None:
    cmd = [sys.executable, "-m", "resume_pdf", "check", str(EXAMPLE)]
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=EXAMPLE.parent)
    assert out.returncode == 0, out.stderr
    said = out.stdout.strip()  # the example, shorter than its page, is grown to fill it
    assert re.fullmatch(
        r"resume\.yaml: ok, 1 page within its 1-page budget(, grown [^;]*)?; letter: 1 page", said
    ), said


# --- the house: stages import downward only, and no import runs in a circle -------------------

# lowest first; a module may import its own stage and the ones before it. text/ is pure string
# work (inline markup, bidi, scripts) that readers and the model both use, so it sits below
# read/; fonts/ checks a style's font values with the model's spec kinds, so it sits below style/
STAGES = (
    ("errors", "paths", "values", "thirdparty", "isolation", "__init__"),  # the ground floor
    ("text",),
    ("read",),
    ("model",),
    ("fonts",),
    ("style",),
    ("pdf", "write"),
    ("check",),
    # the applications; guide.py writes the guide for agents from the schemas
    ("build", "watch", "batch", "scaffold", "start", "guide", "preview", "cli"),
    ("__main__",),
)
RANK = {name: rank for rank, names in enumerate(STAGES) for name in names}


def module_name(path: Path, package: Path = PACKAGE) -> str:
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_imports(path: Path, modules: set[str], package: Path = PACKAGE) -> set[str]:
    """The package's modules this file imports anywhere: at the top, inside functions and
    under `if TYPE_CHECKING:` (a type is a dependency too)."""
    here = module_name(path, package)
    base = here.split(".") if path.name == "__init__.py" else here.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                stem = base[: len(base) - node.level + 1]
                target = ".".join(stem + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            names = [f"{target}.{alias.name}" for alias in node.names]
            found |= {name for name in names if name in modules} or {target}
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return {name for name in found if name in modules and name != here}


def import_graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    files = {module_name(path, package): path for path in package.rglob("*.py")}
    return {name: package_imports(path, set(files), package) for name, path in files.items()}


def stage_of(module: str) -> str:
    return module.split(".")[1] if "." in module else "__init__"


def upward_imports(graph: dict[str, set[str]]) -> list[str]:
    return sorted(
        f"{source} imports {target}"
        for source, targets in graph.items()
        for target in targets
        if RANK[stage_of(target)] > RANK[stage_of(source)]
    )


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while not group or group[-1] != node:
                group.append(stack.pop())
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_every_folder_is_a_named_stage() -> None:
    assert {stage_of(name) for name in import_graph()} <= RANK.keys()


def test_no_stage_imports_a_later_one() -> None:
    assert upward_imports(import_graph()) == []


def test_no_import_runs_in_a_circle() -> None:
    assert circles(import_graph()) == []


def test_modules_stay_short() -> None:
    long = {
        module_name(path): lines
        for path in PACKAGE.rglob("*.py")
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > 400
    }
    assert long == {}


def _plant(tmp_path: Path, files: dict[str, str]) -> dict[str, set[str]]:
    package = tmp_path / "resume_pdf"
    for name, text in {"__init__.py": "", **files}.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text, encoding="utf-8")
    return import_graph(package)


def test_the_checks_catch_a_planted_circle_and_a_planted_upward_import(tmp_path: Path) -> None:
    graph = _plant(
        tmp_path,
        {
            "read/__init__.py": "",
            "read/a.py": "import typing\nif typing.TYPE_CHECKING:\n    from .b import B\n",
            "read/b.py": "def f():\n    from . import a\n",
            "model/__init__.py": "",
            "model/c.py": "",
            "text/__init__.py": "",
            "text/d.py": "from ..model.c import C\n",
        },
    )
    assert circles(graph) == [["resume_pdf.read.a", "resume_pdf.read.b"]]
    assert upward_imports(graph) == ["resume_pdf.text.d imports resume_pdf.model.c"]
