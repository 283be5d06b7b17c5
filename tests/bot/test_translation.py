"""Slash commands in German: every name, description and choice the bot registers has a
translation in every shipped catalogue, each within Discord's rules, and the payload sent to
Discord carries them."""

import re

import discord
from discord import app_commands

from bot.translation import CatalogueTranslator, catalogues
from catalogue import catalogues as message_catalogues

NAME = re.compile(r"^[-_\w]{1,32}$")  # Discord: lowercase letters (any script), digits, - and _


class Recording(app_commands.Translator):
    """Writes down every string asked for, with where it goes."""

    def __init__(self) -> None:
        self.asked: dict[str, str] = {}

    async def translate(self, string, locale, context):
        self.asked[string.message] = context.location.name
        return None


async def registered_strings(bot) -> dict[str, str]:
    recording = Recording()
    for command in bot.tree.get_commands():
        await command.get_translated_payload(bot.tree, recording)
    return recording.asked


async def test_every_command_string_is_translated_within_discords_rules(simcord_env):
    asked = await registered_strings(simcord_env.bot)
    shipped = catalogues()
    translator = CatalogueTranslator()
    assert discord.Locale.german in shipped
    for locale, catalogue in shipped.items():
        translated_by = {}
        for text, where in asked.items():
            context = app_commands.TranslationContext(
                getattr(app_commands.TranslationContextLocation, where), None
            )
            translated_by[text] = await translator.translate(app_commands.locale_str(text), locale, context)
        words = {text for text in asked if any(character.isalpha() for character in text)}
        assert {text for text in words if translated_by[text] is None} == set(), f"{locale}: untranslated"
        assert catalogue.keys() - asked.keys() == set(), f"{locale}: entries nothing uses any more"
        texts = {
            text for text, where in asked.items() if not where.endswith("_name") or where == "choice_name"
        }
        assert catalogue.keys() & message_catalogues()[locale.value].keys() & texts == set(), (
            "one place per text"
        )
        for text, where in asked.items():
            translated = translated_by[text] or text
            if where.endswith("_name") and where != "choice_name":
                assert NAME.match(translated) and translated == translated.lower(), (locale, translated)
            else:
                assert 1 <= len(translated) <= 100, (locale, translated)


async def test_the_commands_sent_to_discord_carry_german(simcord_env):
    bot = simcord_env.bot
    translator = bot.tree.translator
    assert translator is not None
    payloads = {c.name: await c.get_translated_payload(bot.tree, translator) for c in bot.tree.get_commands()}
    assert payloads["play"]["name_localizations"]["de"] == "spielen"
    match = payloads["match"]
    takeback = next(option for option in match["options"] if option["name"] == "takeback")
    assert takeback["name_localizations"]["de"] == "zurücknehmen"
    assert "zurücknehmen" in takeback["description_localizations"]["de"]
