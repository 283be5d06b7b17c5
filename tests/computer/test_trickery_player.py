"""The Trickery player: deals that respect what play has shown, the last tricks solved against every
opponent's best reply, and decisions that depend only on what the seat may know."""

from __future__ import annotations

import random

import pytest

import computer
from benchmarks.baselines import greedy_action
from computer.trickery import move_of
from computer.trickery_world import Solver, Table, World
from games import GAMES
from games import trickery as rules
from games.pieces import Card, Pyramid

TRICKERY = GAMES["trickery"]
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


def penalty_position():
    """The last hand, seat 0 (3 points) behind seat 2 (4), R1 and K3 left. Taking R1 with the A♥
    looks best one move ahead (it makes a small triple), but seat 1 would trump it. Offering K3
    with the 6♣ instead: seat 1 won't trump it (a second penalty would cost it), so seat 2's 9♣
    takes K3, a second penalty that turns its points negative, and the A♥ then takes R1."""
    state = last_two_tricks([["B1", "G3", "G1"], ["K2", "G2"], ["R2", "B3", "R3", "K1", "B2"]], ["R1", "K3"])
    state.hand_number = rules.MIN_HANDS
    return state


POSITIONS = [(position, "L B2 Ah"), (penalty_position, "L K3 6c")]


def test_the_deal_is_the_only_one_play_allows():
    state = position()
    for j in range(3):
        world = state.determinize(0, j)
        assert [sorted(map(str, hand)) for hand in world.hands] == [sorted(hand) for hand in HANDS]


@pytest.mark.parametrize(("make", "right"), POSITIONS)
def test_the_last_tricks_are_solved_against_each_opponents_best_reply(make, right):
    state = make()
    assert str(computer.choose(state, 0, level="hard", seed=3)) == right
    assert str(greedy_action(state, 0, random.Random(1))) != right, "one move ahead another lead looks better"


class Helpers(Solver):
    """What a search that counts on favours would believe: every seat plays for seat 0."""

    def prefers(self, seat, values, best):
        return values[self.root] > best[self.root]


def solved(state, solver_class=Solver) -> dict[str, float]:
    """Seat 0's value of each lead on the (only) deal, every seat playing as `solver_class` says."""
    table = Table(state)
    world = World.from_state(state, table)
    solver = solver_class(table, 0)
    values = {}
    for action in state.legal_actions(0):
        child = world.copy()
        child.play(*move_of(world, action))
        values[str(action)] = solver.value(child)[0]
    return values


@pytest.mark.parametrize(("make", "right"), POSITIONS)
def test_opponents_play_for_themselves(make, right):
    """Were the others helping seat 0, another lead would look best; they are not."""
    values = solved(make())
    assert max(values, key=values.get) == right
    helped = solved(make(), Helpers)
    assert max(helped, key=helped.get) != right, "the position must tell the two models apart"


def greedy_positions(n: int, count: int, tricks: range, *, first_seed: int = 0, mid_trick: bool = False):
    """Positions after a number of `tricks` (drawn at random) of a hand of greedy play, where the
    seat to move has a choice; `mid_trick`: stop inside a trick half the time."""
    found = []
    seed = first_seed
    while len(found) < count:
        seed += 1
        state = GAMES["trickery"].new(n, seed)
        rng = random.Random(seed)
        stop = rng.randrange(tricks.start, tricks.stop)
        while len(state.done_tricks) < stop or (mid_trick and not state.plays and rng.random() < 0.5):
            seat = state.to_move[0]
            state.apply(seat, greedy_action(state, seat, rng))
        if len(state.legal_actions(state.to_move[0])) > 1:
            found.append((seed, state))
    return found


def late_positions(n: int, count: int):
    return greedy_positions(n, count, range(9, 12))


def early_positions(n: int, count: int):
    return greedy_positions(n, count, range(2, 6), first_seed=100, mid_trick=True)


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


@pytest.mark.parametrize("n", [3, 4])
def test_early_decisions_depend_only_on_what_the_seat_may_know(n):
    positions = early_positions(n, 3)
    for index, (seed, state) in enumerate(positions):
        seat = state.to_move[0]
        levels = ("easy", "normal", "hard") if index == 0 else ("easy", "normal")
        for level in levels:
            decided = computer.choose(state, seat, level=level, seed=seed)
            for j in (1, 2):
                world = state.determinize(seat, j)
                assert world.hands != state.hands
                assert computer.choose(world, seat, level=level, seed=seed) == decided


def test_same_seed_same_decision():
    for seed, state in early_positions(3, 2):
        seat = state.to_move[0]
        first = computer.think(state, seat, "hard", seed)
        again = computer.think(state.clone(), seat, "hard", seed)
        assert (first.action, first.expected, first.samples) == (again.action, again.expected, again.samples)


def lowest_alike(card: Card, own: set[Card], gone: set[Card]) -> Card:
    """The lowest of the seat's cards reached from `card` down through its own or gone cards only."""
    lowest = card
    for rank in range(card.rank - 1, 1, -1):
        lower = Card(rank, card.suit)
        if lower not in own and lower not in gone:
            break
        if lower in own:
            lowest = lower
    return lowest


