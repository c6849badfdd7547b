"""Files resume-pdf writes that are not builds: a starter résumé (`init`) and a résumé
converted from another tool's format (`convert`). Both are YAML whose first line points
editors (yaml-language-server) at the JSON Schema written beside them.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import Problem, ResumeError, field_path
from .paths import exists
from .values import value

if TYPE_CHECKING:
    from collections.abc import Iterator

    from .read.source import Source

SCHEMA_FILE = "resume.schema.json"
SCHEMA_MODELINE = f"# yaml-language-server: $schema={SCHEMA_FILE}\n"


def _schema_bytes(languages: tuple[str, ...] = ()) -> bytes:
    import json

    from .resume_schema import resume_json_schema

    return json.dumps(resume_json_schema(languages), indent=2).encode() + b"\n"


def write_starter(
    path: Path, *, name: str | None = None, force: bool = False, languages: str | None = None
) -> Path:
    """A commented starter résumé whose first line points yaml-language-server at a schema
    file written beside it; never replaces a résumé unless forced. With `languages`
    (`en,de`), its headline and first section title are written in each."""
    from .read.source import dump_yaml
    from .write.output import check_output_path, check_targets, write_atomic

    check_output_path(path, [])
    if exists(path) and not force:
        hint = "add --force to replace it, or name another path"
        raise ResumeError([Problem(f"{str(path)!r} already exists", hint=hint)])
    starter = (Path(__file__).parent / "starter.yaml").read_text(encoding="utf-8")
    if name is not None:
        if not name.strip():
            raise ResumeError([Problem("--name is empty", field="name")])
        written = dump_yaml({"name": name.strip()}).removesuffix("...\n")
        starter = starter.replace("name: Your Name\n", written, 1)
    codes = _languages(languages) if languages is not None else ()
    starter = _translated(starter, codes) if codes else starter
    schema_path = path.parent / SCHEMA_FILE
    schema = _schema_bytes(codes)
    if _differs(schema_path, schema) and not force:
        hint = "add --force to replace it (and the résumé), or init in another folder"
        raise ResumeError([Problem(f"{str(schema_path)!r} already exists", hint=hint)])
    check_targets([schema_path, path])
    write_atomic(schema_path, schema)
    write_atomic(path, (SCHEMA_MODELINE + starter).encode())
    return schema_path


def _languages(given: str) -> tuple[str, ...]:
    """`en,de` -> ("en", "de"), each a CLDR code (a located --languages error if not)."""
    from .translations import MAX_LANGUAGES, canonical_code, code_problem

    names = [n.strip() for n in given.split(",") if n.strip()]
    problems = [
        Problem(code_problem(n), field="--languages") for n in names if not canonical_code(n)
    ]
    if not names or len(names) > MAX_LANGUAGES:
        problems.append(
            Problem(f"expected 1 to {MAX_LANGUAGES} codes, e.g. en,de", field="--languages")
        )
    if problems:
        raise ResumeError(problems)
    return tuple(dict.fromkeys(canonical_code(n) or n for n in names))


def _translated(starter: str, codes: tuple[str, ...]) -> str:
    """The starter with `languages:` and its headline and first title in each language (the
    others marked to translate)."""

    def each(text: str, indent: str) -> str:
        lines = [f"{indent}{c}: {text}{f' ({c})' * (c != codes[0])}" for c in codes]
        return "\n".join(lines) + "\n"

    listed = ", ".join(codes)
    note = "  # the first is the default; any text may be a mapping of them"
    starter = starter.replace(
        "name: Your Name\n", f"name: Your Name\nlanguages: [{listed}]{note}\n", 1
    )
    line = "One line that says what you do best."
    starter = starter.replace(f"headline: {line}\n", "headline:\n" + each(line, "  "), 1)
    return starter.replace(
        "  - title: Experience\n", "  - title:\n" + each("Experience", "      "), 1
    )


def _differs(path: Path, data: bytes) -> bool:
    """Does a file other than `data` stand at `path`? (init never replaces what it did
    not write; the same schema again is no loss.)"""
    if not os.path.lexists(path):
        return False
    try:
        return not path.is_file() or path.read_bytes() != data
    except OSError:
        return True


@value
class Converted:
    """A converted résumé: the YAML text, and the warnings a build of the original gives."""

    text: str
    warnings: tuple[Problem, ...]


def convert_to_yaml(
    source_path: Path,
    output: Path | None,
    *,
    force: bool = False,
    references: bool = True,
    others: list[Path] | None = None,
) -> Converted:
    """A foreign résumé -> our YAML, validated first so only a good file is written; returns
    the text (written to `output` unless it is None, i.e. standard output) and the warnings.
    Each value a warning names is kept in the YAML as a comment at the entry it came from,
    so nothing of the original is lost. A schema file is written beside a new YAML file
    that has none, for the modeline's sake. With `others`, the files are one person's in
    several languages, joined into one source with translations."""
    from .read.foreign import read_foreign
    from .read.source import read_source
    from .resume_schema import validate_resume
    from .write.output import check_output_path, write_atomic

    if output is not None:
        check_output_path(output, [source_path])
        if exists(output) and not force:
            hint = "add --force to replace it, or use -o - to print the YAML"
            raise ResumeError([Problem(f"{str(output)!r} already exists", hint=hint)])
    source = read_source(source_path)
    converted = read_foreign(source, references)
    if not converted.format:
        message = "not a JSON Resume (`basics`), RenderCV (`cv`) or YAMLResume (`content`) file"
        raise ResumeError([Problem(message, source.locate(()))])
    names = source_path.name
    if others:
        converted = _joined(source_path, converted, others, references)
        names = ", ".join(p.name for p in (source_path, *others))
    resume = validate_resume(converted)
    warnings = resume.warnings
    for code in resume.languages[1:]:  # every language is checked, its fallbacks warned
        warnings += validate_resume(converted, code).warnings
    header = f"# Converted from {names} ({converted.format}) by resume-pdf\n"
    text = SCHEMA_MODELINE + header + dump_noted(source, converted, warnings)
    if output is not None:
        schema_path = output.parent / SCHEMA_FILE
        if not exists(schema_path):
            write_atomic(schema_path, _schema_bytes())
        write_atomic(output, text.encode())
    return Converted(text, tuple(dict.fromkeys(warnings)))


def export_json_resume(
    source_path: Path, output: Path | None, language: str | None, *, force: bool = False
) -> Converted:
    """Our résumé in one language (`language`, default its first) as JSON Resume, written to
    `output` (None: returned for standard output); what JSON Resume cannot hold is warned."""
    from .resume_schema import load_resume
    from .write.jsonresume import json_resume
    from .write.output import check_output_path, write_atomic

    if output is not None:
        check_output_path(output, [source_path])
        if exists(output) and not force:
            hint = "add --force to replace it, or use -o - to print it"
            raise ResumeError([Problem(f"{str(output)!r} already exists", hint=hint)])
    resume = load_resume(source_path, language=language)
    text, left_out = json_resume(resume)
    if output is not None:
        write_atomic(output, text.encode())
    return Converted(text, (*resume.warnings, *left_out))


def _joined(first: Path, converted: Source, others: list[Path], references: bool) -> Source:
    """One person's per-language files (`cv.en.json cv.de.json`) as one source with
    translations, each file's language named by its file name."""
    from .read.foreign import read_foreign
    from .read.join import join_languages
    from .read.source import read_source
    from .write.output import check_output_path

    files = [(_language_of(first, converted), converted)]
    for path in others:
        check_output_path(path, [])  # a folder or a device is refused as a file to read
        source = read_foreign(read_source(path), references)
        if source.format != converted.format:
            message = (
                f"{source.format or 'resume-pdf'} format, but {first.name} is {converted.format}"
            )
            raise ResumeError([Problem(message, source.locate(()))])
        files.append((_language_of(path, source), source))
    codes = [code for code, _ in files]
    if len(set(codes)) < len(codes):
        message = f"two files in one language ({', '.join(codes)}): give one file per language"
        raise ResumeError([Problem(message, files[-1][1].locate(()))])
    return join_languages(files)


