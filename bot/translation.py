"""Slash commands in the members' languages: discord.py's app-command translator. Command and
option names (and the commands' own descriptions) are in `bot/locales/commands/<locale>.json`,
keyed by the English text; a game option's description and choice labels are texts players also
read in messages, so they come from the message catalogue (`catalogue/`). Discord shows each member
the names, descriptions and choices in their own client's language, falling back to English where
a language isn't shipped."""

from __future__ import annotations

import json
from importlib import resources

import discord
from discord import app_commands

from catalogue import ENGLISH, language
from catalogue import catalogues as message_catalogues


def catalogues() -> dict[discord.Locale, dict[str, str]]:
    """Every shipped catalogue, by the Discord locale its file is named after (de.json: German)."""
    found = {}
    for entry in resources.files("bot.locales.commands").iterdir():
        if entry.name.endswith(".json"):
            found[discord.Locale(entry.name.removesuffix(".json"))] = json.loads(entry.read_text())
    return found


def is_name(context: app_commands.TranslationContext) -> bool:
    """A command's or option's name (not a choice's, which players read as a label)."""
    return context.location in (
        app_commands.TranslationContextLocation.command_name,
        app_commands.TranslationContextLocation.group_name,
        app_commands.TranslationContextLocation.parameter_name,
    )


class CatalogueTranslator(app_commands.Translator):
    def __init__(self) -> None:
        self.catalogues = catalogues()

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext,
    ) -> str | None:
        own = self.catalogues.get(locale, {}).get(string.message)
        if own is not None or is_name(context) or language(locale) == ENGLISH:
            return own
        entry = message_catalogues()[language(locale)].get(string.message)
        return entry if isinstance(entry, str) else None


def command_word(english: str, language: str) -> str:
    """A command or option name as members using `language` see it (`play` -> `spielen`)."""
    try:
        locale = discord.Locale(language)
    except ValueError:  # English ("en") is no Discord locale of its own
        return english
    return catalogues().get(locale, {}).get(english, english)
