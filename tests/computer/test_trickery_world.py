"""The computer's compact Trickery hand (`computer.trickery_world`) plays by the engine's rules:
played side by side with the engine through random matches, it names the same seat to play, the
same legal cards, the same trick winners and takings and the same hand scores, and its exact
solver of the last tricks agrees with a plain search over the engine's own actions."""

from __future__ import annotations

import random

import pytest

from computer.trickery import move_of
from computer.trickery_world import Solver, Table, World, bit_card, bits
from games import GAMES
from games.core import clone_state

TRICKERY = GAMES["trickery"]


def takings(world: World) -> list[list[str]]:
    return [sorted(str(world.table.pyramids[i]) for i in bits(mask)) for mask in world.taken]


def same_position(world: World, state) -> None:
    fresh = World.from_state(state, world.table)
    assert world.hands == fresh.hands and world.leader == fresh.leader and world.broken == fresh.broken
    assert world.plays == fresh.plays and takings(world) == takings(fresh)
    assert (world.winning[0] if world.plays else None) == (fresh.winning[0] if fresh.plays else None)


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (3, 2), (4, 3), (4, 4)])
def test_the_compact_hand_follows_the_engine_trick_by_trick(players, seed):
    chooser = random.Random(seed)
    state = TRICKERY.new(players, seed, {})
    hand = state.hand_number
    table = Table(state)
    world = World.from_state(state, table)
    while state.hand_number == hand and not state.is_over:
        seat = state.to_move[0]
        assert world.seat == seat
        actions = state.legal_actions(seat)
        assert {bit_card(card) for card in bits(world.legal(seat))} == {action.card for action in actions}
        action = chooser.choice(actions)
        world.play(*move_of(world, action))
        before_scores = len(state.hand_scores)
        state.apply(seat, action)
        if len(state.hand_scores) > before_scores:  # the hand ended: its scores are the table's
            assert [table.score(mask) for mask in world.taken] == state.hand_scores[-1]
            return
        same_position(world, state)
    raise AssertionError("the hand never ended")


def brute_force(state, root: int, table: Table) -> tuple[float, ...]:
    """The max-n values of the rest of the hand, searched over the engine's actions and states:
    each seat takes what is best for itself, a tie going against `root` (the solver's rule)."""
    hand = state.hand_number
    best = None
    seat = state.to_move[0]
    for action in state.legal_actions(seat):
        child = clone_state(TRICKERY, state)
        child.apply(seat, action)
        if child.hand_number != hand or child.is_over:
            scores = child.hand_scores[-1]
            leads = [table.totals[s] + scores[s] for s in range(len(scores))]
            values = values_from(table, leads)
        else:
            values = brute_force(child, root, table)
        if (
            best is None
            or values[seat] > best[seat]
            or (values[seat] == best[seat] and values[root] < best[root])
        ):
            best = values
    return best


def values_from(table: Table, leads: list[int]) -> tuple[float, ...]:
    """`Table.values` from final leads rather than takings (the brute force has no masks)."""
    saved = table.totals
    table.totals = list(leads)
    try:
        return table.values([0] * table.n)  # no takings: score(0) is 0
    finally:
        table.totals = saved


@pytest.mark.parametrize(("players", "seed"), [(3, seed) for seed in range(5, 15)] + [(4, 15), (4, 16)])
def test_the_solver_of_the_last_two_tricks_agrees_with_a_search_over_the_engine(players, seed):
    chooser = random.Random(seed)
    state = TRICKERY.new(players, seed, {})
    while len(state.hands[state.to_move[0]]) > 2 or state.plays:  # to the start of the second-last trick
        seat = state.to_move[0]
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    table = Table(state)
    root = state.to_move[0]
    solved = Solver(table, root).value(World.from_state(state, table))
    assert solved == pytest.approx(brute_force(state, root, table))


def test_the_solver_tries_one_card_of_each_run_no_other_card_lies_in():
    """With every hand known, two of the seat's legal cards of a suit do the same when no card of
    another hand and none in this trick lies between them: the solver tries the lowest of each run."""
    merged = 0
    for seed in range(30):
        chooser = random.Random(seed)
        state = TRICKERY.new(chooser.choice([3, 4]), seed, {})
        for _ in range(chooser.randrange(0, 12)):
            seat = state.to_move[0]
            state.apply(seat, chooser.choice(state.legal_actions(seat)))
        world = World.from_state(state, Table(state))
        seat = world.seat
        legal = sorted(bits(world.legal(seat)))
        apart = {card for other in range(world.n) if other != seat for card in bits(world.hands[other])}
        apart |= {card for _, card in world.plays}
        expected = [
            card
            for index, card in enumerate(legal)
            if index == 0
            or legal[index - 1] >> 4 != card >> 4
            or any(between in apart for between in range(legal[index - 1] + 1, card))
        ]
        assert Solver.distinct(world, seat, world.legal(seat)) == expected
        merged += len(expected) < len(legal)
    assert merged >= 5
