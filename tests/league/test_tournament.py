"""Tournament pairings, byes, standings and tie-breaks, checked by hand or by what must hold."""

from collections import Counter
from itertools import combinations

import pytest

from league.tournament import (
    ROUND_ROBIN,
    SWISS,
    Bye,
    Result,
    _schedule,
    pair_round,
    round_count,
    round_robin_schedule,
    standings,
    table_sizes,
)


@pytest.mark.parametrize(
    ("players", "smallest", "largest", "sizes", "left_over"),
    [
        (12, 3, 4, [4, 4, 4], 0),
        (11, 3, 4, [4, 4, 3], 0),
        (13, 3, 4, [4, 3, 3, 3], 0),
        (10, 3, 4, [4, 3, 3], 0),
        (5, 3, 4, [4], 1),  # 3 + 2 cannot be: one sits out
        (7, 2, 2, [2, 2, 2], 1),
        (9, 2, 4, [3, 3, 3], 0),
        (2, 3, 4, [], 2),
        (0, 2, 2, [], 0),
    ],
)
def test_table_sizes(players, smallest, largest, sizes, left_over):
    assert table_sizes(players, smallest, largest) == (sizes, left_over)


def meetings(rounds):
    return Counter(
        frozenset(pair) for pairing in rounds for table in pairing.tables for pair in combinations(table, 2)
    )


@pytest.mark.parametrize("players", [2, 3, 7, 8, 10])
def test_two_player_round_robin_meets_everyone_once(players):
    entrants = list(range(100, 100 + players))
    rounds = round_robin_schedule(entrants, 2, 2)
    assert len(rounds) == round_count(ROUND_ROBIN, players, 2) == (players if players % 2 else players - 1)
    assert meetings(rounds) == Counter({frozenset(pair): 1 for pair in combinations(entrants, 2)})
    for pairing in rounds:  # everyone once a round: at a table or, with an odd count, on a bye
        assert sorted([*(p for t in pairing.tables for p in t), *pairing.byes]) == entrants
        assert len(pairing.byes) == players % 2
    firsts = Counter(table[0] for pairing in rounds for table in pairing.tables)
    games = len(rounds) - players % 2  # each player's games
    assert all(abs(firsts[p] - games / 2) <= 1 for p in entrants)


@pytest.mark.parametrize(
    ("players", "smallest", "largest"), [(9, 3, 3), (8, 3, 4), (10, 3, 4), (5, 3, 4), (7, 3, 3)]
)
def test_larger_tables_round_robin_meets_everyone(players, smallest, largest):
    entrants = list(range(1, players + 1))
    rounds = round_robin_schedule(entrants, smallest, largest)
    assert len(rounds) == round_count(ROUND_ROBIN, players, largest, smallest=smallest)
    assert set(meetings(rounds)) == {frozenset(pair) for pair in combinations(entrants, 2)}
    byes = Counter(p for pairing in rounds for p in pairing.byes)
    assert max(byes.values(), default=0) - min((byes[p] for p in entrants), default=0) <= 1  # byes go round
    for pairing in rounds:
        assert all(smallest <= len(table) <= largest for table in pairing.tables)
    if (players, largest) == (9, 3):  # a Kirkman schedule exists and is found: no one meets twice
        assert len(rounds) == 4 and max(meetings(rounds).values()) == 1


@pytest.mark.parametrize(("players", "largest", "rounds"), [(12, 4, 5), (10, 4, 4), (6, 3, 4), (16, 4, 5)])
def test_larger_tables_round_robin_takes_few_rounds(players, largest, rounds):
    """Seating each round by who met least takes 7 rounds for 12 players at tables of 4; the
    search finds 5 (each round meets at most 3 new players: 4 rounds is the bound, not reachable)."""
    entrants = [f"p{i}" for i in range(players)]
    schedule = round_robin_schedule(entrants, 3, largest)
    assert len(schedule) == rounds
    assert set(meetings(schedule)) == {frozenset(pair) for pair in combinations(entrants, 2)}
    _schedule.cache_clear()
    assert round_robin_schedule(entrants, 3, largest) == schedule  # seeded: the same every time


