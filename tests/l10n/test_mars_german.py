"""Agents of M.A.R.S. in German: every label of its pictures (board, objective, rules) and every text
of its Discord presenter and engine refusals is German, fits where it is drawn, and the English
stays as it was."""

import dataclasses
import random
import re

import pytest

from bot.errors import MatchError
from bot.presenters.base import Scene
from bot.presenters.mars import MarsPresenter
from catalogue import catalogues, speaking, tr
from games import GAMES
from games.core import IllegalAction
from games.mars import Draw, Move, Place, SetObjective, Swap, SwapSlots
from games.pieces import Pyramid
from renderers import common, mars, mars_objective, mars_rules
from tests.bot.test_presenters import check_fits_discord
from tests.l10n.drawing import overlapping, recorded

GAME = GAMES["mars"]
NAMES = ["Alice", "Bartholomew the Magnificent of Mars"]
GERMAN = catalogues()["de"]


def play(seed: int, options: dict, until=lambda state, actions: False, prefer=()) -> object:
    """A match of random legal actions (those of the `prefer` kinds half the time), stopped where
    `until(state, actions)` first holds."""
    state = GAME.new(2, seed, GAME.resolve_options(options))
    rng = random.Random(seed)
    actions = 0
    while not state.is_over and not until(state, actions):
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        preferred = [action for action in legal if isinstance(action, prefer)]
        state.apply(seat, rng.choice(preferred if preferred and rng.random() < 0.5 else legal))
        actions += 1
    return state


def last(kind: str):
    return lambda state, _: (state.last_action or {}).get("kind") == kind and state.drawn is None


MOMENTS = {
    "setup": play(1, {}, lambda state, n: True),
    "one objective set": play(1, {}, lambda state, n: n == 1),
    "drawn": play(2, {"objectives": "deck"}, lambda state, n: state.drawn is not None),
    "slots swapped": play(3, {"objectives": "deck"}, lambda state, n: state.phase_a_used, (SwapSlots,)),
    "moved": play(4, {"objectives": "deck"}, last("move"), (Move,)),
    "swapped": play(5, {"objectives": "deck"}, last("swap"), (Swap,)),
    "ko": play(6, {"objectives": "deck"}, lambda state, n: bool(state.ko_forbidden()), (Move, Swap)),
    "blind mid-game": play(7, {"blind": True}, lambda state, n: n == 40, (SwapSlots,)),
    "five colours mid-game": play(8, {"five_colours": "+3"}, lambda state, n: n == 30),
    "end": play(9, {"size_points": True}),
    "five colours end": play(10, {"five_colours": "-2", "biggest_only": True}),
}


def pictures() -> dict[str, object]:
    """(name: draw) for the objective pictures of the spectator and each seat at every moment, and
    the rules picture: the pictures with words (the board has only its coordinates)."""
    found = {}
    for moment, state in MOMENTS.items():
        public = state.view(None)
        found[f"objectives {moment}"] = lambda view=public: mars.render_mars_objective(view, names=NAMES)
        for seat in (0, 1):
            own = state.view(seat)
            found[f"objective of P{seat + 1} {moment}"] = lambda own=own: mars.render_mars_objective(
                own, names=NAMES
            )
    found["rules"] = mars.render_mars_rules_picture
    return found


PICTURES = pictures()


@pytest.mark.parametrize("moment", ["setup", "drawn", "ko", "five colours mid-game", "end"])
def test_the_board_is_the_same_picture_in_every_language(moment):
    """The board's only words are its coordinates: everything else is the board's text."""
    view = MOMENTS[moment].view(None)
    with speaking("de"):
        german = mars.render_mars_board(view, names=NAMES)
    with speaking("en"):
        assert mars.render_mars_board(view, names=NAMES) == german


def drawn(monkeypatch, picture: str, language: str):
    """Every text the picture draws (with the box its ink covers), every pill's box, and the size;
    the rules picture is drawn again, not taken from its cache."""
    module = mars_rules if picture == "rules" else mars_objective  # where the picture's words are drawn
    return recorded(
        monkeypatch, module, PICTURES[picture], language, before=mars.render_mars_rules_picture.cache_clear
    )


