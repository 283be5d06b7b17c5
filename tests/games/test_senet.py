"""Martian Senet: every test vector of shared/rules/senet.md section 8, plus rule details."""

import itertools
import json
import random
from dataclasses import replace

import pytest

from games import GAMES, IllegalAction, random_choice
from games.senet import SENET, SQUARE_INDEX, Coaster, Move, is_valid_stack, log_entry, position
from games.senet_views import SenetRoll
from tests.positions import SENET_OPENING as OPENING


class Dice:
    """Stands in for the state's Rng: rolls the queued values, then 5s (a 5 always waits for E/W,
    so the engine stops there)."""

    def __init__(self, *rolls: int) -> None:
        self.rolls = list(rolls)

    def below(self, n: int) -> int:
        assert n == 6, "the engine only ever rolls a d6"
        return (self.rolls.pop(0) if self.rolls else 5) - 1

    def to_json(self) -> dict:
        return {"rolls": list(self.rolls)}


def moves(state, player: str, roll: int) -> set[str]:
    return {str(action) for action in state.moves_for_roll(player, roll)}


def legal(state) -> set[str]:
    return {str(action) for action in state.legal_actions(state.to_move[0])}


def play(state, text: str, *rolls: int) -> list[str]:
    """The current player plays `text`; the engine's following rolls come from `rolls`."""
    state.rng = Dice(*rolls)
    return state.apply(state.to_move[0], SENET.parse_action(text))


def sizes_on(state, square: str) -> str:
    return "".join("SML"[piece.size - 1] for piece in state.stacks[SQUARE_INDEX[square]])


# --- TV1, TV2: the opening ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("player", "roll", "expected"),
    [
        ("a", 1, set()),
        ("a", 2, {"S3L-S5", "S8L-B9"}),
        ("a", 3, {"S8L-B8"}),
        ("a", 4, {"S1L-S5", "S6L-B9", "S8L-B7"}),
        ("a", 6, {"S6L-B7", "S8L-B5"}),
        ("a", 5, {"E", "W"}),
        ("b", 1, {"S4L-S5", "S9L-B9"}),
        ("b", 2, {"S9L-B8"}),
        ("b", 3, {"S2L-S5", "S7L-B9", "S9L-B7"}),
        ("b", 4, {"S7L-B8", "S9L-B6"}),
        ("b", 6, {"S4L-B9", "S7L-B6", "S9L-B4"}),
        ("b", 5, {"E", "W"}),
    ],
)
def test_tv1_opening_moves(player, roll, expected):
    assert moves(position(OPENING, to_move=player), player, roll) == expected


def source_track(state) -> str:
    owners = [stack[0].owner.upper() if (stack := state.stacks[column]) else "_" for column in range(1, 10)]
    return " | ".join(" ".join(owners[i : i + 3]) for i in (0, 3, 6))


@pytest.mark.parametrize(
    ("direction", "after"), [("E", "B _ A | B A B | A B A"), ("W", "B A B | A B A | B _ A")]
)
def test_tv2_coaster_on_the_opening(direction, after):
    state = position(OPENING, to_move="a", roll=5)
    assert source_track(state) == "A B A | B _ A | B A B"
    assert play(state, direction) == [f"5:{direction}", "ROLL A 5"]
    assert source_track(state) == after
    assert state.to_move == (0,), "a 5 rolls again"


def test_a_new_game_opens_with_the_nests_and_rolls_for_a():
    for seed in range(20):
        state = SENET.new(2, seed)
        assert state.stacks_notation() == OPENING
        assert state.off == {"a": 0, "b": 0}
        assert state.current == "a" and state.to_move == (state.a_seat,)
        assert state.roll in (2, 3, 4, 5, 6), "a 1 has no move in the opening, so A rolled again"
    assert {SENET.new(2, seed).a_seat for seed in range(20)} == {0, 1}, "who plays A is random (R11)"


@pytest.mark.parametrize(
    ("colours", "a_colours", "b_colours"),
    [("single", "BBBB", "OOOO"), ("treehouse", "GGBB", "RRYY"), ("treehouse_alt", "CCPP", "OOLL")],
)
def test_colour_sets_give_each_player_two_trios_per_colour(colours, a_colours, b_colours):
    state = SENET.new(2, 1, {"colours": colours})
    for columns, expected in (((1, 3, 6, 8), a_colours), ((2, 4, 7, 9), b_colours)):
        nests = [state.stacks[column] for column in columns]
        assert "".join(nest[0].colour for nest in nests) == expected
        assert all(len({piece.colour for piece in nest}) == 1 for nest in nests)
    view = state.view(None)
    assert {player.letter: player.colours for player in view.players.values()} == {
        "a": tuple(dict.fromkeys(a_colours)),
        "b": tuple(dict.fromkeys(b_colours)),
    }


