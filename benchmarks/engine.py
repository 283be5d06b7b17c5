"""Engine speed: whole random games, and the actions in them, per second, per player count; and
what a `clone()` costs next to a JSON round trip of the same states (the search copies states often)."""

from __future__ import annotations

import time
from dataclasses import dataclass

from games import Game, State

from .play import play_random_game


@dataclass(frozen=True)
class EngineResult:
    num_players: int
    games: int
    actions: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def actions_per_second(self) -> float:
        """Legal-action listing plus applying, with random choices: the engines aim for 10,000."""
        return self.actions / self.seconds

    @property
    def actions_per_game(self) -> float:
        return self.actions / self.games


def measure_engine(game: Game, num_players: int, *, seconds: float, min_games: int) -> EngineResult:
    """Play random games (seeds 0, 1, 2, ...) until `seconds` have passed and at least `min_games` are done.

    The clock covers everything a match costs the engine: setup, dealing, legal-move generation
    and applying actions (plus drawing the random choices, which is small next to those).
    """
    games = actions = 0
    start = time.perf_counter()
    while True:
        actions += play_random_game(game, num_players, seed=games)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds and games >= min_games:
            return EngineResult(num_players, games, actions, elapsed)


def combined(results: list[EngineResult]) -> EngineResult:
    """All player counts together: total games over total time."""
    return EngineResult(
        num_players=0,
        games=sum(r.games for r in results),
        actions=sum(r.actions for r in results),
        seconds=sum(r.seconds for r in results),
    )


@dataclass(frozen=True)
class CloneResult:
    clone_us: float  # per state, mean
    json_us: float  # per state, mean: from_json(to_json())

    @property
    def json_to_clone_ratio(self) -> float:
        return self.json_us / self.clone_us


def measure_clone(game: Game, states: list[State], rounds: int) -> CloneResult:
    """Copy the same states by `clone()` and by a JSON round trip, alternating rounds, so both
    are measured side by side under the same load."""
    clone_seconds = json_seconds = 0.0
    for _ in range(rounds):
        start = time.perf_counter()
        for state in states:
            state.clone()
        clone_seconds += time.perf_counter() - start
        start = time.perf_counter()
        for state in states:
            game.from_json(state.to_json())
        json_seconds += time.perf_counter() - start
    copies = rounds * len(states)
    return CloneResult(1e6 * clone_seconds / copies, 1e6 * json_seconds / copies)
