"""Turn reminders, turn clocks, /config and limits, with SimCord's virtual clock."""

import pytest

from tests.helpers import admin_of, board, buttons, dms, make_table, mover, reply, stored, text, thread_of

HOUR = 3600
SWEEP = 601  # these bots check deadlines every 10 minutes, so hours of virtual time pass quickly


async def advance(env, seconds: float) -> None:
    """Move the virtual clock on an hour at a time, letting the bot's checks run in between."""
    while seconds > 0:
        await env.advance_time(min(seconds, HOUR))
        seconds -= HOUR


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(sweep_seconds=600)


async def start_senet(table):
    alice, bob = table.players
    await alice.slash(table.channel, "play senet", opponent=bob)
    await bob.click(table.channel.last_message, label="Accept")
    return thread_of(table)


def reminders(player) -> list:
    return [m for m in dms(player) if m.content.startswith("⏰")]


async def test_one_reminder_after_the_delay_then_a_fresh_one_each_turn(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    thread = await start_senet(table)
    player = mover(table, thread)
    await advance(env, 11 * HOUR)
    assert reminders(player) == []
    await advance(env, HOUR + SWEEP)
    assert (
        len(reminders(player)) == 1
        and "it's your turn in **Martian Senet** #1" in reminders(player)[0].content
    )
    await advance(env, 24 * HOUR)
    assert len(reminders(player)) == 1  # only one per turn
    await player.click(board(thread), custom_id=buttons(board(thread), "act")[0].custom_id)
    assert (await stored(env)).reminder_due_at is not None  # the next decision has its own reminder


async def test_a_closed_dm_reminder_becomes_a_mention_in_the_thread(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    thread = await start_senet(table)
    player = mover(table, thread)
    env.inject_error("POST", "/channels/*/messages", status=403, code=50007, message="Cannot send", times=1)
    await advance(env, 12 * HOUR + SWEEP)
    assert f"⏰ <@{player.id}>, it's still your turn" in thread.last_message.content


async def test_config_panel_and_the_turn_clock_forfeit(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    admin = admin_of(env, table)
    assert "config" not in table.players[0].available_commands(table.channel)  # Manage Server only
    panel = await admin.slash(table.channel, "config", clock_hours=2.0, reminder_hours=1.0)
    assert panel.response.flags.ephemeral and "Turn clock: **2 h" in panel.response.content
    too_long = await admin.slash(table.channel, "config", reminder_hours=1000.0)
    assert "between 0.25 and 336" in too_long.response.content

    thread = await start_senet(table)
    late = mover(table, thread)
    other = next(p for p in table.players if p is not late)
    await advance(env, 2 * HOUR + SWEEP)
    match = await stored(env)
    assert match.status == "finished" and match.end_reason == f"timeout:{late.id}"
    final = board(thread)
    assert "ran out of time" in text(final) and f"{other.user.name}** wins" in text(final)
    assert len(reminders(late)) == 1  # the 1-hour reminder came first


async def test_a_clock_that_ran_out_while_the_bot_was_down_fires_on_start(simcord_env, make_bot):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    admin = admin_of(env, table)
    await admin.slash(table.channel, "config", clock_hours=2.0)
    thread = await start_senet(table)
    env.bot.get_cog("Deadlines").watch_deadlines.cancel()  # the bot is down: nothing watches the clock
    await advance(env, 3 * HOUR)
    assert (await stored(env)).status == "active"
    await env.restart_bot(make_bot(sweep_seconds=600))
    await advance(env, 1)
    assert (await stored(env)).end_reason.startswith("timeout:")
    assert "ran out of time" in text(board(thread))


async def test_threads_off_channel_allow_list_and_limits(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    admin = admin_of(env, table)
    games_room = table.guild.create_text_channel("games-room")
    await admin.slash(table.channel, "config", threads=False, allow_channel=games_room, max_open_lobbies=1)
    refused = await alice.slash(table.channel, "play senet", opponent=bob)
    assert f"Matches start in <#{games_room.id}>" in refused.response.content

    await alice.slash(games_room, "play senet", opponent=bob)
    second = await alice.slash(games_room, "play senet", opponent=bob)
    assert "open invitations here (the limit is 1)" in second.response.content
    await bob.click(games_room.history()[0], label="Accept")
    match = await stored(env)
    assert match.status == "active" and match.thread_id is None and table.channel.threads == []
    assert board(games_room).id == match.board_message_id

    panel = await admin.slash(table.channel, "config", any_channel=True)
    assert "`/play` works in: **any channel**" in panel.response.content
    answer = reply(await bob.slash(games_room, "match list"))
    assert "Martian Senet** #1" in answer.content
