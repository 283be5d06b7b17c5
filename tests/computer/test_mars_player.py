"""The M.A.R.S. computer player: it looks at the opponent's best reply (positions where the one-ply
greedy choice is wrong), its belief about the hidden slots reads the opponent's placements and
only public things, and its decisions are fair and repeatable."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import computer
from benchmarks.baselines import mars_greedy
from computer import mars as player
from computer.mars_belief import belief_for
from games import GAMES, random_choice
from games import mars as rules
from games.pieces import Pyramid

ME = {2: "R", 1: "G", 0: "B", -1: "Y"}
THEM = {2: "Y", 1: "G", 0: "B", -1: "R"}  # red is all that separates the two objectives


def position(pieces: dict[str, str], *, drawn: str | None, bag: dict[str, int]):
    """Seat 0 to act on a board where every square not in `pieces` holds a small black (so the
    objective swaps are closed) except the ones given as None; both objectives revealed."""
    state = GAMES["mars"].new(2, 1, {"first_player": 1})
    state.objectives = [dict(ME), dict(THEM)]
    state.public = [set(ME), set(THEM)]
    state.board = {}
    for file in range(7):
        for rank in range(8):
            square = rules.square_name(file, rank)
            token = pieces.get(square, "K1")
            if token is not None:
                state.board[square] = Pyramid.parse(token)
    state.bag = Counter(bag)
    state.drawn = Pyramid.parse(drawn) if drawn else None
    state.current = 0
    return state


def swap_refutes_the_bigger_group():
    """Our red L completes a red group either at a4 (three medium reds: 9 pips) or at g5 (three
    small reds: 6 pips). The opponent's yellow L on d1 reaches a1 and would swap itself into the
    a-group, breaking it; nothing reaches the g-group."""
    pieces = {"a1": "R2", "a2": "R2", "a3": "R2", "a4": None, "g8": "R1", "g7": "R1", "g6": "R1"}
    pieces |= {"g5": None, "d1": "Y3"}
    return position(pieces, drawn="R3", bag={"B1": 2}), "R3@g5", "R3@a4"


def move_refutes_the_bigger_group():
    """Our red L makes a group of five at a4 (a1 a2 a3 a4 a5) or of four at b2. At a4 the small
    red on a2 can step out to the empty b2 and split it into 1 + 3; the group made at b2 has no
    empty square any of its pieces reaches."""
    pieces = {"a1": "R2", "a2": "R1", "a3": "R2", "a4": None, "a5": "R1", "b2": None}
    return position(pieces, drawn="R3", bag={"B1": 2}), "R3@b2", "R3@a4"


@pytest.mark.parametrize("build", [swap_refutes_the_bigger_group, move_refutes_the_bigger_group])
def test_the_opponents_best_reply_decides(build):
    state, good, greedy_choice = build()
    assert str(mars_greedy(state, 0, random.Random(1))) == greedy_choice  # one ply: the bigger group
    for level in ("normal", "hard"):
        assert str(computer.choose(state, 0, level=level, seed=3)) == good


def test_the_greedy_square_really_loses_its_group():
    """The refutation the tests above rely on is real: after the greedy square, the opponent's
    reply leaves red without a scoring group."""
    state, _, greedy_choice = swap_refutes_the_bigger_group()
    state.apply(0, GAMES["mars"].parse_action(greedy_choice))
    assert state.scoring()["values"]["R"] == 9
    state.apply(1, GAMES["mars"].parse_action("d1xa1"))
    assert state.scoring()["values"]["R"] == 0


def play_hidden(seed: int, steps: int, options: dict | None = None):
    """A match where nobody swaps objective slots (so the opponent's stay hidden) and placements
    follow each seat's objective, with some moves in between."""
    state = GAMES["mars"].new(2, seed, options)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = state.to_move[0]
        legal = [a for a in state.legal_actions(seat) if not isinstance(a, rules.SwapSlots)]
        if isinstance(legal[0], rules.Place) and state.drawn.colour != rules.BLACK:
            worth = {colour: value for value, colour in state.objectives[seat].items()}[state.drawn.colour]
            model = player.Model(state)
            code = model.code(state.drawn)
            gains = model.placement_gains(model.cells, code >> 2, model.values(model.cells)[(code >> 2) - 1])
            square = max(sorted(gains), key=lambda s: worth * gains[s][code & 3])
            action = rules.Place(state.drawn, model.names[square])
        elif isinstance(legal[0], rules.SetObjective):
            action = legal[rng.randrange(len(legal))]
        else:
            action = legal[0] if rng.random() < 0.6 else legal[rng.randrange(len(legal))]
        state.apply(seat, action)
    return state


def test_the_belief_reads_the_opponents_placements():
    """After a few dozen placements by an opponent who builds up its best colour, the opponent's
    true objective is believed well above its even share (at any seat), and its top slot's colour
    is the likeliest most of the time."""
    right, above, shares = 0, 0, []
    for seed in range(12):
        state = play_hidden(seed, 60)
        seat = state.to_move[0]
        belief = belief_for(state, seat, 1000, player.Model(state))
        assert abs(sum(h.weight for h in belief.hypotheses) - 1) < 1e-9
        truth = state.objectives[1 - seat]
        objectives = {tuple(sorted(h.theirs.items())) for h in belief.hypotheses}
        share = sum(h.weight for h in belief.hypotheses if h.theirs == truth) * len(objectives)
        above += share > 1
        shares.append(share)
        right += belief.hypotheses[0].theirs[2] == truth[2]
    assert {0, 1} <= {state.to_move[0] for state in (play_hidden(seed, 60) for seed in range(12))}
    assert above >= 8 and sum(shares) / len(shares) > 2 and right >= 5


def test_the_belief_uses_only_public_information():
    for seed in (1, 2):
        state = play_hidden(seed, 50)
        seat = state.to_move[0]
        beliefs = [
            belief_for(world, seat, 24, player.Model(world))
            for world in (state, state.determinize(seat, 5), state.determinize(seat, 6))
        ]
        assert beliefs[0] == beliefs[1] == beliefs[2]


def hidden_positions():
    """Positions with the opponent's slots hidden, the seat to move having a choice."""
    found = []
    for seed, steps in ((11, 31), (12, 56), (13, 80), (14, 101)):
        state = play_hidden(seed, steps)
        if len(state.legal_actions(state.to_move[0])) < 2:
            state.apply(state.to_move[0], state.legal_actions(state.to_move[0])[0])
        found.append((seed, state))
    return found


def test_decisions_depend_only_on_what_the_seat_may_know():
    differing = 0
    positions = hidden_positions()
    for index, (seed, state) in enumerate(positions):
        seat = state.to_move[0]
        levels = ("normal", "hard") if index == 1 else ("normal",)
        for level in levels:
            chosen = computer.choose(state, seat, level=level, seed=seed)
            for j in (seed + 1, seed + 2):
                resampled = state.determinize(seat, j)
                differing += resampled.objectives != state.objectives
                assert computer.choose(resampled, seat, level=level, seed=seed) == chosen
    assert differing, "the positions should have hidden slots to resample"


def test_same_seed_same_decision_at_hard():
    seed, state = hidden_positions()[2]
    seat = state.to_move[0]
    first = computer.think(state, seat, "hard", seed)
    again = computer.think(GAMES["mars"].from_json(state.to_json()), seat, "hard", seed)
    assert (first.action, first.expected, first.samples) == (again.action, again.expected, again.samples)


def test_the_action_record_is_kept_and_older_states_load_without_it():
    state = play_hidden(3, 40)
    assert state.history and all(isinstance(notation, str) for _, notation in state.history)
    data = state.to_json()
    assert GAMES["mars"].from_json(data).history == state.history
    assert state.clone().history == state.history
    del data["history"]
    assert GAMES["mars"].from_json(data).history == []


def test_setup_picks_an_objective_without_searching():
    state = GAMES["mars"].new(2, 4)
    decision = player.think(state, 0, "hard", 9)
    assert decision.action in state.legal_actions(0)
    assert decision.samples == 1


def run_of_moves(state, moves: int):
    """`state` with a record ending in a placement and then `moves` moves and swaps."""
    state.history = [(1, "B1@g6")] + [(i % 2, "c1-c2") for i in range(moves)]
    return state


def behind_on_the_board():
    """The opponent's yellow (+2 for them, -1 for us) holds a group of four small pyramids; the
    one on a2 can step to the empty b2 and split it. Four empty squares are left."""
    pieces = {"a1": "Y1", "a2": "Y1", "a3": "Y1", "a4": "Y1", "b2": None, "g8": None, "g7": None, "e5": None}
    return position(pieces, drawn=None, bag={"B1": 2, "G1": 2})


def level_board():
    """Green, the one colour with pieces on the board, is worth +1 to both objectives."""
    pieces = {"a1": "G1", "a2": "G1", "a3": "G1", "b4": "G1", "b2": None, "g8": None, "g7": None, "e5": None}
    return position(pieces, drawn=None, bag={"B1": 2, "G1": 2})


def test_behind_on_the_board_hard_does_not_hurry_the_end():
    """A long run of moves makes a draw (the only action that brings the end nearer) worth more,
    but not to a player who is losing: it keeps splitting the group that beats it."""
    fresh = computer.choose(run_of_moves(behind_on_the_board(), 0), 0, level="hard", seed=3)
    assert str(fresh) == "a2-b2"
    after_a_run = computer.choose(run_of_moves(behind_on_the_board(), 30), 0, level="hard", seed=3)
    assert str(after_a_run) == "a2-b2"


def test_on_a_level_board_a_run_of_moves_ends_in_a_draw():
    """Where nobody is behind, the run of moves is what tips the choice to drawing, so two
    players who only move can't keep a match from ending."""

    def draws(moves: int, level: str) -> bool:
        action = computer.choose(run_of_moves(level_board(), moves), 0, level=level, seed=3)
        return isinstance(action, rules.Draw)

    for level in ("normal", "hard"):
        assert not draws(0, level)
        assert draws(10, level)


def test_a_piece_s_square_is_the_first_best_of_those_its_budget_answers_and_black_gets_one():
    """With no look at the answers, the square the board alone ranks best, each square counted once.
    With a look, written out by hand: the first `keep` squares the board ranks best (one for black,
    whose squares the evaluation can't tell apart), each answered, the first of the best kept; the
    positions counted are those answers' boards."""
    checked = set()
    for seed in range(20, 44):
        state = play_hidden(seed, random.Random(seed).randrange(30, 90))
        if state.drawn is None or state.is_over:
            continue
        seat = state.to_move[0]
        model = player.Model(state)
        hypotheses = belief_for(state, seat, 3, model).hypotheses
        code = model.code(state.drawn)
        black = state.drawn.colour == rules.BLACK
        by_hand = player.Thinker(state, seat, hypotheses, candidates=4, draw_squares=1)
        options = by_hand.placement_options(code)
        assert by_hand.samples == 0  # ranking the squares by the board alone is not a search
        if not black:
            unsearched = player.Thinker(state, seat, hypotheses, candidates=4, draw_squares=1)
            assert unsearched.best_square(code, 0, False) == (options[0][0], options[0][1])
            assert unsearched.samples == len(options)  # each square looked at once
        looked = options[: 1 if black else 3]
        chances = [
            by_hand.answered(by_hand.placement_replies(square, code, values, False))
            for _, square, values in looked
        ]
        best = max(chances)
        thinker = player.Thinker(state, seat, hypotheses, candidates=4, draw_squares=1)
        assert thinker.best_square(code, 3, False) == (best, looked[chances.index(best)][1])
        assert 0.0 <= best <= 1.0 and thinker.samples == by_hand.samples
        checked.add(black)
    assert checked == {True, False}


def test_a_chosen_move_or_swap_becomes_the_legal_action_on_those_squares():
    kinds = set()
    for state, thinker in thinkers():
        seat, names = thinker.seat, thinker.model.names
        for action in state.legal_actions(seat):
            if isinstance(action, rules.Move | rules.Swap):
                first, second = (
                    (action.origin, action.target)
                    if isinstance(action, rules.Move)
                    else (
                        action.initiator,
                        action.target,
                    )
                )
                choice = ("move", names.index(first), names.index(second))
                assert player.to_action(state, seat, thinker.model, choice) == action
                kinds.add(type(action))
            if isinstance(action, rules.SwapSlots):
                choice = ("slots", (action.high, action.low))
                assert player.to_action(state, seat, thinker.model, choice) == action
                kinds.add(type(action))
    assert kinds == {rules.Move, rules.Swap, rules.SwapSlots}


def test_a_piece_drawn_from_the_bag_is_gone_from_the_bag_its_answers_draw_from():
    checked = 0
    for _, thinker in thinkers():
        bag = dict(thinker.model.bag)
        for code in sorted(bag)[:4]:
            _, square, values = thinker.placement_options(code)[0]
            cells = list(thinker.cells)
            cells[square] = code
            for from_bag in (True, False):
                rest = Counter(bag) - Counter({code: 1}) if from_bag else Counter(bag)
                expected = player.Replies(thinker.model, cells, values, None, dict(rest))
                assert thinker.placement_replies(square, code, values, from_bag).draws == expected.draws
                thinker.replies.clear()
            checked += bag[code] == 1  # its last one: no such piece left to draw
        assert thinker.model.bag == bag
    assert checked >= 3


def test_the_last_empty_square_is_valued_exactly_without_looking_at_answers():
    found = 0
    for seed in range(12):
        state, rng = GAMES["mars"].new(2, seed), random.Random(seed)
        for _ in range(3000):
            if state.is_over:
                break
            seat = state.to_move[0]
            model = player.Model(state)
            if state.drawn is not None and model.cells.count(0) == 1:
                hypotheses = belief_for(state, seat, 3, model).hypotheses
                thinker = player.Thinker(state, seat, hypotheses, candidates=4, draw_squares=1)
                code = model.code(state.drawn)
                [(value, square, _)] = thinker.placement_options(code)
                assert thinker.best_square(code, 3, False) == (value, square) and thinker.samples == 1
                found += 1
                break
            state.apply(seat, random_choice(state.legal_actions(seat), rng))
    assert found >= 3


def thinkers(seeds=range(20, 32), options: dict | None = None):
    """Thinkers (at normal's budget) for the seat to move in matches part-way through."""
    for seed in seeds:
        state = play_hidden(seed, random.Random(seed).randrange(30, 90), options)
        if state.is_over or state.in_setup:
            continue
        seat = state.to_move[0]
        model = player.Model(state)
        yield (
            state,
            player.Thinker(
                state, seat, belief_for(state, seat, 3, model).hypotheses, candidates=4, draw_squares=1
            ),
        )


def test_every_piece_may_go_on_every_empty_square_and_no_other_ranked_best_first():
    for _, thinker in thinkers():
        empty = {square for square, code in enumerate(thinker.cells) if not code}
        for colour in (*range(1, len(thinker.model.colours) + 1), player.BLACK_INDEX):
            for size in (1, 2, 3):
                options = thinker.placement_options(colour * 4 + size)
                assert {square for _, square, _ in options} == empty
                assert options == sorted(options, key=lambda option: (-option[0], option[1]))


def test_moves_and_swaps_are_ranked_best_first():
    ranked = 0
    for _, thinker in thinkers():
        options = thinker.move_options()
        assert [option[0] for option in options] == sorted((option[0] for option in options), reverse=True)
        ranked += len({option[0] for option in options}) > 1
    assert ranked >= 3


def test_the_moves_since_the_last_placement_are_counted_without_objective_swaps():
    state = play_hidden(5, 40)
    history = state.history
    last_placement = max(index for index, (_, notation) in enumerate(history) if "@" in notation)
    since = [notation for _, notation in history[last_placement + 1 :]]
    assert player.moves_since_placement(state) == sum(not notation.startswith("O") for notation in since)
    state.history = [*history[: last_placement + 1]]
    assert player.moves_since_placement(state) == 0
    state.history = [*history[: last_placement + 1], (0, "O 1 2"), (1, "a1-a2"), (0, "b1xb2")]
    assert player.moves_since_placement(state) == 2


def test_every_hypothesis_keeps_a_floor_and_two_left_are_still_told_apart():
    """An opponent may play by other reasons: every hypothesis keeps at least its part of the
    uniform share. With only two assignments of the opponent's slots left, placements still
    speak for one of them."""
    from computer.mars_belief import UNIFORM_SHARE

    told_apart = 0
    for seed in range(6):
        state = play_hidden(seed, 60)
        seat = state.to_move[0]
        belief = belief_for(state, seat, 1000, player.Model(state))
        assert min(h.weight for h in belief.hypotheses) >= UNIFORM_SHARE / belief.total - 1e-12
        opponent = 1 - seat
        state.public[opponent] = set(sorted(state.slot_values)[2:])  # all but the two lowest shown
        belief = belief_for(state, seat, 1000, player.Model(state))
        weights = {tuple(sorted(h.theirs.items())): 0.0 for h in belief.hypotheses}
        for h in belief.hypotheses:
            weights[tuple(sorted(h.theirs.items()))] += h.weight
        assert len(weights) == 2
        told_apart += abs(max(weights.values()) - min(weights.values())) > 0.01
    assert told_apart >= 3


@pytest.mark.parametrize("blind", [False, True])
def test_a_seat_knows_the_slots_it_may_see_and_guesses_the_others(blind):
    """In the base game a seat sees its own objective; playing blind, only the opponent's."""
    from computer.mars_belief import visible_objective

    state = GAMES["mars"].new(2, 3, {"blind": blind})
    while state.in_setup:  # both objectives chosen
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0])
    for seat in (0, 1):
        for owner in (0, 1):
            known, hidden, _ = visible_objective(state, seat, owner)
            sees = (seat != owner) if blind else (seat == owner)
            assert (known == state.objectives[owner] and not hidden) is sees


