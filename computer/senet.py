"""The Senet computer player: expectimax over the die.

Nothing is hidden in Senet but the rolls to come, and those have a known distribution (a fair
six-sided die; 1 and 6 roll again, a 5 moves a coaster, a roll with no legal move is skipped). So
the player searches the tree exactly: its own move, then every roll with its probability, then the
best move of whoever that roll belongs to, and so on, down to a depth where a tuned evaluation
scores the position. The opponent's nodes take the opponent's best move (their value, not ours).

- easy: one ply, the hand-tuned evaluation blurred by noise, so it plays like a beginner.
- normal: one ply by the learned evaluation: the move whose position it rates best, without
  looking at the rolls and replies after it.
- hard: four plies (move, roll, reply, roll, its next move, roll, the reply to that), the inner
  moves narrowed to the best two by a one-ply look, by the learned evaluation. Three plies did
  no better than two: a search that ends on its own move flatters it, so hard ends on the other
  player's reply too.

Two evaluations. The hand-tuned one (`evaluate`) weighs each player's race (pyramids' places along
the path, borne-off ones at the end), pyramids locked inside a nest (under the other player's peak
or one's own), pyramids that carry the other player's along or ride on theirs, and the rearmost
pyramid on the Source; its weights were tuned by paired self-play of the one-ply player
(`WEIGHTS`). Search on it stalled near 70% against the greedy baseline, however deep. The learned
one (`learned`) reads more of the position (`features`: every pyramid's square, its state per
track, medium and large pyramids per track, blocks, pyramids borne off and left on the Source, who
rolls next) and weighs it by a logistic regression fitted to the outcomes of 4,000 self-play
matches (`benchmarks/train_senet.py`, weights in `senet_weights.py`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import NamedTuple

from games import senet as rules

from .decision import Decision, derive_seed
from .dice import before_roll
from .senet_weights import LEARNED_WEIGHTS

OFF_PLACE = rules.LAST_SQUARE + 1  # where a borne-off pyramid counts as standing
ROLL_CHANCE = 1 / 6
FIRST = rules.PLAYERS[0]  # the learned logit is summed from this player's side, then turned

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
            if index in rules.SOURCE_SQUARES and rearmost is None:
                rearmost = index
            if height < top:
                score -= weights["locked_by_other"] if controller == other else weights["locked"]
                continue
            if any(p.owner == other for p in stack[height + 1 :]):
                score -= weights["burdened"]
            if any(p.owner == other for p in stack[top:height]):
                score += weights["riding"]
    if rearmost is not None:
        score -= weights["straggler"] * (rules.SOURCE_SQUARES.stop - rearmost)  # squares to leave it
    return score


def evaluate(state, player: str, weights: dict = WEIGHTS) -> float:
    """`player`'s chance of winning by the hand-tuned race: a squashed lead (1 or 0 once the match
    is over)."""
    if state.winner is not None:
        return 1.0 if state.winner == player else 0.0
    lead = race(state, player, weights) - race(state, rules.other_player(player), weights)
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, lead / SCALE))))


# --- the learned evaluation -------------------------------------------------------------------

STATUSES = ("locked", "locked_by_other", "burdened", "riding")
REGIONS = ("source", "balance", "perfect")  # path indices 1-9, 10-18, 19-27
FEATURES = (
    *(f"square {index}" for index in range(1, rules.LAST_SQUARE + 1)),
    *(f"{status} {region}" for status in STATUSES for region in REGIONS),
    *(f"{size} {region}" for size in ("medium", "large") for region in REGIONS),
    *(f"block {region}" for region in REGIONS),
    "off",
    "off squared",
    "on source",
    "source clear",
    "straggler",
    "rolls next",
)
_INDEX = {name: number for number, name in enumerate(FEATURES)}
_SQUARE, _STATUS, _SIZE, _BLOCK = (
    _INDEX[name] for name in ("square 1", "locked source", "medium source", "block source")
)
_OFF, _OFF2, _ON_SOURCE, _CLEAR, _STRAGGLER, _ROLLS = (
    _INDEX[name] for name in ("off", "off squared", "on source", "source clear", "straggler", "rolls next")
)


def _region(index: int) -> int:
    """The REGIONS number of a path index: its track, nine squares each."""
    return (index - 1) // 9


def _pyramids(state):
    """Each pyramid on the board as (owner, path index, region, size, status), where status is an
    index into STATUSES or -1 for a free pyramid that carries no other player's; and each block as
    (owner, region)."""
    pyramids, blocks = [], []
    stacks = state.stacks
    for index in range(1, rules.LAST_SQUARE + 1):
        if stacks[index]:
            found, block = _stack_pyramids(index, stacks[index])
            pyramids.extend(found)
            if block:
                blocks.append((block, _region(index)))
    return pyramids, blocks


def _stack_pyramids(index: int, stack) -> tuple[list, str | None]:
    """The pyramids of one square as `_pyramids` lists them, and the owner of a block there."""
    region = _region(index)
    top = rules.peak(stack)
    controller = stack[top].owner
    block = rules.block_owner(stack)
    pyramids = []
    for height, piece in enumerate(stack):
        owner = piece.owner
        if height < top:
            status = 0 if controller == owner else 1
        elif any(other.owner != owner for other in stack[height + 1 :]):
            status = 2
        elif any(other.owner != owner for other in stack[top:height]):
            status = 3
        else:
            status = -1
        pyramids.append((owner, index, region, piece.size, status))
    return pyramids, block


def _pyramid_features(index: int, region: int, size: int, status: int) -> tuple[int, ...]:
    """The features one pyramid counts towards (indices into FEATURES)."""
    found = [_SQUARE + index - 1]
    if size > 1:
        found.append(_SIZE + (size - 2) * 3 + region)
    if status >= 0:
        found.append(_STATUS + status * 3 + region)
    if index in rules.SOURCE_SQUARES:
        found.append(_ON_SOURCE)
    return tuple(found)


def _rearmost(pyramids) -> dict[str, int]:
    """Each player's rearmost pyramid on the Source, by path index (none: the Source is clear)."""
    rearmost: dict[str, int] = {}
    for owner, index, *_ in pyramids:
        if index in rules.SOURCE_SQUARES:
            rearmost.setdefault(owner, index)
    return rearmost


