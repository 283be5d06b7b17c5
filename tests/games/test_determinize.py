"""`State.determinize(seat, seed)`: a full state resampling what `seat` can't see. It must keep
`seat`'s view, depend only on that view and the seed (so determinizing a determinization with the
same seed gives the same state), leave the original alone and play on to the end."""

import random

import pytest

from games import GAMES, random_choice

# (game, players, options) worth covering: every player count, and the options that change what
# is hidden or how much of it.
CASES = [
    ("senet", 2, {}),
    ("senet", 2, {"colours": "treehouse"}),
    ("combat", 2, {}),
    ("combat", 3, {"version": "advanced"}),
    ("combat", 4, {"version": "simple"}),
    ("combat", 4, {"version": "advanced"}),
]
STEPS = 300


def positions(game_id, num_players, options, seed, every):
    """Every `every`-th state along one random game (copies), from the start to the end."""
    game = GAMES[game_id]
    chooser = random.Random(seed)
    state = game.new(num_players, seed, options)
    for step in range(STEPS):
        if step % every == 0 or state.is_over:
            yield state.clone()
        if state.is_over:
            return
        seat = chooser.choice(state.to_move)
        state.apply(seat, random_choice(state.legal_actions(seat), chooser))


def case_id(case):
    game_id, players, options = case
    return f"{game_id}-{players}-" + ("-".join(f"{k}={v}" for k, v in options.items()) or "default")


def play_to_end(state, chooser, limit=3000):
    for _ in range(limit):
        if state.is_over:
            return
        seat = chooser.choice(state.to_move)
        actions = state.legal_actions(seat)
        assert actions, "a seat to move has no legal action"
        state.apply(seat, random_choice(actions, chooser))


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_determinize_keeps_the_view_and_depends_only_on_it(case):
    game_id, players, options = case
    for index, state in enumerate(positions(game_id, players, options, seed=players, every=7)):
        before = state.to_json()
        for seat in range(players):
            seed = 1000 * index + seat
            det = state.determinize(seat, seed)
            assert type(det) is type(state)
            assert det.view(seat) == state.view(seat)
            again = det.determinize(seat, seed)
            assert again.to_json() == det.to_json(), "determinizing a determinization changed it"
            other = state.determinize(seat, seed + 1).determinize(seat, seed)
            assert other.to_json() == det.to_json(), "the result depends on more than the view and seed"
            assert det.rng.to_json() != state.rng.to_json()
        assert state.to_json() == before, "determinize changed the original"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_determinized_states_play_to_the_end(case):
    game_id, players, options = case
    chooser = random.Random(5)
    for index, state in enumerate(positions(game_id, players, options, seed=100 + players, every=110)):
        before = state.to_json()
        det = state.determinize(index % players, index)
        play_to_end(det, chooser)
        assert state.to_json() == before
