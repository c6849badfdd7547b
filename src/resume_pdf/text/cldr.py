"""CLDR's words for a language (Babel): month names, the word for "present", a day's long
form and the digits a language writes; and the language codes CLDR knows (BCP 47: `de`,
`de-CH`, `zh-Hant`), checked with a did-you-mean. One table of month names serves reading a date
(read/dates.py) and showing one (style/dates.py); English is our own, so an English build
never imports Babel.
"""

from __future__ import annotations

import functools
import re
from functools import cache

from ..errors import quote

MONTHS = "January February March April May June July August September October November December"
_ENGLISH = (tuple(MONTHS.split()), tuple(m[:3] for m in MONTHS.split()))
# The word for "present" where a résumé's word reads better than CLDR's "now" (which is
# used for every other language): RenderCV's 22 languages and a few more.
PRESENT = {
    "en": "present", "de": "heute", "fr": "aujourd'hui", "es": "actualidad", "it": "oggi",
    "pt": "atual", "nl": "heden", "pl": "obecnie", "ru": "настоящее время", "ja": "現在",
    "zh": "至今", "ko": "현재", "tr": "günümüz", "uk": "теперішній час", "cs": "současnost",
    "sk": "súčasnosť", "sv": "nu", "da": "nu", "nb": "nå", "no": "nå", "nn": "no",
    "fi": "nykyään", "id": "sekarang", "ms": "kini", "hi": "वर्तमान", "el": "σήμερα",
    "ar": "حتى الآن", "he": "היום", "fa": "اکنون", "hu": "jelenleg", "ro": "prezent",
    "vi": "hiện tại", "th": "ปัจจุบัน", "bg": "момента", "hr": "danas", "sr": "данас",
}  # fmt: skip


@cache
def month_names(locale: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The locale's month names, long and short, as they stand alone ("März 2021")."""
    if locale == "en":
        return _ENGLISH
    from babel.dates import get_month_names  # CLDR data: only a build in another language

    wide = get_month_names("wide", "stand-alone", locale)
    # the abbreviations inside a date ("März"), unless the language declines month names
    # there (Russian "мая"): then the standing-alone ones ("май")
    declines = dict(get_month_names("wide", "format", locale)) != dict(wide)
    short = get_month_names("abbreviated", "stand-alone" if declines else "format", locale)
    return tuple(wide[m] for m in range(1, 13)), tuple(short[m] for m in range(1, 13))


@cache
def present(locale: str) -> str:
    """The locale's word for an entry that has not ended: ours, else CLDR's "now"."""
    if locale in PRESENT:
        return PRESENT[locale]
    from babel import Locale

    relative = Locale.parse(locale)._data["date_fields"]["second"]["relative"]  # noqa: SLF001
    return str(relative.get(0) or PRESENT["en"])


def long_date(year: int, month: int, day: int, locale: str) -> str:
    """A day in the locale's words, as a letter is dated (`November 29, 2026`)."""
    if locale == "en":
        return f"{_ENGLISH[0][month - 1]} {day}, {year}"
    from datetime import date

    from babel.dates import format_date as babel_date

    # CLDR's narrow no-break space (U+202F, "2026 р.") as the no-break space every font has
    return babel_date(date(year, month, day), "long", locale=locale).replace("\u202f", "\xa0")


def locale_words(locale: str) -> str:
    """Every character a date can show in `locale`: for fonts that are subset ahead."""
    long, short = month_names(locale)
    digits = "0123456789"
    return "".join(
        (*long, *short, present(locale), digits, digits.translate(native_digits(locale) or {}))
    )


@cache
def native_digits(locale: str) -> dict[int, str] | None:
    """The locale's own digits where CLDR says it writes numbers with them (Persian ۲۰۲۳;
    Arabic, Hebrew and Urdu write 2023), else None."""
    if locale == "en":
        return None
    from babel import Locale

    try:
        zero = _ZEROS.get(Locale.parse(locale).default_numbering_system)
    except (ValueError, LookupError):
        return None
    return str.maketrans("0123456789", "".join(chr(zero + i) for i in range(10))) if zero else None


_ZEROS = {"arab": 0x660, "arabext": 0x6F0, "deva": 0x966, "beng": 0x9E6, "mymr": 0x1040}


@cache
def month_tables() -> dict[str, tuple[tuple[str, ...], tuple[str, ...], str]]:
    """The month names and "present" of the languages with a word of our own, for reading a
    month's name back (read/dates.py: month_number); made on first use (Babel)."""
    return {code: (*month_names(code), present(code)) for code in PRESENT}


# --- languages: the codes CLDR knows, and the locale a language builds in ---

# every language CLDR (Babel 2.19) names the months of: dates.py reads them from Babel
_CLDR_LANGUAGES = """
aa ab ady af agq ak am an apc ar as asa ast az ba bal bas be bem bew bez bg bgc bho blo bm
bn bo bqi br brh brx bs bua byn ca cad cch ccp ce ceb cgg chr cic ckb co cop cs csw cu cv cy
da dav de dje doi dsb dua dyo dz ebu ee el en eo es et eu ewo fa ff fi fil fo fr frr fur fy
ga gaa gd gez gl gn gsw gu guz gv ha haw he hi hnj hr hrx hsb hu hy ia id ie ig ii is it iu
ja jgo jmc jv ka kaa kab kaj kam kbd kcg kde kea kek kgp khq ki kk kkj kl kln km kn ko kok
ks ksb ksf ksh ku kw kxv ky la lag lb lg lij lkt lld lmo ln lo lrc lt ltg lu luo luy lv lzz
mai mas mer mfe mg mgh mgo mi mk ml mn mni mr mrh ms mt mua mus mww my myv mzn naq nb nd nds
ne nl nmg nn nnh no nqo nr nso nus ny nyn oc om or os osa pa pap pcm pis pl pms prg ps pt qu
quc raj rif rm rn ro rof ru rw rwk sa sah saq sat sbp sc scn sd se seh ses sg shi shn si sk
skr sl smn sn so sq sr ss ssy st su sus sv sw syr szl ta te teo tg th ti tig tk tn to tok
tpi tr trv trw ts tt twq tyv tzm ug uk ur uz vai ve vec vi vmw vo vun wae wal wo xh xnr xog
yav yi yo yrl yue za zgh zh zu
"""
LOCALES = tuple(_CLDR_LANGUAGES.split())

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
    if base in pool:
        close = [base]
    else:
        import difflib  # a misspelt code only (~1.5 ms to import)

        close = difflib.get_close_matches(given, lowered, 1, 0.5)
    hint = f"; did you mean `{lowered[close[0].lower()]}`?" if close else ""
    if allowed and canonical_code(text):
        return f"{quote(text, mark='`')} is not in `languages:` ({', '.join(allowed)}){hint}"
    return f"{quote(text, mark='`')} is not a language code (BCP 47: en, de-CH, zh-Hant){hint}"


@functools.lru_cache(maxsize=1)
def _base_languages() -> frozenset[str]:
    return frozenset(LOCALES)


def locale_for(language: str, written: str | None) -> str:
    """The locale (month names, "present", section titles, /Lang) of a build in `language`:
    the file's `locale:` when it names the same language, else the language's own base code
    (CLDR's data for `de` serves `de-CH`); English when CLDR names no months of it."""
    base = language.split("-")[0]
    if written and written.split("-")[0] == base:
        return written
    return base if base in _base_languages() else "en"
