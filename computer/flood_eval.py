"""Martian Flood: what a position is worth to each seat, as the expected final score.

The score is made at the very end, after the round-3 flood, so the evaluation projects every
tower through the floods still to come. A flood hit removes a tower's largest size group, so a
tower's fate depends only on how many times its sector is hit: with k hits it keeps its size
groups after the k-th. The number of hits on a sector is binomial over the rolls left. The final
flood's rolls count fully; earlier floods count less (`EARLY_FLOOD_WEIGHT`) because what they
wash away goes back to the stash and can be built again.

From each tower's distribution of outcomes come the expected sector points of its controller
(height 2 or more), the expected colour points of each opponent whose colour it holds, the
expected number of single-pyramid towers and the expected height. The two bonuses are contests
between seats, scored smoothly on the gap to the best rival (ties share a bonus, so a tie is worth
more than half). Ships, the stash and pending infiltrators are what a seat can still turn into
points; they are worth something only while there is time to use them.

Everything here reads public attributes only (the deck's order, the one hidden thing, is never
looked at; its size is public).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import dataclass, replace

from games.flood import COLOURS, FLOOD_ROLLS, LAST_ROUND, SINGLES_BONUS, TALLEST_BONUS, flood_sector, sector

from .blend import blend

# How many of the 216 flood rolls hit each sector (the ace's sector, 1, never floods).
_HITS = Counter(flood_sector(dice) for dice in itertools.product(range(1, 7), repeat=3))


def hit_chance(sector_number: int) -> float:
    """The chance that one flood roll hits this sector."""
    return _HITS[sector_number] / 216


@dataclass(frozen=True)
class Weights:
    early_flood: float = 0.35  # how much a roll before the final flood counts
    tallest_spread: float = 0.9  # heights: the width of the smooth step of the tallest contest
    tallest_growth: float = 1.5  # extra spread per unit of game left (towers still grow)
    singles_spread: float = 0.6
    singles_growth: float = 1.0
    ship: float = 4.0  # a ship of one's own, with the whole game left
    stash: float = 1.0  # a stash pyramid, with the whole game left
    ship_late: float = 0.6  # a ship's worth when little time is left (it can still be scrapped)
    temperature: float = 7.0  # points: the spread of final scores the reward squashes
    temperature_late: float = 4.0


WEIGHTS = Weights()


def _hit_counts(rolls: list[float]) -> tuple[float, float, float, float]:
    """P(0), P(1), P(2), P(3 or more) hits, given each roll's (weighted) chance of a hit."""
    dist = [1.0, 0.0, 0.0, 0.0]
    for chance in rolls:
        miss = 1.0 - chance
        dist = [
            dist[0] * miss,
            dist[1] * miss + dist[0] * chance,
            dist[2] * miss + dist[1] * chance,
            dist[3] + dist[2] * chance,
        ]
    return dist[0], dist[1], dist[2], dist[3]


def hit_tables(weights: Weights) -> dict[tuple[int, int], tuple[float, float, float, float]]:
    """(round, sector) -> the distribution of hits still to come from the start of that round."""
    tables = {}
    for round_number in range(1, LAST_ROUND + 1):
        for sector_number in range(1, 11):
            chance = hit_chance(sector_number)
            rolls = []
            for later in range(round_number, LAST_ROUND + 1):
                scale = 1.0 if later == LAST_ROUND else weights.early_flood
                rolls += [chance * scale] * FLOOD_ROLLS[later]
            tables[round_number, sector_number] = _hit_counts(rolls)
    return tables


def _smooth_step(gap: float, spread: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, gap / spread))))


