"""The Combat computer player: information-set Monte Carlo tree search (`computer.search`)
with this game's evaluation."""

from __future__ import annotations

from .heuristics import Heuristic, squash
from .search import Decision, search

# Iterations per decision, per level.
BUDGETS = {"easy": 10, "normal": 80, "hard": 600}


# --- Combat: capped home trees, home stacks growing into the tree, pyramids near home -----------


def combat_progress(state, seat: int) -> float:
    side = state.sides[seat]
    colour = side.colour
    tree = side.tree
    score = 0.0
    for home in side.home:
        if home in state.capped:
            score += 12.0
            continue
        stack = state.board[home]
        good = 0
        while good < len(stack) and good < 3 and stack[good] == tree[good]:
            good += 1
        score += (0.0, 2.5, 5.0, 12.0)[good]
        if good < len(stack):
            score -= 1.0  # something that has to leave before the tree can go on
    # The seat's other pyramids: nearer home is better, and free (not covered by others) is better.
    distance_left = 0.0
    for square, stack in enumerate(state.board):
        if not stack or square in state.capped:
            continue
        for height, pyramid in enumerate(stack):
            if pyramid[0] != colour:
                continue
            distance_left += side.home_distance[square] * 0.35
            if any(other[0] != colour for other in stack[height + 1 :]):
                distance_left += 0.5
    return score - distance_left


def combat_evaluate(state) -> list[float]:
    leads = [combat_progress(state, seat) for seat in range(state.num_players)]
    return squash(leads, 4.0)


HEURISTIC = Heuristic(combat_evaluate, rollout_steps=0)


def think(state, seat: int, level: str, seed: int) -> Decision:
    return search(state, seat, HEURISTIC, BUDGETS[level], seed)
