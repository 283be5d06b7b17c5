"""What a M.A.R.S. player may believe about the objective slots it can't see.

Every assignment of the hidden colours to the hidden slots is a hypothesis. In the base game the
hidden slots are the opponent's, and each hypothesis is weighed by how well it explains their
placements so far (`state.history`, which both players saw): a placement is scored as a softmax choice among
all the empty squares they could have used, where a square is worth what it added to the placed
colour times that colour's multiplier under the hypothesis (undoing the opponent's later objective
swaps, so each placement is judged under the objective they held then). Only public things are read: the board, the
bag, the record of actions, revealed slots and the seat's own objective.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

PLACEMENT_SHARPNESS = 0.5  # how strongly a placement's gain speaks for a colour's multiplier
UNIFORM_SHARE = 0.2  # kept for every hypothesis: an opponent may play by other reasons


@dataclass(frozen=True)
class Hypothesis:
    mine: dict  # slot value -> colour, for the deciding seat
    theirs: dict  # the same, for the opponent
    weight: float


@dataclass(frozen=True)
class Belief:
    hypotheses: tuple[Hypothesis, ...]
    total: int  # how many hypotheses there were before keeping the likeliest


def sees_slots(state, viewer: int, owner: int) -> bool:
    return viewer != owner if state.blind else viewer == owner


def visible_objective(state, viewer: int, owner: int) -> tuple[dict, list[int], list[str]]:
    """The slots `viewer` knows of `owner`'s objective, and the slot values and colours left."""
    objective = state.objectives[owner]
    if sees_slots(state, viewer, owner):
        return dict(objective), [], []
    known = {value: objective[value] for value in state.public[owner]}
    hidden = [value for value in state.slot_values if value not in known]
    colours = sorted(colour for colour in state.colours if colour not in known.values())
    return known, hidden, colours


def completions(known: dict, hidden: list[int], colours: list[str]) -> list[dict]:
    if not hidden:
        return [known]
    found = []
    for order in itertools.permutations(colours):
        objective = dict(known)
        objective.update(zip(hidden, order, strict=True))
        found.append(objective)
    return found


def belief_for(state, seat: int, keep: int, model) -> Belief:
    """The `keep` likeliest hypotheses, weights summing to 1 (ties kept in a fixed order)."""
    opponent = 1 - seat
    mine = completions(*visible_objective(state, seat, seat))
    theirs = completions(*visible_objective(state, seat, opponent))
    pairs = [(a, b) for a in mine for b in theirs]
    if len(theirs) > 1 and not state.blind:
        scores = play_scores(state, seat, theirs, model)
        logs = [scores[j] for _ in mine for j in range(len(theirs))]
    else:
        logs = [0.0] * len(pairs)
    top = max(logs)
    raw = [math.exp(log - top) for log in logs]
    norm = sum(raw)
    weights = [(1 - UNIFORM_SHARE) * r / norm + UNIFORM_SHARE / len(raw) for r in raw]
    order = sorted(range(len(pairs)), key=lambda i: (-weights[i], i))[:keep]
    kept = sum(weights[i] for i in order)
    return Belief(tuple(Hypothesis(pairs[i][0], pairs[i][1], weights[i] / kept) for i in order), len(pairs))


def _swap(objective: dict, high: int, low: int) -> dict:
    swapped = dict(objective)
    swapped[high], swapped[low] = objective[low], objective[high]
    return swapped


def play_scores(state, seat: int, candidates: list[dict], model) -> list[float]:
    """Per candidate objective of the opponent (as it is now), the log-likelihood of their play."""
    opponent = 1 - seat
    swaps = []
    for who, notation in state.history:
        if who == opponent and notation.startswith("O"):
            high, low = (int(part) for part in notation[1:].split("/"))
            swaps.append((high, low))
    # Each candidate as it was before the opponent's first objective swap.
    current = []
    for objective in candidates:
        for high, low in reversed(swaps):
            objective = _swap(objective, high, low)
        current.append(objective)
    colours = model.colours
    scores = [0.0] * len(candidates)
    cells = [0] * len(model.names)
    values = model.values(cells)
    for who, notation in state.history:
        if notation.startswith("O"):
            if who == opponent:
                high, low = (int(part) for part in notation[1:].split("/"))
                current = [_swap(objective, high, low) for objective in current]
            continue
        if "@" in notation:
            token, square = notation.split("@")
            code, index = model.code_of(token), model.index[square]
            colour = code >> 2
            if who == opponent and colour != 7:
                gains = model.placement_gains(cells, colour, values[colour - 1])
                size = code & 3
                options = [gain[size] for gain in gains.values()]
                chosen = gains[index][size]
                by_multiplier = {}
                for i, objective in enumerate(current):
                    multiplier = next(v for v, c in objective.items() if c == colours[colour - 1])
                    if multiplier not in by_multiplier:
                        sharp = PLACEMENT_SHARPNESS * multiplier
                        top = max(sharp * g for g in options)
                        norm = sum(math.exp(sharp * g - top) for g in options)
                        by_multiplier[multiplier] = sharp * chosen - top - math.log(norm)
                    scores[i] += by_multiplier[multiplier]
            cells[index] = code
            if colour != 7:
                values[colour - 1] = model.colour_value(cells, colour)
            continue
        # Moves and swaps are left out as evidence: players who shuffle pieces back and forth
        # would repeat the same evidence hundreds of times.
        separator = "-" if "-" in notation else "x"
        origin, target = (model.index[part] for part in notation.split(separator))
        values = model.after(cells, values, origin, target)
        model.apply_in_place(cells, origin, target)
    return scores
