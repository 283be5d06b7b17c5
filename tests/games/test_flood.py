"""Martian Flood: every test vector of shared/rules/flood.md section 8 (F1-F14), plus rule details."""

import json
import random
from dataclasses import replace
from itertools import pairwise

import pytest

from games import GAMES, IllegalAction, Rng, random_choice
from games.core import plain_data
from games.flood import (
    COLOURS,
    FLOOD,
    FLOOD_ROLLS,
    LAST_ROUND,
    SECTOR_OF_CARD,
    SLOTS,
    Build,
    Draw,
    Infiltrate,
    Keep,
    Resolve,
    Scrap,
    ShipMove,
    action_facts,
    card_sectors,
    flood_sector,
    full_deck,
    log_facts,
    parse_card,
    position,
    sector,
)
from games.flood_views import (
    ActionFacts,
    CardInPlay,
    DrawnCard,
    DrawnFacts,
    FloodHit,
    FloodRoll,
    FloodView,
    Landing,
    LoggedAction,
    PendingShip,
    ShipMoveFacts,
    StartRoll,
)
from tests.positions import FLOOD_F11, FLOOD_F12

NO_HIT = (6, 6, 6)  # sector 17: no card has it


class Script:
    """Stands in for the state's Rng: rolls the queued dice, then falls back on a real Rng.
    Shuffles keep the order, so a position's deck order holds across rounds."""

    def __init__(self, *dice: int) -> None:
        self.dice = list(dice)
        self.fallback = Rng(0)

    def below(self, n: int) -> int:
        assert n == 6, "the engine only ever rolls d6s"
        return self.dice.pop(0) - 1 if self.dice else self.fallback.below(6)

    def shuffle(self, items: list) -> None:
        pass

    def to_json(self) -> dict:
        return {"dice": list(self.dice), "fallback": self.fallback.to_json()}


def card(text: str):
    return parse_card(text)


def play(state, text: str) -> list[str]:
    return state.apply(state.to_move[0], FLOOD.parse_action(text))


def legal(state) -> set[str]:
    return {str(action) for action in state.legal_actions(state.to_move[0])}


def draw_and_keep(state) -> list[str]:
    """The current player draws and keeps the first card with the first size offered."""
    events = play(state, "D")
    return events + state.apply(state.to_move[0], state.legal_actions(state.to_move[0])[0])


def rolls_of(*rolls: tuple[int, int, int]) -> list[int]:
    return [die for roll in rolls for die in roll]


def end_round(num_players, areas, *rolls, round_number=1, **kwargs):
    """P1 takes the round's last action (sending a small ship on 2c to P2), then the flood rolls
    `rolls`; its other rolls hit nothing. Returns the state and the events."""
    dice = rolls_of(*rolls) + list(NO_HIT) * (FLOOD_ROLLS[round_number] - len(rolls))
    areas = {**areas, 0: f"2c=R1 {areas.get(0, '')}"}
    state = position(
        num_players,
        areas=areas,
        round_number=round_number,
        last_turn=True,
        slot=2,
        rng=Script(*dice),
        **kwargs,
    )
    return state, state.apply(0, Infiltrate(card("2c"), 1))


def flood_rolls(events: list[str]) -> list[str]:
    return [event for event in events if event.startswith("ROLL")]


# --- F1: rolls to sectors ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "hit"), [((2, 3, 4), 8), ((1, 1, 1), 2), ((1, 1, 2), 3), ((6, 6, 5), 16), ((4, 4, 3), 10)]
)
def test_f1_rolls_to_sectors(dice, hit):
    assert flood_sector(dice) == hit


def test_f1_sixteen_hits_nothing():
    state, events = end_round(3, {1: "9c[B3]"}, (6, 6, 5))
    assert flood_rolls(events)[0] == "ROLL 6 6 5 =16 -"
    assert state.area_notation(1) == "9c[B3]"


def test_f1_ten_floods_the_tens_with_four_players():
    state, events = end_round(4, {1: "Th[B3,B2] Ts[B1]"}, (4, 4, 3))
    assert flood_rolls(events)[0] == "ROLL 4 4 3 =10 Th:[B3,B2]->[B2] Ts:[B1]->[]"
    assert state.area_notation(1) == "Th[B2] Ts"


def test_f1_ten_matches_nothing_with_three_players():
    assert {c.rank for c in full_deck(3)} == set(range(2, 10)), "no aces and no 10s"
    assert {c.rank for c in full_deck(4)} == {14, *range(2, 11)}
    assert len(full_deck(3)) == 32 and len(full_deck(4)) == 40
    _, events = end_round(3, {1: "9c[B3]"}, (4, 4, 3))
    assert flood_rolls(events)[0] == "ROLL 4 4 3 =10 -"


def test_aces_never_flood():
    state, events = end_round(4, {1: "Ah[B1]"}, (1, 1, 1))
    assert flood_rolls(events)[0] == "ROLL 1 1 1 =2 -"
    assert state.area_notation(1) == "Ah[B1]"


# --- F2, F3: one tower flooded three times ----------------------------------------------------


def test_f2_f3_one_flood_and_the_same_number_again():
    state, events = end_round(3, {0: "8h[R3,B3,R2,G1]"}, (2, 3, 4), (5, 2, 2), (3, 3, 3))
    before = position(3, areas={0: "2c=R1 8h[R3,B3,R2,G1]"}).stash
    assert flood_rolls(events) == [
        "ROLL 2 3 4 =8 8h:[R3,B3,R2,G1]->[R2,G1]",
        "ROLL 5 2 2 =8 8h:[R2,G1]->[G1]",
        "ROLL 3 3 3 =8 8h:[G1]->[]",
    ]
    assert events[1] == "FLOOD 1"
    assert state.area_notation(0) == "8h", "the emptied card stays in P1's area"
    gained = [
        [after - was for after, was in zip(*pair, strict=True)]
        for pair in zip(state.stash, before, strict=True)
    ]
    assert gained == [[0, 1, 1], [0, 0, 1], [1, 0, 0]], "R3 R2 to P1, B3 to P2, G1 to P3 (R4)"
    first = state.view(None).flood.rolls[0]
    assert first == FloodRoll((2, 3, 4), 8, (FloodHit(0, "8h", ("R3", "B3", "R2", "G1"), ("R2", "G1")),))