def _position_features(state, player: str, rearmost: dict[str, int], blocks) -> dict[int, float]:
    """The features that belong to the position rather than to single pyramids, `player`'s minus
    the other player's: blocks, pyramids borne off, a clear Source, the rearmost Source pyramid
    (`_rearmost`) and who rolls next."""
    sign = {player: 1.0, rules.other_player(player): -1.0}
    found = dict.fromkeys((_OFF, _OFF2, _CLEAR, _STRAGGLER), 0.0)
    for owner, region in blocks:
        found[_BLOCK + region] = found.get(_BLOCK + region, 0.0) + sign[owner]
    for owner, s in sign.items():
        count = state.off[owner]
        found[_OFF] += s * count
        found[_OFF2] += s * count * count / rules.PYRAMIDS_EACH
        if owner in rearmost:
            found[_STRAGGLER] += s * (rules.SOURCE_SQUARES.stop - rearmost[owner])
        else:
            found[_CLEAR] += s
    found[_ROLLS] = sign[state.current]
    return found


def features(state, player: str) -> list[float]:
    """The position as the learned evaluation reads it: each feature counted for `player` minus
    the same feature for the other player (so the evaluation of one is 1 minus the other's)."""
    found = [0.0] * len(FEATURES)
    pyramids, blocks = _pyramids(state)
    for owner, *where in pyramids:
        for feature in _pyramid_features(*where):
            found[feature] += 1.0 if owner == player else -1.0
    for feature, value in _position_features(state, player, _rearmost(pyramids), blocks).items():
        found[feature] += value
    return found