def test_round_robin_rounds_follow_the_schedule_without_the_withdrawn():
    entrants = [1, 2, 3, 4, 5, 6]
    schedule = round_robin_schedule(entrants, 2, 2)
    for number, scheduled in enumerate(schedule, start=1):
        assert pair_round(ROUND_ROBIN, entrants, number, [], [], smallest=2, largest=2) == scheduled
    third = pair_round(ROUND_ROBIN, entrants, 3, [], [], smallest=2, largest=2, withdrawn={4})
    partner = next(p for t in schedule[2].tables if 4 in t for p in t if p != 4)
    assert third.byes == (partner,)  # whoever would have met the withdrawn player has a bye
    assert [t for t in third.tables] == [t for t in schedule[2].tables if 4 not in t]


def test_swiss_first_round_seats_in_sign_up_order():
    entrants = list(range(1, 13))
    first = pair_round(SWISS, entrants, 1, [], [], smallest=3, largest=4)
    assert first.tables == ((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12)) and first.byes == ()


def test_swiss_seats_neighbours_but_never_again_when_avoidable():
    entrants = [1, 2, 3, 4, 5, 6, 7, 8]
    results = [
        Result(1, (1, 2), (1, 2)),
        Result(1, (3, 4), (1, 2)),
        Result(1, (5, 6), (2, 1)),
        Result(1, (7, 8), (1, 2)),
    ]
    # after round 1: 1, 3, 6, 7 won; neighbours in the ranking meet
    second = pair_round(SWISS, entrants, 2, results, [], smallest=2, largest=2)
    assert second.tables == ((1, 3), (6, 7), (2, 4), (5, 8))
    results += [Result(2, t, (1, 2)) for t in second.tables]  # the first seat won each
    # standings: 1 and 6 on 2; 3, 7, 2, 5 on 1; 4, 8 on 0
    third = pair_round(SWISS, entrants, 3, results, [], smallest=2, largest=2)
    met = meetings([second]) + Counter(frozenset(r.players) for r in results[:4])
    assert all(met[frozenset(t)] == 0 for t in third.tables)
    assert third.tables[0] == (1, 6)  # the two leaders meet


def test_swiss_groups_of_four_repeat_no_more_than_they_must_and_give_byes_to_the_lowest_without_one():
    entrants = list(range(1, 13))
    first = pair_round(SWISS, entrants, 1, [], [], smallest=3, largest=4)
    results = [Result(1, table, (1, 2, 3, 4)) for table in first.tables]
    second = pair_round(SWISS, entrants, 2, results, [], smallest=3, largest=4)
    # four at a table from three tables: each table must seat two who met; no more than that
    repeats = [sum(meetings([first])[frozenset(p)] for p in combinations(t, 2)) for t in second.tables]
    assert second.byes == () and repeats == [1, 1, 1]
    assert second.tables[0] == (1, 5, 9, 2)  # the three winners and the best second
    # five players left (seven withdrew): one table of four and a bye for the lowest
    fifth = pair_round(SWISS, entrants, 2, results, [], smallest=3, largest=4, withdrawn=set(range(6, 13)))
    assert fifth.byes == (4,) and sorted(fifth.tables[0]) == [1, 2, 3, 5]
    # the same round again with 4's bye behind them: the next lowest (3) sits out instead
    again = pair_round(
        SWISS, entrants, 3, results, [Bye(2, 4)], smallest=3, largest=4, withdrawn=set(range(6, 13))
    )
    assert again.byes == (3,)


def test_swiss_leaves_out_whoever_sits_the_round_out():
    entrants = list(range(1, 13))
    pairing = pair_round(SWISS, entrants, 1, [], [], smallest=3, largest=4, sitting_out={12}, withdrawn={5})
    seated = sorted(p for t in pairing.tables for p in t)
    assert seated == [1, 2, 3, 4, 6, 7, 8, 9, 10, 11] and sorted(map(len, pairing.tables)) == [3, 3, 4]