TOKEN = re.compile(
    r"P\d|x?[−+-]?\d+|[a-h][1-8]?|[RGBYKP][123]?|[−+-]?\d+|\?"
)  # seats, squares, pieces, numbers


def same_in_every_language(text: str) -> bool:
    """Names (whole or cut short), seat tags, numbers, squares, pieces and colour letters, the game's
    title, and words German says alike."""
    bare = text.replace("Agents of M.A.R.S.", "").rstrip("…")
    for name in NAMES:
        bare = bare.replace(name, "")
    tokens = re.split(r"[\s:=×·,.…—–→⇄+()/-]+", bare)  # – marks a slot not chosen yet
    return (
        all(not token or TOKEN.fullmatch(token) for token in tokens)
        or any(bare.strip() and bare.split(" ", 1)[-1] in name for name in NAMES)
        or GERMAN.get(text) == text
    )


@pytest.mark.parametrize("picture", PICTURES)
def test_every_label_of_the_pictures_is_german(monkeypatch, picture):
    german, _, _ = drawn(monkeypatch, picture, "de")
    english, _, _ = drawn(monkeypatch, picture, "en")
    english_words = {text for text, *_ in english if not same_in_every_language(text)}
    assert english_words, picture  # the check has something to find
    still_english = [text for text, *_ in german if text in english_words]
    assert not still_english, f"{picture}: still English in German: {still_english}"


def cut_short(texts) -> list[str]:
    """Labels cut with an ellipsis anywhere but in a player's name."""
    return [
        text
        for text, *_ in texts
        if text.endswith("…")
        and not any(
            text[:-1].endswith(name[start:end]) and end - start >= 3
            for name in NAMES
            for start in range(len(name))
            for end in range(start + 1, len(name) + 1)
        )
    ]


@pytest.mark.parametrize("picture", PICTURES)
def test_german_labels_fit_where_they_are_drawn(monkeypatch, picture):
    for language in ("en", "de"):  # English shows the check itself finds nothing to complain about
        texts, pills, size = drawn(monkeypatch, picture, language)
        assert not overlapping(texts, pills, size), (language, picture, overlapping(texts, pills, size))
        assert not cut_short(texts), (language, picture, cut_short(texts))
        assert min(size for _, size, _ in texts) >= common.SMALL_SIZE  # no label shrunk to fit
        assert size[1] <= 1.2 * size[0]


def tr_de(text: str, /, **values) -> str:
    with speaking("de"):
        return tr(text, **values)


def test_the_german_labels_are_the_ones_meant(monkeypatch):
    blind = {text for text, *_ in drawn(monkeypatch, "objective of P1 blind mid-game", "de")[0]}
    assert {"Dein Ziel", "aufgedeckt"} <= blind
    assert any(text.startswith("Ziel von P2 Bartholomew") for text in blind)
    setup = [text for text, *_ in drawn(monkeypatch, "objective of P1 setup", "de")[0]]
    assert setup.count("noch offen") == 4
    rules = [text for text, *_ in drawn(monkeypatch, "rules", "de")[0]]
    assert rules[:4] == ["1 Punkt", "2 Punkte", "3 Punkte", "schwarz"]
    assert "Tauschen: auf einer Figur landen" in " ".join(rules)  # a label may take two lines


def test_the_rules_picture_is_drawn_once_per_language():
    with speaking("en"):
        english = mars.render_mars_rules_picture()
    with speaking("de"):
        german = mars.render_mars_rules_picture()
    with speaking("en"):
        assert mars.render_mars_rules_picture() == english != german


# --- texts on Discord -----------------------------------------------------------------------

ENGLISH_WORDS = re.compile(
    r"\b(the|Your|your|turn|objective|slots?|piece|bag|swap(ped)?|moved|placed|drew|Draw|Choose|"
    r"public|wins|Total|Colour|black|red|green|blue|yellow|purple|small|medium|large|next)\b"
)