# --- F4: several cards share a sector ---------------------------------------------------------


def test_f4_every_card_of_the_sector_floods_and_ships_are_untouched():
    areas = {3: "6c[Y3,Y1]", 1: "6h[B2,B2]", 2: "6s=G3"}
    state, events = end_round(4, areas, (1, 2, 4))
    assert flood_rolls(events)[0] == "ROLL 1 2 4 =6 6h:[B2,B2]->[] 6c:[Y3,Y1]->[Y1]"
    assert state.area_notation(3) == "6c[Y1]"
    assert state.area_notation(1) == "6h"
    assert state.area_notation(2) == "6s=G3"
    assert state.stash[1] == [5, 5, 5], "both B2 went back to P2"


def test_pending_ships_are_untouched_by_the_flood():
    state, events = end_round(3, {}, (2, 2, 2), pending={2: "5h=B3<P2"})
    assert flood_rolls(events)[0] == "ROLL 2 2 2 =5 -"
    assert state.view(None).seats[2].pending == (PendingShip(card="5h", sector=5, ship="B3", sender=1),)


# --- F5: stacking legality --------------------------------------------------------------------


def f5_position():
    return position(3, areas={0: "9d[R2,R1] 4c[R3] 7h=R3 2c=R1"}, stashes={0: (1, 1, 1)})


@pytest.mark.parametrize(
    ("text", "allowed"),
    [
        ("B 3 9d", False),
        ("B 1 9d", True),
        ("B 3 4c", True),
        ("B 2 4c", True),
        ("S 7h:9d 2c:^", False),
        ("S 7h:4c 2c:^", True),
        ("S 7h:^ 2c:^", True),
        ("S 7h:^ 2c:7h", True),  # the second ship may use the first's new tower (R13)
        ("S 2c:^ 7h:2c", False),  # ... but not when it is smaller
        ("S 2c:9d 7h:4c", True),
    ],
)
def test_f5_stacking_legality(text, allowed):
    state = f5_position()
    assert (text in legal(state)) == allowed
    if allowed:
        play(state, text)
    else:
        before = state.to_json()
        with pytest.raises(IllegalAction, match="That tower's top is smaller than the"):
            play(state, text)
        assert state.to_json() == before


def test_f5_scrap_results():
    state = f5_position()
    assert play(state, "S 7h:^ 2c:7h") == ["P1 S 7h:^ 2c:7h"]
    assert state.area_notation(0) == "9d[R2,R1] 4c[R3] 7h[R3,R1] 2c"


def test_legal_actions_are_exactly_these():
    state = position(3, areas={0: "9d[R2,R1] 7h=R3 2c=R1"}, stashes={0: (1, 0, 1)}, deck="5h 6h")
    scraps = {"S 7h:^ 2c:^", "S 7h:^ 2c:9d", "S 7h:^ 2c:7h", "S 2c:^ 7h:^", "S 2c:9d 7h:^"}
    assert legal(state) == {"D", "B 1 9d", "I 7h P2", "I 7h P3", "I 2c P2", "I 2c P3", *scraps}
    assert state.legal_actions(0)[0] == Draw(), "the draw comes first"
    assert state.legal_actions(1) == [] and state.legal_actions(2) == []


# --- F6: infiltration -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("p2_area", "resolution", "after"),
    [
        ("3c[B2] 8d[B3,B1]", "P2 R 6s 3c", "3c[B2,R2] 8d[B3,B1] 6s"),
        ("8d[B3,B1]", "P2 R 6s ^", "8d[B3,B1] 6s[R2]"),
    ],
)
def test_f6_infiltration_is_resolved_at_the_targets_turn(p2_area, resolution, after):
    state = position(3, areas={0: "6s=R2", 1: p2_area}, slot=2)
    events = play(state, "I 6s P2")
    assert events == ["P1 I 6s P2", resolution]
    assert state.area_notation(1) == after
    assert state.area_notation(0) == ""
    assert (state.current, state.slot) == (1, 2), "P2 then has one free slot"
    entry = state.view(None).turn_log[-1]
    assert (entry.seat, entry.slot, entry.text) == (1, 1, resolution[3:])


def test_an_infiltrated_ship_waits_in_the_queue_and_counts_as_a_card():
    state = position(3, areas={0: "6s=R2 7s=R1"}, slot=1)
    play(state, "I 6s P2")
    pending = [seat.pending for seat in state.view(None).seats]
    assert pending == [(), (PendingShip(card="6s", sector=6, ship="R2", sender=0),), ()]
    assert "I 6s P2" not in legal(state) and "I 7s P2" in legal(state)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="You have no ship on 6s"):
        play(state, "I 6s P3")
    assert state.to_json() == before


def test_r16_the_target_chooses_among_fitting_towers():
    state = position(3, areas={0: "6s=R2", 1: "3c[B2] 9h[B3] 8d[B3,B1]"}, slot=2)
    assert play(state, "I 6s P2") == ["P1 I 6s P2"]
    assert state.to_move == (1,)
    assert legal(state) == {"R 6s 3c", "R 6s 9h"}
    assert state.view(1).resolving == Landing(card="6s", sector=6, ship="R2", sender=0, towers=("3c", "9h"))
    before = state.to_json()
    for text, message in [
        ("D", "First place the infiltrated medium red ship from 6s"),
        ("R 6s ^", "A tower of yours can take this ship"),
        ("R 6s 8d", "That tower's top is smaller than the ship."),
    ]:
        with pytest.raises(IllegalAction, match=message):
            play(state, text)
        assert state.to_json() == before
    assert play(state, "R 6s 9h") == ["P2 R 6s 9h"]
    assert state.area_notation(1) == "3c[B2] 9h[B3,R2] 8d[B3,B1] 6s"
    assert state.view(1).resolving is None and state.slot == 2


