"""Tournaments: the tables of each round, byes, and the standings with their tie-break.

Two formats, for tables of 2 to 4 players:
- Swiss: a set number of rounds; each round seats players next to those ranked near them
  (the Monrad way: neighbours in the current standings, so the leaders meet), never with
  someone they already met when another seating avoids it.
- Round robin: a schedule fixed at the start from the sign-up order, so that everyone meets
  everyone once (two-player tables: the circle method; larger tables: each round seats together
  the players who have met least, as nearly once each as the numbers allow).

A finished table gives each player match points (`league.match_points`: the share of table-mates
finished ahead of). A bye the pairing gives (too few players left for another table) is worth a
win; a round a player asked to sit out is worth an average result. The tie-break is Buchholz
for Swiss (the strength of the opponents met) and Sonneborn-Berger for round robin (the points
of the opponents beaten). Pure: the bot passes results in and stores what comes out.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from .scoring import match_points

SWISS, ROUND_ROBIN = "swiss", "round_robin"
FORMATS = (SWISS, ROUND_ROBIN)
BYE_POINTS = 1.0  # seated nowhere by the pairing: as good as a win
REQUESTED_BYE_POINTS = 0.5  # asked to sit the round out: an average result
REPEAT_COST = 1000  # one repeated meeting outweighs any spread of ranks at a table
ANNEALING_STEPS = 20_000  # per number of rounds tried: a few tenths of a second


@dataclass(frozen=True)
class Result:
    """One finished table of a round."""

    round: int  # 1-based
    players: tuple[int, ...]  # in seat order
    places: tuple[int, ...]  # league.placings of the match: 1 the best, equal places shared


@dataclass(frozen=True)
class Bye:
    round: int
    player: int
    requested: bool = False  # asked to sit out, rather than left over by the pairing

    @property
    def points(self) -> float:
        return REQUESTED_BYE_POINTS if self.requested else BYE_POINTS


@dataclass(frozen=True)
class Pairing:
    tables: tuple[tuple[int, ...], ...]  # players per table, in seat order
    byes: tuple[int, ...]  # byes the pairing gives this round (requested ones are the caller's)


@dataclass(frozen=True)
class Standing:
    player: int
    place: int  # shared when points and tie-break are equal
    points: float
    tiebreak: float  # Buchholz (Swiss) or Sonneborn-Berger (round robin)
    played: int
    byes: int


def round_count(fmt: str, players: int, largest: int, *, smallest: int = 2) -> int:
    """Round robin: the rounds of its schedule (`round_robin_schedule`); Swiss: enough rounds for
    one player to stand out, as in chess (log2 of the players)."""
    if fmt == ROUND_ROBIN:
        return len(round_robin_schedule(range(players), smallest, largest))
    return max(1, math.ceil(math.log2(max(players, 2))))


def table_sizes(players: int, smallest: int, largest: int) -> tuple[list[int], int]:
    """The tables to seat `players` on (largest first, as even as possible) and how many are
    left over: the fewest left over, then the fewest tables."""
    for left_over in range(players + 1):
        seated = players - left_over
        tables = math.ceil(seated / largest)
        if tables and tables * smallest <= seated:
            size, larger = divmod(seated, tables)
            return [size + 1] * larger + [size] * (tables - larger), left_over
    return [], players


def pair_round(
    fmt: str,
    entrants: Sequence[int],
    number: int,
    results: Sequence[Result],
    byes: Sequence[Bye],
    *,
    smallest: int,
    largest: int,
    withdrawn: Collection[int] = (),
    sitting_out: Collection[int] = (),
) -> Pairing:
    """Round `number`'s tables. `entrants` is everyone who started, in sign-up order (the seeding);
    withdrawn players and those sitting out this round get no table."""
    absent = set(withdrawn) | set(sitting_out)
    if fmt == ROUND_ROBIN:
        schedule = round_robin_schedule(entrants, smallest, largest)
        scheduled = schedule[(number - 1) % len(schedule)]
        tables, left = [], [player for player in scheduled.byes if player not in absent]
        for table in scheduled.tables:
            present = tuple(player for player in table if player not in absent)
            if len(present) >= smallest:
                tables.append(present)
            else:
                left += present  # their table fell apart: a bye rather than no game at all
        return Pairing(tuple(tables), tuple(left))
    ranking = [
        entry.player for entry in standings(fmt, entrants, results, byes) if entry.player not in absent
    ]
    sizes, left_over = table_sizes(len(ranking), smallest, largest)
    had_bye = {bye.player for bye in byes if not bye.requested}
    # the lowest-ranked who have had no bye yet sit this one out (everyone has had one: the lowest)
    bye_order = sorted(reversed(ranking), key=lambda player: player in had_bye)
    left = bye_order[:left_over]
    seated = [player for player in ranking if player not in left]
    return Pairing(_seat(seated, sizes, _meetings(results)), tuple(left))


def round_robin_schedule(entrants: Sequence[int], smallest: int, largest: int) -> list[Pairing]:
    """Every round of a round robin, fixed by the sign-up order: everyone meets everyone. Two-player
    tables: the circle method, each pair once. Larger tables can't always avoid meeting someone
    twice; the schedule has as few rounds as a search finds (`_fewest_rounds`)."""
    players = list(entrants)
    return [
        Pairing(
            tuple(tuple(players[i] for i in table) for table in pairing.tables),
            tuple(players[i] for i in pairing.byes),
        )
        for pairing in _schedule(len(players), smallest, largest)
    ]


@cache
def _schedule(count: int, smallest: int, largest: int) -> tuple[Pairing, ...]:
    """A round robin of `count` players by their sign-up index."""
    if count < 2:
        return (Pairing((), tuple(range(count))),)
    if min(largest, count) == 2:
        return tuple(
            _circle_round(list(range(count)), number) for number in range(count if count % 2 else count - 1)
        )
    greedy = _greedy_schedule(count, smallest, largest)
    sizes, left_over = table_sizes(count, smallest, largest)
    fewest = math.ceil((count - 1) / (max(sizes) - 1))  # each round meets at most a table's worth
    for rounds in range(fewest, len(greedy)):
        if found := _annealed_schedule(count, sizes, left_over, rounds):
            return found
    return greedy


def _greedy_schedule(count: int, smallest: int, largest: int) -> tuple[Pairing, ...]:
    """Rounds until every pair has met, each seating together those who have met least (tried
    from a few fixed orders, the best kept): always finishes, not always in the fewest rounds."""
    players = list(range(count))
    schedule: list[Pairing] = []
    met: Counter[frozenset[int]] = Counter()
    byes: Counter[int] = Counter()
    everyone = {frozenset(pair) for pair in combinations(players, 2)}
    while not everyone <= met.keys() and len(schedule) < count:
        sizes, left_over = table_sizes(count, smallest, largest)
        number = len(schedule)
        # the byes go round: whoever has had fewest sits out, the latest to sign up first
        order = sorted(players[number:] + players[:number], key=lambda player: -byes[player])
        left = order[len(order) - left_over :]
        seated = [player for player in order if player not in left]
        tries = [seated] + [
            random.Random(f"{number}/{attempt}").sample(seated, len(seated)) for attempt in range(7)
        ]
        tables = min(
            (_seat(start, sizes, met, rank_weight=0) for start in tries), key=lambda t: _repeats(t, met)
        )
        for table in tables:
            met.update(frozenset(pair) for pair in combinations(table, 2))
        byes.update(left)
        schedule.append(Pairing(tables, tuple(left)))
    return tuple(schedule)


def _annealed_schedule(
    count: int, sizes: list[int], left_over: int, rounds: int
) -> tuple[Pairing, ...] | None:
    """`rounds` rounds in which every pair meets, if a search finds them: byes go round in
    sign-up order; the tables start shuffled and two players of one round swap tables while that
    leaves no more pairs unmet (now and then one more, less often as the search cools). Seeded, so
    the same players always get the same schedule."""
    if len(sizes) < 2:
        return None
    rng = random.Random(f"{count}/{sizes}/{rounds}")
    byes = [[(number * left_over + j) % count for j in range(left_over)] for number in range(rounds)]
    schedule: list[list[list[int]]] = []
    for number in range(rounds):
        seated = [player for player in range(count) if player not in byes[number]]
        rng.shuffle(seated)
        starts = [sum(sizes[:t]) for t in range(len(sizes))]
        schedule.append([seated[start : start + size] for start, size in zip(starts, sizes, strict=True)])
    met = Counter(
        frozenset(pair) for tables in schedule for table in tables for pair in combinations(table, 2)
    )
    unmet = count * (count - 1) // 2 - len(met)
    heat = 1.0
    for _ in range(ANNEALING_STEPS):
        if not unmet:
            return tuple(
                Pairing(tuple(map(tuple, tables)), tuple(byes[n])) for n, tables in enumerate(schedule)
            )
        tables = schedule[rng.randrange(rounds)]
        a, b = rng.sample(range(len(tables)), 2)
        i, j = rng.randrange(len(tables[a])), rng.randrange(len(tables[b]))
        x, y = tables[a][i], tables[b][j]
        change: Counter[frozenset[int]] = Counter()
        for mover, stayer, here in ((x, y, tables[a]), (y, x, tables[b])):
            for other in here:
                if other != mover:
                    change[frozenset((mover, other))] -= 1
                    change[frozenset((stayer, other))] += 1
        delta = sum((met[pair] + d == 0) - (met[pair] == 0) for pair, d in change.items())
        if delta <= 0 or rng.random() < math.exp(-delta / heat):
            met.update(change)
            for pair in change:
                if not met[pair]:
                    del met[pair]  # so len(met) counts the pairs that meet
            unmet += delta
            tables[a][i], tables[b][j] = y, x
        heat = max(0.05, heat * 0.9999)
    return None


def _repeats(tables: Sequence[Sequence[int]], met: Counter[frozenset[int]]) -> int:
    return sum(met[frozenset(pair)] for table in tables for pair in combinations(table, 2))


def _circle_round(players: list[int], number: int) -> Pairing:
    """Round `number` (from 0) of the circle method: the first player stays put, the rest turn
    one place a round; with an odd count, whoever meets the empty place has a bye. The upper half
    of the circle sits first, and the one who stays put every other round, so everyone sits first
    in about half their games."""
    circle: list[int | None] = [*players, None] if len(players) % 2 else list(players)
    rest = circle[1:]
    turn = len(rest) - number % len(rest)
    turned = [circle[0], *rest[turn:], *rest[:turn]]
    half = len(turned) // 2
    tables, left = [], []
    for index, (first, second) in enumerate(zip(turned[:half], reversed(turned[half:]), strict=True)):
        if first is None or second is None:
            left.append(second if first is None else first)
        else:
            tables.append((second, first) if index == 0 and number % 2 else (first, second))
    return Pairing(tuple(tables), tuple(left))


def _meetings(results: Sequence[Result]) -> Counter[frozenset[int]]:
    return Counter(frozenset(pair) for result in results for pair in combinations(result.players, 2))


def _seat(
    ranking: list[int], sizes: list[int], met: Counter[frozenset[int]], *, rank_weight: int = 1
) -> tuple[tuple[int, ...], ...]:
    """Seat `ranking` (best first) at tables of `sizes`: first in ranking order, then improved by
    swapping two players of different tables while that lowers the cost (a repeated meeting costs
    more than any spread of ranks at a table), so neighbours in the ranking meet unless they met."""
    tables: list[list[int]] = []
    start = 0
    for size in sizes:
        tables.append(ranking[start : start + size])
        start += size
    rank = {player: index for index, player in enumerate(ranking)}

    def cost(table: list[int]) -> int:
        repeats = sum(met[frozenset(pair)] for pair in combinations(table, 2))
        spread = max(rank[p] for p in table) - min(rank[p] for p in table) if table else 0
        return REPEAT_COST * repeats + rank_weight * spread

    improved = True
    while improved:
        improved = False
        for a, b in combinations(range(len(tables)), 2):
            for i in range(len(tables[a])):
                for j in range(len(tables[b])):
                    before = cost(tables[a]) + cost(tables[b])
                    tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
                    if cost(tables[a]) + cost(tables[b]) < before:
                        improved = True
                    else:
                        tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
    return tuple(tuple(sorted(table, key=rank.__getitem__)) for table in tables)


def standings(
    fmt: str, entrants: Sequence[int], results: Sequence[Result], byes: Sequence[Bye]
) -> list[Standing]:
    """Everyone in `entrants` (withdrawn ones too), best first: by points, then the tie-break,
    then sign-up order."""
    points: Counter[int] = Counter({player: 0.0 for player in entrants})
    played: Counter[int] = Counter()
    for result in results:
        for player, gained in zip(result.players, match_points(result.places), strict=True):
            points[player] += gained
            played[player] += 1
    for bye in byes:
        points[bye.player] += bye.points
    tiebreak: Counter[int] = Counter({player: 0.0 for player in entrants})
    for result in results:
        mates = len(result.players) - 1
        for seat, player in enumerate(result.players):
            others = [other for other in range(len(result.players)) if other != seat]
            if fmt == SWISS:  # Buchholz: the average final points of the table-mates
                tiebreak[player] += sum(points[result.players[o]] for o in others) / mates if mates else 0.0
            else:  # Sonneborn-Berger: each table-mate's points, times how I did against them
                tiebreak[player] += (
                    sum(
                        _against(result.places[seat], result.places[o]) * points[result.players[o]]
                        for o in others
                    )
                    / mates
                    if mates
                    else 0.0
                )
    bye_count = Counter(bye.player for bye in byes)
    order = {player: index for index, player in enumerate(entrants)}

    def key(player: int) -> tuple[float, float]:
        return (-round(points[player], 9), -round(tiebreak[player], 9))

    ranked = sorted(entrants, key=lambda player: (key(player), order[player]))
    return [
        Standing(
            player=player,
            place=1 + sum(key(other) < key(player) for other in ranked),
            points=points[player],
            tiebreak=tiebreak[player],
            played=played[player],
            byes=bye_count[player],
        )
        for player in ranked
    ]


def _against(mine: int, theirs: int) -> float:
    return 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
