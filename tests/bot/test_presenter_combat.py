"""Martian Combat's words and controls on Discord: one seat acts everywhere, a force has one pip
count everywhere, decisions are buttons laid out like the board, and the board message never holds
more components than Discord allows."""

import random
import re

import pytest

from bot.components import Claim, MatchButton, MatchSelect
from bot.errors import MatchError
from bot.kits import KITS
from bot.layout import COMPONENT_LIMIT, board_layout
from bot.presenters.base import Scene
from bot.presenters.combat_controls import board_rows
from catalogue import speaking
from games import GAMES, Rng, random_choice
from games.combat import Attack, position
from games.combat_views import CombatView
from games.core import with_suggestion
from tests.games.test_combat import after_no_move, play, t9_after_round_one
from tests.positions import COMBAT_T1, COMBAT_T5, COMBAT_T6, COMBAT_T12, COMBAT_T14
from tests.renderers.test_renderers_combat import busy_view, counter_view, offer_state, offer_view

PRESENTER = KITS["combat"].presenter
GAME = GAMES["combat"]
NAMES = ("Ana", "Ben", "Cleo", "Dev")


def scene_of(view: CombatView, version: int = 3) -> Scene:
    return Scene(1, version, NAMES[: len(view.seats)], {"version": view.version, "rounds": 0}, view)


def labels(items) -> list[str]:
    return [item.item.label for item in items if isinstance(item, MatchButton)]


def random_views(seeds=range(9), steps=900):
    """(view, version) along random matches of every player count and version."""
    for seed in seeds:
        players, version = 2 + seed % 3, ("standard", "simple", "advanced")[seed % 3]
        state = GAME.new(players, seed, {"version": version})
        rng = random.Random(seed)
        for number in range(steps):
            if state.is_over:
                break
            yield state.view(None), number
            seat = state.to_move[0]
            state.apply(seat, random_choice(state.legal_actions(seat), rng))


# --- one seat acts


def test_when_an_opponent_decides_every_text_names_that_seat_and_no_one_else_acts():
    view = busy_view()  # Red's turn (current 0); Blue (seat 2) decides
    scene = scene_of(view)
    assert view.current == 0 and view.to_move == (2,) and view.legal == ("C", "C -")
    lines = PRESENTER.seat_lines(scene)
    assert [line.startswith("👉 ") for line in lines] == [False, False, True, False]
    status = PRESENTER.status_line(scene)
    assert "🟦 Cleo may counter-attack." in status and "Ana" not in status and "to play" not in status
    assert "Round 1: b4 11 against c5 8 (pips + die)." in status
    assert PRESENTER.prompt(scene, 2, view).text == "🟦 Cleo may counter-attack."
    described = PRESENTER.describe(scene, view)
    assert "Cleo may counter-attack." in described and "Ana may" not in described


# --- one pip count


def test_a_force_has_one_pip_count_beside_its_square_everywhere():
    view = offer_view()  # b4 (6 pips) may attack a5 (1) or c5 (5)
    scene = scene_of(view)
    assert view.legal == ("X b4>a5", "X b4>c5", "X -")
    assert "🟥 Ana may attack from b4 (6 pips)." in PRESENTER.status_line(scene)
    buttons = labels(PRESENTER.prompt(scene, 0, view).items)
    assert buttons == ["Attack a5 (1 pip)", "Attack c5 (5 pips)", "Don't attack"]
    for view, _ in random_views(range(3), 400):
        scene = scene_of(view)
        for item in PRESENTER.prompt(scene, view.deciding, view).items:
            for square, pips in re.findall(r"([a-f][1-6]) \((\d) pips?\)", item.item.label or ""):
                assert int(pips) == view.board[square].force.pips, item.item.label
        for square, pips in re.findall(r"([a-f][1-6]) \((\d) pips?\)", PRESENTER.status_line(scene)):
            assert int(pips) == view.board[square].force.pips


# --- controls


def test_units_are_step_buttons_in_the_boards_order_and_their_squares_a_grid_around_them():
    state = GAME.new(2, 1, {"version": "standard"})
    while state.view(None).phase != "move" or state.to_move != (0,):
        state.apply(state.to_move[0], state.legal_actions(state.to_move[0])[-1])
    view = state.view(None)
    scene = scene_of(view)
    items = PRESENTER.prompt(scene, 0, view).items
    assert [(item.claim.kind, item.item.label) for item in items if item.item.row == 0] == [
        ("act", "Skip the move")
    ]
    steps = [item for item in items if item.claim.kind == "step"]
    assert {item.item.label for item in steps} == {
        "Whole force c1 (6 pips)",
        "c1 🟥3",
        "Whole force d1 (6 pips)",
        "d1 🟥3",
    }
    assert len({item.item.row for item in steps}) == 1  # rank 1: one row, files left to right
    chosen = PRESENTER.check_step(scene, 0, view, "M c1=")
    grid = PRESENTER.prompt(scene, 0, view, chosen).items
    rows = {}
    for item in grid:
        rows.setdefault(item.item.row, []).append((item.item.label, item.item.disabled))
    assert rows == {
        0: [("b2", False), ("c2", False), ("d2", False)],
        1: [("b1", False), ("c1", True), ("d1", True)],  # the origin, and its own nest's square
    }