def test_the_opponent_sees_our_revealed_slots_and_guesses_the_hidden_at_their_average():
    for state, thinker in thinkers(range(20, 24)):
        mine = state.objectives[thinker.seat]
        for slots in (None, tuple(sorted(thinker.model.slot_values, reverse=True)[:2])):
            public = set(state.public[thinker.seat]) | set(slots or ())
            hidden = [v for v in thinker.model.slot_values if v not in public]
            seen = thinker.seen_mine(mine, slots)
            for colour, weight in zip(thinker.model.colours, seen, strict=True):
                value = next(v for v, c in mine.items() if c == colour)
                assert weight == (value if value in public else sum(hidden) / len(hidden))


def test_the_draw_is_worth_each_piece_in_the_bag_at_its_best_square_by_its_share():
    for _, thinker in thinkers(range(20, 26)):
        if thinker.state.drawn is not None:
            continue
        bag = thinker.model.bag
        expected = sum(
            count / sum(bag.values()) * thinker.best_square(code, thinker.draw_squares, True)[0]
            for code, count in bag.items()
        )
        assert thinker.draw_value() == pytest.approx(expected)
        ranked = thinker.phase_b(thinker.candidates)
        assert [chance for chance, _ in ranked] == sorted((chance for chance, _ in ranked), reverse=True)
        assert ("draw",) in [action for _, action in ranked]
        assert len(ranked) == 1 + min(thinker.candidates, len(thinker.move_options()))


