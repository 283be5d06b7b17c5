"""Benchmarks for the rules engines and renderers: `python -m benchmarks --help`.

Every game in `games.GAMES` is measured (`benchmarks.suite`).
"""

from .suite import GAME_BENCHMARKS, GameBenchmark

__all__ = ["GAME_BENCHMARKS", "GameBenchmark"]
