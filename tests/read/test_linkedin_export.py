"""A LinkedIn data export (the ZIP, or its unzipped folder) builds and converts directly:
its values reach the PDF, its problems are located at FILE:LINE:COL of the CSV (inside the
ZIP too), unused columns and files are warned, non-résumé files are never read, and an
archive that would escape its folder or explode is refused."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from ats import pdf_links, pdf_text
from conftest import FIXTURES, run_cli

EXPORTS = FIXTURES / "linkedin"


def zipped(folder: Path, target: Path, extra: dict[str, bytes] | None = None) -> Path:
    """`folder`'s files as a ZIP at `target` (as LinkedIn sends them), plus `extra` members."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for file in sorted(folder.iterdir()):
            archive.write(file, file.name)
        for name, data in (extra or {}).items():
            archive.writestr(name, data)
    return target


def build(source: Path, tmp_path: Path, *args: str) -> tuple[int, str, str]:
    out = tmp_path / "out.pdf"
    run = run_cli("build", str(source), "-o", str(out), *args)
    return run.exit_code, pdf_text(out) if run.exit_code == 0 else "", run.stderr


@pytest.mark.parametrize("form", ["zip", "folder"])
def test_an_export_builds_with_every_file_shown(tmp_path: Path, form: str) -> None:
    source = EXPORTS / "full"
    if form == "zip":
        source = zipped(source, tmp_path / "export.zip")
    code, text, err = build(source, tmp_path, "--verify")
    assert code == 0, err
    for words in (
        "Ann Example",
        "Compiler engineer who ships",
        "ann@example.com",
        "+1 650 555 0100",
        "Menlo Park, California, United States",
        "Staff Engineer",
        "Example Labs",
        "Mar 2021",
        "Shipped an ahead-of-time compiler",
        "Example University",
        "BSc Computer Science",
        "Compilers, Python, LLVM",
        "Norwegian: Professional working proficiency",
        "Certified Kubernetes Administrator",
        "Tiny JIT",
        "Fast Register Allocation for Deep Learning",
        "Best Paper Award",
        "Code Club",
        "Advanced Compilers (CS 243)",
    ):
        assert words in text, words
    assert "• Shipped an ahead-of-time compiler" in text  # a listed description: bullets
    links = pdf_links(tmp_path / "out.pdf")
    assert "https://ann.example.com" in links and "https://cert.example.com/cka" in links
    assert "1 Hidden Lane" not in text and "Secret" not in text
    where = "export.zip/Profile.csv" if form == "zip" else "full/Profile.csv"
    assert f"{where}:1:34: Profile.csv.Address: warning: column `Address` is not used" in err
    assert "note: 3 files are not résumé data and were not read" in err
    assert "Maiden Name" not in err  # an empty column loses nothing


def test_files_that_are_not_resume_data_are_never_read(tmp_path: Path) -> None:
    """messages.csv undecodable and huge: it is skipped unread, not an error."""
    extra = {"messages.csv": b"\xff\xfe\x00" * 600_000, "Connections.csv": b'"never closed'}
    source = zipped(EXPORTS / "partial", tmp_path / "export.zip", extra)
    code, _, err = build(source, tmp_path)
    assert code == 0, err
    assert "2 files are not résumé data" in err


def test_missing_files_and_extra_columns_are_each_one_warning(tmp_path: Path) -> None:
    source = zipped(EXPORTS / "partial", tmp_path / "export.zip")
    code, text, err = build(source, tmp_path)
    assert code == 0, err
    assert "Pipe Works" in text and "2019" in text
    assert (
        "export.zip/Positions.csv:1:64: Positions.csv.Employment Type: warning: column "
        "`Employment Type` is not used: its 1 value not shown" in err
    )
    assert "export.zip/Profile.csv:1:61: Profile.csv.Pronouns: warning" in err
    assert "export.zip:1:1: Patents.csv: warning: `Patents.csv` is not a file" in err
    assert err.count("`Employment Type`") == 1


def test_german_month_names_are_read_and_set_the_language(tmp_path: Path) -> None:
    code, text, err = build(EXPORTS / "german", tmp_path)
    assert code == 0, err
    for words in ("März 2020 → heute", "Okt. 2017 → Dez. 2019", "Mai 2015", "BERUFSERFAHRUNG"):
        assert words in text, words


