"""The computer's fast M.A.R.S. board model (`computer.mars.Model`) agrees with itself worked out
the slow way: the change a placement makes to a colour's worth, which the search reads from group
labels, equals the worth of the board with the piece placed minus the worth without it, for
every empty square, size and colour, in both scoring variants."""

from __future__ import annotations

import random

import pytest

from computer.mars import Model, Replies
from games import GAMES, random_choice
from games import mars as rules
from games.pieces import Pyramid

MARS = GAMES["mars"]


def played(options: dict, count: int = 5):
    """States part-way through random matches with these options, the seat to move acting."""
    for seed in range(count):
        chooser = random.Random(seed)
        state = MARS.new(2, seed, options)
        for _ in range(chooser.randrange(25, 90)):
            if state.is_over:
                break
            seat = chooser.choice(state.to_move)
            state.apply(seat, random_choice(state.legal_actions(seat), chooser))
        if not state.is_over and not state.in_setup:
            yield state


@pytest.mark.parametrize("biggest_only", [False, True])
def test_a_placements_gain_is_the_worth_after_it_minus_the_worth_before(biggest_only):
    checked = 0
    for model in map(Model, played({"biggest_only": biggest_only}, 6)):
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


def random_replies(rng: random.Random, colours: int) -> tuple[Replies, list]:
    """Opponent's answers on a made-up board: a few colour-value boards their moves lead to and
    draws of each colour (and black), with our options' score weights."""
    replies = Replies.__new__(Replies)
    replies.values = [rng.uniform(-5, 15) for _ in range(colours)]
    replies.boards = [replies.values] + [[v + rng.uniform(-4, 4) for v in replies.values] for _ in range(3)]
    replies.empties = rng.randrange(1, 9)
    replies.window_open = rng.random() < 0.5
    replies.black_closes = rng.random() < 0.5
    shares = [rng.random() for _ in range(colours + 1)]
    replies.draws = [(share / sum(shares), 0, 0.0, 0.0) for share in shares[:1]] + [
        (share / sum(shares), colour, rng.uniform(0, 6), rng.uniform(-3, 0))
        for colour, share in enumerate(shares[1:], start=1)
    ]
    options = [
        tuple(tuple(rng.choice((-3, -2, -1, 0, 1, 2, 3)) for _ in range(colours)) for _ in range(3))
        for _ in range(rng.randrange(1, 4))
    ]
    return replies, options


def relabelled(replies: Replies, options: list, order: list[int]) -> tuple[Replies, list]:
    """The same answers with colour `c` called `order[c]`."""

    def move(values):
        moved = [0] * len(order)
        for colour, value in enumerate(values):
            moved[order[colour]] = value
        return type(values)(moved) if isinstance(values, tuple) else moved

    other = Replies.__new__(Replies)
    other.__dict__.update(replies.__dict__)
    other.values = move(replies.values)
    other.boards = [move(board) for board in replies.boards]
    other.draws = [
        (p, colour and order[colour - 1] + 1, most, least) for p, colour, most, least in replies.draws
    ]
    return other, [tuple(move(weights) for weights in option) for option in options]


@pytest.mark.parametrize("colours", [3, 5])
def test_the_opponents_answers_are_judged_the_same_whatever_the_colours_are_called(colours):
    rng = random.Random(colours)
    for _ in range(200):
        replies, options = random_replies(rng, colours)
        order = rng.sample(range(colours), colours)
        other, other_options = relabelled(replies, options, order)
        assert other.value(other_options, 0.1) == pytest.approx(replies.value(options, 0.1))


def test_a_drawn_piece_goes_where_it_helps_us_least_as_the_opponent_sees_it():
    """Drawing, the opponent puts the piece where it changes its colour's worth the least if they
    think we gain from that colour, the most if they think we lose: the other extreme, which they
    would not choose, does not change our chance."""
    rng = random.Random(7)
    tried = 0
    for _ in range(200):
        replies, options = random_replies(rng, 5)
        options = options[:1]
        seen = options[0][1]
        before = replies.value(options, 0.1)
        for index, (share, colour, most, least) in enumerate(replies.draws):
            if not colour or not seen[colour - 1]:
                continue
            unchosen = (
                (share, colour, most + 3, least) if seen[colour - 1] > 0 else (share, colour, most, least - 3)
            )
            other = Replies.__new__(Replies)
            other.__dict__.update(replies.__dict__)
            other.draws = [*replies.draws[:index], unchosen, *replies.draws[index + 1 :]]
            assert other.value(options, 0.1) == pytest.approx(before)
            tried += 1
    assert tried > 100


