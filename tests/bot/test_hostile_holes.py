"""Hostile and racing use, end to end through SimCord: a server's admin reaching into another
server's matches with crafted buttons, two /config or ten /play arriving at the same moment,
clicks whose custom_id is no claim of ours, and an invitation cancelled while its last Accept
arrives. What the bot saved is read from the database file itself, with plain sqlite3, so the
checks don't rest on the code they check."""

import logging
import sqlite3
from contextlib import closing
from functools import partial

import discord
import simcord

from bot.components import BUTTON_KINDS, PREFIX, SELECT_KINDS
from tests.helpers import reply

CANCELLED = "Cancelled."  # what the cancel confirmation turns into when the cancel went through


# --- reading the database file


def rows(database_url: str, sql: str, params: tuple = ()) -> list[sqlite3.Row]:
    with closing(sqlite3.connect(database_url.removeprefix("sqlite:///"))) as conn:
        conn.row_factory = sqlite3.Row
        return conn.execute(sql, params).fetchall()


def match_row(database_url: str, match_id: int) -> sqlite3.Row:
    return rows(database_url, "SELECT * FROM matches WHERE id = ?", (match_id,))[0]


def match_ids(database_url: str, guild) -> list[int]:
    found = rows(database_url, "SELECT id FROM matches WHERE guild_id = ? ORDER BY id", (guild.id,))
    return [row["id"] for row in found]


# --- driving SimCord


def admin_role(guild):
    return guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))


async def forged_message(env, channel, buttons: tuple = (), selects: tuple = ()) -> discord.Message:
    """A message of the bot's with buttons and selects whose custom_ids the bot never made: what a
    modified client can claim to have clicked. SimCord only clicks components that exist on a
    message, so the message goes straight into SimCord's backend, never through the bot."""
    keys = [{"type": 2, "style": 2, "label": custom_id[:80], "custom_id": custom_id} for custom_id in buttons]
    menus = [
        {"type": 3, "custom_id": custom_id, "options": [{"label": "E", "value": "E"}]}
        for custom_id in selects
    ]
    action_rows = [keys[i : i + 5] for i in range(0, len(keys), 5)] + [[menu] for menu in menus]
    env.backend.create_message(
        channel.id,
        env.bot.user.id,
        "crafted",
        components=[{"type": 1, "components": row} for row in action_rows],
    )
    await env.settle()
    return channel.last_message


async def at_once(env, *verbs):
    """Run actor verbs (zero-argument callables, in this order) so that the bot receives every
    interaction before it handles any, as when Discord delivers them together; returns their
    InteractionResults, filled in once the bot has handled them all.

    SimCord refuses overlapping verbs (asyncio.gather of two slashes raises SetupError "operation
    overlaps active slash") and settles the bot after each one; here each verb only delivers its
    interaction, and one settle at the end runs all the handlers concurrently."""

    async def deliver_only(**_):
        return None

    env._settle_internal = deliver_only  # an instance attribute hides the method
    try:
        results = [await verb() for verb in verbs]
    finally:
        del env._settle_internal
    await env.settle()
    return results


def boards_in(channel) -> list[discord.Message]:
    """Board messages (they carry the board picture) in a channel and its threads."""
    return [
        message
        for place in (channel, *channel.threads)
        for message in place.history()
        if any(a.filename == "board.png" for a in message.attachments)
    ]


# --- 1. another server's admin


async def test_another_servers_members_cannot_cancel_play_or_rematch_its_matches(simcord_env, database_url):
    env = simcord_env
    home = env.create_guild("A")
    games = home.create_text_channel("games")
    alice, bob, carol, dave = (home.add_member(env.create_user(n)) for n in ("alice", "bob", "carol", "dave"))
    await alice.slash(games, "play senet", opponent=bob)  # an invitation
    await carol.slash(games, "play senet", opponent=dave)
    await dave.click(games.last_message, label="Accept")  # a match in progress
    invitation, running = match_ids(database_url, home)
    await alice.slash(games, "play senet", opponent=carol)
    await carol.click(games.last_message, label="Accept")
    asked = await alice.slash(games.threads[-1], "match resign")
    await alice.click(asked.response, label="Yes, resign")
    finished = match_ids(database_url, home)[-1]
    assert match_row(database_url, finished)["status"] == "finished"
    before = {i: tuple(match_row(database_url, i)) for i in (invitation, running, finished)}

    other = env.create_guild("B")
    lounge = other.create_text_channel("lounge")
    mallory = other.add_member(env.create_user("mallory"), roles=[admin_role(other)])
    for match_id in (invitation, running):
        crafted = f"m1:{match_id}:{match_row(database_url, match_id)['version']}:cancel"
        answer = reply(await mallory.click(await forged_message(env, lounge, [crafted]), custom_id=crafted))
        assert answer.ephemeral and answer.content != CANCELLED, (match_id, answer.content)

    # a player of A's running match, also a member of B, plays it from B with crafted buttons
    dave_in_b = other.add_member(dave.user)
    version = match_row(database_url, running)["version"]
    for crafted in (f"m1:{running}:{version}:play", f"m1:{running}:{version}:act:E"):
        answer = reply(await dave_in_b.click(await forged_message(env, lounge, [crafted]), custom_id=crafted))
        assert answer.ephemeral and "no such match in this server" in answer.content, answer.content

    # a player of A's finished match, also a member of B, asks for its rematch from B
    carol_in_b = other.add_member(carol.user)
    crafted = f"m1:{finished}:{match_row(database_url, finished)['version']}:rematch"
    answer = reply(await carol_in_b.click(await forged_message(env, lounge, [crafted]), custom_id=crafted))
    assert answer.ephemeral, answer.content
    assert rows(database_url, "SELECT COUNT(*) FROM matches")[0][0] == 3  # no rematch invitation anywhere
    assert {i: tuple(match_row(database_url, i)) for i in before} == before  # A's matches untouched


