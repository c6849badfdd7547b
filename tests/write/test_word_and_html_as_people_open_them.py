"""The Word and HTML twins as people open them: Word's styles, sizes,
fonts, links, photo and statistics read back with python-docx; the HTML page laid out by a
real browser (headless Chromium over the DevTools protocol) at a phone's and a desktop's
width in every built-in style; the letter's twins laid out as a business letter.

Run as a script, it writes the browser's screenshots:

    python tests/write/test_word_and_html_as_people_open_them.py FOLDER
"""

from __future__ import annotations

import base64
import io
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import docx
import pytest
from docx.oxml.ns import qn
from PIL import Image
from test_preview_in_a_browser import CHROMIUM, Browser
from test_twins_hold_every_word import parse_html

from conftest import EXAMPLE, run_cli
from resume_pdf.style.theme import builtin_styles, load_theme

PHOTO_RGB = (200, 30, 30)


def build(tmp_path: Path, *args: str, photo: bool = False, letter: bool = False) -> Path:
    """The example résumé (with a red photo when asked) built as PDF, Word and HTML."""
    source = tmp_path / "resume.yaml"
    text = EXAMPLE.read_text(encoding="utf-8")
    if photo:
        Image.new("RGB", (300, 400), PHOTO_RGB).save(tmp_path / "me.jpg")
        text += "photo: me.jpg\n"
    source.write_text(text, encoding="utf-8")
    command = "letter" if letter else "build"
    run = run_cli(command, str(source), "--format", "pdf,docx,html", *args)
    assert run.exit_code == 0, run.stderr
    return tmp_path / "output"


# --- Word ---------------------------------------------------------------------------------


def runs_of(paragraph) -> list:  # noqa: ANN001 - python-docx objects
    """Every run of a paragraph, those inside hyperlinks too (python-docx's `runs` skips them)."""
    return [docx.text.run.Run(r, paragraph) for r in paragraph._p.iter(qn("w:r"))]


def size_of(run, paragraph, word) -> float:  # noqa: ANN001
    """The size Word shows a run at: its own, else its paragraph style's, else Normal's."""
    size = run.font.size or paragraph.style.font.size or word.styles["Normal"].font.size
    return size.pt


def test_docx_links_fonts_photo_and_statistics(tmp_path: Path) -> None:
    out = build(tmp_path, photo=True)
    path = out / "resume.docx"
    word = docx.Document(str(path))
    # a link is at the size of the text around it (the contact line: small; the body: body)
    linked = [p for p in word.paragraphs if p._p.find(qn("w:hyperlink")) is not None]
    assert len(linked) >= 3
    for paragraph in linked:
        sizes = {size_of(r, paragraph, word) for r in runs_of(paragraph) if r.text.strip()}
        assert len(sizes) == 1, (paragraph.text, sizes)
        for link in paragraph._p.iter(qn("w:hyperlink")):
            run = docx.text.run.Run(link.find(qn("w:r")), paragraph)
            assert run.font.underline is True
    contact = next(p for p in linked if "alex@example.com" in p.text)
    small = load_theme("classic").sizes.small  # the example's style: 9 pt since 553d645
    assert {size_of(r, contact, word) for r in runs_of(contact)} == {small}
    # the family every Word has for the style's kind, with its free twin as the alternative
    assert word.styles["Normal"].font.name == "Calibri"
    fonts = zipfile.ZipFile(path).read("word/fontTable.xml").decode()
    assert '<w:font w:name="Calibri"><w:altName w:val="Carlito"/>' in fonts
    assert '<w:panose1 w:val="020F0502020204030204"/>' in fonts.split('"Calibri"')[1]
    assert '<w:font w:name="Source Sans Pro"><w:altName w:val="Calibri"/>' in fonts
    # the photo: the PDF's upright square, floating at the right of the name
    blips = word.element.body.findall(".//" + qn("a:blip"))
    assert len(blips) == 1
    image = word.part.related_parts[blips[0].get(qn("r:embed"))]
    with Image.open(io.BytesIO(image.blob)) as shown:
        pixel = shown.getpixel((5, 5))
        assert (
            shown.size[0] == shown.size[1] and max(map(abs, map(int.__sub__, pixel, PHOTO_RGB))) < 8
        )
    anchor = word.paragraphs[0]._p.find(".//" + qn("wp:anchor"))
    assert anchor is not None and anchor.find(qn("wp:positionH")).findtext(qn("wp:align")) == (
        "right"
    )
    assert word.paragraphs[0].text == "Alex Placeholder"  # the picture adds no text
    # statistics: this application, the real word count; no blank thumbnail
    archive = zipfile.ZipFile(path)
    app = archive.read("docProps/app.xml").decode()
    words = sum(len(p.text.split()) for p in word.paragraphs)
    assert "<Application>resume-pdf</Application>" in app and "Microsoft" not in app
    assert f"<Words>{words}</Words>" in app and words > 300
    assert "<Pages>1</Pages>" in app
    assert not any("thumbnail" in name for name in archive.namelist())
    assert "thumbnail" not in archive.read("_rels/.rels").decode()


