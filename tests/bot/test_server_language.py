"""A server's language for public posts: Discord lets only Community servers set a primary language,
so `/config language` chooses it for the bot; players' private answers keep their own language."""

import discord

from benchmarks.clicks import text
from bot.model import GuildSettings
from bot.repository import Repository
from bot.storage import open_database
from tests.helpers import board, buttons, make_table, reply, thread_of


async def test_an_admin_makes_a_plain_servers_boards_german(simcord_env):
    table = make_table(simcord_env, ["anna", "bernd"])  # Discord's default: en-US
    anna, bernd = table.players
    role = table.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = table.guild.add_member(simcord_env.create_user("root"), roles=[role])
    panel = reply(await admin.slash(table.channel, "config", language="de")).content
    assert panel.startswith("Saved.") and "public posts in: **Deutsch**" in panel  # the admin's own answer

    await anna.slash(table.channel, "play senet", opponent=bernd)
    lobby = table.channel.last_message
    assert "lädt" in lobby.content and "invites" not in lobby.content
    assert [b.label for b in buttons(lobby)] == [
        "Annehmen",
        "Ablehnen",
        "Mit Computerspielern auffüllen und starten",
    ]
    await bernd.click(lobby, custom_id=buttons(lobby, "acc")[0].custom_id)
    shown = text(board(thread_of(table)))
    assert "Partie #1" in shown and "du bist am Zug" in shown and "your turn" not in shown
    refusal = reply(await anna.slash(thread_of(table), "match takeback")).content
    assert "Partie" not in refusal, "a player's private answer stays in their own language"

    assert "Discord" in reply(await admin.slash(table.channel, "config", language="discord")).content
    await anna.slash(table.channel, "play senet", opponent=bernd)
    assert "invites" in table.channel.last_message.content, "back to the server's Discord language"


async def test_the_choice_is_stored_with_the_settings_and_loaded_with_a_match(any_database_url):
    repository = Repository(await open_database(any_database_url), {})
    await repository.db.migrate()
    try:
        saved = await repository.update_settings(5, lambda current: {"language": "de"})
        assert saved == GuildSettings(5, language="de") == await repository.settings_for(5)
        assert (await repository.update_settings(5, lambda current: {"language": None})).language is None
        assert (await repository.settings_for(5)).language is None
    finally:
        await repository.db.close()