def test_a_resolved_ship_never_triggers_the_last_turn():
    state = position(3, areas={0: "6s=R2"}, stashes={1: (0, 0, 0)}, slot=2)
    events = play(state, "I 6s P2")
    assert "LAST" not in events and not state.last_turn


# --- F7: the pending queue over two turns -----------------------------------------------------


def test_f7_two_resolutions_per_turn_first_in_first_out():
    state = position(4, areas={2: "2h=G1 3h=G2", 3: "4h=Y3"}, current=2)
    assert state.order == [2, 3, 0, 1]
    play(state, "I 2h P1")
    play(state, "I 3h P1")
    play(state, "I 4h P1")  # P4's slot 1
    events = draw_and_keep(state)  # P4's slot 2, then P1's turn
    assert events[-2:] == ["P1 R 2h ^", "P1 R 3h ^"], "X and Y use both of P1's slots"
    assert (state.current, state.slot) == (1, 1)
    assert state.area_notation(0) == "2h[G1] 3h[G2]"
    for _ in range(6):  # P2, P3 and P4 each draw twice
        events = draw_and_keep(state)
    assert events[-1] == "P1 R 4h ^", "Z: no tower of P1's is large enough"
    assert (state.current, state.slot) == (0, 2), "P1 has one free action"
    assert state.area_notation(0) == "2h[G1] 3h[G2] 4h[Y3]"


def test_e6_extras_carry_over_across_rounds():
    state = position(3, areas={1: "5s=B1 6s=B2"}, pending={0: "7s=B3<P2"}, current=1, last_turn=True)
    play(state, "I 5s P1")
    events = play(state, "I 6s P1")
    assert "FLOOD 1" in events and state.round == 2
    assert [ship.card for ship, _ in state.pending[0]] == [card("7s"), card("5s"), card("6s")]
    while len(state.pending[0]) == 3:
        events = draw_and_keep(state)
    assert events[-2:] == ["P1 R 7s ^", "P1 R 5s 7s"], "the two oldest, first in first out"
    while state.pending[0]:
        events = draw_and_keep(state)
    assert events[-1] == "P1 R 6s ^"
    assert (state.current, state.slot) == (0, 2)
    assert state.area_notation(0) == "7s[B3,B1] 5s 6s[B2]"


# --- F8, E1-E3: the last card of the deck ----------------------------------------------------


def test_f8_the_deck_holds_one_card():
    state = position(3, areas={0: "7h=R2 4c[R3]"}, deck="5h", discard="2d 9c")
    assert play(state, "D") == ["DREW P1 5h 9c*"]
    assert state.view(None).drawn == (DrawnCard("5h", 5, False), DrawnCard("9c", 9, True))
    assert state.view(None).discard == ("2d",)
    assert legal(state) == {f"K {c} {size}" for c in ("5h", "9c") for size in (1, 2, 3)}
    assert play(state, "K 9c 1") == ["P1 D 5h 9c* >9c 1", "LAST"]
    view = state.view(None)
    assert view.discard == ("2d", "5h") and view.deck_count == 0 and view.last_turn
    assert state.area_notation(0) == "7h=R2 4c[R3] 9c=R1"
    options = legal(state)
    assert "D" not in options
    assert {"S 7h:^ 9c:^", "B 1 4c", "I 9c P2"} <= options
    with pytest.raises(IllegalAction, match="The deck is empty: you can't draw"):
        play(state, "D")
    events = play(state, "B 1 4c")
    assert events[:2] == ["P1 B 1 4c", "FLOOD 1"], "the round ends after P1's turn"
    assert state.round == 2 and "LAST" not in events


def test_e2_the_deck_holds_two_cards():
    state = position(3, deck="5h 6h", discard="2d")
    assert play(state, "D") == ["DREW P1 5h 6h"]
    assert play(state, "K 6h 3") == ["P1 D 5h 6h >6h 3", "LAST"]
    assert state.view(None).discard == ("2d", "5h")


def test_e3_one_card_and_no_discard_pile():
    state = position(3, deck="5h")
    assert play(state, "D") == ["DREW P1 5h"]
    assert legal(state) == {"K 5h 1", "K 5h 2", "K 5h 3"}
    assert play(state, "K 5h 2") == ["P1 D 5h >5h 2", "LAST"]
    assert state.discard == []


# --- F9, E5, R17: the last pyramid, and passing -----------------------------------------------


def test_f9_the_last_pyramid_ends_the_round_after_this_turn():
    deck = "2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d"
    state = position(3, areas={0: "9d[R2] 7h=R3"}, stashes={0: (1, 0, 0)}, deck=deck)
    assert play(state, "B 1 9d") == ["P1 B 1 9d", "LAST"]
    assert legal(state) == {"I 7h P2", "I 7h P3"}, "no draw or build with an empty stash"
    events = play(state, "I 7h P2")
    assert events[:2] == ["P1 I 7h P2", "FLOOD 1"], "nobody else plays"
    assert not any(event.startswith(("P2 ", "P3 ")) for event in events[:5])
    assert state.round == 2


def test_a_slot_with_nothing_legal_is_passed():
    state = position(3, areas={0: "9d[R2]"}, stashes={0: (1, 0, 0)})
    events = play(state, "B 1 9d")
    assert events[:4] == ["P1 B 1 9d", "LAST", "P1 -", "FLOOD 1"]
    assert LoggedAction(0, 2, "-", ActionFacts(kind="pass")) in state.view(None).turn_log


