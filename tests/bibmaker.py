"""Generated BibTeX files of any size, for the tests and benchmarks/bibtex.py: `n` entries
in the shapes real files hold (articles, proceedings papers, a few accents, macros and
crossrefs), each with a DOI and, every tenth, 40 authors."""

from __future__ import annotations

KINDS = ("article", "inproceedings", "misc")
VENUES = ("journal = jex,", "crossref = {conf},", "howpublished = {Preprint},")


def entries(n: int, me: str = "Placeholder, Ann") -> str:
    """`n` entries, their years 1990 + i % 35, keyword `selected` on every sixth."""
    out = [
        '@string{jex = "Journal of Examples"}',
        "@proceedings{conf, title = {Conference on Examples}, year = 2001}",
    ]
    for i in range(n):
        kind = KINDS[i % 3]
        authors = [f"Author{j}, Given{j}" for j in range(40 if i % 10 == 0 else 3)]
        authors.insert(i % len(authors), me)
        venue = VENUES[i % 3]
        keywords = "selected, compilers" if i % 6 == 0 else "other"
        out.append(
            f"@{kind}{{entry{i},\n"
            f"  author = {{{' and '.join(authors)}}},\n"
            f"  title = {{Paper {i}: on {{LLVM}} passes -- M{{\\\"u}}ller's method}},\n"
            f"  {venue}\n"
            f"  year = {1990 + i % 35}, month = {('jan', 'jun', 'dec')[i % 3]},\n"
            f"  doi = {{10.5555/example.{i}}},\n"
            f"  keywords = {{{keywords}}},\n"
            f"  abstract = {{An abstract of entry {i} that the CV does not show.}}\n"
            "}"
        )
    return "\n\n".join(out) + "\n"
