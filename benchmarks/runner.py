"""One benchmark run over the selected games, at full length or as a quick smoke run."""

from __future__ import annotations

import sys
from dataclasses import dataclass

from games import GAMES

from .engine import CloneResult, EngineResult, measure_clone, measure_engine
from .rendering import RenderResult, measure_rendering
from .suite import GameBenchmark, build_positions


@dataclass(frozen=True)
class Budget:
    engine_seconds: float  # per player count
    engine_min_games: int
    positions: int
    render_rounds: int  # timed renders per picture kind = positions x rounds
    clone_rounds: int  # copies of each position by clone() and by JSON
    click_moves: int  # moves played by clicks per game, each timed


FULL = Budget(
    engine_seconds=2.0, engine_min_games=20, positions=40, render_rounds=4, clone_rounds=200, click_moves=60
)
QUICK = Budget(
    engine_seconds=0.1, engine_min_games=2, positions=6, render_rounds=1, clone_rounds=5, click_moves=3
)


@dataclass(frozen=True)
class GameResult:
    game_id: str
    engine: list[EngineResult]
    clone: CloneResult
    rendering: RenderResult


def progress(message: str) -> None:
    """Progress goes to stderr so stdout holds only the report."""
    print(message, file=sys.stderr, flush=True)


def run_game(benchmark: GameBenchmark, budget: Budget) -> GameResult:
    game = GAMES[benchmark.game_id]
    engine = []
    for num_players in benchmark.player_counts:
        progress(f"{benchmark.game_id}: random {num_players}-player games for {budget.engine_seconds:g} s")
        engine.append(
            measure_engine(
                game, num_players, seconds=budget.engine_seconds, min_games=budget.engine_min_games
            )
        )
    progress(f"{benchmark.game_id}: building {budget.positions} mid-game positions")
    positions = build_positions(benchmark, game, budget.positions)
    clone = measure_clone(game, [position.state for position in positions], budget.clone_rounds)
    progress(f"{benchmark.game_id}: timing {budget.positions * budget.render_rounds} renders of each picture")
    rendering = measure_rendering(positions, budget.render_rounds)
    return GameResult(benchmark.game_id, engine, clone, rendering)
