"""How benchmarks/openresume.py scores what OpenResume's parser read against the résumé it came
from, and the same résumé in RenderCV's format so its themes are scored on identical content.

The scoring rule (also in docs/accessibility.md):

- Text is compared after normalising: Markdown markup dropped (`**b**` → `b`, `[l](u)` → `l`),
  Unicode NFKC, lower case, every character that is not a letter or a digit made a space, and
  runs of spaces made one. So `Cascade Payments,` and `cascade payments` are equal, and
  `Built aregister allocator` is not `Built a register allocator`.
- name, e-mail: 1 when equal after normalising, else 0.
- url: 1 when the one url OpenResume keeps is one of the résumé's website or links (the scheme,
  `www.` and a trailing `/` dropped), else 0.
- summary: partial credit, the similarity of the two word sequences (difflib's ratio, 0 to 1)
  between what the parser reads as the summary and the résumé's `summary`, or its headline
  and summary together, whichever is closer (every tool draws the headline above the
  summary, and the parser takes both when both have four words or more).
- each job: company, title and dates, each 1 or 0. Company and title are equal after
  normalising. Dates: 1 when every year the entry gives appears in the parsed date and, for an
  ongoing entry, one of present / now / current / today does too (months are left out: each
  tool writes them its own way). Each job of the source is matched with the parsed entry
  that scores best for it, each parsed entry used once, so a split entry costs what it loses.
- each school: school, degree and dates, the same way; the degree is 1 when the parsed degree
  holds the source's degree (`BS`, `PhD`) as a word.
- each project: 1 when a parsed project's title equals the source's title.
- skills: the share of the source's skill items found, as words, in what the parser reads
  in the skills section (its lines and its featured skills).
- bullets: for each highlight (and each project's summary) of the source, the best word
  similarity with any description the parser read in any section, or with all of one
  entry's descriptions joined (without bullets the parser makes each line a description, so
  a two-line summary is two); partial credit, 0 to 1.

A résumé's score is the mean of all its field scores (a job counts three fields, a school
three, each bullet one), so a long résumé is not weighted by its length alone but by its
fields. A style's score is the mean over the five résumés.
"""

from __future__ import annotations

import difflib
import re
import unicodedata

ONGOING = ("present", "now", "current", "today")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")


def norm(text: str) -> str:
    """Text as compared: no markup, NFKC, lower case, letters and digits apart by one space."""
    text = _LINK.sub(r"\1", text or "").replace("**", "").replace("*", "")
    text = unicodedata.normalize("NFKC", text).lower()
    return " ".join("".join(c if c.isalnum() else " " for c in text).split())


def similarity(a: str, b: str) -> float:
    """How alike two texts are, word by word (0 to 1)."""
    wa, wb = norm(a).split(), norm(b).split()
    if not wa and not wb:
        return 1.0
    return difflib.SequenceMatcher(None, wa, wb, autojunk=False).ratio()


def _bare_url(url: str) -> str:
    url = re.sub(r"^[a-z]+://", "", (url or "").strip().lower())
    return url.removeprefix("www.").rstrip("/")


def dates_read(entry: dict, parsed: str) -> int:
    """1 when the parsed date holds every year of the entry (and 'ongoing' for an open one)."""
    words = norm(parsed).split()
    wanted = [str(entry.get(k, ""))[:4] for k in ("start", "end") if entry.get(k)]
    years = [y for y in wanted if y.isdigit()]
    ok = all(y in words for y in years) and bool(years or entry.get("date"))
    if str(entry.get("end", "")).lower() in ONGOING:
        ok = ok and any(w in words for w in ONGOING)
    return int(ok)


def _best_matches(sources: list, parsed: list, score) -> list[list[float]]:
    """Each source entry's field scores against the parsed entry that serves it best."""
    free = list(range(len(parsed)))
    result = []
    for src in sources:
        best, best_i = [0.0] * len(score(src, {})), None
        for i in free:
            got = score(src, parsed[i])
            if sum(got) > sum(best):
                best, best_i = got, i
        if best_i is not None:
            free.remove(best_i)
        result.append(best)
    return result


def _job(src: dict, got: dict) -> list[float]:
    return [
        float(norm(src.get("organization", "")) == norm(got.get("company", "")) != ""),
        float(norm(src.get("role", "")) == norm(got.get("jobTitle", "")) != ""),
        float(dates_read(src, got.get("date", "")) if got else 0),
    ]


def _school(src: dict, got: dict) -> list[float]:
    degree = norm(src.get("degree", ""))
    return [
        float(norm(src.get("institution", "")) == norm(got.get("school", "")) != ""),
        float(bool(degree) and f" {degree} " in f" {norm(got.get('degree', ''))} "),
        float(dates_read(src, got.get("date", "")) if got else 0),
    ]


def _entries(resume: dict, key: str) -> list[dict]:
    return [e for s in resume.get("sections", []) for e in s.get(key) or []]