# --- TV3: the coaster carries every track -------------------------------------------------

TV3 = "S1=aS.aM.aL S5=bL B2=aM B9=bS P8=aL.aM.aS P3=bM"


@pytest.mark.parametrize(
    ("direction", "moved"),
    [
        ("E", {"S1": "S7", "S5": "S2", "B2": "B8", "B9": "B6", "P8": "P5", "P3": "P9"}),
        ("W", {"S1": "S4", "S5": "S8", "B2": "B5", "B9": "B3", "P8": "P2", "P3": "P6"}),
    ],
)
def test_tv3_coaster_moves_every_stack_along_its_track(direction, moved):
    state = position(TV3, to_move="a", roll=5)
    before = {square: sizes_on(state, square) for square in moved}
    assert blocks(position(TV3, to_move="a")) == ["P8"]
    play(state, direction)
    assert {square: sizes_on(state, square) for square in moved.values()} == {
        moved[square]: stack for square, stack in before.items()
    }
    assert len(state.view(None).squares) == len(moved), "nothing else appears"
    assert blocks(state) == [moved["P8"]], "the A tree moved with P8 is still a block"


def blocks(state) -> list[str]:
    return [name for name, square in state.view(None).squares.items() if square.block_owner]


def test_tv3_path_indices():
    east = {1: 7, 5: 2, 17: 11, 10: 13, 26: 23, 21: 27}
    west = {1: 4, 5: 8, 17: 14, 10: 16, 26: 20, 21: 24}
    for direction, mapping in (("E", east), ("W", west)):
        state = position(TV3, to_move="a", roll=5)
        before = {index: list(state.stacks[index]) for index in mapping}
        play(state, direction)
        assert {mapping[index]: stack for index, stack in before.items()} == {
            index: state.stacks[index] for index in mapping.values()
        }


def test_the_coaster_ignores_blocks():
    state = position("S3=bL.bM.bS S4=aS", to_move="a", roll=5)
    play(state, "W")
    assert state.stacks_notation() == "S6=bL.bM.bS S7=aS"


# --- TV4: landing -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("destination", "unit", "result"),
    [
        ("", "aM", "M"),
        ("bL", "aM", "LM"),
        ("bM", "aL", "ML"),
        ("bL", "aS", None),
        ("bS", "aL", None),
        ("bM", "aM", None),
        ("bL.bM", "aS", "LMS"),
        ("bL.bM", "aL", None),
        ("bS.bM", "aS", "SMS"),
        ("bS.bM", "aL", "SML"),
        ("bM.bS", "aM", None),
        ("bM", "aL.aM.aS", "MLMS"),
        ("bS.bM.bL", "aM", "SMLM"),
        ("bL.bM.bS", "aS", None),
        ("bL.bM.bS", "aM", None),
        ("bL.bM.bS", "aL", None),
    ],
)
def test_tv4_landing_table(destination, unit, result):
    text = f"P4={unit}" + (f" P5={destination}" if destination else "")
    state = position(text, to_move="a", roll=1)
    move = f"P4{unit[1]}-P5"
    assert (move in moves(state, "a", 1)) == (result is not None)
    if result:
        play(state, move)
        assert sizes_on(state, "P5") == result
        assert not state.stacks[SQUARE_INDEX["P4"]]
    else:
        with pytest.raises(IllegalAction, match="can't"):
            play(state, move)


def test_the_fourteen_stack_shapes():
    shapes = {
        "".join("SML"[size - 1] for size in sizes)
        for length in range(1, 7)
        for sizes in itertools.product((1, 2, 3), repeat=length)
        if is_valid_stack(list(sizes))
    }
    assert shapes == {
        "S",
        "M",
        "L",
        "SM",
        "ML",
        "MS",
        "LM",
        "SML",
        "LMS",
        "SMS",
        "MLM",
        "SMLM",
        "MLMS",
        "SMLMS",
    }


# --- TV5, TV6: mixed stacks and blocks ----------------------------------------------------


