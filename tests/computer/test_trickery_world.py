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
from games import trickery as rules
from games.core import clone_state

TRICKERY = GAMES["trickery"]


def takings(world: World) -> list[list[str]]:
    return [sorted(str(world.table.pyramids[i]) for i in bits(mask)) for mask in world.taken]


def same_position(world: World, state) -> None:
    fresh = World.from_state(state, world.table)
    assert world.hands == fresh.hands and world.leader == fresh.leader and world.broken == fresh.broken
    assert world.plays == fresh.plays and takings(world) == takings(fresh)
    pool = [world.table.pyramids[i] for i in bits(world.pool)] + (
        [world.table.pyramids[world.prize]] if world.plays else []
    )
    assert sorted(map(str, pool)) == sorted(map(str, state.pool))  # the prize at stake still in the engine's
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


def worlds(count: int = 30):
    """Compact hands part-way through random deals, the seat to move acting."""
    for seed in range(count):
        chooser = random.Random(seed)
        state = TRICKERY.new(chooser.choice([3, 4]), seed, {})
        for _ in range(chooser.randrange(0, 14)):
            seat = state.to_move[0]
            state.apply(seat, chooser.choice(state.legal_actions(seat)))
        yield chooser, World.from_state(state, Table(state))


def test_the_lowest_card_is_the_lowest_rank_and_a_spade_only_when_nothing_else_is_left():
    from computer.trickery_world import lowest_rank

    chooser = random.Random(1)
    for _ in range(300):
        cards = chooser.sample(
            [16 * suit + rank for suit in range(4) for rank in range(2, 15)], chooser.randrange(1, 9)
        )
        mask = sum(1 << card for card in cards)
        plain = [card for card in cards if card >> 4 != 3] or cards
        assert lowest_rank(mask) == min(plain, key=lambda card: (card & 15, card))


def test_a_card_can_be_beaten_when_a_later_seat_has_a_card_it_may_play_that_beats_it():
    from computer.trickery_world import beats

    checked = 0
    for chooser, world in worlds():
        lead_suit = chooser.randrange(4)
        for card in [16 * lead_suit + rank for rank in range(2, 15)] + [48 + rank for rank in range(2, 15)]:
            later = chooser.sample(range(world.n), chooser.randrange(1, world.n))
            playable = []
            for seat in later:
                hand = world.hands[seat]
                following = [c for c in bits(hand) if c >> 4 == lead_suit]
                playable += following or list(bits(hand))
            assert world.can_be_beaten(card, lead_suit, later) == any(beats(c, card) for c in playable)
            checked += 1
    assert checked > 500


def test_the_rule_of_thumb_plays_a_legal_card_and_names_a_prize_only_when_leading():
    for _, world in worlds():
        while world.hands[world.leader] or world.plays:
            seat = world.seat
            card, prize = world.rule_of_thumb()
            assert (world.legal(seat) >> card) & 1
            assert (prize >= 0 and (world.pool >> prize) & 1) if not world.plays else prize == -1
            world.play(card, prize)


def test_following_the_rule_of_thumb_takes_a_prize_worth_having_and_lets_the_others_go():
    """A prize worth something to the seat (or nothing to it but something to the seat now winning
    the trick) is taken with a card no later seat can beat, when there is one; any other is let go
    with a card that does not win, when there is one."""
    from computer.trickery_world import beats

    taken = let_go = 0
    for _, world in worlds(60):
        while world.hands[world.leader] or world.plays:
            if world.plays:
                seat, table = world.seat, world.table
                holder, winning = world.winning
                mine, theirs = (
                    table.gain(world.taken[seat], world.prize),
                    table.gain(world.taken[holder], world.prize),
                )
                later = [(world.leader + step) % world.n for step in range(len(world.plays) + 1, world.n)]
                lead_suit = world.plays[0][1] >> 4
                winners = [c for c in bits(world.legal(seat)) if beats(c, winning)]
                safe = [c for c in winners if not world.can_be_beaten(c, lead_suit, later)]
                card, _ = world.rule_of_thumb()
                if (mine > 0 or (mine == 0 and theirs > 0)) and safe:
                    assert card in safe
                    taken += 1
                elif not (mine > 0 or (mine == 0 and theirs > 0)) and len(winners) < bin(
                    world.legal(seat)
                ).count("1"):
                    assert card not in winners
                    let_go += 1
            world.play(*world.rule_of_thumb())
    assert taken >= 10 and let_go >= 10


