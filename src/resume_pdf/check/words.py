"""Words as an ATS compares them (ATS.md §C): text folded (quotes, dashes, spaces), cased
and split into tokens, and the longest common subsequence of two token lists. Both the text
layer's check (verify.py) and the structure tree's (verify_tags.py) read words this way."""

from __future__ import annotations

import re
import unicodedata

FOLD = str.maketrans(
    {
        **{c: "'" for c in "‘’‚‛′´`"},
        **{c: '"' for c in "“”„‟″«»"},
        **{c: "-" for c in "‐‑‒–—―−"},
        "\u00a0": " ",
        "\u00ad": None,
    }
)
JUNK = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffd\ue000-\uf8ff\u25a0]|\\(cid:\\d+\\)")
_DROP = set("•▪●◦‣⁃∙·■□➤➔→*-–—|")
# Han, kana and CJK punctuation: each character is a token of its own, since Chinese and
# Japanese lines break between any two of them (pdf/cjk.py), not only at spaces
_CJK = re.compile("([\u2e80-\u312f\u3190-\u9fff\uf900-\ufaff\U00020000-\U0003ffff])")


def tokens(text: str) -> list[str]:
    text = unicodedata.normalize("NFKC", text.translate(FOLD)).casefold()
    text = _CJK.sub(r" \1 ", text)
    out = []
    for token in text.split():
        token = token.strip("\"'()[]{}<>,;:!?…\u060c\u061b\u061f")  # and Arabic ، ؛ ؟
        if token.endswith(".") and not re.fullmatch(r"(\w\.)+", token):
            token = token.rstrip(".")
        if token and token not in _DROP:
            out.append(token)
    return out


def lcs_len(a: list[str], b: list[str]) -> int:
    """Exact longest common subsequence, bit-parallel (Hyyrö 2004)."""
    masks: dict[str, int] = {}
    for i, t in enumerate(a):
        masks[t] = masks.get(t, 0) | (1 << i)
    full = v = (1 << len(a)) - 1
    for t in b:
        u = v & masks.get(t, 0)
        v = ((v + u) | (v - u)) & full
    return len(a) - bin(v).count("1")