def test_swiss_standings_and_buchholz_by_hand():
    entrants = [1, 2, 3, 4, 5]
    results = [
        Result(1, (1, 2, 3), (1, 2, 3)),  # points 1, 0.5, 0
        Result(1, (4, 5), (1, 1)),  # a draw: 0.5 each
        Result(2, (4, 1), (1, 2)),  # 4 wins: 1, 0
    ]
    byes = [Bye(2, 2), Bye(2, 3, requested=True), Bye(2, 5)]
    table = standings(SWISS, entrants, results, byes)
    points = {s.player: s.points for s in table}
    assert points == {1: 1.0, 2: 1.5, 3: 0.5, 4: 1.5, 5: 1.5}
    # Buchholz: per table, the table-mates' average final points
    buchholz = {s.player: s.tiebreak for s in table}
    assert buchholz == pytest.approx(
        {
            1: (1.5 + 0.5) / 2 + 1.5,
            2: (1.0 + 0.5) / 2,  # a bye adds nothing
            3: (1.0 + 1.5) / 2,
            4: 1.5 + 1.0,
            5: 1.5,
        }
    )
    assert [(s.player, s.place) for s in table] == [(4, 1), (5, 2), (2, 3), (1, 4), (3, 5)]
    assert {s.player: (s.played, s.byes) for s in table} == {
        1: (2, 0),
        2: (1, 1),
        3: (1, 1),
        4: (2, 0),
        5: (1, 1),
    }


def test_round_robin_sonneborn_berger_by_hand_and_shared_places():
    entrants = [1, 2, 3, 4]
    results = [
        Result(1, (1, 2), (1, 2)),
        Result(1, (3, 4), (1, 2)),
        Result(2, (1, 3), (2, 1)),
        Result(2, (2, 4), (1, 1)),
        Result(3, (1, 4), (1, 2)),
        Result(3, (2, 3), (1, 2)),
    ]
    table = standings(ROUND_ROBIN, entrants, results, [])
    assert {s.player: s.points for s in table} == {1: 2.0, 2: 1.5, 3: 2.0, 4: 0.5}
    # Sonneborn-Berger: the points of those beaten, half of those drawn with
    assert {s.player: s.tiebreak for s in table} == pytest.approx(
        {1: 1.5 + 0.5, 2: 2.0 + 0.25, 3: 2.0 + 0.5, 4: 0.75}
    )
    assert [(s.player, s.place) for s in table] == [(3, 1), (1, 2), (2, 3), (4, 4)]
    level = standings(ROUND_ROBIN, entrants, [Result(1, (1, 2), (1, 1)), Result(1, (3, 4), (1, 1))], [])
    assert [(s.player, s.place) for s in level] == [
        (1, 1),
        (2, 1),
        (3, 1),
        (4, 1),
    ]  # sign-up order, places shared


def test_multi_player_sonneborn_berger_weighs_each_table_mate():
    results = [Result(1, (1, 2, 3), (1, 2, 2)), Result(2, (1, 2, 3), (3, 1, 2))]
    table = standings(ROUND_ROBIN, [1, 2, 3], results, [])
    points = {s.player: s.points for s in table}
    assert points == pytest.approx({1: 1.0, 2: 0.25 + 1.0, 3: 0.25 + 0.5})
    sb = {s.player: s.tiebreak for s in table}
    assert sb == pytest.approx(
        {
            1: (points[2] + points[3]) / 2,
            2: (0.5 * points[3]) / 2 + (points[1] + points[3]) / 2,
            3: (0.5 * points[2]) / 2 + points[1] / 2,
        }
    )


def test_swiss_round_count():
    assert [round_count(SWISS, n, 4) for n in (2, 4, 5, 12, 16, 17)] == [1, 2, 3, 4, 4, 5]