def test_tv5_mixed_stack():
    state = position("S5=aS.bM.aL.bM.aS", to_move="a", roll=1)
    assert moves(state, "a", 1) == {"S5L-S6", "S5S-S6"}
    assert moves(state, "b", 1) == {"S5M-S6"}
    play(state, "S5L-S6")
    assert state.stacks_notation() == "S5=aS.bM S6=aL.bM.aS"
    assert state.view(None).squares["S5"].peak == 1, "B's M is now the peak, and movable"


TV6 = "S4=bS.aM S6=aL.bM S9=bL.bM.bS B8=aM B6=bL B4=aS.aM.aL P1=bM.bS"


@pytest.mark.parametrize(
    ("roll", "expected"),
    [
        (1, {"S4M-S5", "S6L-S7", "B8M-B7", "B4L-B3"}),
        (2, {"S6L-S8", "B8M-B6", "B4L-B2"}),
        (3, {"S4M-S7", "B8M-B5", "B4L-B1"}),
        (4, {"S4M-S8", "B8M-B4"}),
        (6, {"B8M-B2", "B4L-P3"}),
    ],
)
def test_tv6_mid_game(roll, expected):
    assert moves(position(TV6, to_move="a"), "a", roll) == expected


def test_moves_are_listed_along_the_path_then_largest_first():
    state = position("S5=aS.bM.aL.bM.aS B8=aM B4=aS.aM.aL", to_move="a")
    assert [str(m) for m in state.moves_for_roll("a", 1)] == ["S5L-S6", "S5S-S6", "B8M-B7", "B4L-B3"]


# --- TV7 - TV9: the end game --------------------------------------------------------------

TV7 = "P4=aM P6=bL.bM.bS"


@pytest.mark.parametrize(
    ("roll", "expected"), [(1, {"P4M-P5"}), (2, set()), (3, set()), (4, set()), (6, set())]
)
def test_tv7_block_endgame_moves(roll, expected):
    assert moves(position(TV7, to_move="a", off_a=11, off_b=9), "a", roll) == expected


@pytest.mark.parametrize("roll", [2, 3, 4])
def test_tv7_no_move_on_2_3_4_passes_the_turn(roll):
    state = position(TV7, to_move="a", off_a=11, off_b=9)
    state.rng = Dice(roll)
    assert state._roll_until_decision() == [f"ROLL A {roll}", f"{roll}:-", "PASS B", "ROLL B 5"]
    assert state.current == "b" and state.to_move == (1,) and state.turn == 2
    assert state.view(None).log == (SenetRoll("a", roll, "-"),)


def test_tv7_no_move_on_6_rolls_again():
    state = position(TV7, to_move="a", off_a=11, off_b=9)
    state.rng = Dice(6, 1)
    assert state._roll_until_decision() == ["ROLL A 6", "6:-", "ROLL A 1"]
    assert state.current == "a" and state.roll == 1 and legal(state) == {"P4M-P5"}


TV8 = "P7=aL P3=aM B2=aS"
TV8_TRAPPED = "P7=aL P3=aM S4=aS.bM"


@pytest.mark.parametrize(
    ("stacks", "roll", "expected"),
    [
        (TV8, 3, {"B2S-P2", "P3M-P6", "P7L-off"}),
        (TV8, 4, {"B2S-P3", "P3M-P7", "P7L-off"}),
        (TV8, 6, {"B2S-P5", "P3M-P9", "P7L-off"}),
        (TV8, 1, {"B2S-B1", "P3M-P4", "P7L-P8"}),
        (TV8, 2, {"B2S-P1", "P3M-P5", "P7L-P9"}),
        (TV8_TRAPPED, 3, {"P3M-P6"}),
        (TV8_TRAPPED, 4, {"P3M-P7"}),
        (TV8_TRAPPED, 6, {"P3M-P9"}),
        (TV8_TRAPPED, 1, {"P3M-P4", "P7L-P8"}),
        (TV8_TRAPPED, 2, {"P3M-P5", "P7L-P9"}),
    ],
)
def test_tv8_bearing_off(stacks, roll, expected):
    assert moves(position(stacks, to_move="a", off_a=9), "a", roll) == expected