def _language_of(path: Path, source: Source) -> str:
    """`cv.de.json` -> `de`: the language a per-language file is written in."""
    from .translations import canonical_code

    code = canonical_code(Path(path.stem).suffix.lstrip("."))
    if code is None:
        message = f"name the file NAME.CODE{path.suffix} (cv.de{path.suffix}) to say its language"
        raise ResumeError([Problem(message, source.locate(()))])
    return code


_NOTE = "__resume_pdf_note_{}__"  # a stand-in key, replaced by the note's comment lines


def dump_noted(source: Source, converted: Source, warnings: tuple[Problem, ...]) -> str:
    """The converted data as YAML, in reading order, with each warned value of `source` as
    comment lines (`# work[0].website: not shown: ...` and the value as YAML) inside the
    entry it came from, or at the top when it came from no entry."""
    from .read.source import dump_yaml

    data = in_reading_order(converted.data)
    paths = {field_path(path): path for path in _paths(source.data)}
    top: list[str] = []
    notes: list[list[str]] = []
    for problem in warnings:
        path = paths.get(problem.field)
        if path is None:
            continue
        lines = [f"{problem.field}: {problem.severity.value}: {problem.message}"]
        held = {path[-1]: _at(source.data, path)} if isinstance(path[-1], str) else None
        value = dump_yaml(held if held is not None else [_at(source.data, path)])
        lines += [f"  {line}" for line in value.removesuffix("...\n").splitlines()]
        entry = _entry_of(data, converted.origins, path)
        if entry is None:
            top += lines
            continue
        keys = list(entry.items())
        entry.clear()
        entry.update([keys[0], (_NOTE.format(len(notes)), 0), *keys[1:]])
        notes.append(lines)

    def comment(found: re.Match[str]) -> str:
        indent, lines = found.group(1), notes[int(found.group(2))]
        return "\n".join(f"{indent}# {line}".rstrip() for line in lines)

    text = re.sub(r"^( *)__resume_pdf_note_(\d+)__: 0$", comment, dump_yaml(data), flags=re.M)
    return "".join(f"# {line}".rstrip() + "\n" for line in top) + text


