"""The Combat computer player (computer/combat.py): it looks past its own step to the opponent's
best reply, it never treats opponents as helpers, and it decides only from what it may see."""

from __future__ import annotations

import random

import pytest

import computer
from computer import combat as player
from computer import combat_eval
from computer.combat_eval import attack_odds, evaluate, home_value, seat_score
from computer.decision import derive_seed
from computer.dice import before_roll
from games import GAMES
from games.combat import Attack, Counter, Move, position

# A step home that one ply deep looks best, but lands next to a stronger enemy force that may
# attack at once (R13): it wins 78% and sends the stepping pyramid back to its start.
STEP_INTO_A_REPLY = [
    # Red: b5-c6 puts R3 on its empty home, next to Blue's 5-pip force on d5.
    ("b5:[R3] f3:[R2] d5:[B3 B2] b1:[B1]", 0, Move("b5", "c6", False)),
    # Blue, the mirror picture: b2-c1 puts B3 on its home, next to Red's 5-pip force on d2.
    ("b2:[B3] f4:[B2] d2:[R3 R2] e6:[R1]", 1, Move("b2", "c1", False)),
]


def _state(text: str, current: int):
    state = position(text, current=current, turn=20)
    state.round_limit = 30
    return state


def _greedy_choice(state, seat: int):
    """A plain one-ply greedy player: the action whose resulting board evaluates best."""
    actions = sorted(state.legal_actions(seat), key=str)
    world = state.determinize(seat, 0)
    values = [evaluate(before_roll(world, seat, action), seat) for action in actions]
    return actions[values.index(max(values))]


@pytest.mark.parametrize(("text", "seat", "trap"), STEP_INTO_A_REPLY)
def test_the_opponents_best_reply_rules_out_the_greedy_step(text, seat, trap):
    state = _state(text, seat)
    assert _greedy_choice(state, seat) == trap  # one ply deep the trap looks best
    decision = player.think(state, seat, "hard", 3)
    assert decision.action != trap
    if trap in decision.stats:  # searched: it expects clearly less from the trap
        assert decision.stats[trap][1] < decision.expected - 0.05
    # Normal overlooks the reply on purpose (it is what sets the levels apart) and steps in.
    assert player.think(state, seat, "normal", 3).action == trap


@pytest.mark.parametrize(("text", "seat", "trap"), STEP_INTO_A_REPLY)
def test_opponents_answer_for_themselves_not_for_the_decider(text, seat, trap):
    """If opponents were modelled as helpers (choosing what is best for the deciding seat), the
    opponent would never attack the stepping pyramid and the trap would look best."""
    state = _state(text, seat)
    world = state.determinize(seat, 0)
    after = before_roll(world, seat, trap)
    assert after.phase == "reply" and after.deciding_seat() != seat
    # Settled by the opponent for its own good, the opportunity turns into an attack on us.
    settled = player._settled_values(after)[seat]
    unsettled = evaluate(after, seat)
    assert settled < unsettled - 0.05
    assert player._settled_values(after, replies=False)[seat] == unsettled
    decision = player.think(state, seat, "hard", 5)
    assert decision.action != trap


def test_attack_odds_follow_the_rules():
    assert attack_odds(6, 1) > 0.98
    assert attack_odds(1, 6) < 0.02
    # Equal pips: the defender's counter-attack (R14) tilts an even fight its way.
    assert 0.3 < attack_odds(3, 3) < 0.5
    for a in range(1, 7):
        for d in range(1, 7):
            if a != d:
                assert attack_odds(a, d) + attack_odds(d, a) == pytest.approx(1.0)


def test_a_lost_first_round_is_always_countered():
    state = _state("b4:[R3 R2] c5:[B3 B2] e1:[R1] a2:[B1]", 0)
    state.apply(0, Move("e1", "e2", False))  # any step: then put a combat in the counter phase
    state = GAMES["combat"].from_json(state.to_json())
    state.combat = {"attacker": 0, "defender": 1, "a": 5, "d": 5, "rolls": [[4, 2]]}
    state.phase = "counter"
    state._legal = None
    decision = player.think(state, 1, "normal", 0)
    assert decision.action == Counter(True) and decision.samples == 0  # the odds alone, no position


