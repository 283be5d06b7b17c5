"""The Senet player: expectimax over the die, with the other player's best reply to every roll."""

from __future__ import annotations

import math
import random

import pytest

import computer
import computer.senet as senet_player
from benchmarks import train_senet
from benchmarks.baselines import greedy_action
from computer.senet_weights import LEARNED_WEIGHTS
from games import GAMES
from games import senet as rules
from games.senet import position

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
# Positions where hard's learned evaluation needs the other player's best reply to find the move.
ONTO_THE_BALANCE = rules.position(
    "S1=bS.bM.aL S2=aS.aM.aL S4=aS.aM.bL S5=bS.bM S6=aL S7=bS.bM.aS S9=aS.aM.bL.bM.bS B9=aM B6=aL "
    "B5=bL P6=bL",
    to_move="a",
    roll=2,
)
OUT_OF_REACH = rules.position(
    "S2=bS.bM.aL S3=aS.aM.bL S4=bS.aM S6=aS S7=bS.bM.bL S8=aS.aM.aL S9=bS.bM.bL B9=aS B8=bM B1=aL "
    "P1=bL P4=aL P8=aM",
    to_move="b",
    roll=2,
)
LEARNED_CASES = [(ONTO_THE_BALANCE, "B6L-B4"), (OUT_OF_REACH, "B8M-B6")]


class Helpers(senet_player.Expectimax):
    """What a search that counts on favours believes: the other player picks the move best for us."""

    def decision(self, state, moves, plies):
        children = [senet_player.after(state, state.seat_of(state.current), move) for move in moves]
        if plies == 1:
            return max(self.evaluation(child, self.player) for child in children)
        return max(self.chance(child, plies - 1) for child in children)


def best_by(search_class, state, evaluation=senet_player.evaluate) -> str:
    seat = state.to_move[0]
    moves = sorted(state.legal_actions(seat), key=str)
    search = search_class(state.current, None, evaluation)
    values = [search.chance(senet_player.after(state, seat, move), 1) for move in moves]
    return str(moves[max(range(len(moves)), key=lambda i: values[i])])


@pytest.mark.parametrize(("state", "right"), CASES)
def test_the_other_player_plays_for_itself(state, right):
    assert best_by(senet_player.Expectimax, state) == right
    assert best_by(Helpers, state) != right, "counting on favours must lead elsewhere here"
    seat = state.to_move[0]
    assert str(greedy_action(state, seat, random.Random(1))) != right, "one move ahead picks another"


@pytest.mark.parametrize(("state", "right"), LEARNED_CASES)
def test_hard_finds_the_move_that_survives_the_best_reply_by_its_learned_evaluation(state, right):
    seat = state.to_move[0]
    assert str(computer.choose(state, seat, level="hard")) == right
    assert best_by(senet_player.Expectimax, state, senet_player.learned) == right
    assert best_by(Helpers, state, senet_player.learned) != right, "counting on favours must lead elsewhere"
    assert str(greedy_action(state, seat, random.Random(1))) != right, "one move ahead picks another"


