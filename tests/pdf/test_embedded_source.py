"""`--embed-source` / `embed_source: true`: the tailored résumé as built rides inside its PDF
(resume.yaml and a JSON Resume resume.json), declared as the document's associated files,
and `resume-pdf convert cv.pdf` gives it back; a PDF without one, or with an attachment that
is not what we write, is refused without guessing."""

from __future__ import annotations

import io
import json
import zlib
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import DictionaryObject, NameObject, NumberObject

from conftest import EXAMPLE, FIXTURES, run_cli


def built(tmp_path: Path, source: Path, *args: str, name: str = "cv.pdf") -> Path:
    out = tmp_path / name
    run = run_cli("build", str(source), "-o", str(out), *args)
    assert run.exit_code == 0, run.stderr
    return out


def all_bytes(pdf: Path) -> bytes:
    """Every stream of the PDF decompressed, and the rest as written: what a search of
    the file finds, compression undone."""
    reader = PdfReader(pdf)
    out = [pdf.read_bytes()]
    for number in range(1, len(reader.xref_objStm) + 400):
        try:
            obj = reader.get_object(number)
        except Exception:  # noqa: BLE001 (a number past the last object)
            continue
        if hasattr(obj, "get_data"):
            out.append(obj.get_data())
    return b"\n".join(out)


def test_the_source_is_attached_declared_and_typed(tmp_path: Path) -> None:
    reader = PdfReader(built(tmp_path, EXAMPLE, "--embed-source"))
    assert sorted(reader.attachments) == ["resume.json", "resume.yaml"]
    catalog = reader.trailer["/Root"]
    declared = {}
    for spec in catalog["/AF"]:
        spec = spec.get_object()
        stream = spec["/EF"]["/F"].get_object()
        declared[spec["/F"]] = (spec["/AFRelationship"], stream["/Subtype"])
        assert stream["/Params"]["/Size"] == len(stream.get_data())
    assert declared == {
        "resume.yaml": ("/Source", "/application/yaml"),  # pypdf reads #2F as the slash
        "resume.json": ("/Data", "/application/json"),
    }
    tree = catalog["/Names"]["/EmbeddedFiles"]["/Names"]
    assert [tree[0], tree[2]] == ["resume.json", "resume.yaml"]  # a name tree is sorted
    assert b"/Subtype /application#2Fyaml" in all_bytes(tmp_path / "cv.pdf")


def test_it_is_off_by_default_and_the_resume_can_ask_for_it(tmp_path: Path) -> None:
    assert PdfReader(built(tmp_path, EXAMPLE, name="plain.pdf")).attachments == {}
    asked = tmp_path / "asked.yaml"
    asked.write_text(EXAMPLE.read_text(encoding="utf-8") + "\nembed_source: true\n", "utf-8")
    by_file = built(tmp_path, asked, name="a.pdf")
    by_flag = built(tmp_path, EXAMPLE, "--embed-source", name="b.pdf")
    assert by_file.read_bytes() == by_flag.read_bytes()


def test_the_pdf_stays_byte_reproducible(tmp_path: Path) -> None:
    first = built(tmp_path, EXAMPLE, "--embed-source", name="1.pdf").read_bytes()
    second = built(tmp_path, EXAMPLE, "--embed-source", name="2.pdf").read_bytes()
    assert first == second


def test_convert_restores_a_source_that_builds_the_same_pdf(tmp_path: Path) -> None:
    pdf = built(tmp_path, EXAMPLE, "--embed-source", "--pages", "2", "--style", "modern")
    back = tmp_path / "back.yaml"
    run = run_cli("convert", str(pdf), "-o", str(back))
    assert run.exit_code == 0, run.stderr
    assert back.read_bytes() == PdfReader(pdf).attachments["resume.yaml"][0]
    again = tmp_path / "again.pdf"
    run = run_cli("build", str(back), "-o", str(again))  # no options: they are in it
    assert run.exit_code == 0, run.stderr
    assert again.read_bytes() == pdf.read_bytes()
    printed = run_cli("convert", str(pdf))
    assert printed.exit_code == 0 and printed.stdout == back.read_text(encoding="utf-8")


def test_the_json_resume_is_read_back_as_the_same_person(tmp_path: Path) -> None:
    reader = PdfReader(built(tmp_path, EXAMPLE, "--embed-source"))
    data = json.loads(reader.attachments["resume.json"][0])
    assert data["basics"]["name"] == "Alex Placeholder"
    assert data["basics"]["email"] == "alex@example.com"
    assert data["projects"] and data["skills"]
    assert "**" not in json.dumps(data)  # plain text: JSON Resume has no markup
    as_json = tmp_path / "cv.json"
    as_json.write_bytes(reader.attachments["resume.json"][0])
    assert run_cli("check", str(as_json)).exit_code == 0  # our JSON Resume reader takes it


