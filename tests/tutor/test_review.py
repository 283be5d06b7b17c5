"""The review of a finished match: the biggest swings of the computer's evaluation, at real choices
of the seats asked about, in match order, and the same every time."""

from __future__ import annotations

import itertools
from functools import cache

import pytest

import computer
from games import GAMES
from tutor.review import Swing, result_for, swings

SEED = 11


@cache
def finished_match(game_id: str, players: int) -> tuple[tuple[int, str], ...]:
    """A whole match between easy computer players: its action log."""
    game = GAMES[game_id]
    state = game.new(players, SEED)
    log = []
    while not state.is_over:
        seat = state.to_move[0]
        action = computer.choose(state, seat, level="easy", seed=len(log))
        state.apply(seat, action)
        log.append((seat, str(action)))
    return tuple(log)


@pytest.mark.parametrize(("game_id", "players"), [("senet", 2), ("combat", 2)])
def test_the_three_biggest_swings_in_match_order(game_id, players):
    log = list(finished_match(game_id, players))
    every = swings(game_id, players, SEED, {}, log, (0,), top=len(log))
    chosen = swings(game_id, players, SEED, {}, log, (0,))
    assert len(chosen) == 3 and len(every) > 3
    assert [s.ply for s in chosen] == sorted(s.ply for s in chosen)
    biggest = sorted(abs(s.change) for s in every)[-3:]
    assert sorted(abs(s.change) for s in chosen) == biggest
    assert all(isinstance(s, Swing) and s.seat == 0 and log[s.ply] == (0, s.played) for s in chosen)


@pytest.mark.parametrize(("game_id", "players"), [("senet", 2), ("combat", 2)])
def test_each_swing_runs_to_the_seats_next_choice_or_its_result(game_id, players):
    game = GAMES[game_id]
    log = list(finished_match(game_id, players))
    every = swings(game_id, players, SEED, {}, log, (0, 1), top=len(log))
    state = game.new(players, SEED)
    for seat, text in log:
        state.apply(seat, game.parse_action(text))
    for seat in (0, 1):
        mine = [s for s in every if s.seat == seat]
        assert all(a.after == b.before for a, b in itertools.pairwise(mine))
        assert mine[-1].after == result_for(state, seat)


def test_forced_moves_are_not_judged():
    game = GAMES["senet"]
    log = list(finished_match("senet", 2))
    state = game.new(2, SEED)
    forced = set()
    for ply, (seat, text) in enumerate(log):
        if len(state.legal_actions(seat)) == 1:
            forced.add(ply)
        state.apply(seat, game.parse_action(text))
    assert forced
    judged = {s.ply for s in swings("senet", 2, SEED, {}, log, (0, 1), top=len(log))}
    assert judged and not judged & forced


def test_a_review_is_the_same_every_time():
    log = list(finished_match("senet", 2))
    assert swings("senet", 2, SEED, {}, log, (1,)) == swings("senet", 2, SEED, {}, log, (1,))


def test_where_the_normal_player_does_not_evaluate_the_hard_one_judges():
    """Trickery's normal player plays by a rule of thumb without looking ahead: its review asks hard."""
    log = list(finished_match("trickery", 3))
    found = swings("trickery", 3, SEED, {}, log, (0,), top=len(log))
    assert found and len({round(s.before, 6) for s in found}) > 3
