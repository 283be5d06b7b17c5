"""The per-game Discord controls, checked without Discord: every prompt fits Discord's limits."""

import random
from dataclasses import fields

import pytest

from bot.components import view_of
from bot.errors import MatchError
from bot.kits import KITS
from bot.model import GuildSettings, Match, Seat
from bot.publisher import Moment
from games import GAMES, random_choice
from games.mars import Move
from games.pieces import Pyramid
from tests.games.test_conformance import random_options


def moment_of(game_id: str, state, options: dict, players: int = 2) -> Moment:
    """A stored match as the service would load it (only what presenters read is filled in),
    as the publisher shows it now."""
    seats = [Seat(i, 100 + i, f"player{i}", True, False, None) for i in range(players)]
    unset = {field.name: None for field in fields(Match)}
    known = {"id": 1, "game_id": game_id, "status": "active", "version": 7, "options": options}
    match = Match(**unset | known | {"seats": seats, "state": state, "settings": GuildSettings(1)})
    return Moment(KITS[game_id], match)


def mars_prompt(match: Match, seat: int, choice: str = ""):
    return Moment(KITS["mars"], match).prompt(seat, choice)


def check_pick(match: Match, seat: int, values: list[str], carried: str) -> str:
    moment = Moment(KITS["mars"], match)
    return moment.presenter.check_pick(moment.scene, seat, moment.mine(seat), values, carried)


def check_fits_discord(prompt) -> None:
    view = view_of(prompt.items)  # raises when a row overflows
    assert len(prompt.text) <= 1800
    items = [child.item for child in view.children] if view else []
    for item in items:
        assert len(item.custom_id) <= 100
        if hasattr(item, "options"):
            assert 1 <= len(item.options) <= 25
            values = [o.value for o in item.options]
            assert len(set(values)) == len(values)
            assert all(len(o.label) <= 100 and len(o.description or "") <= 100 for o in item.options)
        else:
            assert len(item.label) <= 80
    ids = [item.custom_id for item in items]
    assert len(set(ids)) == len(ids), "custom_ids must be unique within a message"


@pytest.mark.parametrize("game_id", list(KITS))
def test_every_prompt_of_random_games_fits_discord(game_id):
    game = GAMES[game_id]
    for seed in range(6):
        chooser = random.Random(seed)
        players = chooser.randint(game.min_players, game.max_players)
        options = random_options(game, players, chooser)
        state = game.new(players, seed, options)
        steps = 0
        while not state.is_over and steps < 400:
            seat = state.to_move[0]
            check_fits_discord(moment_of(game_id, state, options, players).prompt(seat))
            state.apply(seat, random_choice(state.legal_actions(seat), chooser))
            steps += 1


def mars_match(**options):
    options = GAMES["mars"].resolve_options({"objectives": "deck", "first_player": 1, **options})
    state = GAMES["mars"].new(2, 3, options)
    return moment_of("mars", state, options).match


def test_placement_menus_cover_every_empty_square_in_whole_ranks():
    match = mars_match(five_colours="+3", objectives="choose")
    state = match.state
    state.objectives = [{3: "P", 2: "R", 1: "G", 0: "B", -1: "Y"}] * 2
    state.drawn = Pyramid("R", 3)
    menus = [item.item for item in mars_prompt(match, state.current).items]
    sizes = [len(menu.options) for menu in menus]
    assert sizes == [24, 24, 16]  # 8x8: ranks 1-3, 4-6, 7-8
    squares = [o.value.split("@")[1] for menu in menus for o in menu.options]
    assert sorted(squares) == sorted(f"{f}{r}" for f in "abcdefgh" for r in range(1, 9))


def test_a_piece_held_back_by_ko_is_offered_with_the_reason():
    match = mars_match()
    state = match.state
    state.board = {"a1": Pyramid("G", 3), "g8": Pyramid("K", 1)}
    state.apply(0, Move("a1", "a4"))  # now only a4-a1 (Ko), a4-a7 and a4-d4 are open to P2
    state.board["a7"] = Pyramid("K", 2)
    state.board["d4"] = Pyramid("K", 1)  # blacks can't be swapped: a4's only way is back, Ko
    prompt = mars_prompt(match, 1)
    assert "a4-a1 would undo P1 player0's last move" in prompt.text
    piece_menu = next(item.item for item in prompt.items if ":pick:" in item.item.custom_id)
    assert [o.value for o in piece_menu.options] == ["a4"]
    assert piece_menu.options[0].description == "Ko: can't go back now"
    choice = check_pick(match, 1, ["a4"], "0")
    buttons = [item.item for item in mars_prompt(match, 1, choice).items]
    assert [(b.label, b.disabled) for b in buttons if not hasattr(b, "options")] == [
        ("🎲 Draw a piece", False),
        ("a1: not allowed (Ko)", True),
    ]