def a_played_position(seed: int, moves: int):
    state = GAMES["senet"].new(2, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


# Positions with nests of every kind, a block (seed 3) and pyramids borne off (seed 8).
@pytest.mark.parametrize(("seed", "moves"), [*((seed, 40 + 10 * seed) for seed in range(6)), (8, 150)])
def test_the_learned_evaluation_is_one_players_chance_and_the_other_the_rest(seed, moves):
    state = a_played_position(seed, moves)
    mine, theirs = senet_player.features(state, "a"), senet_player.features(state, "b")
    assert mine == [-value for value in theirs]
    assert any(mine), "a played position has something to tell the players apart"
    assert senet_player.learned(state, "a") + senet_player.learned(state, "b") == pytest.approx(1.0)
    # The search's fast sum per square is the weights dotted with the features, for either player.
    for player, read in (("a", mine), ("b", theirs)):
        dotted = sum(w * f for w, f in zip(LEARNED_WEIGHTS, read, strict=True))
        assert senet_player.learned.logit(state, player) == pytest.approx(dotted, abs=1e-9)


def test_the_learned_evaluation_prefers_to_roll_next():
    rolling = rules.position("B5=aL B4=bL", to_move="a", off_a=11, off_b=11)
    waiting = rules.position("B5=aL B4=bL", to_move="b", off_a=11, off_b=11)
    assert senet_player.learned(rolling, "a") > senet_player.learned(waiting, "a")


def test_training_reads_self_play_and_recovers_the_weights_behind_the_outcomes():
    rows, won = train_senet.self_play((3, 0.05))
    assert len(rows) > 50 and won in (0.0, 1.0)
    assert all(len(row) == len(senet_player.FEATURES) for row in rows)
    rng = random.Random(5)
    truth = [1.5, -2.0, 0.0]
    samples = [[rng.gauss(0, 1) for _ in truth] for _ in range(4000)]
    outcomes = [
        float(rng.random() < 1 / (1 + math.exp(-sum(w * x for w, x in zip(truth, row, strict=True)))))
        for row in samples
    ]
    fitted = train_senet.fit(samples, outcomes)
    assert fitted == pytest.approx(truth, abs=0.25)


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


def test_only_a_pyramid_under_a_peak_is_locked():
    """The `locked` weights count pyramids inside a nest, never the peak or a lone pyramid."""
    state = position("S2=aL S4=aM S6=bS B3=aS P5=bL", to_move="a")
    calm = dict(senet_player.WEIGHTS, locked=0.0, locked_by_other=0.0)
    harsh = dict(senet_player.WEIGHTS, locked=50.0, locked_by_other=50.0)
    assert senet_player.race(state, "a", calm) == senet_player.race(state, "a", harsh)
    nested = position("S2=aS.aM.aL S6=bS B3=aS P5=bL", to_move="a")
    assert senet_player.race(nested, "a", calm) > senet_player.race(nested, "a", harsh)


class PlainExpectimax:
    """The search as its docstrings say it, written out plainly: before a roll, the average over the
    six rolls (a roll with no move passes the turn, or rolls again after a 1 or a 6); where a player
    chooses, their best (narrowed at inner choices to the `wide` moves their evaluation likes
    best). Counts the positions it evaluates."""

    def __init__(self, player, wide, evaluation):
        self.player, self.wide, self.evaluation, self.positions = player, wide, evaluation, 0

    def judge(self, state):
        self.positions += 1
        return self.evaluation(state, self.player)

    def before_roll(self, state, plies):
        if state.winner is not None or plies == 0:
            return self.judge(state)
        values = []
        for roll in range(1, 7):
            moves = state.moves_for_roll(state.current, roll)
            if moves:
                rolled = state.clone()
                rolled.roll = roll
                values.append(self.choice(rolled, moves, plies))
            else:
                passed = state.clone()
                if roll not in (1, 6):
                    passed.current = rules.other_player(passed.current)
                values.append(self.before_roll(passed, plies - 1))
        return sum(values) / 6

    def choice(self, state, moves, plies):
        mover = state.current
        children = [senet_player.after(state, state.seat_of(mover), move) for move in moves]
        if plies == 1:
            values = [self.judge(child) for child in children]
        else:
            if self.wide and len(children) > self.wide:
                children = sorted(children, key=lambda child: self.evaluation(child, mover), reverse=True)[
                    : self.wide
                ]
            values = [self.before_roll(child, plies - 1) for child in children]
        return max(values) if mover == self.player else min(values)


@pytest.mark.parametrize(("plies", "wide"), [(2, None), (3, 2), (3, 1)])
def test_the_search_is_expectimax_over_the_die(plies, wide):
    for seed in range(4):
        state = a_played_position(seed, 20 + 9 * seed)
        if state.winner is not None:
            continue
        for evaluation in (senet_player.evaluate, senet_player.learned):
            search = senet_player.Expectimax(state.current, wide, evaluation)
            plain = PlainExpectimax(state.current, wide, evaluation)
            assert search.chance(state, plies) == pytest.approx(plain.before_roll(state, plies))
            assert search.positions == plain.positions


def test_the_race_counts_squares_pyramids_borne_off_and_the_rearmost_on_the_source():
    def race(text, **off):
        return senet_player.race(position(text, to_move="a", **off), "a")

    weights = senet_player.WEIGHTS
    assert race("B4=aS P1=bS") - race("B5=aS P1=bS") == pytest.approx(1)  # a square further (B runs back)
    assert race("B4=aS", off_a=2) - race("B4=aS", off_a=1) == pytest.approx(
        senet_player.OFF_PLACE + weights["off"]
    )
    assert senet_player.OFF_PLACE == rules.LAST_SQUARE + 1  # borne off: one beyond the last square
    # the rearmost pyramid still on the Source counts its distance from leaving it
    assert race("S2=aS B4=aM") - race("S1=aS B4=aM") == pytest.approx(1 + weights["straggler"])
    # a pyramid carrying the other player's is burdened, one carried by theirs rides; one's own don't
    assert race("B4=aL.bM") == race("B4=aL") - weights["burdened"]
    assert race("B4=aL.aM") == 2 * race("B4=aL")
    b_race = senet_player.race(position("B4=aL.bM", to_move="a"), "b")
    assert b_race == senet_player.race(position("B4=bM", to_move="a"), "b") + weights["riding"]
    assert senet_player.race(position("B4=bL.bM", to_move="a"), "b") == 2 * race("B4=aL")
    # on the Source's last square it is one square from leaving it; a square on, it has left
    assert race("B9=aS B4=aM") - race("S9=aS B4=aM") == pytest.approx(1 + weights["straggler"])


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_decision_by_hand(level):
    """Each move valued one ply deep by the level's evaluation, or by the expectimax below it;
    easy adds noise; the best value is played and the positions evaluated are counted."""
    from computer.decision import derive_seed

    plies, evaluation, wide = senet_player.LEVELS[level]
    for seed in range(2 if level == "hard" else 4):  # hard searches four plies: two positions
        state = a_played_position(seed, 20 + 9 * seed)
        if state.winner is not None or not state.legal_actions(state.to_move[0]):
            continue
        seat, player = state.to_move[0], state.current
        moves = sorted(state.legal_actions(seat), key=str)
        search = senet_player.Expectimax(player, wide, evaluation)
        values = [
            evaluation(senet_player.after(state, seat, move), player)
            if plies == 1
            else search.chance(senet_player.after(state, seat, move), plies - 1)
            for move in moves
        ]
        positions = len(moves) if plies == 1 else search.positions
        if level == "easy":
            rng = random.Random(derive_seed(seed, "senet-easy"))
            scored = [value + rng.gauss(0.0, senet_player.NOISE / senet_player.SCALE / 4) for value in values]
        else:
            scored = values
        best = max(range(len(moves)), key=lambda i: scored[i])
        decision = senet_player.think(state, seat, level, seed)
        assert (decision.action, decision.expected, decision.samples) == (
            moves[best],
            values[best],
            positions,
        )


def test_pyramids_on_the_source_and_blocks_are_the_engine_s():
    """The features say "on the Source" for the engine's Source squares, place each square on the
    engine's track, and find a block wherever the engine sees one."""
    for index in range(1, rules.LAST_SQUARE + 1):
        region = senet_player.REGIONS[senet_player._region(index)]
        assert region[0].upper() == rules.SQUARES[index - 1][0]  # source S, balance B, perfect P
    for index in range(1, rules.LAST_SQUARE + 1):
        on_source = senet_player._ON_SOURCE in senet_player._pyramid_features(
            index, senet_player._region(index), 1, -1
        )
        assert on_source == (index in rules.SOURCE_SQUARES)
    blocks = 0
    for seed in range(40):
        state = a_played_position(seed, 10 + seed)
        _, found = senet_player._pyramids(state)
        expected = [
            (rules.block_owner(stack), senet_player._region(index))
            for index, stack in enumerate(state.stacks)
            if rules.block_owner(stack)
        ]
        assert found == expected
        blocks += len(found)
    assert blocks >= 3


def test_the_position_features_count_the_squares_each_rearmost_pyramid_is_from_leaving_the_source():
    state = position("S9=aS B4=aM S3=bS", to_move="a")
    rearmost = senet_player._rearmost(senet_player._pyramids(state)[0])
    assert rearmost == {"a": 9, "b": 3}
    found = senet_player._position_features(state, "a", rearmost, [])
    assert found[senet_player._STRAGGLER] == (10 - 9) - (10 - 3)  # S9 is one square from leaving it
    assert found[senet_player._CLEAR] == 0
    alone = senet_player._position_features(state, "a", {"a": 9}, [])  # b's Source is clear
    assert (alone[senet_player._STRAGGLER], alone[senet_player._CLEAR]) == (1, -1)


def test_easy_errs_as_often_as_its_noise_says():
    """Easy adds to each move's chance a normal noise of NOISE race squares (turned into chance by
    the logistic's slope at an even position, 1/4 per SCALE squares). On a position with two moves
    whose chances differ by about that noise, the worse move is played as often as two such noises
    make it look better: P(N(0, 2 s^2) > gap)."""
    state = a_played_position(123, 13)
    seat, player = state.to_move[0], state.current
    moves = sorted(state.legal_actions(seat), key=str)
    assert len(moves) == 2
    values = [senet_player.evaluate(senet_player.after(state, seat, move), player) for move in moves]
    noise = senet_player.NOISE / senet_player.SCALE / 4
    gap = abs(values[0] - values[1])
    expected = 0.5 * math.erfc(gap / (2 * noise))
    assert 0.1 < expected < 0.3  # a position where the noise's size shows
    worse = moves[values.index(min(values))]
    tries = 2000
    erred = sum(senet_player.think(state, seat, "easy", seed).action == worse for seed in range(tries))
    assert abs(erred / tries - expected) < 4 * math.sqrt(expected * (1 - expected) / tries)
