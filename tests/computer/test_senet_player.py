"""The Senet player: expectimax over the die, with the other player's best reply to every roll."""

from __future__ import annotations

import random

import pytest

import computer
import computer.senet as senet_player
from benchmarks.baselines import greedy_action
from games import senet as rules

# Positions from greedy play where one move ahead points the wrong way (spec 9 notation).
OUT_OF_THE_SOURCE = rules.position(
    "S1=bS S2=aS.aM.bL S4=aM.bL S5=bS.bM S7=bS.bM S9=aS.bM.aL B8=aS.bM B2=aL P3=bS P4=aL P5=bL P6=bL "
    "P8=aM P9=aL.aM.aS",
    to_move="a",
    roll=4,
)
INTO_PERFECT = rules.position(
    "S1=bS.bM.aL S2=bL S5=aS.aM.bL S6=bS.bM.aL S8=aS S9=aS B9=aL.bM.bS B4=aM.bL B3=aM.bL B1=aM "
    "P5=aL P7=bM.bS P8=aS",
    to_move="a",
    roll=3,
)
CASES = [(OUT_OF_THE_SOURCE, "S9L-B6"), (INTO_PERFECT, "B1M-P3")]


class Helpers(senet_player.Expectimax):
    """What a search that counts on favours believes: the other player picks the move best for us."""

    def decision(self, state, moves, plies):
        children = [senet_player.after(state, state.seat_of(state.current), move) for move in moves]
        if plies == 1:
            return max(senet_player.evaluate(child, self.player) for child in children)
        return max(self.chance(child, plies - 1) for child in children)


def best_by(search_class, state) -> str:
    seat = state.to_move[0]
    moves = sorted(state.legal_actions(seat), key=str)
    search = search_class(state.current, None)
    values = [search.chance(senet_player.after(state, seat, move), 1) for move in moves]
    return str(moves[max(range(len(moves)), key=lambda i: values[i])])


@pytest.mark.parametrize(("state", "right"), CASES)
def test_the_move_that_survives_the_best_reply_is_chosen(state, right):
    seat = state.to_move[0]
    assert str(computer.choose(state, seat, level="normal")) == right
    assert str(computer.choose(state, seat, level="hard")) == right
    assert str(greedy_action(state, seat, random.Random(1))) != right, "one move ahead picks another"


@pytest.mark.parametrize(("state", "right"), CASES)
def test_the_other_player_plays_for_itself(state, right):
    assert best_by(senet_player.Expectimax, state) == right
    assert best_by(Helpers, state) != right, "counting on favours must lead elsewhere here"


def test_every_roll_counts_with_its_chance():
    """The value before a roll is the average over the six rolls: a won position stays won."""
    state = rules.position("P9=aS", to_move="a", off_a=11, off_b=0)
    search = senet_player.Expectimax("a", None)
    # A rolls: 1 bears the last pyramid off; 5 moves a coaster; others have no move and pass.
    value = search.chance(state, 2)
    assert 1 / 6 < value < 1.0


def test_a_win_is_taken_and_counted_certain():
    """Bearing off the medium carries the small too: the last two pyramids, and the match."""
    state = rules.position("P9=aM.aS", to_move="a", off_a=10, roll=1)
    assert len(state.legal_actions(0)) == 2
    decision = senet_player.think(state, 0, "normal", 0)
    assert str(decision.action).upper() == "P9M-OFF" and decision.expected == 1.0


def test_the_same_seed_gives_the_same_decision_and_easy_is_noisier():
    seat = OUT_OF_THE_SOURCE.to_move[0]
    assert computer.choose(OUT_OF_THE_SOURCE, seat, level="easy", seed=4) == computer.choose(
        OUT_OF_THE_SOURCE, seat, level="easy", seed=4
    )
    choices = {str(computer.choose(OUT_OF_THE_SOURCE, seat, level="easy", seed=s)) for s in range(12)}
    assert len(choices) > 1, "easy should not always find the same move"
