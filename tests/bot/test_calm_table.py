"""A calm table: how many messages, mentions and DMs a match costs, counted through SimCord.

Every game is played by people typing random legal moves with `/move`: brisk players act at once,
players who are away let more than the server's `away_minutes` pass before each move. The counts
are what Discord would show: messages the bot created in the thread (edits don't count), users
pinged by them, and messages created in each player's DMs."""

from __future__ import annotations

import random
from dataclasses import dataclass

import discord
import pytest

from bot.components import claim_of
from bot.model import GuildSettings
from tests.helpers import (
    board,
    buttons,
    components,
    dms,
    last_dm,
    make_table,
    mover,
    play_one_action,
    reply,
    selects,
    start_match,
    stored,
    text,
    thread_of,
)

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
    assert "👉" in text(board(thread)) and buttons(board(thread), "act")


async def move_randomly(env, table, thread, rng: random.Random, count: int) -> None:
    for _ in range(count):
        match = await stored(env)
        seat = match.state.to_move[0]
        legal = [str(action) for action in match.state.legal_actions(seat)]
        await table.by_id(match.seats[seat].user_id).slash(thread, "move", action=rng.choice(legal))


async def trickery_started(env):
    """A started 3-player Trickery match: the table, its thread and the player who leads."""
    table = make_table(env, ["alice", "bob", "carol"])
    await start_match(table, "trickery")
    thread = thread_of(table)
    return table, thread, mover(table, thread)


async def test_a_private_message_answered_from_the_board_drops_its_call_to_act(simcord_env):
    env = simcord_env
    table, thread, player = await trickery_started(env)
    private = last_dm(player)
    assert "Your" in private.content and (buttons(private) or selects(private))
    await play_one_action(table, thread, random.Random(2), use_dm=False)  # Play on the board
    match = await stored(env)
    now = next(m for m in dms(player) if m.id == private.id)  # the same message, edited
    if match.seats.index(next(s for s in match.seats if s.user_id == player.id)) in match.state.to_move:
        assert {claim_of(c.custom_id).version for c in components(now)} == {match.version}
    else:
        assert "Waiting for" in now.content and not components(now)
        assert "Your turn" not in now.content and "Your lead" not in now.content
    assert len(dms(player)) == 1, "one private message per hand"


async def test_a_stale_private_message_says_what_happened_meanwhile(simcord_env):
    env = simcord_env
    table, thread, player = await trickery_started(env)
    old = last_dm(player)
    old_controls = components(old)
    # Editing their private message fails twice (the update, then retiring it), so a new one is
    # sent and the old one keeps its controls.
    env.inject_error("PATCH", f"/channels/{old.channel.id}/messages/*", status=500, times=2)
    await play_one_action(table, thread, random.Random(2), use_dm=False)
    version = (await stored(env)).version
    assert last_dm(player).id != old.id
    stale = next(c for c in old_controls if c.custom_id)
    if isinstance(stale, discord.SelectMenu):
        answer = await player.user.select(old, [stale.options[0].value], custom_id=stale.custom_id)
    else:
        answer = await player.user.click(old, custom_id=stale.custom_id)
    assert "moved on" in reply(answer).content
    assert (await stored(env)).version == version, "the stale click changed nothing"
    current = last_dm(player)
    assert "⏩ Meanwhile: " in current.content and " led " in current.content


async def watched_match(env, game: str):
    """alice and bob play `game`; sam, a member of the server, watches its thread."""
    table = make_table(env, ["alice", "bob"])
    spectator = table.guild.add_member(env.create_user("sam"))
    await start_match(table, game)
    return table, spectator, thread_of(table)


async def test_match_log_pages_the_history_for_a_spectator_without_secrets(simcord_env):
    env = simcord_env
    table, spectator, thread = await watched_match(env, "mars")
    await move_randomly(env, table, thread, random.Random(4), 60)
    match = await stored(env)
    objectives = [str(a) for seat, a in await env.bot.service.action_log(match.id) if ":" in a]
    assert objectives, "both players set objectives"
    shown = reply(await spectator.slash(thread, "match log"))
    assert shown.ephemeral and f"page {page_count(shown)} of" in shown.content
    assert "set a secret objective" not in shown.content  # the latest page: play, not the setup
    earlier = shown
    while buttons(earlier):
        back = next((b for b in buttons(earlier) if b.label == "◀ Earlier"), None)
        if back is None:
            break
        earlier = reply(await spectator.click(earlier, custom_id=back.custom_id))
    assert "page 1 of" in earlier.content and "Seed commitment" in earlier.content
    assert "set a secret objective" in earlier.content
    assert not any(objective in earlier.content for objective in objectives)


def page_count(message) -> int:
    """How many pages a /match log answer says there are."""
    return int(message.content.splitlines()[0].rsplit(" of ", 1)[1])


async def test_a_buried_or_old_board_is_posted_again_and_the_old_one_keeps_its_picture(simcord_env):
    env = simcord_env
    table, spectator, thread = await watched_match(env, "senet")
    rng = random.Random(6)
    await move_randomly(env, table, thread, rng, 2)
    first = board(thread)
    for line in range(6):
        await spectator.send(thread, f"nice move {line}")
    await move_randomly(env, table, thread, rng, 1)
    second = board(thread)
    assert second.id != first.id, "buried under chat: posted again at the bottom"
    old = next(m for m in thread.history() if m.id == first.id)
    assert not components(old) and old.attachments, "the old board keeps its picture, loses its buttons"
    assert "Martian Senet" in text(old) and "👉" in text(old), "and keeps its text"
    await move_randomly(env, table, thread, rng, 1)
    assert board(thread).id == second.id, "not buried any more: edited in place"
    for _ in range(11):  # Discord rate-limits edits of messages older than an hour
        await env.advance_time(5 * 60)
    await move_randomly(env, table, thread, rng, 1)
    assert board(thread).id != second.id


async def test_a_board_discord_refuses_to_edit_is_posted_again(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    await start_match(table, "combat")
    thread = thread_of(table)
    rng = random.Random(8)
    await move_randomly(env, table, thread, rng, 1)
    live = board(thread)
    env.inject_error(
        "PATCH",
        f"/channels/{thread.id}/messages/{live.id}",
        status=400,
        code=30046,
        message="edit limit",
        times=1,
    )
    await move_randomly(env, table, thread, rng, 1)
    match = await stored(env)
    assert board(thread).id != live.id and match.board_message_id == board(thread).id
    assert match.board_version == match.version