VARIANTS = [
    {},
    {"biggest_only": True},
    {"size_points": True},
    {"black_trio": True},
    {"five_colours": "+3"},
]


@pytest.mark.parametrize("options", VARIANTS)
def test_the_model_scores_the_board_as_the_rules_do(options):
    """Counted exactly (no credit for small groups), every colour is worth what the rules score."""
    checked = 0
    for state in played(options):
        model = Model(state)
        model.exact = True
        rules_values = state.scoring()["values"]
        assert model.values(model.cells) == pytest.approx([rules_values[c] for c in model.colours])
        assert model.window_open(model.cells) == state.swaps_open()
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("options", VARIANTS)
def test_the_model_moves_and_swaps_as_the_rules_allow(options):
    """Its moves and swaps are the rules' legal ones (the Ko rule included), and the colour values
    after each are those of the board worked out again."""
    checked = 0
    for state in played(options):
        seat = state.to_move[0]
        if state.drawn is not None:
            continue
        model = Model(state)
        ko = None
        if state.ko:
            ko = (None not in state.ko.values(), {model.index[s] for s in state.ko})

        def named(origin: str, target: str, swap: bool):
            return ("swap", frozenset((origin, target))) if swap else ("move", origin, target)

        # a swap of two pieces of one size may be named from either end: the same swap
        found = {
            named(model.names[o], model.names[t], bool(model.cells[t]))
            for o, t in model.actions(model.cells, ko)
        }
        legal = {
            named(a.origin, a.target, False) for a in state.legal_actions(seat) if isinstance(a, rules.Move)
        }
        legal |= {
            named(a.initiator, a.target, True) for a in state.legal_actions(seat) if isinstance(a, rules.Swap)
        }
        assert found == legal
        values = model.values(model.cells)
        for origin, target in model.actions(model.cells, ko):
            cells = list(model.cells)
            after = model.after(cells, values, origin, target)
            assert cells == model.cells  # worked out without changing the board
            model.apply_in_place(cells, origin, target)
            assert after == pytest.approx(model.values(cells))
        checked += 1
    assert checked >= 2


# --- the small pieces of the win chance


def test_a_lead_is_surer_the_fewer_squares_are_left_and_less_sure_while_swaps_are_open():
    from computer.mars import win_chance

    assert [win_chance(d, 0, False) for d in (2.0, -2.0, 0.0)] == [1.0, 0.0, 0.5]  # the board is full
    for lead in (1.0, 4.0, 12.0):
        for empties in (1, 5, 20):
            for window in (False, True):
                assert win_chance(lead, empties, window) + win_chance(
                    -lead, empties, window
                ) == pytest.approx(1)
                assert win_chance(lead, empties, window) > 0.5
            assert win_chance(lead, empties, True) < win_chance(lead, empties, False)
        assert win_chance(lead, 1, False) > win_chance(lead, 5, False) > win_chance(lead, 20, False)
        assert win_chance(lead + 1, 5, False) > win_chance(lead, 5, False)