def test_the_last_piece_is_placed_by_the_board_s_exact_final_score():
    """With one square left, the piece ends the match: its option is valued on the final board,
    scored as the rules do (no credit for small groups)."""
    for seed in range(3):
        state = play_hidden(seed, 40)
        empty = [rules.square_name(f, r) for f in range(state.files) for r in range(8)]
        empty = [square for square in empty if square not in state.board]
        for square in empty[1:]:
            state.board[square] = Pyramid.parse("K1")
        state.drawn = Pyramid.parse("R2")
        seat = state.to_move[0]
        model = player.Model(state)
        thinker = player.Thinker(
            state, seat, belief_for(state, seat, 3, model).hypotheses, candidates=4, draw_squares=1
        )
        [(_, square, values)] = thinker.placement_options(model.code(state.drawn))
        assert square == model.index[empty[0]]
        assert values == model.final_values(model.cells, square, model.code(state.drawn))


@pytest.mark.parametrize("blind", [False, True])
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_turn_s_choice_by_hand(level, blind):
    """Phase B's options by their chance, a draw credited for the moves made since the last
    placement (less so for a patient player behind); then, while slots may be swapped, each swap of
    our own two slots tried first, priced for every slot it reveals."""
    import itertools

    config = player.LEVELS[level]
    checked, seats, credited = 0, set(), 0
    for seed in range(20, 40):
        state = play_hidden(seed, random.Random(seed).randrange(30, 90), {"blind": blind})
        if state.is_over or state.in_setup or state.drawn is not None or checked == 6:
            continue
        seat = state.to_move[0]
        model = player.Model(state)
        belief = belief_for(state, seat, config["keep"], model)

        progress = min(player.STALL_CAP, player.STALL_BONUS * player.moves_since_placement(state))
        ranked = [
            (
                chance + player.stall_credit(progress, chance, config["patient"])
                if action == ("draw",)
                else chance,
                action,
            )
            for chance, action in player.level_thinker(state, seat, belief, config).phase_b(
                config["candidates"]
            )
        ]
        best_chance, best = max(ranked, key=lambda item: item[0])
        if not state.phase_a_used and state.swaps_open():
            for slots in itertools.combinations(state.slot_values, 2):
                trying = player.level_thinker(state, seat, belief, config)
                trying.prepare(slots)
                chance = trying.phase_b(config["candidates"])[0][0]
                chance -= config["reveal"] * len(set(slots) - state.public[1 - seat if blind else seat])
                if chance > best_chance + 1e-9:
                    best_chance, best = chance, ("slots", slots)
        decision = player.think(state, seat, level, seed)
        assert decision.action == player.to_action(state, seat, model, best)
        assert decision.expected == pytest.approx(best_chance)
        checked += 1
        seats.add(seat)
        credited += progress > 0
    assert checked >= 3 and seats == {0, 1} and credited >= 1