def _positions(players: int, count: int, first_seed: int = 0):
    found, seed = [], first_seed
    while len(found) < count:
        seed += 1
        state = GAMES["combat"].new(players, seed, {"rounds": 30})
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 120)):
            if state.is_over:
                break
            seat = state.to_move[0]
            actions = state.legal_actions(seat)
            state.apply(seat, actions[rng.randrange(len(actions))])
        if not state.is_over and len(state.legal_actions(state.to_move[0])) > 1:
            found.append((seed, state))
    return found


def test_decisions_depend_only_on_what_the_seat_sees():
    """Only the dice to come are hidden: a determinization (other dice) gives the same decision."""
    for index, (seed, state) in enumerate(_positions(2, 5)):
        seat = state.to_move[0]
        levels = ("normal", "hard") if index < 2 else ("normal",)
        for level in levels:
            chosen = computer.choose(state, seat, level=level, seed=seed)
            for j in (1, 2):
                assert computer.choose(state.determinize(seat, j), seat, level=level, seed=seed) == chosen


def test_same_seed_same_decision_at_hard():
    for seed, state in _positions(2, 2, first_seed=50):
        seat = state.to_move[0]
        first = computer.choose(state, seat, level="hard", seed=seed)
        again = computer.choose(GAMES["combat"].from_json(state.to_json()), seat, level="hard", seed=seed)
        assert first == again


@pytest.mark.parametrize("players", [3, 4])
def test_plays_legal_moves_with_more_players(players):
    for seed, state in _positions(players, 3, first_seed=100):
        seat = state.to_move[0]
        for level in ("easy", "normal"):
            assert computer.choose(state, seat, level=level, seed=seed) in state.legal_actions(seat)


def test_a_whole_match_at_normal_finishes_legally():
    state = GAMES["combat"].new(2, 7, {"rounds": 30})
    state.round_limit = 4  # a short match: four rounds
    step = 0
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, computer.choose(state, seat, level="normal", seed=step))
        step += 1
    assert state.outcome is not None


def test_the_futures_count_the_next_turns_first_attack():
    """Hard scores the board where its next turn begins by the best first action there: a weak
    enemy pyramid two steps from its strong force is a chance the board alone doesn't show."""
    state = _state("b3:[R3 R2] b5:[B1] e1:[R1] f5:[B3 B2]", 0)
    board_alone = evaluate(state, 0)
    assert player._play_out(state.clone(), 0, state.turn, next_step=False) == board_alone
    with_step = player._play_out(state.clone(), 0, state.turn, next_step=True)
    assert with_step > board_alone + 0.05  # b3-b4, then R3 R2 (5 pips) attacks B1 (1 pip)
    blue = _state("b3:[R3 R2] b5:[B1] e1:[R1] f5:[B3 B2]", 1)  # Blue to move: nothing for Red
    assert player._play_out(blue.clone(), 0, blue.turn, next_step=True) == evaluate(blue, 0)


def test_an_attack_is_judged_by_the_two_forces_the_view_shows():
    """The odds the search gives an attack are those of the attacking and defending forces' pips."""
    judged = 0
    for state, attack, forces in attacks_in_random_games(12):
        assert player.attack_odds_of(state, attack) == attack_odds(*forces)
        judged += 1
    assert judged > 10


def attacks_in_random_games(games: int):
    """(state, attack, (attacking pips, defending pips)) for every attack open in random 2-player
    matches, as the view shows the forces."""
    for seed in range(games):
        chooser = random.Random(seed)
        state = GAMES["combat"].new(2, seed, {})
        for _ in range(300):
            if state.is_over:
                break
            seat = state.to_move[0]
            actions = state.legal_actions(seat)
            board = state.view(None).board
            for attack in (action for action in actions if isinstance(action, Attack)):
                yield state, attack, (board[attack.origin].force.pips, board[attack.target].force.pips)
            state.apply(seat, chooser.choice(actions))


