"""Independent one-ply greedy players, the yardstick the computer players are measured against.

Written from the rules specs and the engines' public API only (nothing from `computer/`). None of
them searches: for each legal action of the seat to move, the greedy player looks at the position
that action leads to, as the seat may know it, scores it with an obvious heuristic, and takes the
best, breaking ties at random with the caller's `random.Random`. The position is a
determinization (`state.determinize(seat, seed)`, seeds drawn from that rng): other hands, hidden
objectives, the deck's order and the dice to come are resampled, so a decision never depends on
anything the seat can't see. Chance inside an action (a combat roll, a flood) is averaged over a
couple of determinizations where it matters.

What each one scores, for the deciding seat:

- Senet: race progress. Every own pyramid counts its square's place on the path (1..27), every
  borne-off one 28; the opponent's total is subtracted. A pyramid locked inside a nest whose
  outer pyramid is the opponent's costs a few points (it can't move until freed), a block of one's
  own on top of a stack earns a few, and a won game is worth far more than anything else.
- Combat: progress towards the home trees. Each own pyramid earns points for being close to a
  home square (larger ones a bit more), each home square holding the start of the [L M S] tree
  in the right order earns more per piece in place, a capped home square much more; pyramids
  covered by an opponent (pinned or dug) lose a little. The best opponent's progress is
  subtracted; a win or a loss dominates.
- M.A.R.S.: the seat's own objective applied to the board (spec section 5: groups of four or more
  score their pips; smaller groups count a small fraction so groups get built), minus the
  opponent's objective estimated from what the seat sees: revealed slots as they are, the colours
  in hidden slots each valued at the average of the hidden values. The reveal-and-swap step is
  taken when it raises that difference. A draw gets a head start that grows with the turn
  number, so that the game moves on instead of pieces being shuffled back and forth.
- Trickery: no board to look at, so the decision is scored directly. The prize's worth to the
  seat is how much its hand score (section 5, penalties included) changes if it takes it; taking
  it is worth that, letting an opponent take it is worth minus that opponent's gain. A card is
  scored by its chance of winning the trick (certain when playing last, otherwise guessed from
  the cards still unseen) times that worth, with a small preference for keeping high cards when
  they aren't needed and shedding them when ducking.
- Flood: the engine's own scoring of the position (`scoring()`, section 5) for the seat minus the
  best opponent's, plus small tie-breaks for material that will score later (ships on high
  sectors, pyramids in play). A draw is preferred among equally scored actions.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.combat import CombatState
from games.flood import SECTOR_OF_CARD, FloodState
from games.flood import Draw as FloodDraw
from games.mars import MIN_SCORING_GROUP, MarsState, score_board
from games.mars import Draw as MarsDraw
from games.pieces import Card
from games.senet import LAST_SQUARE, SenetState, block_owner, other_player, peak
from games.trickery import TrickeryState, hand_score, trick_winner

WIN = 10_000.0  # a finished game outweighs any heuristic difference
SEED_BITS = 62


def _one_ply(
    state: Any,
    seat: int,
    rng: random.Random,
    score: Callable[[Any, Any, int], float],
    samples: int = 1,
    bonus: Callable[[Any, Any], float] | None = None,
) -> Any:
    """The legal action whose resulting position scores best for `seat`, averaged over `samples`
    determinizations (each cloned per action); ties broken with `rng`. `score(before, after,
    seat)` gets the determinization before the action too, for what the seat knew then."""
    actions = state.legal_actions(seat)
    if len(actions) == 1:
        return actions[0]
    bases = [state.determinize(seat, rng.getrandbits(SEED_BITS)) for _ in range(samples)]
    best_value, best = None, []
    for action in actions:
        total = 0.0
        for base in bases:
            after = base.clone()
            after.apply(seat, action)
            total += score(base, after, seat)
        value = round(total / samples + (bonus(state, action) if bonus else 0.0), 6)  # float noise is a tie
        if best_value is None or value > best_value:
            best_value, best = value, [action]
        elif value == best_value:
            best.append(action)
    return best[0] if len(best) == 1 else rng.choice(best)


# --- Senet ---------------------------------------------------------------------------------

OFF_PLACE = LAST_SQUARE + 1
LOCKED_COST = 4.0
BLOCK_WORTH = 3.0


def _senet_progress(state: SenetState, player: str) -> float:
    progress = OFF_PLACE * state.off[player]
    for index in range(1, LAST_SQUARE + 1):
        stack = state.stacks[index]
        if not stack:
            continue
        outer = peak(stack)
        for position, piece in enumerate(stack):
            if piece.owner != player:
                continue
            progress += index
            if position < outer and stack[outer].owner != player:
                progress -= LOCKED_COST
        if len(stack) >= 3 and block_owner(stack) == player:
            progress += BLOCK_WORTH
    return progress


def _senet_score(before: SenetState, after: SenetState, seat: int) -> float:
    player = "a" if after.a_seat == seat else "b"
    if after.winner is not None:
        return WIN if after.winner == player else -WIN
    return _senet_progress(after, player) - _senet_progress(after, other_player(player))


def senet_greedy(state: SenetState, seat: int, rng: random.Random) -> Any:
    # The board after a move is certain; only the next roll is chance, and it isn't scored.
    return _one_ply(state, seat, rng, _senet_score)


# --- Combat --------------------------------------------------------------------------------

CAP_WORTH = 60.0
TREE_PIECE_WORTH = 8.0
PINNED_COST = 2.0
NEAR_HOME = 6  # beyond the largest distance on the 6x6 board


def _combat_progress(state: CombatState, seat: int) -> float:
    side = state.sides[seat]
    colour = side.colour
    progress = CAP_WORTH * sum(home in state.capped for home in side.home)
    for home in side.home:
        if home in state.capped:
            continue
        stack = state.board[home]
        for placed, wanted in zip(stack, side.tree, strict=False):  # the tree grows L, M, S upward
            if placed != wanted:
                break
            progress += TREE_PIECE_WORTH
    for square, stack in enumerate(state.board):
        if square in state.capped or not stack:
            continue
        for height, pyramid in enumerate(stack):
            if pyramid[0] != colour:
                continue
            size = int(pyramid[1])
            progress += (NEAR_HOME - side.home_distance[square]) * (1 + 0.2 * size)
            if any(above[0] != colour for above in stack[height + 1 :]):
                progress -= PINNED_COST
    return progress


def _combat_score(before: CombatState, after: CombatState, seat: int) -> float:
    if after.is_over:
        if seat in after.winners:
            return WIN / len(after.winners)
        return -WIN
    mine = _combat_progress(after, seat)
    others = [_combat_progress(after, other) for other in after.active_seats() if other != seat]
    return mine - max(others, default=0.0)


def combat_greedy(state: CombatState, seat: int, rng: random.Random) -> Any:
    # Combat, Hop and the action die roll inside apply: average two futures.
    return _one_ply(state, seat, rng, _combat_score, samples=2)


# --- M.A.R.S. ------------------------------------------------------------------------------

SMALL_GROUP_SHARE = 1 / 8  # per piece, of a not-yet-scoring group's pips: pulls pieces together
DRAW_PREFERENCE = 1e-3
MARS_DRAW_HEAD_START = 0.5  # points of the score difference a move must beat a draw by
MARS_DRAW_PER_TURN = 0.05


def _mars_colour_values(state: MarsState) -> dict[str, float]:
    result = score_board(
        state.board,
        state.colours,
        biggest_only=state.options["biggest_only"],
        size_points=state.options["size_points"],
    )
    values = dict(result["values"])
    if not state.options["biggest_only"]:
        for group in result["groups"]:
            if group["count"] < MIN_SCORING_GROUP:
                values[group["colour"]] += group["pips"] * group["count"] * SMALL_GROUP_SHARE
    return values


def _mars_multipliers(before: MarsState, after: MarsState, seat: int, owner: int) -> dict[str, float]:
    """What each colour is worth to `owner` as `seat` knows it: every slot of an objective the seat
    sees, else the revealed ones as they are and the average of the hidden values for the rest."""
    objective = after.objectives[owner]
    values = after.slot_values
    if objective is None:  # still being chosen: nothing known
        average = sum(values) / len(values)
        return dict.fromkeys(after.colours, average)
    sees_all = (owner == seat) != after.blind
    # Slots revealed before this action; the end of the game reveals the sample, not the real one.
    known = set(values) if sees_all else set(before.public[owner])
    hidden = [value for value in values if value not in known]
    multipliers = {objective[value]: float(value) for value in values if value in known}
    average = sum(hidden) / len(hidden) if hidden else 0.0
    for value in hidden:
        multipliers[objective[value]] = average
    return multipliers


def _mars_score(before: MarsState, after: MarsState, seat: int) -> float:
    colour_values = _mars_colour_values(after)
    totals = []
    for owner in (seat, 1 - seat):
        multipliers = _mars_multipliers(before, after, seat, owner)
        totals.append(sum(multipliers[colour] * colour_values[colour] for colour in after.colours))
    return totals[0] - totals[1]


def _mars_bonus(state: MarsState, action: Any) -> float:
    # Two greedy players can shuffle pieces back and forth for ever (Ko stops only the immediate
    # undo), so the draw, the one action that brings the end nearer, gets a growing head start.
    if not isinstance(action, MarsDraw):
        return 0.0
    return MARS_DRAW_HEAD_START + state.turn * MARS_DRAW_PER_TURN


def mars_greedy(state: MarsState, seat: int, rng: random.Random) -> Any:
    # A draw's piece is chance, but drawing changes no score: one sample is enough.
    return _one_ply(state, seat, rng, _mars_score, bonus=_mars_bonus)


# --- Trickery ------------------------------------------------------------------------------

RANK_PREFERENCE = 0.01  # keep high cards unless they're needed, shed them when ducking


def _trickery_gain(state: TrickeryState, seat: int, prize: Any) -> float:
    """How much `seat`'s hand score changes if it takes `prize` now."""
    taken = state.taken[seat]
    penalty = state.penalty_colour
    mono = state.mono_variant

    def score(pyramids: list) -> int:
        points = [p for p in pyramids if p.colour != penalty]
        penalties = [p for p in pyramids if p.colour == penalty]
        return hand_score(points, penalties, mono)

    return score([*taken, prize]) - score(taken)