def test_tv8_bearing_off_counts_the_pyramids():
    state = position(TV8, to_move="a", off_a=9, roll=3)
    assert play(state, "P7L-off") == ["3:P7L-off", "PASS B", "ROLL B 5"]
    assert state.off == {"a": 10, "b": 0}
    assert state.view(None).last == SenetRoll("a", 3, "P7L-off", origin="P7", size=3, target="off")


@pytest.mark.parametrize(
    ("roll", "expected"), [(1, {"P8L-P9"}), (2, set()), (3, set()), (4, set()), (6, set())]
)
def test_tv9_an_enemy_passenger_cannot_bear_off(roll, expected):
    assert moves(position("P8=aL.bM", to_move="a", off_a=11), "a", roll) == expected


def test_tv9_the_passenger_rides_along():
    state = position("P8=aL.bM", to_move="a", off_a=11, roll=1)
    play(state, "P8L-P9")
    assert state.stacks_notation() == "P9=aL.bM"
    state = position("P9=aL.bM", to_move="a", off_a=11, roll=2)
    with pytest.raises(IllegalAction, match="carries B's pyramids"):
        play(state, "P9L-off")


def test_an_owners_block_stops_its_own_unit_carrying_an_enemy():
    state = position("P2=aM.bS P4=aL.aM.aS", to_move="a", roll=3)
    assert [move for move in moves(state, "a", 3) if move.startswith("P2")] == []
    with pytest.raises(IllegalAction, match="your own block on P4"):
        play(state, "P2M-P5")
    alone = position("P2=aM P4=aL.aM.aS", to_move="a")
    assert [move for move in moves(alone, "a", 3) if move.startswith("P2")] == ["P2M-P5"]


# --- TV10: flips and a full turn ----------------------------------------------------------


def test_tv10_a_full_turn_from_the_opening():
    state = position(OPENING, to_move="a")
    state.rng = Dice(1, 6)
    assert state._roll_until_decision() == ["ROLL A 1", "1:-", "ROLL A 6"]
    assert legal(state) == {"S6L-B7", "S8L-B5"}
    assert play(state, "S8L-B5", 2) == ["6:S8L-B5", "ROLL A 2"]
    assert legal(state) == {"S3L-S5", "S6L-S8", "S8M-B9", "B5L-B3"}
    assert play(state, "S3L-S5", 3) == ["2:S3L-S5", "PASS B", "ROLL B 3"]
    assert state.current == "b" and state.to_move == (1,) and state.turn == 2
    assert [f"{entry.roll}:{entry.action}" for entry in state.view(None).log] == [
        "1:-",
        "6:S8L-B5",
        "2:S3L-S5",
    ]
    expected = {
        1: {"S2L-S3", "S7L-S8", "S9L-B9"},
        2: {"S9L-B8"},
        3: {"S7L-B9", "S9L-B7"},
        4: {"S4L-S8", "S7L-B8", "S9L-B6"},
        6: {"S2L-S8", "S4L-B9", "S7L-B6", "S9L-B4"},
    }
    for roll, options in expected.items():
        assert moves(state, "b", roll) == options
    assert legal(state) == expected[3]


@pytest.mark.parametrize(
    ("origin", "roll", "target"), [("S9", 1, "B9"), ("S8", 3, "B8"), ("B1", 1, "P1"), ("B2", 4, "P3")]
)
def test_tv10_single_flips(origin, roll, target):
    assert moves(position(f"{origin}=aS", to_move="a"), "a", roll) == {f"{origin}S-{target}"}


# --- TV11: scoring, and the immediate end -------------------------------------------------

TV11 = "S2=bS.bM.bL B5=bL.bM.bS B1=bS.bM P2=bL P4=bL.bM P6=bS P8=aL"


class NoMoreRolls:
    def below(self, n: int) -> int:
        raise AssertionError("the game is over: nothing more may be rolled")


@pytest.mark.parametrize("a_seat", [0, 1])
def test_tv11_the_twelfth_pyramid_ends_the_game_at_once_even_on_a_6(a_seat):
    state = position(TV11, to_move="a", off_a=11, roll=6)
    state.a_seat = a_seat
    state.rng = NoMoreRolls()
    assert state.apply(a_seat, SENET.parse_action("P8L-off")) == ["6:P8L-off", "# A wins 45"]
    assert state.is_over and state.to_move == () and state.roll is None
    assert state.legal_actions(0) == state.legal_actions(1) == []
    assert state.outcome.winners == (a_seat,)
    assert state.outcome.scores[a_seat] == 45 and state.outcome.scores[1 - a_seat] == 0
    view = state.view(None)
    assert (view.winner, view.loser, view.points, view.breakdown) == ("a", "b", 45, {"S": 6, "B": 9, "P": 9})
    assert view.is_over and view.to_move == () and view.legal == ()
    assert view.winners == (a_seat,) and view.players["a"].won and not view.players["b"].won
    with pytest.raises(IllegalAction, match="over"):
        state.apply(a_seat, Coaster("E"))


