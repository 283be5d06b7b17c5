"""The Senet computer player: expectimax over the die.

Nothing is hidden in Senet but the rolls to come, and those have a known distribution (a fair
six-sided die; 1 and 6 roll again, a 5 moves a coaster, a roll with no legal move is skipped). So
the player searches the tree exactly: its own move, then every roll with its probability, then the
best move of whoever that roll belongs to, and so on, down to a depth where a tuned evaluation
scores the position. The opponent's nodes take the opponent's best move (their value, not ours).

- easy: one ply, the evaluation blurred by noise, so it plays like a beginner.
- normal: its move, then every roll and the best reply to it (two plies).
- hard: four plies (move, roll, reply, roll, its next move, roll, the reply to that), the inner
  moves narrowed to the best two by a one-ply look. Three plies did no better than normal: a
  search that ends on its own move flatters it, so hard ends on the other player's reply too.

The evaluation (`evaluate`) weighs each player's race (pyramids' places along the path, borne-off
ones at the end), pyramids locked inside a nest (under the other player's peak or one's own),
pyramids that carry the other player's along or ride on theirs, and the rearmost pyramid on the
Source. Its weights were tuned by paired self-play of the one-ply player, candidate against
incumbent on the same seeds from both seats (`WEIGHTS`); features the tuning set to zero (blocks,
pyramids left on the Source) were dropped.
"""

from __future__ import annotations

import math
import random

from games import senet as rules

from .decision import Decision, derive_seed
from .dice import before_roll

OFF_PLACE = rules.LAST_SQUARE + 1  # where a borne-off pyramid counts as standing
ROLL_CHANCE = 1 / 6

# Points per pyramid of each feature, against a race measured in squares.
WEIGHTS = {
    "locked_by_other": 5.0,  # inside a nest whose peak the other player holds: stuck at their will
    "locked": 4.0,  # inside a nest under one's own peak: stuck until that one moves
    "burdened": 1.0,  # the other player's pyramids ride on it: moving it carries them forward too
    "riding": 1.0,  # rides on the other player's unit: it goes forward when they move (not bad)
    # Per square the rearmost pyramid on the Source is short of leaving it. Tuning made it negative:
    # pyramids kept back on the Source are worth a little, not a burden.
    "straggler": -0.5,
    "off": 3.0,  # borne off: safe for good
}
SCALE = 18.0  # squares of lead that make a position about 73% won
MOVES_WIDE = {"hard": 2}  # moves kept at inner decision nodes, the best by a one-ply look
NOISE = 14.0  # easy: noise added to each option's evaluation, in race squares


def after(state, seat: int, action):
    """The position after `action`, before the next roll: who rolls next is `current`."""
    return before_roll(state, seat, action)


def race(state, player: str, weights: dict = WEIGHTS) -> float:
    """How well `player` stands, in race squares (higher is better)."""
    stacks = state.stacks
    other = rules.other_player(player)
    score = state.off[player] * (OFF_PLACE + weights["off"])
    rearmost = None
    for index in range(1, rules.LAST_SQUARE + 1):
        stack = stacks[index]
        if not stack:
            continue
        top = rules.peak(stack)
        controller = stack[top].owner
        for height, piece in enumerate(stack):
            if piece.owner != player:
                continue
            score += index
            if index <= 9 and rearmost is None:
                rearmost = index
            if height < top:
                score -= weights["locked_by_other"] if controller == other else weights["locked"]
                continue
            if any(p.owner == other for p in stack[height + 1 :]):
                score -= weights["burdened"]
            if any(p.owner == other for p in stack[top:height]):
                score += weights["riding"]
    if rearmost is not None:
        score -= weights["straggler"] * (10 - rearmost)
    return score


def evaluate(state, player: str, weights: dict = WEIGHTS) -> float:
    """`player`'s chance of winning, as a squashed race lead (1 or 0 once the match is over)."""
    if state.winner is not None:
        return 1.0 if state.winner == player else 0.0
    lead = race(state, player, weights) - race(state, rules.other_player(player), weights)
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, lead / SCALE))))


class Expectimax:
    def __init__(self, player: str, wide: int | None) -> None:
        self.player = player  # values are this player's chance of winning
        self.wide = wide
        self.positions = 0

    def chance(self, state, plies: int) -> float:
        """The value before a roll: the average over the six rolls (skipped ones follow the rules:
        a skipped 1 or 6 rolls again, another passes the turn; followed one step only)."""
        if state.winner is not None or plies == 0:
            self.positions += 1
            return evaluate(state, self.player)
        total = 0.0
        for roll in range(1, 7):
            moves = state.moves_for_roll(state.current, roll)
            if moves:
                decided = state.clone()
                decided.roll = roll
                total += self.decision(decided, moves, plies)
                continue
            skipped = state.clone()
            if not rules.rolls_again(roll):
                skipped.current = rules.other_player(skipped.current)
            total += self.chance(skipped, plies - 1) if plies > 1 else evaluate(skipped, self.player)
        return total * ROLL_CHANCE

    def decision(self, state, moves: list, plies: int) -> float:
        """The value where `state.current` chooses: the best of its moves for it."""
        mover = state.current
        seat = state.seat_of(mover)
        children = [after(state, seat, move) for move in moves]
        if plies == 1:
            self.positions += len(children)
            values = [evaluate(child, self.player) for child in children]
            return max(values) if mover == self.player else min(values)
        if self.wide and len(children) > self.wide:
            ranked = sorted(children, key=lambda child: evaluate(child, mover), reverse=True)
            children = ranked[: self.wide]
        values = [self.chance(child, plies - 1) for child in children]
        return max(values) if mover == self.player else min(values)


PLIES = {"easy": 1, "normal": 2, "hard": 4}


def think(state, seat: int, level: str, seed: int) -> Decision:
    player = state.current
    moves = sorted(state.legal_actions(seat), key=str)  # notation order: a stable tie-break
    search = Expectimax(player, MOVES_WIDE.get(level))
    plies = PLIES[level]
    values = []
    for move in moves:
        child = after(state, seat, move)
        if plies == 1:
            search.positions += 1
            values.append(evaluate(child, player))
        else:
            values.append(search.chance(child, plies - 1))
    if level == "easy":
        rng = random.Random(derive_seed(seed, "senet-easy"))
        noisy = [value + rng.gauss(0.0, NOISE / SCALE / 4) for value in values]
        best = max(range(len(moves)), key=lambda i: noisy[i])
    else:
        best = max(range(len(moves)), key=lambda i: values[i])
    return Decision(moves[best], len(moves), values[best], search.positions)
