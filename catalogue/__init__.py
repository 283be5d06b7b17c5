"""Every player-facing text and picture label, in the shipped languages: one message catalogue.

Texts are written in English where they are used and looked up here by that English text (the
gettext way), so code reads as it speaks: `tr("{name} won!", name=...)`. A few long texts (/help,
the greeting) are looked up by a key instead; their English is in `en/`. A language is a folder of
JSON files (`de/*.json`, merged; one file per area of the code), mapping each English text to its
translation, or, for a count, to a [one, other] pair. A test checks every text used in the code
has an entry in every shipped language.

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

ENGLISH = "en"

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


def _entry(message: str) -> str | list[str] | None:
    entry = catalogues().get(spoken(), {}).get(message)
    if entry is None:
        entry = catalogues()[ENGLISH].get(message)
    return entry


def tr(message: str, /, **values: object) -> str:
    """`message` (its English text, or a key) in the spoken language, filled with `values`."""
    entry = _entry(message)
    template = entry if isinstance(entry, str) else message
    return template.format(**values) if values else template


def tr_in(message: str, locale: object, /, **values: object) -> str:
    """`tr` in the language of a Discord locale or language code, whatever is spoken now."""
    with speaking(language(locale)):
        return tr(message, **values)


def trn(one: str, other: str, count: int, /, **values: object) -> str:
    """A text that depends on a count: `trn("{n} card", "{n} cards", n, n=n)`."""
    entry = _entry(one)
    forms = entry if isinstance(entry, list) else [one, other]
    return forms[0 if count == 1 else 1].format(**values)


def N_(message: str) -> str:
    """Marks a text to translate later, where it is shown (a constant defined at import)."""
    return message


def listing(items: list[str]) -> str:
    """'A', 'A and B', 'A, B and C' in the spoken language."""
    if len(items) <= 1:
        return "".join(items)
    return tr("{rest} and {last}", rest=", ".join(items[:-1]), last=items[-1])


__all__ = [
    "ENGLISH",
    "N_",
    "catalogues",
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
