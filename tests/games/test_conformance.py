"""Protocol conformance, run for every game in `games.GAMES` (later games get it for free).

Random full games; at every step the protocol's promises are checked: who must move, legal
actions apply and round-trip through notation, state JSON round-trips, views hide other seats'
secrets; at the end the action log replays to the same state.
"""

import json
import random

import pytest

from games import GAMES, IllegalAction, Outcome, random_choice, replay_actions
from games.core import clone_state

GAMES_PER_ID = 200
# Applying every listed action on a clone at every step is the costly check; do it in full for
# this many games and for a random sample of actions in the rest.
FULL_CHECK_GAMES = 12
SAMPLED_ACTIONS = 3
FORBIDDEN_VIEW_KEYS = {"rng", "seed", "deck", "hands"}
# Games whose random play may go on for very long are cut off after this many actions; every step
# up to the cut is still checked, and so is the replay of the log so far.
MAX_STEPS = {"combat": 150}


def json_strings(value) -> set[str]:
    """Every string in a JSON value, dictionary keys included. Fails on anything that wouldn't come
    back equal through json.dumps and json.loads: tuples, sets, non-string keys, NaN, objects."""
    found, stack = set(), [value]
    while stack:
        item = stack.pop()
        kind = type(item)  # exact types first: this walk runs over every view of every step
        if kind is str:
            found.add(item)
        elif kind is list:
            stack.extend(item)
        elif kind is dict or isinstance(item, dict):
            assert all(isinstance(key, str) for key in item), f"views must be JSON data: keys of {item}"
            found.update(item)
            stack.extend(item.values())
        elif kind is int or kind is bool or item is None:
            continue
        elif isinstance(item, str):
            found.add(item)
        elif isinstance(item, list):
            stack.extend(item)
        else:
            assert isinstance(item, int | float) and item == item, f"views must be JSON data: {item!r}"
    return found


def check_views(state, num_players) -> dict:
    """Checks every seat's view and a spectator's; returns them by viewer."""
    secrets = [state.secrets(seat) for seat in range(num_players)]
    views = {viewer: state.view(viewer) for viewer in [None, *range(num_players)]}
    for viewer, view in views.items():
        leaves = json_strings(view.to_json())  # also checks that it is JSON data
        assert not FORBIDDEN_VIEW_KEYS & leaves, "views never carry the deck or generator"
        for owner in range(num_players):
            if owner != viewer:
                leaked = leaves & secrets[owner]
                assert not leaked, f"seat {viewer} sees seat {owner}'s secrets {leaked}"
    return views


def check_round_trips(game, state):
    data = state.to_json()
    assert json.loads(json.dumps(data)) == data
    assert clone_state(game, state).to_json() == data
    clone = game.from_json(json.loads(json.dumps(data)))
    assert clone.to_json() == data
    return clone


def random_options(game, num_players, chooser):
    """A random combination of options that the game accepts (some variants exclude others)."""
    while True:
        options = {
            option.name: chooser.choice(_valid_choices(option, num_players)) for option in game.options
        }
        try:
            game.new(num_players, 0, options)
        except IllegalAction:
            continue
        return options


def play_random_game(game, num_players, seed, *, full_check):
    chooser = random.Random(seed)
    options = random_options(game, num_players, chooser)
    state = game.new(num_players, seed, options)
    log = []
    limit = MAX_STEPS.get(game.id)
    while not state.is_over and (limit is None or len(log) < limit):
        to_move = state.to_move
        assert to_move, "a game that is not over must have someone to move"
        assert all(0 <= seat < num_players for seat in to_move)
        for seat in range(num_players):
            if seat not in to_move:
                assert state.legal_actions(seat) == []
        seat = chooser.choice(to_move)
        actions = state.legal_actions(seat)
        assert actions, "a seat that must move has at least one legal action"
        assert len(set(actions)) == len(actions), "no action is listed twice"
        for action in actions:
            assert game.parse_action(str(action)) == action, f"notation does not round-trip: {action}"
        views = check_views(state, num_players)
        before = state.to_json()
        for text in getattr(views[seat], "ko_forbidden", ()):  # shown to players as refused (M.A.R.S.)
            assert game.parse_action(text) not in actions
            with pytest.raises(IllegalAction):
                clone_state(game, state).apply(seat, game.parse_action(text))
        if state.order_free:  # one seat's action leaves the others' choices as they were
            after = clone_state(game, state)
            after.apply(seat, actions[-1])
            for other in set(to_move) - {seat}:
                assert after.legal_actions(other) == state.legal_actions(other)
        checked = actions if full_check else chooser.sample(actions, min(SAMPLED_ACTIONS, len(actions)))
        for action in checked:
            clone_state(game, state).apply(seat, action)  # raises if a listed action is illegal
        assert state.to_json() == before, "trying actions on clones must leave the state alone"
        state = check_round_trips(game, state)
        action = random_choice(actions, chooser)
        state.apply(seat, action)
        log.append((seat, str(action)))
    if state.is_over:
        assert state.to_move == ()
        assert all(state.legal_actions(seat) == [] for seat in range(num_players))
        outcome = state.outcome
        assert isinstance(outcome, Outcome)
        assert len(outcome.scores) == num_players
        assert outcome.winners, "a finished match has winners: a draw is every seat's (Outcome.is_draw)"
        assert set(outcome.winners) <= set(range(num_players))
    check_views(state, num_players)
    replayed = replay_actions(game, num_players, seed, options, log)
    assert replayed.to_json() == state.to_json(), "seed + action log must reproduce the final state"
    return log


def _valid_choices(option, num_players):
    # Seat-numbered choices (like a named first dealer) only make sense for seats that exist.
    return [c for c in option.choices if not isinstance(c, int) or isinstance(c, bool) or c <= num_players]


def games_per_count(game) -> int:
    """The 200 games of a game id are split across its player counts."""
    return -(-GAMES_PER_ID // (game.max_players - game.min_players + 1))


# Each (game, player count) runs as several tests of interleaved games, so parallel workers
# (pytest -n) share the long ones out evenly.
GAMES_PER_TEST = 25


def parts_of(game) -> int:
    return -(-games_per_count(game) // GAMES_PER_TEST)


CASES = [
    (game_id, players, part, parts_of(game))
    for game_id, game in GAMES.items()
    for players in range(game.min_players, game.max_players + 1)
    for part in range(parts_of(game))
]


@pytest.mark.parametrize(
    ("game_id", "num_players", "part", "parts"),
    CASES,
    ids=[f"{game_id}-{players}-{part + 1}of{parts}" for game_id, players, part, parts in CASES],
)
def test_random_games_keep_the_protocol(game_id, num_players, part, parts):
    game = GAMES[game_id]
    for index in range(part, games_per_count(game), parts):
        play_random_game(
            game, num_players, seed=1000 * num_players + index, full_check=index < FULL_CHECK_GAMES
        )


@pytest.mark.parametrize("game_id", list(GAMES))
def test_registry_entry_is_complete(game_id):
    game = GAMES[game_id]
    assert game.id == game_id and game.title
    assert 1 <= game.min_players <= game.max_players
    defaults = game.resolve_options(None)
    assert defaults == {option.name: option.default for option in game.options}
    assert all(option.default in option.choices and option.description for option in game.options)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_same_seed_and_actions_give_the_same_game(game_id):
    game = GAMES[game_id]
    log_a = play_random_game(game, game.min_players, seed=7, full_check=False)
    log_b = play_random_game(game, game.min_players, seed=7, full_check=False)
    assert log_a == log_b
