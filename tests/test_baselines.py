"""The one-ply greedy baseline players (benchmarks/baselines.py): legal to the end, clearly better
than random play, blind to what their seat can't see, and repeatable."""

from __future__ import annotations

import random

import pytest

from benchmarks.baselines import greedy_action, greedy_for
from games import GAMES, random_choice

OPTIONS = {"combat": {"rounds": 30}}  # a round limit, as the benchmark plays it
PLAYER_COUNTS = [
    ("senet", 2),
    ("mars", 2),
    ("combat", 2),
    ("combat", 3),
    ("combat", 4),
    ("trickery", 3),
    ("trickery", 4),
    ("flood", 3),
    ("flood", 4),
]
STEP_CAP = 5000  # far above any real match; a match that reaches it is a failure


def play(game_id: str, players: int, seed: int, greedy_seats: set[int]):
    """One match: the greedy seats against uniformly random play; every action checked legal."""
    state = GAMES[game_id].new(players, seed, OPTIONS.get(game_id))
    rng = random.Random(seed)
    for _ in range(STEP_CAP):
        if state.is_over:
            return state
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        if seat in greedy_seats:
            action = greedy_action(state, seat, rng)
            assert action in legal
        else:
            action = random_choice(legal, rng)
        state.apply(seat, action)
    raise AssertionError(f"{game_id} did not finish in {STEP_CAP} actions")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_has_a_greedy_player(game_id):
    assert callable(greedy_for(game_id))


@pytest.mark.parametrize(("game_id", "players"), PLAYER_COUNTS)
def test_greedy_plays_complete_matches_against_itself(game_id, players):
    state = play(game_id, players, seed=7, greedy_seats=set(range(players)))
    assert state.outcome is not None


def sole_wins(game_id: str, players: int, matches: int) -> int:
    """Matches the single greedy seat (rotating) wins outright against random seats."""
    wins = 0
    for match in range(matches):
        seat = match % players
        outcome = play(game_id, players, seed=100 + match, greedy_seats={seat}).outcome
        wins += outcome.winners == (seat,)
    return wins


@pytest.mark.parametrize(
    ("game_id", "players", "matches", "least"),
    [
        ("senet", 2, 12, 9),
        ("mars", 2, 8, 7),
        ("combat", 2, 10, 7),
        ("trickery", 3, 30, 14),  # fair share 10
        ("flood", 3, 30, 14),
    ],
)
def test_greedy_beats_random_play(game_id, players, matches, least):
    assert sole_wins(game_id, players, matches) >= least


def positions_with_hidden_information():
    """Positions part-way through matches of random play, with the seat to move."""
    for game_id, players, steps in [
        ("mars", 2, 40),
        ("trickery", 3, 20),
        ("trickery", 4, 31),
        ("flood", 3, 25),
        ("senet", 2, 30),
        ("combat", 2, 30),
    ]:
        state = GAMES[game_id].new(players, 11, OPTIONS.get(game_id))
        rng = random.Random(3)
        for _ in range(steps):
            seat = state.to_move[0]
            state.apply(seat, random_choice(state.legal_actions(seat), rng))
        seat = state.to_move[0]
        assert len(state.legal_actions(seat)) > 1
        yield game_id, state, seat


def test_a_decision_depends_only_on_what_the_seat_sees():
    for game_id, state, seat in positions_with_hidden_information():
        for seed in (1, 2, 3):
            decision = greedy_action(state, seat, random.Random(seed))
            for other in (5, 6):
                resampled = state.determinize(seat, other)
                assert greedy_action(resampled, seat, random.Random(seed)) == decision, game_id


def test_same_seed_same_decision():
    for game_id, state, seat in positions_with_hidden_information():
        before = state.to_json()
        decisions = {str(greedy_action(state, seat, random.Random(42))) for _ in range(3)}
        assert len(decisions) == 1, game_id
        assert state.to_json() == before  # the position itself is left untouched