def test_a_player_with_nothing_to_do_passes_the_whole_turn():
    state = position(3, areas={0: "7h=R1", 1: "5h[B3]"}, stashes={1: (0, 0, 0)}, slot=2)
    events = play(state, "I 7h P3")
    assert events == ["P1 I 7h P3", "P2 -", "P2 -", "P3 R 7h ^"]
    assert (state.current, state.slot) == (2, 2)


def test_a_table_where_nobody_can_act_ends_the_round():
    state = position(3, stashes={seat: (0, 0, 0) for seat in range(3)}, deck="5h 6h")
    # Each round ends after a whole cycle of passes (a guard: E11 rules such a table out).
    assert state.is_over and state.flood["round"] == 3


# --- F10: start player by dice, and direction -------------------------------------------------


F10_AREAS = {
    0: "Ac[R3] 2c 3c 4c 5c 6c 7c",
    1: "Ad[B3] 2d 3d 4d 5d 6d",
    2: "Ah[G3] 2h 3h 4h 5h 6h",
    3: "As[Y3] 2s 3s 4s 5s 6s 7s 8s",
}


def test_f10_start_player_by_tie_rolls_and_counter_clockwise_order():
    dice = list(NO_HIT) * 4 + [3, 4, 3, 5, 5, 4]
    state = position(4, areas=F10_AREAS, round_number=2, current=3, slot=2, last_turn=True, rng=Script(*dice))
    events = play(state, "B 1 As")
    assert events[-3:] == ["STARTROLL P2 3 4 3 =10", "STARTROLL P3 5 5 4 =14", "ROUND 3 START=P3 DIR=CCW"]
    view = state.view(None)
    assert view.start_rolls == (StartRoll(1, (3, 4, 3), 10), StartRoll(2, (5, 5, 4), 14))
    assert view.order == (2, 1, 0, 3) and view.direction == "ccw"
    seen = []
    for _ in range(5):
        seen.append(state.current)
        ace = {0: "Ac", 1: "Ad", 2: "Ah", 3: "As"}[state.current]
        play(state, f"B 1 {ace}")
        play(state, f"B 1 {ace}")
    assert seen == [2, 1, 0, 3, 2], "P3, P2, P1, P4, P3"


def test_players_still_tied_roll_again():
    dice = list(NO_HIT) * 4 + [3, 4, 3, 2, 4, 4, 1, 1, 1, 1, 1, 2]
    state = position(4, areas=F10_AREAS, round_number=2, current=3, slot=2, last_turn=True, rng=Script(*dice))
    events = play(state, "B 1 As")
    assert events[-5:] == [
        "STARTROLL P2 3 4 3 =10",
        "STARTROLL P3 2 4 4 =10",
        "STARTROLL P2 1 1 1 =3",
        "STARTROLL P3 1 1 2 =4",
        "ROUND 3 START=P3 DIR=CCW",
    ]


def test_round_one_everyone_rolls_and_the_order_is_clockwise():
    for seed in range(10):
        state = FLOOD.new(4, seed)
        view = state.view(None)
        assert {roll.seat for roll in view.start_rolls} == {0, 1, 2, 3}
        start = view.order[0]
        assert view.order == tuple((start + i) % 4 for i in range(4)) and view.direction == "cw"
        assert view.current == start and view.slot == 1 and view.round == 1
        assert view.deck_count == 40 and [seat.stash for seat in view.seats] == [(5, 5, 5)] * 4


def test_the_fewest_cards_starts_without_rolling():
    state, events = end_round(3, {1: "9c 8c", 2: "9d"})  # P1's one card goes to P2: 0, 3, 1 cards
    assert events[-1] == "ROUND 2 START=P1 DIR=CW"
    assert not any(event.startswith("STARTROLL") for event in events)
    assert state.view(None).start_rolls == () and state.order == [0, 1, 2]


# --- F11-F14, R18-R23: scoring ----------------------------------------------------------------


def test_f11_final_scoring():
    state = position(3, areas=FLOOD_F11, round_number=3)
    assert state.scoring() == [
        {
            "tallest": 0,
            "singles": 0,
            "own": [{"card": "9h", "points": 9}, {"card": "4d", "points": 4}],
            "colour": [{"card": "5h", "owner": 1, "points": 5}],
            "total": 18,
        },
        {
            "tallest": 15,
            "singles": 10,
            "own": [{"card": "8d", "points": 8}],
            "colour": [{"card": "4d", "owner": 0, "points": 4}],
            "total": 37,
        },
        {
            "tallest": 15,
            "singles": 0,
            "own": [{"card": "9s", "points": 9}, {"card": "8c", "points": 8}],
            "colour": [{"card": "8d", "owner": 1, "points": 8}],
            "total": 40,
        },
    ]


def test_f11_scored_after_the_last_flood():
    state, events = end_round(3, FLOOD_F11, round_number=3)
    assert events[-1] == "SCORE P1 18 P2 37 P3 40 WIN P3"
    assert len(flood_rolls(events)) == 5 and "FLOOD 3" in events
    assert state.is_over and state.to_move == ()
    assert (state.outcome.scores, state.outcome.winners) == ((18, 37, 40), (2,))
    view = state.view(None)
    assert [seat.score.total for seat in view.seats] == [18, 37, 40] and view.winners == (2,) and view.is_over
    assert [breakdown(seat.score) for seat in view.seats] == state.scoring()
    assert [(seat.score.own_points, seat.score.colour_points) for seat in view.seats] == [
        (13, 5),
        (8, 4),
        (17, 8),
    ]
    assert all(state.legal_actions(seat) == [] for seat in range(3))


