"""Take-backs and draws end to end through SimCord: `/match takeback` and `/match draw`, the request
posted in the match thread with Agree and Refuse, who may press them, and what the board, the
log, the record and the leaderboard show afterwards."""

import re

from games import GAMES, replay_actions
from tests.bot.test_e2e_mars import mars_match
from tests.helpers import board, buttons, make_table, reply, start_match, stored, text, thread_of

PIECE = re.compile(r"You drew the \*\*.*\((\w\d)\)\*\*")


def request_in(thread):
    """The latest request message in the thread (posted with Agree and Refuse)."""
    return next(m for m in thread.history() if "Everyone must agree" in (m.content or ""))


def now(thread, message):
    """The message as it is now (answers edit it)."""
    return next(m for m in thread.history() if m.id == message.id)


async def test_a_placement_is_taken_back_when_the_opponent_agrees(simcord_env):
    env = simcord_env
    table, alice, bob, thread = await mars_match(env, objectives="deck", first_player="1")
    drawn = reply(await alice.slash(thread, "move", action="D"))
    piece = PIECE.search(drawn.content)[1]
    await alice.slash(thread, "move", action=f"{piece}@a1")
    placed = await stored(env)
    log = await env.bot.service.action_log(1)

    refused = reply(await bob.slash(thread, "match takeback"))
    assert "your own last decision" in refused.content
    asked = reply(await alice.slash(thread, "match takeback"))
    assert "Asked" in asked.content
    request = request_in(thread)
    assert f"<@{bob.user.id}>" in request.content and f"`{piece}@a1`" in request.content

    stranger = table.guild.add_member(env.create_user("carol"))
    answer = reply(await stranger.click(request, label="Agree"))
    assert "Only the other players" in answer.content
    answer = reply(await alice.click(request, label="Agree"))
    assert "Only the other players" in answer.content
    assert (await stored(env)).version == placed.version  # nothing changed

    await bob.click(request, label="Agree")
    back = await stored(env)
    assert "✅ Agreed" in now(thread, request).content and not buttons(now(thread, request))
    assert await env.bot.service.action_log(1) == log[:-1]
    replayed = replay_actions(GAMES["mars"], 2, back.seed, back.options, log[:-1])
    assert back.state.to_json() == replayed.to_json() and back.state.to_move == (0,)
    assert "took back" in text(board(thread))

    # the piece drawn stays drawn: alice places it again, elsewhere
    await alice.slash(thread, "move", action=f"{piece}@a2")
    assert (await env.bot.service.action_log(1))[-1] == (0, f"{piece}@a2")
    notes = await env.bot.publisher.endings.record_notes(await stored(env))
    assert notes == [f"Taken back, as the others agreed: P1's action 2 ({piece}@a1)."]


async def test_a_refused_request_changes_nothing_and_a_draw_roll_cannot_be_taken_back(simcord_env):
    env = simcord_env
    _, alice, bob, thread = await mars_match(env, objectives="deck", first_player="1")
    await alice.slash(thread, "move", action="D")
    refused = reply(await alice.slash(thread, "match takeback"))
    assert "can't be taken back" in refused.content  # the draw showed a piece from the bag

    await alice.slash(thread, "match draw")
    request = request_in(thread)
    await bob.click(request, label="Refuse")
    assert f"❌ Refused by <@{bob.user.id}>" in now(thread, request).content
    assert (await stored(env)).status == "active" and (await stored(env)).request is None
    assert not buttons(now(thread, request))

    await alice.slash(thread, "match draw")  # asked again, then alice plays on: the request lapses
    request = request_in(thread)
    legal = [str(a) for a in (await stored(env)).state.legal_actions(0)]
    await alice.slash(thread, "move", action=legal[0])
    before = await stored(env)
    lapsed = reply(await bob.click(request, label="Agree"))
    assert "lapsed" in lapsed.content and (await stored(env)).version == before.version


async def test_an_agreed_draw_ends_the_match_and_counts_as_a_draw(simcord_env, make_bot):
    """The request outlives a restart: its buttons and its state are in the database."""
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    await start_match(table, "senet")
    thread = thread_of(table)
    reply(await bob.slash(thread, "match draw"))
    request = request_in(thread)
    assert "offers a draw" in request.content
    await env.restart_bot(make_bot())
    await alice.click(request, label="Agree")
    ended = await stored(env)
    assert (ended.status, ended.end_reason) == ("finished", "draw")
    assert "a draw" in text(board(thread)) and not buttons(board(thread), "act")
    assert (await env.bot.publisher.endings.record_notes(ended))[
        -1
    ] == "Ended here by the players' agreement: a draw."
    leaderboard = reply(await alice.slash(table.channel, "leaderboard", game="senet"))
    # level: both keep mu 25 and only get surer, (25 - 3 × 8.08) × 40 = 32, sharing first place
    assert "1. alice — 32 (1 played, 0 won)\n1. bob — 32 (1 played, 0 won)" in leaderboard.content
