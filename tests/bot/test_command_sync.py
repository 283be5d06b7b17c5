"""Slash commands are sent to Discord only when they changed since the last sync (Discord allows
200 command creations a day): a restart with the same commands leaves Discord's copy alone."""

import logging
import re

import discord
import pytest

from tests.helpers import make_table

SYNCED = r"Synced \d+ slash commands"
UNCHANGED = "Slash commands unchanged since the last sync; not syncing"


def command_syncs(env) -> list[str]:
    """The paths of every bulk overwrite of commands the bots sent to SimCord's Discord."""
    return [
        request.path
        for request in env.http_requests
        if request.method == "PUT" and request.path.endswith("/commands")
    ]


def sync_lines(caplog) -> list[str]:
    return [
        record.getMessage()
        for record in caplog.records
        if record.name == "bot.app" and "sync" in record.getMessage().lower()
    ]


@pytest.fixture
def sync_log(caplog):
    caplog.set_level(logging.INFO, logger="bot.app")
    return caplog


async def test_a_restart_with_the_same_commands_does_not_sync_and_they_still_work(
    simcord_env, make_bot, sync_log
):
    env = simcord_env
    assert len(command_syncs(env)) == 1, "the first start syncs"
    await env.restart_bot(make_bot())
    await env.restart_bot(make_bot())
    assert len(command_syncs(env)) == 1, "restarts with the same commands don't"
    assert sync_lines(sync_log) == [UNCHANGED] * 2
    # Discord keeps the commands of the first sync: SimCord (strict about syncing) still runs them.
    table = make_table(env, ["alice"])
    answer = (await table.players[0].slash(table.channel, "help")).response.content
    assert "/play senet" in answer


async def test_a_command_added_syncs_again(simcord_env, make_bot):
    env = simcord_env
    bot = make_bot()

    @bot.tree.command(name="ping", description="Answers pong.")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong")

    await env.restart_bot(bot)
    assert len(command_syncs(env)) == 2
    table = make_table(env, ["alice"])
    assert (await table.players[0].slash(table.channel, "ping")).response.content == "pong"


async def test_another_target_syncs_again(simcord_env, make_bot):
    env = simcord_env
    guild = env.create_guild()
    await env.restart_bot(make_bot(command_guild_id=guild.id))
    await env.restart_bot(make_bot(command_guild_id=guild.id))
    (first, to_the_guild) = command_syncs(env)
    assert f"/guilds/{guild.id}/" not in first and f"/guilds/{guild.id}/" in to_the_guild
    await env.restart_bot(make_bot())
    assert len(command_syncs(env)) == 3, "back to global commands"


async def test_a_changed_translation_syncs_again(simcord_env, make_bot, monkeypatch):
    from bot import translation

    env = simcord_env
    shipped = translation.catalogues()
    german = discord.Locale("de")
    assert shipped[german]["play"] == "spielen"
    renamed = {**shipped, german: {**shipped[german], "play": "spiel"}}
    monkeypatch.setattr(translation, "catalogues", lambda: renamed)
    await env.restart_bot(make_bot())
    assert len(command_syncs(env)) == 2
    (sent,) = [request.json for request in env.http_requests if request.method == "PUT"][1:]
    play = next(command for command in sent if command["name"] == "play")
    assert play["name_localizations"]["de"] == "spiel"


async def test_sync_commands_always_syncs_unchanged_commands_and_false_never_syncs(
    simcord_env, make_bot, sync_log
):
    env = simcord_env
    await env.restart_bot(make_bot(always_sync_commands=True))
    assert len(command_syncs(env)) == 2
    assert re.fullmatch(SYNCED, sync_lines(sync_log)[-1])
    await env.restart_bot(make_bot(sync_commands=False))
    assert len(command_syncs(env)) == 2


async def test_the_fingerprint_is_what_sync_sends(simcord_env):
    """The payload hashed is the one tree.sync() sends, translations included."""
    bot = simcord_env.bot
    (sent,) = [request.json for request in simcord_env.http_requests if request.method == "PUT"]
    assert any(command.get("name_localizations", {}).get("de") for command in sent)
    global_commands = bot.tree._get_all_commands(guild=None)
    translated = [
        await command.get_translated_payload(bot.tree, bot.tree.translator) for command in global_commands
    ]
    assert translated == sent
    assert await bot.repository.synced_commands() == await bot.command_fingerprint(None)
    assert await bot.command_fingerprint(None) != await bot.command_fingerprint(discord.Object(1))


async def test_the_last_fingerprint_is_kept_in_either_database(any_database_url):
    from bot.kits import KITS
    from bot.repository import Repository

    repository = await Repository.open(any_database_url, {game: kit.engine for game, kit in KITS.items()})
    try:
        assert await repository.synced_commands() is None, "never synced"
        await repository.set_synced_commands("first")
        await repository.set_synced_commands("second")
        assert await repository.synced_commands() == "second"
    finally:
        await repository.close()
