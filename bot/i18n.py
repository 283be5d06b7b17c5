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

import discord

from .translation import catalogues as command_catalogues

ENGLISH = "en"


@cache
def texts() -> dict[str, dict[str, str]]:
    """Every shipped text catalogue, by language ("en", "de")."""
    found = {}
    for entry in resources.files("bot.locales.texts").iterdir():
        if entry.name.endswith(".json"):
            found[entry.name.removesuffix(".json")] = json.loads(entry.read_text())
    return found


def language(locale: discord.Locale | str | None) -> str:
    """The shipped language for a Discord locale: "de" for de, "en" for en-US, en-GB and the rest."""
    code = str(locale.value if isinstance(locale, discord.Locale) else locale or ENGLISH)
    for candidate in (code, code.split("-", 1)[0]):
        if candidate in texts():
            return candidate
    return ENGLISH


def text(key: str, locale: discord.Locale | str | None, **values: object) -> str:
    """The text `key` in the locale's language (English if it has none), filled with `values`."""
    template = texts()[language(locale)].get(key) or texts()[ENGLISH][key]
    return template.format(**values)


def command_word(english: str, locale: discord.Locale | str | None) -> str:
    """A command or option name as members with this locale see it (`play` -> `spielen`)."""
    lang = language(locale)
    if lang == ENGLISH:
        return english
    return command_catalogues().get(discord.Locale(lang), {}).get(english, english)
