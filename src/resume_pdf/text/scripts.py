"""The language a run of text is in, where its script alone says so (part of text/: words
-> spans). The tagged PDF (pdf/tags.py) marks such a run with its /Lang, so a screen reader
reads a Greek name in an English résumé with a Greek voice.
"""

from __future__ import annotations

# Scripts that name one language: a run written only in one of them is in that language.
# Han (Chinese or Japanese), Cyrillic, Arabic, Devanagari and Latin name several: left
# to the document's language.
_SCRIPTS = (
    ("ja", ((0x3040, 0x30FF), (0x31F0, 0x31FF))),  # kana (with Han around it: Japanese)
    ("ko", ((0x1100, 0x11FF), (0x3130, 0x318F), (0xAC00, 0xD7AF))),
    ("el", ((0x0370, 0x03FF), (0x1F00, 0x1FFF))),
    ("he", ((0x0590, 0x05FF),)),
    ("th", ((0x0E00, 0x0E7F),)),
    ("hy", ((0x0530, 0x058F),)),
    ("ka", ((0x10A0, 0x10FF),)),
)
_HAN = ((0x4E00, 0x9FFF), (0x3400, 0x4DBF))


def script_lang(text: str) -> str | None:
    """The language `text` is unambiguously in, by its letters' script, or None."""
    found: set[str] = set()
    han = False
    for ch in text:
        if not ch.isalpha():
            continue
        code = ord(ch)
        lang = next(
            (lang for lang, spans in _SCRIPTS if any(a <= code <= b for a, b in spans)), None
        )
        if lang is None:
            if any(a <= code <= b for a, b in _HAN):
                han = True
                continue
            return None  # a letter of a script naming several languages
        found.add(lang)
    if han and found - {"ja"}:
        return None
    return found.pop() if len(found) == 1 else None
