"""The Flood computer player: it looks at the other seats' best replies, it models them as
playing for themselves, its evaluation reads the floods to come, and it is fair and repeatable."""

from __future__ import annotations

import math
import random

import pytest

import computer
from computer import flood as player
from computer.flood_eval import Evaluator
from games import GAMES
from games.flood import LAST_ROUND, Build, position
from games.pieces import Card, Pyramid


def futile_race():
    """Round 3, P1's last action. P3 (next, counter-clockwise) has the tallest tower (4) and two
    small pyramids to build it higher, and its turn will be the match's last. Matching P3's height
    looks like a share of the 15-point bonus, but P3 simply builds past it; the 3 points of a
    second pyramid on 3h are what win the match."""
    return position(
        3,
        areas={
            0: "2c[R3,R2,R1] 3h[R3] 4s[R3,R2,R1] 5d[R3,R2,R1]",
            1: "2h[B1] 2s[B1] 4c[B2,R1]",
            2: "2d[G3,G2,G1,G1]",
        },
        stashes={0: (3, 0, 0), 2: (2, 0, 0)},
        deck="9c 9d",
        discard="8c",
        round_number=3,
        current=0,
        slot=2,
    )


def keep_the_lead():
    """Round 3, P1's last action. P1's tower (4) is the tallest, one above P3's, and P3 has one
    pyramid left: it will build level and end the match. Building on 9h looks worth more now, but
    only staying a pyramid ahead keeps the 15 points for P1 alone."""
    return position(
        3,
        areas={
            0: "2c[R3,R2,R1,R1] 9h[R3]",
            1: "2h[B1] 2s[B1]",
            2: "2d[G3,G2,G1] 3s[G2,G1] 4h[G2,G1] 3c[G2,G1]",
        },
        stashes={0: (3, 0, 0), 2: (1, 0, 0)},
        round_number=3,
        current=0,
        slot=2,
    )


def one_ply(state, seat):
    """What the evaluation alone prefers, without any reply."""
    return player.think(state, seat, "easy", 0, plan=player.Level(1, 1, 0)).action


@pytest.mark.parametrize(
    ("make", "right", "tempting"),
    [
        (futile_race, Build(1, Card(3, "h")), Build(1, Card(2, "c"))),
        (keep_the_lead, Build(1, Card(2, "c")), Build(1, Card(9, "h"))),
    ],
)
def test_the_replies_decide(make, right, tempting):
    state = make()
    assert one_ply(state, 0) == tempting  # the move that looks best before the others answer
    assert computer.choose(state, 0, level="normal", seed=0) == tempting  # normal looks one ply
    for seed in range(2):
        assert computer.choose(state, 0, level="hard", seed=seed) == right


def test_opponents_play_for_themselves():
    """If the lookahead had P3 help P1, matching P3's height would look like a shared bonus (P3
    would not build on): the position is only solved by a P3 that plays for itself."""
    state = futile_race()
    decision = player.think(state, 0, "hard", 0)
    stats = {str(action): mean for action, (_, mean) in decision.stats.items()}
    assert stats["B 1 3h"] > stats["B 1 2c"] + 0.4


def test_evaluation_reads_the_floods():
    """A tower of three sizes survives a hit with height 2; three of one size are washed away."""
    evaluator = Evaluator()
    mixed = position(3, areas={0: "9h[R3,R2,R1]"}, round_number=3)
    uniform = position(3, areas={0: "9h[R2,R2,R2]"}, round_number=3)
    assert evaluator.scores(mixed)[0] > evaluator.scores(uniform)[0] + 2
    low = position(3, areas={0: "2h[R2,R1]"}, round_number=3)
    assert evaluator.tower(3, 2, tuple(low.areas[0][0].tower))[0] > 1.9  # sector 2 hardly floods


def midgame_states():
    states = []
    for seed in (3, 11):
        state = GAMES["flood"].new(3, seed)
        rng = random.Random(seed)
        for _ in range(25 + seed):
            seat = state.to_move[0]
            actions = state.legal_actions(seat)
            state.apply(seat, actions[rng.randrange(len(actions))])
        states.append(state)
    return states


