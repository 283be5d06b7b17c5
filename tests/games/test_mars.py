"""Agents of M.A.R.S.: every test vector of shared/rules/mars.md section 8, plus rule details."""

import itertools
import random

import pytest

from games import IllegalAction, Rng, mars
from games.mars import MARS, Draw, Move, Place, Swap, SwapSlots, landing_groups, score_board
from games.mars_views import LastAction
from games.pieces import Pyramid
from tests.positions import MARS_M1 as M1
from tests.positions import parse_position


def parse_board(text: str) -> dict[str, Pyramid]:
    return {square: Pyramid.parse(token) for square, token in parse_position(text).items()}


def objective(text: str) -> dict[int, str]:
    return {int(word.split(":")[0]): word.split(":")[1] for word in text.split()}


def options(**overrides):
    return MARS.resolve_options(overrides)


def position(
    board: dict | str, *, objectives=("+2:Y +1:G 0:R -1:B", "+2:B +1:R 0:Y -1:G"), bag=None, **variant
):
    """A play-phase state with the given board (a diagram, or pieces by square) and objectives, P1
    (seat 0) to move."""
    board = parse_position(board) if isinstance(board, str) else {sq: str(p) for sq, p in board.items()}
    return mars.position(board, objectives=objectives, bag=bag, options=variant)


def tokens(view, owner: int) -> list[str]:
    """`owner`'s objective slots as `view` shows them, in notation ("P1+2:Y", "P1+1:?")."""
    return [slot.token for slot in view.objectives[owner].slots]


def sparse(**pieces) -> dict[str, Pyramid]:
    return {square: Pyramid.parse(piece) for square, piece in pieces.items()}


def legal(state, seat=None) -> set[str]:
    return {str(a) for a in state.legal_actions(state.to_move[0] if seat is None else seat)}


# --- scoring --------------------------------------------------------------------------------


def test_m1_groups_and_values():
    result = score_board(parse_board(M1), "RGBY", biggest_only=False, size_points=False)
    scoring = {
        (g["colour"], tuple(sorted(g["squares"]))): (g["count"], g["pips"])
        for g in result["groups"]
        if g["scores"]
    }
    assert scoring == {
        ("Y", tuple(sorted(["a8", "b8", "c8", "a7", "a6"]))): (5, 11),
        ("G", tuple(sorted(["e8", "f8", "e7", "e6"]))): (4, 9),
        ("R", tuple(sorted(["d8", "d7", "c7", "b7", "c6"]))): (5, 12),
        ("R", tuple(sorted(["f3", "g3", "g4", "g2"]))): (4, 7),
        ("B", tuple(sorted(["d4", "d3", "e3", "e4", "e2"]))): (5, 11),
    }
    assert result["values"] == {"R": 19, "G": 9, "B": 11, "Y": 11}
    small_yellow = next(g for g in result["groups"] if sorted(g["squares"]) == ["c1", "c2", "d2"])
    assert not small_yellow["scores"]
    assert all(g["colour"] != "K" for g in result["groups"]), "black groups are never scored"


def test_tv1_base_score():
    state = position(M1)
    state.over = True
    assert state.scoring()["totals"] == [20, 32]
    assert state.outcome.winners == (1,)


@pytest.mark.parametrize(
    ("variant", "objectives", "totals"),
    [
        ({"biggest_only": True}, None, [20, 25]),
        ({"size_points": True}, None, [29, 47]),
        ({"biggest_only": True, "size_points": True}, None, [29, 36]),
        ({"no_center": True}, ("+3:Y +2:G -1:R -2:B", "+3:B +2:R -1:Y -2:G"), [10, None]),
    ],
)
def test_tv2_variants_on_m1(variant, objectives, totals):
    state = position(M1, objectives=objectives or ("+2:Y +1:G 0:R -1:B", "+2:B +1:R 0:Y -1:G"), **variant)
    state.over = True
    got = state.scoring()["totals"]
    assert [g if t is not None else None for g, t in zip(got, totals, strict=True)] == totals