def test_a_tree_that_can_walk_home_is_worth_more_than_the_nest_of_the_same_pyramids():
    """A nest is one Tip from a tree: on the same square, with nothing else changed, the tree is
    nearer to capping, and the evaluation says so."""
    tree, nest = position("b4:[R3 R2 R1]", players=2), position("b4:[R1 R2 R3]", players=2)
    assert seat_score(tree, 0) > seat_score(nest, 0)


def test_a_home_square_is_worth_its_own_pyramids_its_progress_and_less_for_what_is_in_the_way():
    tree, t, w = ["R3", "R2", "R1"], 3.0, combat_eval.WRONG_ON_HOME
    # the tree's first pyramids in place: its progress
    assert home_value([], tree, "R", t) == (combat_eval.PREFIX[0], 0)
    assert home_value(["R3", "R2"], tree, "R", t) == (2 * t + combat_eval.PREFIX[2], 2)
    # a nest and a pair nest are one Tip from a cap or from [L M]
    assert home_value(["R1", "R2", "R3"], tree, "R", t) == (3 * t + combat_eval.NEST_ON_HOME, 0)
    assert home_value(["R2", "R3"], tree, "R", t) == (2 * t + combat_eval.PAIR_NEST_ON_HOME, 0)
    # own pyramids above the right ones are in the way, each once; the right ones are not
    assert home_value(["R3", "R1"], tree, "R", t) == (2 * t - w, 1)
    assert home_value(["R1", "R3"], tree, "R", t) == (2 * t - 2 * w, 0)
    # an opponent's pyramid blocks the square
    blocked = combat_eval.BLOCKED_HOME + combat_eval.FOREIGN_ON_HOME
    assert home_value(["R3", "B1"], tree, "R", t) == (t - blocked, 1)
    assert home_value(["R3", "R1", "R2"], tree, "R", t) == (3 * t - 2 * w, 1)  # three, but no nest


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_look_ahead_plays_the_next_seat_s_reply_and_stops_there(players):
    for seed, state in _positions(players, 4, first_seed=300):
        seat = state.to_move[0]
        world = state.determinize(seat, seed)
        player._play_out(world, seat, player.look_ahead_end(state), next_step=False)
        assert world.is_over or world.turn == state.turn + min(players, 2)  # this turn and one reply


def test_the_scripted_dice_settle_every_legal_combat_the_way_they_say():
    """The search settles an attack by scripting its dice: whatever the two forces' pips (an
    attacker never has fewer), ATTACKER_WINS makes the attacker win and DEFENDER_WINS the defender,
    counter-attacks and tie-breaks included."""
    settled = set()
    for state, attack, pips in attacks_in_random_games(40):
        seat = state.to_move[0]
        for faces, winner in (
            (player.ATTACKER_WINS, attack.origin),
            (player.DEFENDER_WINS, attack.target),
        ):
            world, events = state.clone(), []
            engine_apply = world.apply
            world.apply = lambda *move, record=events, apply=engine_apply: record.extend(apply(*move)) or []
            player._settle(world, seat, attack, faces)
            winners = [str(event) for event in events if str(event).startswith("WINNER")]
            assert winners == [f"WINNER {winner}"], pips
            assert world.phase != "roll"  # where the script ran out before a roll, the world rolls on
        settled.add(pips)
    assert settled == {(a, d) for a in range(1, 7) for d in range(1, a + 1)}


def test_a_play_out_lets_every_seat_follow_the_one_ply_policy():
    for seed, state in _positions(3, 4, first_seed=400):
        seat = state.to_move[0]
        played, by_hand = state.determinize(seat, seed), state.determinize(seat, seed)
        end = player.look_ahead_end(state)
        value = player._play_out(played, seat, end, next_step=False)
        while not by_hand.is_over and by_hand.turn < end:
            actor = by_hand.to_move[0]
            by_hand.apply(actor, player.policy_choice(by_hand, actor, by_hand.legal_actions(actor)))
        assert played.to_json() == by_hand.to_json() and value == evaluate(by_hand, seat)