def test_f12_ties_and_zero_cases():
    rows = position(4, areas=FLOOD_F12).scoring()
    assert [row["total"] for row in rows] == [15, 0, 22, 10]
    assert [row["tallest"] for row in rows] == [0, 0, 15, 0]
    assert [row["singles"] for row in rows] == [10, 0, 0, 10]
    assert rows[3]["own"] == [], "the Ace single scores no sector points"


def test_f13_one_tower_with_two_opponents_colours():
    rows = position(3, areas={0: "7c[B3,G2,G1]", 1: "2h[B1]"}).scoring()
    assert [row["total"] for row in rows] == [22, 17, 7]
    assert rows[2]["colour"] == [{"card": "7c", "owner": 0, "points": 7}], "paid once"


@pytest.mark.parametrize(
    ("roll", "totals", "p3_row"),
    [
        (NO_HIT, [16, 0, 34], {"tallest": 15, "singles": 10, "own": [{"card": "9s", "points": 9}]}),
        ((4, 3, 3), [21, 0, 10], {"tallest": 0, "singles": 10, "own": []}),
    ],
)
def test_f14_a_flood_changes_the_bonuses(roll, totals, p3_row):
    areas = {0: "5h[R1] 6h[R2,R1]", 2: "9s[G3,G3,G2] 4c[G1]"}
    state, events = end_round(3, areas, roll, round_number=3)
    if roll != NO_HIT:
        assert flood_rolls(events)[0] == "ROLL 4 3 3 =9 9s:[G3,G3,G2]->[G2]"
    assert list(state.outcome.scores) == totals
    row = state.scoring()[2]
    assert {key: row[key] for key in p3_row} == p3_row


def test_r23_tied_winners_share_the_win():
    state, events = end_round(3, {0: "5h[R1]", 1: "5c[B1]"}, round_number=3)
    assert events[-1] == "SCORE P1 25 P2 25 P3 0 WIN P1 P2"
    assert state.outcome.winners == (0, 1)


def test_r18_r19_no_towers_no_bonuses():
    rows = position(3, areas={0: "5h=R1", 1: "6h"}).scoring()
    assert [row["total"] for row in rows] == [0, 0, 0]


def test_e7_a_ship_infiltrated_in_the_last_turn_of_the_game_scores_nothing():
    state, _ = end_round(3, {1: "9c[B3,B2]"}, round_number=3)
    assert state.pending[1] and state.outcome.scores == (0, 24, 0)


# --- notation ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("D", Draw()),
        ("draw", Draw()),
        ("K 7h 2", Keep(card("7h"), 2)),
        ("keep 10H l", Keep(card("Th"), 3)),
        ("S 7h:^ 9d:7h", Scrap(ShipMove(card("7h"), None), ShipMove(card("9d"), card("7h")))),
        ("scrap 7h ^ 9d 7h", Scrap(ShipMove(card("7h"), None), ShipMove(card("9d"), card("7h")))),
        ("B 1 9d", Build(1, card("9d"))),
        ("build S AD", Build(1, card("Ad"))),
        ("I 6s P2", Infiltrate(card("6s"), 1)),
        ("infil 6s p4", Infiltrate(card("6s"), 3)),
        ("infiltrate 6s 3", Infiltrate(card("6s"), 2)),
        ("R 6s 3c", Resolve(card("6s"), card("3c"))),
        ("resolve 6s ^", Resolve(card("6s"), None)),
    ],
)
def test_parse_action(text, action):
    assert FLOOD.parse_action(text) == action
    assert FLOOD.parse_action(str(action)) == action
    assert FLOOD.parse_action(str(action).lower()) == action


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "Write an action"),
        ("jump", "not a Martian Flood action"),
        ("K 7h", "not a Martian Flood action"),
        ("K Jh 2", "ranks are A and 2-10"),
        ("B 4 9d", "is not a size"),
        ("I 6s P5", "is not a seat"),
        ("S 7h:^", "not a Martian Flood action"),
        ("R 6s 3x", "is not a card"),
    ],
)
def test_garbage_is_refused_politely(text, message):
    with pytest.raises(IllegalAction, match=message):
        FLOOD.parse_action(text)


def test_position_notation_round_trips():
    state = position(3, areas=FLOOD_F11)
    for seat, text in FLOOD_F11.items():
        assert state.area_notation(seat) == text


# --- refusals ---------------------------------------------------------------------------------


REFUSALS = [
    ({}, "B 3 9d", "That tower's top is smaller than the pyramid."),
    ({}, "B 1 5h", "You have no tower on 5h."),
    ({}, "S 7h:^ 7h:^", "Scrap two different ships."),
    ({}, "S 7h:^ 5h:^", "You have no ship on 5h."),
    ({}, "S 2c:^ 7h:2c", "That tower's top is smaller than the ship."),
    ({}, "K 7h 2", "You haven't drawn any cards: draw first"),
    ({}, "R 6s 3c", "You have no infiltrated ship waiting"),
    ({}, "I 7h P1", "Infiltrate an opponent, not yourself."),
    ({}, "I 7h P4", "There is no P4 in this match."),
    ({"deck": ""}, "D", "The deck is empty: you can't draw."),
    ({"stashes": {0: (0, 0, 0)}}, "D", "Your stash is empty"),
    ({"stashes": {0: (1, 1, 0)}}, "B 3 4c", "You have no large pyramid left in your stash."),
    ({"drawn": "5h 9c*"}, "B 1 9d", "First keep one of the cards you drew \\(5h 9c\\*\\)"),
    ({"drawn": "5h 9c*"}, "K 2d 1", "You drew 5h and 9c: keep one of them."),
    ({"drawn": "5h 9c*", "stashes": {0: (1, 1, 0)}}, "K 5h 3", "You have no large pyramid"),
]


