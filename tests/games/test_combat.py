"""Martian Combat: every test vector of shared/rules/combat.md section 8 (T1-T16), plus rule details."""

import json
import random
from collections import Counter as Tally
from dataclasses import replace

import pytest

from games import GAMES, IllegalAction, Rng, random_choice
from games.combat import (
    BOARD_GEOMETRY,
    COMBAT,
    INDEX,
    SIDE_INFO,
    SQUARES,
    TRIOS,
    AimStep,
    Attack,
    CombatState,
    Counter,
    Dig,
    EndLeg,
    EnterReserve,
    Hop,
    Move,
    NoAttack,
    NoMove,
    PyramidAt,
    Return,
    Swap,
    WildChoice,
    force_pips,
    force_size,
    is_legal_stack,
    log_entry,
    log_event,
    position,
)
from games.combat_views import (
    ActionDie,
    Aim,
    Arrow,
    Fight,
    Force,
    HopResult,
    Marks,
    Offer,
    Returning,
    Seat,
    Target,
    Totals,
    gathered_marks,
)
from tests.positions import (
    COMBAT_T1,
    COMBAT_T2,
    COMBAT_T3,
    COMBAT_T5,
    COMBAT_T6,
    COMBAT_T12,
    COMBAT_T14,
)


class Dice:
    """Stands in for the state's Rng: rolls the queued d6 values, then falls back on a real Rng."""

    def __init__(self, *rolls: int) -> None:
        self.rolls = list(rolls)
        self.fallback = Rng(0)

    def below(self, n: int) -> int:
        assert n == 6, "the engine only ever rolls d6s"
        return self.rolls.pop(0) - 1 if self.rolls else self.fallback.below(6)

    def to_json(self) -> dict:
        return {"rolls": list(self.rolls), "fallback": self.fallback.to_json()}


def play(state, text: str, *rolls: int) -> list[str]:
    """The deciding seat plays `text`; the engine's next rolls are `rolls`, all of which must be used."""
    state.rng = Dice(*rolls)
    events = state.apply(state.to_move[0], COMBAT.parse_action(text))
    assert state.rng.rolls == [], "every scripted roll is used"
    return events


def legal(state) -> set[str]:
    return {str(action) for action in state.legal_actions(state.to_move[0])}


def squares(state) -> dict[str, str]:
    """Non-empty squares as spec text, e.g. {"c1": "[R1 R2 R3]", "c6": "[R3 R2 R1]+K"}."""
    return {
        name: "[" + " ".join(square.stack) + "]" + ("+K" if square.capped else "")
        for name, square in state.view(None).board.items()
    }


def spec(text: str) -> dict[str, str]:
    return squares(position(text, players=4, version="simple"))


def refused(state, text: str, message: str) -> None:
    """`text` is refused with `message` (a regex), and the state is left exactly as it was."""
    before = json.dumps(state.to_json())
    with pytest.raises(IllegalAction, match=message):
        state.apply(state.to_move[0], COMBAT.parse_action(text))
    assert json.dumps(state.to_json()) == before


def after_no_move(text: str, roll: int, **kwargs):
    """Red skips the move step and the action die shows `roll`, an available action."""
    state = position(text, **kwargs)
    events = play(state, "M -", roll)
    assert events[:2] == ["M -", f"A{roll}"], "no re-roll"
    return state


# --- T1: setup ---------------------------------------------------------------------------


def test_t1_two_player_setup():
    state = COMBAT.new(2, 5)
    view = state.view(None)
    assert squares(state) == spec(COMBAT_T1)
    assert view.blocked == ("a1", "f1", "c3", "d3", "c4", "d4", "a6", "f6")
    red, blue = view.seats
    assert red == Seat(
        side="S",
        colour="R",
        start=("c1", "d1"),
        home=("c6", "d6"),
        row=("b1", "c1", "d1", "e1"),
        eliminated=False,
        removed=(0, 0, 0),
        reserve=None,
        caps=0,
    )
    assert (blue.side, blue.colour, blue.home, blue.start) == ("N", "B", ("c1", "d1"), ("c6", "d6"))
    assert view.goals == {"c6": "R", "d6": "R", "c1": "B", "d1": "B"}


def test_t1_four_players_add_yellow_west_and_green_east():
    state = COMBAT.new(4, 1)
    seats = state.view(None).seats
    assert [(seat.side, seat.colour) for seat in seats] == [
        ("S", "R"),
        ("W", "Y"),
        ("N", "B"),
        ("E", "G"),
    ]
    assert (seats[1].start, seats[1].home) == (("a3", "a4"), ("f3", "f4"))
    assert (seats[3].start, seats[3].home) == (("f3", "f4"), ("a3", "a4"))
    board = squares(state)
    assert board["a3"] == board["a4"] == "[Y1 Y2 Y3]"
    assert board["f3"] == board["f4"] == "[G1 G2 G3]"


def test_three_players_sit_south_west_north():
    seats = COMBAT.new(3, 1).view(None).seats
    assert [seat.side for seat in seats] == ["S", "W", "N"]


def test_simple_blocks_only_the_corners():
    assert COMBAT.new(2, 1, {"version": "simple"}).view(None).blocked == ("a1", "f1", "a6", "f6")


def test_advanced_reserves_wait_frozen_on_the_centre():
    state = COMBAT.new(4, 2, {"version": "advanced"})
    view = state.view(None)
    assert [seat.reserve for seat in view.seats] == ["c3", "c4", "d4", "d3"]
    reserve = view.board["c3"]
    assert (reserve.stack, reserve.capped, reserve.reserve, reserve.frozen) == (
        ("R1", "R2", "R3"),
        False,
        True,
        True,
    )
    assert view.board["d3"].stack == ("G1", "G2", "G3")
    assert "c3" in view.blocked
    assert not any("c3" in text or "d4" in text for text in view.legal)


def test_r28_first_player_by_roll_off_ties_roll_again():
    state = CombatState(version="standard", num_players=3, rng=Dice(4, 6, 6, 2, 5))
    assert state.roll_for_first() == 2
    assert [entry["text"] for entry in state.turn_log] == ["FIRST R:4 Y:6 B:6", "FIRST Y:2 B:5"]


def test_a_new_game_shows_the_roll_off_and_waits_for_the_first_move():
    state = COMBAT.new(2, 3)
    view = state.view(None)
    assert view.phase == "move" and view.turn == 1
    assert view.to_move == (view.current,) == (view.deciding,)
    assert view.last[-1].text.startswith("FIRST ")
    assert view.legal[-1] == "M -"


# --- T2: move legality -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("version", "text", "after", "message"),
    [
        ("standard", "M c1-b2", "c1:[R1 R2] b2:[R3] c2:[B3] d2:[R2]", None),
        ("standard", "M c1=b2", "b2:[R1 R2 R3] c2:[B3] d2:[R2]", None),
        ("standard", "M c1-d2", "c1:[R1 R2] c2:[B3] d2:[R2 R3]", None),
        ("standard", "M c1=d2", None, r"\[R2 R1 R2 R3\] on d2"),
        ("standard", "M c1-c2", None, "The top of c2 is Blue's"),
        ("standard", "M d2-d3", None, "d3 is blocked"),
        ("simple", "M d2-d3", "c1:[R1 R2 R3] c2:[B3] d3:[R2]", None),
    ],
)
def test_t2_move_legality(version, text, after, message):
    state = position(COMBAT_T2, version=version)
    if after is None:
        assert text not in legal(state)
        refused(state, text, message)
        return
    assert text in legal(state)
    play(state, text)
    assert squares(state) == spec(after)


def test_t2_the_whole_list_of_moves():
    assert legal(position(COMBAT_T2)) == {
        "M c1-b1",
        "M c1-b2",
        "M c1-d1",
        "M c1-d2",
        "M c1=b1",
        "M c1=b2",
        "M c1=d1",
        "M d2-d1",
        "M d2-e1",
        "M d2-e2",
        "M d2-e3",
        "M -",
    }


