"""The text catalogue: every shipped language has every key with the same placeholders, German
texts name the commands as German members see them, and /help and the greeting come in the
member's or the server's language."""

import re

import discord

from bot.cogs.info import help_text, messages_of, welcome_text
from bot.commands import play_usage
from bot.kits import KITS
from bot.translation import catalogues
from catalogue import ENGLISH, entry_forms, language
from catalogue import catalogues as texts
from catalogue import tr_in as text

COMMAND_IN_TEXT = re.compile(r"`/([^\s`<\[|]+)(?: ([^\s`<\[|]+))?")


def test_german_texts_name_the_commands_german_members_see():
    german = catalogues()[discord.Locale.german]
    command_words = set(german.values()) | set(KITS)  # game ids stay as they are
    for key, entry in texts()["de"].items():
        for command, sub in COMMAND_IN_TEXT.findall(" ".join(entry_forms(entry))):
            assert command in command_words, (key, command)
            if sub and command == "partie":
                assert sub in command_words, (key, sub)


def test_locales_pick_a_shipped_language_or_english():
    assert language(discord.Locale.german) == "de" and language("de") == "de"
    assert language(discord.Locale.american_english) == ENGLISH and language("pt-BR") == ENGLISH
    assert language(None) == ENGLISH
    assert text("players.range", "de", low=3, high=4) == "3–4 Personen"


def test_help_lists_every_game_in_its_first_message_and_the_greeting_speaks_german():
    """/help is cut at line ends into messages Discord accepts (the five games' help fits one; a
    sixth game's line makes the German one two), the game list always in the first."""
    for locale in (discord.Locale.german, discord.Locale.american_english):
        first = messages_of(help_text(KITS, locale))[0]
        assert all(play_usage(kit, locale) in first for kit in KITS.values())
    german = help_text(KITS, discord.Locale.german)
    assert "`/spielen senet [gegner] [optionen]`" in german and "/play" not in german
    assert "/spielen" in welcome_text(KITS, "de") and "/play" in welcome_text(KITS, "en-US")


async def test_a_german_server_is_greeted_in_german(simcord_env):
    env = simcord_env
    guild = env.create_guild(preferred_locale="de")
    general = guild.create_text_channel("allgemein")
    await env.bot.get_cog("Info").on_guild_join(env.bot.get_guild(guild.id))
    (welcome,) = general.history()
    assert welcome.content.startswith("👋 **Martian Arcade** ist da") and "/hilfe" in welcome.content


async def test_a_player_chooses_the_bots_language_and_can_follow_discord_again(simcord_env):
    """SimCord's interactions always say en-US; /language is how a player gets German anyway."""
    from tests.helpers import make_table, reply

    table = make_table(simcord_env, ["alice", "bob"])
    alice, bob = table.players
    saved = reply(await alice.slash(table.channel, "language", language="de"))
    assert saved.content.startswith("Gespeichert") and "Deutsch" in saved.content
    assert "/spielen" in everything_said(await alice.slash(table.channel, "help"))
    assert "/play senet" in everything_said(await bob.slash(table.channel, "help"))  # only hers changed
    back = reply(await alice.slash(table.channel, "language", language="discord"))
    assert back.content.startswith("Saved") and "English" in back.content
    assert "/play senet" in everything_said(await alice.slash(table.channel, "help"))


def everything_said(result) -> str:
    """The text of every message an answer took (a long /help takes more than one)."""
    return "\n".join(message.content for message in (result.response, *result.followups))


async def test_language_choices_are_kept_on_both_databases(any_database_url):
    from datetime import UTC, datetime

    import pytest

    from bot.service import MatchError
    from bot.storage import open_database
    from tests.helpers import service_on

    db = await open_database(any_database_url)
    service = service_on(db, clock=lambda: datetime.now(UTC))
    try:
        assert await service.language_for(7, "de") == "de" and await service.language_for(7, "en-US") == "en"
        await service.set_language(7, "de")
        assert await service.language_for(7, "en-US") == "de"
        await service.set_language(7, None)
        assert await service.language_for(7, "en-US") == "en"
        with pytest.raises(MatchError, match="Choose one of"):
            await service.set_language(7, "xx")
    finally:
        await db.close()


def test_every_rules_summary_is_written_in_every_shipped_language():
    """Same sections as the English one, within an embed's 4,096 characters, naming German commands."""
    from bot.kits import rules_summary, translated_rules

    german_commands = set(catalogues()[discord.Locale.german].values())
    for game_id in KITS:
        english, german = rules_summary(game_id), translated_rules(game_id, "de")
        assert german, game_id
        assert len(german) <= 4096
        sections = re.compile(r"^\*\*", re.MULTILINE)
        assert len(sections.findall(german)) == len(sections.findall(english)), game_id
        bullets = re.compile(r"^•", re.MULTILINE)
        assert len(bullets.findall(german)) == len(bullets.findall(english)), game_id
        for command in re.findall(r"`/(\w+)", german):
            assert command in german_commands, (game_id, command)


async def test_rules_come_in_the_players_language(simcord_env):
    from tests.helpers import make_table, reply

    table = make_table(simcord_env, ["alice"])
    alice = table.players[0]
    english = reply(await alice.slash(table.channel, "rules", game="senet"))
    assert english.embeds[0].title == "Martian Senet — rules in brief"
    await alice.slash(table.channel, "language", language="de")
    german = reply(await alice.slash(table.channel, "rules", game="senet"))
    assert german.embeds[0].title == "Martian Senet — die Regeln in Kürze"
    assert german.embeds[0].description.startswith("**2 Personen")
