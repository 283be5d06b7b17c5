"""The Senet computer player: information-set Monte Carlo tree search (`computer.search`)
with this game's evaluation."""

from __future__ import annotations

from games import senet as senet_rules

from .heuristics import Heuristic, squash
from .search import Decision, search

# Iterations per decision, per level.
BUDGETS = {"easy": 2, "normal": 8, "hard": 800}


# --- Senet: a race; how far each player's pyramids still have to go -----------------------------


def senet_evaluate(state) -> list[float]:
    remaining = {"a": 0.0, "b": 0.0}
    stacks = state.stacks
    last = senet_rules.LAST_SQUARE + 1
    for index in range(1, last):
        stack = stacks[index]
        if not stack:
            continue
        carried_by = stack[-1].owner
        for piece in stack:
            distance = last - index
            if piece.owner != carried_by:
                distance += 3  # under the other player's pyramids: stuck until they move
            remaining[piece.owner] += distance
    a_seat = state.a_seat
    leads = [0.0, 0.0]
    leads[a_seat] = -remaining["a"]
    leads[1 - a_seat] = -remaining["b"]
    return squash(leads, 12.0)


HEURISTIC = Heuristic(senet_evaluate, rollout_steps=4)


def think(state, seat: int, level: str, seed: int) -> Decision:
    return search(state, seat, HEURISTIC, BUDGETS[level], seed)
