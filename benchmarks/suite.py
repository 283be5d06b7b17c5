"""Which games are benchmarked and how: one `GameBenchmark` per game id in `GAME_BENCHMARKS`.

Every game in `games.GAMES` is measured, at each player count and with each of its options, so a
new game needs nothing here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games import GAMES, Game, IllegalAction, State

from .play import random_midgame_position

# (game, num_players, seed, options) -> a position partway through a match
PositionMaker = Callable[[Game, int, int, dict | None], State]

# Display names for the seats, in order. A long one makes the renderer shorten it, and the accent and
# the emoji go through its font-coverage filter, as real Discord names do.
SEAT_NAMES = ("Ada", "Zoë Quartermaine", "Kat 🚀", "Marvin the Martian of Mars")

POSITION_SEED_BASE = 10_000  # keeps position seeds apart from the engine run's seeds 0, 1, 2, ...


@dataclass(frozen=True)
class GameBenchmark:
    game_id: str
    player_counts: tuple[int, ...]
    # Cycled over the positions (as are the player counts) so every variant's picture gets drawn.
    position_options: tuple[dict | None, ...] = (None,)
    make_position: PositionMaker = random_midgame_position


def variants(game: Game) -> tuple[dict, ...]:
    """The default options, then each other choice of each option on its own, so every variant's
    picture gets drawn."""
    found: list[dict] = [{}]
    for option in game.options:
        found += [{option.name: choice} for choice in option.choices if choice != option.default]
    return tuple(found)


def benchmark_for(game: Game) -> GameBenchmark:
    return GameBenchmark(
        game.id,
        player_counts=tuple(range(game.min_players, game.max_players + 1)),
        position_options=variants(game),
    )


GAME_BENCHMARKS: dict[str, GameBenchmark] = {game_id: benchmark_for(game) for game_id, game in GAMES.items()}


@dataclass(frozen=True)
class Position:
    """One mid-game position, ready to render."""

    num_players: int
    seed: int
    state: State

    @property
    def names(self) -> list[str]:
        return list(SEAT_NAMES[: self.num_players])

    @property
    def hand_seat(self) -> int:
        """The hand shown is the one whose owner is to move: the usual case, with playable cards lifted."""
        return self.state.to_move[0]


def build_positions(benchmark: GameBenchmark, game: Game, count: int) -> list[Position]:
    """`count` distinct positions, each from its own seed, cycling through player counts and options."""
    positions = []
    counts = benchmark.player_counts
    for i in range(count):
        options = benchmark.position_options[i % len(benchmark.position_options)]
        seed = POSITION_SEED_BASE + i
        for turn in range(len(counts)):  # the next player count that allows these options
            num_players = counts[(i + turn) % len(counts)]
            try:
                state = benchmark.make_position(game, num_players, seed, options)
                break
            except IllegalAction:  # e.g. a first dealer P4 in a 3-player game
                continue
        else:
            raise ValueError(f"No player count allows the options {options}.")
        positions.append(Position(num_players, seed, state))
    return positions
