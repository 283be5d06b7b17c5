"""The computer player: legal, deterministic, fair (decides only from what its seat may know),
explains itself, works through `decide` for a process pool, beats random play, and imports only
`games` and the standard library."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import computer
from games import GAMES
from tests.imports import foreign_imports

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = [
    (game_id, n) for game_id, game in GAMES.items() for n in range(game.min_players, game.max_players + 1)
]
HIDDEN = [("trickery", 3), ("trickery", 4), ("mars", 2), ("flood", 3), ("flood", 4)]


def random_position(game_id: str, n: int, seed: int, steps: int):
    """The state after up to `steps` uniformly random actions, or None if the match ended first."""
    state = GAMES[game_id].new(n, seed)
    rng = random.Random(f"position:{seed}")
    for _ in range(steps):
        if state.is_over:
            return None
        seat = rng.choice(state.to_move)
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    return None if state.is_over else state


def positions_with_choice(game_id: str, n: int, count: int, *, first_seed: int = 0):
    """`count` random positions, some early and some deep, where the seat to move has a choice."""
    found, seed = [], first_seed
    while len(found) < count:
        seed += 1
        state = random_position(game_id, n, seed, random.Random(seed).randrange(3, 90))
        if state is not None and len(state.legal_actions(state.to_move[0])) > 1:
            found.append((seed, state))
    return found


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_has_a_player_with_a_budget_for_every_level(game_id):
    player = computer.player_for(game_id)
    assert callable(player.think) and set(player.LEVELS) == set(computer.LEVELS)


def test_a_missing_player_is_named():
    with pytest.raises(LookupError, match=r"computer/chess\.py is missing"):
        computer.player_for("chess")


@pytest.mark.parametrize(("game_id", "n"), CONFIGS)
def test_chosen_actions_are_legal(game_id, n):
    for seed, state in positions_with_choice(game_id, n, 4):
        for seat in state.to_move:
            action = computer.choose(state, seat, level="easy", seed=seed)
            assert action in state.legal_actions(seat)
            before = state.to_json()
            state.apply(seat, action)  # the engine accepts it as it is
            assert state.to_json() != before
            break


def test_the_real_state_is_left_untouched():
    for game_id, n in [("senet", 2), ("trickery", 4), ("combat", 3)]:
        for seed, state in positions_with_choice(game_id, n, 2):
            before = state.to_json()
            computer.choose(state, state.to_move[0], level="easy", seed=seed)
            assert state.to_json() == before


@pytest.mark.parametrize(
    ("game_id", "n"), [("senet", 2), ("mars", 2), ("trickery", 3), ("flood", 4), ("combat", 2)]
)
def test_same_seed_same_action(game_id, n):
    for seed, state in positions_with_choice(game_id, n, 3):
        seat = state.to_move[0]
        first = computer.choose(state, seat, level="easy", seed=seed)
        again = computer.choose(GAMES[game_id].from_json(state.to_json()), seat, level="easy", seed=seed)
        assert first == again


# Positions checked per level: every level's own parts (inference, beliefs, solvers, caches) are
# covered, the dear ones on fewer positions.
FAIRNESS_POSITIONS = {"easy": 10, "normal": 4, "hard": 1}


@pytest.mark.parametrize("level", list(FAIRNESS_POSITIONS))
@pytest.mark.parametrize(("game_id", "n"), HIDDEN)
def test_decisions_depend_only_on_what_the_seat_may_know(game_id, n, level):
    """The fairness rule: the real hidden parts can be swapped for any resampling of them (other
    hands, bag and deck order, objectives, future dice) and the decision stays the same."""
    differing = 0
    for seed, state in positions_with_choice(game_id, n, FAIRNESS_POSITIONS[level], first_seed=100):
        seat = state.to_move[0]
        decided = computer.choose(state, seat, level=level, seed=seed)
        for j in (seed + 7, seed + 8):
            resampled = state.determinize(seat, j)
            differing += resampled.to_json() != state.to_json()
            assert computer.choose(resampled, seat, level=level, seed=seed) == decided
    assert differing, "the positions should have hidden information to resample"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_same_seed_same_action_at_the_hard_level(game_id):
    seed, state = positions_with_choice(game_id, GAMES[game_id].min_players, 1, first_seed=500)[0]
    seat = state.to_move[0]
    first = computer.choose(state, seat, level="hard", seed=seed)
    assert computer.choose(GAMES[game_id].from_json(state.to_json()), seat, level="hard", seed=seed) == first


def test_a_decision_gives_the_action_and_what_it_expects():
    for game_id, n in [("senet", 2), ("trickery", 3), ("mars", 2)]:
        seed, state = positions_with_choice(game_id, n, 1)[0]
        seat = state.to_move[0]
        decision = computer.think(state, seat, "hard", seed)
        assert decision.action == computer.choose(state, seat, level="hard", seed=seed)
        assert decision.options == len(state.legal_actions(seat)) and 0 <= decision.expected <= 1
        assert decision.samples > 0


def test_a_single_legal_action_is_returned_without_searching(monkeypatch):
    state = GAMES["trickery"].new(3, 1)
    rng = random.Random(2)
    while len(state.legal_actions(state.to_move[0])) != 1:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])

    def no_search(*args, **kwargs):
        raise AssertionError("searched")

    monkeypatch.setattr(type(state), "determinize", no_search)
    seat = state.to_move[0]
    decision = computer.think(state, seat, "normal", 1)
    assert decision.action == state.legal_actions(seat)[0]
    assert decision.options == 1 and decision.samples == 0


def test_decide_round_trips_through_json():
    for game_id, n in [("senet", 2), ("flood", 3), ("combat", 4), ("mars", 2), ("trickery", 4)]:
        seed, state = positions_with_choice(game_id, n, 1)[0]
        seat = state.to_move[0]
        notation = computer.decide(game_id, state.to_json(), seat, "easy", seed)
        assert GAMES[game_id].parse_action(notation) in state.legal_actions(seat)
        assert notation == str(computer.choose(state, seat, level="easy", seed=seed))


def test_unknown_level_is_refused():
    state = GAMES["senet"].new(2, 1)
    with pytest.raises(ValueError, match="level"):
        computer.choose(state, state.to_move[0], level="impossible")


def play(game_id: str, n: int, seed: int, computer_seat: int, level: str) -> tuple[int, ...]:
    state = GAMES[game_id].new(n, seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_move[0]
        if seat == computer_seat:
            action = computer.choose(state, seat, level=level, seed=seed)
        else:
            legal = state.legal_actions(seat)
            action = legal[rng.randrange(len(legal))]
        state.apply(seat, action)
    return state.outcome.winners


def test_the_computer_clearly_beats_random_play():
    """Trickery, 3 players, one computer: random play finishes first a third of the time; the
    computer should win at least 5 of 6 matches. Fails for a random chooser."""
    wins = sum(seed % 3 in play("trickery", 3, seed, seed % 3, "normal") for seed in range(6))
    assert wins >= 5


def test_the_package_imports_only_games_and_the_standard_library():
    assert not foreign_imports("computer", {"games"})
