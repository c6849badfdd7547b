"""Promises of the README that a realistic bug could break without any other test noticing.
Each test names the bug it was proven to catch; they go through the CLI and read the PDF
back, so they survive refactors of the code behind it."""

from __future__ import annotations

import os
import re
import resource
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from test_watch_mode import text_of, wait_for

from ats import pdf_font_sizes, pdf_fonts, pdf_links, pdf_pages_text, pdf_text
from conftest import EXAMPLE, FIXTURES, run_cli
from resume_pdf.style.theme import load_theme

HEAD = "name: Fit Example\nheadline: Engineer\ncontact: {email: fit@example.com}\n"


def flat(text: str) -> str:
    return " ".join(text.split())


def bullets(n: int, title: str = "Notes") -> str:
    items = "".join(
        f"      - Point {i} shipped a change that made something faster\n" for i in range(n)
    )
    return f"  - title: {title}\n    bullets:\n{items}"


def write(folder: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")


def page_size(pdf: Path) -> tuple[int, int]:
    box = PdfReader(pdf).pages[0].mediabox
    return round(float(box.width)), round(float(box.height))


# --- 2. JSON Resume dates ------------------------------------------------------------------------


def test_json_resume_end_dates_are_shown(tmp_path: Path) -> None:
    """Bug: `endDate` dropped, so every job shows "→ now"."""
    out = tmp_path / "jr.pdf"
    run = run_cli("build", str(FIXTURES / "jsonresume.json"), "-o", str(out))
    assert run.exit_code == 0, run.stderr
    text = flat(pdf_text(out))
    # the header is read line by line: the role and its dates, then the organisation
    assert "CEO/President Dec 2013 → Dec 2014 Pied Piper" in text  # endDate 2014-12-01
    assert "Teacher Jan 2012 → now CoderDojo" in text  # no endDate: ongoing
    assert "University of Oklahoma Jun 2011 → Jan 2014" in text


def test_json_resume_unknown_top_level_key_is_a_located_warning(tmp_path: Path) -> None:
    """Bug: the unknown-key warning removed."""
    source = tmp_path / "cv.json"
    source.write_text('{\n  "basics": {"name": "A"},\n  "hobbies": ["x"]\n}\n', encoding="utf-8")
    run = run_cli("build", str(source), "-o", str(tmp_path / "cv.pdf"))
    assert run.exit_code == 0, run.stderr
    assert re.search(rf"^{re.escape(str(source))}:3:3: hobbies: warning: .*`hobbies`", run.stderr)
    assert run_cli("build", str(source), "-o", str(tmp_path / "s.pdf"), "--strict").exit_code == 1


# --- 3. no wall clock in the PDF -----------------------------------------------------------------


def test_builds_in_two_processes_a_second_apart_are_identical(tmp_path: Path) -> None:
    """Bug: a wall-clock timestamp in the creator field (two builds in one second of one
    process cannot see it)."""
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    outs = [tmp_path / "a.pdf", tmp_path / "b.pdf"]
    for i, out in enumerate(outs):
        if i:
            time.sleep(1.1)
        cmd = [sys.executable, "-m", "resume_pdf", "build", str(EXAMPLE), "-o", str(out)]
        subprocess.run(cmd, check=True, env=env, capture_output=True)
    assert outs[0].read_bytes() == outs[1].read_bytes()
    info = PdfReader(outs[0]).metadata
    today = time.strftime("%Y%m%d"), time.strftime("%Y-%m-%d")
    for value in map(str, info.values()):
        assert not any(day in value.replace(":", "") for day in today), value


# --- 4, 5. --verify -----------------------------------------------------------------------------


def verify_against(tmp_path: Path, shown: str, built: str) -> list[str]:
    """--verify's findings for résumé `shown` checked against the PDF built from `built`:
    the way to get a text layer that lost something, without patching the renderer."""
    from resume_pdf.check.verify import verify_pdf
    from resume_pdf.model.resume_schema import load_resume

    write(tmp_path, {"shown.yaml": shown, "built.yaml": built})
    run = run_cli("build", str(tmp_path / "built.yaml"), "-o", str(tmp_path / "built.pdf"))
    assert run.exit_code == 0, run.stderr
    pdf = (tmp_path / "built.pdf").read_bytes()
    return [p.message for p in verify_pdf(load_resume(tmp_path / "shown.yaml"), pdf)]


LINKED = "name: Lin Link\ncontact:\n  website: https://example.com/{}\n"


def test_verify_reports_a_missing_link(tmp_path: Path) -> None:
    """Bug: --verify skipping its link check."""
    found = verify_against(tmp_path, LINKED.format("alpha"), LINKED.format("alphb"))
    assert "link missing from the PDF: 'https://example.com/alpha'" in found


def test_verify_reports_a_link_with_a_refused_scheme(tmp_path: Path) -> None:
    from resume_pdf.check.verify import verify_pdf
    from resume_pdf.model.resume_schema import load_resume

    source = tmp_path / "cv.yaml"
    source.write_text(LINKED.format("alpha"), encoding="utf-8")
    assert run_cli("build", str(source), "-o", str(tmp_path / "cv.pdf")).exit_code == 0
    pdf = (tmp_path / "cv.pdf").read_bytes()
    bad = pdf.replace(b"/URI (https://", b"/URI (javas://")  # same length: xref stays valid
    assert bad != pdf
    found = [p.message for p in verify_pdf(load_resume(source), bad)]
    assert "link with a refused scheme in the PDF: 'javas://example.com/alpha'" in found
    assert verify_pdf(load_resume(source), pdf) == []


def test_verify_reports_glued_words(tmp_path: Path) -> None:
    """Bug: --verify's glued-word check never triggered."""
    found = verify_against(
        tmp_path, "name: A\nsummary: alpha beta gamma\n", "name: A\nsummary: alphabeta gamma\n"
    )
    assert "words glued together in the text layer: ['alphabeta']" in found


def test_verify_reports_split_words(tmp_path: Path) -> None:
    found = verify_against(
        tmp_path, "name: A\nsummary: deltaforce one\n", "name: A\nsummary: delta force one\n"
    )
    assert "words split apart in the text layer: ['delta|force']" in found


def test_verify_reports_junk_characters(build) -> None:
    """Bug: --verify's junk-character check never triggered (■ reads like a missing glyph)."""
    run = build('name: A\nsummary: "x y \\u25a0 z"\n', "--verify")
    assert run.exit_code == 1
    assert "the text layer holds junk characters ['■']" in run.stderr


def test_verify_reports_words_out_of_order_and_names_at_most_five(tmp_path: Path) -> None:
    words = "alpha bravo charlie delta echo foxtrot golf"
    swapped = "bravo alpha charlie delta echo foxtrot golf"
    lost = "not recovered from the PDF's text layer in order (e.g. {})"
    found = verify_against(
        tmp_path, f"name: A\nsummary: {words}\n", f"name: A\nsummary: {swapped}\n"
    )
    assert found == [lost.format(words.split()[:5])]  # all there: the first five are named
    found = verify_against(
        tmp_path, f"name: A\nsummary: {words}\n", "name: A\nsummary: alpha bravo charlie\n"
    )
    assert found == [lost.format(["delta", "echo", "foxtrot", "golf"])]  # only the missing ones
    found = verify_against(tmp_path, f"name: A\nsummary: {words}\n", "name: A\nsummary: zulu\n")
    assert found == [lost.format(words.split()[:5])]


def test_verify_names_a_lost_json_resume_field_by_its_own_path(tmp_path: Path) -> None:
    from resume_pdf.check.verify import verify_pdf
    from resume_pdf.model.resume_schema import load_resume

    doc = '{{"basics": {{"name": "Ann"}},\n "work": [{{"name": "Acme", "summary": "{}"}}]}}\n'
    write(tmp_path, {"shown.json": doc.format("alpha beta"), "built.json": doc.format("zulu")})
    assert (
        run_cli("build", str(tmp_path / "built.json"), "-o", str(tmp_path / "b.pdf")).exit_code == 0
    )
    found = verify_pdf(load_resume(tmp_path / "shown.json"), (tmp_path / "b.pdf").read_bytes())
    assert [(p.field, str(p.location)) for p in found] == [
        ("work[0].summary", f"{tmp_path / 'shown.json'}:2:39")
    ]


def test_verify_reports_glued_words_of_up_to_four_and_one_letter_words(tmp_path: Path) -> None:
    shown = "name: A\nsummary: i led alpha beta gamma delta epsilon\n"
    found = verify_against(tmp_path, shown, "name: A\nsummary: iled alphabetagammadelta epsilon\n")
    assert "words glued together in the text layer: ['iled', 'alphabetagammadelta']" in found
    found = verify_against(tmp_path, shown, "name: A\nsummary: i led alphabetagammadeltaepsilon\n")
    assert not any("glued" in p for p in found)  # five run together: only "not recovered"


def test_verify_passes_a_year_that_reads_like_two_numbers_of_the_text(build) -> None:
    """Bug found by a surviving mutant's probe: a job started in 2020 and "a team of 20"
    failed --verify with "words glued together: ['2020']"."""
    run = build(
        "name: Ann Example\nsections:\n  - title: Experience\n    experience:\n"
        "      - role: Engineer\n        organization: Acme\n        start: 2020-03\n"
        "        highlights: [Led a team of 20 engineers]\n",
        "--verify",
    )
    assert run.exit_code == 0, run.stderr


def test_verify_names_at_most_five_glued_or_split_words(tmp_path: Path) -> None:
    pairs = "ab cd ef gh ij kl"
    letters = "a b c d e f g h i j k l"
    found = verify_against(
        tmp_path, f"name: N\nsummary: {letters}\n", f"name: N\nsummary: {pairs}\n"
    )
    assert "words glued together in the text layer: ['ab', 'cd', 'ef', 'gh', 'ij']" in found
    found = verify_against(
        tmp_path, f"name: N\nsummary: {pairs}\n", f"name: N\nsummary: {letters}\n"
    )
    assert "words split apart in the text layer: ['a|b', 'c|d', 'e|f', 'g|h', 'i|j']" in found


def test_verify_does_not_call_a_word_split_or_glued_when_it_is_not(tmp_path: Path) -> None:
    """A word of the résumé followed by another part (`note|book`) is a split word; a word
    the résumé does not have (`ago`, `gone`) is not a glued one just because it starts or
    ends like one."""
    found = verify_against(
        tmp_path, "name: N\nsummary: note notebook\n", "name: N\nsummary: note note book\n"
    )
    assert "words split apart in the text layer: ['note|book']" in found
    found = verify_against(
        tmp_path, "name: N\nsummary: go fast\n", "name: N\nsummary: go fast ago gone\n"
    )
    assert found == []


def test_verify_passes_a_link_with_a_port(tmp_path: Path) -> None:
    """The scheme is what comes before the first colon, not the last (`:8443`)."""
    ported = LINKED.format("a").replace(".com/", ".com:8443/")
    assert verify_against(tmp_path, ported, ported) == []


def test_verify_joins_a_name_broken_after_its_own_hyphen(tmp_path: Path) -> None:
    name = "Anna-Wolfeschlegelsteinhausenbergerdorff-Konstantinopoulou"
    out = tmp_path / "n.pdf"
    write(tmp_path, {"n.yaml": f"name: {name}\nsummary: hi\n"})
    run = run_cli(
        "build", str(tmp_path / "n.yaml"), "-o", str(out), "--style", "sidebar", "--verify"
    )
    assert run.exit_code == 0, run.stderr
    assert PdfReader(out).pages[0].extract_text().startswith("Anna-\nWolfe")  # broken there


def test_verify_reads_every_page(tmp_path: Path) -> None:
    out = tmp_path / "long.pdf"
    run = run_cli("build", str(FIXTURES / "long.yaml"), "-o", str(out), "--verify")
    assert run.exit_code == 0, run.stderr
    assert len(PdfReader(out).pages) >= 2


def test_verify_counts_words_in_order_exactly() -> None:
    """The bit-parallel longest common subsequence agrees with the textbook table."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from ats import lcs_len as table
    from resume_pdf.check.words import lcs_len

    words = st.lists(st.sampled_from("abcd"), max_size=12)

    @settings(max_examples=300, deadline=None)
    @given(words, words)
    def agree(a: list[str], b: list[str]) -> None:
        assert lcs_len(a, b) == table(a, b)

    agree()


def test_verify_compares_words_as_an_ats_would() -> None:
    """ATS.md §C: curly quotes, dashes and ligatures as plain ones, case folded, edge
    punctuation dropped, a sentence's full stop dropped but not an abbreviation's, Han
    characters one word each, bullets and dashes not words."""
    from resume_pdf.check.words import tokens

    text = "“XML” — ﬁne, e.g. U.S. Ends. (CI/CD), • Xerox? 日本語…"
    assert tokens(text) == [
        "xml",
        "fine",
        "e.g.",
        "u.s.",
        "ends",
        "ci/cd",
        "xerox",
        "日",
        "本",
        "語",
    ]


def test_a_failed_verification_leaves_the_previous_pdf(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bug: --verify run after the PDF is written."""
    import resume_pdf.check.verify
    from resume_pdf.errors import Problem

    out = tmp_path / "cv.pdf"
    out.write_bytes(b"%PDF- the previous one")
    monkeypatch.setattr(resume_pdf.check.verify, "verify_pdf", lambda *_: [Problem("text lost")])
    run = run_cli("build", str(EXAMPLE), "-o", str(out), "--verify")
    assert run.exit_code == 1 and "text lost" in run.stderr
    assert out.read_bytes() == b"%PDF- the previous one"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cv.pdf"]


# --- 6. watch mode follows the style chain -------------------------------------------------------


def test_watch_rebuilds_when_a_style_of_the_chain_changes(tmp_path: Path) -> None:
    """Bug: watch mode ignoring changes to the style chain."""
    write(
        tmp_path,
        {
            "cv.yaml": "name: Style Watcher\nstyle: mine\n",
            "styles/mine.yaml": "extends: base\n",
            "styles/base.yaml": "extends: classic\npage: {size: letter}\n",
        },
    )
    pdf = tmp_path / "output" / "cv.pdf"
    proc = subprocess.Popen(
        [sys.executable, "-m", "resume_pdf", "build", str(tmp_path / "cv.yaml"), "--watch"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )

    def size_is(size: tuple[int, int]) -> bool:
        return "Style Watcher" in text_of(pdf) and page_size(pdf) == size

    try:
        assert wait_for(lambda: size_is((612, 792)), timeout=20)
        write(tmp_path, {"styles/base.yaml": "extends: classic\npage: {size: a4}\n"})
        assert wait_for(lambda: size_is((595, 842)), timeout=20)  # the base of the chain
        write(tmp_path, {"styles/mine.yaml": "extends: base\npage: {size: letter}\n"})
        assert wait_for(lambda: size_is((612, 792)), timeout=20)  # the style the résumé names
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=10)
    assert proc.returncode == 0, err
    # the rebuilds are proven by the page sizes; the last result line may race Ctrl-C
    assert "Traceback" not in err and out.rstrip().endswith("stopped")


# --- 7. atomic write ----------------------------------------------------------------------------


def _small_files() -> None:
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG
    resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))