def test_tv2_size_and_biggest_colour_values():
    values = score_board(parse_board(M1), "RGBY", biggest_only=False, size_points=True)["values"]
    assert values == {"R": 28, "G": 13, "B": 16, "Y": 16}
    assert score_board(parse_board(M1), "RGBY", biggest_only=True, size_points=True)["values"]["R"] == 17


def test_biggest_only_scores_singletons_and_absent_colour_zero():
    board = sparse(a1="R3", c1="R1", e1="G2")
    values = score_board(board, "RGBY", biggest_only=True, size_points=False)["values"]
    assert values == {"R": 3, "G": 2, "B": 0, "Y": 0}


def test_biggest_only_counts_pieces_before_pips():
    """§6.4: the group with the most pieces scores, even when a smaller group has more pips; pips
    only break a tie in count (a mutant comparing pips first survived a sample)."""
    three_smalls = sparse(a1="R1", a2="R1", a3="R1", c1="R3", c2="R3")
    values = score_board(three_smalls, "RGBY", biggest_only=True, size_points=False)["values"]
    assert values["R"] == 3
    tie_in_count = sparse(a1="R1", a2="R1", c1="R3", c2="R2")
    assert score_board(tie_in_count, "RGBY", biggest_only=True, size_points=False)["values"]["R"] == 5


def test_a_tie_is_a_draw():
    state = position(sparse(a1="R3"), objectives=("+2:Y +1:G 0:R -1:B", "+2:Y +1:G 0:R -1:B"))
    state.over = True
    assert state.outcome.winners == (0, 1)


# --- end of game ----------------------------------------------------------------------------


def test_tv3_only_a_draw_can_end_the_game():
    board = parse_board(M1)
    del board["g1"]
    state = position(board, bag={"R1": 1, "G2": 1, "K1": 1, "G1": 1})
    state.rng = Rng(0)
    events = state.apply(0, Draw())
    drawn = state.drawn
    assert events == [f"DRAW {drawn}"] and state.to_move == (0,)
    assert legal(state) == {f"{drawn}@g1"}
    if drawn == Pyramid("G", 1):
        events = state.apply(0, Place(drawn, "g1"))
        assert state.is_over and events == ["# P1 20 P2 32"] and state.outcome.scores == (20, 32)
    else:
        state.apply(0, Place(drawn, "g1"))
        assert state.is_over  # any piece fills the board
    assert state.to_move == () and [o.public for o in state.view(None).objectives] == [
        (2, 1, 0, -1),
        (2, 1, 0, -1),
    ]


def test_tv3_exact_vector_with_the_drawn_piece_forced():
    board = parse_board(M1)
    del board["g1"]
    state = position(board, bag={"G1": 1})
    state.apply(0, Draw())
    state.apply(0, Place(Pyramid("G", 1), "g1"))
    assert state.is_over and state.outcome.scores == (20, 32) and state.outcome.winners == (1,)


# --- moves and swaps ------------------------------------------------------------------------

TV4 = sparse(a1="R3", a2="G1", a3="B2", b1="Y1", c1="K2", g7="G2", e5="K1")


def test_tv4_moves():
    state = position(TV4)
    actions = legal(state)
    assert {"a1-a4", "a1-d1", "g7-g5", "g7-e7"} <= actions
    assert not {a for a in actions if a.startswith("e5")}, "black never moves"
    assert not {a for a in actions if a.startswith("a1") and a not in ("a1-a4", "a1-d1")}
    assert not {a for a in actions if a.startswith("g7")} - {"g7-g5", "g7-e7"}
    assert "a2-a3" not in actions and "a2xa3" in actions
    with pytest.raises(IllegalAction, match="occupied"):
        state.apply(0, Move("a2", "a3"))
    with pytest.raises(IllegalAction, match="never move"):
        state.apply(0, Move("e5", "e6"))


TV5 = sparse(c2="G3", c5="B2", f2="K1", d4="Y1", d5="Y2", c8="G3", f5="G3")


