"""What a search needs to know about a game, and the pieces every game's evaluation shares: how
to score a position it stops at, and how to choose moves in rollouts and when opening a branch.

An evaluation returns one value per seat in [0, 1], an estimate of how well that seat stands (a
win-likelihood-like squash of its lead over the best other seat). Finished matches are scored by
`outcome_rewards` instead.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Heuristic:
    evaluate: Callable[[Any], list[float]]
    rollout_steps: int = 0  # random-policy actions played below the tree before evaluating
    policy: Callable[[Any, int, list, random.Random], Any] | None = None  # rollouts and expansion

    def rollout(self, state, seat: int, actions: list, rng: random.Random):
        if self.policy is None:
            return actions[rng.randrange(len(actions))]
        return self.policy(state, seat, actions, rng)

    def expand(self, state, seat: int, untried: list, rng: random.Random):
        return self.rollout(state, seat, untried, rng)


def num_seats(state) -> int:
    return getattr(state, "num_players", 2)


def outcome_rewards(state) -> list[float]:
    """A finished match: 1 to each winner (shared firsts count as firsts), 0 to the others; in a
    two-player game a draw is half a win each."""
    seats = num_seats(state)
    winners = state.outcome.winners
    share = 1.0 / len(winners) if seats == 2 else 1.0
    return [share if seat in winners else 0.0 for seat in range(seats)]


def squash(leads: list[float], scale: float) -> list[float]:
    """Each seat's lead over the best other seat, squashed to (0, 1)."""
    values = []
    for seat, own in enumerate(leads):
        best_other = max(value for other, value in enumerate(leads) if other != seat)
        margin = max(-30.0, min(30.0, (own - best_other) / scale))
        values.append(1.0 / (1.0 + math.exp(-margin)))
    return values
