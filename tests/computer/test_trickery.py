"""The Trickery player: the last tricks are solved against every opponent's best reply, on deals
that respect what play has shown, and the decision depends only on what the seat may know."""

from __future__ import annotations

import random

import pytest

import computer
from benchmarks.baselines import greedy_action
from computer.trickery import EndgameSolver
from games import GAMES
from games import trickery as rules
from games.pieces import Card, Pyramid

RANKS = {"T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}

# Ten tricks already played (leader, cards in play order). Seat 1 has shown it holds no hearts or
# clubs, seat 2 no spades or diamonds, so the four unseen cards can be dealt only one way.
TRICKS = [
    (0, ("6h", "6d", "7h")),
    (0, ("7c", "8d", "8c")),
    (0, ("6s", "8s", "9h")),
    (0, ("9d", "Td", "Th")),
    (0, ("Js", "9s", "Tc")),
    (0, ("Qs", "Ts", "Jc")),
    (1, ("Jd", "Jh", "Ks")),
    (1, ("Qd", "Qh", "As")),
    (1, ("Kd", "Kh", "Kc")),
    (1, ("Ad", "Qc", "Ac")),
]
HANDS = [["Ah", "6c"], ["7s", "7d"], ["8h", "9c"]]


def card(text: str) -> Card:
    return Card(RANKS.get(text[0]) or int(text[0]), text[1])


def pyramid(text: str) -> Pyramid:
    return Pyramid(text[0], int(text[1]))


def last_two_tricks(taken: list[list[str]], pool: list[str]):
    """Seat 0 to lead trick 11 of the first hand, spades broken, after TRICKS."""
    state = GAMES["trickery"].new(3, 1)
    state.leader, state.plays, state.prize, state.spades_broken = 0, [], None, True
    state.hands = [sorted(map(card, hand), key=rules.hand_order) for hand in HANDS]
    state.done_tricks = [
        {
            "leader": leader,
            "prize": "R1",
            "plays": [[(leader + i) % 3, text] for i, text in enumerate(plays)],
            "winner": leader,
        }
        for leader, plays in TRICKS
    ]
    state.taken = [[pyramid(p) for p in seat] for seat in taken]
    state.pool = [pyramid(p) for p in pool]
    return state


def position():
    """Seat 0 holds A♥ and 6♣; B2 and B3 are left. Taking B3 with the A♥ looks best one move
    ahead, but seat 1 trumps the A♥ whenever it is worth its while (it holds no hearts), so what
    matters is which prize to offer it first: B2 with the A♥ is the only lead that keeps seat 0
    ahead."""
    return last_two_tricks([["G1", "G3", "R3"], ["K2", "B1", "R1", "K1"], ["G2", "K3", "R2"]], ["B2", "B3"])


def test_the_deal_is_the_only_one_play_allows():
    state = position()
    for j in range(3):
        world = state.determinize(0, j)
        assert [sorted(map(str, hand)) for hand in world.hands] == [sorted(hand) for hand in HANDS]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_last_tricks_are_solved_against_each_opponents_best_reply(level):
    state = position()
    right = rules.Lead(pyramid("B2"), card("Ah"))
    assert computer.choose(state, 0, level=level, seed=3) == right
    assert greedy_action(state, 0, random.Random(1)) != right, "one move ahead the other lead looks better"


def solved(state, solver_class=EndgameSolver) -> dict[str, float]:
    solver = solver_class(state, 0)
    values = {}
    for action in state.legal_actions(0):
        values[str(action)] = solver.after(
            tuple(map(tuple, state.hands)),
            tuple(state.pool),
            [tuple(t) for t in state.taken],
            (),
            0,
            True,
            None,
            0,
            (action.prize, action.card),
        )[0]
    return values


def test_opponents_play_for_themselves():
    """Were seat 1 helping seat 0 (letting the A♥ win), offering B3 first would be best; it is not."""
    values = solved(position())
    assert values["L B2 Ah"] > values["L B3 Ah"]

    class Helpers(EndgameSolver):  # what a search that counts on favours would believe
        def value(self, hands, pool, taken, plays, leader, broken, prize):
            if not plays and not hands[leader]:
                return self.final_values(taken)
            seat, moves = self.moves(hands, pool, plays, leader, broken)
            children = [self.after(hands, pool, taken, plays, leader, broken, prize, seat, m) for m in moves]
            return max(children, key=lambda values: values[0])

    helped = solved(position(), Helpers)
    assert helped["L B3 Ah"] > helped["L B2 Ah"], "the position must tell the two models apart"


def late_positions(n: int, count: int):
    """Positions in the last tricks of a hand of greedy play, where the seat to move has a choice."""
    found = []
    seed = 0
    while len(found) < count:
        seed += 1
        state = GAMES["trickery"].new(n, seed)
        rng = random.Random(seed)
        stop = rng.randrange(9, 12)
        while len(state.done_tricks) < stop:
            seat = state.to_move[0]
            state.apply(seat, greedy_action(state, seat, rng))
        if len(state.legal_actions(state.to_move[0])) > 1:
            found.append((seed, state))
    return found


@pytest.mark.parametrize("n", [3, 4])
def test_endgame_decisions_depend_only_on_what_the_seat_may_know(n):
    differing = 0
    for seed, state in late_positions(n, 3):
        seat = state.to_move[0]
        for level in ("normal", "hard"):
            decided = computer.choose(state, seat, level=level, seed=seed)
            for j in (1, 2):
                world = state.determinize(seat, j)
                differing += world.hands != state.hands
                assert computer.choose(world, seat, level=level, seed=seed) == decided
            assert computer.choose(state, seat, level=level, seed=seed) == decided
    assert differing, "the other hands should have been dealt differently"