@pytest.mark.parametrize("biggest_only", [False, True])
def test_the_opponent_s_answers_are_every_board_its_moves_reach_and_every_draw_at_its_extremes(biggest_only):
    """After our action: the colour values each of their moves and swaps leads to (ours among them
    when they change nothing), and per piece in the bag its share and the largest and smallest
    change to its colour's worth over the empty squares."""
    checked = 0
    for state, thinker in thinkers(options={"biggest_only": biggest_only}):
        if state.drawn is not None:
            continue
        model = thinker.model
        for _, origin, target, values in thinker.move_options()[:3]:
            replies = thinker.move_replies(origin, target, values)
            ko = (thinker.cells[target] != 0, {origin, target})  # ours may not be undone at once
            cells = list(thinker.cells)
            model.apply_in_place(cells, origin, target)
            reached = {tuple(round(v, 6) for v in values)}
            for their_origin, their_target in model.actions(cells, ko):
                after = list(cells)
                model.apply_in_place(after, their_origin, their_target)
                reached.add(tuple(round(v, 6) for v in model.values(after)))
            assert {tuple(round(v, 6) for v in board) for board in replies.boards} == reached
            total = sum(model.bag.values())
            coloured = [
                (code, count) for code, count in sorted(model.bag.items()) if code >> 2 != player.BLACK_INDEX
            ]
            drawn = [draw for draw in replies.draws if draw[1]]
            for (code, count), (share, colour, most, least) in zip(coloured, drawn, strict=True):
                assert (share, colour) == (count / total, code >> 2)
                before = model.colour_value(cells, colour)
                changes = []
                for square in (s for s, c in enumerate(cells) if not c):
                    placed = list(cells)
                    placed[square] = code
                    changes.append(model.colour_value(placed, colour) - before)
                assert (most, least) == pytest.approx((max(changes), min(changes)))
            checked += 1
    assert checked >= 6


