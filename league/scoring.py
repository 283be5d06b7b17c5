"""How one finished match ranks its seats, and the points each seat takes from it.

One ranking serves the ratings (OpenSkill wants each match as ranks), the seasons and the
tournaments (both count points), so a resigned player or a shared win means the same everywhere.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence


def placings(
    seats: int, scores: Sequence[int], winners: Collection[int], resigned: Collection[int] = ()
) -> tuple[int, ...]:
    """Each seat's place, 1 for the best, equal places shared (1, 1, 3): a seat that resigned or
    forfeited is behind every seat that did not; among the rest the match's winners come first,
    tied whatever their scores (a shared win); everyone else is ordered by final score (a seat
    without a score has 0)."""

    def key(seat: int) -> tuple[int, int, int]:
        if seat in winners and seat not in resigned:
            return (0, 0, 0)
        return (int(seat in resigned), 1, -(scores[seat] if seat < len(scores) else 0))

    keys = [key(seat) for seat in range(seats)]
    return tuple(1 + sum(other < mine for other in keys) for mine in keys)


def match_points(places: Sequence[int]) -> tuple[float, ...]:
    """Each seat's points from its place: the share of its table-mates it finished ahead of, an
    equal place counting half. A two-player win is 1, a draw 0.5; four players get 1, 2/3, 1/3, 0."""
    others = len(places) - 1
    return tuple(
        sum(
            1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
            for j, theirs in enumerate(places)
            if j != i
        )
        / others
        if others
        else 0.0
        for i, mine in enumerate(places)
    )
