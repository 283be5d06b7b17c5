"""How a server learns to start: the first message after the bot joins, and /help."""

import discord

from tests.helpers import make_table


async def test_joining_a_server_says_how_to_start_where_members_can_read_it(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    hidden = guild.create_text_channel("mods-only")
    general = guild.create_text_channel("general")
    hidden_channel = env.bot.get_channel(hidden.id)
    await hidden_channel.set_permissions(
        hidden_channel.guild.me, overwrite=discord.PermissionOverwrite(send_messages=False)
    )
    info = env.bot.get_cog("Info")
    assert "on_guild_join" in {name for name, _ in info.get_listeners()}
    await info.on_guild_join(env.bot.get_guild(guild.id))
    (welcome,) = general.history()
    assert "/play" in welcome.content and "/help" in welcome.content and "/rules" in welcome.content
    assert not hidden.history()


async def test_a_server_with_nowhere_to_speak_gets_no_message(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    closed = guild.create_text_channel("read-only")
    channel = env.bot.get_channel(closed.id)
    await channel.set_permissions(
        channel.guild.me, overwrite=discord.PermissionOverwrite(send_messages=False)
    )
    await env.bot.get_cog("Info").on_guild_join(env.bot.get_guild(guild.id))
    assert closed.history() == []


async def test_help_explains_how_to_start_take_backs_and_draws(simcord_env):
    table = make_table(simcord_env, ["alice"])
    answer = (await table.players[0].slash(table.channel, "help")).response.content
    assert "/play senet" in answer and "/match takeback" in answer and "/match draw" in answer
    assert len(answer) <= 2000


def test_a_long_help_is_cut_at_line_ends_into_messages_discord_accepts():
    from bot.cogs.info import messages_of

    text = "\n".join(f"line {n} " + "x" * 90 for n in range(60))
    parts = messages_of(text)
    assert len(parts) > 1 and all(len(part) <= 2000 for part in parts)
    assert "\n".join(parts) == text