# --- 2. two /config at once


async def test_two_config_changes_at_the_same_moment_are_both_saved(simcord_env, database_url):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("admin")
    role = admin_role(guild)
    ann, ben = (guild.add_member(env.create_user(n), roles=[role]) for n in ("ann", "ben"))
    lost = []
    for round_number in range(20):
        hours, lobbies = 1.0 + round_number, 1 + round_number
        await at_once(
            env,
            partial(ann.slash, channel, "config", reminder_hours=hours),
            partial(ben.slash, channel, "config", max_open_lobbies=lobbies),
        )
        saved = rows(database_url, "SELECT * FROM guild_settings WHERE guild_id = ?", (guild.id,))[0]
        if (saved["reminder_hours"], saved["max_open_lobbies"]) != (hours, lobbies):
            lost.append((round_number, dict(saved)))
    assert not lost, f"a /config change was lost in {len(lost)} of 20 rounds, first: {lost[0]}"


# --- 3. ten /play at once


async def test_ten_play_commands_at_once_open_no_more_invitations_than_the_limit(simcord_env, database_url):
    env = simcord_env
    for round_number in range(3):
        guild = env.create_guild(f"round {round_number}")
        channel = guild.create_text_channel("games")
        host = guild.add_member(env.create_user("host"))
        guests = [guild.add_member(env.create_user(f"guest{i}")) for i in range(10)]
        plays = [partial(host.slash, channel, "play senet", opponent=guest) for guest in guests]
        results = await at_once(env, *plays)
        open_lobbies = rows(
            database_url,
            "SELECT COUNT(*) FROM matches WHERE guild_id = ? AND host_id = ? AND status = 'lobby'",
            (guild.id, host.id),
        )[0][0]
        assert 1 <= open_lobbies <= 3, (
            f"round {round_number}: {open_lobbies} open invitations, the limit is 3"
        )
        refused = [result for result in results if reply(result).ephemeral]
        assert len(refused) == 10 - open_lobbies  # everyone else was told why, privately


# --- 4. clicks that are no claim


