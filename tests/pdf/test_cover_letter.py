"""The cover letter: `resume-pdf letter` and `build --letter` — one page in the résumé's
style, every word back out of the text layer, variants' overrides, letter.yaml, twins."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from test_twins_hold_every_word import twin_text  # the text a CommonMark renderer shows

from ats import junk, measure, pdf_fonts, pdf_links, pdf_text
from conftest import EXAMPLE, run_cli
from resume_pdf.style.theme import builtin_styles

LETTER = """
letter:
  to: [Hiring team, Example Corp, 1 Main St, "Springfield, IL 62701"]
  date: 2026-11-29
  subject: Senior compiler engineer
  greeting: Dear hiring team,
  body: |
    I am writing to apply for the **Senior compiler engineer** role. For five years I have
    worked on the layers that turn PyTorch programs into *fast*, deployable code.

    At Meta I lead the team behind AOTInductor: we cut cold-start time by 40% and brought
    compiled models to production across hundreds of services.

    I would welcome the chance to talk. My work is on [GitHub](https://github.com/example).
  closing: Kind regards,
"""
VARIANTS = """
variants:
  acme:
    style: modern
    letter: {to: [Acme Inc., Hiring team], subject: Compiler lead at Acme}
  infra: {headline: Infrastructure engineer}
"""
LETTER_WORDS = """Alex Placeholder November 29, 2026 Hiring team Example Corp 1 Main St
Springfield, IL 62701 Senior compiler engineer Dear hiring team, I am writing to apply for the
Senior compiler engineer role. For five years I have worked on the layers that turn PyTorch
programs into fast, deployable code. At Meta I lead the team behind AOTInductor: we cut
cold-start time by 40% and brought compiled models to production across hundreds of services.
I would welcome the chance to talk. My work is on GitHub. Kind regards, Alex Placeholder"""


@pytest.fixture
def resume(tmp_path: Path) -> Path:
    path = tmp_path / "resume.yaml"
    example = EXAMPLE.read_text(encoding="utf-8").split("\n# The cover letter:")[0]
    path.write_text(example + LETTER + VARIANTS, encoding="utf-8")
    return path


def letter(resume: Path, *args: str) -> tuple[int, str, str]:
    run = run_cli("letter", str(resume), *args)
    return run.exit_code, run.stdout, run.stderr


def test_letter_is_one_page_in_the_resume_style_and_reads_back(resume: Path) -> None:
    code, out, err = letter(resume, "--verify")
    assert code == 0, err
    pdf = resume.parent / "output" / "resume-letter.pdf"
    assert out.startswith(f"{pdf}: 1 page")
    reader = PdfReader(pdf)
    assert len(reader.pages) == 1
    text = pdf_text(pdf)
    recall = measure(LETTER_WORDS, text)
    assert recall.order_recall == 1.0, recall.missing
    assert recall.glued == [] and recall.split == [] and junk(text) == []
    assert text.startswith("Alex Placeholder\nThe infrastructure between model and machine.")
    assert {"https://github.com/example", "mailto:alex@example.com"} <= set(pdf_links(pdf))
    meta = reader.metadata
    assert meta.title == "Alex Placeholder — Cover letter"
    assert meta.author == "Alex Placeholder" and meta.subject == "Senior compiler engineer"


@pytest.mark.parametrize("style", builtin_styles())
def test_letter_uses_the_resume_fonts_in_every_style(resume: Path, style: str) -> None:
    out = resume.parent / "out"
    assert letter(resume, "--style", style, "-o", str(out / "letter.pdf"), "--verify")[0] == 0
    run = run_cli("build", str(resume), "--style", style, "-o", str(out / "resume.pdf"))
    assert run.exit_code == 0, run.stderr

    def families(pdf: Path) -> set[str]:
        return {f["name"].split("+")[-1].split("-")[0] for f in pdf_fonts(pdf)}

    assert families(out / "letter.pdf") <= families(out / "resume.pdf")
    assert len(PdfReader(out / "letter.pdf").pages) == 1
    assert measure(LETTER_WORDS, pdf_text(out / "letter.pdf")).order_recall == 1.0


def test_a_letter_too_long_for_one_page_gets_the_budget_diagnosis(resume: Path) -> None:
    assert letter(resume)[0] == 0
    pdf = resume.parent / "output" / "resume-letter.pdf"
    before = pdf.read_bytes()
    sentence = "We shipped a compiler that made models faster for many teams. " * 14
    long_body = "\n\n".join(f"    {i} {sentence}" for i in range(7))
    text = resume.read_text(encoding="utf-8").replace(
        "    I would welcome", long_body + "\n\n    I would welcome"
    )
    resume.write_text(text, encoding="utf-8")
    code, _, err = letter(resume)
    assert code == 1
    lines = err.strip().splitlines()
    assert "the letter does not fit one page" in lines[0] and "even at the style's floors" in err
    assert lines[0].startswith(f"{resume}:") and "letter.body" in lines[0]
    assert "longest paragraphs: paragraph" in err and "ways out: shorten paragraph" in err
    assert pdf.read_bytes() == before  # the previous letter stays


def test_no_letter_is_a_located_error(tmp_path: Path) -> None:
    path = tmp_path / "cv.yaml"
    path.write_text("name: Ann\n", encoding="utf-8")
    code, _, err = letter(path)
    assert code == 1
    assert err.startswith(f"{path}:1:1: letter: ")
    assert "no cover letter: add a `letter:` block" in err
    path.write_text("name: Ann\nletter: {subject: Hi}\n", encoding="utf-8")
    assert "letter.body: error: the letter has no `body:`" in letter(path)[2]


def test_letter_fields_are_validated_like_the_resume(tmp_path: Path) -> None:
    path = tmp_path / "cv.yaml"
    path.write_text(
        "name: Ann\nletter:\n  subjet: Hi\n  body: see [me](javascript:alert(1))\n",
        encoding="utf-8",
    )
    code, _, err = letter(path)
    assert code == 1
    first, second = err.strip().splitlines()
    assert first.startswith(f"{path}:3:3: letter.subjet: ")
    assert "unknown key `subjet`; did you mean `subject`?" in first
    assert second.startswith(f"{path}:4:9: letter.body: ") and "scheme 'javascript'" in second


def test_markup_in_a_letter_prints_literally(tmp_path: Path) -> None:
    path = tmp_path / "cv.yaml"
    hostile = '<img src="x.png"/> <font color=red>R&D</font> &amp; a < b'
    path.write_text(
        f"name: Ann\nletter:\n  subject: '{hostile}'\n  body: '{hostile}'\n", encoding="utf-8"
    )
    code, _, err = letter(path, "--verify")
    assert code == 0, err
    text = pdf_text(tmp_path / "output" / "cv-letter.pdf")
    assert text.count('<img src="x.png"/> <font color=red>R&D</font> &amp; a < b') == 2


def test_letter_yaml_beside_the_resume(tmp_path: Path) -> None:
    path = tmp_path / "resume.yaml"
    path.write_text("name: Ann Example\ncontact: {email: ann@example.com}\n", encoding="utf-8")
    (tmp_path / "letter.yaml").write_text(
        "to: |\n  Hiring team\n  Example Corp\nbody: Hello from the file.\nclosing: Best,\n",
        encoding="utf-8",
    )
    code, _, err = letter(path, "--verify")
    assert code == 0, err
    text = pdf_text(tmp_path / "output" / "resume-letter.pdf")
    assert (
        measure(
            "Ann Example Hiring team Example Corp Hello from the file. Best, Ann Example", text
        ).order_recall
        == 1.0
    )
    (tmp_path / "letter.yaml").write_text("body: x\nclosng: y\n", encoding="utf-8")
    code, _, err = letter(path)
    assert code == 1 and err.startswith(f"{tmp_path / 'letter.yaml'}:2:1: closng: ")
    assert "unknown key `closng`" in err
    path.write_text("name: Ann\nletter: {body: From the résumé.}\n", encoding="utf-8")
    code, _, err = letter(path)
    assert code == 0
    assert "letter.yaml is not used: the résumé has its own `letter:` block" in err
    assert "From the résumé." in pdf_text(tmp_path / "output" / "resume-letter.pdf")


def test_all_variants_give_resume_and_letter_pairs(resume: Path) -> None:
    run = run_cli("build", str(resume), "--all-variants", "--letter", "--verify")
    assert run.exit_code == 0, run.stderr
    out = resume.parent / "output"
    names = sorted(p.name for p in out.glob("*.pdf"))
    assert names == ["resume-acme-letter.pdf", "resume-acme.pdf"] + [
        "resume-infra-letter.pdf",
        "resume-infra.pdf",
    ]
    acme = pdf_text(out / "resume-acme-letter.pdf")
    assert "Compiler lead at Acme" in acme and "Acme Inc." in acme
    assert "Example Corp" not in acme  # the variant's recipient replaced the master's
    assert "deployable code" in acme  # the body it did not override is kept
    assert "Roboto" in str(pdf_fonts(out / "resume-acme-letter.pdf"))  # the variant's style
    infra = pdf_text(out / "resume-infra-letter.pdf")
    assert "Infrastructure engineer" in infra and "Senior compiler engineer" in infra


def test_letter_command_options(resume: Path) -> None:
    target = resume.parent / "mine" / "to-acme.pdf"
    code, out, err = letter(resume, "--variant", "acme", "-o", str(target))
    assert code == 0, err and out.startswith(str(target))
    assert "Compiler lead at Acme" in pdf_text(target)
    assert run_cli("letter", str(resume), "--variant", "x", "--all-variants").exit_code == 2
    code, _, err = letter(resume, "--variant", "nope")
    assert code == 1 and "unknown variant 'nope'" in err
    run = run_cli("build", str(resume), "-o", str(resume.parent / "a" / "cv.pdf"), "--letter")
    assert run.exit_code == 0, run.stderr
    assert (resume.parent / "a" / "cv-letter.pdf").exists()  # beside the résumé named by -o


@pytest.mark.parametrize("variant", [None, "acme"])
def test_letter_twins_hold_every_word_of_the_letter(resume: Path, variant: str | None) -> None:
    args = ("--variant", variant) if variant else ()
    code, _, err = letter(resume, "--format", "pdf,txt,md,html,docx", *args)
    assert code == 0, err
    out = resume.parent / "output"
    stem = f"resume-{variant}-letter" if variant else "resume-letter"
    shown = pdf_text(out / f"{stem}.pdf")
    for fmt in ("txt", "md", "html", "docx"):
        twin = out / f"{stem}.{fmt}"
        assert measure(shown, twin_text(twin)).order_recall == 1.0, twin.name
    if variant:
        return
    html = (out / "resume-letter.html").read_text(encoding="utf-8")
    assert "<script" not in html and "Senior compiler engineer" in html
    md = (out / "resume-letter.md").read_text(encoding="utf-8")
    assert md.startswith("# Alex Placeholder\n") and "[GitHub](https://github.com/example)" in md


@pytest.mark.parametrize(
    ("locale", "shown"),
    [("en", "November 29, 2026"), ("de", "29. November 2026"), ("fr", "29 novembre 2026")],
)
def test_an_iso_date_reads_in_the_locale(tmp_path: Path, locale: str, shown: str) -> None:
    path = tmp_path / "cv.yaml"
    path.write_text(
        f"name: Ann\nlocale: {locale}\nletter: {{date: 2026-11-29, body: Hallo.}}\n",
        encoding="utf-8",
    )
    assert letter(path, "--verify")[0] == 0
    assert shown in pdf_text(tmp_path / "output" / "cv-letter.pdf")
    path.write_text("name: Ann\nletter: {date: 'Berlin, late November', body: Hi.}\n")
    assert letter(path)[0] == 0
    assert "Berlin, late November" in pdf_text(tmp_path / "output" / "cv-letter.pdf")


def test_the_example_has_a_letter_that_verifies(tmp_path: Path) -> None:
    code, out, err = letter(EXAMPLE, "-o", str(tmp_path / "letter.pdf"), "--verify")
    assert code == 0 and err == "", err
    assert "1 page, verified" in out


def test_two_letter_builds_are_byte_identical(resume: Path, tmp_path: Path) -> None:
    assert letter(resume, "-o", str(tmp_path / "a.pdf"))[0] == 0
    assert letter(resume, "-o", str(tmp_path / "b.pdf"))[0] == 0
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_the_schema_describes_the_letter() -> None:
    import json

    schema = json.loads(run_cli("schema").stdout)
    letter_schema = schema["properties"]["letter"]
    assert set(letter_schema["properties"]) == {
        "to",
        "date",
        "subject",
        "greeting",
        "body",
        "closing",
        "signature",
        "paragraphs",
    }
    variant = schema["properties"]["variants"]["additionalProperties"]
    assert "letter" in variant["properties"]


def test_a_variant_replaces_one_paragraph(resume: Path) -> None:
    text = resume.read_text(encoding="utf-8").replace(
        "  infra: {headline: Infrastructure engineer}",
        "  infra:\n    headline: Infrastructure engineer\n    letter:\n      paragraphs:\n"
        "        2: At Acme I would run the **infrastructure** team.\n",
    )
    resume.write_text(text, encoding="utf-8")
    code, _, err = letter(resume, "--variant", "infra", "--verify")
    assert code == 0, err
    shown = pdf_text(resume.parent / "output" / "resume-infra-letter.pdf")
    assert "I am writing to apply" in shown and "My work is on" in shown  # 1 and 3 kept
    words = " ".join(shown.split())  # a bold word stands an en apart (pdf/ink.py)
    assert "run the infrastructure team" in words and "cold-start" not in shown
    resume.write_text(text.replace("        2: At Acme", "        7: At Acme"), encoding="utf-8")
    code, _, err = letter(resume, "--variant", "infra")
    assert code == 1
    assert err.startswith(f"{resume}:") and "variants.infra.letter.paragraphs.7: " in err
    assert "no paragraph '7' to replace: the letter's body has 3 paragraphs" in err


def test_verify_reads_a_letter_for_the_letters_own_words_and_links(tmp_path: Path) -> None:
    """A letter's PDF is read back for what the letter shows (its header and own fields),
    not for the résumé's sections, which it does not hold; a word or link of the letter that
    is lost is reported at the letter's field."""
    from resume_pdf.build import Options, build_letter, load_inputs
    from resume_pdf.check.verify import verify_pdf
    from resume_pdf.model.cover_letter import letter_displayed, letter_links, require_letter

    build_letter(EXAMPLE, tmp_path / "letter.pdf", Options())
    pdf = (tmp_path / "letter.pdf").read_bytes()
    resume, _ = load_inputs(EXAMPLE, Options(), letter=True)
    letter = require_letter(resume, EXAMPLE)
    shown, links = list(letter_displayed(resume, letter)), letter_links(resume, letter)
    assert [field for field, _ in shown][-2:] == ["letter.closing", "letter.signature"]
    assert verify_pdf(resume, pdf, shown, links) == []
    assert "summary" in {p.field for p in verify_pdf(resume, pdf)}  # read as the résumé
    lost = verify_pdf(resume, pdf, [*shown, ("letter.body[7]", "Words it never wrote")], links)
    assert [(p.field, p.message) for p in lost] == [
        (
            "letter.body[7]",
            "not recovered from the PDF's text layer in order "
            "(e.g. ['words', 'never', 'wrote'])",  # 'it' is in the letter
        )
    ]
    lost = verify_pdf(resume, pdf, shown, [*links, "https://never.example/x"])
    assert [p.message for p in lost] == ["link missing from the PDF: 'https://never.example/x'"]


@pytest.mark.parametrize("extra", [5, 6])
def test_a_sidebar_letter_that_needs_tightening_builds(resume: Path, extra: int) -> None:
    """The sidebar style's letter over its page is tightened like any other: a pass kept
    the résumé's placement of sections and handed it to the letter (a traceback)."""
    sentence = "We shipped a compiler that made models faster for many teams. " * 9
    long_body = "\n\n".join(f"    {i} {sentence}" for i in range(extra))
    text = resume.read_text(encoding="utf-8").replace(
        "    I would welcome", long_body + "\n\n    I would welcome"
    )
    resume.write_text(text, encoding="utf-8")
    code, out, err = letter(resume, "--style", "sidebar")
    assert code == 0, err
    assert "1 page" in out and "fitted at" in out
