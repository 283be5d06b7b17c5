"""Slash commands in the members' languages: discord.py's app-command translator, reading one
catalogue per shipped language (`bot/locales/commands/<locale>.json`, keyed by the English text). Discord
shows each member the names, descriptions and choices in their own client's language, falling
back to English where a language isn't shipped."""

from __future__ import annotations

import json
from importlib import resources

import discord
from discord import app_commands


def catalogues() -> dict[discord.Locale, dict[str, str]]:
    """Every shipped catalogue, by the Discord locale its file is named after (de.json: German)."""
    found = {}
    for entry in resources.files("bot.locales.commands").iterdir():
        if entry.name.endswith(".json"):
            found[discord.Locale(entry.name.removesuffix(".json"))] = json.loads(entry.read_text())
    return found


class CatalogueTranslator(app_commands.Translator):
    def __init__(self) -> None:
        self.catalogues = catalogues()

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext,
    ) -> str | None:
        return self.catalogues.get(locale, {}).get(string.message)


def command_word(english: str, language: str) -> str:
    """A command or option name as members using `language` see it (`play` -> `spielen`)."""
    try:
        locale = discord.Locale(language)
    except ValueError:  # English ("en") is no Discord locale of its own
        return english
    return catalogues().get(locale, {}).get(english, english)