def test_the_twelfth_pyramid_ends_the_game_on_a_1():
    state = position("P9=aS", to_move="a", off_a=11, roll=1)
    state.rng = NoMoreRolls()
    assert state.apply(0, SENET.parse_action("p9s")) == ["1:P9S-off", "# A wins 0"]


def test_b_can_win_and_scores_a_pyramids():
    state = position("S1=aS P9=bM.bS", to_move="b", off_b=10, roll=2)
    state.rng = NoMoreRolls()
    assert state.apply(1, SENET.parse_action("P9M-off")) == ["2:P9M-off", "# B wins 3"]
    assert state.outcome.scores == (0, 3) and state.outcome.winners == (1,)


# --- notation -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("S8L-B5", Move("S8", 3, "B5")),
        ("s8l-b5", Move("S8", 3, "B5")),
        ("P7L-off", Move("P7", 3, "off")),
        ("p7l-OFF", Move("P7", 3, "off")),
        (" S8L ", Move("S8", 3, None)),
        ("b1m", Move("B1", 2, None)),
        ("E", Coaster("E")),
        ("w", Coaster("W")),
    ],
)
def test_parse_action(text, action):
    assert SENET.parse_action(text) == action
    assert SENET.parse_action(str(action)) == action


@pytest.mark.parametrize("text", ["", "S0L-B5", "S8X", "S8L-B10", "S8L-", "X8L", "EW", "S8L-B5-P1", "ſ8L"])
def test_garbage_is_refused_politely(text):
    with pytest.raises(IllegalAction, match="S8L-B5"):
        SENET.parse_action(text)


def test_every_listed_action_round_trips_through_notation():
    state = position(TV6, to_move="a")
    for roll in range(1, 7):
        for action in state.moves_for_roll("a", roll):
            assert SENET.parse_action(str(action)) == action


def test_the_short_form_takes_its_target_from_the_roll():
    state = position(OPENING, to_move="a", roll=6)
    events = play(state, "S8L")
    assert events[0] == "6:S8L-B5"
    assert state.view(None).last.action == "S8L-B5"
    state = position(OPENING, to_move="a", roll=3)
    with pytest.raises(IllegalAction, match="An L can't land on an L"):
        play(state, "S6L")


def test_position_notation():
    state = position("S5=aS.bM", to_move="b", off_a=2, off_b=3)
    assert state.notation() == "B to move; offA=2 offB=3; S5=aS.bM"
    with pytest.raises(ValueError, match="grammar"):
        position("S5=aS.aL", to_move="a")


# --- friendly refusals ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stacks", "roll", "text", "message"),
    [
        (TV6, 3, "S6L-S9", "An L can't land on an S."),
        (TV6, 4, "S6L-B9", "That path is blocked by B's block on S9."),
        (TV6, 4, "S6L", "That path is blocked by B's block on S9."),
        (
            TV8_TRAPPED,
            3,
            "P7L-off",
            "You still have pyramids on the Source track, so you can't bear off yet.",
        ),
        ("P4=aL P5=bL.bM", 1, "P4L-P5", "An L can't cover the M on P5: it sits on a tree"),
        (OPENING, 6, "S8L-B4", "With a 6, the L on S8 goes to B5, not to B4."),
        (OPENING, 6, "S8L-off", "With a 6, the L on S8 goes to B5, not off the board."),
        (TV8, 1, "P7L-off", "With a 1, the L on P7 goes to P8, not off the board."),
        (TV8, 3, "P7L-P9", "With a 3, the L on P7 goes off the board, not to P9."),
        (OPENING, 6, "S5L", "There is no pyramid on S5."),
        (OPENING, 6, "S1S", "The S on S1 is locked inside a nest: only the outer L"),
        ("S5=aS.bM", 1, "S5M", "The M on S5 is B's: you can only move your own pyramids"),
        (TV6, 1, "B8S", "There is no S on B8."),
        (OPENING, 6, "E", "Coaster moves are for a roll of 5; you rolled a 6"),
        (OPENING, 5, "S8L", "You rolled a 5: move a coaster instead, E or W."),
    ],
)
def test_illegal_actions_say_why(stacks, roll, text, message):
    state = position(stacks, to_move="a", roll=roll)
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, SENET.parse_action(text))
    assert str(refused.value).startswith(message)
    assert state.to_json() == before, "a refused action changes nothing"


