"""Field recall over the `.bib` fixtures: every field of every selected entry is either in
the PDF (its text, or a link for `doi` and `url`) or named by a warning at its line.

The rules are test_every_foreign_leaf_shown_or_warned.py's (each leaf takes its own
occurrence out of the text),
with BibTeX's forms: a field is compared as its LaTeX decodes (`{\\"u}` is ü), each author
by the name shown, `year` with `month` as the style writes the date ("Mar 2020"), a DOI
among the links as its doi.org address; `keywords` and `crossref` choose entries and are
not shown. A field is *warned* when a warning names it (`field \\`abstract\\``) at its line.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from test_every_foreign_leaf_shown_or_warned import MONTHS, Page, normal

from conftest import FIXTURES, run_cli
from resume_pdf.read.bibtex import decode, parse_bib, split_names

BIBS = FIXTURES / "bibtex"
STEERING = {"keywords", "crossref", "month"}  # month: read with the year


def recall(bib: Path, pdf: Path, stderr: str, keys: set[str]) -> list[str]:
    """The fields of the entries `keys` neither shown nor warned, as `key.field: value`."""
    entries = [e for e in parse_bib(bib.read_text(encoding="utf-8"), bib.name) if e.key in keys]
    page = Page(pdf)
    warned = set(re.findall(r":(\d+):\d+: warning: field `(\w+)` is not shown", stderr))
    lost = []
    leaves = [(e, k, v) for e in entries for k, v in e.fields.items() if k not in STEERING]
    for entry, key, value in sorted(leaves, key=lambda leaf: -len(leaf[2])):
        if (str(entry.places[key].line), key) in warned:
            continue
        if not _shown(entry.fields, key, value, page):
            lost.append(f"{entry.key}.{key}: {value!r}")
    return lost


def _shown(fields: dict[str, str], key: str, value: str, page: Page) -> bool:
    if key == "author":
        return all(page.take(normal(shown)) for shown, _ in split_names(value))
    if key == "doi":
        return page.url("https://doi.org/" + re.sub(r"^https?://doi\.org/", "", value))
    if key == "url":
        return page.url(value)
    if key == "year":
        month = fields.get("month", "")
        named = f"{MONTHS[int(month) - 1]} {value}" if month.isdigit() else value
        return page.take(named.casefold())
    return page.take(normal(decode(value).replace("--", "–")))


@pytest.mark.parametrize(
    ("bib", "options", "keys"),
    [
        ("refs.bib", "", {"placeholder2020fast", "pldi2022", "placeholder2022alloc"}),
        ("refs.bib", "", {"doe2019journal", "placeholder2018thesis"}),
        ("malformed.bib", "      keywords: [selected]\n", {"good2021", "after2017"}),
    ],
)
def test_every_field_of_a_selected_entry_is_shown_or_warned(
    tmp_path: Path, bib: str, options: str, keys: set[str]
) -> None:
    shutil.copy(BIBS / bib, tmp_path / bib)
    resume = tmp_path / "resume.yaml"
    resume.write_text(
        "name: Ann Placeholder\nsections:\n  - title: Publications\n"
        f"    publications:\n      bib: {bib}\n{options}",
        encoding="utf-8",
    )
    out = tmp_path / "out.pdf"
    run = run_cli("build", str(resume), "-o", str(out), "--style", "modern")
    assert run.exit_code == 0, run.stderr
    assert recall(tmp_path / bib, out, run.stderr, keys) == []


def test_a_field_dropped_without_a_word_is_caught(tmp_path: Path) -> None:
    """The check can fail: with no warnings read, the abstract counts as lost."""
    shutil.copy(BIBS / "refs.bib", tmp_path / "refs.bib")
    resume = tmp_path / "resume.yaml"
    resume.write_text("name: A\nsections:\n  - title: P\n    publications: {bib: refs.bib}\n")
    out = tmp_path / "out.pdf"
    assert run_cli("build", str(resume), "-o", str(out)).exit_code == 0
    lost = recall(tmp_path / "refs.bib", out, "", {"placeholder2020fast"})
    assert lost == ["placeholder2020fast.abstract: 'We study passes.'"]