def test_an_interrupted_write_keeps_the_previous_pdf(tmp_path: Path) -> None:
    """Bug: a non-atomic write that deletes (or truncates) the old PDF first. The write is
    cut short by a file-size limit smaller than the PDF."""
    out = tmp_path / "cv.pdf"
    previous = b"%PDF-1.4\n% the previous PDF\n"
    out.write_bytes(previous)
    cmd = [sys.executable, "-m", "resume_pdf", "build", str(EXAMPLE), "-o", str(out)]
    done = subprocess.run(cmd, capture_output=True, text=True, preexec_fn=_small_files)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr and f"cannot write {str(out)!r}" in done.stderr
    assert out.read_bytes() == previous
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cv.pdf"]


def test_a_failed_rename_keeps_the_previous_pdf(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bug: the old PDF removed before the new one is in place."""
    out = tmp_path / "cv.pdf"
    out.write_bytes(b"previous")

    def refuse(*_: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    monkeypatch.setattr(os, "rename", refuse)
    run = run_cli("build", str(EXAMPLE), "-o", str(out))
    assert run.exit_code == 1 and "cannot write" in run.stderr
    assert out.read_bytes() == b"previous"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cv.pdf"]


# --- 8. long contact links ----------------------------------------------------------------------


def test_a_long_contact_link_shows_its_label(build) -> None:
    """Bug: a long contact link showing a cut-off address instead of its label."""
    url = "https://example.com/people/alex/portfolio/selected-work/2024"  # 49 without scheme
    short = "https://github.com/example"
    run = build(
        "name: A\ncontact:\n  links:\n"
        f"    - {{label: Portfolio, url: {url}}}\n    - {{label: GitHub, url: {short}}}\n"
    )
    assert run.exit_code == 0, run.stderr
    contact = pdf_text(run.output).splitlines()[1]
    assert contact == "Portfolio · github.com/example"
    assert pdf_links(run.output) == [url, short]


def test_a_long_website_is_shortened_with_an_ellipsis(build) -> None:
    url = "https://example.com/people/alex/portfolio/selected-work/2024"
    run = build(f"name: A\ncontact:\n  website: {url}\n")
    assert run.exit_code == 0, run.stderr
    shown = pdf_text(run.output).splitlines()[1]
    assert shown.endswith("…") and shown.startswith("example.com/people")
    assert len(shown) <= 46 and pdf_links(run.output) == [url]


# --- 9. date formats ----------------------------------------------------------------------------

DATED = (
    "name: A\nstyle: {}\nsections:\n  - title: Work\n    experience:\n"
    "      - {{role: Dev, start: 2021-03, end: 2022-11}}\n"
    "      - {{role: Lead, start: 2023-01, end: present}}\n"
)


@pytest.mark.parametrize(
    ("fmt", "first", "second"),
    [
        ("numeric", "03/2021 → 11/2022", "01/2023 → now"),
        ("long", "March 2021 → November 2022", "January 2023 → now"),
        ("short", "Mar 2021 → Nov 2022", "Jan 2023 → now"),
        ("year", "2021 → 2022", "2023 → now"),
    ],
)
def test_every_date_format(tmp_path: Path, fmt: str, first: str, second: str) -> None:
    """Bug: the `numeric` format losing its leading zero (3/2021); no built-in style uses
    `numeric` or `long`."""
    write(
        tmp_path,
        {"cv.yaml": DATED.format("dated"), "styles/dated.yaml": f"dates: {{format: {fmt}}}\n"},
    )
    run = run_cli("build", str(tmp_path / "cv.yaml"), "-o", str(tmp_path / "cv.pdf"))
    assert run.exit_code == 0, run.stderr
    text = flat(pdf_text(tmp_path / "cv.pdf"))
    assert f"Dev {first}" in text and f"Lead {second}" in text, text


# --- 11. several résumés ------------------------------------------------------------------------


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_every_resume_of_a_batch_is_built(tmp_path: Path, jobs: str) -> None:
    """Bug: `build a.yaml b.yaml` building only the first; -j N never exercised."""
    names = {"ann": "Ann Alpha", "bob": "Bob Beta", "cy": "Cy Gamma"}
    write(tmp_path, {f"{k}.yaml": f"name: {v}\n" for k, v in names.items()})
    write(tmp_path, {"bad.yaml": "name: [broken\n"})
    paths = [str(tmp_path / f"{k}.yaml") for k in ("ann", "bad", "bob", "cy")]
    run = run_cli("build", *paths, "-j", jobs)
    assert run.exit_code == 1  # one résumé failed; the others are still built
    assert re.search(r"bad\.yaml:\d+:\d+: error: YAML syntax error", run.stderr)
    outs = re.findall(r"^(.*)\.pdf: 1 page, ", run.stdout, re.M)
    assert [Path(o).name for o in outs] == ["ann", "bob", "cy"]  # in the order given
    for key, name in names.items():
        assert pdf_text(tmp_path / "output" / f"{key}.pdf").splitlines()[0] == name
    assert not (tmp_path / "output" / "bad.pdf").exists()


# --- 12. variant overrides ----------------------------------------------------------------------

VARIANTS = (
    "name: Vic Variant\nheadline: Engineer\nsummary: The master summary.\n"
    "variants:\n"
    "  styled: {style: modern}\n"
    "  short: {pages: 1, summary: The short summary.}\n"
    "style: classic\nsections:\n" + bullets(57)
)


def fonts_of(pdf: Path) -> set[str]:
    return {f["name"].split("+")[-1].split("-")[0] for f in pdf_fonts(pdf)}


def test_variant_overrides_of_style_pages_and_summary(tmp_path: Path) -> None:
    """Bug: a variant's `style:` (or `pages:`, `summary:`) override ignored."""
    write(tmp_path, {"cv.yaml": VARIANTS})
    source, output = tmp_path / "cv.yaml", tmp_path / "output"
    assert run_cli("build", str(source)).exit_code == 0
    assert run_cli("build", str(source), "--all-variants").exit_code == 0
    master, styled, short = (output / f"{n}.pdf" for n in ("cv", "cv-styled", "cv-short"))
    assert fonts_of(master) == {"SourceSansPro"} and fonts_of(styled) == {"Roboto"}
    assert len(pdf_pages_text(master)) == 2 and len(pdf_pages_text(short)) == 1
    assert "The master summary." in pdf_text(master)
    assert "The short summary." in pdf_text(short) and "master" not in pdf_text(short)


def test_the_command_line_wins_over_a_variant(tmp_path: Path) -> None:
    write(tmp_path, {"cv.yaml": VARIANTS})
    source, output = tmp_path / "cv.yaml", tmp_path / "output"
    run = run_cli("build", str(source), "--variant", "styled", "--style", "serif")
    assert run.exit_code == 0 and fonts_of(output / "cv-styled.pdf") == {"SourceSerifPro"}
    run = run_cli("build", str(source), "--variant", "short", "--pages", "2")
    assert run.exit_code == 0 and len(pdf_pages_text(output / "cv-short.pdf")) == 2


# --- also weak: PNG pages -----------------------------------------------------------------------


def test_png_pages_have_the_page_shape_and_ink(tmp_path: Path) -> None:
    """Bug: a blank or wrongly sized PNG (only its signature was checked)."""
    out = tmp_path / "cv.pdf"
    run = run_cli("build", str(EXAMPLE), "-o", str(out), "--png", "--page-size", "a4")
    assert run.exit_code == 0, run.stderr
    with Image.open(tmp_path / "cv-1.png") as png:
        png.load()
        width, height = png.size
        assert width >= 595 and abs(height / width - 842 / 595) < 0.01
        gray = png.convert("L")
        histogram = gray.histogram()
    dark = sum(histogram[:128]) / (width * height)
    assert 0.005 < dark < 0.5, dark  # text on white: some ink, mostly paper
    top = gray.crop((0, 0, width, height // 10)).getextrema()
    assert top[0] < 100  # the name is drawn at the top


# --- also weak: the tightening order ------------------------------------------------------------

NOTE = re.compile(r"fitted at spacing (\d+)%(?:, margins (\d+) pt)?(?:, type (\d+)%)?")


def test_tightening_goes_spacing_then_margins_then_type(tmp_path: Path) -> None:
    """Bug: margins or type size touched before the stage before them is at its floor.
    The numbers are classic's own (they have moved before; now body 10 pt, spacing floor 40 %,
    smallest margin 36 pt), read from the style so a new type scale needs no edit here."""
    classic = load_theme("classic")
    natural_body, floors, m = classic.sizes.body, classic.floors, classic.page.margins
    smallest = min(m.top, m.bottom, m.left, m.right)  # what the result line reports
    seen = set()
    source, out = tmp_path / "cv.yaml", tmp_path / "cv.pdf"
    for n in range(46, 64, 2):
        source.write_text(HEAD + "sections:\n" + bullets(n), encoding="utf-8")
        run = run_cli("build", str(source), "-o", str(out), "--pages", "1")
        assert run.exit_code == 0, run.stderr
        spacing, margins, type_ = NOTE.search(run.stdout).groups()  # type: ignore[union-attr]
        sizes = Counter(round(s, 1) for s in pdf_font_sizes(out))
        body = sizes.most_common(1)[0][0]
        if margins:
            assert int(spacing) == round(floors.spacing * 100), run.stdout
            assert floors.margin <= int(margins) <= smallest, run.stdout
        if type_:
            assert int(margins) == floors.margin and int(type_) < 100, run.stdout
            assert floors.body <= body < natural_body, run.stdout
        else:
            assert body == natural_body, (run.stdout, sizes)
        seen.add(("margins" if margins else "spacing") if not type_ else "type")
    assert seen == {"spacing", "margins", "type"}


# --- also weak: extends: merging ----------------------------------------------------------------


def test_extends_replaces_a_list_instead_of_merging_it(tmp_path: Path) -> None:
    """Bug: a list in a child style merged with (not replacing) the base's list."""
    write(
        tmp_path,
        {
            "cv.yaml": "name: A\nstyle: narrow\nsections:\n"
            "  - title: Experience\n    text: Worked hard.\n"
            "  - title: Education\n    education: [{institution: Uni, degree: BSc}]\n"
            "  - title: Skills\n    skills: [{group: Tools, items: [Python]}]\n",
            "styles/narrow.yaml": "extends: sidebar\nlayout: {sidebar: {sections: [skills]}}\n",
        },
    )
    run = run_cli("build", str(tmp_path / "cv.yaml"), "-o", str(tmp_path / "cv.pdf"))
    assert run.exit_code == 0, run.stderr
    text = pdf_text(tmp_path / "cv.pdf")
    order = [text.index(w) for w in ("SKILLS", "EXPERIENCE", "EDUCATION")]  # in capitals
    assert order == sorted(order), text  # only skills in the sidebar, drawn first


# --- survivors of mutation testing: write/output.py ---------------------------------------------


def test_output_folders_are_created_and_the_pdf_is_world_readable(tmp_path: Path) -> None:
    out = tmp_path / "a" / "b" / "cv.pdf"
    run = run_cli("build", str(EXAMPLE), "-o", str(out))
    assert run.exit_code == 0, run.stderr
    assert out.stat().st_mode & 0o777 == 0o644  # like any file the user saves, not 0600


def test_the_temporary_file_sits_beside_the_target(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rename is atomic only within one file system: the temporary PDF is written in the
    target's folder, never in TMPDIR (here missing)."""
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "no-such-tmpdir"))
    out = tmp_path / "cv.pdf"
    run = run_cli("build", str(EXAMPLE), "-o", str(out))
    assert run.exit_code == 0, run.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cv.pdf"]


def test_unwritable_targets_are_named_in_the_error(tmp_path: Path) -> None:
    (tmp_path / "file.txt").write_text("not a folder", encoding="utf-8")
    for out, why in [
        (tmp_path / "file.txt" / "cv.pdf", "cannot write"),
        (tmp_path, "is a directory"),
        (EXAMPLE, "is the input file itself"),
    ]:
        run = run_cli("build", str(EXAMPLE), "-o", str(out))
        assert run.exit_code == 1
        assert repr(str(out)) in run.stderr and why in run.stderr, run.stderr


def test_a_failed_rename_is_named_in_the_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*_: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    out = tmp_path / "cv.pdf"
    run = run_cli("build", str(EXAMPLE), "-o", str(out))
    assert f"cannot write {str(out)!r}: Permission denied" in run.stderr


def test_ctrl_c_during_a_write_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(_: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    out = tmp_path / "cv.pdf"
    out.write_bytes(b"previous")
    run = run_cli("build", str(EXAMPLE), "-o", str(out))
    assert run.exit_code == 1 and "Aborted" in run.stderr  # click's answer to Ctrl-C
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cv.pdf"]
    assert out.read_bytes() == b"previous"


@pytest.mark.parametrize(
    ("make", "what"),
    [
        (lambda p: os.mkfifo(p), "a FIFO (named pipe)"),
        (lambda p: p.mkdir(), "a directory"),
        (lambda p: p.symlink_to("/dev/null"), "a device"),
    ],
)
def test_a_target_that_is_not_a_regular_file_is_refused(tmp_path: Path, make, what: str) -> None:  # type: ignore[no-untyped-def]
    """Renaming over a FIFO or a device replaces it (as root, /dev/null itself)."""
    out = tmp_path / "cv.pdf"
    make(out)
    run = run_cli("build", str(EXAMPLE), "-o", str(out))
    assert run.exit_code == 1, run.stdout
    assert what in run.stderr and repr(str(out)) in run.stderr, run.stderr
    assert os.path.lexists(out) and not out.is_file()
    assert os.path.exists("/dev/null") and not Path("/dev/null").is_file()


# --- survivors of mutation testing: variants.py --------------------------------------------------

LISTING = """\
compilers:
  keeps  Experience: Compiler lead, Alpha
  keeps  Experience: Compiler lead, Alpha: Cut compile time in half
  keeps  Skills: Compilers
  drops  Experience: Compiler lead, Alpha: Ran the build farm
  drops  Experience: SRE, Beta
  drops  section 'Infrastructure talks'
  drops  Skills: Ops
infra:
  keeps  Experience: SRE, Beta
  keeps  section 'Infrastructure talks'
  keeps  Skills: Ops
  drops  Experience: Compiler lead, Alpha
  drops  Experience: SRE, Beta: Secret project
  drops  Skills: Compilers
everything:
  keeps  Experience: Compiler lead, Alpha
  keeps  Experience: Compiler lead, Alpha: Cut compile time in half
  keeps  Experience: Compiler lead, Alpha: Ran the build farm
  keeps  Experience: SRE, Beta
  keeps  section 'Infrastructure talks'
  keeps  Skills: Compilers
  keeps  Skills: Ops
  drops  Experience: SRE, Beta: Secret project
"""


def test_the_variants_listing_names_every_tagged_item(tmp_path: Path) -> None:
    source = tmp_path / "cv.yaml"
    source.write_text((FIXTURES / "variants.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    run = run_cli("variants", str(source))
    assert run.exit_code == 0, run.stderr
    assert run.stdout == LISTING


def test_an_unknown_variant_without_any_defined(build) -> None:
    run = build("name: A\n", "--variant", "x")
    assert run.exit_code == 1
    assert "variants: error: unknown variant 'x' (variants: none defined)" in run.stderr


def test_the_variants_listing_shortens_long_items_to_fifty_characters(tmp_path: Path) -> None:
    exact, longer = "x" * 50, "y" * 51
    source = tmp_path / "cv.yaml"
    source.write_text(
        "name: A\nvariants: {v: {tags: [t]}}\nsections:\n  - title: Notes\n    bullets:\n"
        f"      - {{text: {exact}, tags: [t]}}\n      - {{text: {longer}, tags: [u]}}\n",
        encoding="utf-8",
    )
    run = run_cli("variants", str(source))
    assert run.stdout == f"v:\n  keeps  Notes: {exact}\n  drops  Notes: {'y' * 47}...\n"
