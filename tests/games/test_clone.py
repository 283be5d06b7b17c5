"""Every engine's `clone()` (through `clone_state`, as tests use it): equal to its original, and
independent of it both ways."""

import dataclasses
import random

import pytest

from games import GAMES, random_choice
from games.core import clone_state

IMMUTABLE = (str, int, float, bool, type(None), bytes, frozenset)
STEPS = 400


def mutable_parts(value) -> dict[int, object]:
    """Every mutable object reachable from `value` (itself included), by id: two states that
    share none of these can't change each other."""
    found, stack = {}, [value]
    while stack:
        item = stack.pop()
        if isinstance(item, IMMUTABLE) or id(item) in found:
            continue
        if isinstance(item, tuple):
            stack.extend(item)
            continue
        frozen = dataclasses.is_dataclass(item) and item.__dataclass_params__.frozen
        if not frozen:
            found[id(item)] = item
        if isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list | set):
            stack.extend(item)
        else:
            stack.extend(getattr(item, "__dict__", {}).values())
            stack.extend(getattr(item, name) for name in getattr(type(item), "__slots__", ()))
    return found


def positions(game, num_players, seed):
    """States along one random game, from the start to the end (or `STEPS` actions)."""
    chooser = random.Random(seed)
    state = game.new(num_players, seed)
    yield state
    for _ in range(STEPS):
        if state.is_over:
            return
        seat = chooser.choice(state.to_move)
        state.apply(seat, random_choice(state.legal_actions(seat), chooser))
        yield state


def play_on(state, chooser, actions):
    for _ in range(actions):
        if state.is_over:
            return
        seat = chooser.choice(state.to_move)
        state.apply(seat, random_choice(state.legal_actions(seat), chooser))


CASES = [
    (game_id, players) for game_id, game in GAMES.items() for players in (game.min_players, game.max_players)
]


@pytest.mark.parametrize(("game_id", "num_players"), sorted(set(CASES)))
def test_clone_equals_its_original_and_shares_nothing_mutable(game_id, num_players):
    game = GAMES[game_id]
    for state in positions(game, num_players, seed=num_players):
        clone = clone_state(game, state)
        assert type(clone) is type(state)
        assert clone.to_json() == state.to_json()
        assert clone.view(None) == state.view(None)
        shared = mutable_parts(state).keys() & mutable_parts(clone).keys()
        assert not shared, f"clone shares {[type(mutable_parts(state)[i]) for i in shared]}"


@pytest.mark.parametrize(("game_id", "num_players"), sorted(set(CASES)))
def test_playing_on_a_clone_or_its_original_leaves_the_other_alone(game_id, num_players):
    game = GAMES[game_id]
    chooser = random.Random(7)
    for index, state in enumerate(positions(game, num_players, seed=10 + num_players)):
        if index % 5:
            continue
        before = state.to_json()
        clone = clone_state(game, state)
        play_on(clone, chooser, 6)
        assert state.to_json() == before, "playing on the clone changed the original"
        kept = clone.to_json()
        other = clone_state(game, state)
        play_on(state, random.Random(index), 6)
        assert clone.to_json() == kept, "playing on the original changed a clone"
        state_after = state.to_json()
        play_on(other, random.Random(index), 6)
        assert other.to_json() == state_after, "a clone plays on exactly as its original does"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_engine_has_its_own_clone(game_id):
    """Tests try every action on copies, so a JSON round-trip instead would make them slow."""
    game = GAMES[game_id]
    assert callable(getattr(game.new(game.min_players, 0), "clone", None))
