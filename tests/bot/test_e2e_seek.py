"""`/seek <game>`: an open challenge any member may join, through SimCord with its virtual clock.
It fills with strangers in seat order, or with computer players on the host's word, and lapses
after its minutes; clicks it must refuse change nothing."""

import pytest

from bot.errors import MatchError
from bot.model import SETTING_LIMITS
from tests.bot.test_e2e_deadlines import admin_of
from tests.bot.test_hostile_holes import forged_message
from tests.helpers import buttons, make_table, reply, stored, thread_of

SWEEP = 30


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(computer_delay_seconds=0, sweep_seconds=SWEEP)


def reread(channel, message):
    return next(m for m in channel.history() if m.id == message.id)


async def seated(env, match_id: int = 1) -> list:
    return [(s.user_id, s.computer) for s in (await stored(env, match_id)).seats]


async def test_a_seek_for_four_is_filled_by_strangers_in_seat_order_and_starts(simcord_env, make_bot):
    env = simcord_env
    table = make_table(env, ["host", "bob", "carol", "dave", "erin"])
    host, bob, carol, dave, erin = table.players
    posted = await host.slash(table.channel, "seek trickery", players="4", pyramids="xeno")
    lobby = table.channel.last_message
    assert not posted.response.flags.ephemeral  # the challenge is the channel's
    assert lobby.content.count("🪑 open seat") == 3 and "anyone (3 open seats)" in lobby.content
    assert [b.label for b in buttons(lobby)] == ["Join", "Fill with computer players and start"]
    match = await stored(env)
    assert match.options["pyramids"] == "xeno"  # the engine's options, as /play takes them
    created = env.now().timestamp()
    assert match.lobby_expires_at == pytest.approx(created + 60 * 60, abs=5)  # the server's default

    own = await host.click(lobby, label="Join")
    assert reply(own).ephemeral and "your own invitation" in reply(own).content
    await bob.click(lobby, label="Join")
    lobby = reread(table.channel, lobby)
    assert "✅ bob" in lobby.content and lobby.content.count("🪑 open seat") == 2
    twice = await bob.click(lobby, label="Join")
    assert reply(twice).ephemeral and "already in this match" in reply(twice).content
    await env.restart_bot(make_bot(computer_delay_seconds=0, sweep_seconds=SWEEP))  # Join outlives it
    await carol.click(reread(table.channel, lobby), label="Join")
    assert (await stored(env)).status == "lobby"
    await dave.click(reread(table.channel, lobby), label="Join")

    match = await stored(env)
    assert match.status == "active"
    assert await seated(env) == [(host.id, None), (bob.id, None), (carol.id, None), (dave.id, None)]
    lobby = reread(table.channel, lobby)
    assert "has started" in lobby.content and not buttons(lobby)
    assert thread_of(table) is not None and thread_of(table).id == match.thread_id
    crafted = f"m1:{match.id}:0:join"  # a fifth member clicks Join on the message as it was
    late = await erin.click(await forged_message(env, table.channel, [crafted]), custom_id=crafted)
    assert reply(late).ephemeral and "already started" in reply(late).content
    assert await seated(env) == [(host.id, None), (bob.id, None), (carol.id, None), (dave.id, None)]


async def test_the_host_fills_a_seek_with_computer_players_and_only_the_host_may(simcord_env):
    env = simcord_env
    table = make_table(env, ["host", "bob", "carol"])
    host, bob, carol = table.players
    await host.slash(table.channel, "seek trickery", players="4", level="hard", hints=True)
    lobby = table.channel.last_message
    await bob.click(lobby, label="Join")
    lobby = reread(table.channel, lobby)
    not_host = await carol.click(lobby, label="Fill with computer players and start")
    assert reply(not_host).ephemeral and "Only the host" in reply(not_host).content
    assert (await stored(env)).status == "lobby"

    await host.click(lobby, label="Fill with computer players and start")
    match = await stored(env)
    assert match.status == "active" and match.hints_allowed
    assert await seated(env) == [(host.id, None), (bob.id, None), (None, "hard"), (None, "hard")]
    assert "has started" in reread(table.channel, lobby).content


async def test_a_seek_lapses_after_its_minutes_and_says_so(simcord_env):
    env = simcord_env
    table = make_table(env, ["host", "bob"])
    host, bob = table.players
    await host.slash(table.channel, "seek senet", minutes=15)
    lobby = table.channel.last_message
    expires = (await stored(env)).lobby_expires_at
    assert expires == pytest.approx(env.now().timestamp() + 15 * 60, abs=5)
    assert f"<t:{int(expires)}:R>" in lobby.content

    await env.advance_time(14 * 60)
    assert (await stored(env)).status == "lobby" and buttons(reread(table.channel, lobby))
    await env.advance_time(60 + SWEEP)
    match = await stored(env)
    assert match.status == "cancelled" and match.end_reason == "timeout"
    shown = reread(table.channel, lobby)
    assert not buttons(shown)
    assert "this invitation is closed: not every seat was taken in time" in shown.content

    crafted = f"m1:{match.id}:0:join"
    late = await bob.click(await forged_message(env, table.channel, [crafted]), custom_id=crafted)
    assert reply(late).ephemeral and "closed" in reply(late).content
    assert (await stored(env)).seats[1].user_id is None


