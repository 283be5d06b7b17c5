"""How good a Combat position is for each seat: progress of the home trees (caps, the right
pyramids already in place, a nest one Tip from a cap), how far the seat's pyramids still have to
go, what blocks its home squares, pinned pyramids, whole forces that can walk home as one, and,
as the round limit nears, the tie-break the limit uses (own pyramids on home squares).

The weights were tuned by self-play (variants playing each other and the previous player).
"""

from __future__ import annotations

import math

from games.combat import DISTANCE

from .blend import blend

# Weights (points; a cap is worth the most, a step nearer home the least).
CAP = 60.0
PREFIX = (0.0, 9.0, 20.0)  # an uncapped home holding exactly the tree's first 0, 1 or 2 pyramids
NEST_ON_HOME = 24.0  # the own [S M L] nest on a home square: any Tip caps it
PAIR_NEST_ON_HOME = 11.0  # the own [M L] on a home square: a Tip makes it [L M]
BLOCKED_HOME = 2.0  # an own home square holding an opponent's pyramid (it has to be fought off)
FOREIGN_ON_HOME = 0.5  # and per opponent pyramid there
WRONG_ON_HOME = 2.0  # own pyramids on a home square that are in the way of the tree
STEP = 1.6  # per pyramid, per step still to go to the nearest open home square
PINNED = 3.0  # an own pyramid covered by an opponent's
TREE_FORCE = 6.0  # an own [L M S] tree (not at home) that can walk onto an empty home and cap
NEST_FORCE = 3.0  # an own [S M L] nest, one Tip from a tree
HOME_TIEBREAK = (3.0, 14.0)  # per own pyramid on home squares: at the start, and at the limit
SCALE = 14.0  # points of lead that make about a 73% favourite


def _attack_odds(a: int, d: int) -> float:
    """The attacker's chance to win a combat of `a` pips against `d`, the defender countering
    (R14) whenever round 1 was lost (it only ever adds chances)."""
    faces = range(1, 7)
    win = 0.0
    for x in faces:
        for y in faces:
            if a + x > d + y:
                if a == d:
                    margin = x - y
                    won = sum(margin + x2 > y2 for x2 in faces for y2 in faces)
                    tied = sum(margin + x2 == y2 for x2 in faces for y2 in faces)
                    win += (won + tied / 2) / 36
                else:
                    win += 1.0
            elif a + x == d + y:
                win += 0.5
    return win / 36


# Forces hold 1 to 6 pips: every pairing, worked out once (a constant table).
ODDS = tuple(tuple(_attack_odds(a, d) for d in range(7)) for a in range(7))


def attack_odds(a: int, d: int) -> float:
    return ODDS[a][d]


def seat_score(state, seat: int) -> float:
    side = state.sides[seat]
    colour = side.colour
    board, capped = state.board, state.capped
    tree = side.tree
    open_homes = [home for home in side.home if home not in capped]
    score = CAP * (len(side.home) - len(open_homes))
    tiebreak = home_tiebreak(state)
    placed: dict[int, int] = {}  # home square -> how many of its bottom pyramids are in place
    for home in side.home:
        stack = board[home]
        if home in capped:
            score += 3 * tiebreak
            continue
        value, placed[home] = home_value(stack, tree, colour, tiebreak)
        score += value
    if not open_homes:
        return score
    distance_rows = [DISTANCE[home] for home in open_homes]
    nest, full_tree = tree[::-1], tree
    for square, stack in enumerate(board):
        if not stack or square in capped:
            continue
        done = placed.get(square, 0)
        covered = False
        for height in range(len(stack) - 1, -1, -1):  # top down, so covers are known
            pyramid = stack[height]
            if pyramid[0] != colour:
                covered = True
                continue
            if height < done:
                continue
            score -= STEP * min(row[square] for row in distance_rows)
            if covered:
                score -= PINNED
        if len(stack) == 3 and square not in placed:
            if stack == full_tree:
                score += TREE_FORCE
            elif stack == nest:
                score += NEST_FORCE
    if state.returning is not None and state.returning["seat"] == seat:
        # A defeated force waiting to go back: it goes back near the start, far from home.
        score -= STEP * 5 * len(state.returning["force"])
    return score


def home_value(stack: list[str], tree: list[str], colour: str, tiebreak: float) -> tuple[float, int]:
    """What an uncapped home square holding `stack` is worth to the seat whose `tree` it must hold,
    and how many of its bottom pyramids are already the tree's."""
    good = 0
    while good < len(stack) and good < 3 and stack[good] == tree[good]:
        good += 1
    own = sum(pyramid[0] == colour for pyramid in stack)
    value = own * tiebreak
    if good == len(stack):
        return value + PREFIX[good], good
    if len(stack) == 3 and stack == tree[::-1]:
        return value + NEST_ON_HOME, good
    if stack == tree[1::-1]:
        return value + PAIR_NEST_ON_HOME, good
    foreign = len(stack) - own
    value -= WRONG_ON_HOME * (own - good)  # the own pyramids above the right ones are in the way
    if foreign:
        value -= BLOCKED_HOME + FOREIGN_ON_HOME * foreign
    return value, good


def home_tiebreak(state) -> float:
    """What an own pyramid on a home square is worth: more as the round limit, whose tie-break
    counts them, nears (the first weight throughout when there is no limit)."""
    limit = state.round_limit * state.num_players
    late = min(1.0, state.turn / limit) if limit else 0.0
    return blend(*HOME_TIEBREAK, late)


def scores(state) -> list[float]:
    return [seat_score(state, seat) for seat in range(state.num_players)]


def evaluate(state, seat: int) -> float:
    """`seat`'s standing in (0, 1): 1 or 0 (half for a shared win of two) when the match is over,
    else its score's lead over the best other seat, squashed."""
    return evaluate_all(state)[seat]


def evaluate_all(state) -> list[float]:
    """`evaluate` for every seat at once."""
    if state.is_over:
        winners = state.winners
        share = 1.0 / len(winners) if state.num_players == 2 else 1.0
        return [share if seat in winners else 0.0 for seat in range(state.num_players)]
    values = scores(state)
    result = []
    for seat, own in enumerate(values):
        best_other = max(value for other, value in enumerate(values) if other != seat)
        margin = max(-30.0, min(30.0, (own - best_other) / SCALE))
        result.append(1.0 / (1.0 + math.exp(-margin)))
    return result