@pytest.mark.parametrize("blind", [False, True])
def test_score_weights_follow_a_slot_swap_and_every_swap_the_opponent_may_answer_with(blind):
    """Our multipliers minus theirs, after our swap of two slots (playing blind, the slots we swap
    are the opponent's); then one option per answer the opponent may make by swapping two slots.
    The opponent weighs our hidden slots at their average, unless it sees them (Blind Agents)."""
    import itertools

    from computer.mars import multipliers, swapped

    state = GAMES["mars"].new(2, 4, {"blind": blind})
    chooser = random.Random(4)
    while state.in_setup or len(state.board) < 12:
        seat = state.to_move[0]
        legal = [a for a in state.legal_actions(seat) if not isinstance(a, rules.SwapSlots)]
        state.apply(seat, legal[chooser.randrange(len(legal))])
    seat = state.to_move[0]
    model = player.Model(state)
    thinker = player.level_thinker(state, seat, belief_for(state, seat, 4, model), player.LEVELS["hard"])
    colours, values = model.colours, model.slot_values
    for slots in (None, tuple(sorted(values, reverse=True)[:2])):
        thinker.prepare(slots)
        for h, options in zip(thinker.hypotheses, thinker.answers, strict=True):
            mine, theirs = (h.mine, swapped(h.theirs, slots)) if blind else (swapped(h.mine, slots), h.theirs)
            answers = [(mine, theirs)] + [
                (swapped(mine, pair), theirs) if blind else (mine, swapped(theirs, pair))
                for pair in itertools.combinations(values, 2)
            ]
            assert len(options) == len(answers)
            for (truth, seen, ours), (m, t) in zip(options, answers, strict=True):
                expected = tuple(
                    a - b for a, b in zip(multipliers(colours, m), multipliers(colours, t), strict=True)
                )
                assert truth == expected and ours == multipliers(colours, m)
                if blind:
                    assert seen == truth
                else:
                    their = multipliers(colours, t)
                    assert seen == tuple(
                        a - b for a, b in zip(thinker.seen_mine(m, slots), their, strict=True)
                    )