def _unseen_cards(state: TrickeryState, seat: int) -> set[Card]:
    """Cards the seat hasn't seen: in other hands, by its own knowledge."""
    seen = {str(card) for card in state.hands[seat]}
    seen |= {str(card) for _, card in state.plays}
    for trick in state.done_tricks:
        seen |= {card for _, card in trick["plays"]}
    ranks = range(6, 15) if state.num_players == 3 else range(3, 15)
    return {Card(rank, suit) for rank in ranks for suit in "cdhs" if str(Card(rank, suit)) not in seen}


def _hold_chance(card: Card, lead_suit: str, unseen: set[Card]) -> float:
    """A rough chance that `card`, winning the trick so far, still wins once the others play."""
    if card.suit == "s":
        higher = sum(other.suit == "s" and other.rank > card.rank for other in unseen)
        return 1.0 if higher == 0 else 0.5 / higher
    higher = sum(other.suit == lead_suit and other.rank > card.rank for other in unseen)
    trumps = any(other.suit == "s" for other in unseen)
    chance = 1.0 if higher == 0 else 0.5 / higher
    return chance * (0.7 if trumps else 1.0)


def trickery_greedy(state: TrickeryState, seat: int, rng: random.Random) -> Any:
    actions = state.legal_actions(seat)
    if len(actions) == 1:
        return actions[0]
    known = state.determinize(seat, rng.getrandbits(SEED_BITS))  # only our own hand is read
    unseen = _unseen_cards(known, seat)
    others = [other for other in range(known.num_players) if other != seat]
    plays = list(known.plays)
    best_value, best = None, []
    for action in actions:
        card = action.card
        if plays:
            prize = known.prize
            lead_suit = plays[0][1].suit
            trick = [*plays, (seat, card)]
            wins_now = trick_winner(trick) == seat
            last = len(trick) == known.num_players
            chance = (1.0 if last else _hold_chance(card, lead_suit, unseen)) if wins_now else 0.0
            # If we don't take it, whoever leads the trick now (or someone) does.
            leader_now = trick_winner(plays)
            loser_gain = _trickery_gain(known, leader_now, prize)
        else:
            prize = action.prize if action.prize is not None else known.pool[0]
            chance = _hold_chance(card, card.suit, unseen)
            loser_gain = sum(_trickery_gain(known, other, prize) for other in others) / len(others)
        gain = _trickery_gain(known, seat, prize)
        value = chance * gain - (1 - chance) * loser_gain
        wanted = gain - loser_gain >= 0
        value -= RANK_PREFERENCE * card.rank * (1 if wanted else -1)
        value = round(value, 6)
        if best_value is None or value > best_value:
            best_value, best = value, [action]
        elif value == best_value:
            best.append(action)
    return best[0] if len(best) == 1 else rng.choice(best)


