"""Martian Flood's Discord controls and texts, checked without Discord: a button per card, steps
for the choices that need two, every legal action within reach, the board within Discord's 40
components, and the board's words (seat lines, status, legend, alt text)."""

import random
from dataclasses import replace

import discord
import pytest

from benchmarks.taps import taps_to_actions
from bot.components import MatchButton
from bot.errors import MatchError
from bot.layout import ALT_LIMIT, COMPONENT_LIMIT, board_layout
from bot.publishing.board import board_controls, board_extras
from games import GAMES, random_choice
from games.flood import position
from tests.bot.test_presenters import check_fits_discord, moment_of

FLOOD = GAMES["flood"]
MOST_TAPS = {"D": 1, "K": 1, "R": 1, "B": 2, "I": 2, "S": 4}


def controls(state, seat: int = 0, choice: str = "") -> list[tuple[str, str, str]]:
    """(kind, argument, label) of each button the prompt shows."""
    prompt = moment_of("flood", state, {}, players=state.num_players).prompt(seat, choice)
    check_fits_discord(prompt)
    assert all(isinstance(item, MatchButton) for item in prompt.items), "no menus: every choice is a tap"
    return [(item.claim.kind, item.claim.argument, item.item.label) for item in prompt.items]


def check_step(state, argument: str, seat: int = 0) -> str:
    moment = moment_of("flood", state, {}, players=state.num_players)
    return moment.presenter.check_step(moment.scene, seat, moment.mine(seat), argument)


def test_the_board_offers_draw_and_a_button_per_card_that_can_act():
    state = position(3, areas={0: "9d[R2,R1] 4c[R3] 7h=R3 2c=R1 5s"}, stashes={0: (1, 0, 2)})
    assert controls(state) == [
        ("act", "D", "Draw 2 cards"),
        ("act", "B 1 9d", "Build a small on 9♦"),  # only a small fits on a small
        ("step", "B 4c", "Build on 4♣…"),  # a small or a large
        ("step", "7h", "Ship on 7♥: send or scrap…"),
        ("step", "2c", "Ship on 2♣: send or scrap…"),
    ]  # the empty 5s has nothing to do


def test_a_tower_taking_several_sizes_asks_which():
    state = position(3, areas={0: "9d[R2,R1] 4c[R3] 7h=R3 2c=R1"}, stashes={0: (1, 0, 2)})
    assert check_step(state, "B 4c") == "B 4c"
    assert controls(state, choice="B 4c") == [
        ("act", "B 1 4c", "Build a small on 4♣"),
        ("act", "B 3 4c", "Build a large on 4♣"),
    ]


def test_a_ship_is_sent_to_an_opponent_or_scrapped_in_two_more_taps():
    state = position(4, areas={0: "4c[R3] 7h=R3 2c=R1"})
    ship = controls(state, choice=check_step(state, "7h"))
    assert ship[:3] == [
        ("act", "I 7h P2", "Send to P2 player1"),
        ("act", "I 7h P3", "Send to P3 player2"),
        ("act", "I 7h P4", "Send to P4 player3"),
    ]
    assert ship[3:] == [
        ("step", "S 7h:4c", "Scrap: onto 4♣, then a second ship…"),
        ("step", "S 7h:^", "Scrap: stand it up, then a second ship…"),
    ]
    second = controls(state, choice=check_step(state, "S 7h:^"))
    legal = {str(action) for action in state.legal_actions(0)}
    assert {argument for _, argument, _ in second} == {a for a in legal if a.startswith("S 7h:^ ")}
    assert ("act", "S 7h:^ 2c:7h", "2♣ onto 7♥") in second  # onto the tower the first ship just made


def test_a_scrap_whose_second_halves_do_not_fit_asks_for_the_second_ship_first():
    ships = " ".join(
        f"{card}=R{1 + i % 3}" for i, card in enumerate(["2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c"])
    )
    towers = " ".join(f"{card}[B3]" for card in ["2d", "3d", "4d", "5d"]) + " 6d[G3] 7d[G3] 8d[G3]"
    state = position(4, areas={0: f"{ships} {towers}"})
    after = controls(state, choice=check_step(state, "S 9c:^"))
    assert all(kind == "step" for kind, _, _ in after) and len(after) == 7  # the seven other ships
    assert ("step", "S 9c:^ 2c", "Then 2♣…") in after
    last = controls(state, choice=check_step(state, "S 9c:^ 2c"))
    assert [argument for _, argument, _ in last][:2] == ["S 9c:^ 2c:^", "S 9c:^ 2c:2d"]
    assert all(kind == "act" for kind, _, _ in last)


