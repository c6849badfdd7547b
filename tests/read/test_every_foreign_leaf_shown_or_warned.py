"""Field recall over the public JSON Resume, RenderCV and YAMLResume examples:
every string leaf of each file is either in the PDF's text layer or named by a warning at its
own line — zero silent losses — when built directly and after `convert` then build.

The matching rules, explicit so that a leaf dropped without a word fails the test:

- A leaf is *warned* when a warning names its path, or the path of a mapping or list that
  holds it (`layouts` covers `layouts[0].engine`), at that path's own line in the file.
- A leaf is *shown* when each of its lines (a Markdown list item without its marker) is in
  the PDF's text, compared with whitespace runs as one space, case folded, typographic quotes,
  dashes and ellipses as ASCII, and Markdown emphasis markers removed. A Markdown link is its
  label in the text and its address among the PDF's link annotations.
- A date is shown as the style writes it: `2018-09` is "Sep 2018", `2016-09-01` or
  `Sep 1, 2016` is "Sep 2016", a year is the year, `present` is "present" or "now"; an
  entry's start and end in the same month are shown once.
- Each leaf takes its own occurrence out of the text (longest first), so a short leaf is
  not found inside another's text and two leaves never count one shown text twice.
- An address (http, https, mailto) is shown when it is in the text or a link annotation (a
  profile shown as its label); a RenderCV username is shown within its label.
- Values that steer the build rather than being text are listed in STEERING, by path.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from ats import pdf_links, pdf_text
from conftest import FIXTURES, run_cli
from resume_pdf.errors import field_path
from resume_pdf.read.source import read_source

FORMATS = FIXTURES / "formats"  # byte-exact public examples, each folder with its MIT licence
EXAMPLES = [
    FORMATS / "jsonresume" / "sample.resume.json",
    *sorted((FORMATS / "rendercv" / "examples").glob("*.yaml")),
    *sorted((FORMATS / "yamlresume").glob("*.yml")),
]
STYLE = ("--style", "modern")  # a style that shows months ("Sep 2018"): dates are checked too
# values that choose a style, a language or a schema: read, never printed
STEERING = re.compile(r"^(\$schema|meta\.|design\.theme$|locale\.language$|locale$)")
DATE_KEYS = {"date", "startDate", "endDate", "releaseDate", "start_date", "end_date"}
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
_LINK = re.compile(r"\[([^\]]*)\]\(([^)]*)\)")
_ISO = re.compile(r"(\d{4})(?:-(\d{2}))?(?:-\d{2})?")
_WORDY = re.compile(r"([A-Za-z]{3})[a-z]*\.?\s+(?:\d{1,2},?\s+)?(\d{4})")
_MARKER = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_WARNING = re.compile(r"^(.+?):(\d+):\d+: (\S+): warning: ")
TYPOGRAPHY = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'", "–": "-", "—": "-"})

Path_ = tuple[str | int, ...]


def leaves(node: Any, path: Path_ = ()) -> Iterator[tuple[Path_, str]]:
    """Every text (or number) of a document with its path, in file order."""
    if isinstance(node, dict):
        for key, item in node.items():
            yield from leaves(item, (*path, key))
    elif isinstance(node, list):
        for i, item in enumerate(node):
            yield from leaves(item, (*path, i))
    elif isinstance(node, str | int | float) and not isinstance(node, bool) and str(node).strip():
        yield path, str(node)


def normal(text: str) -> str:
    text = text.replace("…", "...").replace("\u00ad", "").translate(TYPOGRAPHY)
    return " ".join(text.replace("**", "").replace("*", "").split()).casefold()


class Page:
    """The PDF's text (normalised) and link addresses. Each leaf found takes its own
    occurrence out of the text, so two leaves never count one shown text twice and a
    short leaf is not "found" inside a longer one (`Agile` in "... in Agile development")."""

    def __init__(self, pdf: Path) -> None:
        self.text = normal(pdf_text(pdf))
        self.links = {u.rstrip("/") for u in pdf_links(pdf)}
        self.dates: dict[tuple[Path_, str], bool] = {}  # (entry, form) -> taken

    def take(self, piece: str) -> bool:
        """Take `piece` out of the text, as whole words (`CSS` is not in `SCSS`)."""
        found = re.search(rf"(?<!\w){re.escape(piece)}(?!\w)", self.text)
        if found:
            self.text = self.text[: found.start()] + "\0" + self.text[found.end() :]
        return found is not None

    def url(self, url: str) -> bool:
        bare = url.strip().rstrip("/")
        return bare in self.links or self.take(normal(bare))


def date_forms(value: str) -> list[str]:
    value = value.strip()
    if value.lower() == "present":
        return ["present", "now"]
    iso, wordy = _ISO.fullmatch(value), _WORDY.fullmatch(value)
    if iso:
        year, month = iso.group(1), iso.group(2)
        return [f"{MONTHS[int(month) - 1]} {year}".casefold()] if month else [year]
    if wordy and wordy.group(1).title() in MONTHS:
        return [f"{wordy.group(1).title()} {wordy.group(2)}".casefold()]
    return [normal(value)]


def shown(path: Path_, value: str, page: Page) -> bool:
    """Is the leaf in the PDF, by the rules in the module docstring?"""
    key = next((p for p in reversed(path) if isinstance(p, str)), "")
    if key in DATE_KEYS:  # one entry's start and end in one month are shown once
        forms = [(path[:-1], form) for form in date_forms(value)]
        if any(page.dates.get(form) for form in forms):
            return True
        for form in forms:
            page.dates[form] = page.take(form[1])
        return any(page.dates[form] for form in forms)
    if re.match(r"(https?|mailto):", value.strip()):
        return page.url(value)
    pieces = [_MARKER.sub("", line) for line in value.splitlines() if line.strip()]
    for piece in pieces:
        if not all(page.url(url) for _, url in _LINK.findall(piece)):
            return False
        if not page.take(normal(_LINK.sub(r"\1", piece))):
            return False
    return True


def warned(path: Path_, source: Any, warnings: set[tuple[str, int]]) -> bool:
    """Does a warning name the leaf, or what holds it, at that path's own line?"""
    for n in range(len(path), 0, -1):
        held = path[:n]
        lines = {source.locate(held).line, source.locate(held, key=True).line}
        if any((field_path(held), line) in warnings for line in lines):
            return True
    return False


