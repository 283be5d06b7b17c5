"""Benchmarks for the rules engines and renderers: `python -m benchmarks --help`.

Add a game by adding a `GameBenchmark` to `GAME_BENCHMARKS` in `benchmarks.suite`.
"""

from .suite import GAME_BENCHMARKS, GameBenchmark

__all__ = ["GAME_BENCHMARKS", "GameBenchmark"]