@pytest.mark.parametrize(
    "argument",
    ["zz", "B 9d", "B 1 9d", "B 5s", "5s", "9d", "S 7h:9d", "S 7h:^ 5s", "S 7h:^ 2c:^", "7h P2", "S", ""],
)
def test_a_forged_or_stale_step_is_refused(argument):
    """A step must lead somewhere legal: a tower taking one size builds at once (no step), 9d is a
    tower and 5s an empty card (no ship to send), 9d's small top can't take the large ship."""
    state = position(3, areas={0: "9d[R2,R1] 4c[R3] 7h=R3 2c=R1 5s"}, stashes={0: (1, 0, 2)})
    with pytest.raises(MatchError, match="isn't possible any more"):
        check_step(state, argument)


def test_keeping_a_drawn_card_is_one_tap_a_row_per_card():
    state = position(3, areas={0: "9d[R2,R1]"}, stashes={0: (1, 0, 2)}, drawn="7h 3c")
    prompt = moment_of("flood", state, {}, players=3).prompt(0)
    rows = {item.claim.argument: item.row for item in prompt.items}
    assert rows == {"K 7h 1": 0, "K 7h 3": 0, "K 3c 1": 1, "K 3c 3": 1}


@pytest.mark.parametrize("players", [3, 4])
def test_every_legal_action_is_within_reach_along_random_games(players):
    presenter = moment_of("flood", FLOOD.new(players, 0, {}), {}, players).presenter
    for seed in range(3):
        state = FLOOD.new(players, seed, {})
        chooser = random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            moment = moment_of("flood", state, {}, players)
            reached = taps_to_actions(presenter, moment.scene, seat, moment.mine(seat))
            legal = {str(action) for action in state.legal_actions(seat)}
            assert legal <= set(reached), legal - set(reached)
            for (
                action
            ) in legal:  # a scrap takes a fourth tap only when its second halves fill more than a message
                assert reached[action] <= MOST_TAPS[action[0]], action
            state.apply(seat, random_choice(state.legal_actions(seat), chooser))


def crowded_state(towers: int = 15):
    """P1 (4 players) with 13 ships and up to 15 towers that each take a large."""
    ships = [
        f"{rank}{suit}=R{1 + i % 3}"
        for i, (rank, suit) in enumerate(zip("23456789TA234", "c" * 10 + "ddd", strict=True))
    ]
    bases = [
        f"{card}[{colour}3]"
        for colour, cards in (("B", "5d 6d 7d 8d 9d"), ("G", "Td Ad 2h 3h 4h"), ("Y", "5h 6h 7h 8h 9h"))
        for card in cards.split()
    ]
    return position(4, areas={0: " ".join(ships + bases[:towers])}, stashes={0: (0, 0, 2)})


def board_message(state, *, hints: bool):
    """The board message the publisher would send while the match goes on."""
    moment = moment_of("flood", state, {}, players=state.num_players)
    moment.match.hints_allowed = hints
    presenter, scene = moment.presenter, moment.scene
    return board_layout(
        "\n".join(presenter.seat_lines(scene)),
        "board.png",
        presenter.status_line(scene),
        board_controls(moment),
        alt=presenter.describe(scene, scene.public),
        legend=presenter.legend(scene),
        extras=board_extras(moment),
    )


def components_of(view) -> tuple[int, list[str]]:
    """Every component of a message, counted as Discord does, and its buttons' labels."""
    parts = [getattr(part, "item", part) for part in view.walk_children()]  # a MatchButton holds its button
    assert len(parts) == view.total_children_count
    return len(parts), [part.label for part in parts if isinstance(part, discord.ui.Button)]


def test_the_board_stays_within_discords_forty_components_at_worst():
    """Draw and 24 cards fill a message's 25 buttons; with Hint and In words the board still holds
    at most 40 components."""
    full = crowded_state(towers=11)
    assert len(controls(full)) == 25
    count, labels = components_of(board_message(full, hints=True))
    assert count <= COMPONENT_LIMIT
    assert labels[-2:] == ["💡 Hint", "📝 In words"]  # they still fit below the moves
    fewer = crowded_state(towers=6)  # Draw, 13 ships and 6 towers: four rows
    assert len(controls(fewer)) == 20
    with_hint, _ = components_of(board_message(fewer, hints=True))
    without, _ = components_of(board_message(fewer, hints=False))
    assert with_hint == without + 1 < count


def test_towers_the_board_has_no_room_for_wait_behind_one_button():
    crowded = crowded_state()  # Draw, 13 ships and 15 towers: 29 buttons would not fit
    shown = controls(crowded)
    assert shown[:2] == [("act", "D", "Draw 2 cards"), ("step", "B", "Build on a tower…")]
    assert len(shown) == 15 and all(
        argument.endswith(("c", "d")) for _, argument, _ in shown[2:]
    )  # the ships
    towers = controls(crowded, choice=check_step(crowded, "B"))  # every build, a tap further
    builds = {str(action) for action in crowded.legal_actions(0) if str(action).startswith("B ")}
    assert {argument for kind, argument, _ in towers if kind == "act"} == builds and len(towers) == 15


