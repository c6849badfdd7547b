"""Long author lists shortened as the style asks (`publications: {authors_max: N}`): the
first N authors, then "et al."; your own name (an author set in bold, as a `bib:` section
marks `me`) is kept, standing in for the N-th when it came later. Applied to the tailored
résumé once its style is known, so the PDF, the twins and --verify read the same list."""

from __future__ import annotations

from ..model.resume import Publication, Resume, SectionKind
from ..text.inline import Rich, Span
from ..values import replace

ET_AL = Rich((Span("et al."),))


def shorten_authors(resume: Resume, most: int) -> Resume:
    """`resume` with every publication's authors at most `most` (and "et al.")."""
    sections = []
    changed = False
    for section in resume.sections:
        if section.kind is SectionKind.PUBLICATIONS:
            items = tuple(_shortened(p, most) for p in section.items)
            changed = changed or items != section.items
            section = replace(section, items=items)
        sections.append(section)
    return replace(resume, sections=tuple(sections)) if changed else resume


def _shortened(item: Publication, most: int) -> Publication:
    authors = [a for a in item.authors if a.plain.strip() != "et al."]
    if len(authors) <= most:
        return item
    kept = authors[:most]
    mine = next((a for a in authors if _is_me(a)), None)
    if mine is not None and mine not in kept:
        kept[-1] = mine
    return replace(item, authors=(*kept, ET_AL))


def _is_me(author: Rich) -> bool:
    return bool(author.spans) and all(s.bold for s in author.spans if s.text.strip())