def test_tv5_swaps():
    state = position(TV5)
    actions = legal(state)
    assert {"c2xc5", "d4xd5", "f5xc5", "c5xc8"} & actions == {"c2xc5", "d4xd5", "f5xc5"}
    assert "c8xc5" in actions or "c5xc8" in actions
    assert "c2xf2" not in actions and "f5xf2" not in actions
    with pytest.raises(IllegalAction, match="exactly 2"):
        state.apply(0, Swap("c5", "c2"))
    with pytest.raises(IllegalAction, match="exactly 2"):
        state.apply(0, Swap("c5", "c8"))
    with pytest.raises(IllegalAction, match="Black"):
        state.apply(0, Swap("c2", "f2"))
    state.apply(0, Swap("c2", "c5"))
    assert str(state.board["c2"]) == "B2" and str(state.board["c5"]) == "G3"
    assert "c8xc5" not in legal(state, 1), "c5 now holds an identical G3"


def test_a_swap_both_pieces_can_start_is_listed_once_by_the_first_square():
    state = position(sparse(d4="R2", d6="B2"))
    swaps = [a for a in legal(state) if "x" in a]
    assert swaps == ["d4xd6"]
    state.apply(0, MARS.parse_action("d6xd4"))  # the other notation is the same action
    assert str(state.board["d4"]) == "B2"


def test_tv6_ko_for_a_move():
    state = position(sparse(c3="R2"))
    state.apply(0, Move("c3", "c5"))
    reply = legal(state)
    assert "c5-c3" not in reply and {"c5-e5", "c5-c7"} <= reply
    with pytest.raises(IllegalAction, match="Ko"):
        state.apply(1, Move("c5", "c3"))
    assert state.view(None).ko_forbidden == ("c5-c3",)
    # If the opponent draws instead, the ban is gone on the next turn.
    state.apply(1, Draw())
    state.apply(1, Place(state.drawn, "a8"))
    assert "c5-c3" in legal(state)


def test_tv7_ko_for_a_swap():
    state = position(sparse(d4="R2", d6="B2", f6="Y3"))
    state.apply(0, Swap("d4", "d6"))
    assert str(state.board["d4"]) == "B2" and str(state.board["d6"]) == "R2"
    with pytest.raises(IllegalAction, match="Ko"):
        state.apply(1, Swap("d4", "d6"))
    with pytest.raises(IllegalAction, match="Ko"):
        state.apply(1, Swap("d6", "d4"))
    assert "d6xf6" in legal(state)
    # Both pieces reach each other, so the view names both starts of the same forbidden swap.
    assert sorted(state.view(1).ko_forbidden) == ["d4xd6", "d6xd4"]


def test_ko_never_binds_a_players_own_earlier_move():
    state = position(sparse(c3="R2", a8="G1"))
    state.apply(0, Move("c3", "c5"))
    state.apply(1, Move("a8", "a7"))
    assert "c5-c3" in legal(state)
    assert state.view(0).ko_forbidden == ("a7-a8",)


# --- objective swaps (phase A) --------------------------------------------------------------


@pytest.mark.parametrize(
    ("blacks", "black_trio", "open_"),
    [
        (["K1", "K1", "K3"], False, True),
        (["K1", "K1", "K3", "K1"], False, False),
        (["K1", "K1", "K1", "K1", "K3"], True, True),
        (["K3", "K2"], True, True),
        (["K3", "K2", "K1"], True, False),
    ],
)
def test_tv8_objective_swap_window(blacks, black_trio, open_):
    board = {f"{'abcdefg'[i]}1": Pyramid.parse(piece) for i, piece in enumerate(blacks)}
    state = position(board, black_trio=black_trio)
    assert state.swaps_open() is open_
    assert any(a.startswith("O") for a in legal(state)) is open_
    if not open_:
        with pytest.raises(IllegalAction, match="closed"):
            state.apply(0, SwapSlots(2, -1))