def test_the_board_text_words_what_the_picture_shows():
    state = position(3, areas={0: "9d[R2,R1] 7h=R3 5s", 1: "3c[B2] 8d=B2"}, pending={1: "6s=R2<P1"})
    moment = moment_of("flood", state, {}, players=3)
    presenter, scene = moment.presenter, moment.scene
    first, second, third = presenter.seat_lines(scene)
    assert first == "**🟥 P1 player0** ⬅️ · stash 4 small, 3 medium, 4 large · ships 7♥ (large) · 3 cards"
    assert second.startswith("**🟦 P2 player1** · stash") and "ships 8♦ (medium)" in second
    assert "waiting to land: 6♠ (medium) from P1" in second
    assert third == "**🟩 P3 player2** · stash 5 small, 5 medium, 5 large · 0 cards"
    assert "Grey ×N: empty cards" in presenter.legend(scene)
    described = presenter.describe(scene, scene.public)
    assert (
        "P1 player0 (red): stash 4 small, 3 medium, 4 large; towers 9♦ R2 R1; ships 7♥ R3; empty 5♠."
        in described
    )
    assert "P2 player1 (blue): " in described and "waiting to land: 6♠ R2" in described
    assert len(described) <= 1024


def test_the_status_says_who_drew_what_and_where_a_ship_must_land():
    drawn = position(3, areas={0: "9d[R2,R1]"}, drawn="7h 3c")
    moment = moment_of("flood", drawn, {}, players=3)
    assert "🃏 P1 player0 drew 7♥ and 3♣ and keeps one." in moment.presenter.status_line(moment.scene)
    landing = position(3, areas={0: "6s=R2", 1: "3c[B2] 9h[B3] 8d[B3,B1]"}, slot=2)
    landing.apply(0, FLOOD.parse_action("I 6s P2"))
    moment = moment_of("flood", landing, {}, players=3)
    assert "P2 player1 places the ship 6♠ (medium) from P1 on one of the towers 3♣ and 9♥." in (
        moment.presenter.status_line(moment.scene)
    )


def test_a_flood_and_its_rolls_are_one_entry_of_the_recent_lines():
    """The board keeps its last few lines: a flood is one of them, its rolls below one another."""
    state = FLOOD.new(3, 1, {})
    chooser = random.Random(1)
    while True:
        seat = state.to_move[0]
        events = state.apply(seat, random_choice(state.legal_actions(seat), chooser))
        if any(event.kind == "FLOOD" for event in events):
            break
    moment = moment_of("flood", state, {}, players=3)
    lines = moment.presenter.describe_events(moment.scene, events)
    flood = [line for line in lines if line.startswith("🌊")]
    assert len(flood) == 1
    rolls = flood[0].splitlines()[1:]
    assert len(rolls) == sum(1 for event in events if event.kind == "ROLL") == 3  # after round 1
    assert all(" sector " in roll for roll in rolls)


def test_the_alt_text_of_a_crowded_table_leaves_out_the_key_and_the_empty_cards_to_fit():
    cards = [f"{rank}{suit}" for suit in "cdhs" for rank in "A23456789T"]  # all forty in play
    areas = {
        0: " ".join(f"{card}=R{1 + i % 3}" for i, card in enumerate(cards[:10])),
        1: " ".join(f"{card}[B3]" if i < 5 else f"{card}[B2,B1]" for i, card in enumerate(cards[10:20])),
        2: " ".join(cards[20:30]),
        3: " ".join(f"{card}[Y3,G1]" if i < 5 else card for i, card in enumerate(cards[30:40])),
    }
    moment = moment_of("flood", position(4, areas=areas), {}, players=4)
    presenter, scene = moment.presenter, moment.scene
    assert "empty A♥, 2♥" in presenter.describe(scene, scene.public)
    long_names = replace(
        scene,
        names=tuple(
            f"Bartholomew the Magnificent, Keeper of the Ships of Olympus Mons {seat}" for seat in range(4)
        ),
    )
    crowded = presenter.describe(long_names, long_names.public)
    assert len(crowded) <= ALT_LIMIT and "empty" not in crowded and "Pyramids by colour" not in crowded
    assert all(f"P{seat + 1} Bartholomew" in crowded for seat in range(4))
    assert "towers A♠ Y3 G1" in crowded and "ships A♣ R1" in crowded