def test_a_bad_cell_is_located_inside_the_zip(tmp_path: Path) -> None:
    folder = tmp_path / "export"
    folder.mkdir()
    (folder / "Profile.csv").write_text("First Name,Last Name\nAnn,Example\n")
    (folder / "Positions.csv").write_text(
        "Company Name,Title,Started On\nAcme,Engineer,Jan 2020\nAcme,Lead,Spring 2021\n"
    )
    source = zipped(folder, tmp_path / "export.zip")
    code, _, err = build(source, tmp_path)
    assert code == 1
    located = "export.zip/Positions.csv:3:11: Positions.csv[1].Started On: error: expected a date"
    assert located in err
    assert "Traceback" not in err
    (folder / "Positions.csv").write_text('Company Name,Title\nAcme,"Engineer\n')
    code, _, err = build(zipped(folder, tmp_path / "export.zip"), tmp_path)
    assert code == 1 and "export.zip/Positions.csv:2:6: error: a quoted cell is never closed" in err


@pytest.mark.parametrize("member", ["../../evil.csv", "/etc/Profile.csv", "a/../../Skills.csv"])
def test_a_member_escaping_the_archive_refuses_it(tmp_path: Path, member: str) -> None:
    source = zipped(EXPORTS / "partial", tmp_path / "export.zip", {member: b"Name\nx\n"})
    out = tmp_path / "out.pdf"
    out.write_bytes(b"previous")
    code, _, err = build(source, tmp_path)
    assert code == 1
    assert "points outside the archive; nothing is read" in err
    assert out.read_bytes() == b"previous"


def test_a_zip_bomb_is_refused_without_inflating_it(tmp_path: Path) -> None:
    """A 64 MiB Positions.csv compressed to ~64 KiB: read only up to the 1 MiB limit."""
    bomb = b"Company Name,Title\n" + b"A" * (64 << 20)
    folder = tmp_path / "export"
    folder.mkdir()
    (folder / "Profile.csv").write_text("First Name,Last Name\nAnn,Example\n")
    source = zipped(folder, tmp_path / "export.zip", {"x/Positions.csv": bomb})
    assert source.stat().st_size < 1 << 20
    code, _, err = build(source, tmp_path)
    assert code == 1 and "Positions.csv:1:1: error: over 1 MiB uncompressed" in err


def test_an_archive_of_too_many_members_is_refused(tmp_path: Path) -> None:
    members = {f"f{i}.txt": b"" for i in range(5001)}
    source = zipped(EXPORTS / "partial", tmp_path / "export.zip", members)
    code, _, err = build(source, tmp_path)
    assert code == 1 and "members; the limit is 5,000" in err


def test_convert_writes_yaml_that_builds_to_the_same_text(tmp_path: Path) -> None:
    source = zipped(EXPORTS / "full", tmp_path / "export.zip")
    converted = tmp_path / "cv.yaml"
    run = run_cli("convert", str(source), "-o", str(converted))
    assert run.exit_code == 0, run.stderr
    yaml_text = converted.read_text(encoding="utf-8")
    assert "(LinkedIn export)" in yaml_text and "Staff Engineer" in yaml_text
    _, direct, _ = build(source, tmp_path)
    code, again, err = build(converted, tmp_path)
    assert code == 0, err
    assert again == direct


def test_check_reads_an_export_as_build_does(tmp_path: Path) -> None:
    source = zipped(EXPORTS / "partial", tmp_path / "export.zip")
    run = run_cli("check", str(source))
    assert run.exit_code == 0, run.stderr
    assert "Positions.csv.Employment Type: warning" in run.stderr


def test_a_folder_or_zip_without_resume_files_is_one_error(tmp_path: Path) -> None:
    folder = tmp_path / "photos"
    folder.mkdir()
    (folder / "a.txt").write_text("hello")
    for source in (folder, zipped(folder, tmp_path / "photos.zip")):
        code, _, err = build(source, tmp_path)
        assert code == 1 and "a LinkedIn data export: it holds none of Profile.csv" in err
