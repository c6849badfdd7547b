"""Files resume-pdf writes that are not builds: a starter résumé (`init`) and a résumé
converted from another tool's format (`convert`). Both are YAML whose first line points
editors (yaml-language-server) at the JSON Schema written beside them.
"""

from __future__ import annotations

import os
import shlex
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import Problem, ResumeError
from .paths import exists
from .values import value

if TYPE_CHECKING:
    from .read.source import Source

SCHEMA_FILE = "resume.schema.json"
SCHEMA_MODELINE = f"# yaml-language-server: $schema={SCHEMA_FILE}\n"


def _schema_bytes(languages: tuple[str, ...] = ()) -> bytes:
    import json

    from .style.json_schema import resume_json_schema

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
    command = shlex.quote(path.name)  # the commands at its top name the file, from its folder
    starter = starter.replace(" {file}", "" if path.name == "resume.yaml" else f" {command}")
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
    from .model.translations import MAX_LANGUAGES
    from .text.cldr import canonical_code, code_problem

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
    from .model.resume_schema import validate_resume
    from .read.decode import is_archive
    from .read.foreign import read_foreign
    from .read.source import read_source
    from .write.output import check_output_path, write_atomic

    if output is not None:
        check_output_path(output, [source_path])
        if exists(output) and not force:
            hint = "add --force to replace it, or use -o - to print the YAML"
            raise ResumeError([Problem(f"{str(output)!r} already exists", hint=hint)])
    if is_archive(source_path):  # a LinkedIn data export
        from .read.linkedin import read_linkedin

        source, converted = read_linkedin(source_path)
    else:
        source = read_source(source_path)
        converted = read_foreign(source, references)
    if not converted.format:
        message = (
            "not a JSON Resume (`basics`), RenderCV (`cv`) or YAMLResume (`content`) file,"
            " nor a LinkedIn data export (a ZIP or folder of CSV files)"
        )
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
    from .model.resume_schema import load_resume
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
    from .text.cldr import canonical_code

    code = canonical_code(Path(path.stem).suffix.lstrip("."))
    if code is None:
        message = f"name the file NAME.CODE{path.suffix} (cv.de{path.suffix}) to say its language"
        raise ResumeError([Problem(message, source.locate(()))])
    return code


def dump_noted(source: Source, converted: Source, warnings: tuple[Problem, ...]) -> str:
    """The converted data as YAML with each warned value kept as comments (write/converted_yaml)."""
    from .write.converted_yaml import dump_noted as noted

    return noted(source, converted, warnings)


def restored_source(path: Path) -> str:
    """The embedded source, validated as a résumé (its problems located in
    `cv.pdf:resume.yaml`), as the text to write: byte for byte what was embedded."""
    from .model.resume_schema import validate_resume
    from .read.embedded import SOURCE_NAME, embedded_source
    from .read.foreign import read_foreign
    from .read.source import parse_source

    text = embedded_source(path)
    validate_resume(read_foreign(parse_source(text.encode(), f"{path}:{SOURCE_NAME}")))
    return text
