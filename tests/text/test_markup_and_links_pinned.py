"""Inline markup and links, pinned example by example: what each marker pairs with, which
links are accepted, and the exact reason a link is refused. Written against the mutants of
text/inline.py that the property tests of test_inline_markup_escapes_everything.py let through."""

from __future__ import annotations

import pytest

from ats import pdf_links
from glyphs import read_glyphs, shapes
from resume_pdf.style.theme import load_theme
from resume_pdf.text.inline import MAX_URL, check_url, parse_inline


def looks(text: str) -> list[tuple[str, str, str | None]]:
    """Each span as (text, "b"/"i"/"bi"/"", url)."""
    rich, _ = parse_inline(text)
    return [(s.text, "b" * s.bold + "i" * s.italic, s.url) for s in rich.spans]


X, Y = "https://x.org", "https://y.org"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("*a* *b*", [("a", "i", None), (" ", "", None), ("b", "i", None)]),
        ("x*y*z", [("x", "", None), ("y", "i", None), ("z", "", None)]),
        ("* a*", [("* a*", "", None)]),  # a star before a space opens nothing
        ("*a *", [("*a *", "", None)]),  # a star after a space closes nothing
        ("a* b *c", [("a* b *c", "", None)]),
        ("a ** b ** c", [("a ** b ** c", "", None)]),
        ("***a***", [("a", "bi", None)]),
        ("**a*", [("*", "", None), ("a", "i", None)]),
        ("*a**", [("a", "i", None), ("*", "", None)]),
        ("*a*b*", [("a", "i", None), ("b*", "", None)]),
        ("**a *b* c**", [("a ", "b", None), ("b", "bi", None), (" c", "b", None)]),
        ("*a **b** c*", [("a ", "i", None), ("b", "bi", None), (" c", "i", None)]),
        (r"\*a*", [("*a*", "", None)]),
        (r"*a\*", [("*a*", "", None)]),
        (f"[a]({X}) [b]({Y})", [("a", "", X), (" ", "", None), ("b", "", Y)]),
        (f"[a]({X})[b]({Y})", [("a", "", X), ("b", "", Y)]),
        (f"[a]({X}/(p)) tail", [("a", "", f"{X}/(p)"), (" tail", "", None)]),
        (f"[a]({X}/a_(b)_c)", [("a", "", f"{X}/a_(b)_c")]),
        (f"[a]({X}))", [("a", "", X), (")", "", None)]),
        (f"([a]({X}))", [("(", "", None), ("a", "", X), (")", "", None)]),
        (f"[[a]({X})]", [("[", "", None), ("a", "", X), ("]", "", None)]),
        (f"[a][b]({X})", [("[a]", "", None), ("b", "", X)]),
        (f"[x] [a]({X})", [("[x] ", "", None), ("a", "", X)]),
        (f"[]({X})", [(f"[]({X})", "", None)]),  # no label: no link
        (f"[a]( {X})", [(f"[a]( {X})", "", None)]),
        (f"[a] ({X})", [(f"[a] ({X})", "", None)]),
        (f"[a]({X}(", [(f"[a]({X}(", "", None)]),  # unclosed
        (f"[a]() [b]({X})", [("[a]() ", "", None), ("b", "", X)]),
        (f"*[a]({X})*", [("a", "i", X)]),
        (f"[*a*]({X})", [("a", "i", X)]),
        (f"[a]({X}) and *b*", [("a", "", X), (" and ", "", None), ("b", "i", None)]),
    ],
)
def test_markup_examples(text: str, expected: list[tuple[str, str, str | None]]) -> None:
    assert looks(text) == expected


SCHEMES = "(use https://, http://, mailto: or tel:)"


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("example.com", "no scheme: write 'https://example.com'"),
        ("ada@example.com", "no scheme: write 'mailto:ada@example.com'"),
        ("example.com:8080/cv", "no scheme: write 'https://example.com:8080/cv'"),
        ("javascript:alert(1)", f"link scheme 'javascript' is not allowed {SCHEMES}"),
        ("HTTPS://x.org/", None),
        ("https://x.org:8080/a:b", None),
        ("mailto:ann@x.org?subject=Re:CV", None),
        ("http://", "'http://' has no host name"),
        ("https://", "'https://' has no host name"),
        ("http://[::1", "'http://[::1' has no host name"),
        ("mailto:nobody", "'mailto:nobody' is not an email address"),
        ("tel:call-me", "'tel:call-me' is not a phone number"),
        ("https://x.org/a b", "a link must not contain spaces or control characters"),
        ("https://x.org/\x01", "a link must not contain spaces or control characters"),
        ("https://x.org/\x7f", "a link must not contain spaces or control characters"),
        ("https://x.org/\x80", None),
        ("https://x.org/" + "a" * (MAX_URL - 14), None),
        ("https://x.org/" + "a" * (MAX_URL - 13), f"link is longer than {MAX_URL} characters"),
    ],
)
def test_why_a_link_is_refused(url: str, why: str | None) -> None:
    assert check_url(url) == why