def test_fair_and_repeatable():
    """The deck's order is the one hidden thing: a decision can't depend on it."""
    for index, state in enumerate(midgame_states()):
        seat = state.to_move[0]
        if len(state.legal_actions(seat)) < 2:
            continue
        levels = ["normal", "hard"] if index == 0 else ["normal"]
        for level in levels:
            expected = computer.choose(state, seat, level=level, seed=5)
            for j in (1, 2):
                assert computer.choose(state.determinize(seat, j), seat, level=level, seed=5) == expected
        first = player.think(state, seat, "hard", 9)
        again = player.think(state, seat, "hard", 9)
        assert (first.action, first.expected) == (again.action, again.expected)


def test_easy_is_legal_and_quick():
    state = midgame_states()[1]
    seat = state.to_move[0]
    decision = player.think(state, seat, "easy", 1)
    assert decision.action in state.legal_actions(seat)


def test_a_play_out_of_one_turn_plays_the_turn_to_its_end():
    world = GAMES["flood"].new(3, 5, {})
    start = (world.round, world.current)
    player._play_out(world, 1, Evaluator(), random.Random(1))
    assert (world.round, world.current) != start, "the seat to move played its turn"
    after_one = (world.round, world.current)
    player._play_out(world, 1, Evaluator(), random.Random(1))
    assert (world.round, world.current) not in (start, after_one), "and the next seat its own"


def test_a_sector_s_flood_chance_is_the_share_of_three_dice_that_hit_it():
    from computer.flood_eval import _hit_counts, hit_chance

    dice = [(a, b, c) for a in range(1, 7) for b in range(1, 7) for c in range(1, 7)]
    for sector in range(1, 11):
        assert hit_chance(sector) == sum(a + b + c - 1 == sector for a, b, c in dice) / 216
    assert hit_chance(1) == 0  # the ace's sector never floods
    # hits from rolls of chance p each: binomial, three or more lumped
    p = 0.3
    assert _hit_counts([p] * 4) == pytest.approx(
        (0.7**4, 4 * p * 0.7**3, 6 * p**2 * 0.7**2, 4 * p**3 * 0.7 + p**4)
    )


def test_a_blended_weight_runs_from_its_start_to_its_end():
    from computer.blend import blend

    assert [blend(4.0, 0.6, played) for played in (0.0, 0.5, 1.0)] == pytest.approx([4.0, 2.3, 0.6])


def test_the_match_s_progress_runs_from_nothing_to_all_and_never_back():
    evaluator = Evaluator()
    state = GAMES["flood"].new(3, 5)
    assert evaluator.progress(state) == 0.0
    seen, rng = [0.0], random.Random(5)
    while not state.is_over:
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.randrange(len(actions))])
        if not state.is_over:
            seen.append(evaluator.progress(state))
    assert seen == sorted(seen) and 0.8 < seen[-1] <= 1.0


def test_a_ship_of_one_s_own_is_worth_a_ship_at_the_start():
    evaluator = Evaluator()
    stashes = {seat: (4, 4, 4) for seat in range(3)}
    with_ship = position(3, areas={0: "7h=R3"}, stashes=stashes, deck="2c 3c 4c 5c 6c 8c")
    without = position(3, areas={0: "7h"}, stashes=stashes, deck="2c 3c 4c 5c 6c 8c")
    assert evaluator.progress(with_ship) == evaluator.progress(without) == 0.0
    gained = evaluator.scores(with_ship)[0] - evaluator.scores(without)[0]
    assert gained == pytest.approx(evaluator.weights.ship)


