"""Computer players end to end through SimCord: matches against the computer, open seats,
substitutes after a resignation or a turn-clock forfeit, handing a seat over, and hints.

The computer players think in a real worker process, as in production; these bots play them
without the usual pause (the pause itself is checked with the virtual clock)."""

import random
import re

import discord
import pytest

from bot.components import claim_of
from tests.bot.test_e2e_mars import mars_step
from tests.bot.test_e2e_trickery import assert_board_hides_hands
from tests.bot.test_hostile_holes import forged_message
from tests.helpers import (
    board,
    buttons,
    dms,
    make_table,
    movers,
    play_one_action,
    reply,
    stored,
    text,
    thread_of,
)

HOUR = 3600


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(computer_delay_seconds=0)


def no_public_secrets(match, where) -> None:
    """Nothing only a seat may see (a computer player's cards or objective) is on the board."""
    shown = text(board(where)) + " " + " ".join(str(b.label) for b in buttons(board(where)))
    for seat in range(len(match.seats)):
        leaked = {
            token
            for token in match.state.secrets(seat)
            if re.search(rf"(?<!\w){re.escape(token)}(?!\w)", shown)
        }
        assert not leaked, (seat, leaked, shown)


async def play_until_the_end(table, where, step_once, *, restart_at=None, make_bot=None, limit=600):
    """The people to move play random legal choices through the UI; the computer players answer
    by themselves. Returns the number of human decisions."""
    rng = random.Random(5)
    for step in range(limit):
        match = await stored(table.env)
        if match.status != "active":
            return step
        no_public_secrets(match, where)
        assert movers(table, where), f"nobody named to act on the board: {text(board(where))!r}"
        if step == restart_at:
            await table.env.restart_bot(make_bot(computer_delay_seconds=0))
            await table.env.advance_time(1)
        await step_once(table, where, rng)
    raise AssertionError("the match did not finish")


async def test_play_mars_alone_is_a_match_against_the_computer_to_the_end_across_a_restart(
    simcord_env, make_bot
):
    env = simcord_env
    table = make_table(env, ["alice"])
    (alice,) = table.players
    started = await alice.slash(table.channel, "play mars", level="easy")
    assert "has started" in started.response.content and "Computer (easy)" in started.response.content
    thread = thread_of(table)
    match = await stored(env)
    assert [s.computer for s in match.seats] == [None, "easy"] and match.status == "active"
    steps = await play_until_the_end(table, thread, mars_step, restart_at=6, make_bot=make_bot)
    assert steps > 6
    match = await stored(env)
    assert match.status == "finished" and match.end_reason == "completed"
    computer_moves = [seat for seat, _ in await env.bot.service.action_log(match.id) if seat == 1]
    assert computer_moves, "the computer player moved"
    assert {m.channel.recipient.id for m in dms(alice)} == {alice.id}
    final = board(thread)
    assert "P2 Computer" in text(final) and buttons(final, "rematch")  # the score table names it
    leaderboard = reply(await alice.slash(table.channel, "leaderboard", game="mars"))
    assert "Computer (easy) — " in leaderboard.content and "alice — " in leaderboard.content
    stats = reply(await alice.slash(table.channel, "stats"))
    assert "1 played" in stats.content and "(1 of them with computer players)" in stats.content


async def test_trickery_with_two_computer_players_to_the_end_across_a_restart(simcord_env, make_bot):
    env = simcord_env
    table = make_table(env, ["alice"])
    (alice,) = table.players
    await alice.slash(table.channel, "play trickery", computers="2")
    thread = thread_of(table)
    match = await stored(env)
    assert [s.computer for s in match.seats] == [None, "normal", "normal"]
    rng = random.Random(3)
    for step in range(200):
        match = await stored(env)
        if match.status != "active":
            break
        await assert_board_hides_hands(env, thread)
        no_public_secrets(match, thread)
        if step == 10:
            await env.restart_bot(make_bot(computer_delay_seconds=0))
            await env.advance_time(1)
        assert movers(table, thread) == [alice], text(board(thread))  # only the person is named to act
        await play_one_action(table, thread, rng)
    match = await stored(env)
    assert match.status == "finished" and match.end_reason == "completed"
    # every DM went to alice, and each prompt was about her own hand
    assert all(m.channel.recipient.id == alice.id for m in dms(alice))
    seats = {seat for seat, _ in await env.bot.service.action_log(match.id)}
    assert seats == {0, 1, 2}