@pytest.mark.parametrize(("setup", "text", "message"), REFUSALS)
def test_refusals_say_why_and_change_nothing(setup, text, message):
    state = position(3, areas={0: "9d[R2,R1] 4c[R3] 7h=R3 2c=R1"}, **setup)
    before = state.to_json()
    with pytest.raises(IllegalAction, match=message):
        play(state, text)
    assert state.to_json() == before


def test_only_the_current_seat_may_act():
    state = FLOOD.new(3, 1)
    other = (state.current + 1) % 3
    before = state.to_json()
    with pytest.raises(IllegalAction, match="It is not your turn"):
        state.apply(other, Draw())
    assert state.to_json() == before and state.legal_actions(other) == []


# --- views, log, persistence, whole games -----------------------------------------------------


def breakdown(score) -> dict:
    """A view's seat score as `FloodState.scoring()` gives its row."""
    row = plain_data(score)
    row["own"] = [{"card": item["card"], "points": item["points"]} for item in row["own"]]
    del row["own_points"], row["colour_points"]
    return row


def test_view_follows_the_brief():
    state = position(3, areas={0: "8h=R2 9d[R2,R1] 4c"}, pending={1: "6s=R2<P1"}, discard="2d 9c")
    view = state.view(2)
    assert isinstance(view, FloodView)
    assert view.game == "flood" and view.seat == 2 and len(view.seats) == 3
    assert [seat.colour for seat in view.seats] == ["R", "B", "G"]
    assert view.seats[0].cards == (
        CardInPlay(card="8h", sector=8, ship="R2"),
        CardInPlay(card="9d", sector=9, tower=("R2", "R1")),
        CardInPlay(card="4c", sector=4),
    )
    assert [spot.is_empty for spot in view.seats[0].cards] == [False, False, True]
    assert view.seats[0].stash == (4, 2, 5), "the pending R2 is P1's too"
    assert view.seats[1].pending == (PendingShip(card="6s", sector=6, ship="R2", sender=0),)
    assert view.card_in_play("9d") is view.seats[0].cards[1] and view.card_in_play("6s") is None
    assert view.discard == ("2d", "9c") and view.deck_count == 32 - 6
    assert view.drawn == () and view.resolving is None and view.flood is None
    assert all(seat.score is None for seat in view.seats) and view.winners == ()
    assert view.to_move == (0,) and view.last_turn is False
    assert view.legal == tuple(str(action) for action in state.legal_actions(0)), (
        "the player to move's choices"
    )
    assert replace(state.view(None), seat=2) == view, "no secrets: every seat sees the same"
    assert state.secrets(0) == set()
    shown = json.dumps(view.to_json())
    assert all(f'"{c}"' not in shown for c in state.deck), "no deck card appears"


def test_the_log_holds_this_turn_and_the_previous_one():
    state = position(3, areas={0: "9d[R3]"}, deck="2c 2d 2h 2s 3c 3d 3h 3s")
    play(state, "B 1 9d")
    play(state, "D")
    play(state, "K 2c 3")
    play(state, "D")
    assert [entry.text for entry in state.view(None).turn_log] == ["B 1 9d", "D 2c 2d >2c 3"]
    play(state, "K 2h 1")
    assert [entry.text for entry in state.view(None).turn_log] == [
        "B 1 9d",
        "D 2c 2d >2c 3",
        "D 2h 2s >2h 1",
    ]


def random_game(num_players, seed, steps=None):
    state = FLOOD.new(num_players, seed)
    chooser = random.Random(seed)
    events = []
    while not state.is_over and (steps is None or steps > 0):
        seat = state.to_move[0]
        events += state.apply(seat, random_choice(state.legal_actions(seat), chooser))
        steps = None if steps is None else steps - 1
    return state, events, chooser


def test_json_round_trip_mid_game_replays_identically():
    state, _, chooser = random_game(4, 11, steps=60)
    data = json.loads(json.dumps(state.to_json()))
    clone = FLOOD.from_json(data)
    assert clone.to_json() == state.to_json()
    while not state.is_over:
        seat = state.to_move[0]
        action = random_choice(state.legal_actions(seat), chooser)
        assert clone.legal_actions(seat) == state.legal_actions(seat)
        assert clone.apply(seat, action) == state.apply(seat, action)
    assert clone.to_json() == state.to_json()


def pyramid_count(state, colour: str) -> int:
    seat = COLOURS.index(colour)
    on_table = [
        pyramid
        for area in state.areas
        for spot in area
        for pyramid in ([spot.ship] if spot.ship else spot.tower)
    ] + [ship.ship for queue in state.pending for ship, _ in queue]
    return sum(state.stash[seat]) + sum(pyramid.colour == colour for pyramid in on_table)


@pytest.mark.parametrize("num_players", [3, 4])
def test_random_games_reach_scoring_and_keep_the_invariants(num_players):
    for seed in range(10):
        state = FLOOD.new(num_players, seed)
        chooser = random.Random(seed)
        events = []
        while not state.is_over:
            seat = state.to_move[0]
            events += state.apply(seat, random_choice(state.legal_actions(seat), chooser))
            for colour in COLOURS[:num_players]:
                assert pyramid_count(state, colour) == 15
            towers = [spot.tower for area in state.areas for spot in area]
            assert all(a.size >= b.size for tower in towers for a, b in pairwise(tower))
            cards = [spot.card for area in state.areas for spot in area] + state.deck + state.discard
            cards += [ship.card for queue in state.pending for ship, _ in queue]
            cards += [c for c, _ in state.drawn or []]
            assert sorted(cards) == sorted(full_deck(num_players)), "every card is in one place"
        assert events[-1].startswith("SCORE ")
        assert [e for e in events if e.startswith("FLOOD")] == ["FLOOD 1", "FLOOD 2", "FLOOD 3"]
        assert [e.split()[1] for e in events if e.startswith("ROUND")] == ["2", "3"]
        assert sum(e.startswith("ROLL") for e in events) == 3 + 4 + 5
        assert state.outcome.winners