def test_a_variant_carries_only_what_it_shows(tmp_path: Path) -> None:
    source = tmp_path / "v.yaml"
    text = "# a private note about Vera\n" + (FIXTURES / "variants.yaml").read_text("utf-8")
    source.write_text(text, encoding="utf-8")
    pdf = built(tmp_path, source, "--variant", "infra", "--embed-source")
    found = all_bytes(pdf)
    attached = PdfReader(pdf).attachments["resume.yaml"][0]
    assert b"Kept the lights on" in attached and b"Talk about clusters" in attached
    for absent in (b"Compiler lead", b"Ran the build farm", b"LLVM", b"Secret"):
        assert absent not in found, absent  # another variant's items, or an excluded one
    for absent in (b"private note", b"variants", b"tags", b"compilers"):
        assert absent not in attached, absent
    assert b"pages: 1" in attached  # the variant's own budget, as built


def test_the_letter_is_not_in_the_resume_and_the_letter_holds_no_resume(tmp_path: Path) -> None:
    pdf = built(tmp_path, EXAMPLE, "--embed-source", "--letter")
    attached = PdfReader(pdf).attachments["resume.yaml"][0]
    assert b"writing to apply" not in attached and b"\nletter:" not in attached
    assert PdfReader(tmp_path / "cv-letter.pdf").attachments == {}


def test_a_pdf_without_a_source_says_so(tmp_path: Path) -> None:
    pdf = built(tmp_path, EXAMPLE)
    out = tmp_path / "out.yaml"
    run = run_cli("convert", str(pdf), "-o", str(out))
    assert run.exit_code == 1 and "Traceback" not in run.stderr
    assert f"{pdf}: error: holds no embedded résumé source" in run.stderr
    assert not out.exists()


def hostile(tmp_path: Path, name: str, data: bytes, subtype: str = "/application#2Fyaml") -> Path:
    writer = PdfWriter()
    writer.add_blank_page(612, 792)
    attached = writer.add_attachment(name, data)
    stream = attached.pdf_object["/EF"]["/F"].get_object()
    stream[NameObject("/Subtype")] = NameObject(subtype)
    size = DictionaryObject({NameObject("/Size"): NumberObject(len(data))})
    stream[NameObject("/Params")] = size
    path = tmp_path / "hostile.pdf"
    buffer = io.BytesIO()
    writer.write(buffer)
    path.write_bytes(buffer.getvalue())
    return path


def bomb(tmp_path: Path) -> Path:
    """A 2 KB attachment that inflates to 8 MiB, claiming to be small."""
    path = hostile(tmp_path, "resume.yaml", b"name: A\n")
    writer = PdfWriter(clone_from=PdfReader(path))
    (attached,) = writer.attachment_list
    stream = attached.pdf_object["/EF"]["/F"].get_object()
    stream.set_data(b"name: A\n" + b" " * (8 << 20))
    stream[NameObject("/Params")] = DictionaryObject({NameObject("/Size"): NumberObject(8)})
    assert len(zlib.compress(b" " * (8 << 20))) < 20_000
    buffer = io.BytesIO()
    writer.write(buffer)
    path.write_bytes(buffer.getvalue())
    return path


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda t: hostile(t, "../resume.yaml", b"name: A\n"), "EmbeddedFiles['../resume.yaml']"),
        (lambda t: hostile(t, "/etc/resume.yaml", b"name: A\n"), "named like a path"),
        (lambda t: hostile(t, "resume.yaml", b"name: A\n", "/text#2Fhtml"), "'text/html', not"),
        (lambda t: hostile(t, "resume.yaml", b"name: A\n" * 200_000), "declares 1,600,000 bytes"),
        (bomb, "over the 1 MiB résumé limit once decompressed"),
        (lambda t: hostile(t, "resume.yaml", b"\xff\xfe name"), "not UTF-8 text"),
    ],
    ids=["parent-path", "absolute-path", "wrong-type", "huge", "inflates", "not-text"],
)
def test_a_hostile_attachment_is_refused_at_the_attachment(tmp_path: Path, make, said) -> None:
    pdf = make(tmp_path)
    out = tmp_path / "out.yaml"
    run = run_cli("convert", str(pdf), "-o", str(out))
    assert run.exit_code == 1 and "Traceback" not in run.stderr
    assert run.stderr.startswith(f"{pdf}: EmbeddedFiles"), run.stderr
    assert said in run.stderr and not out.exists()


def test_a_restored_source_that_is_not_a_resume_is_located_inside_it(tmp_path: Path) -> None:
    pdf = hostile(tmp_path, "resume.yaml", b"name: A\nemial: x\n")
    run = run_cli("convert", str(pdf))
    assert run.exit_code == 1 and run.stdout == ""
    assert f"{pdf}:resume.yaml:2:1: emial: error: unknown key" in run.stderr