class Evaluator:
    """Scores positions with one set of weights; remembers tower projections within one decision
    (keyed on public facts only: round, sector, pyramids)."""

    def __init__(self, weights: Weights = WEIGHTS) -> None:
        self.weights = weights
        self.tables = hit_tables(weights)
        self.towers: dict = {}

    def tower(self, round_number: int, sector_number: int, pyramids: tuple) -> tuple:
        """(expected own sector points, P(single), expected height, {colour: expected colour points})."""
        key = (round_number, sector_number, pyramids)
        known = self.towers.get(key)
        if known is not None:
            return known
        hits = self.tables[round_number, sector_number]
        groups: list[list] = []
        for pyramid in pyramids:  # bottom -> top, sizes never grow: split into equal-size runs
            if groups and groups[-1][0].size == pyramid.size:
                groups[-1].append(pyramid)
            else:
                groups.append([pyramid])
        own = single = height = 0.0
        colours: dict[str, float] = {}
        # m hits remove the first m groups; m >= len(groups) leaves an empty card (worth nothing)
        for removed in range(len(groups)):
            chance = hits[removed]
            left = [pyramid for group in groups[removed:] for pyramid in group]
            size = len(left)
            height += chance * size
            if size >= 2:
                own += chance * sector_number
            elif size == 1:
                single += chance
            for colour in {pyramid.colour for pyramid in left}:
                colours[colour] = colours.get(colour, 0.0) + chance * sector_number
        result = (own, single, height, colours)
        self.towers[key] = result
        return result

    def progress(self, state) -> float:
        """How much of the match is played, 0..1 (rounds, and the deck used within this one)."""
        drawn = 2 * len(state.discard)
        within = drawn / (drawn + len(state.deck)) if drawn + len(state.deck) else 1.0
        # a stash nearly empty also ends the round
        smallest_stash = min(sum(counts) for counts in state.stash)
        within = max(within, 1.0 - smallest_stash / 15.0) if smallest_stash < 4 else within
        return min(1.0, (state.round - 1 + within) / LAST_ROUND)

    def scores(self, state) -> list[float]:
        """Each seat's expected final score."""
        weights = self.weights
        seats = state.num_players
        played = self.progress(state)
        left = 1.0 - played
        points = [0.0] * seats
        singles = [0.0] * seats
        tallest = [0.0] * seats
        colour_seat = {COLOURS[seat]: seat for seat in range(seats)}
        for seat in range(seats):
            for spot in state.areas[seat]:
                if spot.tower:
                    own, single, height, colours = self.tower(
                        state.round, sector(spot.card), tuple(spot.tower)
                    )
                    points[seat] += own
                    singles[seat] += single
                    tallest[seat] = max(tallest[seat], height)
                    for colour, value in colours.items():
                        other = colour_seat[colour]
                        if other != seat:
                            points[other] += value
                elif spot.ship:
                    points[seat] += blend(weights.ship, weights.ship_late, played)
            points[seat] += weights.stash * left * sum(state.stash[seat])
            # an infiltrated ship waiting here: the sender's pyramid will stand in this area
            for ship, sender in state.pending[seat]:
                points[sender] += 0.5 * sector(ship.card) * (1.0 - hit_chance(sector(ship.card)) * 5)
        tallest_spread = weights.tallest_spread + weights.tallest_growth * left
        singles_spread = weights.singles_spread + weights.singles_growth * left
        for seat in range(seats):
            rival_height = max(tallest[other] for other in range(seats) if other != seat)
            if tallest[seat] > 0:
                points[seat] += TALLEST_BONUS * _smooth_step(
                    tallest[seat] - rival_height + 0.3, tallest_spread
                )
            rival_singles = max(singles[other] for other in range(seats) if other != seat)
            if singles[seat] > 0:
                points[seat] += SINGLES_BONUS * _smooth_step(
                    singles[seat] - rival_singles + 0.3, singles_spread
                )
        return points

    def rewards(self, state) -> list[float]:
        """Each seat's share of a win-likelihood (softmax of expected scores); a finished match
        by its outcome."""
        if state.is_over:
            winners = state.outcome.winners
            return [1.0 if seat in winners else 0.0 for seat in range(state.num_players)]
        scores = self.scores(state)
        temperature = blend(self.weights.temperature, self.weights.temperature_late, self.progress(state))
        top = max(scores)
        exps = [math.exp((score - top) / temperature) for score in scores]
        total = sum(exps)
        return [value / total for value in exps]


def with_weights(**changes) -> Weights:
    return replace(WEIGHTS, **changes)