def test_registered():
    assert GAMES["flood"] is FLOOD
    assert (FLOOD.min_players, FLOOD.max_players, FLOOD.options) == (3, 4, ())
    with pytest.raises(IllegalAction):
        FLOOD.new(2, 0)


def test_flood_roll_events_carry_the_rolls_the_view_shows():
    chooser = random.Random(3)
    state = FLOOD.new(3, 3)
    while not state.over:
        seat = state.to_move[0]
        events = state.apply(seat, random_choice(state.legal_actions(seat), chooser))
        rolls = [event for event in events if event.startswith("ROLL ")]
        if rolls:
            shown = state.view(None).flood.rolls
            assert [event.facts for event in rolls] == plain_data(shown)
            for event in rolls:
                assert event.facts["sector"] == flood_sector(event.facts["dice"])
                assert event.startswith(
                    f"ROLL {' '.join(map(str, event.facts['dice']))} ={event.facts['sector']} "
                )
            return
    pytest.fail("no flood")


def test_the_view_says_rounds_slots_and_the_sectors_cards_name():
    for num_players in (3, 4):
        view = FLOOD.new(num_players, 1).view(None)
        assert view.rounds == LAST_ROUND == len(FLOOD_ROLLS) and view.slots == SLOTS
        assert list(view.card_sectors) == sorted({sector(card) for card in full_deck(num_players)})
    assert card_sectors(3) == list(range(2, 10)) and card_sectors(4) == list(range(1, 11))
    state = position(3, areas={0: "7h=R2 4c[R3]"}, deck="5h", discard="2d 9c")
    assert state.view(None).discard_sectors == (2, 9)
    play(state, "D")
    view = state.view(None)
    assert [drawn.sector for drawn in view.drawn] == [5, 9] and view.discard_sectors == (2,)
    assert {str(card): sector(card) for card in full_deck(4)} == SECTOR_OF_CARD


def test_log_entries_carry_the_facts_of_what_was_played():
    state = position(3, areas={0: "7h=R2 8d=R1 9d[R3]", 1: "3c[B2]"}, deck="2c 2d 2h 2s", discard="5s")
    play(state, "S 7h:^ 8d:9d")
    play(state, "B 1 7h")
    play(state, "D")
    play(state, "K 2d 3")
    facts = [entry.facts for entry in state.view(None).turn_log]
    assert facts == [
        ActionFacts(kind="scrap", moves=(ShipMoveFacts("7h", None), ShipMoveFacts("8d", "9d"))),
        ActionFacts(kind="build", size=1, card="7h"),
        ActionFacts(kind="draw", drawn=(DrawnFacts("2c", False), DrawnFacts("2d", False)), kept="2d", size=3),
    ]
    assert log_facts("D 5h 9c* >9c 1").drawn == (DrawnFacts("5h", False), DrawnFacts("9c", True))
    assert log_facts("I 6s P3") == ActionFacts(kind="infiltrate", card="6s", target=2)
    assert log_facts("R 6s ^") == ActionFacts(kind="resolve", card="6s", dest=None)
    assert log_facts("-") == ActionFacts(kind="pass")


def test_events_carry_their_facts():
    """Along random games, each event's facts agree with the state it leaves behind."""
    for num_players, seed in ((3, 5), (4, 6)):
        chooser = random.Random(seed)
        state = FLOOD.new(num_players, seed)
        kinds = set()
        while not state.over:
            seat = state.to_move[0]
            action = random_choice(state.legal_actions(seat), chooser)
            before = state.view(None)
            events = state.apply(seat, action)
            view = state.view(None)
            rolls = [event for event in events if event.kind == "STARTROLL"]
            if rolls:
                assert [event.facts for event in rolls] == plain_data(view.start_rolls)
            for event in events:
                kinds.add(event.kind)
                facts = event.facts
                if event.kind == "ROUND":
                    assert facts == {"round": view.round, "start": view.order[0], "direction": view.direction}
                elif event.kind == "DREW":
                    assert facts["seat"] == seat
                    assert facts["cards"] == plain_data(view.drawn)
                elif event.kind == "FLOOD":
                    assert facts == {"round": before.round}
                elif event.kind == "SCORE":
                    assert facts == {
                        "scores": [seat.score.total for seat in view.seats],
                        "winners": list(view.winners),
                        "breakdown": [breakdown(seat.score) for seat in view.seats],
                    }
                elif event.kind == "LAST":  # the deck ran out, or the actor's stash (or both)
                    assert set(facts) == {"deck_empty", "stash_empty"}
                    assert facts["deck_empty"] or facts["stash_empty"]
                    if view.round == before.round and not view.is_over:  # no flood yet
                        assert facts["deck_empty"] == (view.deck_count == 0)
                        assert facts["stash_empty"] == (not any(view.seats[seat].stash))
                elif event.kind in ("STALL", "ROLL", "STARTROLL"):  # rolls checked above
                    continue
                else:  # a used action slot: "P2 B 1 9d"
                    assert event == f"P{facts['seat'] + 1} {event.split(' ', 1)[1]}"
                    assert facts["action"] == log_facts(event.split(" ", 1)[1])
                    if event is events[0]:  # the player's own action
                        assert not facts["automatic"] and facts["seat"] == seat
                        assert facts["slot"] == before.slot
                        if not isinstance(action, Keep):  # a keep is logged with its draw
                            assert facts["action"] == action_facts(action)
                    else:  # the rules' own: a pass, or an infiltrated ship with one place (or none) to go
                        assert facts["automatic"] and facts["action"].kind in ("pass", "resolve")
        assert {"ROUND", "FLOOD", "ROLL", "SCORE", "LAST"} <= kinds


