"""Tailoring: one master résumé, a variant per application.

A variant keeps untagged sections, entries and bullets, keeps tagged ones when a tag is
among the variant's `tags` (all tagged items when it lists none), drops those carrying a tag
from `exclude`, and may override the headline, summary, style and page budget.
"""

from __future__ import annotations

from typing import Any

from ..errors import Problem, ResumeError, cut, quote
from ..read.photo import NO_PHOTO, PhotoRef
from ..values import replace, value
from .letter import override
from .resume import Resume, Variant, entry_label


@value
class Tailored:
    resume: Resume
    kept: tuple[str, ...]
    dropped: tuple[str, ...]


def find_variant(resume: Resume, name: str) -> Variant:
    found = dict(resume.variants).get(name)
    if found is None:
        known = ", ".join(cut(n) for n, _ in resume.variants) or "none defined"
        raise ResumeError(
            [Problem(f"unknown variant {quote(name)} (variants: {known})", field="variants")]
        )
    return found


def tailor(resume: Resume, name: str) -> Tailored:
    """The résumé as variant `name` sees it, with labels of what it kept and dropped."""
    variant = find_variant(resume, name)
    kept: list[str] = []
    dropped: list[str] = []

    def keep(tags: tuple[str, ...], label: str) -> bool:
        ok = not tags or (
            (not variant.tags or bool(set(tags) & set(variant.tags)))
            and not set(tags) & set(variant.exclude)
        )
        if tags:
            (kept if ok else dropped).append(label)
        return ok

    sections = []
    for section in resume.sections:
        if not keep(section.tags, f"section {quote(section.title)}"):
            continue
        items = tuple(
            _trim(item, keep, section.title)
            for item in section.items
            if keep(getattr(item, "tags", ()), f"{section.title}: {_label(item)}")
        )
        if items:
            sections.append(replace(section, items=items))
    tailored = replace(
        resume,
        sections=tuple(sections),
        headline=variant.headline or resume.headline,
        summary=variant.summary or resume.summary,
        style=variant.style or resume.style,
        pages=variant.pages or resume.pages,
        photo=_photo(variant.photo, resume.photo),
        letter=override(resume.letter, variant.letter, f"variants.{name}.letter", resume.texts),
        variants=(),
    )
    return Tailored(tailored, tuple(kept), tuple(dropped))


def _trim(item: Any, keep: Any, title: str) -> Any:
    """An entry with only the highlights the variant keeps."""
    highlights = getattr(item, "highlights", None)
    if not highlights:
        return item
    label = f"{title}: {_label(item)}: "
    return replace(
        item, highlights=tuple(b for b in highlights if keep(b.tags, label + _short(b.text.plain)))
    )


def _label(item: Any) -> str:
    return _short(entry_label(item))


def _short(text: str) -> str:
    return text if len(text) <= 50 else text[:47] + "..."


def _photo(override: PhotoRef | None, photo: PhotoRef | None) -> PhotoRef | None:
    """A variant's `photo: false` drops the photo; another file replaces it."""
    if override is None:
        return photo
    return None if override == NO_PHOTO else override