def test_cards_that_do_the_same_are_tried_once_and_no_others_are_merged():
    """Two of the seat's cards of a suit do the same when every rank between them is the seat's own or
    was played in a finished trick (a card in this trick, or one still unseen, tells them apart)."""
    from computer.trickery import distinct_actions

    merged = 0
    for seed in range(40):
        chooser = random.Random(seed)
        state = TRICKERY.new(chooser.choice([3, 4]), seed, {})
        for _ in range(chooser.randrange(4, 40)):
            if state.is_over:
                break
            seat = state.to_move[0]
            state.apply(seat, chooser.choice(state.legal_actions(seat)))
        if state.is_over:
            continue
        seat = state.to_move[0]
        own = set(state.hands[seat])
        gone = {Card.parse(text) for trick in state.done_tricks for _, text in trick["plays"]}
        actions = state.legal_actions(seat)
        kept = distinct_actions(state, seat, actions)
        keys = [(getattr(action, "prize", None), lowest_alike(action.card, own, gone)) for action in actions]
        kept_keys = [keys[actions.index(action)] for action in kept]
        assert len(set(kept_keys)) == len(kept)  # no two alike kept
        assert set(kept_keys) == set(keys)  # and none lost
        merged += len(actions) > len(kept)
    assert merged >= 5  # the sample met positions where some cards were alike


def random_choice_point(seed: int, plays: range):
    """A 3-player hand played at random for a number of `plays`: the state, the seat to move, its
    legal actions in notation order and its candidates (one per class of alike cards)."""
    from computer.trickery import distinct_actions

    chooser = random.Random(seed)
    state = TRICKERY.new(3, seed, {})
    for _ in range(chooser.randrange(plays.start, plays.stop)):
        state.apply(state.to_move[0], chooser.choice(state.legal_actions(state.to_move[0])))
    seat = state.to_move[0]
    actions = sorted(state.legal_actions(seat), key=str)
    candidates = distinct_actions(state, seat, sorted(actions, key=lambda a: (str(a.card), str(a))))
    return state, seat, actions, candidates


def test_hard_keeps_the_better_half_after_each_doubling_batch_of_deals():
    """Hard's search by hand: every candidate (one per class of alike cards) is tried on deals
    2, 4, 8... of the 32, each played out by the rule of thumb and its last tricks solved; after
    each batch the better half of the candidates (never fewer than three) goes on; the best total
    over all deals is played."""
    from computer.decision import derive_seed
    from computer.trickery import LEVELS, think

    keep_at_least = 3  # never fewer candidates than three

    settings = LEVELS["hard"]
    searched = 0
    for seed in range(40):
        state, seat, _, candidates = random_choice_point(seed, range(10, 30))
        if not 4 <= len(candidates) <= 24 or searched == 3:
            continue
        table = Table(state)
        tricks_left = rules.TRICKS_PER_HAND - len(state.done_tricks)
        solved = settings["solved"][3] if tricks_left <= settings["solved"][3] else settings["tail"]
        totals, alive, dealt, batch = (
            [0.0] * len(candidates),
            list(range(len(candidates))),
            0,
            settings["first"],
        )
        looked = 0
        while dealt < settings["deals"]:
            for index in range(dealt, batch):
                world = World.from_state(
                    state.determinize(seat, derive_seed(seed, "trickery-deal", index)), table
                )
                solver = Solver(table, seat)
                for position in alive:
                    child = world.copy()
                    child.play(*move_of(world, candidates[position]))
                    if child.tricks_left > solved:  # the rule of thumb up to the solved tricks
                        child.play_out(solved)
                    totals[position] += solver.value(child)[seat]
                    looked += 1
            dealt, batch = batch, min(settings["deals"], batch * 2)
            if len(alive) > keep_at_least:
                ranked = sorted(alive, key=lambda i: (-totals[i], i))
                alive = sorted(ranked[: max(keep_at_least, (len(alive) + 1) // 2)])
        best = max(alive, key=lambda i: (totals[i], -i))
        decision = think(state, seat, "hard", seed)
        assert decision.action == candidates[best]
        assert decision.expected == pytest.approx(totals[best] / settings["deals"])
        assert decision.samples == looked
        searched += 1
    assert searched >= 2


def test_hard_searches_every_deal_when_only_two_or_three_cards_differ():
    """Never fewer than three candidates go on, so two or three are each tried on all the deals;
    a single one is played without a search."""
    from computer.trickery import LEVELS, think

    deals, seen = LEVELS["hard"]["deals"], set()
    for seed in range(200):
        state, seat, _, candidates = random_choice_point(seed, range(20, 34))
        if len(candidates) > 3 or len(candidates) in seen:
            continue
        decision = think(state, seat, "hard", seed)
        assert decision.samples == (len(candidates) * deals if len(candidates) > 1 else 0)
        assert decision.action in candidates
        seen.add(len(candidates))
        if seen == {1, 2, 3}:
            break
    assert seen == {1, 2, 3}


def test_the_rule_of_thumb_decision_plays_the_card_and_prize_the_rule_picks_on_the_guessed_deal():
    from computer.decision import derive_seed
    from computer.trickery import card_bit, rule_of_thumb_decision

    leads = 0
    for seed in range(30):
        chooser = random.Random(seed)
        state = TRICKERY.new(3 + seed % 2, seed, {})
        for _ in range(chooser.randrange(0, 30)):
            state.apply(state.to_move[0], chooser.choice(state.legal_actions(state.to_move[0])))
        seat = state.to_move[0]
        actions = sorted(state.legal_actions(seat), key=str)
        table = Table(state)
        world = World.from_state(state.determinize(seat, derive_seed(seed, "trickery-guess")), table)
        card, prize = world.rule_of_thumb()
        action = rule_of_thumb_decision(state, seat, actions, seed).action
        assert card_bit(action.card) == card
        if isinstance(action, rules.Lead) and action.prize is not None:
            assert action.prize == table.pyramids[prize]
            leads += 1
    assert leads >= 5
