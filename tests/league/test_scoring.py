"""Places and points of a finished table, by hand."""

import pytest

from league import match_points, placings
from tests.imports import foreign_imports


def test_the_league_is_pure():
    assert not foreign_imports("league", set())


@pytest.mark.parametrize(
    ("seats", "scores", "winners", "resigned", "places"),
    [
        (2, (3, 1), (0,), (), (1, 2)),
        (2, (0, 0), (0, 1), (), (1, 1)),  # a draw: both "win"
        (3, (5, 3, 9), (2,), (), (2, 3, 1)),
        (4, (5, 3, 9, 1), (0, 1), (3,), (1, 1, 3, 4)),  # a shared win ignores the winners' scores
        (2, (10, 20), (1,), (1,), (1, 2)),  # resigning loses whatever the score
        (3, (0, 7, 7), (), (0,), (3, 1, 1)),  # nobody won: scores order the rest, equal ones share
        (3, (), (), (1, 2), (1, 2, 2)),  # no scores: the resigned behind, sharing a place
        (2, (-1,), (), (), (2, 1)),  # a seat without a score counts 0
    ],
)
def test_places(seats, scores, winners, resigned, places):
    assert placings(seats, scores, winners, resigned) == places


@pytest.mark.parametrize(
    ("places", "points"),
    [
        ((1, 2), (1.0, 0.0)),
        ((1, 1), (0.5, 0.5)),
        ((1, 2, 3, 4), (1.0, 2 / 3, 1 / 3, 0.0)),
        ((1, 1, 3), (0.75, 0.75, 0.0)),
        ((2, 1, 2, 2), (1 / 3, 1.0, 1 / 3, 1 / 3)),
        ((1,), (0.0,)),
    ],
)
def test_points(places, points):
    assert match_points(places) == pytest.approx(points)