def test_objective_draft_moves_a_colour_that_is_chosen_again():
    match = mars_match(objectives="choose")
    assert check_pick(match, 0, ["Y"], "0 xxx") == "Yxx"
    assert check_pick(match, 0, ["G"], "1 Yxx") == "YGx"
    assert check_pick(match, 0, ["Y"], "1 YGx") == "GYx"  # yellow moves to +1, green to +2
    with pytest.raises(MatchError):
        check_pick(match, 0, ["P"], "0 xxx")  # no purple with four colours
    with pytest.raises(MatchError):
        check_pick(match, 0, ["Y"], "7 xxx")
    confirm = mars_prompt(match, 0, "RGB").items[-1]
    assert confirm.item.custom_id.endswith(":act:+2:R +1:G 0:B -1:Y")


def test_a_swap_either_piece_can_start_is_offered_under_both():
    match = mars_match()
    state = match.state
    state.board = {"d4": Pyramid("R", 2), "d6": Pyramid("B", 2)}
    for origin in ("d4", "d6"):
        buttons = mars_prompt(match, 0, check_pick(match, 0, [origin], "0")).items
        assert any(b.item.custom_id.endswith(":act:d4xd6") for b in buttons)


def flood_prompt(state, seat: int):
    return moment_of("flood", state, {}, players=state.num_players).prompt(seat)


def test_flood_asks_the_target_which_tower_takes_an_infiltrated_ship():
    from games.flood import position

    state = position(3, areas={0: "6s=R2", 1: "3c[B2] 9h[B3] 8d[B3,B1]"}, slot=2)
    state.apply(0, GAMES["flood"].parse_action("I 6s P2"))
    shown = flood_prompt(state, 1)
    assert "infiltrated you" in shown.text
    assert sorted(b.item.label for b in shown.items) == ["Onto 3♣ (tower 🟦2)", "Onto 9♥ (tower 🟦3)"]
    assert {b.item.custom_id.split(":", 4)[4] for b in shown.items} == {"R 6s 3c", "R 6s 9h"}


def test_flood_offers_every_keep_choice_after_a_draw():
    from games.flood import position

    state = position(3, areas={0: "9d[R2,R1]"}, stashes={0: (1, 0, 2)})
    state.apply(0, GAMES["flood"].parse_action("D"))
    shown = flood_prompt(state, 0)
    cards = state.view(0)["drawn"]["cards"]
    actions = {b.item.custom_id.split(":", 4)[4] for b in shown.items}
    assert actions == {f"K {card} {size}" for card in cards for size in (1, 3)}  # no mediums left


@pytest.mark.parametrize("game_id", list(KITS))
def test_every_text_of_random_games_can_be_written(game_id):
    """Board texts for every action and event along random games: nothing the engine says is unreadable."""
    presenter = KITS[game_id].presenter
    game = GAMES[game_id]
    for seed in range(4):
        chooser = random.Random(seed)
        players = chooser.randint(game.min_players, game.max_players)
        options = random_options(game, players, chooser)
        state = game.new(players, seed, options)
        for _ in range(300):
            if state.is_over:
                break
            seat = state.to_move[0]
            action = str(random_choice(state.legal_actions(seat), chooser))
            before = moment_of(game_id, state, options, players).scene
            assert presenter.action_phrase(before, seat, action, done=False)
            events = state.apply(seat, game.parse_action(action))
            scene = moment_of(game_id, state, options, players).scene
            assert presenter.action_phrase(scene, seat, action)
            assert isinstance(presenter.describe_events(scene, events), list)
            assert presenter.status_line(scene) if not state.is_over else presenter.final_text(scene)
            assert presenter.seat_label(scene, seat)
        assert presenter.options_text(options) and presenter.start_line(scene) is not None