def test_a_single_pyramid_force_steps_with_either_sign():
    state = position("b2:[R1] e6:[B1]")
    assert "M b2=b3" not in legal(state), "the whole force is the top alone: listed once"
    assert play(state, "M b2=b3")[0] == "M b2-b3"


def test_steps_towards_home_are_listed_first():
    actions = position(COMBAT_T1).legal_actions(0)
    assert str(actions[0]).endswith("2") and "=" in str(actions[0])
    assert actions[-1] == NoMove()


def test_a_covered_pyramid_cannot_step():
    state = position("b2:[R3 B1] b4:[R3 R2] e6:[B2]")
    assert not any(text.startswith("M b2") for text in legal(state))
    refused(state, "M b2-b3", "The top of b2 is Blue's")
    play(state, "M b4-b5")
    assert squares(state)["b4"] == "[R3]", "the top steps alone, the covered one stays"


# --- T3, T4: Tip -------------------------------------------------------------------------


def test_t3_tip_flips_every_stack_but_frozen_ones():
    state = after_no_move(COMBAT_T3, 1)
    assert squares(state) == spec("c2:[R3 R2 R1] e5:[B2 B3] b4:[B1 R3] f3:[B2] c6:[R3 R2 R1]+K")
    b4 = state.board[SQUARES.index("b4")]
    assert force_pips(b4, "R") == 3 and force_pips(b4, "B") == 0, "the pinned L now pins the S"
    assert [entry["text"] for entry in state.previous_log] == ["M -", "A1", "TIP"]
    assert state.current == 1, "Tip needs no decision: Blue's turn"


def test_t4_tip_completes_a_home_tree_and_red_wins_on_blues_turn():
    state = position("c6:[R1 R2 R3] d6:[R3 R2 R1]+K", current=1)
    assert legal(state) == {"M -"}
    events = play(state, "M -", 1)
    assert events == ["M -", "A1", "TIP", "CAP c6", "WIN R"]
    assert squares(state) == spec("c6:[R3 R2 R1]+K d6:[R3 R2 R1]+K")
    assert state.is_over and state.current == 1
    assert state.outcome.winners == (0,) and state.outcome.scores == (2, 0)
    view = state.view(0)
    assert (view.phase, view.to_move, view.legal, view.win_reason) == ("over", (), (), "trees")
    assert view.deciding is None


TWO_SECOND_CAPS = "c6:[R1 R2 R3] d6:[R3 R2 R1]+K c1:[B1 B2 B3] d1:[B3 B2 B1]+K e4:[Y1]"


def test_r24_one_tip_winning_for_two_others_shares_the_win():
    state = position(TWO_SECOND_CAPS, players=3, current=1)
    events = play(state, "M -", 1)
    assert events[-3:] == ["CAP c6", "CAP c1", "WIN R B"]
    assert state.outcome.winners == (0, 2)


def test_r24_the_player_who_caused_it_wins_alone():
    state = position(TWO_SECOND_CAPS, players=3, current=2)
    assert play(state, "M -", 1)[-1] == "WIN B"
    assert state.outcome.winners == (2,)


def test_a_swap_can_cap_an_opponents_tree_and_win_it_for_them():
    state = after_no_move("c1:[B3 B2 R1] d1:[B3 B2 B1]+K e4:[B1]", 2)
    events = play(state, "SW R1@c1 B1@e4")
    assert events == ["SW R1@c1 B1@e4", "CAP c1", "WIN B"]
    assert state.outcome.winners == (1,)


# --- T5: Swap ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "after", "message"),
    [
        ("SW b3 e4", {"b3": "[B2]", "e4": "[R2]"}, None),
        ("SW b3 c6", None, "c6 is one of your home squares"),
        ("SW b3 B3@c6", None, "same size, and R2 and B3 differ"),
        ("SW a5 e4", None, "Your R2 on a5 is covered by Blue's B3"),
        ("SW b3 f4", {"b3": "[B2]", "f4": "[R2 R3]"}, None),
    ],
)
def test_t5_swap(text, after, message):
    state = after_no_move(COMBAT_T5, 2)
    assert state.phase == "action" and state.action["name"] == "swap"
    if after is None:
        refused(state, text, message)
        return
    play(state, text)
    board = squares(state)
    assert {name: board[name] for name in after} == after


def test_t5_the_listed_swaps():
    assert legal(after_no_move(COMBAT_T5, 2)) == {
        "SW R2@b3 B2@e4",
        "SW R2@b3 B2@f4",
        "SW R3@f4 B3@a5",
    }


# --- T6: Dig -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "after", "message"),
    [
        ("DG b3 e4", {"e4": "[R1 B2]", "b3": None}, None),
        ("DG b5 e4", {"e4": "[R3 B2]", "b5": None}, None),
        ("DG a2 B1@e2", {"e2": "[B3 R2 B1]", "a2": None}, None),
        ("DG b3 B1@e2", None, r"\[B3 R1 B1\] on e2"),
        ("DG b3 c6", None, "c6 is one of your home squares"),
    ],
)
def test_t6_dig(text, after, message):
    state = after_no_move(COMBAT_T6, 4)
    assert state.action["name"] == "dig"
    if after is None:
        refused(state, text, message)
        return
    assert str(COMBAT.parse_action(text)).startswith("DG")
    play(state, text)
    board = squares(state)
    assert {name: board.get(name) for name in after} == after


def test_t6_a_dug_pyramid_is_protected_and_stuck():
    state = after_no_move(COMBAT_T6, 4)
    play(state, "DG R1@b3 B2@e4")
    e4 = state.board[SQUARES.index("e4")]
    assert force_pips(e4, "R") == 0 and force_pips(e4, "B") == 2


def test_dig_within_one_stack():
    state = after_no_move("b3:[B3 R2] e6:[B1]", 4)
    assert "DG R2@b3 B3@b3" in legal(state)
    play(state, "DG R2@b3 B3@b3")
    assert squares(state)["b3"] == "[R2 B3]"


def test_a_bare_square_naming_several_pyramids_must_say_which():
    state = after_no_move("b3:[R1 R2] e5:[B3]", 4)
    refused(state, "DG b3 e5", "Say which pyramids you mean")
    play(state, "DG R1@b3 e5")
    assert squares(state)["e5"] == "[R1 B3]"


# --- T7: who may attack ------------------------------------------------------------------


def test_t7a_red_may_attack_the_smaller_force_and_blue_may_not_reply():
    state = position("a3:[R1] b4:[R3 R2] c5:[B2 B3] e6:[B1]")
    play(state, "M a3-b4")
    view = state.view(None)
    assert view.phase == "offer" and view.to_move == (0,)
    assert view.offer == Offer(square="b4", mover=0, pips=6, targets=(Target(square="c5", seat=1, pips=5),))
    assert legal(state) == {"X b4>c5", "X -"}
    play(state, "X -", 5, 2)
    assert (state.phase, state.current) == ("aim", 0), "Blue (5 < 6) is never asked"


def test_t7b_equal_forces_red_first_then_blue():
    state = position("a3:[R2] b4:[R3] c5:[B2 B3]")
    play(state, "M a3-b4")
    assert legal(state) == {"X b4>c5", "X -"}
    play(state, "X -")
    assert state.phase == "reply" and state.to_move == (1,)
    assert legal(state) == {"X c5>b4", "X -"}
    play(state, "X c5>b4", 4, 1)  # 9 against 6, equal pips: Red, defending, may counter
    assert state.phase == "counter" and state.to_move == (0,)
    assert play(state, "C -")[:2] == ["C -", "WINNER c5"]
    assert state.combat["attacker"] == 1 and state.combat["winner"] == 1