def test_tv9_objective_swap_reveals_both_slots():
    state = position(sparse(a1="R3"))
    events = state.apply(0, MARS.parse_action("O+2/-1"))
    assert events == ["O+2/-1=B,Y"]
    assert state.objectives[0] == {2: "B", 1: "G", 0: "R", -1: "Y"}
    assert tokens(state.view(1), 0) == ["P1+2:B", "P1+1:?", "P10:?", "P1-1:Y"]
    assert state.to_move == (0,), "phase A never replaces phase B"
    assert not any(a.startswith("O") for a in legal(state)), "at most once per turn"
    with pytest.raises(IllegalAction, match="already swapped"):
        state.apply(0, SwapSlots(1, 0))
    state.apply(0, Draw())
    state.apply(0, Place(state.drawn, "g8"))
    state.apply(1, Draw())
    state.apply(1, Place(state.drawn, "g7"))
    state.apply(0, SwapSlots(1, -1))
    assert state.objectives[0] == {2: "B", 1: "Y", 0: "R", -1: "G"}
    assert tokens(state.view(1), 0) == ["P1+2:B", "P1+1:Y", "P10:?", "P1-1:G"]


def test_tv10_five_colour_counts():
    state = MARS.new(2, 1, {"five_colours": "+3"})
    assert sum(state.bag.values()) == 70 and state.files == 8
    assert state.slot_values == (3, 2, 1, 0, -1)
    assert state.bag["K1"] == 5 and "K2" not in state.bag and "K3" not in state.bag
    assert 90 - 70 == 20  # kits: 4 white L + black L + 5 M, and 4 white M + black M + 5 S
    board = {f"a{i + 1}": Pyramid("K", 1) for i in range(3)}
    state.board = board
    state.objectives = [objective("+3:P +2:Y +1:G 0:R -1:B"), objective("+3:B +2:P +1:R 0:Y -1:G")]
    assert state.swaps_open()
    state.board["a4"] = Pyramid("K", 1)
    assert not state.swaps_open()
    assert MARS.new(2, 1, {"five_colours": "-2"}).slot_values == (2, 1, 0, -1, -2)


def test_base_bag_has_59_pieces_and_board_56_squares():
    state = MARS.new(2, 7)
    assert sum(state.bag.values()) == 59 and state.files * 8 == 56
    assert state.bag == {
        **{f"{c}{s}": n for c in "RGBY" for s, n in ((3, 5), (2, 4), (1, 4))},
        "K1": 5,
        "K2": 1,
        "K3": 1,
    }


# --- setup, hidden objectives and variants --------------------------------------------------


def test_players_choose_objectives_in_secret_and_simultaneously():
    state = MARS.new(2, 4, {"first_player": 2})
    assert state.to_move == (0, 1) and len(legal(state, 0)) == 24
    state.apply(1, MARS.parse_action("+2:B +1:R 0:Y -1:G"))
    assert state.to_move == (0,)
    assert tokens(state.view(0), 1) == ["P2+2:?", "P2+1:?", "P20:?", "P2-1:?"]
    assert tokens(state.view(1), 1) == ["P2+2:B", "P2+1:R", "P20:Y", "P2-1:G"]
    assert [o.chosen for o in state.view(None).objectives] == [False, True]
    with pytest.raises(IllegalAction, match="exactly one"):
        state.apply(0, MARS.parse_action("+2:Y +1:Y 0:R -1:B"))
    state.apply(0, MARS.parse_action("+2:Y +1:G 0:R -1:B"))
    assert state.to_move == (1,), "P2 was chosen to move first"


def test_each_seat_is_offered_a_ready_objective_only_it_sees_while_choosing():
    """A random order of the colours per seat, from the match's secret seed (the draws untouched):
    in the seat's own view while it chooses, never in the public view, gone once chosen; a
    determinization keeps the seat's own and drops the other's."""
    offered = set()
    for seed in range(12):
        state = MARS.new(2, seed, {"first_player": 1})
        counter = state.rng.counter
        mine, theirs = state.view(0).suggested_objective, state.view(1).suggested_objective
        assert sorted(mine) == sorted(theirs) == sorted("RGBY") and state.rng.counter == counter
        assert getattr(state.view(None), "suggested_objective", None) is None
        assert MARS.new(2, seed, {"first_player": 1}).view(0).suggested_objective == mine
        assert MARS.from_json(state.to_json()).view(0).suggested_objective == mine
        assert state.determinize(0, 1).suggestions == [mine, None]
        state.apply(
            0,
            MARS.parse_action(
                " ".join(f"{v:+d}:{c}".replace("+0", "0") for v, c in zip((2, 1, 0, -1), mine, strict=True))
            ),
        )
        assert state.view(0).suggested_objective is None and state.view(1).suggested_objective == theirs
        offered.add(mine)
    assert len(offered) > 4
    five = MARS.new(2, 3, {"five_colours": "+3"})
    assert sorted(five.view(1).suggested_objective) == sorted("RGBYP")
    assert MARS.new(2, 3, {"objectives": "deck"}).view(0).suggested_objective is None  # dealt


