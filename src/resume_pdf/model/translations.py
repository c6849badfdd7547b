"""Translations, resolved in stage 2 (validation) for the one language being built.

In: `languages: [en, de]` and text fields written as `{en: ..., de: ...}`. Out: the chosen
language's text in place of each mapping (the default language's where it has none, with
a warning at that field), so every later stage sees plain text and knows nothing of
languages but the locale. Codes are BCP 47 as CLDR (Babel) knows them: `de`, `de-CH`,
`pt-BR`, `zh-Hant`.
"""

from __future__ import annotations

from typing import Any

from ..errors import quote
from ..read.source import Path_
from ..text.cldr import CODE_PATTERN, canonical_code, code_problem
from .schema import INVALID, Context, Spec, describe, described

# more than a résumé is ever written in (the EU has 24 official languages): a longer list
# is a mistake, and each language is a whole build
MAX_LANGUAGES = 24


class Languages(Spec):
    """`languages: [en, de]`: distinct CLDR codes, the first the default."""

    def check(self, value: Any, path: Path_, ctx: Context) -> Any:
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not value:
            return ctx.error(path, f"expected a list of language codes, got {describe(value)}")
        if len(value) > MAX_LANGUAGES:
            message = f"at most {MAX_LANGUAGES} languages, got {len(value)}: each is a build"
            return ctx.error(path, message)
        codes: list[str] = []
        for i, item in enumerate(value):
            code = canonical_code(item) if isinstance(item, str) else None
            if code is None:
                shown = item if isinstance(item, str) else describe(item)
                ctx.error((*path, i), code_problem(str(shown)))
            elif code in codes:
                ctx.error((*path, i), f"{quote(code, mark='`')} is listed twice")
            else:
                codes.append(code)
        return tuple(codes) if len(codes) == len(value) else INVALID

    def json_schema(self) -> dict[str, Any]:
        item = {"type": "string", "pattern": f"^{CODE_PATTERN}$"}
        schema = {"type": "array", "items": item, "maxItems": MAX_LANGUAGES, "uniqueItems": True}
        return described(schema, "The languages text fields are written in; the first the default")


LANGUAGES = Languages()


def written_languages(value: Any) -> tuple[str, ...]:
    """The usable codes of a `languages:` as written (its problems are the spec's to tell),
    so that one bad code does not turn every translated field into an error too."""
    items = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    codes = (canonical_code(i) for i in items[:MAX_LANGUAGES] if isinstance(i, str))
    return tuple(dict.fromkeys(c for c in codes if c))


def chosen_language(asked: str | None, ctx: Context) -> str | None:
    """The language to build (`--lang`), one of the file's, or None (the default)."""
    if asked is None:
        return None
    if not ctx.languages:
        ctx.error((), f"--lang {asked}: this résumé lists no `languages:`")
        return None
    code = canonical_code(asked)
    if code not in ctx.languages:
        listed = ", ".join(ctx.languages)
        ctx.error(("languages",), f"--lang {asked}: not among this résumé's languages ({listed})")
        return None
    return code


def translate(value: dict[str, Any], path: Path_, ctx: Context) -> tuple[Any, Path_]:
    """The text of the language being built, and the path it was written at; INVALID with
    the problems recorded (a key that is no language of the file, a list for a text)."""
    if not ctx.languages:
        hint = "list them at the top: languages: [en, de]" if _codes_only(value) else ""
        return ctx.error(path, f"expected text, got {describe(value)}", hint=hint), path
    if len(value) > len(ctx.languages):
        listed = ", ".join(ctx.languages)
        message = (
            f"{len(value)} translations, but `languages:` lists {len(ctx.languages)} ({listed})"
        )
        return ctx.error(path, message), path
    texts: dict[str, Any] = {}
    for key, text in value.items():
        code = canonical_code(key) if isinstance(key, str) else None
        if code not in ctx.languages:
            ctx.error((*path, key), code_problem(str(key), ctx.languages), key=True)
        elif code in texts:
            ctx.error((*path, key), f"{code} is given twice", key=True)
        elif text is not None and not isinstance(text, str):
            ctx.error((*path, key), f"expected text in {code}, got {describe(text)}")
        elif text is not None:
            texts[code] = (text, key)
    if len(texts) < sum(v is not None for v in value.values()):
        return INVALID, path
    return _chosen(texts, path, ctx)


def _chosen(texts: dict[str, Any], path: Path_, ctx: Context) -> tuple[Any, Path_]:
    language = ctx.language or ctx.languages[0]
    if language in texts:
        text, key = texts[language]
        return text, (*path, key)
    if not texts:
        return None, path
    shown_in = next((c for c in ctx.languages if c in texts), "")
    ctx.untranslated(path, f"no {language} translation: shown in {shown_in}")
    text, key = texts[shown_in]
    return text, (*path, key)


def _codes_only(value: dict[str, Any]) -> bool:
    return bool(value) and all(isinstance(k, str) and canonical_code(k) for k in value)


def translatable_schema(plain: dict[str, Any]) -> dict[str, Any]:
    """A text field's JSON Schema that also takes `{en: ..., de: ...}` (written out in each
    field rather than referred to, so that every reader of the schema sees it)."""
    return {"anyOf": [plain, translated_def()]}


def translated_def(languages: tuple[str, ...] = ()) -> dict[str, Any]:
    """The mapping form; with the file's `languages:` (init --languages) an editor completes
    those codes."""
    text = {"type": ["string", "number", "boolean"]}
    schema: dict[str, Any] = {
        "type": "object",
        "description": "The text in each language of `languages:`",
        "propertyNames": {"pattern": f"^{CODE_PATTERN}$"},
        "additionalProperties": text,
        "minProperties": 1,
    }
    if languages:
        schema["properties"] = {code: text for code in languages}
    return schema