def test_t7c_blue_may_attack_the_weaker_arrival_on_reds_turn():
    state = position("a2:[R3] c2:[B1 B3] e6:[B2]")
    play(state, "M a2-b3")
    assert state.current == 0 and state.to_move == (1,), "Blue decides, on Red's turn"
    assert state.legal_actions(0) == []
    assert legal(state) == {"X c2>b3", "X -"}
    view = state.view(0)
    assert view.phase == "reply" and view.to_move == (1,) and view.legal == ("X c2>b3", "X -")
    with pytest.raises(IllegalAction, match="waiting for Blue to decide whether to attack"):
        state.apply(0, NoAttack())
    play(state, "X -", 5, 1)
    assert state.phase == "aim" and state.to_move == (0,), "Blue declined: on to Red's action"


def test_opponents_are_asked_clockwise_from_the_mover():
    # Red (S) arrives on b3 next to Yellow (W) on a4 and Blue (N) on c2, both stronger.
    state = position("b2:[R1] a4:[Y2] c2:[B3] f3:[G1]", players=4)
    play(state, "M b2-b3")
    assert state.to_move == (1,) and legal(state) == {"X a4>b3", "X -"}
    play(state, "X -")
    assert state.to_move == (2,) and legal(state) == {"X c2>b3", "X -"}
    play(state, "X -", 5, 1)
    assert state.phase == "aim" and state.to_move == (0,)


def test_t7d_a_pinned_pyramid_is_no_force():
    state = position("b4:[B3 R1] c6:[B2]", current=1)
    play(state, "M c6-c5")
    assert state.offer["targets"] == [{"square": "b4", "seat": 0, "pips": 1}], "only Red's S is a force"
    pinned = position("b4:[B3 R1] b2:[R2] e6:[B1]")
    events = play(pinned, "M b2-b3", 5, 1)
    assert not any(event.startswith("X") for event in events)
    assert pinned.phase == "aim", "no target next to b3: Blue has no force on b4"


def test_t7e_a_capped_tree_is_never_a_target():
    state = position("d1:[B3 B2 B1]+K b3:[R2] e6:[B1]")
    events = play(state, "M b3-c2", 5, 1)
    assert events[:2] == ["M b3-c2", "A5"]


# --- T8-T10: combat results ----------------------------------------------------------------


def test_t8_blue_wins_and_red_returns_to_the_only_start_square():
    state = position("a3:[R1] b4:[R3 R2] c5:[B2 B3] d1:[B1]")
    play(state, "M a3-b4")
    events = play(state, "X b4>c5", 2, 4, 5, 1)  # 8 against 9, then Aim 1 for Red's action
    assert events == ["X b4>c5 2:4", "WINNER c5", "RET c1", "A5", "AM 1"]
    assert squares(state) == spec("b4:[B2 B3] c1:[R3 R2 R1] d1:[B1]")
    assert state.view(None).combat == Fight(
        attacker=0,
        defender=1,
        origin="b4",
        target="c5",
        attack_pips=6,
        defence_pips=5,
        rolls=((2, 4),),
        counter=(),
        ties=(),
        winner=1,
        lifted=None,
        totals=Totals(rolls=((8, 9),), counter=(), sum=None),  # force pips + die: 8 against 9
    )


T9 = "a5:[R3 R2] c5:[B2 B3]"


def t9_after_round_one():
    state = position(T9)
    play(state, "M a5=b4")
    play(state, "X b4>c5", 6, 3)  # 11 against 8
    return state


def test_t9_the_counter_attack_turns_the_combat():
    state = t9_after_round_one()
    assert state.phase == "counter" and state.to_move == (1,) and legal(state) == {"C", "C -"}
    events = play(state, "C", 1, 6)  # sums 17 against 19
    assert events == ["C 1:6", "WINNER c5"]
    assert squares(state)["b4"] == "[B2 B3]"
    assert state.phase == "return" and state.to_move == (0,)
    assert legal(state) == {"RET c1", "RET d1"}
    assert state.view(None).returning == Returning(seat=0, force=("R3", "R2"))
    play(state, "RET d1", 5, 1)
    assert squares(state)["d1"] == "[R3 R2]" and state.view(None).returning is None


def test_t9_declined_the_first_round_stands_and_blue_picks_its_start_square():
    state = t9_after_round_one()
    assert play(state, "C -") == ["C -", "WINNER b4"]
    assert squares(state)["c5"] == "[R3 R2]"
    assert state.phase == "return" and state.to_move == (1,), "the loser chooses, on Red's turn"
    assert legal(state) == {"RET c6", "RET d6"}
    play(state, "RET c6", 5, 1)
    assert squares(state)["c6"] == "[B2 B3]"


def test_t9_tied_sums_go_to_plain_rolls():
    state = t9_after_round_one()
    events = play(state, "C", 1, 4, 2, 5)  # 17 against 17, then 2:5
    assert events[:3] == ["C 1:4", "T 2:5", "WINNER c5"]
    assert state.combat["ties"] == [[2, 5]]


def test_r14_no_counter_attack_when_the_defender_won_round_one():
    state = position(T9)
    play(state, "M a5=b4")
    events = play(state, "X b4>c5", 2, 5)
    assert events[:2] == ["X b4>c5 2:5", "WINNER c5"]


def test_r14_a_round_one_tie_with_equal_pips_offers_the_counter():
    state = position(T9)
    play(state, "M a5=b4")
    play(state, "X b4>c5", 3, 3)
    assert state.phase == "counter"
    assert play(state, "C -", 6, 1)[:3] == ["C -", "T 6:1", "WINNER b4"]


def test_t10_a_tie_with_unequal_pips_has_no_counter_attack():
    state = position("a3:[R1] b4:[R3 R2] c5:[B3]")
    play(state, "M a3-b4")
    events = play(state, "X b4>c5", 1, 4, 2, 5)
    assert events == ["X b4>c5 1:4", "T 2:5", "WINNER c5"]
    assert squares(state)["b4"] == "[B3]"
    assert legal(state) == {"RET c1", "RET d1"}


def test_r16_the_winner_stays_when_advancing_would_be_illegal():
    # Red's S joins its M pinning Blue's L on e4; Blue's [B3 B1] (4 pips) wins but can't go on a B3.
    state = position("e3:[R1] e4:[B3 R2] d5:[B3 B1]")
    play(state, "M e3-e4")
    assert state.to_move == (1,)
    assert play(state, "X d5>e4", 6, 1)[:2] == ["X d5>e4 6:1", "WINNER d5"]
    assert squares(state)["e4"] == "[B3]" and squares(state)["d5"] == "[B3 B1]"
    assert legal(state) == {"RET c1", "RET d1"}


def test_the_winner_advances_onto_a_pinned_pyramid():
    state = position("e3:[R1] e4:[B3 R2] d5:[B2 B1]")
    play(state, "M e3-e4")
    play(state, "X -")
    play(state, "X d5>e4", 6, 1)
    play(state, "C -")
    assert squares(state)["e4"] == "[B3 B2 B1]" and "d5" not in squares(state)


def test_an_advance_that_wins_stops_play_before_the_loser_goes_back():
    """R24: a win during combat ends the game at once; the loser's force stays lifted."""
    state = position("c6:[R3 R2 R1]+K e4:[R1] d5:[R3 R2] d6:[B1]")
    play(state, "M e4-d5")
    events = play(state, "X d5>d6", 1, 1)
    assert events == ["X d5>d6 1:1", "WINNER d5", "CAP d6", "WIN R"]
    assert "b6" not in squares(state) and state.outcome.winners == (0,)
    assert state.view(None).combat.lifted == ("B1",)


@pytest.mark.parametrize(
    "version, extra",
    [("standard", ""), ("advanced", " c3:[R3 R2 R1] d4:[B3 B2 B1]")],
)
def test_the_issue_reproducer_a_combat_win_ends_at_the_cap(version, extra):
    """The position from the issue: Blue's winning advance caps c1; nothing happens after it."""
    board = f"d1:[B3 B2 B1]+K b2:[B3 B2 B1] c1:[R1] e4:[R2] e5:[R3] c5:[R1 R2 R3]{extra}"
    state = position(board, version=version, current=1)
    play(state, "M b2=b1")
    events = play(state, "X b1>c1", 2, 4)
    assert events == ["X b1>c1 2:4", "WINNER b1", "CAP c1", "WIN B"]
    assert state.is_over and state.outcome.winners == (1,) and state.legal_actions(0) == []
    after = f"d1:[B3 B2 B1]+K c1:[B3 B2 B1]+K e4:[R2] e5:[R3] c5:[R1 R2 R3]{extra}"
    assert squares(state) == squares(position(after, version=version))  # Red's R1 is nowhere