# --- Flood ---------------------------------------------------------------------------------

SHIP_SECTOR_SHARE = 0.05
PYRAMID_IN_PLAY = 0.1


def _flood_material(state: FloodState, seat: int) -> float:
    material = 0.0
    for spot in state.areas[seat]:
        if spot.ship is not None:
            material += SHIP_SECTOR_SHARE * SECTOR_OF_CARD[str(spot.card)] + PYRAMID_IN_PLAY * spot.ship.size
        elif spot.tower:
            material += PYRAMID_IN_PLAY * len(spot.tower)
    return material


def _flood_score(before: FloodState, after: FloodState, seat: int) -> float:
    totals = [row["total"] for row in after.scoring()]
    if after.is_over:
        best = max(totals)
        if totals[seat] == best:
            return WIN / totals.count(best)
        return -WIN + totals[seat] - best
    mine = totals[seat] + _flood_material(after, seat)
    return mine - max(total for other, total in enumerate(totals) if other != seat)


def _flood_bonus(state: FloodState, action: Any) -> float:
    return DRAW_PREFERENCE if isinstance(action, FloodDraw) else 0.0


def flood_greedy(state: FloodState, seat: int, rng: random.Random) -> Any:
    # The end of a round floods by the dice: average two futures.
    return _one_ply(state, seat, rng, _flood_score, samples=2, bonus=_flood_bonus)


# --- dispatch ------------------------------------------------------------------------------


def greedy_for(game_id: str) -> Callable[[Any, int, random.Random], Any]:
    """The game's greedy player: `<game id>_greedy` above."""
    player = globals().get(f"{game_id}_greedy")
    if player is None:
        raise LookupError(f"benchmarks/baselines.py has no {game_id}_greedy")
    return player


def greedy_action(state: Any, seat: int, rng: random.Random) -> Any:
    """The one-ply greedy choice of `seat` in `state`: one of `state.legal_actions(seat)`."""
    game_id = type(state).__module__.rsplit(".", 1)[-1]  # the engine module that made the state
    return greedy_for(game_id)(state, seat, rng)