def test_a_tower_s_expected_worth_follows_the_floods_that_may_hit_it():
    """Each hit sends the tower's bottom (largest) size back; the expectation over the hits still
    to come: own points for a tower of two or more, the chance of a single, the height, and each
    colour's points for the towers holding it."""
    from games.flood import COLOURS

    evaluator = Evaluator()
    r, g, b = COLOURS[:3]
    towers = [
        [Pyramid(r, 3), Pyramid(r, 2), Pyramid(r, 1)],
        [Pyramid(r, 2), Pyramid(g, 2), Pyramid(r, 1)],
        [Pyramid(b, 3), Pyramid(g, 3), Pyramid(r, 3)],
        [Pyramid(g, 1)],
    ]
    for round_number in (1, 2, 3):
        for sector in (2, 6, 9):
            hits = evaluator.tables[round_number, sector]
            for tower in towers:
                own = single = height = 0.0
                colours = {}
                left = list(tower)
                for count in range(4):
                    if count:  # one more hit: the bottom size goes
                        left = [p for p in left if p.size != left[0].size] if left else []
                    chance = hits[count] if count < 3 else 0.0  # three hits leave no tower here
                    own += chance * sector * (len(left) >= 2)
                    single += chance * (len(left) == 1)
                    height += chance * len(left)
                    for colour in {p.colour for p in left}:
                        colours[colour] = colours.get(colour, 0.0) + chance * sector
                worth = evaluator.tower(round_number, sector, tuple(tower))
                assert worth[:3] == pytest.approx((own, single, height))
                assert worth[3] == pytest.approx(colours)


def flood_positions():
    """Positions of random 3-player matches at a turn's start, where the choices differ."""
    for seed in range(5):
        state, rng = GAMES["flood"].new(3, seed), random.Random(seed)
        for step in range(400):
            seat = state.to_move[0]
            actions = state.legal_actions(seat)
            kinds = {type(action) for action in actions}
            if step >= 10 + 6 * seed and len(actions) >= 4 and len(kinds) >= 2:
                yield state
                break
            state.apply(seat, actions[rng.randrange(len(actions))])


def test_hard_s_lookahead_by_hand():
    """Screened over two worlds, the best few actions are each played out in every world (the
    rest of the turn and the turns that follow, each seat for itself) and the best average wins."""
    from computer.decision import derive_seed

    plan = player.Level(worlds=2, candidates=3, turns=1, screen_worlds=2)
    for state in flood_positions():
        seat = state.to_move[0]
        evaluator = Evaluator()
        decision = player.think(state, seat, "hard", 9, evaluator=evaluator, plan=plan)
        actions = sorted(state.legal_actions(seat), key=str)
        screened = player._screen(state, seat, actions, evaluator, 9, plan.screen_worlds)
        keep = sorted(range(len(actions)), key=lambda i: (-screened[i], player._kind_order(actions[i]), i))[
            :3
        ]
        means = {}
        for index in keep:
            total = 0.0
            for world_index in range(plan.worlds):
                world = state.determinize(seat, derive_seed(9, "world", world_index))
                rng = random.Random(derive_seed(9, "policy", world_index, index))
                child = player._after(world, seat, actions[index], evaluator, rng)
                player._play_out(child, plan.turns, evaluator, rng)
                total += evaluator.rewards(child)[seat]
            means[actions[index]] = (plan.worlds, total / plan.worlds)
        assert decision.stats == means
        assert decision.samples == plan.worlds * len(keep)
        best = max(keep, key=lambda i: (means[actions[i]][1], -keep.index(i)))
        assert decision.action == actions[best]


def test_a_one_ply_choice_is_the_action_the_actor_values_most_after_it():
    """The best value for the actor; of equally valued actions (keeping a card with ships of any
    size often is), the first."""
    ties = 0
    for state in [*flood_positions(), *midgame_states()]:
        seat = state.to_move[0]
        evaluator, actions = Evaluator(), state.legal_actions(state.to_move[0])
        chosen = player.best_action(state, seat, actions, evaluator, random.Random(1))
        policy = player._policy_actions(actions, random.Random(1))
        values = [
            evaluator.rewards(player._after(state, seat, action, evaluator, random.Random(1)))[seat]
            for action in policy
        ]
        assert chosen == policy[values.index(max(values))]
        ties += values.count(max(values)) > 1
    assert ties >= 1


