"""A publications section taken from a `.bib` file: the entries it selects are set in the
publication form (authors with `me` in bold, et al. after the style's limit, title, venue,
year, DOI link), LaTeX as Unicode, macros and crossrefs resolved; malformed entries are a
warning at their line unless selected, then an error; the file must lie beside the résumé."""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdf
import pytest

from ats import pdf_links, pdf_text
from bibmaker import entries
from conftest import FIXTURES, run_cli

BIBS = FIXTURES / "bibtex"


def resume(tmp_path: Path, bib: str, options: str = "", extra: str = "") -> Path:
    """A résumé beside the fixture `bib` whose publications come from it."""
    if "/" not in bib and (BIBS / bib).exists():
        shutil.copy(BIBS / bib, tmp_path / bib)
    path = tmp_path / "resume.yaml"
    path.write_text(
        f"name: Ann Placeholder\n{extra}sections:\n  - title: Publications\n"
        f"    publications:\n      bib: {bib}\n{options}",
        encoding="utf-8",
    )
    return path


def build(path: Path, *args: str) -> tuple[int, str, str]:
    out = path.parent / "out.pdf"
    run = run_cli("build", str(path), "-o", str(out), *args)
    text = pdf_text(out).replace("\u2019", "'") if run.exit_code == 0 else ""
    return run.exit_code, text, run.stderr


def bold_runs(pdf: Path) -> list[str]:
    """The texts pypdf reads in a bold face."""
    runs: list[str] = []

    def visit(text: str, cm, tm, font, size) -> None:  # type: ignore[no-untyped-def]
        if font and "Bold" in str(font.get("/BaseFont", "")) and text.strip():
            runs.append(text.strip())

    for page in pypdf.PdfReader(pdf).pages:
        page.extract_text(visitor_text=visit)
    return runs


def test_latex_macros_months_and_crossrefs_are_resolved(tmp_path: Path) -> None:
    code, text, err = build(resume(tmp_path, "refs.bib"), "--verify")
    assert code == 0, err
    for words in (
        "Jörg Müller, Ann Placeholder, Renée François",
        "Fast LLVM Passes – a Study of Østergaard's Method",
        "International Symposium on Code Generation and Optimization (CGO), pp. 12–24",
        "Mar 2020",
        "Proceedings of the 43rd Conference on Programming Language Design and Implementation",
        "Jun 2022",
        "A Journal Article on GPU Kernels—Revisited",
        "Journal of Examples, 12(3), pp. 100–120",
        "Example University",
        "Advisor: Erdős, Paul",
    ):
        assert words in " ".join(text.split()), words
    links = pdf_links(tmp_path / "out.pdf")
    assert "https://doi.org/10.1145/3368826.3377912" in links
    assert "https://doi.org/10.5555/jex.2019.12" in links  # a DOI given as its address
    assert "https://example.org/alloc.pdf" in links
    assert "refs.bib:14:3: warning: field `abstract` is not shown (1 selected entry)" in err


def test_entries_are_sorted_by_year_newest_first(tmp_path: Path) -> None:
    code, text, err = build(resume(tmp_path, "refs.bib"))
    assert code == 0, err
    order = ["Proceedings of the 43rd", "Register Allocation", "Fast LLVM", "GPU Kernels"]
    found = [text.index(t) for t in [*order, "Compilers for Everyone"]]
    assert found == sorted(found)


def test_me_is_bold_by_default_the_resume_name_or_as_given(tmp_path: Path) -> None:
    code, _, err = build(resume(tmp_path, "refs.bib", "      keys: [doe2019journal]\n"))
    assert code == 0, err
    bold = " ".join(bold_runs(tmp_path / "out.pdf"))  # the name at the top is bold too
    assert bold.count("Ann Placeholder") == 2 and "John Doe" not in bold
    path = resume(tmp_path, "refs.bib", "      keys: [doe2019journal]\n      me: J. Doe\n")
    code, _, err = build(path)
    assert code == 0, err
    bold = " ".join(bold_runs(tmp_path / "out.pdf"))
    assert "John Doe" in bold and bold.count("Ann Placeholder") == 1


