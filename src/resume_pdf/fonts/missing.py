"""Characters no font can draw, found before layout and reported where they were written.

In: the texts a document shows (`TextField`s: path, text, location) and the build's
FontBook. Out: located problems, one per script nothing draws (at its first field, with
the package or style setting that fixes it) and one per field for symbols (★, emoji);
first, though, an installed font is looked for and added to the book with a note, so
only what nothing on the machine draws is an error. reportlab itself would draw such a
character as .notdef (a box, or a NUL in the text layer) without a word.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

from ..errors import Problem
from ..model.schema import TextField

if TYPE_CHECKING:
    from .book import FontBook


def missing_glyphs(
    texts: tuple[TextField, ...], book: FontBook, locale: str = "en"
) -> list[Problem]:
    """Characters that no font can draw: first an installed font is looked for (a note
    says which), then one located problem per script nothing draws (at its first field,
    with how to fix it), and one per field for symbols (★, emoji)."""
    lacking = _undrawable(texts, book)
    if not lacking:
        return []
    from .discover import script_of

    letters = {ch for _, chars in lacking for ch in chars if script_of(ch, locale)}
    if letters:
        book.needed |= frozenset(c for f in texts for c in f.text + f.text.upper())
        book.add_installed(letters, locale)
        lacking = _undrawable(texts, book)
    problems, scripts = [], {}
    fonts = ", ".join(k for k in book.chain if not k.startswith("installed-"))  # the style's
    for field, chars in lacking:
        symbols = [ch for ch in chars if not script_of(ch, locale)]
        for ch in chars:
            if ch not in symbols:
                scripts.setdefault(script_of(ch, locale)[0], []).append((field, ch))  # type: ignore[index]
        if symbols:
            names = ", ".join(map(_named, symbols))
            hint = None if problems else _symbol_hint(symbols)  # said once, at the first
            problems.append(
                Problem(
                    f"no available font ({fonts}) can draw {names}",
                    field.location,
                    field.path,
                    hint=hint,
                )
            )
    problems += [_script_problem(script, seen, book) for script, seen in scripts.items()]
    return problems


def _undrawable(texts: tuple[TextField, ...], book: FontBook) -> list[tuple[TextField, list[str]]]:
    """The fields holding characters no font of the book draws, with those characters."""
    lacking = []
    for field in texts:
        if book.face_of_all(field.text, (False, False)):
            continue
        missing = sorted({ch for ch in field.text if not book.drawable(ch)})
        if missing:
            lacking.append((field, missing))
    return lacking


def _script_problem(script: str, seen: list[tuple[TextField, str]], book: FontBook) -> Problem:
    """One error for a script: its first characters, how many fields, and how to fix it."""
    chars = list(dict.fromkeys(ch for _, ch in seen))
    fields = len({id(field) for field, _ in seen})
    shown = ", ".join(map(_named, chars[:3]))
    more = f" and {len(chars) - 3} more" if len(chars) > 3 else ""
    where = f" in {fields} fields" if fields > 1 else ""
    fonts = ", ".join(book.chain)
    first = seen[0][0]
    message = (
        f"no available font ({fonts}) can draw {script} text: {shown}{more}{where}; "
        "no installed font has these characters either"
    )
    package = "fonts-noto-cjk" if script in ("Han", "Hangul", "Kana") else "fonts-noto-core"
    hint = (
        f"install a font for {script} (e.g. the package {package} on Debian and Ubuntu), "
        "or name a font file in the style's `fonts:` (docs/scripts-and-fonts.md)"
    )
    return Problem(message, first.location, first.path, hint=hint)


def _symbol_hint(chars: list[str]) -> str:
    """What to do about symbols or emoji no font draws."""
    return (
        f"remove {', '.join(map(repr, chars))} or say it in words; or name a font file that"
        " draws it in black and white in the style's `fonts: {fallback: [...]}` (a colour"
        " emoji font cannot be embedded in a PDF; docs/scripts-and-fonts.md)"
    )


def _named(ch: str) -> str:
    return f"{ch!r} (U+{ord(ch):04X} {unicodedata.name(ch, '?')})"