def test_card_deck_deals_two_different_objectives():
    for seed in range(20):
        state = MARS.new(2, seed, {"objectives": "deck"})
        assert state.to_move == (state.first,)
        assert state.objectives[0] != state.objectives[1]
        assert sorted(state.objectives[0].values()) == list("BGRY")


def test_blind_agents_see_only_the_opponents_objective_and_swap_it():
    state = MARS.new(2, 5, {"blind": True, "first_player": 1})
    mine, theirs = tokens(state.view(0), 0), tokens(state.view(0), 1)
    assert all(token.endswith("?") for token in mine), "you can't see your own objective"
    assert not any(token.endswith("?") for token in theirs)
    assert state.secrets(0) == set(theirs)
    assert state.secrets(1) == set(tokens(state.view(1), 0))  # and the other way round
    before = dict(state.objectives[1])
    state.apply(0, SwapSlots(2, 1))
    assert state.objectives[1][2] == before[1] and state.objectives[1][1] == before[2]
    assert state.public[1] == {2, 1} and state.public[0] == set()


@pytest.mark.parametrize(
    ("variant", "words"),
    [
        ({"five_colours": "+3", "no_center": True}, "No Center"),
        ({"five_colours": "-2", "black_trio": True}, "Black Trio"),
        ({"five_colours": "+3", "objectives": "deck"}, "4 colours"),
    ],
)
def test_incompatible_variants_are_refused(variant, words):
    with pytest.raises(IllegalAction, match=words):
        MARS.new(2, 1, variant)


def test_every_allowed_variant_combination_starts():
    names = ["five_colours", "blind", "black_trio", "biggest_only", "size_points", "no_center", "objectives"]
    choices = [next(o.choices for o in MARS.options if o.name == name) for name in names]
    started = 0
    for combo in itertools.product(*choices):
        try:
            state = MARS.new(2, 1, dict(zip(names, combo, strict=True)))
        except IllegalAction:
            continue
        started += 1
        assert state.to_move
    # 4 colours: all 2**6 combinations; 5 colours (+3 or -2): only blind, biggest and size vary.
    assert started == 2**6 + 2 * 2**3


# --- facts the view and events carry for texts and pictures -----------------------------------


def random_game(seed: int, steps: int, **variant):
    """A seeded random game: yields (state, the events of its last action) after every action."""
    rng = random.Random(seed)
    state = MARS.new(2, seed, variant)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        events = state.apply(seat, actions[0] if rng.random() < 0.5 else rng.choice(actions))
        yield state, events