def test_only_the_current_seat_may_act():
    state = position(OPENING, to_move="a", roll=6)
    assert state.legal_actions(1) == []
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply(1, Move("S9", 3, "B4"))


# --- view and persistence -----------------------------------------------------------------


def test_view_follows_the_brief():
    state = position("S5=aS.bM.aL.bM.aS S9=bL.bM.bS P1=bM", to_move="a", roll=1, off_b=3)
    view = state.view(1)
    assert view.seat == 1 and view.game == "senet" and view.players["a"].seat == 0
    assert view.squares["S5"].stack[0] == ("a", 1, "B") and view.squares["P1"].stack == (("b", 2, "O"),)
    assert list(view.squares) == ["S5", "S9", "P1"], "in path order"
    assert {name: square.peak for name, square in view.squares.items()} == {"S5": 2, "S9": 0, "P1": 0}
    assert {name: square.block_owner for name, square in view.squares.items()} == {
        "S5": None,
        "S9": "b",
        "P1": None,
    }
    s5, s9 = view.squares["S5"], view.squares["S9"]
    assert (s5.is_nest, s5.is_tree, s5.locked, s5.outer, s5.tree) == (
        True,
        True,
        (("a", 1, "B"), ("b", 2, "O")),
        ("a", 3, "B"),
        (("b", 2, "O"), ("a", 1, "B")),
    )
    assert (s9.is_nest, s9.is_tree, view.squares["P1"].is_tree) == (False, True, False)
    assert {player.letter: player.off for player in view.players.values()} == {"a": 0, "b": 3}
    assert view.players["a"].to_move and not view.players["b"].to_move
    assert (view.current, view.to_move, view.roll, view.turn) == ("a", (0,), 1, 1)
    assert view.legal == ("S5L-S6", "S5S-S6")
    assert view.landings == ("S6",)
    assert (view.last, view.log, view.winner, view.points, view.breakdown, view.winners) == (
        None,
        (),
        None,
        None,
        None,
        (),
    )
    assert not view.is_over
    data = view.to_json()
    assert json.loads(json.dumps(data)) == data and data["squares"]["P1"]["stack"] == [["b", 2, "O"]]
    assert replace(state.view(None), seat=1) == view, "nothing is hidden"


def test_the_log_holds_the_current_and_the_previous_turn():
    def log(state):
        return [(e.player, e.roll, e.action) for e in state.view(None).log]

    state = position(OPENING, to_move="a", roll=2)
    play(state, "S3L-S5", 3)  # B rolls a 3
    assert log(state) == [("a", 2, "S3L-S5")], "B's turn has no entries yet"
    play(state, "S9L-B7")  # A rolls a 5
    assert log(state) == [("b", 3, "S9L-B7")]
    play(state, "E", 4)
    assert log(state) == [("b", 3, "S9L-B7"), ("a", 5, "E")]
    fours = state.legal_actions(0)
    play(state, str(fours[0]))
    assert log(state) == [("a", 5, "E"), ("a", 4, str(fours[0]))]
    assert state.current == "b" and state.turn == 4


def test_log_entries_carry_their_moves_facts():
    state = position(OPENING, to_move="a", roll=2)
    play(state, "S3L-S5", 3)
    play(state, "S9L-B7")  # A rolls a 5
    play(state, "E", 4)
    entries = state.view(None).log
    assert entries[0] == SenetRoll("b", 3, "S9L-B7", origin="S9", size=3, target="B7")
    assert entries[1] == SenetRoll("a", 5, "E", coaster="E")
    assert log_entry({"player": "a", "roll": 6, "action": "P8S-off"}).target == "off"
    assert log_entry({"player": "a", "roll": 1, "action": "-"}) == SenetRoll("a", 1, "-")


