"""Every player-facing text and picture label, in the shipped languages: one message catalogue.

Texts are written in English where they are used and looked up here by that English text (the
gettext way), so code reads as it speaks: `tr("{name} won!", name=...)`. A few long texts (/help,
the greeting) are looked up by a key instead; their English is in `en/`. A language is a folder of
JSON files (`de/*.json`, merged; one file per area of the code), mapping each English text to its
translation, or, for a count, to its forms by the language's CLDR plural category
(`{"one": ..., "other": ...}`; Polish would add "few" and "many"), chosen by Babel's plural rules,
so a new language needs only its files. Where one English text must be translated two ways, the
caller names the difference (`tr("small", context="ship")`) and the entry's key is
`"ship::small"`. A test checks every text used in the code has an entry in every shipped language.

The language is chosen by the caller around a piece of work (`with speaking("de"): ...`): the
Discord layer speaks a player's language for private answers and the server's for public ones;
the pictures are drawn in whatever language is spoken. Pure: no Discord, no I/O but the files.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from importlib import resources

from babel import Locale

ENGLISH = "en"
CONTEXT_MARK = "::"  # between a context and its text in a catalogue key: "ship::small"

_spoken: ContextVar[str] = ContextVar("spoken_language", default=ENGLISH)


@cache
def catalogues() -> dict[str, dict[str, str | list[str]]]:
    """Every shipped language ("en", "de") with its entries, all its files merged."""
    found: dict[str, dict[str, str | list[str]]] = {}
    for folder in resources.files(__name__).iterdir():
        if folder.is_dir() and not folder.name.startswith(("_", ".")):
            entries: dict[str, str | list[str]] = {}
            for file in sorted(folder.iterdir(), key=lambda entry: entry.name):
                if file.name.endswith(".json"):
                    entries.update(json.loads(file.read_text(encoding="utf-8")))
            found[folder.name] = entries
    return found


def languages() -> list[str]:
    """The shipped languages, English first."""
    return sorted(catalogues(), key=lambda code: (code != ENGLISH, code))


def language(locale: object) -> str:
    """The shipped language for a Discord locale (a `discord.Locale` or its value): "de" for de,
    "en" for en-US, en-GB and every language not shipped."""
    code = str(getattr(locale, "value", locale) or ENGLISH)
    for candidate in (code, code.split("-", 1)[0]):
        if candidate in catalogues():
            return candidate
    return ENGLISH


def spoken() -> str:
    """The language being spoken now."""
    return _spoken.get()


@contextmanager
def speaking(language_code: str) -> Iterator[str]:
    """Speak `language_code` (a shipped language) for the work inside the block."""
    token = _spoken.set(language_code if language_code in catalogues() else ENGLISH)
    try:
        yield _spoken.get()
    finally:
        _spoken.reset(token)


def speak(language_code: str) -> None:
    """Speak `language_code` for the rest of the current task (an interaction's handling)."""
    _spoken.set(language_code if language_code in catalogues() else ENGLISH)


def catalogue_key(message: str, context: str | None = None) -> str:
    """The key a text is translated under: the text, or its context and the text."""
    return f"{context}{CONTEXT_MARK}{message}" if context else message


def _entry(message: str, context: str | None = None) -> str | dict[str, str] | None:
    key = catalogue_key(message, context)
    entry = catalogues().get(spoken(), {}).get(key)
    if entry is None:
        entry = catalogues()[ENGLISH].get(key)
    return entry


def tr(message: str, /, *, context: str | None = None, **values: object) -> str:
    """`message` (its English text, or a key) in the spoken language, filled with `values`;
    `context` tells apart two uses of one English text that other languages say differently."""
    entry = _entry(message, context)
    template = entry if isinstance(entry, str) else message
    return template.format(**values) if values else template


def tr_in(message: str, locale: object, /, **values: object) -> str:
    """`tr` in the language of a Discord locale or language code, whatever is spoken now."""
    with speaking(language(locale)):
        return tr(message, **values)


@cache
def plural_rule(language_code: str):
    """The CLDR plural rule of a language: a count's category ("one", "few", "other"...)."""
    return Locale.parse(language_code).plural_form


def trn(one: str, other: str, count: int, /, *, context: str | None = None, **values: object) -> str:
    """A text that depends on a count: `trn("{n} card", "{n} cards", n, n=n)`, in the form the
    spoken language's plural rule asks for (the English forms where it has no entry)."""
    entry = _entry(one, context)
    if isinstance(entry, dict):
        form = entry.get(plural_rule(spoken())(count), entry.get("other", other))
    else:
        form = one if plural_rule(ENGLISH)(count) == "one" else other
    return form.format(**values)


def entry_forms(entry: str | dict[str, str]) -> list[str]:
    """Every text an entry holds: one, or a count's forms."""
    return list(entry.values()) if isinstance(entry, dict) else [entry]


def N_(message: str, /, *, context: str | None = None) -> str:
    """Marks a text to translate later, where it is shown (a constant defined at import); a
    `context` marks it for `tr(message, context=...)`."""
    return message


def listing(items: list[str]) -> str:
    """'A', 'A and B', 'A, B and C' in the spoken language."""
    if len(items) <= 1:
        return "".join(items)
    return tr("{rest} and {last}", rest=", ".join(items[:-1]), last=items[-1])


__all__ = [
    "ENGLISH",
    "N_",
    "catalogue_key",
    "catalogues",
    "entry_forms",
    "language",
    "languages",
    "listing",
    "speak",
    "speaking",
    "spoken",
    "tr",
    "tr_in",
    "trn",
]