@pytest.mark.parametrize(("seed", "variant"), [(1, {}), (2, {"five_colours": "+3"})])
def test_view_reach_matches_the_moves_and_swaps_the_engine_allows(seed, variant):
    checked = 0
    for state, _ in random_game(seed, 160, **variant):
        view = state.view(state.to_move[0])
        if view.drawn:
            continue
        reach, board = view.reach, view.board
        assert set(reach) == {square for square, code in board.items() if code[0] != "K"}
        files = "abcdefgh"[: view.files]
        for origin, targets in reach.items():
            pips = int(board[origin][1])
            for target in targets:  # exactly the piece's pips away, straight, on the board (R6)
                df, dr = files.index(target[0]) - files.index(origin[0]), int(target[1]) - int(origin[1])
                assert {abs(df), abs(dr)} == {0, pips}
                assert target[0] in files and 1 <= int(target[1]) <= view.ranks
        moves = {(a.origin, a.target) for a in state.legal_actions(state.to_move[0]) if isinstance(a, Move)}
        swaps = {
            frozenset((a.initiator, a.target))
            for a in state.legal_actions(state.to_move[0])
            if isinstance(a, Swap)
        }
        ko = set(view.ko_forbidden)
        for origin, targets in reach.items():
            for target in targets:
                other = board.get(target)
                if other is None:
                    assert ((origin, target) in moves) == (f"{origin}-{target}" not in ko)
                elif other[0] != "K" and other != board[origin] and f"{origin}x{target}" not in ko:
                    assert frozenset((origin, target)) in swaps
        assert all(target in reach[origin] for origin, target in moves)
        assert all(any(b in reach.get(a, ()) for a, b in itertools.permutations(pair)) for pair in swaps)
        checked += 1
    assert checked > 30


def test_reach_is_public_and_the_same_for_every_viewer():
    for state, _ in random_game(3, 60):
        assert state.view(None).reach == state.view(0).reach == state.view(1).reach


def test_events_carry_their_facts():
    state = position(sparse(a1="R3"))
    (swapped,) = state.apply(0, SwapSlots(2, -1))
    assert swapped == "O+2/-1=B,Y"
    assert swapped.facts == {"owner": 0, "high": 2, "low": -1, "colours": ("B", "Y")}
    assert (state.objectives[0][2], state.objectives[0][-1]) == swapped.facts["colours"]
    (drew,) = state.apply(0, Draw())
    assert drew.kind == "DRAW" and drew.facts["piece"] == str(state.drawn)


def test_final_event_and_scoring_facts():
    for size_points in (False, True):
        *_, (state, events) = random_game(4, 10_000, size_points=size_points)
        assert state.is_over
        assert events[-1].facts["scores"] == state.outcome.scores
        scoring = state.view(None).scoring
        assert scoring.size_points is size_points
        for colour, value in scoring.values.items():
            groups = [g for g in scoring.groups if g.colour == colour and g.scores]
            counted = sum(g.pips + (g.count if scoring.size_points else 0) for g in groups)
            assert counted == value


# --- rules as topics, and the marks of a suggested move -------------------------------------


def test_the_engine_lists_its_rules_as_topics():
    assert [(t.id, t.kind) for t in MARS.topics] == [
        ("objective", "action"),
        ("draw", "action"),
        ("place", "action"),
        ("move", "action"),
        ("swap", "action"),
        ("objective-swap", "action"),
        ("groups-score", "scoring"),
        ("slot-values", "scoring"),
        ("board-full", "ending"),
    ]


def applied_topics(state, seat, text: str) -> list[str]:
    action = MARS.parse_action(text)
    return MARS.topics_of(action, state.apply(seat, action))


def test_each_action_touches_its_own_kind():
    state = MARS.new(2, 7, {"first_player": 1})
    assert applied_topics(state, 0, "+2:Y +1:G 0:R -1:B") == ["objective"]
    assert applied_topics(state, 1, "+2:B +1:R 0:Y -1:G") == ["objective"]
    assert applied_topics(state, 0, "O+2/-1") == ["objective-swap"]
    assert applied_topics(state, 0, "D") == ["draw"]
    assert applied_topics(state, 0, f"{state.drawn}@c2") == ["place"]
    state = position(sparse(c2="G3", c5="B2", a1="R3"))
    assert applied_topics(state, 0, "a1-a4") == ["move"]
    assert applied_topics(state, 1, "c2xc5") == ["swap"]


def test_the_last_placement_ends_the_match_and_scores_groups_times_slots():
    board = parse_board(M1)
    del board["g1"]
    state = position(board, bag={"R1": 1, "G2": 1, "K1": 1, "G1": 1})
    state.drawn = Pyramid("G", 1)
    state.bag["G1"] -= 1
    assert applied_topics(state, 0, "G1@g1") == ["place", "board-full", "groups-score", "slot-values"]