def _paths(node: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    yield path
    if isinstance(node, dict | list):
        for key, inner in node.items() if isinstance(node, dict) else enumerate(node):
            yield from _paths(inner, (*path, key))


def _at(node: Any, path: tuple[str | int, ...]) -> Any:
    for part in path:
        node = node[part]
    return node


def _entry_of(data: Any, origins: dict, path: tuple[str | int, ...]) -> dict[str, Any] | None:
    """The deepest mapping of `data` (not the top) that stands for `path` or a mapping
    holding it; None for the top."""
    for n in range(len(path), 0, -1):
        found = None
        for ours, theirs in origins.items():
            if theirs != path[:n]:
                continue
            entry = _dict_at(data, ours)
            if entry is not None and (found is None or len(entry[0]) > len(found[0])):
                found = entry
        if found is not None:
            return found[1]
    return None


def _dict_at(data: Any, path: tuple[str | int, ...]) -> tuple[tuple, dict[str, Any]] | None:
    """The nearest mapping at or above `path` in `data`, with its path; None for the top."""
    node = data
    trail: list[tuple[tuple, Any]] = [((), data)]
    for i, part in enumerate(path):
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            break
        trail.append((path[: i + 1], node))
    for where, node in reversed(trail):
        if where and isinstance(node, dict) and node:
            return where, node
    return None


READING_ORDER = {
    key: rank
    for rank, key in enumerate(
        (
            "name",
            "languages",
            "headline",
            "contact",
            "email",
            "phone",
            "title",
            "role",
            "organization",
            "institution",
            "degree",
            "field",
            "group",
            "label",
            "url",
            "location",
            "website",
            "start",
            "end",
            "date",
            "link",
            "venue",
            "authors",
            "doi",
            "projects",
            "experience",
            "education",
            "skills",
            "timeline",
            "publications",
            "summary",
            "text",
            "highlights",
            "items",
            "bullets",
            "links",
            "tags",
            "style",
            "pages",
            "page_size",
            "locale",
            "sections",
            "variants",
        )
    )
}


def in_reading_order(data: object) -> object:
    """Mappings with their keys in the order a person reads an entry — who and where, then
    when, then what — whatever order the source format used; unknown keys keep theirs."""
    if isinstance(data, dict):
        ordered = sorted(data.items(), key=lambda kv: READING_ORDER.get(kv[0], len(READING_ORDER)))
        return {k: in_reading_order(v) for k, v in ordered}
    if isinstance(data, list):
        return [in_reading_order(v) for v in data]
    return data
