"""The Flood computer player: information-set Monte Carlo tree search (`computer.search`)
with this game's evaluation."""

from __future__ import annotations

from .heuristics import Heuristic, squash
from .search import Decision, search

# Iterations per decision, per level.
BUDGETS = {"easy": 8, "normal": 150, "hard": 500}


# --- Flood: the engine's score of the towers standing now --------------------------------------


def flood_evaluate(state) -> list[float]:
    leads = [row["total"] for row in state.scoring()]
    return squash(leads, 8.0)


HEURISTIC = Heuristic(flood_evaluate, rollout_steps=10)


def think(state, seat: int, level: str, seed: int) -> Decision:
    return search(state, seat, HEURISTIC, BUDGETS[level], seed)
