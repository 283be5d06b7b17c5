"""Random play through the engine protocol: whole games and mid-game positions, reproducible from a seed."""

from __future__ import annotations

import random

from games import Game, State, random_choice

# Random play in some games can go on for very long (Martian Combat has no turn limit): such a game
# is cut off after this many actions and counted as played.
MAX_ACTIONS = {"combat": 1000}


def random_step(state: State, rng: random.Random) -> None:
    """One random legal action by a random seat among those to move (several may, in simultaneous games)."""
    seat = rng.choice(state.to_move)
    state.apply(seat, random_choice(state.legal_actions(seat), rng))


def play_random_game(game: Game, num_players: int, seed: int, options: dict | None = None) -> int:
    """Play one whole game with random legal actions (up to the game's cut-off); return how many
    actions it took."""
    state = game.new(num_players, seed, options)
    rng = random.Random(seed)
    actions = 0
    limit = MAX_ACTIONS.get(game.id)
    while not state.is_over and (limit is None or actions < limit):
        random_step(state, rng)
        actions += 1
    return actions


def random_midgame_position(
    game: Game,
    num_players: int,
    seed: int,
    options: dict | None = None,
    *,
    earliest: float = 0.2,
    latest: float = 0.8,
) -> State:
    """The position a random 20-80% of the way through the random game played from `seed`.

    The game is played to its end (or its cut-off) first to learn its length, then replayed with
    the same seed and the same random choices up to the cut, so the fraction is of that very game's
    length.
    """
    length = play_random_game(game, num_players, seed, options)
    fraction = random.Random(f"cut:{seed}").uniform(earliest, latest)
    cut = max(1, round(length * fraction))
    state = game.new(num_players, seed, options)
    rng = random.Random(seed)
    for _ in range(cut):
        random_step(state, rng)
    return state
