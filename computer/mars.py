"""The M.A.R.S. computer player: information-set Monte Carlo tree search (`computer.search`)
with this game's evaluation."""

from __future__ import annotations

import random

from games import mars as mars_rules

from .heuristics import Heuristic, squash
from .search import Decision, search

# Iterations per decision, per level.
BUDGETS = {"easy": 1, "normal": 5, "hard": 500}


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


HEURISTIC = Heuristic(mars_evaluate, rollout_steps=0, policy=mars_policy)


def think(state, seat: int, level: str, seed: int) -> Decision:
    return search(state, seat, HEURISTIC, BUDGETS[level], seed)
