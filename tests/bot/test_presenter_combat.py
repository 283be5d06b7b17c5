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
from bot.presenters.combat import board_rows
from games import GAMES, random_choice
from games.combat import _choice
from tests.renderers.test_renderers_combat import busy_view, counter_view, offer_view

PRESENTER = KITS["combat"].presenter
GAME = GAMES["combat"]
NAMES = ("Ana", "Ben", "Cleo", "Dev")


def scene_of(view: dict, version: int = 3) -> Scene:
    return Scene(1, version, NAMES[: len(view["seats"])], {"version": view["version"], "rounds": 0}, view)


def with_choices(view: dict, *actions: str) -> dict:
    """A hand-written view with the legal actions the engine's view would carry."""
    view["choices"] = [_choice(GAME.parse_action(action)) for action in actions]
    return view


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
    view = with_choices(busy_view(), "C", "C -")  # Red's turn (current 0); Blue (seat 2) decides
    scene = scene_of(view)
    assert view["current"] == 0 and view["to_move"] == [2]
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
    view = with_choices(offer_view(), "X b4>c5", "X b4>a5", "X -")  # b4 (6 pips) may attack c5 (5) or a5 (1)
    scene = scene_of(view)
    assert "🟥 Ana may attack from b4 (6 pips)." in PRESENTER.status_line(scene)
    buttons = labels(PRESENTER.prompt(scene, 0, view).items)
    assert buttons == ["Attack c5 (5 pips)", "Attack a5 (1 pip)", "Don't attack"]
    for view, _ in random_views(range(3), 400):
        scene = scene_of(view)
        for item in PRESENTER.prompt(scene, view["to_move"][0], view).items:
            for square, pips in re.findall(r"([a-f][1-6]) \((\d) pips?\)", item.item.label or ""):
                assert int(pips) == view["board"][square]["force"]["pips"], item.item.label
        for square, pips in re.findall(r"([a-f][1-6]) \((\d) pips?\)", PRESENTER.status_line(scene)):
            assert int(pips) == view["board"][square]["force"]["pips"]


# --- controls


def test_units_are_step_buttons_in_the_boards_order_and_their_squares_a_grid_around_them():
    state = GAME.new(2, 1, {"version": "standard"})
    while state.view(None)["phase"] != "move" or state.to_move != (0,):
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
        items = PRESENTER.prompt(scene, view["to_move"][0], view).items
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
                choice = PRESENTER.check_step(scene, view["to_move"][0], view, item.claim.argument)
                second = PRESENTER.prompt(scene, view["to_move"][0], view, choice).items
                assert len(second) <= 25 and max(i.item.row for i in second) < 5
    assert 20 < worst <= COMPONENT_LIMIT


# --- words


def test_the_alt_text_tells_the_position_within_discords_limit():
    view = busy_view()
    described = PRESENTER.describe(scene_of(view), view)
    assert len(described) <= 1024
    for square, spot in view["board"].items():
        assert f"{square} {' '.join(spot['stack'])}" in described
    assert "c6 R3 R2 R1 (capped)" in described and "c3 R1 R2 R3 (reserve, frozen)" in described
    assert "Yellow Ben: goal f3 f4, caps 0/2, lost S 0 · M 2 · L 1, reserve waits on c4." in described
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
    from renderers.combat import rule_words

    alt = PRESENTER.rules_alt()
    for word in rule_words():
        assert f"{word}: " in alt