# --- T11: the starting point ---------------------------------------------------------------


def t11(extra: str):
    """Red's lone L steps to e4, Blue's [B3 B1] (4 pips) attacks it and wins 7 against 4."""
    state = position(f"e5:[R3] f5:[B3 B1] {extra}")
    play(state, "M e5-e4")
    assert legal(state) == {"X f5>e4", "X -"}
    events = play(state, "X f5>e4", 3, 1)
    return state, events


def test_t11_the_only_start_square_that_takes_the_force():
    state, events = t11("c1:[R1 R2] d1:[B2]")
    assert "RET c1" in events and squares(state)["c1"] == "[R1 R2 R3]"


def test_t11_otherwise_an_empty_starting_row_square_of_reds_choice():
    state, _ = t11("c1:[R2 R1] d1:[B2]")
    assert state.to_move == (0,) and legal(state) == {"RET b1", "RET e1"}


def test_t11_otherwise_the_nearest_empty_squares():
    state, _ = t11("c1:[R2 R1] d1:[B2] b1:[B1] e1:[B3]")
    assert legal(state) == {"RET b2", "RET c2", "RET d2", "RET e2"}
    refused(state, "RET a2", "only to b2 or c2 or d2 or e2")


# --- T12: Hop ------------------------------------------------------------------------------


def test_t12_hop_choices():
    state = after_no_move(COMBAT_T12, 3)
    assert legal(state) == {"HP b2-d2"}
    rolled = position(COMBAT_T12, phase="action", rng=Dice(3))
    assert (rolled.phase, rolled.action["name"], legal(rolled)) == ("action", "hop", {"HP b2-d2"})
    refused(state, "HP b2-d1", r"\[B1 R1\] on d1")
    refused(state, "HP b2-e2", "e2 is 3 squares from b2")


def test_t12_the_hopper_wins_the_roll_off_and_pins():
    state = after_no_move(COMBAT_T12, 3)
    assert play(state, "HP b2-d2", 5, 2) == ["HP b2-d2 5:2", "TURN 2 B"]
    assert squares(state) == spec("d2:[B3 R1] d1:[B1] e2:[B2]")
    assert state.previous_log[-1] == {"seat": 0, "text": "HP b2-d2 5:2"}


def test_t12_ties_roll_again_and_a_lost_roll_off_sends_the_hopper_back():
    state = after_no_move(COMBAT_T12, 3)
    assert play(state, "HP b2-d2", 3, 3, 2, 5)[0] == "HP b2-d2 3:3 2:5"
    assert squares(state) == spec(COMBAT_T12)


def test_a_whole_force_hops_and_its_log_says_so():
    state = after_no_move("b2:[R2 R1] d2:[B3] d1:[B1] e2:[B2]", 3)
    assert legal(state) == {"HP b2-d2", "HP b2=d2"}
    assert play(state, "HP b2=d2", 5, 2) == ["HP b2=d2 5:2", "TURN 2 B"]
    assert squares(state) == spec("d2:[B3 R2 R1] d1:[B1] e2:[B2]")


def test_a_hop_stays_in_view_until_the_next_player_acts():
    state = after_no_move(COMBAT_T12, 3)
    play(state, "HP b2-d2", 5, 2)
    assert state.view(None).hop == HopResult(origin="b2", target="d2", rolls=((5, 2),), stayed=True)
    play(state, "M -", 5, 1)
    assert state.view(None).hop is None


# --- T13: Aim ------------------------------------------------------------------------------


def test_t13_aim_legs_and_budget():
    state = position(COMBAT_T1)
    events = play(state, "M -", 5, 3)
    assert events == ["M -", "A5", "AM 3"]
    assert state.view(None).aim == Aim(budget=3, left=3, leg=None)
    assert "AM /" not in legal(state), "Aim takes at least one step"
    play(state, "AM d1=e2")
    assert state.view(None).aim == Aim(budget=3, left=2, leg="e2")
    assert legal(state) == {"AM e2=e3", "AM e2=d1", "AM e2=e1", "AM e2=f2", "AM e2=f3", "AM e2=d2", "AM /"}
    refused(state, "AM c1-b2", "Your leg is on e2")
    refused(state, "AM e2=d3", "d3 is blocked")
    play(state, "AM e2=e3")
    play(state, "AM /")
    assert state.phase == "aim" and state.aim["leg"] is None and state.aim["left"] == 1
    events = play(state, "AM c1-b2")
    assert events == ["AM c1-b2", "TURN 2 B"], "the budget is spent: the leg and the Aim end"
    assert squares(state) == spec("c1:[R1 R2] e3:[R1 R2 R3] b2:[R3] c6:[B1 B2 B3] d6:[B1 B2 B3]")


def test_t13_a_fourth_step_is_refused():
    state = position(COMBAT_T1)
    play(state, "M -", 5, 3)
    for step in ("AM d1=e2", "AM e2=e3", "AM e3=e4"):
        play(state, step)
    assert state.current == 1
    with pytest.raises(IllegalAction, match="not your decision"):
        state.apply(0, AimStep("c1", "b2", False))


def test_unused_aim_steps_survive_a_combat():
    state = position("b2:[R3] b4:[B1] e6:[B2]")
    play(state, "M -", 5, 3)
    play(state, "AM b2-b3")
    play(state, "AM /")
    assert state.phase == "offer" and legal(state) == {"X b3>b4", "X -"}
    play(state, "X b3>b4", 4, 1)
    assert squares(state)["b4"] == "[R3]"
    assert state.phase == "return" and state.to_move == (1,)
    play(state, "RET c6")
    assert state.phase == "aim" and state.view(None).aim == Aim(budget=3, left=2, leg=None)
    assert "AM /" in legal(state)
    assert play(state, "AM /")[0] == "AM /" and state.current == 1


def test_a_lone_pyramid_s_leg_may_be_written_either_way():
    """A pyramid alone on its square is its whole force: `-` and `=` both move it on."""
    state = position("b2:[R3] e6:[B2]")
    play(state, "M -", 5, 3)
    play(state, "AM b2-b3")
    assert "AM b3-b4" in legal(state)  # listed the plain way
    play(state, "AM b3=b4")
    assert squares(state)["b4"] == "[R3]" and state.view(None).aim.left == 1


def test_a_leg_whose_force_joined_others_can_only_end():
    state = position("b2:[R2 R1] b3:[R3] e6:[B2]")
    play(state, "M -", 5, 3)
    play(state, "AM b2=c2")
    play(state, "AM c2=b3")
    assert squares(state)["b3"] == "[R3 R2 R1]"
    assert legal(state) == {"AM /"}
    refused(state, "AM b3=b4", "no longer one unit")


# --- T14: the win check --------------------------------------------------------------------


def test_t14_a_step_completing_the_second_tree_wins_at_once():
    state = position(COMBAT_T14)
    events = play(state, "M e5-d6")
    assert events == ["M e5-d6", "CAP d6", "WIN R"]
    assert state.is_over and state.outcome.winners == (0,) and state.action is None


def test_a_cap_needs_the_players_own_colour():
    state = position("c6:[B3 R2 R1] d6:[R3 R2] e5:[R1] e1:[B1]")
    assert play(state, "M e5-d6", 5, 1) == ["M e5-d6", "CAP d6", "A5", "AM 1"]
    assert not state.is_over and squares(state)["c6"] == "[B3 R2 R1]"


def test_a_capped_tree_is_frozen_against_every_action():
    state = after_no_move("c6:[R3 R2 R1]+K d1:[B2] a2:[R1]", 4)
    assert legal(state) == {"DG R1@a2 B2@d1"}
    refused(state, "DG R1@c6 B2@d1", "c6 holds a capped tree")