def test_hard_plays_its_best_candidates_forward_in_worlds_where_the_next_die_shows_each_face():
    """Hard's search, done by hand: the `width` actions one ply ranks best, each played in `worlds`
    guessed worlds, world i's next die showing face i + 1 (an attack won in the share of worlds its
    odds give), then played out to the end of the reply and valued; the best mean is chosen."""
    settings = player.LEVELS["hard"]
    width, worlds = settings["width"], settings["worlds"]
    searched = 0
    for seed, state in _positions(2, 8, first_seed=700):
        seat = state.to_move[0]
        if state.phase == "counter":
            continue
        decision = player.think(state, seat, "hard", seed)
        actions = sorted(state.legal_actions(seat), key=str)
        base = state.determinize(seat, derive_seed(seed, "combat", "base"))
        ranked = player.one_ply_values(base, seat, actions, replies=True)
        candidates = sorted(range(len(actions)), key=lambda i: (-ranked[i], i))[:width]
        if len(candidates) == 1:
            assert decision.samples == len(actions) and not decision.stats
            continue
        means = {}
        for index in candidates:
            values = []
            for world_index in range(worlds):
                world = state.determinize(seat, derive_seed(seed, "combat", "world", world_index))
                world.rng = player._FirstFace(world_index % 6, world.rng)
                action = actions[index]
                if isinstance(action, Attack):
                    won = (world_index + 0.5) / worlds < player.attack_odds_of(world, action)
                    player._settle(world, seat, action, player.ATTACKER_WINS if won else player.DEFENDER_WINS)
                else:
                    world.apply(seat, action)
                values.append(player._play_out(world, seat, player.look_ahead_end(state), next_step=True))
            means[actions[index]] = (worlds, sum(values) / worlds)
        assert decision.stats == means
        assert decision.samples == worlds * len(candidates)
        best = max(candidates, key=lambda i: (means[actions[i]][1], -candidates.index(i)))
        assert decision.action == actions[best] and decision.expected == means[actions[best]][1]
        searched += 1
    assert searched >= 4


def test_normal_looks_at_each_action_once():
    for seed, state in _positions(2, 4, first_seed=800):
        seat = state.to_move[0]
        decision = player.think(state, seat, "normal", seed)
        assert decision.samples == decision.options == len(state.legal_actions(seat))


def test_own_pyramids_on_home_squares_count_more_as_the_round_limit_nears():
    """The tie-break at the round limit counts own pyramids on home squares: their weight grows
    from the first to the second of HOME_TIEBREAK as the limit comes."""
    state = position("b4:[R3 R2 R1]", players=2)
    state.round_limit = 10
    weights = []
    for turn in (0, 10, 20, 30):
        state.turn = turn
        weights.append(combat_eval.home_tiebreak(state))
    first, last = combat_eval.HOME_TIEBREAK
    assert weights == [first, (first + last) / 2, last, last]
    state.round_limit = 0  # no limit: the weight stays the first
    assert combat_eval.home_tiebreak(state) == first


# --- the terms of a seat's score, one at a time (Red's homes are c6 and d6; b4 is two steps away, b5 one)


def red(text: str) -> float:
    return seat_score(position(text, players=2), 0)


def test_each_step_nearer_an_open_home_is_worth_a_step_and_a_pinned_pyramid_costs_more():
    assert red("b5:[R1]") - red("b4:[R1]") == pytest.approx(combat_eval.STEP)
    assert red("b4:[R2 R1]") - red("b4:[R1]") == pytest.approx(-2 * combat_eval.STEP)  # per pyramid
    assert red("b4:[B2 R1]") - red("b4:[R2 B1]") == pytest.approx(combat_eval.PINNED)  # covered by Blue