def warnings_of(stderr: str, name: str) -> set[tuple[str, int]]:
    found = set()
    for line in stderr.splitlines():
        match = _WARNING.match(line)
        if match and Path(match.group(1)).name == name:
            found.add((match.group(3), int(match.group(2))))
    return found


def recall(example: Path, pdf: Path, stderr: str) -> tuple[list[str], list[str], list[str]]:
    """(shown, warned, lost) leaves of `example`, each as `path: value`, in file order."""
    source = read_source(example)
    page = Page(pdf)
    warnings = warnings_of(stderr, example.name)
    found: dict[Path_, int] = {}
    every = [(p, v) for p, v in leaves(source.data) if not STEERING.match(field_path(p))]
    for path, _ in every:
        if warned(path, source, warnings):  # first: a word of it may be elsewhere in the text
            found[path] = 1
    for path, value in sorted(every, key=lambda leaf: -len(leaf[1])):  # longest first
        if path not in found:
            found[path] = 0 if shown(path, value, page) else 2
    result: tuple[list[str], list[str], list[str]] = ([], [], [])
    for path, value in every:
        shown_as = f"{field_path(path)}: {value}"
        result[found[path]].append(shown_as if found[path] < 2 else f"{shown_as[:80]!r}")
    return result


def build_direct(example: Path, tmp_path: Path) -> tuple[Path, str]:
    out = tmp_path / "direct.pdf"
    run = run_cli("build", str(example), "-o", str(out), *STYLE)
    assert run.exit_code == 0, run.stderr
    return out, run.stderr


def build_converted(example: Path, tmp_path: Path) -> tuple[Path, str, str]:
    """convert, then build the YAML it wrote: the PDF, convert's warnings, the YAML."""
    converted = tmp_path / "converted.yaml"
    run = run_cli("convert", str(example), "-o", str(converted))
    assert run.exit_code == 0, run.stderr
    out = tmp_path / "converted.pdf"
    built = run_cli("build", str(converted), "-o", str(out), *STYLE)
    assert built.exit_code == 0, built.stderr
    return out, run.stderr, converted.read_text(encoding="utf-8")


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_every_leaf_is_shown_or_warned_at_its_line(tmp_path: Path, example: Path) -> None:
    source = tmp_path / example.name
    shutil.copy(example, source)
    pdf, stderr = build_direct(source, tmp_path)
    _, warned_leaves, lost = recall(source, pdf, stderr)
    assert lost == []
    pdf, stderr, converted = build_converted(source, tmp_path)
    _, warned_after, lost = recall(source, pdf, stderr)
    assert lost == []
    assert warned_after == warned_leaves  # convert warns about what build warns about
    assert yaml.safe_load(converted)["name"]  # the notes are comments: the file still loads
    notes = normal(" ".join(line.split("#", 1)[1] for line in comments(converted)))
    kept = [leaf for leaf in warned_leaves if normal(leaf.split(": ", 1)[1]) not in notes]
    assert kept == []  # each warned value is kept in the converted YAML, as a comment


def comments(text: str) -> list[str]:
    """The converted YAML's note lines (not its two header lines)."""
    return [line for line in text.splitlines()[2:] if line.lstrip().startswith("#")]


@pytest.mark.parametrize(
    ("example", "cut", "lost"),
    [
        ("jsonresume/sample.resume.json", '"US",', "basics.location.countryCode"),
        ("yamlresume/software-engineer.yml", "- Agile\n", "content.work[1].keywords[2]"),
        ("yamlresume/markdown-resume.yml", "\n  - engine: markdown", "layouts[0].engine"),
    ],
)
def test_a_leaf_dropped_without_a_word_is_caught(
    tmp_path: Path, example: str, cut: str, lost: str
) -> None:
    """The rules are strict enough: a leaf left out of what is built, with no warning (here:
    cut from the file built, not from the file measured), is reported lost, even a short
    word that the text holds inside another (`US` in `Business`)."""
    original = FORMATS / example
    edited = tmp_path / original.name
    text = original.read_text(encoding="utf-8")
    assert cut in text
    emptied = '"",' if cut.endswith(",") else "- ''\n" if cut.startswith("-") else ""
    edited.write_text(text.replace(cut, emptied, 1), encoding="utf-8")  # the lines stay
    pdf, stderr = build_direct(edited, tmp_path)
    assert [leaf.split(":")[0].strip("'") for leaf in recall(original, pdf, stderr)[2]] == [lost]
