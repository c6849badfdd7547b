"""Translations, resolved in stage 2 (validation) for the one language being built.

In: `languages: [en, de]` and text fields written as `{en: ..., de: ...}`. Out: the chosen
language's text in place of each mapping (the default language's where it has none, with
a warning at that field), so every later stage sees plain text and knows nothing of
languages but the locale. Codes are BCP 47 as CLDR (Babel) knows them: `de`, `de-CH`,
`pt-BR`, `zh-Hant`.
"""

from __future__ import annotations

import difflib
import functools
import re
from typing import Any

from ..errors import quote
from ..read.source import Path_
from .schema import INVALID, Context, Spec, describe, described

# more than a résumé is ever written in (the EU has 24 official languages): a longer list
# is a mistake, and each language is a whole build
MAX_LANGUAGES = 24
CODE_PATTERN = r"[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*"
_CODE = re.compile(CODE_PATTERN)


@functools.lru_cache(maxsize=512)
def canonical_code(text: str) -> str | None:
    """`de-ch` -> `de-CH`, `zh_hant` -> `zh-Hant`; None when CLDR knows no such language."""
    if not _CODE.fullmatch(text) or text.lower() in ("und", "root"):
        return None
    from babel import Locale, UnknownLocaleError

    try:
        found = Locale.parse(text.replace("-", "_"))
    except (UnknownLocaleError, ValueError, TypeError):
        return None
    code = "-".join(p for p in (found.language, found.script, found.territory) if p)
    given = text.replace("_", "-").lower()
    return code if code.lower() == given else None


@functools.lru_cache(maxsize=1)
def _known_codes() -> tuple[str, ...]:
    from babel.localedata import locale_identifiers

    return tuple(sorted(i.replace("_", "-") for i in locale_identifiers() if i != "root"))


def code_problem(text: str, allowed: tuple[str, ...] = ()) -> str:
    """Why `text` is not a usable language code, with a did-you-mean."""
    pool = allowed or _known_codes()
    lowered = {c.lower(): c for c in pool}
    given = text.replace("_", "-").lower()
    base = canonical_code(given.split("-")[0]) if "-" in given else None
    close = [base] if base in pool else difflib.get_close_matches(given, lowered, 1, 0.5)
    hint = f"; did you mean `{lowered[close[0].lower()]}`?" if close else ""
    if allowed and canonical_code(text):
        return f"{quote(text, mark='`')} is not in `languages:` ({', '.join(allowed)}){hint}"
    return f"{quote(text, mark='`')} is not a language code (BCP 47: en, de-CH, zh-Hant){hint}"


@functools.lru_cache(maxsize=1)
def _base_languages() -> frozenset[str]:
    from .resume import LOCALES

    return frozenset(LOCALES)


def locale_for(language: str, written: str | None) -> str:
    """The locale (month names, "present", section titles, /Lang) of a build in `language`:
    the file's `locale:` when it names the same language, else the language's own base code
    (CLDR's data for `de` serves `de-CH`); English when CLDR names no months of it."""
    base = language.split("-")[0]
    if written and written.split("-")[0] == base:
        return written
    return base if base in _base_languages() else "en"


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


def looks_translated(value: dict[str, Any], ctx: Context) -> bool:
    """A mapping some of whose keys are language codes: a translated text, not a record."""
    return bool(ctx.languages) and any(
        isinstance(k, str) and canonical_code(k) is not None for k in value
    )


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
