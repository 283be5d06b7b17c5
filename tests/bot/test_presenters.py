"""The per-game Discord controls, checked without Discord: every prompt fits Discord's limits."""

import itertools
import random
from dataclasses import fields

import pytest

from bot.components import view_of
from bot.errors import MatchError
from bot.kits import KITS
from bot.model import GuildSettings, Match, Seat
from bot.presenters.common import COLOUR_EMOJI
from bot.publishing.moment import Moment
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


def check_step(match: Match, seat: int, argument: str) -> str:
    moment = Moment(KITS["mars"], match)
    return moment.presenter.check_step(moment.scene, seat, moment.mine(seat), argument)


def button_rows(prompt) -> list[list]:
    """The prompt's buttons, row by row, as Discord lays them out."""
    rows: dict[int, list] = {}
    for item in prompt.items:
        rows.setdefault(item.item.row, []).append(item)
    return [rows[row] for row in sorted(rows)]


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


@pytest.mark.parametrize("five_colours", ["off", "+3"])
def test_a_drawn_piece_is_placed_by_pressing_its_square_laid_out_like_the_board(five_colours):
    """On an empty board the part of the board with most empty squares comes first, 5 files by 4
    ranks, rank by rank; the other parts are a tap away, and every square is reached in two taps."""
    match = mars_match(five_colours=five_colours, objectives="choose")
    state = match.state
    state.objectives = [dict(zip(state.slot_values, state.colours, strict=True))] * 2
    state.drawn = Pyramid("R", 3)
    prompt = mars_prompt(match, state.current)
    rows = button_rows(prompt)
    squares = [[claim_argument(b) for b in row] for row in rows[:4]]
    assert squares == [[f"R3@{f}{rank}" for f in "abcde"] for rank in (4, 3, 2, 1)]  # a1 bottom left
    parts = [b.claim.argument for b in rows[4]]
    assert parts == ["SE", "NW", "NE"] and all(b.claim.kind == "step" for b in rows[4])
    reached = {b.claim.argument.split("@")[1] for row in rows[:4] for b in row}
    for part in parts:
        shown = mars_prompt(match, state.current, check_step(match, state.current, part))
        reached |= {i.claim.argument.split("@")[1] for i in shown.items if i.claim.kind == "act"}
    files = "abcdefgh"[: state.files]
    assert reached == {f"{f}{r}" for f in files for r in range(1, 9)}


def claim_argument(item) -> str:
    return item.claim.argument


def test_a_placement_with_few_empty_squares_shows_them_at_once_and_occupied_ones_greyed():
    match = mars_match()
    state = match.state
    files = "abcdefg"
    state.board = {f"{f}{r}": Pyramid("K" if f == "a" else "G", 1) for f in files for r in range(1, 9)}
    for square in ("c2", "e2", "d4"):
        del state.board[square]
    state.drawn = Pyramid("B", 2)
    prompt = mars_prompt(match, 0)
    assert [[(b.item.label, b.item.disabled) for b in row] for row in button_rows(prompt)] == [
        [("🟩1", True), ("d4", False), ("🟩1", True)],
        [("🟩1", True), ("🟩1", True), ("🟩1", True)],
        [("c2", False), ("🟩1", True), ("e2", False)],
    ]
    with pytest.raises(MatchError):
        check_step(match, 0, "NE")  # no empty square there: a forged part


def test_a_piece_held_back_by_ko_is_offered_with_the_reason():
    match = mars_match()
    state = match.state
    state.board = {"a1": Pyramid("G", 3), "g8": Pyramid("K", 1)}
    state.apply(0, Move("a1", "a4"))  # now only a4-a1 (Ko), a4-a7 and a4-d4 are open to P2
    state.board["a7"] = Pyramid("K", 2)
    state.board["d4"] = Pyramid("K", 1)  # blacks can't be swapped: a4's only way is back, Ko
    prompt = mars_prompt(match, 1)
    assert "a4-a1 would undo P1 player0's last move" in prompt.text
    pieces = [item for item in button_rows(prompt)[1] if not item.item.disabled]  # under Draw, the slots
    assert [(item.claim.argument, item.item.label) for item in pieces] == [("a4", "🟩3")]
    shown = mars_prompt(match, 1, check_step(match, 1, "a4"))
    assert [(b.item.label, b.item.disabled) for b in button_rows(shown)[0]] == [
        ("a1: not allowed (Ko)", True),
        ("↩ Back", False),
    ]