class Learned:
    """An evaluation fitted to self-play outcomes (`benchmarks/train_senet.py`): `player`'s chance
    of winning, the logistic of `weights` dotted with `features(state, player)`."""

    SQUARES_KEPT = 1 << 16  # square values remembered: a search meets the same few stacks often

    def __init__(self, weights: tuple[float, ...]) -> None:
        self.weights = weights
        # Per (path index, size, status): what one pyramid adds to the logit, its features summed once.
        self.pyramid_weights = {
            (index, size, status): sum(
                weights[feature] for feature in _pyramid_features(index, _region(index), size, status)
            )
            for index in range(1, rules.LAST_SQUARE + 1)
            for size in (1, 2, 3)
            for status in (-1, *range(len(STATUSES)))
        }
        self.squares: dict[tuple, tuple[float, frozenset]] = {}

    def square(self, index: int, stack: tuple) -> tuple[float, frozenset]:
        """What one square adds to FIRST's logit (its pyramids and a block there), and who owns a
        pyramid on it."""
        found = self.squares.get((index, stack))
        if found is None:
            pyramids, block = _stack_pyramids(index, stack)
            logit = 0.0
            for owner, _, _, size, status in pyramids:
                value = self.pyramid_weights[index, size, status]
                logit += value if owner == FIRST else -value
            if block:
                value = self.weights[_BLOCK + _region(index)]
                logit += value if block == FIRST else -value
            found = logit, frozenset(owner for owner, *_ in pyramids)
            if len(self.squares) >= self.SQUARES_KEPT:
                self.squares.clear()
            self.squares[index, stack] = found
        return found

    def logit(self, state, player: str) -> float:
        """`weights` dotted with `features(state, player)`, summed square by square."""
        stacks = state.stacks
        logit = 0.0
        rearmost: dict[str, int] = {}
        for index in range(1, rules.LAST_SQUARE + 1):
            if stacks[index]:
                value, owners = self.square(index, tuple(stacks[index]))
                logit += value
                if index in rules.SOURCE_SQUARES:
                    for owner in owners:
                        rearmost.setdefault(owner, index)
        if player != FIRST:
            logit = -logit
        # Blocks are in the squares' shares already.
        for feature, value in _position_features(state, player, rearmost, ()).items():
            logit += self.weights[feature] * value
        return logit

    def __call__(self, state, player: str) -> float:
        if state.winner is not None:
            return 1.0 if state.winner == player else 0.0
        return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, self.logit(state, player)))))


learned = Learned(LEARNED_WEIGHTS)


class Expectimax:
    def __init__(self, player: str, wide: int | None, evaluation=evaluate) -> None:
        self.player = player  # values are this player's chance of winning
        self.wide = wide
        self.evaluation = evaluation
        self.positions = 0

    def chance(self, state, plies: int) -> float:
        """The value before a roll: the average over the six rolls (skipped ones follow the rules:
        a skipped 1 or 6 rolls again, another passes the turn; followed one step only)."""
        if state.winner is not None or plies == 0:
            self.positions += 1
            return self.evaluation(state, self.player)
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
            total += self.chance(skipped, plies - 1)  # at the last ply: evaluated, and counted
        return total * ROLL_CHANCE

    def decision(self, state, moves: list, plies: int) -> float:
        """The value where `state.current` chooses: the best of its moves for it."""
        mover = state.current
        seat = state.seat_of(mover)
        children = [after(state, seat, move) for move in moves]
        if plies == 1:
            self.positions += len(children)
            values = [self.evaluation(child, self.player) for child in children]
            return max(values) if mover == self.player else min(values)
        if self.wide and len(children) > self.wide:
            ranked = sorted(children, key=lambda child: self.evaluation(child, mover), reverse=True)
            children = ranked[: self.wide]
        values = [self.chance(child, plies - 1) for child in children]
        return max(values) if mover == self.player else min(values)


class Level(NamedTuple):
    plies: int
    evaluation: Callable
    wide: int | None = None  # moves kept at inner decision nodes, the best by a one-ply look


LEVELS = {
    "easy": Level(1, evaluate),
    "normal": Level(1, learned),
    "hard": Level(4, learned, wide=2),
}


def think(state, seat: int, level: str, seed: int) -> Decision:
    player = state.current
    moves = sorted(state.legal_actions(seat), key=str)  # notation order: a stable tie-break
    plies, evaluation, wide = LEVELS[level]
    search = Expectimax(player, wide, evaluation)
    values = [search.chance(after(state, seat, move), plies - 1) for move in moves]  # 1 ply: evaluated
    if level == "easy":
        rng = random.Random(derive_seed(seed, "senet-easy"))
        noisy = [value + rng.gauss(0.0, NOISE / SCALE / 4) for value in values]
        best = max(range(len(moves)), key=lambda i: noisy[i])
    else:
        best = max(range(len(moves)), key=lambda i: values[i])
    return Decision(moves[best], len(moves), values[best], search.positions)