async def test_a_seek_lasts_within_the_bounds_of_the_servers_setting(simcord_env):
    env = simcord_env
    table = make_table(env, ["host"])
    (host,) = table.players
    least, most = SETTING_LIMITS["open_invite_minutes"]
    command = env.bot.tree.get_command("seek").get_command("senet")
    minutes = command.get_parameter("minutes")
    assert (minutes.min_value, minutes.max_value) == (least, most)
    with pytest.raises(MatchError, match=f"from {least} to {most} minutes"):  # what Discord would not send
        await env.bot.service.create_lobby(
            "senet",
            guild_id=table.guild.id,
            channel_id=table.channel.id,
            players=[(host.id, "host")],
            open_seats=1,
            lasts=(least - 1) * 60,
        )
    assert await env.bot.repository.running_in(table.guild.id) == []


async def test_a_seek_keeps_to_the_servers_channels_and_limits(simcord_env):
    env = simcord_env
    table = make_table(env, ["host"])
    (host,) = table.players
    admin = admin_of(env, table)
    games_room = table.guild.create_text_channel("games-room")
    await admin.slash(table.channel, "config", allow_channel=games_room, max_open_lobbies=1)
    refused = await host.slash(table.channel, "seek senet")
    assert (
        refused.response.flags.ephemeral
        and f"Matches start in <#{games_room.id}>" in refused.response.content
    )
    await host.slash(games_room, "seek senet")
    second = await host.slash(games_room, "seek flood")
    assert second.response.flags.ephemeral and "(the limit is 1)" in second.response.content
    assert [m.status for m in await env.bot.repository.running_in(table.guild.id)] == ["lobby"]


async def test_forged_garbled_and_other_servers_joins_and_fills_change_nothing(simcord_env):
    env = simcord_env
    table = make_table(env, ["host", "bob"])
    host, bob = table.players
    await host.slash(table.channel, "seek trickery")
    before = await seated(env)

    other = env.create_guild("B")
    lounge = other.create_text_channel("lounge")
    mallory = other.add_member(env.create_user("mallory"))
    for crafted in ("m1:1:0:join", "m1:1:0:fill"):  # this server's seek, clicked in another server
        answer = reply(await mallory.click(await forged_message(env, lounge, [crafted]), custom_id=crafted))
        assert answer.ephemeral and "no such match in this server" in answer.content
    for garbled in ("m1:1:0:joinx", "m1:one:0:join", "m1:1:0:join:" + "x" * 70, "m2:1:0:join"):
        answer = reply(
            await bob.click(await forged_message(env, table.channel, [garbled]), custom_id=garbled)
        )
        assert answer.ephemeral and "no longer in use" in answer.content, garbled
    stale = "m1:1:7:join"  # a version the seek never had
    answer = reply(await bob.click(await forged_message(env, table.channel, [stale]), custom_id=stale))
    assert answer.ephemeral and "closed" in answer.content
    unknown = "m1:999:0:join"
    answer = reply(await bob.click(await forged_message(env, table.channel, [unknown]), custom_id=unknown))
    assert answer.ephemeral and "can't find that match" in answer.content
    match = await stored(env)
    assert match.status == "lobby" and await seated(env) == before


async def test_seek_offers_the_players_minutes_level_hints_and_plays_own_game_options(simcord_env):
    tree = simcord_env.bot.tree
    for kit in simcord_env.bot.kits.values():
        seek, play = (
            tree.get_command("seek").get_command(kit.id),
            tree.get_command("play").get_command(kit.id),
        )
        sizes = [str(n) for n in range(kit.engine.min_players, kit.engine.max_players + 1)]
        names = [p.name for p in seek.parameters]
        assert names == [*(["players"] if len(sizes) > 1 else []), "minutes", "level", "hints"] + [
            option.name for option in kit.engine.options
        ]
        if len(sizes) > 1:
            assert [c.value for c in seek.get_parameter("players").choices] == sizes
        for option in kit.engine.options:
            ours, theirs = seek.get_parameter(option.name), play.get_parameter(option.name)
            assert (ours.type, ours.description, ours.choices) == (
                theirs.type,
                theirs.description,
                theirs.choices,
            )