def test_objectives_as_score_weights():
    from computer.mars import best_objective_weights, dot, fight_credit, multipliers, swapped

    objective = {2: "R", 1: "G", 0: "B", -1: "Y"}
    assert multipliers("RGBY", objective) == (2, 1, 0, -1) and multipliers("YBGR", objective) == (-1, 0, 1, 2)
    assert (
        swapped(objective, (2, -1)) == {2: "Y", 1: "G", 0: "B", -1: "R"}
        and swapped(objective, None) == objective
    )
    assert dot((2, 1, 0, -1), [1.0, 2.0, 3.0, 4.0]) == 0.0
    # the opponent heads for the objective that fits the board best: its top slot on our best colour
    assert best_objective_weights((2, 1, 0, -1), [1.0, 9.0, 5.0, 0.0]) == (2 - 0, 1 - 2, 0 - 1, -1 - (-1))
    assert fight_credit((1, -2, 0, 0), 0, 0.1) == 0.0
    assert fight_credit((1, -2, 0, 0), 4, 0.1) == pytest.approx(0.1 * 3 * 4)
    assert fight_credit((1, -2, 0, 0), 1, 0.1) == pytest.approx(0.1 * 3)  # the last square too


def test_equal_objectives_are_an_even_match_whatever_the_board():
    """Once objectives can't change, equal ones score every board alike: an even match."""
    from computer.mars import our_chance

    for values in ([3.0, 1.0, 8.0, 0.0], [0.0, 12.0, 2.0, 5.0]):
        assert our_chance((0, 0, 0, 0), (2, 1, 0, -1), values, 6, False, 0.1) == 0.5


def test_a_patient_player_behind_does_not_hurry_the_end():
    from computer.mars import stall_credit

    assert stall_credit(0.3, 0.2, patient=False) == 0.3
    assert stall_credit(0.3, 0.2, patient=True) == pytest.approx(0.3 * 0.4)  # behind: less credit
    assert stall_credit(0.3, 0.5, patient=True) == stall_credit(0.3, 0.9, patient=True) == 0.3


def test_small_groups_are_credited_for_growing_while_the_board_has_room():
    fresh = MARS.new(2, 1, {})
    assert Model(fresh).growth == 1.0  # an empty board: every small group may still grow
    growths = [Model(state).growth for state in played({}, 6)]
    full = [len(state.board) / (7 * 8) for state in played({}, 6)]
    assert all(0.1 <= growth <= 1.0 for growth in growths)
    assert [g for _, g in sorted(zip(full, growths, strict=True))] == sorted(growths, reverse=True)
    assert min(growths) < 1.0


def test_while_swaps_are_open_half_the_chance_counts_the_objective_that_fits_the_board_best():
    from computer.mars import best_objective_weights, dot, fight_credit, our_chance, win_chance

    truth, mine, values = (1, -1, 2, 0), (2, 1, 0, -1), [3.0, 7.0, 1.0, 4.0]
    settled = best_objective_weights(mine, values)
    for empties in (1, 5):
        plain = win_chance(dot(truth, values) + fight_credit(truth, empties, 0.1), empties, True)
        fitted = win_chance(dot(settled, values) + fight_credit(settled, empties, 0.1), empties, True)
        assert our_chance(truth, mine, values, empties, True, 0.1) == pytest.approx((plain + fitted) / 2)
    assert our_chance(truth, mine, values, 5, False, 0.1) == pytest.approx(
        win_chance(dot(truth, values) + fight_credit(truth, 5, 0.1), 5, False)
    )
    # a full board: nobody can swap any more, the objectives as they are decide
    ahead = [3.0, 1.0, 7.0, 4.0]  # we lead; the objective that fits this board best would not
    assert dot(truth, ahead) > 0 > dot(best_objective_weights(mine, ahead), ahead)
    assert our_chance(truth, mine, ahead, 0, True, 0.1) == 1.0


def test_when_drawing_is_the_opponent_s_best_answer_our_chance_is_the_drawn_board_s():
    """Two boards they could leave and one piece in the bag: they draw, put it where it keeps our
    lead down, and our chance is the one of the board with that piece placed."""
    from computer.mars import fight_credit, win_chance

    values = [6.0, 2.0, 3.0, 1.0]
    truth, seen, mine = (2, -1, 0, 1), (3, 0, -1, 1), (2, 1, 0, -1)
    for window in (False, True):
        replies = Replies.__new__(Replies)
        # a second board they could leave: better for them than the first, worse than the draw
        replies.values, replies.boards, replies.empties = values, [values, [4.0, 2.0, 1.0, 1.0]], 6
        replies.window_open, replies.black_closes = window, False
        replies.draws = [(1.0, 1, 5.0, -2.0)]  # colour 1, which they think we gain from: its smallest change
        base_truth = sum(w * v for w, v in zip(truth, values, strict=True))
        expected = win_chance(base_truth + truth[0] * -2.0 + fight_credit(truth, 5, 0.1), 5, window)
        assert replies.value([(truth, seen, mine)], 0.1) == pytest.approx(expected)