@pytest.mark.parametrize("carried", ["M z9-", "QQ c1-", "M c3-", "SW R2@c1", "", "M"])
def test_a_forged_or_stale_step_is_refused(carried):
    state = GAME.new(2, 1, {"version": "standard"})
    view = state.view(None)
    with pytest.raises(MatchError):
        PRESENTER.check_step(scene_of(view), state.to_move[0], view, carried)


def test_board_rows_follow_the_board_and_share_rows_only_when_short_of_them():
    squares = ["c1", "a6", "d1", "b3", "e3", "f6"]
    assert board_rows(squares, 4) == [[1, 5], [3, 4], [0, 2]]  # rank 6, rank 3, rank 1
    assert board_rows(squares, 2) in ([[1, 5, 3, 4], [0, 2]], [[1, 5], [3, 4, 0, 2]])
    assert board_rows(["a1", "b1", "c1", "d1", "e1", "f1"], 4) == [[0, 1, 2, 3, 4], [5]]
    assert board_rows(["a1", "b1", "c1", "d1", "e1", "f1"], 1) == []


def test_decisions_are_taps_not_menus_and_the_board_never_overflows():
    """Across random matches of every size and version: no menu on the board, every button in a
    row of at most five, at most four rows so the Hint fits, and the whole board message at most
    Discord's 40 components with the Hint the publisher may add."""
    worst = 0
    for view, number in random_views():
        scene = scene_of(view, number)
        items = PRESENTER.prompt(scene, view.deciding, view).items
        assert not any(isinstance(item, MatchSelect) for item in items)
        rows = [item.item.row for item in items]
        assert max(rows, default=0) < 4
        assert all(rows.count(row) <= 5 for row in set(rows))
        ids = [item.claim.custom_id for item in items]
        assert len(set(ids)) == len(ids)
        items.append(MatchButton(Claim(1, number, "hint"), label="💡 Hint", row=max(rows, default=-1) + 1))
        layout = board_layout("top", "board.png", "bottom", items, alt="alt", legend="legend")
        worst = max(worst, sum(1 for _ in layout.walk_children()))
        for item in items:
            if item.claim.kind == "step":
                choice = PRESENTER.check_step(scene, view.deciding, view, item.claim.argument)
                second = PRESENTER.prompt(scene, view.deciding, view, choice).items
                assert len(second) <= 25 and max(i.item.row for i in second) < 5
    assert 20 < worst <= COMPONENT_LIMIT


# --- words


def test_the_alt_text_tells_the_position_within_discords_limit():
    view = busy_view()
    described = PRESENTER.describe(scene_of(view), view)
    assert len(described) <= 1024
    for square, spot in view.board.items():
        assert f"{square} {' '.join(spot.stack)}" in described
    assert "c6 R3 R2 R1 (capped)" in described and "c3 R1 R2 R3 (reserve, frozen)" in described
    assert "Yellow Ben: goal f3 f4, caps 1/2, lost S 0 · M 2 · L 1, reserve waits on c4." in described
    for view, _ in random_views(range(3, 9, 3), 600):  # 4 players, Advanced: the longest
        assert len(PRESENTER.describe(scene_of(view), view)) <= 1024


def test_the_seat_lines_and_legend_carry_what_the_picture_no_longer_draws():
    view = counter_view()  # Blue won; Red's turn goes on with a Swap
    scene = scene_of(view)
    assert PRESENTER.seat_lines(scene) == [
        "👉 **🟥 Ana** · goal c6 d6 · caps 0/2",
        "**🟦 Ben** · goal c1 d1 · caps 0/2",
    ]
    assert PRESENTER.status_line(scene).startswith(
        "Turn 9 · action die ⚁ Swap\n🟥 Ana carries out the action."
    )
    legend = PRESENTER.legend(scene)
    for mark in ("flag", "bar", "hatched", "❄", "number in a corner", "padlock", "pink", "amber"):
        assert mark in legend


def test_the_rules_alt_names_what_the_rules_picture_labels():
    from renderers.combat_rules import rule_words

    alt = PRESENTER.rules_alt()
    for word in rule_words():
        assert f"{word}: " in alt


# --- hints: what a suggested move does, in the game's words


def hint(state, text: str, language: str = "en", seed: int = 0) -> str:
    """The explanation of the deciding seat's `text`, from events on a copy rolling made-up dice,
    as the bot gives it."""
    seat = state.to_move[0]
    state.rng = Rng(0)  # after scripted dice: the copy rolls its own anyway
    scene = Scene(1, 1, NAMES[:2], {"version": state.version, "rounds": 0}, state.view(None))
    events = state.determinize(seat, seed).apply(seat, GAME.parse_action(text))
    with speaking(language):
        return PRESENTER.explain(scene, seat, text, events)


