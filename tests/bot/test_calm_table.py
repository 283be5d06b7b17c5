"""A calm table: how many messages, mentions and DMs a match costs, counted through SimCord.

Every game is played by people typing random legal moves with `/move`: brisk players act at once,
players who are away let more than the server's `away_minutes` pass before each move. The counts
are what Discord would show: messages the bot created in the thread (edits don't count), users
pinged by them, and messages created in each player's DMs."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from bot.model import GuildSettings
from tests.helpers import board, buttons, dms, make_table, start_match, stored, thread_of

AWAY_SECONDS = GuildSettings(0).away_minutes * 60 + 30
PLAYERS = {"trickery": 3, "mars": 2, "senet": 2, "flood": 3, "combat": 2}
MAX_ACTIONS = 400  # Trickery and Senet end well within this; the others are counted per turn


@dataclass
class Counts:
    actions: int
    turns: int  # times the turn passed to another person
    thread_messages: int
    mentions: int
    dms: list[int]  # per player
    finished: bool

    def per_turn(self, value: float) -> float:
        return value / max(1, self.turns)


def count_pings(env) -> list[tuple[int, int]]:
    """(channel id, user id) for every user pinged by a message as it was posted: what Discord
    notifies. (An edit never notifies, so pings are read when the message appears.)"""
    pinged = []

    async def on_message(message) -> None:
        stored_message = env.backend.get_message(message.channel.id, message.id)
        pinged.extend((message.channel.id, user) for user in stored_message.ping_user_ids)

    env.bot.add_listener(on_message, "on_message")
    return pinged


async def play(env, game: str, *, away: bool, actions: int = MAX_ACTIONS, seed: int = 1) -> Counts:
    table = make_table(env, ["alice", "bob", "carol", "dave"][: PLAYERS[game]])
    pinged = count_pings(env)
    await start_match(table, game)
    thread = thread_of(table)
    rng = random.Random(seed)
    played = turns = 0
    last_seat = None
    while played < actions:
        match = await stored(env)
        if match.status != "active":
            break
        seat = match.state.to_move[0]
        legal = [str(action) for action in match.state.legal_actions(seat)]
        if away:
            await env.advance_time(AWAY_SECONDS)
        player = table.by_id(match.seats[seat].user_id)
        await player.slash(thread, "move", action=rng.choice(legal))
        turns += seat != last_seat
        last_seat = seat
        played += 1
    mine = [m for m in thread.history() if m.author.bot]
    counts = Counts(
        actions=played,
        turns=turns,
        thread_messages=len(mine),
        mentions=sum(1 for channel, _ in pinged if channel == thread.id),
        dms=[len(dms(player)) for player in table.players],
        finished=(await stored(env)).status == "finished",
    )
    print(f"{game} {'away' if away else 'brisk'}: {counts}")  # the figures, with pytest -s
    return counts


async def test_a_three_player_trickery_match_is_calm(simcord_env):
    counts = await play(simcord_env, "trickery", away=False)
    assert counts.finished
    assert counts.thread_messages <= 20, counts
    assert counts.mentions <= 10, counts
    assert max(counts.dms) <= 10, counts


async def test_a_two_player_combat_is_calm_per_turn(simcord_env):
    counts = await play(simcord_env, "combat", away=False, actions=120)
    assert counts.turns >= 20, counts
    assert counts.per_turn(counts.thread_messages) <= 0.3, counts
    assert counts.per_turn(counts.mentions) <= 0.3, counts


@pytest.mark.parametrize("game", ["mars", "senet", "flood"])
async def test_brisk_players_are_never_pinged_and_the_board_is_edited(simcord_env, game):
    counts = await play(simcord_env, game, away=False, actions=120)
    assert counts.mentions == 0, counts
    assert counts.per_turn(counts.thread_messages) <= 0.3, counts


@pytest.mark.parametrize("game", sorted(PLAYERS))
async def test_players_who_are_away_are_pinged_once_per_turn(simcord_env, game):
    counts = await play(simcord_env, game, away=True, actions=40)
    # every turn that began for someone who had been away pinged them, and nothing pinged twice
    assert 0 < counts.mentions <= counts.turns, counts


async def test_notify_every_and_never_and_by_dm(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    pinged = count_pings(env)
    await alice.slash(table.channel, "notify", when="every", how="dm")
    answer = await bob.slash(table.channel, "notify", when="never")
    assert "never" in answer.response.content
    await start_match(table, "senet")
    thread = thread_of(table)
    for _ in range(12):
        match = await stored(env)
        seat = match.state.to_move[0]
        player = table.by_id(match.seats[seat].user_id)
        await player.slash(thread, "move", action=str(match.state.legal_actions(seat)[0]))
    bells = [m for m in dms(alice) if m.content.startswith("🔔")]
    assert bells, "alice asked for a DM every turn"
    assert not [m for m in dms(bob) if m.content.startswith("🔔")]
    assert not [user for channel, user in pinged if channel == thread.id], "nobody asked for mentions"
    # the live board still names whoever must act
    assert "👉" in board(thread).content and buttons(board(thread), "act")