async def test_a_computer_player_waits_its_pause_and_a_due_turn_survives_a_restart(simcord_env, make_bot):
    env = simcord_env
    await env.restart_bot(make_bot(computer_delay_seconds=2))
    table = make_table(env, ["alice"])
    (alice,) = table.players
    await alice.slash(table.channel, "play senet", level="easy")
    thread = thread_of(table)
    match = await stored(env)
    computer = next(s.seat for s in match.seats if s.computer)
    while computer not in match.state.to_move:  # alice moves until the computer's turn comes
        await alice.click(board(thread), custom_id=buttons(board(thread), "act")[0].custom_id)
        match = await stored(env)
    assert "is thinking" in text(board(thread))  # its turn is due in 2 s
    version = match.version
    await env.advance_time(1)
    assert (await stored(env)).version == version, "not before its pause"
    env.bot.get_cog("ComputerTurns")._watching.cancel()  # the bot goes down with the turn due
    await env.advance_time(5)
    assert (await stored(env)).version == version
    await env.restart_bot(make_bot(computer_delay_seconds=2))
    await env.advance_time(1)
    after = await stored(env)
    assert after.version > version
    assert [seat for seat, _ in await env.bot.service.action_log(after.id)][version - 1] == computer


async def test_open_seats_are_joined_by_members_then_filled_with_computer_players(simcord_env):
    env = simcord_env
    table = make_table(env, ["host", "bob", "carol", "dave"])
    host, bob, carol, dave = table.players
    await host.slash(table.channel, "play trickery", open_seats="2", computers="1", level="hard")
    lobby = table.channel.last_message
    assert "🪑 open seat" in lobby.content and "🤖 Computer (hard)" in lobby.content
    assert [b.label for b in buttons(lobby)] == ["Join", "Fill with computer players and start"]
    match = await stored(env)
    created = env.bot.service.clock().timestamp()
    assert match.lobby_expires_at == pytest.approx(created + HOUR, abs=5)  # open seats: an hour by default

    await bob.click(lobby, label="Join")
    lobby = table.channel.last_message
    assert "✅ bob" in lobby.content and lobby.content.count("🪑 open seat") == 1
    again = await bob.click(lobby, label="Join")
    assert "already in this match" in reply(again).content
    not_host = await carol.click(lobby, label="Fill with computer players and start")
    assert "Only the host" in reply(not_host).content

    await host.click(lobby, label="Fill with computer players and start")
    match = await stored(env)
    assert match.status == "active"
    assert [(s.user_id, s.computer) for s in match.seats] == [
        (host.id, None),
        (bob.id, None),
        (None, "hard"),
        (None, "hard"),
    ]
    lobby = next(m for m in table.channel.history() if m.id == lobby.id)
    assert "has started" in lobby.content and not buttons(lobby)  # nothing left to join
    crafted = f"m1:{match.id}:0:join"
    late = await dave.click(await forged_message(env, table.channel, [crafted]), custom_id=crafted)
    assert "already started" in reply(late).content


async def test_a_member_taking_the_last_open_seat_starts_the_match(simcord_env):
    env = simcord_env
    table = make_table(env, ["host", "bob"])
    host, bob = table.players
    await host.slash(table.channel, "play senet", open_seats="1")
    await bob.click(table.channel.last_message, label="Join")
    match = await stored(env)
    assert match.status == "active" and [s.user_id for s in match.seats] == [host.id, bob.id]
    assert not match.has_computers


async def start_trickery_for_three(table):
    host, bob, carol = table.players
    await host.slash(table.channel, "play trickery", opponent1=bob, opponent2=carol)
    lobby = table.channel.last_message
    for guest in (bob, carol):
        await guest.click(lobby, label="Accept")
    return thread_of(table)