@pytest.mark.parametrize(
    ("style", "family", "fallback"),
    [("serif", "Source Serif Pro", "Cambria"), ("modern", "Roboto", "Calibri")],
)
def test_docx_fonts_are_word_families_with_free_twins(
    style: str, family: str, fallback: str, tmp_path: Path
) -> None:
    out = build(tmp_path, "--style", style)
    word = docx.Document(str(out / "resume.docx"))
    assert word.styles["Heading 2"].font.name == fallback
    fonts = zipfile.ZipFile(out / "resume.docx").read("word/fontTable.xml").decode()
    assert f'<w:font w:name="{family}"><w:altName w:val="{fallback}"/>' in fonts
    twin = {"Cambria": "Caladea", "Calibri": "Carlito"}[fallback]
    assert f'<w:font w:name="{fallback}"><w:altName w:val="{twin}"/>' in fonts


def test_docx_letter_is_a_business_letter(tmp_path: Path) -> None:
    out = build(tmp_path, letter=True)
    word = docx.Document(str(out / "resume-letter.docx"))
    paragraphs = {p.text: p for p in word.paragraphs}
    date = paragraphs["November 29, 2026"]
    assert date.alignment == 2  # right
    recipient = next(p for p in word.paragraphs if p.text.startswith("Hiring team"))
    assert recipient.paragraph_format.space_after.pt >= 20  # a blank line or two
    subject = paragraphs["Senior compiler engineer"]
    assert subject.runs[0].bold and subject.paragraph_format.space_after.pt >= 12
    body = [p for p in word.paragraphs if p.text.startswith(("I am writing", "As tech lead"))]
    assert len(body) == 2 and all(p.paragraph_format.space_after.pt >= 10 for p in body)
    closing = paragraphs["Kind regards,"]
    assert closing.paragraph_format.space_after.pt >= 3 * 10  # room for a signature
    assert word.paragraphs[-1].text == "Alex Placeholder"
    order = [p.text for p in word.paragraphs]
    assert order.index(date.text) < order.index(recipient.text) < order.index(subject.text)


# --- HTML, read as text ---------------------------------------------------------------------


def test_html_has_address_entry_headings_and_dark_rules(tmp_path: Path) -> None:
    html = (build(tmp_path) / "resume.html").read_text(encoding="utf-8")
    tags = [tag for tag, _ in parse_html(html).tags]
    assert tags.count("address") == 1 and tags.count("h1") == 1
    assert tags.count("h3") == html.count('class="entry"') >= 3
    assert "<address" in html.split("<main")[0]  # the contact block, in the header
    assert "@media screen and (prefers-color-scheme: dark)" in html
    assert '<meta name="color-scheme" content="light dark">' in html
    assert "url(" not in html and "<script" not in html and "<img" not in html


def test_html_letter_parts_have_their_roles(tmp_path: Path) -> None:
    html = (build(tmp_path, letter=True) / "resume-letter.html").read_text(encoding="utf-8")
    for role in ("date", "recipient", "subject", "salutation", "closing", "signature"):
        assert f'<p class="{role}">' in html, role
    assert '<main class="letter">' in html


# --- HTML in a browser ----------------------------------------------------------------------

