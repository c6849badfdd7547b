"""The résumé format as JSON Schema for editors (`resume-pdf schema`, `init`): the model's
own specs, with what only later stages know added: the built-in style names offered for
`style:`, the codes a translated file lists, a publications section taken from a `.bib`."""

from __future__ import annotations

from typing import Any

from ..model.resume_schema import RESUME
from .theme import builtin_styles


def resume_json_schema(languages: tuple[str, ...] = ()) -> dict[str, Any]:
    """The résumé format as JSON Schema, derived from the specs the validator uses; with
    `languages`, a translated text offers those codes to complete."""
    from ..model.translations import translated_def

    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "resume-pdf résumé (schema v1)",
        **RESUME.json_schema(),
    }
    if languages:  # init --languages: an editor completes the file's own codes
        _offer_languages(schema, translated_def(), translated_def(languages))
    variant = schema["properties"]["variants"]["additionalProperties"]["properties"]
    for owner in (schema["properties"], variant):
        owner["style"] = _style_choices(owner["style"], builtin_styles())
    section = schema["properties"]["sections"]["items"]["properties"]
    section["publications"] = _or_bibliography(section["publications"])
    return schema


def _or_bibliography(entries: dict[str, Any]) -> dict[str, Any]:
    """Publications are a list of entries, or taken from a BibTeX file (read/bibliography.py
    expands the mapping before the validator sees it; an editor should know it too)."""
    words = {"type": "array", "items": {"type": "string"}}
    bib = {
        "type": "object",
        "properties": {
            "bib": {"type": "string", "description": "A .bib file beside the résumé"},
            "keys": {**words, "description": "Only these entries (their BibTeX keys)"},
            "keywords": {**words, "description": "Only entries with one of these keywords"},
            "years": {"type": ["string", "integer"], "description": "2019..2026, 2019.. or 2024"},
            "types": {**words, "description": "Only these entry types: article, ..."},
            "me": {"type": "string", "description": "Your name, set in bold; default: `name`"},
        },
        "required": ["bib"],
        "additionalProperties": False,
    }
    return {"description": entries.get("description", ""), "anyOf": [entries, bib]}


def _offer_languages(node: Any, plain: dict[str, Any], listed: dict[str, Any]) -> None:
    """Every translated text of `node` with `listed`'s codes in place of `plain`'s any."""
    if isinstance(node, dict):
        for key, value in node.items():
            if value == plain:
                node[key] = listed
            else:
                _offer_languages(value, plain, listed)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            if value == plain:
                node[i] = listed
            else:
                _offer_languages(value, plain, listed)


def _style_choices(plain: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """A style is any name or path, but an editor should offer the built-in names: an
    `enum` branch is what yaml-language-server completes from."""
    described = {k: v for k, v in plain.items() if k != "type"}
    return {**described, "anyOf": [{"enum": names}, {"type": "string"}], "examples": names}
