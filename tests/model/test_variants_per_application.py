"""Per-application variants, JSON Resume input, PNG previews, --verify, localized dates."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from test_foreign_examples_lose_nothing import assert_every_word

from ats import pdf_pages_text, pdf_text
from conftest import EXAMPLE, FIXTURES, run_cli
from resume_pdf.style.theme import builtin_styles

VARIANTS = FIXTURES / "variants.yaml"
JSON_RESUME = FIXTURES / "jsonresume.json"
EVERY_TEXT = [
    "Compiler lead",
    "Wrote the register allocator",
    "Cut compile time in half",
    "Ran the build farm",
    "SRE",
    "Kept the lights on",
    "Secret project",
    "Intern",
    "Infrastructure talks",
    "Talk about clusters",
    "LLVM",
    "Kubernetes",
    "Python",
]
KEEPS = {
    "compilers": {
        "Compiler lead",
        "Wrote the register allocator",
        "Cut compile time in half",
        "Intern",
        "LLVM",
        "Python",
    },
    "infra": {
        "SRE",
        "Kept the lights on",
        "Intern",
        "Infrastructure talks",
        "Talk about clusters",
        "Kubernetes",
        "Python",
    },
    "everything": set(EVERY_TEXT) - {"Secret project"},
}


@pytest.mark.parametrize("variant", KEEPS)
def test_each_variant_holds_exactly_what_it_keeps(tmp_path: Path, variant: str) -> None:
    source = tmp_path / "cv.yaml"
    source.write_text(VARIANTS.read_text(encoding="utf-8"), encoding="utf-8")
    run = run_cli("build", str(source), "--variant", variant)
    assert run.exit_code == 0, run.stderr
    out = tmp_path / "output" / f"cv-{variant}.pdf"
    text = " ".join(pdf_text(out).split())
    # section titles are drawn in capitals (headings.case): words are matched in any case
    shown = {
        t
        for t in EVERY_TEXT
        if re.search(rf"(?<![\w-]){re.escape(t)}(?![\w-])", text, re.IGNORECASE)
    }
    assert shown == KEEPS[variant]
    headline = "Compiler engineer" if variant == "compilers" else "Engineer"
    assert text.splitlines()[0].startswith(f"Vera Variant {headline}")


def test_all_variants_and_the_variants_listing(tmp_path: Path) -> None:
    source = tmp_path / "cv.yaml"
    source.write_text(VARIANTS.read_text(encoding="utf-8"), encoding="utf-8")
    run = run_cli("build", str(source), "--all-variants")
    assert run.exit_code == 0, run.stderr
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == [
        "cv-compilers.pdf",
        "cv-everything.pdf",
        "cv-infra.pdf",
    ]
    listing = run_cli("variants", str(source)).stdout
    assert "infra:\n" in listing and "  drops  section 'Infrastructure talks'" in listing
    unknown = run_cli("build", str(source), "--variant", "nope")
    assert unknown.exit_code == 1
    assert "unknown variant 'nope' (variants: compilers, infra, everything)" in unknown.stderr
    assert run_cli("build", str(source), "--variant", "infra", "--all-variants").exit_code == 2


def test_json_resume_builds_with_every_field(tmp_path: Path) -> None:
    out = tmp_path / "jr.pdf"
    run = run_cli("build", str(JSON_RESUME), "-o", str(out))
    assert run.exit_code == 0, run.stderr
    text = pdf_text(out)
    assert_every_word(JSON_RESUME, out)  # each field's words, in order
    assert "Erlich Bachman" in text  # references are shown unless --no-references
    converted = tmp_path / "jr.yaml"
    assert run_cli("convert", str(JSON_RESUME), "-o", str(converted)).exit_code == 0
    again = tmp_path / "again.pdf"
    assert run_cli("build", str(converted), "-o", str(again)).exit_code == 0
    assert pdf_text(again) == text


def test_json_resume_errors_point_into_the_json(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(
        '{\n  "basics": {\n    "name": "A",\n    "email": "not-an-email"\n  },\n'
        '  "work": [\n    {"name": "X", "startDate": "2020-13"}\n  ]\n}\n',
        encoding="utf-8",
    )
    run = run_cli("check", str(bad))
    assert run.exit_code == 1
    lines = run.stderr.splitlines()
    assert re.match(
        rf"{re.escape(str(bad))}:4:14: basics\.email: error: expected an email address", lines[0]
    )
    assert re.match(rf"{re.escape(str(bad))}:7:32: work\[0\]\.startDate: ", lines[1])
    assert "date:" not in run.stderr  # no hint about a key JSON Resume does not have


def test_png_per_page(tmp_path: Path) -> None:
    out = tmp_path / "long.pdf"
    run = run_cli("build", str(FIXTURES / "long.yaml"), "-o", str(out), "--png")
    assert run.exit_code == 0, run.stderr
    pages = len(pdf_pages_text(out))
    pngs = sorted(tmp_path.glob("long-*.png"))
    assert [p.name for p in pngs] == [f"long-{i}.png" for i in range(1, pages + 1)]
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in pngs)


@pytest.mark.parametrize("style", builtin_styles())
def test_verify_passes_on_every_style(tmp_path: Path, style: str) -> None:
    run = run_cli(
        "build", str(EXAMPLE), "-o", str(tmp_path / "v.pdf"), "--style", style, "--verify"
    )
    assert run.exit_code == 0, run.stderr


def test_verify_fails_on_a_damaged_text_layer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import resume_pdf.pdf.fit as fit
    from resume_pdf.pdf.render import Rendered

    real = fit.render

    def without_unicode_maps(*args, **kwargs) -> Rendered:  # same length: offsets stay valid
        done = real(*args, **kwargs)
        return Rendered(done.pdf.replace(b"/ToUnicode", b"/ToUnicodX"), done.pages, done.used)

    monkeypatch.setattr(fit, "render", without_unicode_maps)
    run = run_cli("build", str(EXAMPLE), "-o", str(tmp_path / "v.pdf"), "--verify")
    assert run.exit_code == 1
    assert (
        "font without a Unicode map (text cannot be extracted): /AAAAAA+SourceSansPro" in run.stderr
    )


def test_verify_names_a_missing_field(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import resume_pdf.pdf.layout as layout

    real = layout.identity

    def no_headline(resume, ink):  # type: ignore[no-untyped-def]
        return [f for f in real(resume, ink) if "between model" not in getattr(f, "text", "")]

    monkeypatch.setattr(layout, "identity", no_headline)
    run = run_cli("build", str(EXAMPLE), "-o", str(tmp_path / "v.pdf"), "--verify")
    assert run.exit_code == 1
    assert re.search(r"resume\.yaml:4:11: headline: error: not recovered", run.stderr), run.stderr


LOCALES = {
    "en": ("Mar 2021", "Present"),
    "de": ("März 2021", "Heute"),
    "fr": ("mars 2021", "Aujourd'hui"),
    "es": ("mar 2021", "Actualidad"),  # CLDR: no full stop in Spanish or Dutch
    "it": ("mar 2021", "Oggi"),
    "pt": ("mar. 2021", "Atual"),
    "nl": ("mrt 2021", "Heden"),
    "pl": ("mar 2021", "Obecnie"),
}


@pytest.mark.parametrize("locale", LOCALES)
def test_localized_dates(build, locale: str) -> None:
    run = build(
        f"name: A\nlocale: {locale}\nsections:\n  - title: Work\n    experience:\n"
        "      - {role: Dev, start: 2021-03, end: present}\n",
        "--style",
        "modern",
    )
    assert run.exit_code == 0, run.stderr
    month, present = LOCALES[locale]
    assert f"{month} – {present}" in pdf_text(run.output).replace("’", "'")  # ’ = '
    assert PdfReader(run.output).trailer["/Root"]["/Lang"] == locale


def test_a_variant_is_checked_for_what_it_keeps_only(tmp_path: Path) -> None:
    source = tmp_path / "cv.yaml"
    source.write_text(
        "name: A\nvariants: {plain: {exclude: [stars]}}\nsections:\n  - title: Awards\n"
        "    bullets: [Fine, {text: 'Starred ★', tags: [stars]}]\n",
        encoding="utf-8",
    )
    assert run_cli("build", str(source), "--variant", "plain").exit_code == 0
    master = run_cli("build", str(source))
    assert master.exit_code == 1 and "U+2605" in master.stderr


def test_variant_names_cannot_leave_the_output_folder(tmp_path: Path) -> None:
    source = tmp_path / "cv.yaml"
    source.write_text("name: A\nvariants: {'x/../../escaped': {}}\n", encoding="utf-8")
    run = run_cli("build", str(source), "--all-variants")
    assert run.exit_code == 1 and "is not a usable name" in run.stderr
    assert not (tmp_path.parent / "escaped.pdf").exists()