def test_the_table_scores_takings_by_the_rules_and_a_lead_counts_more_as_the_match_ends():
    state = TRICKERY.new(3, 4, {})
    table = Table(state)
    chooser = random.Random(4)
    for _ in range(50):
        taken = sum(1 << index for index in chooser.sample(range(12), chooser.randrange(0, 7)))
        chosen = [table.pyramids[index] for index in bits(taken)]
        points = [p for p in chosen if p.colour != table.penalty]
        penalties = [p for p in chosen if p.colour == table.penalty]
        assert table.score(taken) == rules.hand_score(points, penalties, table.mono)
        prize = chooser.choice([index for index in range(12) if not (taken >> index) & 1] or [0])
        if not (taken >> prize) & 1:
            assert table.gain(taken, prize) == table.score(taken | 1 << prize) - table.score(taken)
    # one hand's lead of the same takings: less sure while hands are still to come
    scales = []
    for hand in range(1, rules.MIN_HANDS + 1):
        state.hand_number = hand
        scales.append(Table(state).scale)
    assert scales == sorted(scales, reverse=True) and scales[-1] == 1.0 and scales[0] > scales[1]


def test_a_play_out_stops_with_the_tricks_asked_for_left():
    for _, world in worlds(20):
        if world.plays or world.tricks_left < 2:
            continue
        stop = world.tricks_left // 2
        world.play_out(stop)
        assert world.tricks_left == stop and not world.plays
        world.play_out()
        assert world.tricks_left == 0 and not world.plays


def test_leading_the_rule_of_thumb_takes_a_prize_worth_having_with_a_sure_card_else_leads_low():
    """A lead with a card nobody can beat takes the prize best for the seat, if it is worth
    something; otherwise the lowest card goes with the prize that helps the others least."""
    from computer.trickery_world import lowest_rank

    sure_leads = low_leads = 0
    for _, world in worlds(60):
        while world.hands[world.leader] or world.plays:
            if not world.plays:
                seat, table = world.seat, world.table
                legal = world.legal(seat)
                others = [(seat + step) % world.n for step in range(1, world.n)]
                tops = [
                    highest
                    for highest in (
                        max(c for c in bits(legal) if c >> 4 == s)
                        for s in range(4)
                        if any(c >> 4 == s for c in bits(legal))
                    )
                ]
                sure = [c for c in tops if not world.can_be_beaten(c, c >> 4, others)]
                choices = table.prize_choices(world.pool)
                best = max(choices, key=lambda p: (table.gain(world.taken[seat], p), -p))
                card, prize = world.rule_of_thumb()
                if sure and table.gain(world.taken[seat], best) > 0:
                    assert (card, prize) == (min(sure, key=lambda c: (c & 15, c)), best)
                    sure_leads += 1
                else:
                    kind = min(choices, key=lambda p: (max(table.gain(world.taken[o], p) for o in others), p))
                    assert (card, prize) == (lowest_rank(legal), kind)
                    low_leads += 1
            world.play(*world.rule_of_thumb())
    assert sure_leads >= 10 and low_leads >= 10


def test_a_seat_prefers_its_own_better_value_and_on_a_tie_what_is_worse_for_the_root():
    solver = Solver(Table(TRICKERY.new(3, 1, {})), root=0)
    assert solver.prefers(1, (0.3, 0.6, 0.1), (0.5, 0.5, 0.0))  # better for itself
    assert not solver.prefers(1, (0.1, 0.4, 0.5), (0.5, 0.5, 0.0))
    assert solver.prefers(1, (0.2, 0.5, 0.3), (0.4, 0.5, 0.1))  # a tie: worse for the root
    assert not solver.prefers(1, (0.4, 0.5, 0.1), (0.2, 0.5, 0.3))
    assert not solver.prefers(1, (0.2, 0.5, 0.3), (0.2, 0.5, 0.3))  # the same: no change