# --- T15: Advanced ---------------------------------------------------------------------------


def test_t15_a_complete_removed_trio_brings_the_reserve_in():
    state = position(
        "c3:[R1 R2 R3] d4:[B1 B2 B3] e5:[R3] f5:[B3 B1]", version="advanced", removed={0: (1, 1, 0)}
    )
    play(state, "M e5-e4")
    events = play(state, "X f5>e4", 3, 1)
    assert events == ["X f5>e4 3:1", "WINNER f5", "REMOVED R3"]
    assert state.phase == "reserve" and state.to_move == (0,)
    assert legal(state) == {"RES b1", "RES c1", "RES d1", "RES e1"}
    play(state, "RES d1", 5, 1)
    view = state.view(None)
    entered = view.board["d1"]
    assert (entered.stack, entered.capped, entered.reserve, entered.frozen) == (
        ("R1", "R2", "R3"),
        False,
        False,
        False,
    )
    assert "c3" not in view.board and "c3" in view.blocked
    assert view.seats[0].reserve is None and view.seats[0].removed == (1, 1, 1)
    assert not view.seats[0].eliminated


def test_t15_losing_the_last_pyramid_eliminates_and_the_last_player_wins():
    state = position("e5:[R3] f5:[B3 B1]", version="advanced", removed={0: (3, 3, 2)})
    play(state, "M e5-e4")
    events = play(state, "X f5>e4", 3, 1)
    assert events[-3:] == ["REMOVED R3", "ELIMINATED R", "WIN B"]
    assert state.outcome.winners == (1,) and state.win_reason == "last standing"


def test_an_eliminated_players_turns_are_skipped():
    state = position("b2:[R3] a4:[Y1] e6:[B1]", players=3, version="advanced", removed={1: (2, 3, 3)})
    play(state, "M b2-b3")
    events = play(state, "X b3>a4", 4, 1, 5, 1)
    assert events[-4:] == ["REMOVED Y1", "ELIMINATED Y", "A5", "AM 1"]
    assert state.view(None).seats[1].eliminated
    assert "f3" not in state.view(None).goals, "an eliminated player's goals are plain squares again"
    events = play(state, "AM a4-a5")
    assert events[-1] == "TURN 2 B" and state.current == 2


def test_a_player_eliminated_during_their_own_turn_ends_it_at_once():
    """Ruling: Yellow steps next to Red, Red attacks on Yellow's turn and takes Yellow's last
    pyramid; Yellow's turn ends there (no action die) and Blue's begins."""
    state = position(
        "b2:[R3] a4:[Y1] e6:[B1]", players=3, version="advanced", current=1, removed={1: (2, 3, 3)}
    )
    play(state, "M a4-a3")
    events = play(state, "X b2>a3", 3, 1)
    out = events.index("ELIMINATED Y")
    assert events[out + 1] == "TURN 2 B" and state.current == 2 and not state.is_over


def test_a_reserve_with_no_empty_starting_row_square_goes_to_the_nearest_empty_square():
    """Ruling: 'nearest' counts king steps (diagonals too) to any square of the starting row."""
    state = position(
        "c3:[R1 R2 R3] d4:[B1 B2 B3] e5:[R3] f5:[B3 B1] b1:[B1] c1:[B2] d1:[B3] e1:[B1]",
        version="advanced",
        removed={0: (1, 1, 0)},
    )
    play(state, "M e5-e4")
    play(state, "X f5>e4", 3, 1)
    assert legal(state) == {f"RES {file}2" for file in "abcdef"}


def test_an_aim_leg_moves_the_same_pyramids_at_every_step():
    """Ruling: a leg begun with the whole force goes on with the whole force, one begun with a
    single pyramid goes on with that pyramid; another unit needs a new leg."""
    state = position("b2:[R2 R1] e6:[B2]")
    play(state, "M -", 5, 3)
    play(state, "AM b2=c2")
    refused(state, "AM c2-d2", "This leg moves the whole force")
    refused(state, "AM e6-e5", "Your leg is on c2")
    play(state, "AM c2=d2")
    assert squares(state)["d2"] == "[R2 R1]" and "b2" not in squares(state)


def test_reserves_are_frozen():
    state = after_no_move("c3:[R1 R2 R3] d4:[B1 B2 B3] b2:[R1] e5:[B1]", 2, version="advanced")
    assert legal(state) == {"SW R1@b2 B1@e5"}
    refused(state, "SW R1@b2 B1@d4", "The reserve nest on d4 can't be touched")


def test_standard_combat_never_removes():
    state, _ = t11("c1:[R1 R2] d1:[B2]")
    assert state.removed == [[0, 0, 0], [0, 0, 0]]


# --- T16: the action die ---------------------------------------------------------------------


def test_t16_an_unavailable_action_is_rolled_again():
    state = position("b2:[R1] e5:[B2]")
    events = play(state, "M -", 1, 5, 1)
    assert events == ["M -", "A1!", "A5", "AM 1"]
    assert state.view(None).action == ActionDie(
        roll=5, name="aim", rerolled=(1,), chosen=None, effective="aim"
    )


def test_r22_with_nothing_available_the_action_step_is_skipped():
    state = position("c6:[R3 R2 R1]+K d1:[B1]")
    assert play(state, "M -")[:3] == ["M -", "SKIP", "TURN 2 B"]
    assert state.previous_log[-1] == {"seat": 0, "text": "SKIP"}


def test_a_board_nobody_can_change_ends_in_a_stalemate():
    state = position("c6:[R3 R2 R1]+K c1:[B3 B2 B1]+K")
    events = play(state, "M -")
    assert events[-1] == "WIN R B" and state.win_reason == "stalemate"
    assert state.outcome.winners == (0, 1)


def limited(text: str, rounds: int, **kwargs):
    """A position in the last turn of a match with a round limit (2 players: 2 turns a round)."""
    state = position(text, turn=rounds * 2, **kwargs)
    state.round_limit = rounds
    return state


def test_at_the_round_limit_most_caps_wins():
    state = limited("c6:[R3 R2 R1]+K b2:[R1] c1:[B3 B2] e5:[B1]", 30)
    events = play(state, "M -", 1)  # Tip: nothing to choose, and the turn ends
    assert events[-1] == "WIN R" and state.win_reason == "turn limit"
    assert state.outcome.winners == (0,)


def test_at_the_round_limit_equal_caps_go_to_more_own_pyramids_at_home_then_shared():
    state = limited("c6:[R3] b2:[R1] c1:[B3 B2] e5:[B1]", 30)
    assert play(state, "M -", 1)[-1] == "WIN B"  # Blue has 2 pyramids at home, Red 1
    state = limited("c6:[R3] b2:[R2 R1] c1:[B3] e5:[B2 B1]", 30)
    assert play(state, "M -", 1)[-1] == "WIN R B"


def test_before_the_round_limit_play_goes_on():
    state = limited("c6:[R3] b2:[R1] c1:[B3 B2] e5:[B1]", 30)
    state.turn -= 1
    events = play(state, "M -", 1)
    assert not state.is_over and "TURN 60 B" in events
    assert state.view(None).turns_left == 0


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_with_a_round_limit_end_by_it(players):
    state = COMBAT.new(players, 3, {"rounds": 30})
    chooser = random.Random(3)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
        check_invariants(state)
    assert state.turn <= 30 * players
    assert state.win_reason in ("turn limit", "trees", "stalemate")
    again = COMBAT.from_json(json.loads(json.dumps(state.to_json())))
    assert again.round_limit == 30 and again.view(None).round_limit == 30


def test_a_match_stored_before_the_round_limit_has_none():
    stored = COMBAT.new(2, 1).to_json()
    del stored["round_limit"]
    assert COMBAT.from_json(stored).round_limit == 0


