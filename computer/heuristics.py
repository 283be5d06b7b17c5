"""What the search knows about each game: how to score a position it stops at, and how to choose
moves in rollouts and when opening a new branch. Nothing here lists good moves; every function
scores a (determinized) state through its public attributes and the engine's own scoring.

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

from games import mars as mars_rules
from games import senet as senet_rules
from games import trickery as trickery_rules


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


# --- M.A.R.S.: each player's objective applied to the board, with credit for growing groups -----

GROUP_CREDIT = (0.0, 0.15, 0.35, 0.6)  # of a group's value, for 0..3 pieces (4+ scores in full)


def mars_board_values(state) -> dict[str, float]:
    board = state.board
    values = {}
    biggest = state.options["biggest_only"]
    size_points = state.options["size_points"]
    for colour in state.colours:
        total = 0.0
        best = 0.0
        for squares in mars_rules.colour_groups(board, colour):
            count = len(squares)
            value = sum(board[s].size for s in squares) + (count if size_points else 0)
            if biggest:
                best = max(best, value)
            else:
                total += value if count >= mars_rules.MIN_SCORING_GROUP else value * GROUP_CREDIT[count]
        values[colour] = best if biggest else total
    return values


def mars_evaluate(state) -> list[float]:
    values = mars_board_values(state)
    leads = []
    for seat in (0, 1):
        objective = state.objectives[seat]
        if objective is None:
            leads.append(0.0)
            continue
        leads.append(sum(value * values[colour] for value, colour in objective.items()))
    # The fuller the board, the surer a lead: so the leader wants to draw (and end the match) and
    # the player behind wants time.
    # A little credit for a fuller board too, for both players: shuffling pieces for ever is no plan.
    fill = len(state.board) / (state.files * mars_rules.RANKS)
    return [0.9 * value + 0.1 * fill for value in squash(leads, 2.0 + 10.0 * (1.0 - fill))]


def mars_policy(state, seat: int, actions: list, rng: random.Random):
    """Place a drawn piece next to pieces of a colour the seat values (its own objective in this
    determinization); otherwise draw half the time, else any action."""
    first = actions[0]
    if isinstance(first, mars_rules.Place):
        objective = state.objectives[seat] or {}
        worth = {colour: value for value, colour in objective.items()}
        colour = first.piece.colour
        weight = worth.get(colour, 0)
        if weight <= 0:  # a colour the seat doesn't want: away from its kind
            weight = -1 if colour != mars_rules.BLACK else 0
        board = state.board
        best, best_score = [], None
        for action in actions:
            file, rank = mars_rules.square_coords(action.square)
            same = 0
            for df, dr in mars_rules.DIRECTIONS:
                if 0 <= file + df < 8 and 0 <= rank + dr < mars_rules.RANKS:
                    neighbour = board.get(mars_rules.square_name(file + df, rank + dr))
                    if neighbour is not None and neighbour.colour == colour:
                        same += 1
            score = weight * same
            if best_score is None or score > best_score:
                best, best_score = [action], score
            elif score == best_score:
                best.append(action)
        return best[rng.randrange(len(best))]
    if isinstance(first, mars_rules.Draw) and rng.random() < 0.5:
        return first
    return actions[rng.randrange(len(actions))]


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


# --- Flood: the engine's score of the towers standing now --------------------------------------


def flood_evaluate(state) -> list[float]:
    leads = [row["total"] for row in state.scoring()]
    return squash(leads, 8.0)


HEURISTICS: dict[str, Heuristic] = {
    "senet": Heuristic(senet_evaluate, rollout_steps=4),
    "combat": Heuristic(combat_evaluate, rollout_steps=0),
    "mars": Heuristic(mars_evaluate, rollout_steps=0, policy=mars_policy),
    "trickery": Heuristic(trickery_evaluate, rollout_steps=8),
    "flood": Heuristic(flood_evaluate, rollout_steps=10),
}


def heuristic_for(game_id: str) -> Heuristic:
    return HEURISTICS[game_id]
