"""Texts in the players' languages: one catalogue per language in `bot/locales/texts/<language>.json`
(keys to `str.format` templates). English is complete by definition; a language shipped here must
have every key (a test checks). Private answers use the member's Discord language, public messages
the server's; anything else falls back to English.

Messages adopt the catalogue area by area; so far: /help and the greeting when the bot joins.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

ENGLISH = "en"


@cache
def texts() -> dict[str, dict[str, str]]:
    """Every shipped text catalogue, by language ("en", "de")."""
    found = {}
    for entry in resources.files("bot.locales.texts").iterdir():
        if entry.name.endswith(".json"):
            found[entry.name.removesuffix(".json")] = json.loads(entry.read_text())
    return found


def language(locale: object) -> str:
    """The shipped language for a Discord locale (a `discord.Locale` or its value): "de" for de,
    "en" for en-US, en-GB and every language not shipped."""
    code = str(getattr(locale, "value", locale) or ENGLISH)
    for candidate in (code, code.split("-", 1)[0]):
        if candidate in texts():
            return candidate
    return ENGLISH


def text(key: str, locale: object, **values: object) -> str:
    """The text `key` in the locale's language (English if it has none), filled with `values`."""
    template = texts()[language(locale)].get(key) or texts()[ENGLISH][key]
    return template.format(**values)