def score(resume: dict, parsed: dict) -> dict[str, list[float]]:
    """Every field of `resume` (our YAML, loaded) scored against OpenResume's `parsed` output."""
    profile = parsed.get("profile", {})
    contact = resume.get("contact", {})
    urls = [contact.get("website", "")] + [link["url"] for link in contact.get("links", [])]
    fields: dict[str, list[float]] = {
        "name": [float(norm(profile.get("name", "")) == norm(resume["name"]))],
        "email": [float(norm(profile.get("email", "")) == norm(contact.get("email", "")))],
        "url": [float(_bare_url(profile.get("url", "")) in {_bare_url(u) for u in urls if u})],
        "summary": [_summary(resume, profile.get("summary", ""))],
    }
    jobs = _best_matches(_entries(resume, "experience"), parsed.get("workExperiences", []), _job)
    for name, i in (("company", 0), ("title", 1), ("job dates", 2)):
        fields[name] = [j[i] for j in jobs]
    schools = _best_matches(_entries(resume, "education"), parsed.get("educations", []), _school)
    for name, i in (("school", 0), ("degree", 1), ("school dates", 2)):
        fields[name] = [s[i] for s in schools]
    titles = {norm(p.get("project", "")) for p in parsed.get("projects", [])}
    fields["projects"] = [float(norm(p["title"]) in titles) for p in _entries(resume, "projects")]
    fields["skills"] = [_skills(resume, parsed.get("skills", {}))]
    fields["bullets"] = _bullets(resume, parsed)
    return {k: v for k, v in fields.items() if v}


def _summary(resume: dict, read: str) -> float:
    headline, summary = resume.get("headline", ""), resume.get("summary", "")
    wanted = [t for t in (summary, f"{headline} {summary}".strip()) if t]
    return max(similarity(read, t) for t in wanted)


def _skills(resume: dict, skills: dict) -> float:
    read = " ".join(skills.get("descriptions", []))
    read += " " + " ".join(s.get("skill", "") for s in skills.get("featuredSkills", []))
    read = f" {norm(read)} "
    items = [item for group in _entries(resume, "skills") for item in group["items"]]
    return sum(f" {norm(item)} " in read for item in items) / len(items) if items else 1.0


def _bullets(resume: dict, parsed: dict) -> list[float]:
    wanted = []
    for key in ("experience", "education", "projects"):
        for entry in _entries(resume, key):
            wanted += [h if isinstance(h, str) else h["text"] for h in entry.get("highlights", [])]
            if key == "projects" and entry.get("summary"):
                wanted.append(entry["summary"])
    read = []
    for key in ("workExperiences", "educations", "projects"):
        for entry in parsed.get(key, []):
            descriptions = entry.get("descriptions", [])
            read += descriptions + [" ".join(descriptions)]
    return [max((similarity(w, r) for r in read), default=0.0) for w in wanted]


def resume_score(fields: dict[str, list[float]]) -> float:
    """The mean of every field score of one résumé."""
    values = [v for scores in fields.values() for v in scores]
    return sum(values) / len(values)


def to_rendercv(resume: dict, theme: str) -> dict:
    """The same résumé in RenderCV 2.8's format: the same words, entries and links."""
    contact = resume.get("contact", {})
    cv: dict = {"name": resume["name"], "headline": resume.get("headline")}
    for key in ("location", "email", "phone", "website"):
        if contact.get(key):
            cv[key] = contact[key]
    networks = []
    for link in contact.get("links", []):
        network = link["label"]
        networks.append({"network": network, "username": link["url"].rstrip("/").split("/")[-1]})
    if networks:
        cv["social_networks"] = networks
    sections: dict = {}
    if resume.get("summary"):
        sections["summary"] = [resume["summary"].strip()]
    for section in resume.get("sections", []):
        sections[section["title"]] = _rendercv_entries(section)
    cv["sections"] = {k: v for k, v in sections.items() if v}
    return {"cv": {k: v for k, v in cv.items() if v}, "design": {"theme": theme}}


def _dates(entry: dict) -> dict:
    out = {}
    if entry.get("start"):
        out["start_date"] = str(entry["start"])
    if entry.get("end"):
        out["end_date"] = str(entry["end"])
    return out


def _rendercv_entries(section: dict) -> list:
    if "experience" in section:
        keys = {"organization": "company", "role": "position", "location": "location"}
    elif "education" in section:
        keys = {"institution": "institution", "field": "area", "degree": "degree"}
        keys["location"] = "location"
    elif "projects" in section:
        return [_rendercv_project(p) for p in section["projects"]]
    elif "skills" in section:
        return [{"label": g["group"], "details": ", ".join(g["items"])} for g in section["skills"]]
    elif "publications" in section:
        return [_rendercv_paper(p) for p in section["publications"]]
    else:
        return []
    entries = section.get("experience") or section.get("education")
    return [
        {new: e[old] for old, new in keys.items() if e.get(old)}
        | _dates(e)
        | ({"highlights": list(e["highlights"])} if e.get("highlights") else {})
        for e in entries
    ]


def _rendercv_project(project: dict) -> dict:
    summary = project.get("summary", "")
    if project.get("link"):
        summary += f" [{project['link']['label']}]({project['link']['url']})"
    entry = {"name": project["title"], "summary": summary.strip()} | _dates(project)
    if project.get("highlights"):
        entry["highlights"] = list(project["highlights"])
    return entry


def _rendercv_paper(paper: dict) -> dict:
    return {
        "title": paper["title"],
        "authors": list(paper["authors"]),
        "journal": paper.get("venue", ""),
        "date": str(paper.get("date", "")),
    }