def test_wild_chooses_among_the_available_actions():
    state = after_no_move("b2:[R1] e5:[B2]", 6)
    assert state.phase == "wild"
    assert [str(action) for action in state.legal_actions(0)] == ["W DG", "W AM"]
    refused(state, "W SW", "Swap is not possible now")
    events = play(state, "W AM", 2)
    assert events == ["W AM", "AM 2"]
    assert state.view(None).action == ActionDie(
        roll=6, name="wild", rerolled=(), chosen="aim", effective="aim"
    )


def test_wild_tip_is_carried_out_at_once():
    state = after_no_move("b2:[R1 R2] e5:[B2]", 6)
    assert play(state, "W TIP")[:2] == ["W TIP", "TIP"]
    assert squares(state)["b2"] == "[R2 R1]"


# --- notation ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("M c1-b2", Move("c1", "b2", False)),
        ("m C1 = B2", Move("c1", "b2", True)),
        ("M -", NoMove()),
        ("X b4>c5", Attack("b4", "c5")),
        ("x B4 > C5", Attack("b4", "c5")),
        ("X -", NoAttack()),
        ("C", Counter(True)),
        ("c -", Counter(False)),
        ("RET c1", Return("c1")),
        ("RES b1", EnterReserve("b1")),
        ("W HP", WildChoice("hop")),
        ("w> tip", WildChoice("tip")),
        ("SW R2@b3 B2@e4", Swap(PyramidAt("b3", "R2"), PyramidAt("e4", "B2"))),
        ("sw b3 e4", Swap(PyramidAt("b3"), PyramidAt("e4"))),
        ("DG r1@B3 b2 @ e4", Dig(PyramidAt("b3", "R1"), PyramidAt("e4", "B2"))),
        ("HP b2-d2", Hop("b2", "d2", False)),
        ("HP b2=d2", Hop("b2", "d2", True)),
        ("AM c1-b2", AimStep("c1", "b2", False)),
        ("AM /", EndLeg()),
    ],
)
def test_parse_action(text, action):
    assert COMBAT.parse_action(text) == action
    assert COMBAT.parse_action(str(action)) == action


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "Write an action"),
        ("fight", "not a Martian Combat action"),
        ("M c1-g2", "not a Martian Combat action"),
        ("SW K1@b3 B2@e4", "not a Martian Combat action"),
        ("TIP", "Tip has no choices"),
    ],
)
def test_garbage_is_refused_politely(text, message):
    with pytest.raises(IllegalAction, match=message):
        COMBAT.parse_action(text)


def test_position_notation_round_trips():
    text = "c2:[R1 R2 R3] f3:[B2] b4:[R3 B1] e5:[B3 B2] c6:[R3 R2 R1]+K"
    assert position(text).board_notation() == text


@pytest.mark.parametrize(
    "text",
    ["c3:[R1]", "c1:[R1 R1]", "c1:[R2 R1 R3]", "b2:[G1]", "b2:[R1]+K", "b2:R1", "b2:[]"],
)
def test_position_refuses_impossible_boards(text):
    with pytest.raises(ValueError):
        position(text)


# --- refusals --------------------------------------------------------------------------------


def test_refusals_in_the_move_step():
    state = position(COMBAT_T2)
    refused(state, "M b5-b6", "There is no pyramid on b5")
    refused(state, "M d2-c3", "c3 is blocked")
    refused(state, "M c1-a3", "a3 is not next to c1")
    refused(state, "SW R2@d2 B3@c2", "First your move step")
    refused(state, "X c1>c2", "First your move step")
    refused(state, "AM /", "First your move step")
    with pytest.raises(
        IllegalAction, match="It's not your decision: waiting for Red to make their move step"
    ):
        state.apply(1, NoMove())


def test_refusals_in_other_phases():
    state = position("a3:[R1] b4:[R3 R2] c5:[B2 B3] e6:[B1]")
    play(state, "M a3-b4")
    refused(state, "M b4-b5", "First decide on combat: attack \\(X b4>c5\\) or don't")
    refused(state, "X a3>c5", "Attack from b4")
    refused(state, "X b4>b5", "b5 is not a target")
    hop = after_no_move(COMBAT_T12, 3)
    refused(hop, "DG R1@b2 B3@d2", "Your action is Hop: write it like HP b2-d2")
    refused(hop, "HP b2-b3", "A Hop lands on an opponent's pyramid")
    swap = after_no_move(COMBAT_T5, 2)
    refused(swap, "SW B2@e4 R2@b3", "The B2 on e4 isn't yours")
    refused(swap, "SW R1@b3 B2@e4", "There is no R1 on b3")
    refused(swap, "SW c2 e4", "There is no pyramid of yours on c2")


def test_a_finished_match_refuses_everything():
    state = position(COMBAT_T14)
    play(state, "M e5-d6")
    with pytest.raises(IllegalAction, match="already over"):
        state.apply(0, NoMove())
    assert all(state.legal_actions(seat) == [] for seat in (0, 1))


# --- views, persistence, whole games -----------------------------------------------------------


def test_view_follows_the_brief():
    state = t9_after_round_one()
    view = state.view(0)
    assert (view.game, view.seat, view.version, view.players) == ("combat", 0, "standard", 2)
    assert (view.current, view.phase, view.to_move, view.deciding, view.legal) == (
        0,
        "counter",
        (1,),
        1,
        ("C", "C -"),
    )
    assert [(entry.seat, entry.text) for entry in view.last] == [(0, "M a5=b4"), (0, "X b4>c5 6:3")]
    assert view.combat.rolls == ((6, 3),) and view.combat.winner is None
    assert view.offer is None and view.aim is None and view.hop is None and view.action is None
    assert replace(state.view(None), seat=0) == view, "no secrets: every seat sees the same"
    assert json.loads(json.dumps(view.to_json()))["board"]["b4"]["stack"] == ["R3", "R2"]
    assert state.secrets(0) == set() and state.order_free is False


def test_the_log_shows_the_previous_turn_until_this_one_starts():
    state = after_no_move(COMBAT_T12, 3)
    play(state, "HP b2-d2", 5, 2)
    assert [entry.text for entry in state.view(None).last] == ["M -", "A3", "HP b2-d2 5:2"]
    play(state, "M -", 5, 1)
    assert [entry.text for entry in state.view(None).last] == ["M -", "A5", "AM 1"]


def random_steps(state, chooser, steps):
    for _ in range(steps):
        if state.is_over:
            return
        seat = state.to_move[0]
        state.apply(seat, random_choice(state.legal_actions(seat), chooser))
        yield state


def test_json_round_trip_mid_game_replays_identically():
    state = COMBAT.new(3, 11)
    chooser = random.Random(11)
    for _ in random_steps(state, chooser, 150):
        pass
    clone = COMBAT.from_json(json.loads(json.dumps(state.to_json())))
    assert clone.to_json() == state.to_json()
    for _ in range(300):
        if state.is_over:
            break
        seat = state.to_move[0]
        action = random_choice(state.legal_actions(seat), chooser)
        assert clone.legal_actions(seat) == state.legal_actions(seat)
        assert clone.apply(seat, action) == state.apply(seat, action)
    assert clone.to_json() == state.to_json()


def check_invariants(state) -> None:
    version = state.version
    for square, stack in enumerate(state.board):
        assert is_legal_stack(stack), f"{SQUARES[square]}: {stack}"
    homes = {home: side for side in state.sides for home in side.home}
    for square in state.capped:
        assert state.board[square] == homes[square].tree, "caps only on completed home trees"
    for side in state.sides:
        for home in side.home:
            assert home in state.capped or state.board[home] != side.tree, (
                "completed trees are capped at once"
            )
    pyramids = Tally(pyramid for stack in state.board for pyramid in stack)
    if state.returning:
        pyramids.update(state.returning["force"])
    if state.combat and "lifted" in state.combat:  # a combat that won the game: the loser's force in hand
        pyramids.update(state.combat["lifted"])
    for seat, colour in enumerate(state.colours):
        for size in (1, 2, 3):
            count = pyramids[f"{colour}{size}"] + state.removed[seat][size - 1]
            if version == "advanced":
                assert count == TRIOS[version] or state.eliminated[seat]
            else:
                assert count == TRIOS[version], "nothing ever leaves play in Standard and Simple"
    assert state.is_over or (state.to_move and state.legal_actions(state.to_move[0]))


