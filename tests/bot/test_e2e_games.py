"""/games: a member's matches and invitations in every server they share with the bot, privately,
those waiting on them first, each with a jump link and its deadline (through SimCord)."""

import re

import pytest

from bot.discord_io import message_link
from tests.bot.test_e2e_deadlines import admin_of
from tests.helpers import Table, make_table, reply, stored, thread_of

HOUR = 3600


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(computer_delay_seconds=0)


async def mars(table: Table, opponent, first_player: str) -> int:
    """The first player starts a M.A.R.S. match against `opponent`, who accepts; its id."""
    host = table.players[0]
    await host.slash(
        table.channel, "play mars", opponent=opponent, objectives="deck", first_player=first_player
    )
    await opponent.click(table.channel.last_message, label="Accept")
    return max(m.id for m in await table.env.bot.repository.matches_of(host.id))


def listed(answer) -> list[str]:
    """The lines of a /games answer after its heading."""
    return answer.content.splitlines()[1:]


async def test_games_lists_every_server_waiting_on_the_member_first_with_links_and_deadlines(simcord_env):
    env = simcord_env
    home = make_table(env, ["alice", "bob", "dave"])
    alice, bob, dave = home.players
    away = Table(env, env.create_guild("Away"), None, [])
    away.channel = away.guild.create_text_channel("games")
    away.players = [away.guild.add_member(alice.user), away.guild.add_member(env.create_user("carol"))]
    _, carol = away.players
    await admin_of(env, away).slash(away.channel, "config", clock_hours=2.0)

    mine = await mars(home, bob, "1")  # alice moves first
    theirs = await mars(away, carol, "2")  # carol moves first
    await bob.slash(home.channel, "play trickery", opponent1=alice, opponent2=dave)  # awaits alice's answer
    invitation = await stored(env, theirs + 1)
    await alice.slash(home.channel, "seek senet")  # alice's own open challenge: waits on others
    seek = await stored(env, theirs + 2)
    resigned = await mars(away, carol, "1")  # over: not listed
    question = await away.players[0].slash(thread_of(away), "match resign")
    await away.players[0].click(question.response, label="Yes, resign")
    assert (await stored(env, resigned)).status == "finished"

    answer = reply(await alice.slash(home.channel, "games"))
    assert answer.ephemeral
    lines = listed(answer)
    assert [int(re.search(r"#(\d+)", line)[1]) for line in lines] == [invitation.id, mine, seek.id, theirs]
    assert [line.startswith("👉") for line in lines] == [True, True, False, False]

    first, second, third, fourth = lines
    assert (
        "**Martian Trickery**" in first
        and "Test Guild" in first
        and "invitation waiting for your answer" in first
    )
    assert message_link(home.guild.id, home.channel.id, invitation.lobby_message_id) in first
    assert f"<t:{int(invitation.lobby_expires_at)}:R>" in first  # its expiry

    match = await stored(env, mine)
    assert "your turn" in second and "Test Guild" in second
    assert message_link(home.guild.id, match.thread_id, match.board_message_id) in second
    assert match.clock_due_at is None and f"<t:{int(match.reminder_due_at)}:R>" in second  # no clock there

    assert "invitation waiting for 1 open seat" in third
    assert message_link(home.guild.id, home.channel.id, seek.lobby_message_id) in third
    assert f"<t:{int(seek.lobby_expires_at)}:R>" in third

    match = await stored(env, theirs)
    assert "Away" in fourth and "carol to move" in fourth
    assert message_link(away.guild.id, match.thread_id, match.board_message_id) in fourth
    assert f"<t:{int(match.clock_due_at)}:R>" in fourth  # the turn clock before the reminder
    assert match.clock_due_at == pytest.approx(env.now().timestamp() + 2 * HOUR, abs=60)

    # carol sees the same match waiting on her, and nothing of home's
    answer = reply(await carol.slash(away.channel, "games"))
    assert listed(answer) and listed(answer)[0].startswith(f"👉 **Agents of M.A.R.S.** #{theirs}")
    assert len(listed(answer)) == 1


async def test_games_skips_servers_the_bot_left_and_says_when_there_are_none(simcord_env):
    env = simcord_env
    home = make_table(env, ["alice", "bob", "erin"])
    alice, bob, erin = home.players
    gone = Table(env, env.create_guild("Gone"), None, [])
    gone.channel = gone.guild.create_text_channel("games")
    gone.players = [gone.guild.add_member(alice.user), gone.guild.add_member(env.create_user("carol"))]
    await mars(gone, gone.players[1], "1")
    await mars(home, bob, "1")
    env.backend.remove_guild(gone.guild.id)

    lines = listed(reply(await alice.slash(home.channel, "games")))
    assert len(lines) == 1 and "Test Guild" in lines[0] and "Gone" not in lines[0]
    none = reply(await erin.slash(home.channel, "games"))
    assert none.ephemeral and "You're in no match or invitation right now" in none.content


async def test_a_long_list_is_cut_to_one_message_saying_how_many_more(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice"])
    (alice,) = table.players
    admin = admin_of(env, table)
    await admin.slash(table.channel, "config", max_open_lobbies=20, max_matches_per_member=50)
    for _ in range(20):
        await alice.slash(table.channel, "seek senet")
    assert len(await env.bot.service.games_of(alice.id)) == 20

    answer = reply(await alice.slash(table.channel, "games"))
    lines = listed(answer)
    assert len(answer.content) <= 2000
    more = int(re.fullmatch(r"…and (\d+) more\.", lines[-1])[1])
    assert len(lines) - 1 + more == 20 and more > 0
    assert [int(re.search(r"#(\d+)", line)[1]) for line in lines[:-1]] == list(range(1, len(lines)))


async def test_servers_another_process_serves_are_asked_of_discord(simcord_env, make_bot):
    """With SHARD_IDS, a server on another process's shard isn't in this one's cache: /games asks
    Discord for it, and skips it when the bot has left it."""
    env = simcord_env
    await env.restart_bot(make_bot(shard_count=2, shard_ids=[0]))

    async def guild_on_shard(shard: int, name: str):
        """A server's shard is its id's millisecond, modulo the shards: the clock moves on until it fits."""
        for _ in range(4):
            guild = env.create_guild(name)
            if (guild.id >> 22) % 2 == shard:
                return guild
            await env.advance_time(0.001)
        raise AssertionError("no server on that shard")

    home = await guild_on_shard(0, "Home")
    channel = home.create_text_channel("games")
    alice = home.add_member(env.create_user("alice"))
    elsewhere, gone = await guild_on_shard(1, "Elsewhere"), await guild_on_shard(1, "Gone")
    assert env.bot.get_guild(elsewhere.id) is None  # not this process's
    for guild in (elsewhere, gone):
        guild.add_member(alice.user)
        await env.bot.service.create_lobby(
            "senet", guild_id=guild.id, channel_id=1, players=[(alice.id, "alice")], open_seats=1
        )
    env.backend.remove_guild(gone.id)

    lines = listed(reply(await alice.slash(channel, "games")))
    assert len(lines) == 1 and "Elsewhere" in lines[0]
