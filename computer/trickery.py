"""The Trickery computer player: information-set Monte Carlo tree search (`computer.search`)
with this game's evaluation."""

from __future__ import annotations

from games import trickery as trickery_rules

from .heuristics import Heuristic, squash
from .search import Decision, search

# Iterations per decision, per level.
BUDGETS = {"easy": 10, "normal": 100, "hard": 800}


# --- Trickery: match totals plus what this hand's takings score now ------------------------------


def trickery_evaluate(state) -> list[float]:
    leads = []
    penalty = state.penalty_colour
    for seat in range(state.num_players):
        taken = state.taken[seat]
        points = [p for p in taken if p.colour != penalty]
        penalties = [p for p in taken if p.colour == penalty]
        leads.append(state.totals[seat] + trickery_rules.hand_score(points, penalties, state.mono_variant))
    return squash(leads, 6.0)


HEURISTIC = Heuristic(trickery_evaluate, rollout_steps=8)


def think(state, seat: int, level: str, seed: int) -> Decision:
    return search(state, seat, HEURISTIC, BUDGETS[level], seed)
