"""The JSON Resume, YAMLResume and RenderCV readers are total.

Every key is type-checked against its format's schema before it is mapped: a wrong type is a
located error in the user's own file (in `build`, `check` and `convert`, `-o -` too), a list
is never printed where text belongs, and whatever is not shown is a warning at its line.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ats import pdf_text
from conftest import run_cli
from resume_pdf.errors import ResumeError, field_path
from resume_pdf.model.resume_schema import validate_resume
from resume_pdf.read.foreign import read_foreign
from resume_pdf.read.source import dump_yaml, parse_source

COMMANDS = ("build", "check", "convert", "convert-o")


def run(command: str, source: Path) -> tuple[int, str, str]:
    """One command on `source`: exit code, stdout, stderr (folder names left out)."""
    if command == "build":
        done = run_cli("build", str(source), "-o", str(source.with_suffix(".pdf")))
    elif command == "check":
        done = run_cli("check", str(source))
    elif command == "convert":
        done = run_cli("convert", str(source), "-o", str(source.with_suffix(".out.yaml")))
    else:
        done = run_cli("convert", str(source), "-o", "-")
    return done.exit_code, done.stdout, done.stderr.replace(f"{source.parent}/", "")


WRONG_TYPES = {
    "w.json": (
        '{"basics": {"name": "Ann"}, "work": [{"name": ["Acme"], "position": "Engineer"}]}',
        "w.json:1:47: work[0].name: error: expected text, got a list",
    ),
    "r.yaml": (
        'cv:\n  name: Ann\n  custom_connections: ["just a string"]\n',
        "r.yaml:3:24: cv.custom_connections[0]: error: expected a mapping, got text",
    ),
    "y.yml": (
        "content:\n  basics: {name: Ann}\n  work:\n    - {name: A, position: B, url: [x]}\n",
        "y.yml:4:35: content.work[0].url: error: expected text, got a list",
    ),
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("name", sorted(WRONG_TYPES))
def test_a_wrong_type_is_a_located_error_in_every_command(
    tmp_path: Path, name: str, command: str
) -> None:
    text, message = WRONG_TYPES[name]
    source = tmp_path / name
    source.write_text(text, encoding="utf-8")
    code, out, err = run(command, source)
    assert code == 1
    assert err.splitlines() == [message]
    assert out == ""  # convert -o - prints no half-converted YAML
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]  # nothing written


def test_a_lone_text_where_a_list_belongs_is_a_one_item_list(tmp_path: Path) -> None:
    """The decision: `"highlights": "single"` loses nothing, so it is read as one item."""
    doc = {
        "basics": {"name": "Ann"},
        "work": [{"name": "Acme", "position": "Engineer", "highlights": "Shipped the anvil"}],
        "skills": [{"name": "Tools", "keywords": "Hammer"}],
    }
    source = tmp_path / "h.json"
    source.write_text(json.dumps(doc), encoding="utf-8")
    code, _, err = run("build", source)
    assert (code, err) == (0, "")
    text = pdf_text(source.with_suffix(".pdf"))
    assert "Shipped the anvil" in text and "Hammer" in text
    code, out, err = run("convert-o", source)
    assert code == 0 and "- Shipped the anvil" in out and "- Hammer" in out


LISTED = {  # each file: the fields given a list where the format wants text
    "l.json": (
        '{"basics": {"name": "Ann", "summary": ["x", "y"]},\n'
        ' "work": [{"name": "A", "position": "B", "description": ["x", "y"]}],\n'
        ' "projects": [{"name": "P", "summary": ["u", "v"]}],\n'
        ' "skills": [{"name": ["a", "b"], "level": "c"}]}',
        ["basics.summary", "work[0].description", "projects[0].summary", "skills[0].name"],
    ),
    "l.yaml": (
        "cv:\n  name: Ann\n  sections:\n    Work:\n      - {company: C, position: P,"
        " summary: [x, y]}\n    Notes:\n      - bullet: [x, y]\n",
        ["cv.sections.Work[0].summary", "cv.sections.Notes[0].bullet"],
    ),
    "l.yml": (
        "content:\n  basics: {name: Ann, summary: [x, y]}\n"
        "  languages:\n    - {language: [en, de], fluency: good}\n",
        ["content.basics.summary", "content.languages[0].language"],
    ),
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("name", sorted(LISTED))
def test_a_list_where_text_belongs_is_an_error_never_printed_or_dropped(
    tmp_path: Path, name: str, command: str
) -> None:
    """The decision: a list given for a summary, description, name or bullet is a located
    error (joining it would guess at paragraphs or bullets); it is neither printed as
    `['x', 'y']` nor dropped without a word. (Our own format refuses `summary: [a, b]` in
    its validator already.)"""
    text, fields = LISTED[name]
    source = tmp_path / name
    source.write_text(text, encoding="utf-8")
    code, out, err = run(command, source)
    assert code == 1, err
    assert "['" not in out + err
    found = []
    for line in err.splitlines():
        parts = re.fullmatch(
            rf"{re.escape(name)}:\d+:\d+: (\S+): error: expected text, got a list", line
        )
        assert parts, line
        found.append(parts.group(1))
    assert sorted(found) == sorted(fields)


RENDERCV_SHAPES = [
    ("sections: [Work]", "cv.sections: error: expected a mapping, got a list"),
    ("phone: {home: '1'}", "cv.phone: error: expected a list of texts, got a mapping"),
    ("social_networks: GitHub", "cv.social_networks: error: expected a list of social networks"),
    ("social_networks: [GitHub]", "cv.social_networks[0]: error: expected a mapping, got text"),
]


@pytest.mark.parametrize(("line", "message"), RENDERCV_SHAPES)
def test_badly_shaped_rendercv_fields_are_errors_at_their_line(
    tmp_path: Path, line: str, message: str
) -> None:
    source = tmp_path / "cv.yaml"
    source.write_text(f"cv:\n  name: Ann\n  {line}\n", encoding="utf-8")
    code, _, err = run("check", source)
    assert code == 1
    assert err.startswith("cv.yaml:3:") and message in err, err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("design: classic\n", "cv.yaml:3:9: design: error: expected a mapping, got text"),
        (
            "design: {theme: [ink]}\n",
            "cv.yaml:3:17: design.theme: error: expected text, got a list",
        ),
        ("locale: english\n", "cv.yaml:3:9: locale: error: expected a mapping, got text"),
        ("locale: {language: [x]}\n", "cv.yaml:3:20: locale.language: error: expected text"),
    ],
)
def test_badly_shaped_rendercv_design_and_locale_are_errors(
    tmp_path: Path, text: str, message: str
) -> None:
    source = tmp_path / "cv.yaml"
    source.write_text(f"cv:\n  name: Ann\n{text}", encoding="utf-8")
    code, _, err = run("check", source)
    assert code == 1 and err.startswith(message), err


def test_values_a_reader_used_to_drop_silently_are_warned(tmp_path: Path) -> None:
    doc = {
        "basics": {"name": "Ann"},
        "work": [{"name": "Acme", "company": "Acme Corp", "position": "E"}],
        "education": [{"institution": "U", "studyType": "BSc", "degree": "Bachelor"}],
        "publications": [{"name": "P", "url": "https://a.example", "website": "https://b.example"}],
        "references": [{"name": "Bob", "reference": "Good", "summary": "Great"}],
    }
    source = tmp_path / "d.json"
    source.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    done = run_cli("check", str(source), "--references")
    assert done.exit_code == 0
    warned = [line.split(": ", 1)[1] for line in done.stderr.splitlines()]
    assert warned == [
        "work[0].company: warning: not shown: `name` is shown instead",
        "publications[0].website: warning: not shown: `url` is shown instead",
        "references[0].summary: warning: not shown: `reference` is shown instead",
    ]
    cv = tmp_path / "cv.yaml"
    cv.write_text(
        "cv:\n  name: Ann\n  social_networks:\n    - {network: GitHub, username: ann, url: x}\n"
        "  custom_connections:\n    - {url: 'https://a.example', fontawesome_icon: star}\n",
        encoding="utf-8",
    )
    done = run_cli("check", str(cv))
    assert done.exit_code == 0
    assert done.stderr.replace(f"{tmp_path}/", "").splitlines() == [
        "cv.yaml:4:40: cv.social_networks[0].url: warning: unknown social network key `url` is "
        "not shown",
        "cv.yaml:6:34: cv.custom_connections[0].fontawesome_icon: warning: an icon is not shown",
    ]


def test_second_keys_are_shown_joined_or_warned_by_their_own_name(tmp_path: Path) -> None:
    """`degree` beside `studyType` and `gpa` beside `score` are both shown; a
    volunteer's `organization` is shown and its `name` is the one warned about; keywords
    holding lists or mappings are flattened, not refused or dropped."""
    doc = {
        "basics": {"name": "Ann"},
        "education": [
            {"institution": "U", "degree": "BSc", "studyType": "Computer Science"},
            {"institution": "V", "score": "3.8", "gpa": "3.9", "studyType": "MSc", "degree": "MSc"},
        ],
        "volunteer": [{"organization": "Org One", "name": "Org Two", "position": "Helper"}],
        "work": [{"organization": "Acme", "position": "E"}],
        "skills": [
            {"name": "Stack", "keywords": ["Go", ["Rust", "Zig"], {"web": ["React", "Vue"]}]},
            {"name": "Tools", "keywords": {"editors": "Vim", "shells": ["zsh"]}},
        ],
    }
    source = tmp_path / "d.json"
    source.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    out = tmp_path / "d.pdf"
    done = run_cli("build", str(source), "-o", str(out))
    assert done.exit_code == 0, done.stderr
    assert done.stderr.replace(f"{tmp_path}/", "").splitlines() == [
        "d.json:22:4: volunteer[0].name: warning: not shown: `organization` is shown instead",
    ]
    lines = [line.strip() for line in pdf_text(out).splitlines()]
    assert "BSc, Computer Science" in lines and "MSc" in lines
    assert "• Score: 3.8" in lines and "• GPA: 3.9" in lines
    assert "Org One" in lines and "Org Two" not in lines and "Acme" in lines
    text = pdf_text(out)  # each keyword an item, however the style sets the items
    assert all(word in text for word in ("Rust", "Zig", "web: React, Vue", "shells: zsh"))
    assert "editors: Vim" in text and "[" not in text and "{" not in text


def test_rendercv_dates_read_start_then_end(tmp_path: Path) -> None:
    """A RenderCV range reads start – end in the PDF (a reader swapping `start_date` and
    `end_date` would reverse every range)."""
    source = tmp_path / "cv.yaml"
    source.write_text(
        "cv:\n  name: Ann Example\n  sections:\n    Experience:\n"
        "      - company: Acme\n        position: Engineer\n"
        "        start_date: 2015-03\n        end_date: 2019-11\n",
        encoding="utf-8",
    )
    code, _, err = run("build", source)
    assert code == 0, err
    text = pdf_text(source.with_suffix(".pdf"))
    start, end = text.find("2015"), text.find("2019")
    assert 0 <= start < end, text


# --- the property: every JSON type at every key of each format's schema -------------------
# Skeletons list every key of each schema in /work/shared/formats (jsonresume/schema.json,
# yamlresume/schema.json, rendercv/schema.json: Cv and the entry types), plus the legacy keys
# the JSON Resume reader reads beside them. Each "T" becomes a unique text.

JSON_RESUME = {
    "$schema": "T",
    "basics": {
        **dict.fromkeys(("name", "label", "image", "email", "phone", "url", "summary"), "T"),
        "website": "T",
        "location": dict.fromkeys(("address", "postalCode", "city", "countryCode", "region"), "T"),
        "profiles": [{"network": "T", "username": "T", "url": "T"}],
    },
    "work": [
        {
            **dict.fromkeys(("name", "location", "description", "position", "url"), "T"),
            **dict.fromkeys(("startDate", "endDate", "summary", "company", "website"), "T"),
            "highlights": ["T"],
            "keywords": ["T"],
        }
    ],
    "volunteer": [
        {
            **dict.fromkeys(("organization", "position", "url", "startDate", "endDate"), "T"),
            "summary": "T",
            "highlights": ["T"],
        }
    ],
    "education": [
        {
            **dict.fromkeys(("institution", "url", "area", "studyType", "startDate"), "T"),
            **dict.fromkeys(("endDate", "score", "gpa", "degree", "summary"), "T"),
            "courses": ["T"],
        }
    ],
    "awards": [dict.fromkeys(("title", "date", "awarder", "summary", "url"), "T")],
    "certificates": [dict.fromkeys(("name", "date", "url", "issuer"), "T")],
    "publications": [dict.fromkeys(("name", "publisher", "releaseDate", "url", "summary"), "T")],
    "skills": [{"name": "T", "level": "T", "keywords": ["T"]}],
    "languages": [{"language": "T", "fluency": "T"}],
    "interests": [{"name": "T", "keywords": ["T"]}],
    "references": [{"name": "T", "reference": "T"}],
    "projects": [
        {
            **dict.fromkeys(("name", "description", "startDate", "endDate", "url"), "T"),
            **dict.fromkeys(("entity", "type"), "T"),
            "highlights": ["T"],
            "keywords": ["T"],
            "roles": ["T"],
        }
    ],
    "meta": {"canonical": "T", "version": "T", "lastModified": "T", "language": "T"},
}
_YR_SECTIONS = {
    "education": [
        {
            **dict.fromkeys(("area", "institution", "degree", "endDate", "startDate"), "T"),
            **dict.fromkeys(("summary", "score", "url"), "T"),
            "courses": ["T"],
        }
    ],
    "awards": [dict.fromkeys(("awarder", "title", "date", "summary"), "T")],
    "certificates": [dict.fromkeys(("issuer", "name", "date", "url"), "T")],
    "interests": [{"name": "T", "keywords": ["T"]}],
    "languages": [{"fluency": "T", "language": "T", "keywords": ["T"]}],
    "projects": [
        {
            **dict.fromkeys(("name", "startDate", "summary", "description", "endDate", "url"), "T"),
            "keywords": ["T"],
        }
    ],
    "publications": [dict.fromkeys(("name", "publisher", "releaseDate", "summary", "url"), "T")],
    "references": [dict.fromkeys(("name", "summary", "email", "phone", "relationship"), "T")],
    "skills": [{"level": "T", "name": "T", "keywords": ["T"]}],
    "volunteer": [
        dict.fromkeys(("organization", "position", "startDate", "summary", "endDate", "url"), "T")
    ],
    "work": [
        {
            **dict.fromkeys(("name", "position", "startDate", "summary", "endDate", "url"), "T"),
            "keywords": ["T"],
        }
    ],
}
YAMLRESUME = {
    "content": {
        "basics": dict.fromkeys(("name", "email", "headline", "phone", "summary", "url"), "T"),
        "location": dict.fromkeys(("city", "address", "country", "postalCode", "region"), "T"),
        "profiles": [{"network": "T", "username": "T", "url": "T"}],
        **_YR_SECTIONS,
    },
    "locale": {"language": "T"},
    "layouts": ["T"],
}
_DATED = dict.fromkeys(("date", "start_date", "end_date", "location", "summary"), "T")
RENDERCV = {
    "cv": {
        **dict.fromkeys(("name", "headline", "location", "email", "photo", "phone"), "T"),
        "website": "T",
        "social_networks": [{"network": "T", "username": "T"}],
        "custom_connections": [{"fontawesome_icon": "T", "placeholder": "T", "url": "T"}],
        "sections": {
            "education": [
                {"institution": "T", "area": "T", "degree": "T", **_DATED, "highlights": ["T"]}
            ],
            "experience": [{"company": "T", "position": "T", **_DATED, "highlights": ["T"]}],
            "normal": [{"name": "T", **_DATED, "highlights": ["T"]}],
            "publication": [
                {
                    **dict.fromkeys(("title", "summary", "doi", "url", "journal", "date"), "T"),
                    "authors": ["T"],
                }
            ],
            "one_line": [{"label": "T", "details": "T"}],
            "bullet": [{"bullet": "T"}],
            "numbered": [{"number": "T"}],
            "reversed": [{"reversed_number": "T"}],
            "text": ["T"],
        },
    },
    "design": {"theme": "T", "page": {"size": "T"}},
    "locale": {"language": "T", "month": "T"},
    "settings": {"render_command": {"pdf_path": "T"}},
}
# left out on purpose and documented: other tools' metadata, and references unless asked for
DELIBERATE = re.compile(
    r"^(\$schema|meta\.(canonical|version|lastModified)(?=$|[.[])|(content\.)?references)"
)


def paths(node: Any, path: tuple = ()) -> list[tuple]:
    found = [path] if path else []
    if isinstance(node, dict):
        for key, item in node.items():
            found += paths(item, (*path, key))
    elif isinstance(node, list):
        for i, item in enumerate(node):
            found += paths(item, (*path, i))
    return found


def tokens(node: Any, path: tuple = ()) -> list[tuple[tuple, str]]:
    """(path, text) of every generated text in the document."""
    if isinstance(node, dict):
        return [t for key, item in node.items() for t in tokens(item, (*path, key))]
    if isinstance(node, list):
        return [t for i, item in enumerate(node) for t in tokens(item, (*path, i))]
    return [(path, node)] if isinstance(node, str) and re.fullmatch(r"q\d+z", node) else []


def strings(node: Any) -> list[str]:
    if isinstance(node, dict):
        return [s for item in node.values() for s in strings(item)]
    if isinstance(node, list):
        return [s for item in node for s in strings(item)]
    return [node] if isinstance(node, str) else []


def fill(node: Any, counter: list[int]) -> Any:
    if isinstance(node, dict):
        return {k: fill(v, counter) for k, v in node.items()}
    if isinstance(node, list):
        return [fill(v, counter) for v in node]
    counter[0] += 1
    return f"q{counter[0]}z"


ALL_KEYS = sorted({p[-1] for s in (JSON_RESUME, YAMLRESUME, RENDERCV) for p in paths(s)} - {0})
SPECIAL = ["", " ", "present", "GitHub", "mastodon", "classic", "english", "de", "2020-05"]
SPECIAL += ["Sep 1, 2016", "- a\n- b", "https://a.example", "[x](https://e.example)", "@a@b.c"]
texts = st.sampled_from(SPECIAL) | st.integers(1000, 9999).map(lambda n: f"q{n}z")
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | texts,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(ALL_KEYS), inner, max_size=3)
    ),
    max_leaves=6,
)


def put(doc: Any, path: tuple, new: Any) -> None:
    node = doc
    for part in path[:-1]:
        if isinstance(part, int):
            if not isinstance(node, list) or part >= len(node):
                return
        elif not isinstance(node, dict) or part not in node:
            return
        node = node[part]
    last = path[-1]
    if (isinstance(last, int) and isinstance(node, list) and last < len(node)) or (
        isinstance(last, str) and isinstance(node, dict)
    ):
        node[last] = new


def drive(skeleton: dict, changes: list[tuple[tuple, Any]], name: str) -> None:
    doc = fill(copy.deepcopy(skeleton), [0])
    for path, new in sorted(changes, key=lambda c: len(c[0])):
        put(doc, path, new)
    source = parse_source(json.dumps(doc).encode(), name)
    try:
        converted = read_foreign(source)
    except ResumeError as error:  # located in the user's own file
        assert error.problems and all(p.location.file == name for p in error.problems)
        return
    if not converted.format:  # no longer its shape (`content: null`): read as ours
        return
    shown = strings(converted.data)
    assert not any(s.startswith(("['", "{'")) or "', '" in s for s in shown), shown
    warned = [w.field for w in converted.warnings]
    for path, token in tokens(source.data):
        field = field_path(path)
        if DELIBERATE.match(field) or any(token in s for s in shown):
            continue
        assert any(field == w or field.startswith((f"{w}.", f"{w}[")) for w in warned), (
            f"{field} = {token} was dropped without a warning; warnings: {warned}"
        )
    try:
        validate_resume(converted)
        dump_yaml(converted.data)
    except ResumeError as error:
        assert all(p.location and p.location.file == name for p in error.problems)


def changes(skeleton: dict) -> st.SearchStrategy:
    return st.lists(st.tuples(st.sampled_from(paths(skeleton)), json_values), max_size=4)


FAST = settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)


@FAST
@given(changes(JSON_RESUME))
def test_json_resume_reader_is_total(found: list) -> None:
    drive(JSON_RESUME, found, "r.json")


@FAST
@given(changes(YAMLRESUME))
def test_yamlresume_reader_is_total(found: list) -> None:
    drive(YAMLRESUME, found, "r.yml")


@FAST
@given(changes(RENDERCV))
def test_rendercv_reader_is_total(found: list) -> None:
    drive(RENDERCV, found, "r.yaml")