@pytest.mark.parametrize(
    ("version", "num_players"),
    [
        ("standard", 2),
        ("standard", 3),
        ("standard", 4),
        ("simple", 3),
        ("simple", 4),
        ("advanced", 3),
        ("advanced", 4),
    ],
)
def test_random_games_keep_the_invariants(version, num_players):
    """Several hundred random steps in all, over as many games as that takes."""
    steps, seed = 0, 0
    while steps < 600:
        state = COMBAT.new(num_players, seed, {"version": version})
        check_invariants(state)
        for _ in random_steps(state, random.Random(seed), 300):
            check_invariants(state)
            steps += 1
        seed += 1


@pytest.mark.parametrize(
    ("version", "num_players", "seed", "reason"),
    [("simple", 2, 29, "trees"), ("standard", 2, 37, "trees"), ("advanced", 3, 1, "last standing")],
)
def test_random_games_reach_each_ending(version, num_players, seed, reason):
    state = COMBAT.new(num_players, seed, {"version": version})
    for _ in random_steps(state, random.Random(seed), 400):
        check_invariants(state)
    assert state.is_over and state.win_reason == reason
    assert state.view(None).last[-1].text.startswith("WIN ")


def test_registered():
    assert GAMES["combat"] is COMBAT
    assert (COMBAT.min_players, COMBAT.max_players, COMBAT.title) == (2, 4, "Martian Combat")
    assert COMBAT.resolve_options(None) == {"version": "standard", "rounds": 0}
    with pytest.raises(IllegalAction):
        COMBAT.new(5, 0)
    assert set(SIDE_INFO) == {"S", "W", "N", "E"}


# --- facts the views and events carry for texts and pictures ---------------------------------------


def test_view_squares_carry_the_force_and_covered_pyramids_that_the_rules_use():
    state = position("c2:[R3 B2 B1] d2:[B3 R2 R1] b2:[R3 B1] e2:[B1 R2 R3] c6:[R3 R2 R1]+K")
    board = state.view(None).board
    assert board["c2"].force == Force(colour="B", size=2, pips=3)
    assert board["d2"].force == Force(colour="R", size=2, pips=3)
    assert board["b2"].covered == (True, False)
    assert board["e2"].covered == (True, False, False)
    assert [name for name, entry in board.items() if entry.nest] == ["e2"], "sizes rising upward"
    assert [name for name, entry in board.items() if entry.frozen] == ["c6"]
    assert state.view(None).seats[0].caps == 1
    for name, entry in board.items():
        stack, colour = state.board[INDEX[name]], entry.force.colour
        assert entry.force.size == force_size(stack, colour)
        assert entry.force.pips == force_pips(stack, colour)


def test_a_combat_is_fought_with_the_forces_the_view_showed():
    chooser = random.Random(5)
    for seed in range(30):
        state = COMBAT.new(2, seed)
        for _ in range(200):
            if state.is_over:
                break
            seat = state.to_move[0]
            board = state.view(None).board
            action = random_choice(state.legal_actions(seat), chooser)
            events = state.apply(seat, action)
            attack = next((event for event in events if event.kind == "X" and "rolls" in event.facts), None)
            if attack:
                combat = state.view(None).combat
                assert combat.attack_pips == board[attack.facts["origin"]].force.pips
                assert combat.defence_pips == board[attack.facts["target"]].force.pips
                assert tuple(attack.facts["rolls"]) == combat.rolls[0]
                return
    pytest.fail("no combat in 30 random games")


def test_events_and_log_entries_carry_their_facts():
    state = position("b4:[R3 R2] c5:[B2 B1] c6:[B3]", phase="move")
    events = state.apply(0, COMBAT.parse_action("M b4=b5"))
    assert events[0] == "M b4=b5" and events[0].facts["origin"] == "b4" and events[0].facts["whole"]
    for entry in state.view(None).last:
        assert log_event(entry.text).facts.items() <= entry.facts.items()
    samples = {
        "X b4>c5 6:3": {"origin": "b4", "target": "c5", "rolls": [6, 3]},
        "HP b2-d2 3:3 5:2": {"origin": "b2", "target": "d2", "whole": False, "rolls": [[3, 3], [5, 2]]},
        "SW R2@b3 B2@e4": {
            "mine": {"pyramid": "R2", "square": "b3"},
            "theirs": {"pyramid": "B2", "square": "e4"},
        },
        "A4!": {"roll": 4, "action": "dig", "rerolled": True},
        "AM 5": {"budget": 5},
        "FIRST R:5 B:3": {"rolls": [["R", 5], ["B", 3]]},
        "TURN 7 B": {"turn": 7, "colour": "B"},
        "CAP d6": {"square": "d6"},
        "REMOVED R3 R2": {"pyramids": ["R3", "R2"]},
        "ELIMINATED Y": {"colour": "Y"},
        "WIN R B": {"colours": ["R", "B"]},
    }
    for text, facts in samples.items():
        event = log_event(text)
        assert event == text and facts.items() <= event.facts.items(), text
    assert log_event("SW R2@b3 B2@e4").facts["arrows"] == [["b3", "e4", True]]
    assert log_event("DG R1@c2 B2@e5").facts["arrows"] == [["c2", "e5", False]]
    assert log_event("A3").facts["squares"] == [] and log_event("REMOVED R3").facts["squares"] == []


def test_log_tokens_mark_squares_but_not_dice_or_pyramids():
    tokens = ["A3", "A1!", "SW R2@b3 B2@e4", "DG R1@c2 B2@e5", "AM 5", "AM d1=e2", "HP b2-d2 5:2"]
    tokens += ["REMOVED R3", "WIN R B", "X b4>c5 2:4", "AM c1-b2", "AM b2-b3"]
    marks = gathered_marks(log_event(token).facts for token in tokens)
    assert set(marks.squares) == {"b3", "e4", "c2", "e5", "d1", "e2", "b2", "d2", "b4", "c5", "c1"}
    assert Arrow("b3", "e4", True) in marks.arrows  # a swap goes both ways
    assert Arrow("c2", "e5", False) in marks.arrows
    for arrow in (("d1", "e2"), ("b2", "d2"), ("b4", "c5"), ("c1", "b2"), ("b2", "b3")):
        assert Arrow(*arrow, False) in marks.arrows


def test_log_entries_carry_what_their_tokens_cannot_say():
    """Whose force an attack hit, and whether an "AM /" ended a leg or the whole Aim."""
    state = position("b2:[R3] b4:[B1] e6:[B2]")
    play(state, "M -", 5, 3)
    play(state, "AM b2-b3")
    play(state, "AM /")
    play(state, "X b3>b4", 4, 1)
    play(state, "RET c6")
    play(state, "AM /")
    facts = {entry.text: entry.facts for entry in state.view(None).last}
    assert facts["X b3>b4 4:1"]["defender"] == 1
    ends = [entry.facts["ends"] for entry in state.view(None).last if entry.text == "AM /"]
    assert ends == ["leg", "aim"]
    assert "ends" not in facts["AM b2-b3"] and "defender" not in facts["RET c6"]
    state.rng = Rng(0)  # the scripted dice are not stored
    stored = COMBAT.from_json(state.to_json()).view(None).last
    assert stored == state.view(None).last
    old = log_entry({"seat": 0, "text": "X b3>b4 4:1"})  # a log stored before these facts were kept
    assert old.facts["target"] == "b4" and "defender" not in old.facts


def test_choices_split_two_part_actions_where_the_notation_does():
    state = COMBAT.new(2, 0)
    view = state.view(state.to_move[0])
    assert tuple(choice.action for choice in view.choices) == view.legal
    for choice in view.choices:
        if choice.first:
            assert choice.first + choice.rest == choice.action
            assert COMBAT.parse_action(choice.action).target == choice.target == choice.rest