@pytest.mark.parametrize("turns", [1, 2])
def test_a_play_out_runs_through_the_turn_changes_asked_for_and_stops_at_the_next(turns):
    for state in flood_positions():
        evaluator = Evaluator()
        played = state.clone()
        player._play_out(played, turns, evaluator, random.Random(2))
        by_hand, rng, changes = state.clone(), random.Random(2), 0
        while not by_hand.is_over:
            turn = (by_hand.round, by_hand.current)
            actor = by_hand.to_move[0]
            by_hand.apply(
                actor, player.best_action(by_hand, actor, by_hand.legal_actions(actor), evaluator, rng)
            )
            changes += (by_hand.round, by_hand.current) != turn
            if changes == turns:
                break
        assert played.to_json() == by_hand.to_json()


def test_rewards_share_the_win_by_expected_scores_more_sharply_as_the_match_ends():
    import math

    from computer.blend import blend

    evaluator = Evaluator()
    for state in flood_positions():
        scores = evaluator.scores(state)
        weights = evaluator.weights
        temperature = blend(weights.temperature, weights.temperature_late, evaluator.progress(state))
        exps = [math.exp((score - max(scores)) / temperature) for score in scores]
        assert evaluator.rewards(state) == pytest.approx([value / sum(exps) for value in exps])
    assert weights.temperature > weights.temperature_late  # late, the same lead is surer


def test_the_tallest_and_singles_bonuses_go_to_the_seat_ahead_in_them():
    """Seat 0 with the taller tower (or more single pyramids) expects more of that bonus than when a
    rival has it, other things equal."""
    evaluator = Evaluator()
    stashes = {seat: (3, 3, 3) for seat in range(3)}
    deck = "2c 3c 4c 5c 6c 8c"
    taller = position(3, areas={0: "9h[R3,R2,R1]", 1: "9d[B3,B2]"}, stashes=stashes, deck=deck)
    shorter = position(3, areas={0: "9h[R3,R2]", 1: "9d[B3,B2,B1]"}, stashes=stashes, deck=deck)
    assert evaluator.scores(taller)[0] - evaluator.scores(shorter)[0] > 0
    assert evaluator.scores(taller)[1] - evaluator.scores(shorter)[1] < 0


def test_two_cards_are_drawn_for_every_card_discarded_so_the_round_s_deck_is_measured_whole():
    """The progress within a round counts two cards drawn per card discarded: checked against
    the engine, between draws the cards drawn and the cards left add up to the round's deck."""
    state, rng = GAMES["flood"].new(3, 8), random.Random(8)
    round_number, whole = state.round, len(state.deck)
    checked = 0
    while not state.is_over:
        if state.round != round_number:
            round_number, whole = state.round, len(state.deck) + 2 * len(state.discard)
        if state.drawn is None:  # no pair in hand
            assert 2 * len(state.discard) + len(state.deck) == whole
            checked += 1
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.randrange(len(actions))])
    assert checked > 20 and round_number > 1
    evaluator = Evaluator()
    stashes = {seat: (5, 5, 5) for seat in range(3)}
    half = position(3, stashes=stashes, deck="2c 3c 4c 5c 6c 8c", discard="9d 9h 9s")
    assert evaluator.progress(half) == pytest.approx(0.5 / LAST_ROUND)


def test_a_stash_of_three_or_fewer_brings_the_round_s_end_near():
    evaluator = Evaluator()
    deck = "2c 3c 4c 5c 6c 8c"
    for smallest, expected in ((4, 0.0), (3, 1.0 - 3 / 15), (1, 1.0 - 1 / 15)):
        stashes = {0: (smallest, 0, 0), 1: (5, 5, 5), 2: (5, 5, 5)}
        state = position(3, stashes=stashes, deck=deck)
        assert evaluator.progress(state) == pytest.approx(expected / LAST_ROUND)


def test_a_seat_without_towers_gets_no_tallest_or_singles_bonus():
    evaluator = Evaluator()
    stashes = {seat: (3, 3, 3) for seat in range(3)}
    state = position(
        3, areas={0: "9h[R3,R2,R1] 4c[R1]", 1: "9d[B3,B2] 5d[B1]"}, stashes=stashes, deck="2c 3c"
    )
    left = 1.0 - evaluator.progress(state)
    assert evaluator.scores(state)[2] == pytest.approx(evaluator.weights.stash * left * 9)


