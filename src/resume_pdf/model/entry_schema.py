"""The résumé format's entries: the specs of what a section lists, and the fields they share.

In: nothing at run time (declarations). Out: `ENTRY_SPECS` (one `Record` per section
kind: projects, experience, education, skills, timeline, publications), `BULLET`, the link
specs and the common text and date specs, which `resume_schema.py` assembles into
sections, the contact line and the whole résumé.
"""

from __future__ import annotations

from typing import Any

from ..read.source import Path_
from .resume import (
    PRESENT_WORDS,
    Bullet,
    Education,
    Experience,
    Link,
    Project,
    Publication,
    SectionKind,
    SkillGroup,
    TimelineEntry,
)
from .schema import Choice, Context, Either, ListOf, Record
from .text_fields import Date, Markup, Pattern, Text, Url


def _check_dates(data: dict[str, Any], path: Path_, ctx: Context) -> None:
    if "date" in data and ("start" in data or "end" in data):
        ctx.error((*path, "date"), "use either `date` (free text) or `start`/`end`, not both")
    if "end" in data and "start" not in data:
        ctx.error((*path, "end"), "`end` needs a `start`")
    start, end = data.get("start"), data.get("end")
    if not (isinstance(start, str) and isinstance(end, str)) or end.lower() in PRESENT_WORDS:
        return
    if start.lower() in PRESENT_WORDS or end < start[: len(end)]:
        ctx.warn((*path, "end"), f"ends ({end}) before it starts ({start})")


def _at_least_one(*keys: str):
    def rule(data: dict[str, Any], path: Path_, ctx: Context) -> None:
        if not any(k in data for k in keys):
            ctx.require(path, "needs " + " or ".join(f"`{k}`" for k in keys))

    return rule


TEXT = Text()
PLAIN = Text(plain=True)  # shown as written; Markdown in it is warned about
MARKUP = Markup()
PARAGRAPHS = Markup(paragraphs=True, description="Text with inline markup; blank line = paragraph")
DATE = Date(
    present=PRESENT_WORDS,
    hint="use `date:` for free text",
    record=False,
    description="A date: 2021, 2021-03, 2021-03-14, or present (also now, current)",
)
FREE_DATE = Date(
    present=PRESENT_WORDS,
    free=True,
    description="One date (2021, 2021-03, 2021-03-14) or free text shown as written "
    "(Fall 2019), instead of start/end",
)
TAGS = ListOf(Text(record=False), description="Tags for tailored variants")
LINK = Record(
    Link,
    {
        "label": PLAIN,
        "url": Url(record=False),
        "show": Choice(("url", "label"), description="Contact line: show the address or label"),
    },
    required=("url",),
    description="A link",
    about={
        "label": "The text shown for the link (default: the address)",
        "url": "The address: https://, http://, mailto: or tel:",
    },
)
CONTACT_LINK = Record(
    Link,
    LINK.fields,
    checks=(_at_least_one("url", "label"),),
    description="A link, or a label alone (e.g. a profile with no address)",
    about=LINK.about,
)
MARKER = Pattern(
    regex=r"[0-9]{1,3}[.)]|[a-z][.)]|[ivxlcdm]{1,6}[.)]",
    expected="a list marker such as 1. 2) a) iv.",
    description="The item's marker, e.g. 1. (a number instead of the bullet)",
)
BULLET_ABOUT = {
    "text": "The bullet's text, with inline markup",
    "marker": "Drawn instead of the bullet: 1. 2) a) iv.",
    "items": "Bullets nested under this one (one level)",
}
_LEAF = {"text": MARKUP, "tags": TAGS, "marker": MARKER}
NESTED_BULLET = Either(
    MARKUP,
    Record(Bullet, _LEAF, required=("text",), about=BULLET_ABOUT),
    Bullet,
    description="A nested bullet: text with inline markup, or {text, tags, marker}",
)
BULLET = Either(
    MARKUP,
    Record(
        Bullet,
        {**_LEAF, "items": ListOf(NESTED_BULLET)},
        required=("text",),
        about=BULLET_ABOUT,
    ),
    Bullet,
    description="A bullet: text with inline markup, or {text, tags, marker, items}",
)
DATED = {"start": DATE, "end": DATE, "date": FREE_DATE, "tags": TAGS}
DETAILS = {"summary": PARAGRAPHS, "highlights": ListOf(BULLET), "location": MARKUP}
ABOUT_DETAILS = {
    "highlights": "Bullet points under the entry",
    "location": "Where: a city, or Remote",
}

ENTRY_SPECS: dict[SectionKind, Any] = {
    SectionKind.PROJECTS: Record(
        Project,
        {"title": MARKUP, "link": LINK, **DETAILS, **DATED},
        required=("title",),
        checks=(_check_dates,),
        about={"title": "The project's name", **ABOUT_DETAILS},
    ),
    SectionKind.EXPERIENCE: Record(
        Experience,
        {"role": MARKUP, "organization": MARKUP, **DETAILS, **DATED},
        checks=(_check_dates, _at_least_one("role", "organization")),
        about={
            "role": "The job title (JSON Resume: position)",
            "organization": "The employer (JSON Resume: name, company)",
            **ABOUT_DETAILS,
        },
    ),
    SectionKind.EDUCATION: Record(
        Education,
        {"institution": MARKUP, "degree": MARKUP, "field": MARKUP, **DETAILS, **DATED},
        required=("institution",),
        checks=(_check_dates,),
        about={
            "institution": "The school or university",
            "degree": "e.g. BSc, MSc, PhD (JSON Resume: studyType)",
            "field": "The subject studied (JSON Resume: area)",
            **ABOUT_DETAILS,
        },
    ),
    SectionKind.SKILLS: Record(
        SkillGroup,
        {"group": MARKUP, "items": ListOf(MARKUP), "tags": TAGS},
        required=("group",),
        about={"group": "The column's heading, e.g. Languages", "items": "The skills in it"},
    ),
    SectionKind.TIMELINE: Record(
        TimelineEntry,
        {"text": MARKUP, **DATED},
        required=("text",),
        checks=(_check_dates,),
        about={"text": "What happened then, with inline markup"},
    ),
    SectionKind.PUBLICATIONS: Record(
        Publication,
        {
            "title": MARKUP,
            "authors": ListOf(MARKUP),
            "venue": MARKUP,
            "url": Url(record=False),
            "doi": TEXT,
            "summary": PARAGRAPHS,
            **DATED,
        },
        required=("title",),
        checks=(_check_dates,),
        about={
            "title": "The publication's title",
            "authors": "The authors, in order",
            "venue": "Where it appeared: journal, conference, publisher",
            "url": "A link to the publication",
            "doi": "The DOI, e.g. 10.1145/3620665.3640366",
        },
    ),
}