def test_the_objective_is_ready_and_colours_tapped_best_first_reorder_it():
    """A random objective comes ready to confirm; each tapped colour takes the next slot down (the
    others keep their order), so any order is at most three taps and Confirm away; a garbled or
    foreign draft is refused."""
    match = mars_match(objectives="choose")
    suggested = match.state.suggested_objective(0)

    def confirmed(prompt) -> str:
        return next(item for item in prompt.items if item.claim.kind == "act").claim.argument

    def order(prompt) -> str:
        return "".join(part.split(":")[1] for part in confirmed(prompt).split())

    first = mars_prompt(match, 0)
    assert order(first) == suggested and confirmed(first).startswith(f"+2:{suggested[0]} +1:")
    for wanted in ("".join(p) for p in itertools.permutations(suggested)):
        prompt, taps = first, 0
        while order(prompt) != wanted:  # tap the wanted colours from the top, as far as needed
            tap = next(
                item
                for item in prompt.items
                if item.claim.kind == "step"
                and not item.item.disabled
                and COLOUR_EMOJI[wanted[taps]] in item.item.label
            )
            prompt, taps = mars_prompt(match, 0, check_step(match, 0, tap.claim.argument)), taps + 1
        assert taps <= 3, wanted
    two = mars_prompt(match, 0, f"{suggested} 2")
    assert [item.item.disabled for item in button_rows(two)[0]] == [True, True, False, False]
    assert "Next tap: the colour for slot **0**." in two.text and "↩ Start again" in [
        item.item.label for item in two.items
    ]
    for garbled in ("RRGB", "RGBP", "RGBY 9", "RGB", "RGBY x", "c3"):
        with pytest.raises(MatchError):
            check_step(match, 0, garbled)
    assert (
        match.state.suggested_objective(1) is not None
        and getattr(Moment(KITS["mars"], match).scene.public, "suggested_objective", None) is None
    )  # the spectator's view never holds it


def test_a_swap_either_piece_can_start_is_offered_under_both():
    match = mars_match()
    state = match.state
    state.board = {"d4": Pyramid("R", 2), "d6": Pyramid("B", 2)}
    for origin in ("d4", "d6"):
        buttons = mars_prompt(match, 0, check_step(match, 0, origin)).items
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
    cards = [drawn.card for drawn in state.view(0).drawn]
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
            if state.is_over:
                assert presenter.final_text(scene)
            else:  # may be empty: a game whose board says it all
                assert isinstance(presenter.status_line(scene), str)
            assert presenter.seat_label(scene, seat)
        assert presenter.options_text(options) and presenter.start_line(scene) is not None


@pytest.mark.parametrize("options", [{}, {"blind": True}, {"five_colours": "-2"}])
def test_mars_words_show_the_reader_their_own_objective_and_the_public_nobodys_hidden_slot(options):
    """Along random games: the public alt text says each hidden slot is hidden; a seat's own says
    the colours that seat sees; both stay within Discord's 1,024 characters."""
    from games.mars import slot_text
    from renderers.words import colour_name

    game = GAMES["mars"]
    options = game.resolve_options(options)
    state = game.new(2, 11, options)
    chooser = random.Random(11)
    while not state.is_over:
        moment = moment_of("mars", state, options)
        public = moment.alt(moment.scene.public)
        for seat in (0, 1):
            own = moment.alt(moment.mine(seat), seat)
            assert len(public) <= 1024 and len(own) <= 1024
            for token in state.secrets(seat):  # 'P2+1:G', hidden from everyone but `seat`
                owner, value, colour = token[:2], int(token[2:].split(":")[0]), token[-1]
                said = f"{slot_text(value)} {colour_name(colour)}"
                assert said in objective_words(own, owner) and said not in objective_words(public, owner)
        seat = state.to_move[0]
        state.apply(seat, random_choice(state.legal_actions(seat), chooser))


def objective_words(described: str, owner: str) -> str:
    """What the alt text says of `owner`'s objective ('P1')."""
    line = next(line for line in described.splitlines() if line.startswith("Objectives, slot by slot: "))
    return next(part for part in line.split(": ", 1)[1].split("; ") if part.startswith(f"{owner}: "))