def test_the_singles_contest_is_less_certain_while_much_of_the_match_is_left():
    """Its smooth step widens with the game left, by `singles_growth`: more growth, less of the
    bonus to the seat ahead in singles."""
    from dataclasses import replace

    stashes = {seat: (3, 3, 3) for seat in range(3)}
    state = position(3, areas={0: "4c[R1] 5c[R1] 6h[R1]", 1: "5d[B1]"}, stashes=stashes, deck="2c 3c 7c 8c")
    plain = Evaluator()
    growing = Evaluator(replace(plain.weights, singles_growth=plain.weights.singles_growth + 1.0))
    assert growing.scores(state)[0] < plain.scores(state)[0]


def by_hand_scores(evaluator, state):
    """`Evaluator.scores` as its docstrings say it: each tower's expectation (own points, singles,
    height, and the points of other colours in it to their owners), a ship's blended worth, the
    stash, an infiltrated ship's sender's share; then the tallest and singles bonuses, each a
    smooth step of the lead over the best rival, wider with more of the match left."""
    from computer.blend import blend
    from computer.flood_eval import hit_chance
    from games.flood import COLOURS, SINGLES_BONUS, TALLEST_BONUS, sector

    weights, seats = evaluator.weights, state.num_players
    played = evaluator.progress(state)
    left = 1.0 - played
    points, singles, tallest = [0.0] * seats, [0.0] * seats, [0.0] * seats
    for seat in range(seats):
        for spot in state.areas[seat]:
            if spot.tower:
                own, single, height, colours = evaluator.tower(
                    state.round, sector(spot.card), tuple(spot.tower)
                )
                points[seat] += own
                singles[seat] += single
                tallest[seat] = max(tallest[seat], height)
                for colour, value in colours.items():
                    if COLOURS.index(colour) != seat:
                        points[COLOURS.index(colour)] += value
            elif spot.ship:
                points[seat] += blend(weights.ship, weights.ship_late, played)
        points[seat] += weights.stash * left * sum(state.stash[seat])
        for ship, sender in state.pending[seat]:
            points[sender] += 0.5 * sector(ship.card) * (1.0 - 5 * hit_chance(sector(ship.card)))

    def step(gap, spread):
        return 1.0 / (1.0 + math.exp(-gap / spread))

    for seat in range(seats):
        rivals = [other for other in range(seats) if other != seat]
        if tallest[seat]:
            gap = tallest[seat] - max(tallest[r] for r in rivals) + 0.3
            points[seat] += TALLEST_BONUS * step(gap, weights.tallest_spread + weights.tallest_growth * left)
        if singles[seat]:
            gap = singles[seat] - max(singles[r] for r in rivals) + 0.3
            points[seat] += SINGLES_BONUS * step(gap, weights.singles_spread + weights.singles_growth * left)
    return points


def test_expected_scores_by_hand():
    evaluator = Evaluator()
    checked = 0
    for seed in range(4):
        state, rng = GAMES["flood"].new(3 + seed % 2, seed), random.Random(seed)
        while not state.is_over:
            if rng.random() < 0.1:
                assert evaluator.scores(state) == pytest.approx(by_hand_scores(evaluator, state))
                checked += 1
            seat = state.to_move[0]
            actions = state.legal_actions(seat)
            state.apply(seat, actions[rng.randrange(len(actions))])
    stashes = {seat: (3, 3, 3) for seat in range(3)}
    made = position(
        3,
        areas={0: "9h[R3,B2,R1] 4c[R1] 7h=R3", 1: "9d[B3,B2] 5d[B1]", 2: "8s[G2,R1]"},
        pending={1: "6s=R2<P1"},
        stashes=stashes,
        deck="2c 3c 5c 6d",
        discard="6c 7c",
    )
    assert evaluator.scores(made) == pytest.approx(by_hand_scores(evaluator, made))
    assert checked >= 20