@pytest.mark.parametrize("biggest_only", [False, True])
def test_a_piece_placed_or_a_move_made_leaves_the_colour_values_of_the_board_after_it(biggest_only):
    """Each option's colour values are the model's values of the board it leads to, and moves and
    swaps are ranked by their static value, ties by origin then target square."""
    ranked_ties = 0
    for state, thinker in thinkers(range(20, 28), {"biggest_only": biggest_only}):
        model, cells = thinker.model, thinker.cells
        for code in sorted(model.bag)[:3]:
            for _, square, values in thinker.placement_options(code):
                after = list(cells)
                after[square] = code
                if after.count(0):  # the last square is valued by the final score instead
                    assert values == pytest.approx(model.values(after))
        if state.drawn is not None:
            continue
        empties, window = cells.count(0), model.window_open(cells)
        expected = []
        for origin, target in model.actions(cells, thinker.ko):
            after = list(cells)
            model.apply_in_place(after, origin, target)
            assert model.after(cells, thinker.values, origin, target) == pytest.approx(model.values(after))
            values = model.after(cells, thinker.values, origin, target)
            expected.append((thinker.static(values, empties, window), origin, target))
        expected.sort(key=lambda option: (-option[0], option[1], option[2]))
        assert [option[:3] for option in thinker.move_options()] == expected
        ranked_ties += len({value for value, _, _ in expected}) < len(expected)
    assert ranked_ties >= 2


