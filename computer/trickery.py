"""The Trickery computer player: search over deals consistent with play, solved exactly at the end.

Only the other hands are hidden. Every decision looks at deals of the unseen cards made by
`state.determinize`, which respects what play has shown: a seat that didn't follow a suit, or led a
spade before spades were broken, holds none of that suit (`TrickeryState.voids`).

- Early in a hand (too many cards left to solve), information-set Monte Carlo tree search
  (`computer.search`) over those deals, with short random play-outs scored by the match totals plus
  what this hand's takings score now.
- Near the end of a hand (hard: the last three tricks with three players, the last two with four),
  perfect-information Monte Carlo: each sampled deal is solved exactly to the end of the hand, every
  seat choosing the card (and prize) best for its own result (max-n), and the action with the best
  average over the deals is played.

Levels: easy plays like a beginner, often a card that merely follows the rules, else a brief search;
normal searches more and solves the last two tricks; hard searches most and solves three (two at
four players).
"""

from __future__ import annotations

import random

from games import trickery as rules

from .heuristics import Heuristic, squash
from .search import Decision, derive_seed, search

ITERATIONS = {"easy": 10, "normal": 100, "hard": 800}
SOLVED_TRICKS = {"easy": {3: 0, 4: 0}, "normal": {3: 2, 4: 2}, "hard": {3: 3, 4: 2}}
DEALS = {"easy": 0, "normal": 12, "hard": 48}  # deals solved per decision in the endgame
EASY_SLIPS = 0.95  # how often easy plays any legal action instead of searching
LEAD_SCALE = 6.0  # points of lead that make a seat about 73% sure to come out ahead


def scores_now(state) -> list[float]:
    """Each seat's match total plus what its takings this hand would score if the hand ended now."""
    penalty = state.penalty_colour
    leads = []
    for seat in range(state.num_players):
        taken = state.taken[seat]
        points = [p for p in taken if p.colour != penalty]
        penalties = [p for p in taken if p.colour == penalty]
        leads.append(state.totals[seat] + rules.hand_score(points, penalties, state.mono_variant))
    return leads


def evaluate(state) -> list[float]:
    return squash(scores_now(state), LEAD_SCALE)


HEURISTIC = Heuristic(evaluate, rollout_steps=8)


class EndgameSolver:
    """Max-n over the rest of one hand with every card known (one sampled deal). Values are per
    seat, the squashed lead of its total after the hand. Ties go against the deciding seat: it
    counts on no favours."""

    def __init__(self, state, root_seat: int) -> None:
        self.n = state.num_players
        self.penalty = state.penalty_colour
        self.mono = state.mono_variant
        self.totals = list(state.totals)
        self.root_seat = root_seat
        self.leaves = 0

    def final_values(self, taken: list[tuple]) -> list[float]:
        self.leaves += 1
        leads = []
        for seat in range(self.n):
            points = [p for p in taken[seat] if p.colour != self.penalty]
            penalties = [p for p in taken[seat] if p.colour == self.penalty]
            leads.append(self.totals[seat] + rules.hand_score(points, penalties, self.mono))
        return squash(leads, LEAD_SCALE)

    def moves(self, hands, pool, plays, leader, broken):
        seat = (leader + len(plays)) % self.n
        hand = hands[seat]
        if not plays:
            cards = hand if broken or all(c.suit == "s" for c in hand) else [c for c in hand if c.suit != "s"]
            prizes = sorted(set(pool)) if len(pool) > 1 else [pool[0]]
            return seat, [(prize, card) for prize in prizes for card in cards]
        suit = plays[0][1].suit
        following = [c for c in hand if c.suit == suit]
        return seat, [(None, card) for card in following or hand]

    def value(self, hands, pool, taken, plays, leader, broken, prize) -> list[float]:
        if not plays and not hands[leader]:
            return self.final_values(taken)
        seat, moves = self.moves(hands, pool, plays, leader, broken)
        best = None
        for move in moves:
            values = self.after(hands, pool, taken, plays, leader, broken, prize, seat, move)
            if (
                best is None
                or values[seat] > best[seat]
                or (values[seat] == best[seat] and values[self.root_seat] < best[self.root_seat])
            ):
                best = values
        return best

    def after(self, hands, pool, taken, plays, leader, broken, prize, seat, move) -> list[float]:
        """The value after `seat` plays `move` ((prize, card); the prize only when leading)."""
        chosen_prize, card = move
        if not plays:
            prize = chosen_prize
        elif card.suit == "s" and plays[0][1].suit != "s":
            broken = True
        hands = list(hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        plays = (*plays, (seat, card))
        if len(plays) < self.n:
            return self.value(hands, pool, taken, plays, leader, broken, prize)
        winner = rules.trick_winner(list(plays))
        taken = list(taken)
        taken[winner] = (*taken[winner], prize)
        remaining = list(pool)
        remaining.remove(prize)
        return self.value(hands, tuple(remaining), taken, (), winner, broken, None)


def solve_endgame(state, seat: int, actions: list, deals: int, seed: int) -> Decision:
    """Perfect-information Monte Carlo: `deals` deals consistent with play, each solved exactly."""
    totals = [0.0] * len(actions)
    leaves = 0
    for index in range(deals):
        world = state.determinize(seat, derive_seed(seed, "trickery-deal", index))
        solver = EndgameSolver(world, seat)
        hands = [tuple(hand) for hand in world.hands]
        taken = [tuple(t) for t in world.taken]
        pool = tuple(world.pool)
        for position, action in enumerate(actions):
            prize = action.prize if isinstance(action, rules.Lead) else None
            if isinstance(action, rules.Lead) and prize is None:
                prize = pool[0]  # the last trick's prize goes without saying
            values = solver.after(
                hands,
                pool,
                taken,
                tuple(world.plays),
                world.leader,
                world.spades_broken,
                world.prize,
                seat,
                (prize, action.card),
            )
            totals[position] += values[seat]
        leaves += solver.leaves
    best = max(range(len(actions)), key=lambda i: (totals[i], -i))
    return Decision(actions[best], len(actions), totals[best] / deals, leaves)


def think(state, seat: int, level: str, seed: int) -> Decision:
    if level == "easy":
        rng = random.Random(derive_seed(seed, "trickery-easy"))
        if rng.random() < EASY_SLIPS:
            actions = sorted(state.legal_actions(seat), key=str)
            return Decision(actions[rng.randrange(len(actions))], len(actions), 0.5, 1)
    tricks_left = rules.TRICKS_PER_HAND - len(state.done_tricks)
    if tricks_left <= SOLVED_TRICKS[level][state.num_players]:
        actions = sorted(state.legal_actions(seat), key=str)
        return solve_endgame(state, seat, actions, DEALS[level], seed)
    return search(state, seat, HEURISTIC, ITERATIONS[level], seed)