def test_a_drawn_piece_they_see_no_weight_on_goes_where_it_helps_us_least_and_black_may_close_swaps():
    """They lead, so they draw. A piece of a colour whose weight they can't tell lands where it
    changes its worth most (they don't know which way it cuts, so the largest change); a black
    changes no worth but, if it closes the swaps, the window is shut for what follows."""
    from computer.mars import fight_credit, win_chance

    values = [6.0, 2.0, 3.0, 1.0]
    truth, seen, mine = (2, -1, 0, 1), (-3, 0, 1, -1), (2, 1, 0, -1)
    base_truth = sum(w * v for w, v in zip(truth, values, strict=True))
    credit = fight_credit(truth, 5, 0.1)
    for window in (False, True):
        for black_closes in (False, True):
            replies = Replies.__new__(Replies)
            replies.values, replies.boards, replies.empties = values, [values], 6
            replies.window_open, replies.black_closes = window, black_closes
            replies.draws = [(1.0, 2, 5.0, -2.0)]  # colour 2: they see no weight on it
            expected = win_chance(base_truth + truth[1] * 5.0 + credit, 5, window)
            assert replies.value([(truth, seen, mine)], 0.1) == pytest.approx(expected)
            replies.draws = [(1.0, 0, 0.0, 0.0)]  # a black
            still_open = window and not black_closes
            assert replies.value([(truth, seen, mine)], 0.1) == pytest.approx(
                win_chance(base_truth + credit, 5, still_open)
            )


@pytest.mark.parametrize("black_trio", [False, True])
def test_replies_know_whether_a_black_drawn_now_would_close_the_objective_swaps(black_trio):
    """Checked against the engine: a small black placed on the first empty square, on a board
    whose swaps are still open."""
    closes = []
    for state in played({"black_trio": black_trio}, 60):
        model = Model(state)
        replies = Replies(model, model.cells, model.values(model.cells), None, {})
        square = next(name for name in model.names if name not in state.board)
        after = rules.board_after(state.board, rules.Place(Pyramid(rules.BLACK, 1), square))
        expected = state.swaps_open() and not rules.objective_swaps_open(after, black_trio=black_trio)
        assert replies.black_closes == expected
        closes.append(expected)
    assert True in closes and False in closes


def test_they_draw_only_when_the_piece_s_chance_beats_the_best_board_they_could_leave():
    """The draw is weighed one square nearer the end: against a board they could leave worth, to
    them, between that and two squares nearer, they keep the board."""
    from computer.mars import _score_for_chance, dot, our_chance, win_chance

    values = [6.0, 2.0, 3.0, 1.0]
    truth, seen, mine = (2, -1, 0, 1), (-3, 0, 1, -1), (2, 1, 0, -1)
    lead = -dot(seen, values)  # theirs, now
    for window in (False, True):
        one_on = _score_for_chance(win_chance(lead, 5, window), 6, window)
        two_on = _score_for_chance(win_chance(lead, 4, window), 6, window)
        assert lead < one_on < two_on
        middle = (one_on + two_on) / 2
        board = [(middle + values[2] - values[3]) / 3, *values[1:]]  # worth `middle` to them
        assert -dot(seen, board) == pytest.approx(middle)
        for draw in ((1.0, 2, 5.0, -2.0), (1.0, 0, 0.0, 0.0)):  # a piece they see no weight on; a black
            replies = Replies.__new__(Replies)
            replies.values, replies.boards, replies.empties = values, [values, board], 6
            replies.window_open, replies.black_closes = window, False
            replies.draws = [draw]
            expected = our_chance(truth, mine, board, 6, window, 0.1)
            assert replies.value([(truth, seen, mine)], 0.1) == pytest.approx(expected)
