"""Around the match: /match list, board, resign, cancel; the end with its record, seed and rematch;
/stats and /leaderboard. Driven through SimCord with short Senet and M.A.R.S. matches."""

import io
import random

import discord
from PIL import Image

from games import GAMES
from games.record import commitment, parse_record, replay_record
from tests.helpers import board, buttons, make_table, mover, reply, stored, text, thread_of

SENET = GAMES["senet"]


async def start_senet(table, host=None, guest=None):
    host = host or table.players[0]
    guest = guest or table.players[1]
    await host.slash(table.channel, "play senet", opponent=guest)
    await guest.click(table.channel.last_message, label="Accept")
    return thread_of(table)


def attachment_text(env, message, suffix: str) -> str:
    attachment = next(a for a in message.attachments if a.filename.endswith(suffix))
    return env.backend.cdn.get(attachment.url).decode()


async def play_senet_to_the_end(table, thread, rng):
    for _ in range(1500):
        if "wins Martian Senet" in text(board(thread)):
            return
        await mover(table, thread).click(
            board(thread), custom_id=rng.choice(buttons(board(thread), "act")).custom_id
        )
    raise AssertionError("the match did not finish")


async def test_the_end_reveals_the_seed_and_attaches_a_replayable_record_with_a_rematch(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    thread = await start_senet(table)
    match = await stored(env)
    # the seed's commitment is published with the start (the thread's first message), not on the board
    started = next(m for m in table.channel.history() if "has started" in m.content)
    assert f"`{commitment(match.seed)}`" in started.content
    assert commitment(match.seed) not in text(board(thread))
    await play_senet_to_the_end(table, thread, random.Random(4))
    final = board(thread)
    match = await stored(env)
    assert f"Seed `{match.seed}`" in text(final)
    assert "python -m" not in text(final)  # developers' commands live in README
    record = parse_record(attachment_text(env, final, "record.txt"))
    assert record.seed == match.seed and record.commitment == commitment(match.seed)
    assert replay_record(record).to_json() == match.state.to_json()

    alice, bob = table.players
    asked = reply(await bob.click(final, label="Rematch"))
    assert asked.message.flags.ephemeral and "Rematch invitation posted" in asked.content
    lobby = table.channel.last_message
    assert "match #2" in lobby.content and "invites" in lobby.content
    rematch = await stored(env, 2)
    assert rematch.rematch_of == 1 and [s.user_id for s in rematch.seats] == [bob.id, alice.id]
    assert rematch.seats[0].accepted and not rematch.seats[1].accepted
    await alice.click(lobby, label="Accept")
    assert (await stored(env, 2)).status == "active"


async def test_resigning_asks_first_then_ends_the_match_for_everyone(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    thread = await start_senet(table)
    asked = await alice.slash(thread, "match resign")
    assert asked.response.flags.ephemeral and "your opponent wins" in asked.response.content
    assert (await stored(env)).status == "active"  # nothing happens before the confirmation
    await alice.click(asked.response, label="Yes, resign")
    match = await stored(env)
    assert match.status == "finished" and match.seats[0].resigned
    final = board(thread)
    assert "alice** resigned" in text(final) and "P2 bob** wins" in text(final)
    assert [b.label for b in buttons(final)] == ["Rematch"]
    record = parse_record(attachment_text(env, final, "record.txt"))
    assert record.seed == match.seed
    again = await bob.slash(thread, "match resign")
    assert "no match in progress" in again.response.content


async def test_cancel_rules_for_the_host_members_and_admins(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    admin_role = table.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = table.guild.add_member(env.create_user("root"), roles=[admin_role])

    await alice.slash(table.channel, "play senet", opponent=bob)
    lobby = table.channel.last_message
    refused = (await bob.slash(table.channel, "match cancel", match_id=1)).response
    assert "Only the host can cancel" in refused.content and not buttons(refused)  # refused before asking
    assert (await stored(env)).status == "lobby"
    asked = await alice.slash(table.channel, "match cancel")
    await alice.click(asked.response, label="Yes, cancel it")
    assert (await stored(env)).status == "cancelled"
    assert "cancelled it" in table.channel.history()[0].content or "cancelled it" in lobby.content

    thread = await start_senet(table)
    refused = (await alice.slash(thread, "match cancel")).response
    assert "Manage Server" in refused.content and not buttons(refused)
    assert (await stored(env, 2)).status == "active"
    listed = await admin.slash(table.channel, "match list")
    assert "Martian Senet** #2" in listed.response.content
    asked = await admin.slash(table.channel, "match cancel", match_id=2)
    await admin.click(asked.response, label="Yes, cancel it")
    assert (await stored(env, 2)).status == "cancelled"
    assert "cancelled by" in text(board(thread)) and not buttons(board(thread))
    listed = await admin.slash(table.channel, "match list")
    assert "No invitations are open" in listed.response.content


async def test_cancel_in_a_thread_by_a_member_not_playing_is_refused_before_any_question(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob", "carol", "dan"])
    carol, dan = table.players[2:]
    admin_role = table.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = table.guild.add_member(env.create_user("root"), roles=[admin_role])
    eve = table.guild.add_member(env.create_user("eve"))
    thread = await start_senet(table)  # alice and bob play match 1
    await carol.slash(table.channel, "play senet", opponent=dan)  # carol hosts invitation 2 elsewhere

    # eve plays nowhere; carol's own invitation is not the match of this thread
    for spectator, options in ((eve, {}), (eve, {"match_id": 1}), (carol, {})):
        answer = (await spectator.slash(thread, "match cancel", **options)).response
        assert answer.ephemeral and not buttons(answer), (spectator.user.name, options, answer.content)
        assert answer.content == (
            "Only the host can cancel an invitation, and only members with Manage Server "
            "can cancel a match in progress."
        ), (spectator.user.name, options)
    assert [(await stored(env, i)).status for i in (1, 2)] == ["active", "lobby"]

    # a member who manages the server may cancel the match without playing in it: asked first
    asked = (await admin.slash(thread, "match cancel")).response
    assert (
        asked.ephemeral and "#1" in asked.content and [b.label for b in buttons(asked)] == ["Yes, cancel it"]
    )
    assert (await stored(env)).status == "active"
    await admin.click(asked, label="Yes, cancel it")
    assert (await stored(env)).status == "cancelled"


async def test_match_board_reposts_the_current_board(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice, _ = table.players
    thread = await start_senet(table)
    old = board(thread)
    answer = reply(await alice.slash(thread, "match board"))
    fresh = board(thread)
    assert fresh.id != old.id and "Here is the current board again" in text(fresh)
    old = next(m for m in thread.history() if m.id == old.id)
    assert not buttons(old) and buttons(fresh) and "Done" in answer.content
    assert (await stored(env)).board_message_id == fresh.id


async def test_stats_and_leaderboard_after_finished_matches(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    thread = await start_senet(table)
    asked = await alice.slash(thread, "match resign")
    await alice.click(asked.response, label="Yes, resign")  # a resignation counts as a loss
    winner = bob
    result = await alice.slash(table.channel, "leaderboard", game="senet")
    message = reply(result)
    first_line = message.content.split("\n")[1]
    assert (
        first_line.startswith(f"1. {winner.user.name}") and "— 138 " in first_line
    )  # (27.635 - 3 × 8.07) × 40, see test_ratings
    picture = Image.open(io.BytesIO(env.backend.cdn.get(message.attachments[0].url)))
    assert picture.width == 600
    mine = reply(await bob.slash(table.channel, "stats"))
    assert "1 played" in mine.content
    assert mine.attachments[0].filename == "stats.png"
    empty = reply(await alice.slash(table.channel, "leaderboard", game="flood"))
    assert "No finished matches yet" in empty.content


async def test_a_resignation_cut_short_by_a_restart_is_announced_after_it(simcord_env, make_bot):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    await alice.slash(table.channel, "play mars", opponent=bob, objectives="deck")
    await bob.click(table.channel.last_message, label="Accept")
    thread = thread_of(table)
    dms_before = [len(p.user.dm_channel.history()) for p in table.players]
    await env.bot.service.resign(1, alice.id)  # saved, then the bot stops before telling anyone
    await env.restart_bot(make_bot())
    await env.advance_time(1)
    final = board(thread)
    assert "alice** resigned" in text(final) and "Seed `" in text(final)
    assert [len(p.user.dm_channel.history()) for p in table.players] == dms_before  # no new prompts


async def test_play_commands_ask_for_the_players_each_game_needs(simcord_env):
    """`/play <game>` offers opponents up to the engine's maximum (none required: seats nobody
    takes go to computer players), computer players, open seats, their level and hints, and every
    engine option with its labelled choices."""
    from bot.commands import SEATING_OPTIONS
    from bot.kits import KITS

    play = simcord_env.bot.tree.get_command("play")
    for kit in KITS.values():
        command = play.get_command(kit.id)
        members = [p for p in command.parameters if p.name.startswith("opponent")]
        assert not [p for p in members if p.required]
        assert len(members) == kit.engine.max_players - 1
        seating = [p.name for p in command.parameters if p.name in SEATING_OPTIONS]
        assert seating == list(SEATING_OPTIONS)
        assert [c.value for c in command.get_parameter("computers").choices] == [
            str(n) for n in range(kit.engine.max_players)
        ]
        options = {
            p.name: p
            for p in command.parameters
            if not p.name.startswith("opponent") and p.name not in SEATING_OPTIONS
        }
        assert list(options) == [option.name for option in kit.engine.options]
        for option in kit.engine.options:
            offered = [choice.name for choice in options[option.name].choices]
            if set(option.choices) != {False, True}:
                assert offered == [option.label(choice) for choice in option.choices]