def test_a_step_says_where_it_goes_and_why_never_what_the_dice_do_next():
    opening = position(COMBAT_T1)
    told = {hint(opening, "M c1=b2", seed=seed) for seed in range(6)}  # every action die after it
    assert told == {"moves your whole force (6 pips) from c1 to b2. That is a step nearer your home squares"}
    assert hint(opening, "M c1=b2", "de") == (
        "zieht deinen ganzen Trupp (6 Punkte) von c1 nach b2. Das ist ein Schritt näher an deine Heimfelder"
    )
    assert hint(opening, "M -") == "skips the move step and goes straight on to the action die"


def test_a_step_into_combat_names_the_forces_and_their_pips():
    t7a = position("a3:[R1] b4:[R3 R2] c5:[B2 B3] d1:[B1]")
    assert hint(t7a, "M a3-b4") == (
        "moves your small red pyramid from a3 to b4. There your 6 pips may attack Blue's 5 pips on c5"
    )
    assert hint(t7a, "M a3-b4", "de") == (
        "zieht deine kleine rote Pyramide von a3 nach b4. "
        "Dort kannst du Blaus Trupp auf c5 (5 Punkte) angreifen; du hast 6 Punkte"
    )
    t7a.apply(0, GAME.parse_action("M a3-b4"))
    assert hint(t7a, "X b4>c5") == (
        "attacks Blue's 5 pips on c5 with your 6 pips on b4. Each side adds a die to its pips, and the "
        "winner takes the loser's square"
    )
    t7c = position("a3:[R3] c2:[B1 B3] e6:[B1]")
    assert hint(t7c, "M a3-b3") == (
        "moves your large red pyramid from a3 to b3. There Blue's 4 pips on c2 may attack it"
    )


def test_a_step_that_completes_the_second_tree_wins():
    t14 = position(COMBAT_T14)
    assert hint(t14, "M e5-d6") == (
        "moves your small red pyramid from e5 to d6. It completes your tree on d6: both home squares capped, "
        "you win"
    )
    assert hint(t14, "M e5-d6", "de") == (
        "zieht deine kleine rote Pyramide von e5 nach d6. "
        "Das vollendet deinen Baum auf d6: Beide Heimfelder haben ihre Kappe, du gewinnst"
    )


def test_the_die_actions_say_which_pyramids_and_what_follows():
    assert hint(after_no_move(COMBAT_T5, 2), "SW R2@b3 B2@e4") == (
        "swaps your medium red pyramid on b3 with Blue's medium blue pyramid on e4: they trade places"
    )
    assert hint(after_no_move(COMBAT_T5, 2), "SW R2@b3 B2@e4", "de") == (
        "tauscht deine mittlere rote Pyramide auf b3 gegen die mittlere blaue Pyramide von Blau auf e4: "
        "Sie wechseln die Plätze"
    )
    assert hint(after_no_move(COMBAT_T6, 4), "DG R1@b3 B2@e4") == (
        "digs your small red pyramid from b3 in under Blue's medium blue pyramid on e4: safe from combat "
        "there, but stuck until that pyramid leaves"
    )
    assert hint(after_no_move(COMBAT_T12, 3), "HP b2-d2") == (
        "hops your small red pyramid from b2 onto Blue's stack on d2. Both roll a die: win and it pins what "
        "is below, lose and it hops back"
    )
    assert hint(after_no_move("b2:[R1 R2] e5:[B2]", 6), "W SW") == "uses the Wild roll for Swap"


def test_the_defender_hears_round_one_before_its_counter_attack():
    state = t9_after_round_one()  # Red 11 against Blue 8, equal pips: Blue may counter
    assert hint(state, "C") == (
        "counter-attacks: round 1 is lost, 8 to 11, but both roll again and the two rounds are added, so it "
        "can still turn"
    )
    assert hint(state, "C", "de") == (
        "macht einen Gegenangriff: Runde 1 ist mit 8 zu 11 verloren, aber beide würfeln noch einmal, und "
        "beide Runden werden zusammengezählt – das Blatt kann sich noch wenden"
    )
    assert hint(state, "C -") == "lets round 1 stand"


def test_an_aim_counts_its_steps_and_ends_its_legs_where_combat_may_come():
    state = position(COMBAT_T1)
    play(state, "M -", 5, 3)
    assert hint(state, "AM d1=e2") == (
        "moves your whole force (6 pips) from d1 to e2 (2 Aim steps left). That is a step nearer your home "
        "squares"
    )
    play(state, "AM d1=e2")
    assert hint(state, "AM /") == "ends this leg on e2, so the steps left may move another unit"


def test_a_tutorial_board_names_its_suggested_move_in_the_key_and_in_words():
    state = offer_state()
    view = with_suggestion(state.view(None), GAME.marks(state, 0, Attack("b4", "c5")))
    scene = scene_of(view)
    assert PRESENTER.legend(scene).endswith(" · dashed white: the suggested move")
    assert "Suggested move on b4 c5." in PRESENTER.describe(scene, view)
    plain = offer_view()
    assert "suggested" not in PRESENTER.legend(scene_of(plain))
    assert "Suggested" not in PRESENTER.describe(scene_of(plain), plain)