def test_json_round_trip_mid_game_replays_identically():
    state = SENET.new(2, 5, {"colours": "treehouse_alt"})
    chooser = random.Random(5)
    for _ in range(40):
        seat = state.to_move[0]
        state.apply(seat, random_choice(state.legal_actions(seat), chooser))
    data = json.loads(json.dumps(state.to_json()))
    copy = SENET.from_json(data)
    assert copy.to_json() == state.to_json() and copy.view(0) == state.view(0)
    while not state.is_over:
        seat = state.to_move[0]
        action = random_choice(state.legal_actions(seat), chooser)
        assert copy.apply(seat, action) == state.apply(seat, action)
    assert copy.to_json() == state.to_json() and copy.outcome == state.outcome


def test_registered():
    assert GAMES["senet"] is SENET
    assert SENET.resolve_options(None) == {"colours": "single"}
    with pytest.raises(IllegalAction):
        SENET.new(3, 1)


# --- facts the view and events carry for texts and pictures -----------------------------------


def random_states(seed: int):
    """A seeded random game to its end: yields (state before, the action, its events, view before)."""
    rng = random.Random(seed)
    state = SENET.new(2, seed)
    while not state.is_over:
        seat = state.to_move[0]
        view = state.view(None)
        action = random_choice(state.legal_actions(seat), rng)
        yield state, view, state.apply(seat, action)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_views_roll_facts_match_what_the_engine_does_next(seed):
    for state, before, events in random_states(seed):
        assert before.coaster_roll == (before.legal == ("E", "W"))
        record = events[0]  # the action's own roll entry (with what the move did: see below)
        assert (
            record.facts
            | {
                "player": before.current,
                "roll": before.roll,
                "action": str(record).split(":", 1)[1],
                "again": before.roll_again,
            }
            == record.facts
        )
        if not state.is_over:
            assert (events[1].kind == "PASS") is not before.roll_again


@pytest.mark.parametrize("seed", [1, 2])
def test_skipped_rolls_and_passes_carry_their_facts(seed):
    runs = list(random_states(seed))
    for _, _, events in runs:
        for event, after in itertools.pairwise([*events, None]):
            if event.kind == "ROLL":
                assert event == f"ROLL {event.facts['player'].upper()} {event.facts['roll']}"
            elif event.kind == "PASS":
                assert event.facts["player"] == event.split()[1].lower()
            elif event.facts.get("action") == "-":
                assert event == f"{event.facts['roll']}:-"
                # no legal move: the same player rolls again, or the turn passes at once
                assert (after is not None and after.kind == "PASS") is not event.facts["again"]
    state, _, events = runs[-1]
    assert events[-1].facts == {"winner": state.winner, "points": state.points()}


def test_the_view_gives_the_points_per_pip_of_each_track():
    *_, (state, _, _) = random_states(3)
    view = state.view(None)
    assert view.is_over and view.pyramids_each == 12 == view.players[view.winner].off
    points = sum(pips * view.track_points[track] for track, pips in view.breakdown.items())
    assert points == view.points == state.outcome.scores[state.seat_of(view.winner)]
    assert view.track_points == {"S": 3, "B": 2, "P": 1}  # spec 5: Source x3, Balance x2, Perfect x1


# --- rules as topics, what a move did, and where a suggested move goes -------------------------


def test_the_topics_are_the_actions_the_end_and_its_points():
    assert [(topic.id, topic.kind) for topic in SENET.topics] == [
        ("move", "action"),
        ("coaster", "action"),
        ("bear-off", "action"),
        ("win", "ending"),
        ("points", "scoring"),
    ]


@pytest.mark.parametrize(
    ("stacks", "roll", "off_a", "text", "topics"),
    [
        (OPENING, 2, 0, "S3L-S5", ["move"]),
        (OPENING, 2, 0, "S3L", ["move"]),  # the typed short form
        (OPENING, 5, 0, "W", ["coaster"]),
        (TV8, 3, 9, "P7L-off", ["bear-off"]),
        (TV11, 6, 11, "P8L-off", ["bear-off", "win", "points"]),
        ("P8=aL B5=bL", 1, 11, "P8L-P9", ["move"]),  # the dice that follow are no topic of the move
    ],
)
def test_topics_of_an_action_are_its_kind_and_the_end_it_brings(stacks, roll, off_a, text, topics):
    state = position(stacks, to_move="a", off_a=off_a, roll=roll)
    action = SENET.parse_action(text)
    assert SENET.topics_of(action, play(state, text, 1, 6, 1, 3)) == topics