@pytest.mark.parametrize(
    ("options", "titles"),
    [
        ("      keys: [doe2019journal, placeholder2018thesis]\n", ["GPU", "Compilers for"]),
        ("      keywords: [selected]\n", ["Register Allocation", "Fast LLVM"]),
        ("      years: 2019..2020\n", ["Fast LLVM", "GPU"]),
        ("      years: 2021..\n", ["ACM", "Register Allocation"]),
        ("      types: [article, phdthesis]\n", ["GPU", "Compilers for"]),
        ("      keywords: [selected]\n      years: ..2020\n", ["Fast LLVM"]),
    ],
)
def test_a_selection_keeps_the_entries_every_option_allows(
    tmp_path: Path, options: str, titles: list[str]
) -> None:
    code, text, err = build(resume(tmp_path, "refs.bib", options))
    assert code == 0, err
    every = ["ACM", "Register Allocation", "Fast LLVM", "GPU", "Compilers for"]  # ACM: pldi2022
    assert [t for t in every if t in text] == [t for t in every if t in titles]


def test_a_malformed_entry_not_selected_is_a_warning_at_its_line(tmp_path: Path) -> None:
    code, text, err = build(resume(tmp_path, "malformed.bib", "      keywords: [selected]\n"))
    assert code == 0, err
    assert "A Good Entry" in text and "Read After The Broken One" in text
    assert "malformed.bib:9:1: warning: `doubled2020`: a doubled `@`" in err
    assert "malformed.bib:15:1: warning: `twice2019`: field `title` given twice" in err
    assert "malformed.bib:21:1: warning: `unclosed2018`: malformed entry (an unclosed" in err


@pytest.mark.parametrize(
    ("options", "line"),
    [("      keys: [twice2019]\n", "15:1"), ("      years: 2018\n", "21:1")],
)
def test_a_malformed_entry_selected_is_an_error_at_its_line(
    tmp_path: Path, options: str, line: str
) -> None:
    path = resume(tmp_path, "malformed.bib", options)
    (tmp_path / "out.pdf").write_bytes(b"previous")
    code, _, err = build(path)
    assert code == 1
    assert f"malformed.bib:{line}: error: " in err and "Traceback" not in err
    assert (tmp_path / "out.pdf").read_bytes() == b"previous"


def test_forty_authors_end_in_et_al_keeping_me(tmp_path: Path) -> None:
    names = [f"Given{i} Family{i}" for i in range(40)]
    names[30] = "Ann Placeholder"
    bib = "@article{big, title={Forty}, journal={J}, year=2022, author={%s}}\n"
    (tmp_path / "big.bib").write_text(bib % " and ".join(names), encoding="utf-8")
    code, text, err = build(resume(tmp_path, "big.bib"), "--verify", "--format", "pdf,txt")
    assert code == 0, err
    flat = " ".join(text.split())
    assert "Given8 Family8, Ann Placeholder, et al." in flat and "Given9 Family9" not in flat
    assert "Ann Placeholder, et al." in (tmp_path / "out.txt").read_text(encoding="utf-8")
    (tmp_path / "short.yaml").write_text("extends: classic\npublications: {authors_max: 3}\n")
    code, text, err = build(tmp_path / "resume.yaml", "--style", str(tmp_path / "short.yaml"))
    assert code == 0, err
    assert "Given0 Family0, Given1 Family1, Ann Placeholder, et al." in " ".join(text.split())