async def test_after_a_resignation_the_others_vote_a_computer_player_into_the_seat(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob", "carol"])
    _alice, bob, carol = table.players
    thread = await start_trickery_for_three(table)
    question = await carol.slash(thread, "match resign")
    assert "the others decide" in question.response.content
    await carol.click(question.response, label="Yes, resign")
    match = await stored(env)
    assert match.status == "active" and match.vacancy["seat"] == 2
    vote_board = board(thread)
    assert "resigned" in text(vote_board) and "at least half" in text(vote_board)
    assert [b.label for b in buttons(vote_board)] == ["A computer player takes the seat", "End the match"]
    assert not buttons(vote_board, "play") and not buttons(vote_board, "act")  # play is paused
    outsider = await carol.click(vote_board, label="End the match")
    assert "Only the players still in" in reply(outsider).content

    answer = await bob.click(vote_board, label="A computer player takes the seat")  # 1 of 2 is half
    assert "computer player takes the seat" in reply(answer).content
    match = await stored(env)
    seat = match.seats[2]
    assert match.vacancy is None and seat.computer == "normal" and seat.left_user_id == carol.id
    # the thread says who took the seat (the computer may have moved since: look back for it)
    assert any("now plays **P3**" in text(m) for m in thread.history())
    answered = next(m for m in thread.history() if m.id == vote_board.id)
    assert not buttons(answered)  # the question was answered: its buttons are gone
    # play goes on; the computer player answers for seat 3 by itself
    rng = random.Random(2)
    for _ in range(12):
        await play_one_action(table, thread, rng)
    log_seats = {seat for seat, _ in await env.bot.service.action_log(match.id)}
    assert 2 in log_seats


async def test_after_a_turn_clock_forfeit_an_undecided_seat_goes_to_a_computer_player(simcord_env, make_bot):
    env = simcord_env
    await env.restart_bot(make_bot(computer_delay_seconds=0, sweep_seconds=600))
    table = make_table(env, ["alice", "bob", "carol"])
    role = table.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = table.guild.add_member(env.create_user("root"), roles=[role])
    await admin.slash(table.channel, "config", clock_hours=1.0)
    thread = await start_trickery_for_three(table)
    late = movers(table, thread)[0]
    for _ in range(12):  # the clock runs out after an hour; the bot checks every 10 minutes
        await env.advance_time(300)
        match = await stored(env)
        if match.vacancy:
            break
    assert match.vacancy and match.vacancy["reason"] == "timeout" and match.vacancy["user_id"] == late.id
    assert "ran out of time" in text(board(thread))
    await env.advance_time(601)  # nobody voted within ten minutes
    await env.advance_time(601)
    match = await stored(env)
    seat = match.vacancy is None and next(s for s in match.seats if s.left_user_id == late.id)
    assert seat and seat.computer == "normal" and match.status == "active"


async def test_ending_by_vote_and_handing_a_seat_over(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob", "carol"])
    alice, bob, carol = table.players
    thread = await start_trickery_for_three(table)
    question = await bob.slash(thread, "match handover")
    await bob.click(question.response, label="Yes, hand it over")
    match = await stored(env)
    assert match.seats[1].computer == "normal" and match.seats[1].left_user_id == bob.id
    assert match.seats[1].resigned and match.status == "active"

    question = await carol.slash(thread, "match resign")
    await carol.click(question.response, label="Yes, resign")
    # alice is the only one left to decide: her vote to end decides at once
    await alice.click(board(thread), label="End the match")
    match = await stored(env)
    assert match.status == "finished" and match.end_reason == f"resigned:{carol.id}"
    assert "resigned" in text(board(thread))


async def test_a_hint_is_private_and_noted_in_the_record(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    await alice.slash(table.channel, "play senet", opponent=bob, hints=True)
    await bob.click(table.channel.last_message, label="Accept")
    thread = thread_of(table)
    player = movers(table, thread)[0]
    other = bob if player is alice else alice
    assert buttons(board(thread), "hint")
    refused = await other.click(board(thread), custom_id=buttons(board(thread), "hint")[0].custom_id)
    assert "not your turn" in reply(refused).content
    answer = reply(await player.click(board(thread), custom_id=buttons(board(thread), "hint")[0].custom_id))
    assert answer.flags.ephemeral and answer.content.startswith("💡 Suggested: ")
    (play_it,) = buttons(answer, "act")
    suggested = claim_of(play_it.custom_id).argument
    match = await stored(env)
    legal = [str(a) for a in match.state.legal_actions(match.seat_of(player.id))]
    assert suggested in legal
    assert await env.bot.service.hints_of(match.id) == [(0, match.seat_of(player.id), suggested)]

    question = await other.slash(thread, "match resign")
    await other.click(question.response, label="Yes, resign")
    record = next(a for a in board(thread).attachments if a.filename.endswith("record.txt"))
    text = env.backend.cdn.get(record.url).decode()
    assert f"# Hint: P{match.seat_of(player.id) + 1} asked before action 1 (suggested {suggested})." in text


async def test_hints_are_off_unless_the_match_allows_them(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    await alice.slash(table.channel, "play senet", opponent=bob)
    await bob.click(table.channel.last_message, label="Accept")
    thread = thread_of(table)
    assert not buttons(board(thread), "hint")
    match = await stored(env)
    crafted = f"m1:{match.id}:{match.version}:hint"
    player = movers(table, thread)[0]
    answer = await player.click(await forged_message(env, thread, [crafted]), custom_id=crafted)
    assert "Hints are off" in reply(answer).content
    assert await env.bot.service.hints_of(match.id) == []


async def test_another_servers_members_cannot_join_fill_vote_hint_or_hand_over_with_crafted_buttons(
    simcord_env,
):
    env = simcord_env
    table = make_table(env, ["alice", "bob", "carol", "dave"])
    alice, bob, carol, dave = table.players
    await alice.slash(table.channel, "play senet", open_seats="1")  # an invitation with an open seat
    await bob.slash(table.channel, "play trickery", opponent1=carol, opponent2=dave, hints=True)
    lobby = table.channel.last_message
    for guest in (carol, dave):
        await guest.click(lobby, label="Accept")
    question = await dave.slash(thread_of(table), "match resign")
    await dave.click(question.response, label="Yes, resign")  # match 2 now waits for a vote
    before = [
        (m.status, m.version, m.vacancy, [s.user_id for s in m.seats])
        for m in [await stored(env, 1), await stored(env, 2)]
    ]

    other = env.create_guild("B")
    lounge = other.create_text_channel("lounge")
    crafted_by = {
        other.add_member(env.create_user("mallory")): ["m1:1:0:join", "m1:1:0:fill"],
        other.add_member(bob.user): [
            f"m1:2:{before[1][1]}:{kind}" for kind in ("sub", "end", "hint", "handover")
        ],
    }
    for member, claims in crafted_by.items():
        for crafted in claims:
            answer = reply(
                await member.click(await forged_message(env, lounge, [crafted]), custom_id=crafted)
            )
            assert answer.ephemeral and "no such match in this server" in answer.content, (
                crafted,
                answer.content,
            )
    after = [
        (m.status, m.version, m.vacancy, [s.user_id for s in m.seats])
        for m in [await stored(env, 1), await stored(env, 2)]
    ]
    assert after == before
    assert await env.bot.service.hints_of(2) == []


async def test_two_computer_players_are_named_apart(simcord_env):
    """Seats of one level used to share one name ("Computer (normal)") in the thread's title, the
    invitation and the log."""
    env = simcord_env
    table = make_table(env, ["alice"])
    (alice,) = table.players
    await alice.slash(table.channel, "play trickery", computers="2")
    thread = thread_of(table)
    named_apart = ("Computer 1 (normal)", "Computer 2 (normal)")
    for where in (thread.name, table.channel.last_message.content):
        assert all(name in where for name in named_apart), where
    for _ in range(3):  # each computer player has played a card by then
        await play_one_action(table, thread, random.Random(5))
    log = text(reply(await alice.slash(thread, "match log")))
    # The match's seed is drawn afresh, so a computer player may have led every card it played.
    assert all(f"{name} played" in log or f"{name} led" in log for name in named_apart), log