def test_a_moves_roll_entry_says_what_it_did():
    """TV5's mixed stack: A's large leaves its nest, freeing B's medium inside, and covers B's bare
    medium on S6, taking B's medium and A's small on it along."""
    state = position("S5=aS.bM.aL.bM.aS S6=bM", to_move="a", roll=1)
    (record, *_) = play(state, "S5L-S6", 2)
    facts = dict(record.facts)
    assert [str(piece) for piece in facts.pop("unit")] == ["aL", "bM", "aS"]  # bottom to top
    assert str(facts.pop("onto")) == "bM"  # over B's bare medium: locked inside A's large now
    assert str(facts.pop("uncovers")) == "bM"  # S5's outer pyramid left: B's medium inside is free
    assert facts == {
        "player": "a",
        "roll": 1,
        "action": "S5L-S6",
        "again": True,
        "from": "S5",
        "to": "S6",
        "size": 3,
        "covers": True,
        "breaks_block": False,
        "block": False,
        "left_source": False,
        "borne_off": 0,
    }


def test_a_move_that_makes_a_block_and_leaves_the_source_says_so():
    state = position("S9=aS B6=aL.aM B9=bL", to_move="a", roll=4)
    (record, *_) = play(state, "S9S-B6", 2)
    assert str(record.facts["onto"]) == "aM" and not record.facts["covers"]
    assert record.facts["block"] and record.facts["left_source"]
    state = position("B6=aL.aM.aS", to_move="a", roll=2)
    (record, *_) = play(state, "B6M-B4", 2)
    assert record.facts["breaks_block"] and not record.facts["block"]
    state = position("B6=aL.aM.aS", to_move="a", roll=2)
    (record, *_) = play(state, "B6L-B4", 2)  # the whole block moves on: nothing broken
    assert not record.facts["breaks_block"] and record.facts["block"]


def test_a_coasters_roll_entry_says_how_far_each_players_pyramids_travel_and_would_have():
    """TV3's E, each pyramid's change of path index summed per player. A: S1's three 1 -> 7 (+18),
    B2 17 -> 11 (-6), P8's three 26 -> 23 (-9); B: S5 5 -> 2 (-3), B9 10 -> 13 (+3), P3 21 -> 27 (+6)."""
    state = position("S1=aS.aM.aL S5=bL B2=aM B9=bS P8=aL.aM.aS P3=bM", to_move="a", roll=5)
    (record, *_) = play(state, "E", 2)
    assert record.facts["coaster"] == "E"
    assert record.facts["progress"] == {"a": 3, "b": 6}
    # W instead: A's S1 trio +9, B2 -3, P8 trio -18; B's S5 +3, B9 +6, P3 +3
    assert record.facts["instead"] == {"a": -12, "b": 12}


def test_marks_say_where_a_suggested_move_goes_as_the_view_says_the_last_move():
    state = position(OPENING, to_move="a", roll=2)
    mark = SENET.marks(state, 0, SENET.parse_action("S3L"))
    assert mark == SenetRoll("a", 2, "S3L-S5", origin="S3", size=3, target="S5")
    state.apply(0, SENET.parse_action("S3L"))
    assert state.view(None).last == mark
    state = position(TV8, to_move="a", off_a=9, roll=4)
    assert SENET.marks(state, 0, SENET.parse_action("P7L-off")).target == "off"
    state = position(OPENING, to_move="a", roll=5)
    assert SENET.marks(state, 0, Coaster("E")) == SenetRoll("a", 5, "E", coaster="E")
    assert SENET.marks(state, 1, Coaster("E")) is None  # not B's turn: nothing to suggest


# --- blocks at the edges (mutants that survived a sample: the square next to the origin, mixed trees)


def test_a_block_right_next_to_the_origin_stops_the_unit():
    assert "S4M-S6" not in moves(position("S4=aM S5=bL.bM.bS", to_move="a"), "a", 2)
    state = position("S4=aM S5=bL.bM.bS", to_move="a", roll=2)
    with pytest.raises(IllegalAction, match="blocked by B's block on S5"):
        state.apply(state.to_move[0], SENET.parse_action("S4M-S6"))


def test_a_tree_of_two_owners_is_no_block():
    for tree in ("bL.aM.bS", "aL.bM.bS", "bL.bM.aS"):
        assert "S4M-S6" in moves(position(f"S4=aM S5={tree}", to_move="a"), "a", 2), tree