def test_a_full_board_without_a_group_of_four_scores_no_group():
    # Neighbours always differ in colour: every group is one piece, nothing scores.
    board = {
        f"{'abcdefg'[file]}{rank + 1}": Pyramid("RGBY"[(file + 2 * rank) % 4], 1)
        for file in range(7)
        for rank in range(8)
    }
    del board["g8"]
    state = position(board, bag={"B1": 1})
    state.drawn = Pyramid("B", 1)
    state.bag.clear()
    assert applied_topics(state, 0, "B1@g8") == ["place", "board-full", "slot-values"]
    assert state.is_over and state.outcome.scores == (0, 0)


def test_marks_say_where_an_action_goes_as_the_last_action_will():
    state = position(sparse(c2="G3", c5="B2", a1="R3", e5="Y1"))
    for seat, text in ((0, "a1-a4"), (1, "c2xc5"), (0, "e5-e6")):
        action = MARS.parse_action(text)
        marks = MARS.marks(state, seat, action)
        state.apply(seat, action)
        assert marks == state.view(None).last_action
    assert MARS.marks(state, 1, MARS.parse_action("a4-a1")) == LastAction(1, "move", ("a4", "a1"), "R3")
    assert MARS.marks(state, 1, Draw()) is None
    state.apply(1, Draw())
    placement = Place(state.drawn, "g8")
    assert MARS.marks(state, 1, placement) == LastAction(1, "place", ("g8",), str(state.drawn))


def test_marks_of_an_objective_swap_name_the_objective_and_its_two_slots():
    state = position(sparse(a1="R3"))
    assert MARS.marks(state, 0, SwapSlots(1, -1)) == LastAction(
        0, "objective", (), None, owner=0, slots=(1, -1)
    )
    blind = position(sparse(a1="R3"), blind=True)
    assert MARS.marks(blind, 0, SwapSlots(2, 0)).owner == 1  # Blind Agents swap the other's slots
    assert MARS.marks(MARS.new(2, 3), 0, MARS.parse_action("+2:Y +1:G 0:R -1:B")) is None


def test_landing_groups_tell_where_the_pieces_put_down_end_up():
    view = position(sparse(c2="G3", c5="B2", c6="G1", d5="G2", b5="G1", b2="B1", a1="K1")).view(None)
    standard = MARS.resolve_options({})
    assert landing_groups(view, Swap("c2", "c5"), standard) == {
        "groups": [
            {"square": "c5", "piece": "G3", "count": 4, "pips": 7, "scores": True, "left": 0},
            {"square": "c2", "piece": "B2", "count": 2, "pips": 3, "scores": False, "left": 0},
        ],
        "closes_objective_swaps": False,
    }
    alone = landing_groups(view, Place(Pyramid("R", 2), "g8"), standard)
    assert alone["groups"] == [
        {"square": "g8", "piece": "R2", "count": 1, "pips": 2, "scores": False, "left": 0}
    ]
    biggest = MARS.resolve_options({"biggest_only": True})
    assert landing_groups(view, Place(Pyramid("R", 2), "g8"), biggest)["groups"][0]["scores"]
    black = landing_groups(view, Place(Pyramid("K", 1), "g8"), standard)
    assert black == {"groups": [], "closes_objective_swaps": False}
    trio = position(sparse(a1="R3", b1="R1", a2="R1")).view(None)
    assert landing_groups(trio, Move("a1", "a4"), standard)["groups"][0]["left"] == 3  # leaves both
    assert landing_groups(trio, Move("b1", "b2"), standard)["groups"][0]["left"] == 0  # still beside a2
    crowded = position(sparse(a1="K1", b1="K1", c1="K3")).view(None)
    assert landing_groups(crowded, Place(Pyramid("K", 1), "g8"), standard)["closes_objective_swaps"]


@pytest.mark.parametrize("text", ["O+2/+1/0", "O2/x"])
def test_a_garbled_objective_swap_is_refused_in_words(text):
    with pytest.raises(IllegalAction, match="is not an objective slot"):
        MARS.parse_action(text)