@pytest.mark.parametrize(
    ("bib", "message"),
    [
        ("../outside.bib", "is outside the résumé's folder; it is not read"),
        ("/etc/passwd", "is outside the résumé's folder"),
        ("missing.bib", "not found beside the résumé"),
    ],
)
def test_a_bib_path_outside_the_folder_or_missing_is_located(
    tmp_path: Path, bib: str, message: str
) -> None:
    folder = tmp_path / "cv"
    folder.mkdir()
    (tmp_path / "outside.bib").write_text("@misc{x, title={Secret}, year=2020}\n")
    code, _, err = build(resume(folder, bib))
    assert code == 1
    assert "resume.yaml:5:12: sections[0].publications.bib: error: " in err and message in err


def test_unknown_options_and_keys_are_located_errors(tmp_path: Path) -> None:
    code, _, err = build(resume(tmp_path, "refs.bib", "      keyz: [a]\n      keys: [nope]\n"))
    assert code == 1
    assert "resume.yaml:6:7: sections[0].publications.keyz: error: unknown key `keyz`" in err
    assert "sections[0].publications.keys: error: no entry `nope` in refs.bib" in err


def test_an_academic_cv_of_fifty_entries_keeps_its_budget_and_doi_links(tmp_path: Path) -> None:
    (tmp_path / "many.bib").write_text(entries(50), encoding="utf-8")
    path = resume(tmp_path, "many.bib", "", extra="pages: 4\n")
    code, text, err = build(path, "--verify")
    assert code == 0, err
    pages = len(pypdf.PdfReader(tmp_path / "out.pdf").pages)
    assert pages <= 4
    links = set(pdf_links(tmp_path / "out.pdf"))
    assert {f"https://doi.org/10.5555/example.{i}" for i in range(50)} <= links
    assert "Paper 49: on LLVM passes – Müller's method" in " ".join(text.split())


def test_three_hundred_entries_select_by_keyword(tmp_path: Path) -> None:
    (tmp_path / "many.bib").write_text(entries(300), encoding="utf-8")
    path = resume(tmp_path, "many.bib", "      keywords: [selected]\n", extra="pages: any\n")
    code, text, err = build(path)
    assert code == 0, err
    shown = {i for i in range(300) if f"Paper {i}:" in text}
    assert shown == set(range(0, 300, 6))


def test_the_json_schema_offers_the_bib_form_to_editors() -> None:
    import jsonschema

    from resume_pdf.style.json_schema import resume_json_schema

    schema = resume_json_schema()
    bib = {"bib": "refs.bib", "keywords": ["selected"], "years": "2019..2026", "me": "A. P"}
    good = {"name": "A", "sections": [{"title": "P", "publications": bib}]}
    jsonschema.validate(good, schema)
    bad = {"name": "A", "sections": [{"title": "P", "publications": {"bibb": "refs.bib"}}]}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, schema)


def test_a_symlink_leading_out_of_the_folder_is_not_followed(tmp_path: Path) -> None:
    folder = tmp_path / "cv"
    folder.mkdir()
    (tmp_path / "secret.bib").write_text("@misc{x, title={Secret}, year=2020}\n")
    (folder / "refs.bib").symlink_to(tmp_path / "secret.bib")
    code, _, err = build(resume(folder, "refs.bib"))
    assert code == 1 and "is outside the résumé's folder; it is not read" in err


def test_an_output_never_replaces_the_bib_it_was_read_from(tmp_path: Path) -> None:
    """`-o cv.pdf --format pdf,txt` writes cv.txt: not when cv.txt is the bibliography."""
    shutil.copy(BIBS / "refs.bib", tmp_path / "cv.txt")
    path = resume(tmp_path, "cv.txt")
    before = (tmp_path / "cv.txt").read_bytes()
    run = run_cli("build", str(path), "-o", str(tmp_path / "cv.pdf"), "--format", "pdf,txt")
    assert run.exit_code == 1 and "Traceback" not in run.stderr, run.stderr
    assert (tmp_path / "cv.txt").read_bytes() == before
    assert not (tmp_path / "cv.pdf").exists()