def test_automatic_landings_and_passes_are_marked_so():
    state = position(3, areas={0: "8h=R2 9d[R1]", 1: "3c[B2]"}, deck="2c 2d 2h 2s 3d 3h")
    play(state, "I 8h P2")
    events = play(state, "B 1 9d")  # P1's turn ends; P2's only tower takes the ship
    landing = next(event for event in events if event.startswith("P2 R"))
    assert landing.facts == {
        "seat": 1,
        "slot": 1,
        "action": ActionFacts(kind="resolve", card="8h", dest="3c"),
        "automatic": True,
    }
    assert state.areas[1][-1].card == parse_card("8h") and state.current == 1


# --- rules as topics, and where a move goes -----------------------------------------------------


def topics(state, text: str) -> list[str]:
    """The topics `text` touches, played by the seat to move."""
    action = FLOOD.parse_action(text)
    return FLOOD.topics_of(action, state.apply(state.to_move[0], action))


def test_the_rules_a_player_learns():
    assert [(topic.id, topic.kind) for topic in FLOOD.topics] == [
        ("draw", "action"),
        ("keep", "action"),
        ("build", "action"),
        ("scrap", "action"),
        ("infiltrate", "action"),
        ("resolve", "action"),
        ("deck-out", "ending"),
        ("last-pyramid", "ending"),
        ("flood", "ending"),
        ("game-end", "ending"),
        ("tallest-tower", "scoring"),
        ("most-singles", "scoring"),
        ("own-towers", "scoring"),
        ("colour-bonus", "scoring"),
    ]


def test_each_action_touches_its_own_kind():
    state = position(3, areas={0: "7h=R3 5d=R2 9d[R3]", 1: "3c[B2] 9h[B3]"})
    assert topics(state, "D") == ["draw"]
    assert topics(state, "K 2c 1") == ["keep"]
    state = position(3, areas={0: "7h=R3 5d=R2 9d[R3]"})
    assert topics(state, "S 7h:^ 5d:7h") == ["scrap"]
    assert topics(state, "B 1 9d") == ["build"]


def test_an_infiltrating_ship_lands_by_choice_or_on_its_own():
    state = position(3, areas={0: "6s=R2 8h=R1", 1: "3c[B2] 9h[B3]"})
    assert topics(state, "I 6s P2") == ["infiltrate"]
    assert topics(state, "I 8h P3") == ["infiltrate"], "two towers fit: P2 chooses"
    assert legal(state) == {"R 6s 3c", "R 6s 9h"}
    assert topics(state, "R 6s 9h") == ["resolve"]
    state = position(3, areas={0: "8h=R2 9d[R1]", 1: "3c[B2]"}, deck="2c 2d 2h 2s 3d 3h")
    play(state, "I 8h P2")
    assert topics(state, "B 1 9d") == ["build", "resolve"], "P2's only tower takes it at once"


def test_a_round_ends_when_the_deck_runs_out_or_a_stash_does():
    state = position(3, areas={0: "7h=R2 4c[R3]"}, deck="5h", discard="2d 9c")
    play(state, "D")
    assert topics(state, "K 9c 1") == ["keep", "deck-out"]
    assert topics(state, "B 1 4c") == ["build", "flood"], "the turn, and with it the round, ends"
    deck = "2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d"
    state = position(3, areas={0: "9d[R2] 7h=R3"}, stashes={0: (1, 0, 0)}, deck=deck)
    assert topics(state, "B 1 9d") == ["build", "last-pyramid"]
    state = position(3, stashes={0: (0, 1, 0)}, deck="5h 6h")
    play(state, "D")
    assert topics(state, "K 6h 2") == ["keep", "deck-out", "last-pyramid"]


def test_the_last_flood_ends_the_game_and_shows_the_scoring_that_paid():
    _, events = end_round(3, FLOOD_F11, round_number=3)
    assert FLOOD.topics_of(Infiltrate(card("2c"), 1), events) == [
        "infiltrate",
        "flood",
        "game-end",
        "tallest-tower",
        "most-singles",
        "own-towers",
        "colour-bonus",
    ]
    _, events = end_round(3, {1: "9c[B3,B2]"}, round_number=3)  # one tower: no colour, no singles
    assert FLOOD.topics_of(Infiltrate(card("2c"), 1), events) == [
        "infiltrate",
        "flood",
        "game-end",
        "tallest-tower",
        "own-towers",
    ]


def test_marks_are_the_move_as_the_turn_log_will_show_it():
    state = position(3, areas={0: "7h=R3 5d=R2 9d[R3]", 1: "3c[B2]"}, slot=2)
    marks = {
        text: FLOOD.marks(state, 0, FLOOD.parse_action(text))
        for text in ("B 2 9d", "S 7h:^ 5d:7h", "I 5d P2", "D")
    }
    assert marks["B 2 9d"] == LoggedAction(0, 2, "B 2 9d", ActionFacts(kind="build", size=2, card="9d"))
    assert marks["S 7h:^ 5d:7h"].facts == ActionFacts(
        kind="scrap", moves=(ShipMoveFacts("7h", None), ShipMoveFacts("5d", "7h"))
    )
    assert marks["I 5d P2"].facts == ActionFacts(kind="infiltrate", card="5d", target=1)
    assert marks["D"].facts == ActionFacts(kind="draw")
    play(state, "B 2 9d")  # as played, the turn log holds the same entry
    assert state.view(None).turn_log[-1] == marks["B 2 9d"]
    state = position(3, areas={1: "3c[B2] 9h[B3]"}, pending={1: "6s=R2<P1"}, current=1)
    assert FLOOD.marks(state, 1, Resolve(card("6s"), card("9h"))).facts == ActionFacts(
        kind="resolve", card="6s", dest="9h"
    )
    state = position(3, drawn="7h 3c")
    assert FLOOD.marks(state, 0, Keep(card("3c"), 1)).facts == ActionFacts(kind="keep", card="3c", size=1)
