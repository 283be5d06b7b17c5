"""The computer's fast M.A.R.S. board model (`computer.mars.Model`) agrees with itself worked out
the slow way: the change a placement makes to a colour's worth, which the search reads from group
labels, equals the worth of the board with the piece placed minus the worth without it, for
every empty square, size and colour, in both scoring variants."""

from __future__ import annotations

import random

import pytest

from computer.mars import Model
from games import GAMES, random_choice

MARS = GAMES["mars"]


def boards(options: dict, count: int = 6):
    """Models of boards part-way through random matches."""
    for seed in range(count):
        chooser = random.Random(seed)
        state = MARS.new(2, seed, options)
        for _ in range(chooser.randrange(20, 70)):
            if state.is_over:
                break
            seat = chooser.choice(state.to_move)
            state.apply(seat, random_choice(state.legal_actions(seat), chooser))
        yield Model(state)


@pytest.mark.parametrize("biggest_only", [False, True])
def test_a_placements_gain_is_the_worth_after_it_minus_the_worth_before(biggest_only):
    checked = 0
    for model in boards({"biggest_only": biggest_only}):
        for colour in range(1, len(model.colours) + 1):
            worth = model.colour_value(model.cells, colour)
            gains = model.placement_gains(model.cells, colour, worth)
            for square, by_size in gains.items():
                for size in (1, 2, 3):
                    placed = list(model.cells)
                    placed[square] = colour * 4 + size
                    assert by_size[size] == pytest.approx(model.colour_value(placed, colour) - worth)
                    checked += 1
    assert checked > 500