async def test_a_click_whose_custom_id_is_no_claim_gets_a_private_answer(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    eve = guild.add_member(env.create_user("eve"))
    # "do" is a select's kind on a button, "act" a button's kind on a select
    buttons = ("m0:1:1:act:x", "m1:abc", "garbage", "m1:1:1:unknownkind", "m1:1:1:do")
    selects = ("m1:1:1:act:E", "m1:2:x")
    message = await forged_message(env, channel, buttons, selects)
    unanswered = []
    for custom_id in buttons + selects:
        if custom_id in buttons:
            result = await eve.click(message, custom_id=custom_id)
        else:
            result = await eve.select(message, ["E"], custom_id=custom_id)
        answer = reply(result)
        if not (result.acknowledged and answer is not None and answer.ephemeral and answer.content):
            unanswered.append(custom_id)
    assert not unanswered, f"no private answer (Discord shows 'This interaction failed') for {unanswered}"


# --- 5. cancel and the last Accept at once


async def test_cancelling_an_invitation_as_its_last_accept_arrives_has_exactly_one_winner(
    simcord_env, database_url
):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    role = admin_role(guild)
    for round_number in range(8):
        cancel_first = round_number % 2 == 1
        manager = round_number % 4 >= 2  # may cancel a match in progress, but not through a lapsed question
        host = guild.add_member(env.create_user(f"host{round_number}"), roles=[role] if manager else [])
        guest = guild.add_member(env.create_user(f"guest{round_number}"))
        await host.slash(channel, "play senet", opponent=guest)
        lobby = channel.last_message
        match_id = match_ids(database_url, guild)[-1]
        asked = await host.slash(channel, "match cancel", match_id=match_id)
        boards_before = len(boards_in(channel))
        accept = partial(guest.click, lobby, label="Accept")
        confirm = partial(host.click, asked.response, label="Yes, cancel it")
        if cancel_first:
            cancelled, accepted = await at_once(env, confirm, accept)
        else:
            accepted, cancelled = await at_once(env, accept, confirm)
        status = match_row(database_url, match_id)["status"]
        board_posted = len(boards_in(channel)) > boards_before
        where = f"round {round_number} (host manages the server: {manager}, cancel first: {cancel_first})"
        if status == "active":  # the Accept won: the board is up and the canceller was refused
            assert board_posted and not reply(accepted).ephemeral, where
            refusal = reply(cancelled)
            assert refusal.ephemeral and refusal.content != CANCELLED, f"{where}: {refusal.content!r}"
        else:  # the cancel won: no board, and the Accept was refused privately
            assert status == "cancelled", f"{where}: {status}"
            assert not board_posted, f"{where}: cancelled, yet its first board was posted"
            assert reply(accepted).ephemeral, (
                f"{where}: cancelled, yet the Accept got {reply(accepted).content!r}"
            )


async def test_a_forged_log_page_is_answered_privately_and_changes_no_public_message(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    await alice.slash(channel, "play senet", opponent=bob)
    await bob.click(channel.last_message, label="Accept")
    version = (await env.bot.service.load(1)).version
    garbled, page = f"m1:1:{version}:log:zz", f"m1:1:{version}:log:0"
    message = await forged_message(env, channel, (garbled, page))
    answer = reply(await bob.click(message, custom_id=garbled))
    assert answer.ephemeral and "isn't a page" in answer.content
    answer = reply(await bob.click(message, custom_id=page))
    assert answer.ephemeral and "page 1 of" in answer.content
    assert channel.history()[-1].content == "crafted", "the public message was not turned into a log page"


# --- 6. every kind of claim, on either component, and garbled


def database_contents(database_url: str) -> dict[str, list[tuple]]:
    """Every row of every table, to show that a click changed nothing."""
    tables = [row["name"] for row in rows(database_url, "SELECT name FROM sqlite_master WHERE type='table'")]
    return {table: [tuple(row) for row in rows(database_url, f"SELECT * FROM {table}")] for table in tables}


def forged_custom_ids(match_versions: dict[int, int]) -> list[str]:
    """Every kind of the custom_id grammar on each match (at its current version, bare and with an
    argument), then custom_ids that are garbled: too large, negative, cut short, unicode, too long."""
    well_formed = [
        f"{PREFIX}:{match_id}:{version}:{kind}{argument}"
        for match_id, version in match_versions.items()
        for kind in BUTTON_KINDS + SELECT_KINDS
        for argument in ("", ":E")
    ]
    garbled = [
        f"{PREFIX}:{10**18 - 1}:1:act:E",  # the largest match number a claim reads: no such match
        f"{PREFIX}:1:{10**9 - 1}:do",  # the largest version: far in the future
        f"{PREFIX}:{10**40}:1:cancel",
        f"{PREFIX}:1:{10**40}:resign",
        f"{PREFIX}:-1:1:act:E",
        f"{PREFIX}:1:-1:cancel",
        f"{PREFIX}:1:act",
        f"{PREFIX}::1:do",
        f"{PREFIX}:1:1:",
        f"{PREFIX}:1:1:act:",
        f"{PREFIX}:١:١:cancel",  # Arabic-Indic digits, which int() would read
        f"{PREFIX}:1:1:act:♜",
        f"{PREFIX}:1:1:ácт",
        f"{PREFIX}:1:1:log:" + "9" * 89,  # 100 characters
    ]
    return well_formed + garbled


async def test_every_forged_claim_on_a_button_or_a_select_is_refused_privately_without_an_error(
    simcord_env, database_url, caplog
):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob, carol, dave, eve = (
        guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol", "dave", "eve")
    )
    await alice.slash(channel, "play senet", opponent=bob)
    await bob.click(channel.last_message, label="Accept")  # match 1 is in progress
    await carol.slash(channel, "play senet", opponent=dave)  # match 2 is an invitation
    versions = {row["id"]: row["version"] for row in rows(database_url, "SELECT id, version FROM matches")}
    before = database_contents(database_url)
    caplog.set_level(logging.WARNING, logger="bot")
    caplog.set_level(logging.WARNING, logger="discord")

    unanswered = []  # eve plays in neither match and can't manage the server: no claim is hers to make
    for custom_id in forged_custom_ids(versions):
        # one message each, as a message can't hold the same custom_id twice
        as_button = await forged_message(env, channel, buttons=[custom_id])
        as_select = await forged_message(env, channel, selects=[custom_id])
        for delivery, result in (
            ("button", await eve.click(as_button, custom_id=custom_id)),
            ("select", await eve.select(as_select, ["E"], custom_id=custom_id)),
        ):
            answer = reply(result)
            if not (answer is not None and answer.ephemeral and answer.content):
                unanswered.append((delivery, custom_id))

    assert not unanswered, f"no private answer for {unanswered}"
    assert database_contents(database_url) == before
    errors = [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert not errors, "\n".join(f"{record.name}: {record.getMessage()}" for record in errors)
    simcord.assert_no_errors(env)