def test_the_board_geometry_is_what_a_four_player_game_plays_on():
    """The rules picture draws from BOARD_GEOMETRY: it must be the board the engine's views show."""
    view = COMBAT.new(4, 0, {"version": "standard"}).view(None)
    sides = BOARD_GEOMETRY["sides"]
    assert [seat.side for seat in view.seats] == list(sides)
    for seat in view.seats:
        assert sides[seat.side] == {key: list(getattr(seat, key)) for key in ("start", "home", "row")} | {
            "colour": seat.colour
        }
    assert sorted(view.blocked) == sorted(BOARD_GEOMETRY["corners"] + BOARD_GEOMETRY["centre"])
    simple = COMBAT.new(2, 0, {"version": "simple"}).view(None)
    assert sorted(simple.blocked) == sorted(BOARD_GEOMETRY["corners"])
    files, ranks = BOARD_GEOMETRY["files"], BOARD_GEOMETRY["ranks"]
    assert [f"{file}{rank}" for rank in range(1, ranks + 1) for file in files] == list(SQUARES)


def test_the_view_gives_the_combat_totals_that_decide():
    """T9: equal pips (5 each); round 1 is 11 against 8, the counter-attack 6 against 11, and the
    sums, 17 against 19, decide for Blue (R14)."""
    state = t9_after_round_one()
    assert state.view(None).combat.totals == Totals(rolls=((11, 8),), counter=(), sum=None)
    play(state, "C", 1, 6)
    combat = state.view(None).combat
    assert combat.totals == Totals(rolls=((11, 8),), counter=((6, 11),), sum=(17, 19))
    assert combat.winner == 1 == combat.defender
    assert "totals" not in state.to_json()["combat"], "the view's alone: stored states don't change"


# --- rules as topics (tutorials), and where a suggested move goes ------------------------------


def topics(state, text: str, *rolls: int) -> list[str]:
    """The topics the deciding seat's `text` touches, played with the scripted `rolls`."""
    action = COMBAT.parse_action(text)
    return COMBAT.topics_of(action, play(state, text, *rolls))


def test_the_engine_lists_one_topic_per_decision_and_the_rules_that_act_alone():
    assert [(topic.id, topic.kind) for topic in COMBAT.topics] == [
        ("move", "action"),
        ("attack", "action"),
        ("counter", "action"),
        ("return", "action"),
        ("tip", "action"),
        ("swap", "action"),
        ("hop", "action"),
        ("dig", "action"),
        ("aim", "action"),
        ("wild", "action"),
        ("cap", "scoring"),
        ("win", "ending"),
    ]


def test_a_step_that_completes_the_second_tree_caps_and_wins():
    assert topics(position(COMBAT_T14), "M e5-d6") == ["move", "cap", "win"]


def test_skipping_the_move_is_the_move_step_and_a_rolled_tip_shows():
    assert topics(position("b2:[R1 R2] e5:[B2]"), "M -", 1) == ["move", "tip"]
    assert topics(position("b2:[R1] e5:[B2]"), "M -", 5, 2) == ["move"], "the Aim is taught by its steps"


def test_a_combat_and_the_loser_sent_back():
    state = position("a3:[R1] b4:[R3 R2] c5:[B2 B3] d1:[B1]")
    assert topics(state, "M a3-b4") == ["move"]
    assert topics(state, "X b4>c5", 2, 4, 5, 1) == ["attack", "return"]
    state = position("a3:[R1] b4:[R3 R2] c5:[B2 B3] d1:[B1]")
    play(state, "M a3-b4")
    assert topics(state, "X -", 5, 1) == ["attack"], "declining is the same decision"


def test_a_counter_attack_then_a_chosen_return():
    state = t9_after_round_one()
    assert topics(state, "C", 1, 6) == ["counter"]
    assert topics(state, "RET d1", 5, 1) == ["return"]
    state = t9_after_round_one()
    assert topics(state, "C -") == ["counter"]


def test_the_die_actions_are_their_own_topics():
    assert topics(after_no_move(COMBAT_T5, 2), "SW R2@b3 B2@e4") == ["swap"]
    assert topics(after_no_move(COMBAT_T6, 4), "DG R1@b3 B2@e4") == ["dig"]
    assert topics(after_no_move(COMBAT_T12, 3), "HP b2-d2", 5, 2) == ["hop"]
    state = after_no_move("b2:[R1 R2] e5:[B2]", 6)
    assert topics(state, "W TIP") == ["wild", "tip"]
    state = position(COMBAT_T1)
    play(state, "M -", 5, 2)
    assert topics(state, "AM d1=e2") == ["aim"]
    assert topics(state, "AM /") == ["aim"]


def test_only_a_win_by_trees_is_taught():
    state = position("c6:[R3 R2 R1]+K c1:[B3 B2 B1]+K")
    assert topics(state, "M -") == ["move"], "a stalemate is no rule of the game"
    state = limited("c6:[R3 R2 R1]+K b2:[R1] c1:[B3 B2] e5:[B1]", 30)
    assert topics(state, "M -", 1) == ["move", "tip"], "nor the round limit"


def test_marks_are_the_squares_and_arrows_the_view_gives_a_last_move():
    state = position(COMBAT_T2)
    move = COMBAT.parse_action("M c1=b2")
    marked = COMBAT.marks(state, 0, move)
    assert marked == Marks(("c1", "b2"), (Arrow("c1", "b2", False),))
    play(state, "M c1=b2")  # next to Blue's large on c2: the combat opportunity waits
    assert [entry.text for entry in state.view(None).last] == ["M c1=b2"]
    assert state.view(None).last_marks == marked
    assert COMBAT.marks(position(COMBAT_T2), 0, NoMove()) is None


def arrowed(origin: str, target: str, both: bool = False) -> Marks:
    """A decision's marks: its two squares and an arrow between them."""
    return Marks((origin, target), (Arrow(origin, target, both),))


def test_marks_of_every_kind_of_decision():
    marks = COMBAT.marks
    state = after_no_move(COMBAT_T5, 2)
    swap = arrowed("b3", "e4", both=True)
    assert marks(state, 0, COMBAT.parse_action("SW R2@b3 B2@e4")) == swap
    assert marks(state, 0, COMBAT.parse_action("SW b3 e4")) == swap, "named by squares alone"
    state = after_no_move(COMBAT_T6, 4)
    assert marks(state, 0, COMBAT.parse_action("DG R2@a2 B1@e2")) == arrowed("a2", "e2")
    within = after_no_move("b3:[B3 R2] e6:[B1]", 4)
    assert marks(within, 0, COMBAT.parse_action("DG R2@b3 B3@b3")) == Marks(("b3",))
    state = after_no_move(COMBAT_T12, 3)
    assert marks(state, 0, Hop("b2", "d2", False)) == arrowed("b2", "d2")
    state = t9_after_round_one()  # Red attacked c5 from b4; Blue may counter
    assert marks(state, 1, Counter(True)) == Marks(("b4", "c5"), (Arrow("c5", "b4", False),))
    assert marks(state, 1, Counter(False)) is None
    play(state, "C -")
    assert marks(state, 1, Return("c6")) == Marks(("c6",))
    state = position(COMBAT_T1)
    play(state, "M -", 5, 3)
    assert marks(state, 0, AimStep("d1", "e2", True)) == arrowed("d1", "e2")
    play(state, "AM d1=e2")
    assert marks(state, 0, EndLeg()) == Marks(("e2",)), "its combat chance comes there"
    state = position("a3:[R1] b4:[R3 R2] c5:[B2 B3] d1:[B1]")
    play(state, "M a3-b4")
    assert marks(state, 0, Attack("b4", "c5")) == arrowed("b4", "c5")
    assert marks(state, 0, NoAttack()) is None
    assert marks(after_no_move("b2:[R1 R2] e5:[B2]", 6), 0, WildChoice("tip")) is None