def test_a_capped_home_is_worth_a_cap_and_its_pyramids_and_draws_none_there():
    t = combat_eval.home_tiebreak(position("b4:[R1]", players=2))
    assert red("c6:[R3 R2 R1]+K") - red("") == pytest.approx(combat_eval.CAP + 3 * t)


def test_a_tree_or_nest_away_from_home_is_a_force_and_at_home_only_its_home_counts():
    tree, t = ["R3", "R2", "R1"], 3.0
    assert red("b4:[R3 R2 R1]") - red("b4:[R3 R2] a4:[R1]") == pytest.approx(combat_eval.TREE_FORCE)
    assert red("b4:[R1 R2 R3]") - red("b4:[R1 R2] a4:[R3]") == pytest.approx(combat_eval.NEST_FORCE)
    nest_at_home = home_value(["R1", "R2", "R3"], tree, "R", t)[0] + home_value([], tree, "R", t)[0]
    assert red("c6:[R1 R2 R3]") == pytest.approx(nest_at_home)


def test_a_force_waiting_to_go_back_costs_five_steps_a_pyramid():
    state = position("b4:[R1] e2:[B1]", players=2)
    before = [seat_score(state, 0), seat_score(state, 1)]
    state.returning = {"seat": 0, "force": ["R3", "R2"], "options": ["a1"]}
    assert [seat_score(state, 0), seat_score(state, 1)] == pytest.approx(
        [before[0] - 10 * combat_eval.STEP, before[1]]
    )


@pytest.mark.parametrize(("players", "share"), [(2, 0.5), (3, 1.0)])
def test_a_finished_match_is_worth_a_win_a_shared_win_of_two_half(players, share):
    state = position("b4:[R1]", players=players)
    state.phase, state.winners = "over", [0, 1]
    assert [evaluate(state, seat) for seat in range(players)] == [share, share, *[0.0] * (players - 2)]


def test_attack_odds_are_the_share_of_dice_the_attacker_wins():
    """Counted over every roll: with different pips, one round (a tie half a win); with equal pips,
    a round-1 win must survive the defender's counter, where both rolls of each side add up."""
    faces = range(1, 7)
    for a in range(1, 7):
        for d in range(1, 7):
            if a != d:
                wins = sum((a + x > d + y) + (a + x == d + y) / 2 for x in faces for y in faces) / 36
            else:
                wins = (
                    sum(
                        (x > y) * ((x + x2 > y + y2) + (x + x2 == y + y2) / 2) + (x == y) / 2
                        for x in faces
                        for y in faces
                        for x2 in faces
                        for y2 in faces
                    )
                    / 6**4
                )
            assert attack_odds(a, d) == pytest.approx(wins), (a, d)


def test_an_attack_is_worth_its_two_outcomes_weighted_by_their_odds():
    """Won or lost (a lost force going back to the first start square it may), each outcome valued
    for every seat, weighted by the attack's odds."""
    import contextlib

    from computer.combat_eval import evaluate_all
    from computer.dice import NoMoreDice, ScriptedDice

    checked = 0
    for state, attack, _ in attacks_in_random_games(8):
        seat, odds = state.to_move[0], player.attack_odds_of(state, attack)
        expected = [0.0] * state.num_players
        for faces, weight in ((player.ATTACKER_WINS, odds), (player.DEFENDER_WINS, 1 - odds)):
            world = state.clone()
            world.rng = ScriptedDice(faces)
            with contextlib.suppress(NoMoreDice):
                world.apply(seat, attack)
                while world.phase == "counter":
                    world.apply(world.deciding_seat(), Counter(False))
                while world.phase == "return":
                    world.apply(world.deciding_seat(), player.Return(world.returning["options"][0]))
            for other, value in enumerate(evaluate_all(world)):
                expected[other] += weight * value
        assert player._attack_values(state, seat, attack) == pytest.approx(expected)
        checked += 1
    assert checked > 10
