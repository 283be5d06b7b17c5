"""Seasons end to end through SimCord, on its virtual clock: an admin starts one, matches finish
(quickly: someone resigns), anyone reads the standings, the season ends by its end time across a
restart or by /season end, its final table is posted where it started, and each game's top three
show their badge on /stats. Bad input gets a private answer and changes nothing."""

import pytest

from tests.helpers import admin_of, make_table, reply, thread_of
from tests.l10n.test_bot_german import english_in

DAY = 24 * 3600


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(sweep_seconds=600)


async def resigned_senet(table, host, guest, loser, accept="Accept"):
    """A Senet match of `host` and `guest` that `loser` resigns (`accept`: the invitation's button,
    in the server's language)."""
    await host.slash(table.channel, "play senet", opponent=guest)
    await guest.click(table.channel.last_message, label=accept)
    asked = await loser.slash(thread_of(table), "match resign")
    await loser.click(asked.response, label="Yes, resign")


async def advance(env, seconds: float) -> None:
    while seconds > 0:
        await env.advance_time(min(seconds, 3600))
        seconds -= 3600


def private(result) -> str:
    message = reply(result)
    assert message.flags.ephemeral, message.content
    return message.content


def public(result) -> str:
    message = reply(result)
    assert not message.flags.ephemeral, message.content
    return message.content


async def season_rows(env) -> list[tuple]:
    rows = await env.bot.service.repository.db.fetchall(
        "SELECT number, name, ended_at FROM seasons ORDER BY id"
    )
    return [tuple(row) for row in rows]


def final_tables(channel) -> list[str]:
    return [m.content for m in channel.history() if m.content.startswith("🏆")]


async def test_a_season_ends_at_its_end_time_across_a_restart(simcord_env, make_bot):
    env = simcord_env
    table = make_table(env, ["alice", "bob", "carol"])
    alice, bob, carol = table.players
    admin = admin_of(env, table)

    assert "Only members with Manage Server" in private(await alice.slash(table.channel, "season start"))
    assert await season_rows(env) == []
    started = public(await admin.slash(table.channel, "season start", name="Spring", weeks=1))
    assert started.startswith("🏁 **Spring** has started!") and "It ends <t:" in started
    refused = private(await admin.slash(table.channel, "season start", name="Again"))
    assert "Spring is still running here" in refused
    assert [(number, name) for number, name, _ in await season_rows(env)] == [(1, "Spring")]

    await resigned_senet(table, alice, bob, bob)
    await resigned_senet(table, alice, carol, alice)
    await resigned_senet(table, carol, bob, bob)
    standings = public(await bob.slash(table.channel, "season standings", game="senet")).splitlines()
    assert standings[0].startswith("**Spring** standings (ends <t:")
    # carol 2 wins; alice 1 win in 2; bob none in 2
    assert standings[1:] == [
        "**Martian Senet**",
        "1. carol — 2 pts (2 played, 2 won)",
        "2. alice — 1 pts (2 played, 1 won)",
        "3. bob — 0 pts (2 played, 0 won)",
    ]

    env.bot.get_cog("Seasons").sweep_seasons.cancel()  # the bot is down when the week runs out
    await advance(env, 7 * DAY + 60)
    assert final_tables(table.channel) == []
    await env.restart_bot(make_bot(sweep_seconds=600))
    await advance(env, 1)
    [final] = final_tables(table.channel)
    assert final.splitlines() == [
        "🏆 **Spring** is over. The final table:",
        "**Martian Senet**",
        "1. carol — 2 pts (2 played, 2 won)",
        "2. alice — 1 pts (2 played, 1 won)",
        "3. bob — 0 pts (2 played, 0 won)",
    ]
    await advance(env, 2 * 600)
    assert len(final_tables(table.channel)) == 1  # posted once

    await resigned_senet(table, alice, bob, alice)  # after the season: ratings only
    after = public(await alice.slash(table.channel, "season standings")).splitlines()
    assert (
        after[0].startswith("**Spring** standings (ended <t:")
        and after[2] == "1. carol — 2 pts (2 played, 2 won)"
    )
    leaderboard = public(await alice.slash(table.channel, "leaderboard", game="senet"))
    assert "bob — " in leaderboard and "(3 played, 1 won)" in leaderboard  # ratings went on

    for player, badge in ((carol, "🥇"), (alice, "🥈"), (bob, "🥉")):
        stats = public(await player.slash(table.channel, "stats"))
        assert f"🏅 Seasons: {badge} Spring · Martian Senet." in stats, stats
        assert "Martian Senet: rating **" in stats and " ± " in stats


async def test_ending_a_season_by_command_and_the_refusals(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    admin = admin_of(env, table)
    elsewhere = table.guild.create_text_channel("league")

    assert "No season is running" in private(await admin.slash(table.channel, "season end"))
    assert "no season yet" in private(await alice.slash(table.channel, "season standings"))
    started = public(await admin.slash(elsewhere, "season start"))
    assert started.startswith("🏁 **Season 1** has started!") and "/season end" in started
    await resigned_senet(table, alice, bob, bob)
    empty = public(await alice.slash(table.channel, "season standings", game="mars")).splitlines()
    assert empty[1] == "No finished matches in this season yet."

    assert "Only members with Manage Server" in private(await alice.slash(table.channel, "season end"))
    assert [ended for _, _, ended in await season_rows(env)] == [None]
    answer = private(await admin.slash(table.channel, "season end"))
    assert answer == "Season 1 has ended; its final table is posted."
    [final] = final_tables(elsewhere)  # where the season started
    assert final.splitlines()[1:] == [
        "**Martian Senet**",
        "1. alice — 1 pts (1 played, 1 won)",
        "2. bob — 0 pts (1 played, 0 won)",
    ]
    assert final_tables(table.channel) == []
    assert "No season is running" in private(await admin.slash(table.channel, "season end"))
    await advance(env, 2 * 600)
    assert len(final_tables(elsewhere)) == 1

    assert "🏅 Seasons: 🥇 Season 1 · Martian Senet." in public(await alice.slash(table.channel, "stats"))
    assert "🏅 Seasons: 🥈 Season 1 · Martian Senet." in public(await bob.slash(table.channel, "stats"))
    again = public(await admin.slash(table.channel, "season start", weeks=4))
    assert again.startswith("🏁 **Season 2** has started!")


async def test_a_german_server_hears_about_its_season_in_german(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    admin = admin_of(env, table)
    await admin.slash(table.channel, "config", language="de")

    started = public(await admin.slash(table.channel, "season start", name="Frühling"))
    assert started.startswith("🏁 **Frühling** hat begonnen!") and not english_in(started), started
    await resigned_senet(table, alice, bob, alice, accept="Annehmen")
    standings = public(await alice.slash(table.channel, "season standings"))
    assert "1. bob — 1 Pkt. (1 gespielt, 1 gewonnen)" in standings and not english_in(standings), standings
    await admin.slash(table.channel, "season end")
    [final] = final_tables(table.channel)
    assert final.startswith("🏆 **Frühling** ist vorbei.") and not english_in(final), final
    stats = public(await bob.slash(table.channel, "stats"))
    assert "🏅 Saisons: 🥇 Frühling · Martian Senet." in stats and "Wertung **" in stats