def prompt_texts(prompt) -> list[str]:
    check_fits_discord(prompt)
    said = [prompt.text]
    for item in prompt.items:
        inner = getattr(item, "item", item)
        said += [inner.placeholder] if getattr(inner, "placeholder", None) else []
        said += [inner.label] if getattr(inner, "label", None) else []
        for option in getattr(inner, "options", None) or []:
            said += [option.label] + ([option.description] if option.description else [])
    return said


def step_arguments(prompt) -> list[str]:
    """The arguments of a prompt's step buttons that may be pressed, the board's parts first."""
    found = [
        item.claim.argument for item in prompt.items if item.claim.kind == "step" and not item.item.disabled
    ]
    return sorted(found, key=lambda argument: len(argument) != 2 or argument[0] not in "NS")


def presenter_texts(language: str) -> list[str]:
    """Everything the presenter says over whole matches (plain, blind, five colours), in `language`."""
    presenter = MarsPresenter(GAME)
    names = ("Alice", "Bob")
    said = []
    with speaking(language):
        for seed, options in ((1, {}), (2, {"blind": True}), (3, {"five_colours": "+3", "first_player": 2})):
            options = GAME.resolve_options(options)
            state = GAME.new(2, seed, options)
            rng = random.Random(seed)
            said += [presenter.options_text(options), tr(presenter.hand_label)]
            step = 0
            while not state.is_over:
                seat = state.to_move[0]
                mine = state.view(seat)
                scene = Scene(1, step, names, options, state.view(None))
                said += [
                    presenter.start_line(scene),
                    presenter.status_line(scene),
                    *presenter.seat_lines(scene),
                ]
                said += [presenter.describe(scene, scene.public), presenter.describe(scene, mine, seat)]
                said += [presenter.private_text(scene, other, state.view(other)) for other in (0, 1)]
                first = presenter.prompt(scene, seat, mine)
                said += prompt_texts(first)
                if mine.phase == "setup" or step % 7 == 0:  # and where its first steps lead
                    for argument in step_arguments(first)[:3]:
                        choice = presenter.check_step(scene, seat, mine, argument)
                        said += prompt_texts(presenter.prompt(scene, seat, mine, choice))
                action = rng.choice(state.legal_actions(seat))
                said.append(presenter.action_phrase(scene, seat, str(action), done=False))
                events = state.apply(seat, action)
                scene = Scene(1, step + 1, names, options, state.view(None))
                said += presenter.describe_events(scene, events)
                said.append(presenter.action_phrase(scene, seat, str(action)))
                step += 1
            end = Scene(1, step, names, options, state.view(None))
            said += [presenter.final_text(end), *presenter.seat_lines(end), presenter.legend(end)]
            said += [presenter.describe(end, end.public), presenter.describe(end, state.view(0), 0)]
        level = dataclasses.replace(scene.public, winners=(0, 1))
        said.append(presenter.final_text(Scene(1, step, names, options, level)))
        for refusal in (
            MatchError("That piece can't move now; pick another one."),
            MatchError("That choice doesn't fit this objective; open a fresh prompt with **Play**."),
            MatchError("That part of the board has no empty square; pick another one."),
        ):
            said.append(str(refusal))
        said.append(presenter.rules_alt())
    return said


def language_free(line: str) -> bool:
    """A text made only of names, notation and symbols, the same in every language."""
    return not re.sub(r"Alice|Bob|P\d|[a-h][1-8]|[RGBYKP][123]|[^A-Za-zÄÖÜäöüß]", "", line)


def test_the_presenter_speaks_german():
    english, german = presenter_texts("en"), presenter_texts("de")
    assert len(english) == len(german)
    still_english = [
        line for line, other in zip(german, english, strict=True) if line == other and not language_free(line)
    ]
    assert not still_english, still_english[:10]
    leftovers = [line for line in german if ENGLISH_WORDS.search(line.replace("Agents of M.A.R.S.", ""))]
    assert not leftovers, leftovers[:10]
    assert any(ENGLISH_WORDS.search(line) for line in english)  # the check can see English
    finals = [line for line in german if "```" in line]
    assert finals and all("\nGesamt " in line and "Farbe     W  " in line for line in finals)
    assert any(line.startswith("🤝 **Remis** — beide Agenten haben") for line in finals)
    assert any(line.startswith("zog eine Figur aus dem Beutel") for line in german)


