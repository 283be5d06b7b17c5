"""What one click costs: match loads, database transactions and pictures drawn, counted with an
instrumented repository and instrumented pictures while real players click through SimCord."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

import bot.app
from bot.kits import KITS
from bot.repository import Repository
from tests.helpers import (
    board,
    buttons,
    last_dm,
    make_table,
    mover,
    refresh,
    reply,
    selects,
    start_match,
    thread_of,
)

COUNTS: Counter = Counter()


class CountingRepository(Repository):
    async def load(self, match_id: int):
        COUNTS["loads"] += 1
        return await super().load(match_id)

    @classmethod
    async def open(cls, database_url, engines):
        repository = await super().open(database_url, engines)
        transaction = repository.db.transaction

        def counted(*args, **kwargs):
            COUNTS["transactions"] += 1
            return transaction(*args, **kwargs)

        repository.db.transaction = counted
        return repository


@pytest.fixture
def counted(monkeypatch):
    monkeypatch.setattr(bot.app, "Repository", CountingRepository)
    for game_id, kit in list(KITS.items()):

        def board_picture(view, *, names=None, _draw=kit.pictures.board):
            COUNTS["boards drawn"] += 1
            return _draw(view, names=names)

        def private_picture(view, *, names=None, _draw=kit.pictures.private):
            COUNTS["private pictures drawn"] += 1
            return _draw(view, names=names)

        pictures = dataclasses.replace(kit.pictures, board=board_picture, private=private_picture)
        monkeypatch.setitem(KITS, game_id, dataclasses.replace(kit, pictures=pictures))
    COUNTS.clear()
    return COUNTS


async def test_a_board_click_loads_once_decides_in_one_transaction_and_draws_the_board_once(
    counted, simcord_env
):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    await start_match(table, "senet")
    thread = thread_of(table)
    move = buttons(board(thread), "act")[0]
    counted.clear()
    await mover(table, thread).click(board(thread), custom_id=move.custom_id)
    # one load; the action (state, log, deadlines) in one transaction, then one write of where the
    # new board lives; the board drawn once, nothing private (Senet has no secrets)
    assert dict(counted) == {"loads": 1, "transactions": 2, "boards drawn": 1}


async def test_a_dm_click_draws_each_picture_it_sends_once(counted, simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob", "carol"])
    await start_match(table, "trickery")
    thread = thread_of(table)
    player = mover(table, thread)
    prompt = last_dm(player)
    if selects(prompt):  # a lead: the prize first (a click of its own)
        menu = selects(prompt)[0]
        await player.user.select(prompt, [menu.options[0].value], custom_id=menu.custom_id)
        prompt = refresh(prompt, player)
    card = buttons(prompt, "act")[0]
    counted.clear()
    await player.user.click(prompt, custom_id=card.custom_id)
    # one load and the action in one transaction; the player's own private message (one card fewer)
    # and the next player's (now their turn) each show their hand, and the board the table, each
    # drawn once; then where the board lives is written
    assert counted["loads"] == 1 and counted["boards drawn"] == 1 and counted["private pictures drawn"] == 2
    assert counted["transactions"] == 2, counted


async def test_the_last_accept_starts_the_match_with_one_load(counted, simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    await alice.slash(table.channel, "play senet", opponent=bob)
    counted.clear()
    await bob.click(table.channel.last_message, label="Accept")
    # the answer and the start in one transaction, the thread, then the first board
    assert counted["loads"] == 1 and counted["boards drawn"] == 1, counted
    assert counted["transactions"] == 3, counted


async def test_leaderboard_and_stats_load_no_match(counted, simcord_env):
    """They read the kept standings, so their cost does not grow with the finished matches."""
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    for _ in range(2):
        await start_match(table, "senet")
        asked = await alice.slash(thread_of(table), "match resign")
        await alice.click(asked.response, label="Yes, resign")
    counted.clear()
    leaderboard = reply(await alice.slash(table.channel, "leaderboard", game="senet"))
    stats = reply(await bob.slash(table.channel, "stats"))
    # two Plackett-Luce wins from newcomers (see test_ratings): mu 29.65, sigma 7.83, shown (mu - 3 sigma) × 40
    assert "1. bob — 248 (2 played, 2 won)" in leaderboard.content, leaderboard.content
    assert "2 played, 2 won" in stats.content, stats.content
    assert counted["loads"] == 0 and counted["transactions"] == 0, counted