@pytest.mark.parametrize(
    ("phone", "link"),
    [
        ("+1 (650) 555-0100", "tel:+16505550100"),
        ("  +44 20 7946 0958", "tel:+442079460958"),
        ("0049 30 1234", "tel:0049301234"),
        ("123", "tel:123"),
    ],
)
def test_a_phone_number_links_as_its_digits(build, phone: str, link: str) -> None:
    run = build(f'name: A\ncontact:\n  phone: "{phone}"\n')
    assert run.exit_code == 0, run.stderr
    assert pdf_links(run.output) == [link]


@pytest.mark.parametrize("phone", ["12", "ask me", "¹²³ ⁴⁵"])
def test_a_phone_without_three_ascii_digits_is_shown_unlinked(build, phone: str) -> None:
    run = build(f'name: A\ncontact:\n  phone: "{phone}"\n')
    assert pdf_links(run.output) == []


def runs_and_fonts(pdf: object) -> list[tuple[str, str]]:
    """Each drawn text run of page 1 with its font (subset prefix dropped)."""
    from pypdf import PdfReader

    runs: list[tuple[str, str]] = []

    def visit(text, _cm, _tm, font, _size) -> None:  # type: ignore[no-untyped-def]
        if text.strip() and font:
            runs.append((text.strip(), str(font["/BaseFont"]).split("+")[-1]))

    PdfReader(pdf).pages[0].extract_text(visitor_text=visit)
    return runs


def test_bold_and_italic_markup_use_their_faces(build) -> None:
    run = build(
        'name: Ann\nsummary: "plain **strong** mid *slanted* end ***both*** [site](https://x.org)"\n'
    )
    assert run.exit_code == 0, run.stderr
    assert runs_and_fonts(run.output)[1:] == [
        ("plain", "SourceSansPro-Regular"),
        ("strong", "SourceSansPro-Bold"),
        ("mid", "SourceSansPro-Regular"),
        ("slanted", "SourceSansPro-It"),
        ("end", "SourceSansPro-Regular"),
        ("both", "SourceSansPro-BoldIt"),
        ("site", "SourceSansPro-Regular"),
    ]


def test_plain_fields_keep_the_styles_family(build, tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "styles").mkdir()
    (tmp_path / "styles" / "serifname.yaml").write_text(
        "fonts: {name: source-serif}\n", encoding="utf-8"
    )
    run = build("name: Ann Name\nstyle: serifname\nheadline: Plain headline\n")
    assert run.exit_code == 0, run.stderr
    fonts = dict(runs_and_fonts(run.output))
    assert fonts["Ann Name"].startswith("SourceSerifPro-")
    assert fonts["Plain headline"] == "SourceSansPro-Regular"


@pytest.mark.parametrize("style", ["classic", "modern", "mono", "serif", "sidebar"])
def test_a_link_is_drawn_in_the_link_colour_and_underlined_only_in_the_text_colour(
    build, style: str
) -> None:
    """A link stands out by its colour; where the style's link colour is its text colour
    (mono), by an underline instead, so it never looks like plain text."""
    summary = "See [the paper](https://example.com/p) now."
    run = build(f"name: Ann\nstyle: {style}\nsummary: {summary}\n")
    assert run.exit_code == 0, run.stderr
    colors = load_theme(style).colors
    glyphs = read_glyphs(run.output)
    text = "".join(g.char for g in glyphs)
    link = glyphs[text.index("the paper") :][:9]
    plain = glyphs[text.index("See") :][:3] + glyphs[text.index("now.") :][:4]
    assert {g.fill for g in link} == {colors.link}
    assert {g.fill for g in plain} == {colors.text}
    baseline, left, right = link[0].y, link[0].x, link[-1].x
    under = [
        (x0, y0, x1, y1)
        for x0, y0, x1, y1 in shapes(run.output)
        if baseline - 4 < y0 <= y1 < baseline and x0 <= left + 1 and x1 >= right
    ]
    assert bool(under) == (colors.link == colors.text), under
