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


def _schema_bytes() -> bytes:
    import json

    from .resume_schema import resume_json_schema

    return json.dumps(resume_json_schema(), indent=2).encode() + b"\n"


def write_starter(path: Path, *, name: str | None = None, force: bool = False) -> Path:
    """A commented starter résumé whose first line points yaml-language-server at a schema
    file written beside it; never replaces a résumé unless forced."""
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
    schema_path = path.parent / SCHEMA_FILE
    schema = _schema_bytes()
    if _differs(schema_path, schema) and not force:
        hint = "add --force to replace it (and the résumé), or init in another folder"
        raise ResumeError([Problem(f"{str(schema_path)!r} already exists", hint=hint)])
    check_targets([schema_path, path])
    write_atomic(schema_path, schema)
    write_atomic(path, (SCHEMA_MODELINE + starter).encode())
    return schema_path


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
    source_path: Path, output: Path | None, *, force: bool = False, references: bool = True
) -> Converted:
    """A foreign résumé -> our YAML, validated first so only a good file is written; returns
    the text (written to `output` unless it is None, i.e. standard output) and the warnings.
    Each value a warning names is kept in the YAML as a comment at the entry it came from,
    so nothing of the original is lost. A schema file is written beside a new YAML file
    that has none, for the modeline's sake."""
    from .read.decode import is_archive
    from .read.foreign import read_foreign
    from .read.source import read_source
    from .resume_schema import validate_resume
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
    resume = validate_resume(converted)
    header = f"# Converted from {source_path.name} ({converted.format}) by resume-pdf\n"
    text = SCHEMA_MODELINE + header + dump_noted(source, converted, resume.warnings)
    if output is not None:
        schema_path = output.parent / SCHEMA_FILE
        if not exists(schema_path):
            write_atomic(schema_path, _schema_bytes())
        write_atomic(output, text.encode())
    return Converted(text, resume.warnings)


def dump_noted(source: Source, converted: Source, warnings: tuple[Problem, ...]) -> str:
    """The converted data as YAML with each warned value kept as comments (write/converted_yaml)."""
    from .write.converted_yaml import dump_noted as noted

    return noted(source, converted, warnings)