MEASURE = """(() => {
  const px = (e, p) => parseFloat(getComputedStyle(e)[p]);
  const all = s => [...document.querySelectorAll(s)];
  const root = document.documentElement;
  const behind = e => {  // the first background drawn behind an element
    for (; e; e = e.parentElement) {
      const c = getComputedStyle(e).backgroundColor;
      if (c !== 'rgba(0, 0, 0, 0)') return c;
    }
    return 'rgb(255, 255, 255)';
  };
  const text = all('main p:not(.sub):not(.headline), main li, aside li');
  return {
    viewport: root.clientWidth,
    overflow: root.scrollWidth - root.clientWidth,
    columns: all('main, aside').map(e => Math.round(e.getBoundingClientRect().width)),
    body: Math.min(...text.map(e => px(e, 'fontSize'))),
    links: all('a').map(a => getComputedStyle(a).textDecorationLine),
    background: getComputedStyle(document.body).backgroundColor,
    colors: all('a, h2, h3, p, li, address').map(e => [getComputedStyle(e).color, behind(e)]),
  };
})()"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if CHROMIUM is None:
        pytest.skip("no chromium binary on PATH (.ci/run installs it: apt-get install chromium)")
    opened = Browser(width=1280, height=900)
    try:
        yield opened
    finally:
        opened.close()


def show(
    browser: Browser, page: Path, width: int, dark: bool = False, media: str = "screen"
) -> dict:
    """The page laid out at `width` CSS pixels (dark, or as printed, when asked), measured."""
    browser.call("Emulation.setDeviceMetricsOverride", width=width, height=900,
                 deviceScaleFactor=1, mobile=False, session=True)  # fmt: skip
    scheme = [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]
    browser.call("Emulation.setEmulatedMedia", media=media, features=scheme, session=True)
    browser.open(page.as_uri())
    browser.until(f"document.readyState === 'complete' && location.href === {page.as_uri()!r}")
    return browser.js(MEASURE)


def rgb(css: str) -> tuple[float, ...]:
    return tuple(float(v) for v in css[css.index("(") + 1 : -1].split(",")[:3])


def contrast(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    def lum(c: tuple[float, ...]) -> float:
        lin = [v / 3294.6 if v <= 10.03 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return make_pages(tmp_path_factory.mktemp("html"))


def make_pages(folder: Path) -> dict[str, Path]:
    """The example's HTML twin in every built-in style, and the letter's."""
    out: dict[str, Path] = {}
    for style in builtin_styles():
        target = folder / f"{style}.html"
        run = run_cli(
            "build", str(EXAMPLE), "--format", "html", "--style", style, "-o", str(target)
        )
        assert run.exit_code == 0, run.stderr
        out[style] = target
    letter = folder / "letter.pdf"
    run = run_cli(
        "letter", str(EXAMPLE), "--format", "html", "--style", "sidebar", "-o", str(letter)
    )
    assert run.exit_code == 0, run.stderr
    out["letter"] = folder / "letter.html"
    return out


@pytest.mark.parametrize("width", [375, 1280])
def test_html_in_a_browser_reads_at_every_width(
    browser: Browser, pages: dict[str, Path], width: int
) -> None:
    """At a phone's width one column, none narrower than 300 px; nothing wider than the
    screen; body text at 16 px or more; every link underlined; in every style."""
    for name, page in pages.items():
        seen = show(browser, page, width)
        assert seen["viewport"] == width, name
        assert seen["overflow"] <= 0, (name, width, seen["overflow"])
        if width < 700:
            assert min(seen["columns"]) >= 300, (name, width, seen["columns"])
            assert len(set(seen["columns"])) == 1, (name, seen["columns"])  # stacked
        assert seen["body"] >= 16, (name, width, seen["body"])
        assert seen["links"] and all("underline" in d for d in seen["links"]), name
        if width == 1280 and name == "sidebar":
            assert len(seen["columns"]) == 2  # two columns where there is room


def test_html_printed_keeps_the_sidebar_beside_the_main_column(
    browser: Browser, pages: dict[str, Path]
) -> None:
    """US Letter paper's text box is 683 CSS px wide: under 700, but paper is no phone."""
    seen = show(browser, pages["sidebar"], 683, media="print")
    assert len(set(seen["columns"])) == 2, seen["columns"]


def test_html_in_a_browser_is_readable_dark(browser: Browser, pages: dict[str, Path]) -> None:
    """With the system set dark: a dark page, and text and links at 4.5:1 on it."""
    for name, page in pages.items():
        seen = show(browser, page, 1280, dark=True)
        background = rgb(seen["background"])
        assert sum(background) < 3 * 60, (name, background)
        for color, behind in seen["colors"]:
            assert contrast(rgb(color), rgb(behind)) >= 4.5, (name, color, behind)


def take_screenshots(folder: Path) -> None:
    """Each page at each width as a PNG in `folder`, with its measurements printed."""
    made = make_pages(folder)
    opened = Browser(width=1280, height=900)
    try:
        for name, page in made.items():
            for width in (375, 1280):
                seen = show(opened, page, width)
                print(name, width, {k: v for k, v in seen.items() if k not in ("colors", "links")})
                data = opened.call("Page.captureScreenshot", session=True, format="png")["data"]
                (folder / f"{name}-{width}.png").write_bytes(base64.b64decode(data))
    finally:
        opened.close()


if __name__ == "__main__":
    target = Path(sys.argv[1])
    target.mkdir(parents=True, exist_ok=True)
    take_screenshots(target)