def test_a_beginner_picks_among_the_three_best_unless_its_noise_strikes():
    ranked = list(range(10))
    picked = set()
    for seed in range(300):
        rng = random.Random(seed)
        noisy = random.Random(seed).random() < 0.25
        choice = player._noisy(ranked, 0.25, rng, lambda item: item)
        if not noisy:
            picked.add(choice)
    assert picked == {0, 1, 2}
    assert {player._noisy(ranked, 1.0, random.Random(s), lambda item: item) for s in range(300)} == set(
        ranked
    )


@pytest.mark.parametrize("black_trio", [False, True])
def test_the_model_opens_and_closes_the_objective_swaps_as_the_engine_does(black_trio):
    """Every set of black pieces on a board, checked against the engine's rule."""
    import itertools

    state = GAMES["mars"].new(2, 1, {"black_trio": black_trio})
    model = player.Model(state)
    squares = ["a1", "a3", "a5", "c1", "c3"]
    for count in range(len(squares) + 1):
        for sizes in itertools.product((1, 2, 3), repeat=count):
            board = {square: Pyramid(rules.BLACK, size) for square, size in zip(squares, sizes, strict=False)}
            cells = [0] * len(model.names)
            for square, piece in board.items():
                cells[model.index[square]] = model.code(piece)
            assert model.window_open(cells) == rules.objective_swaps_open(board, black_trio=black_trio)


def test_a_board_s_static_value_weighs_each_hypothesis_by_the_objectives_as_they_stand():
    from computer.mars import multipliers, our_chance

    for _, thinker in thinkers(range(20, 24)):
        colours, cells = thinker.model.colours, thinker.cells
        for values in (thinker.values, [v + 3.0 * i for i, v in enumerate(thinker.values)]):
            for empties, window in ((cells.count(0), True), (4, False)):
                expected = 0.0
                for h in thinker.hypotheses:
                    ours = multipliers(colours, h.mine)
                    truth = tuple(a - b for a, b in zip(ours, multipliers(colours, h.theirs), strict=True))
                    expected += h.weight * our_chance(truth, ours, values, empties, window, thinker.fight)
                assert thinker.static(values, empties, window) == pytest.approx(expected)