def refusals() -> list[IllegalAction]:
    """The engine's refusals: wrong seat or phase, a wrong piece or square, Ko, bad notation, variants."""
    caught = []

    def attempt(action):
        try:
            action()
        except IllegalAction as error:
            caught.append(error)

    setup = GAME.new(2, 1, GAME.resolve_options({}))
    attempt(lambda: setup.clone().apply(0, Draw()))
    attempt(lambda: setup.clone().apply(0, SetObjective(((2, "R"), (1, "R"), (0, "B"), (-1, "Y")))))
    state = MOMENTS["drawn"].clone()
    seat = state.to_move[0]
    attempt(lambda: state.clone().apply(1 - seat, Draw()))
    attempt(lambda: state.clone().apply(seat, Draw()))
    attempt(lambda: state.clone().apply(seat, Place(Pyramid("K", 3), "a1")))
    occupied = next(iter(state.board), "a1")
    attempt(lambda: state.clone().apply(seat, Place(state.drawn, occupied)))
    moved = MOMENTS["ko"].clone()
    seat = moved.to_move[0]
    forbidden = moved.ko_forbidden()[0]
    attempt(lambda: moved.clone().apply(seat, forbidden))
    empty = next(square for square in ("a1", "b1", "c1", "d1", "e1", "f1", "g1") if square not in moved.board)
    attempt(lambda: moved.clone().apply(seat, Move(empty, "a2")))
    attempt(lambda: moved.clone().apply(seat, Move("h1", "h2")))
    piece = next(square for square, p in moved.board.items() if p.colour != "K")
    attempt(lambda: moved.clone().apply(seat, Move(piece, piece)))
    attempt(lambda: moved.clone().apply(seat, SwapSlots(2, 2)))
    swapped = MOMENTS["slots swapped"]
    attempt(lambda: swapped.clone().apply(swapped.to_move[0], SwapSlots(2, 1)))
    closed = moved.clone()
    for square in [
        square for square in ("a8", "b8", "c8", "d8", "e8", "f8", "g8") if square not in closed.board
    ]:
        closed.board[square] = Pyramid("K", 1)
    attempt(lambda: closed.apply(seat, SwapSlots(2, 1)))
    for typed in ("", "Q", "a b", "+2:Y +1", "+x:Y", "z9-a1", "R3@a1"):
        attempt(lambda typed=typed: moved.clone().apply(seat, GAME.parse_action(typed)))
    for options in ({"five_colours": "+3", "no_center": True}, {"five_colours": "-2", "black_trio": True}):
        attempt(lambda options=options: GAME.check_combination(GAME.resolve_options(options)))
    over = MOMENTS["end"]
    attempt(lambda: over.clone().apply(0, Draw()))
    return caught


def test_the_engine_refusals_say_themselves_in_german_and_stay_english():
    caught = refusals()
    assert len(caught) >= 15
    for error in caught:
        english = str(error)
        german = tr_de(error.message, **error.values)
        assert german != english, english
        assert english == error.message.format(**error.values)
        assert not ENGLISH_WORDS.search(german.replace("M.A.R.S.", "")), german
    messages = {error.message for error in caught}
    assert {
        "You drew the {drawn.label}, not the {piece.label}.",
        "You have already swapped objective slots this turn.",
        "Objective swaps are closed: too many black pieces are on the board.",
        "That would undo your opponent's last move (Ko): choose something else.",
    } <= messages
    wrong = next(error for error in caught if error.message.startswith("You drew the"))
    assert re.fullmatch(r"You drew the \w+ \w+, not the large black\.", str(wrong))
    assert re.fullmatch(r"Du hast [RGBYK][123] gezogen, nicht K3\.", tr_de(wrong.message, **wrong.values))


def test_the_options_are_german():
    for option in GAME.options:
        assert GERMAN[option.description] != option.description
        assert len(GERMAN[option.description]) <= 100
        for label in option.labels:
            assert GERMAN[label] != label and len(GERMAN[label]) <= 100