def test_the_floods_still_to_come_count_the_last_round_s_in_full_and_earlier_ones_weighted():
    from computer.flood_eval import _hit_counts, hit_chance, hit_tables
    from games.flood import FLOOD_ROLLS

    weights = Evaluator().weights
    tables = hit_tables(weights)
    for (round_number, sector_number), table in tables.items():
        rolls = []
        for later in range(round_number, LAST_ROUND + 1):
            share = 1.0 if later == LAST_ROUND else weights.early_flood
            rolls += [hit_chance(sector_number) * share] * FLOOD_ROLLS[later]
        assert table == pytest.approx(_hit_counts(rolls))
    assert {key[0] for key in tables} == set(range(1, LAST_ROUND + 1))
    assert {key[1] for key in tables} == set(range(1, 11))


def test_a_quick_policy_samples_scraps_only_beyond_its_budget():
    many = 0
    for state, rng in ((GAMES["flood"].new(3, seed), random.Random(seed)) for seed in range(6)):
        while not state.is_over:
            seat = state.to_move[0]
            actions = state.legal_actions(seat)
            scraps = [a for a in actions if isinstance(a, player.Scrap)]
            chooser = random.Random(7)
            policy = player._policy_actions(actions, chooser)
            if len(scraps) <= player.POLICY_SCRAPS:
                assert policy == actions and chooser.getstate() == random.Random(7).getstate()
            else:
                assert policy[: len(actions) - len(scraps)] == [a for a in actions if a not in scraps]
                sampled = policy[len(actions) - len(scraps) :]
                assert len(set(sampled)) == player.POLICY_SCRAPS and set(sampled) <= set(scraps)
                many += 1
            state.apply(seat, actions[rng.randrange(len(actions))])
    assert many >= 3


def test_the_quick_policy_plays_the_first_of_the_actions_it_values_most():
    """By hand, where the policy samples no scraps: each action's value for the actor after it, the
    first of the best (keeping a card with ships of any size is often a tie)."""
    evaluator, decided, ties = Evaluator(), 0, 0
    for seed in range(6):
        state, rng = GAMES["flood"].new(3, seed), random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            actions = state.legal_actions(seat)
            scraps = sum(isinstance(a, player.Scrap) for a in actions)
            if len(actions) >= 2 and scraps <= player.POLICY_SCRAPS:
                values = [
                    evaluator.rewards(player._after(state, seat, a, evaluator, random.Random(1)))[seat]
                    for a in actions
                ]
                best = player.best_action(state, seat, actions, evaluator, random.Random(1))
                top = max(values)  # equal up to rounding: the same tower reached two ways
                equal = [action for action, value in zip(actions, values, strict=True) if value > top - 1e-9]
                assert best == equal[0]
                decided += 1
                ties += len(equal) > 1
            state.apply(seat, actions[rng.randrange(len(actions))])
    assert decided >= 20 and ties >= 3


class _Flat(Evaluator):
    """Every position alike: what is left to choose by is the order of kinds."""

    def rewards(self, state):
        return [1.0 / state.num_players] * state.num_players


def test_of_equally_valued_actions_drawing_comes_first_then_building_then_scrapping_then_infiltrating():
    kind = {
        player.Draw: 0,
        player.Keep: 0,
        Build: 1,
        player.Resolve: 1,
        player.Scrap: 2,
        player.Infiltrate: 3,
    }
    mixed = set()
    for seed in range(30):  # no card left to draw is rare: enough matches to meet it
        state, rng = GAMES["flood"].new(3 + seed % 2, seed), random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            actions = sorted(state.legal_actions(seat), key=str)
            expected = min(actions, key=lambda a: kind[type(a)])  # the first of the first kind
            assert player.think(state, seat, "normal", 3, evaluator=_Flat()).action == expected
            mixed.add(frozenset(type(a).__name__ for a in actions))
            state.apply(seat, actions[rng.randrange(len(actions))])
    assert {"Draw", "Build", "Scrap", "Infiltrate"} <= set().union(
        *(kinds for kinds in mixed if len(kinds) > 1)
    )
