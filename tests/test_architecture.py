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
    "babel": {"dates", "translations", "read/linkedin_text"},
    "bibtexparser": {"read/bibtex"},  # a `bib:` publications section only
    "pylatexenc": {"read/bibtex"},  # ... its LaTeX as Unicode
    "pypdf": {"verify", "verify_tags", "read/embedded"},  # convert cv.pdf: its attachments
    # the live preview's pages; --verify's text runs with their boxes and fonts
    "pypdfium2": {"write/raster", "preview/pictures", "verify", "verify_portals"},
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
    the example had crept back to importing it through the tagging modules)."""
    lazy = ("pypdf", "pypdfium2", "fontTools", "bidi", "dataclasses", "bibtexparser", "pylatexenc")
    code = (
        "import sys; from resume_pdf.cli import main\n"
        f"try: main(['build', {str(EXAMPLE)!r}, '-o', {str(tmp_path / 'x.pdf')!r}])\n"
        "except SystemExit: pass\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {lazy!r}))"
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
