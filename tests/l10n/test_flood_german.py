"""Martian Flood in German: every label of its rules picture and every text of its Discord presenter
(the board's text, its alt text, every step of the controls) and engine refusals is German, fits
where it is drawn, and the English stays as it was. The board picture has no words to translate."""

import io
import random
import re

import pytest
from PIL import Image

from bot.errors import MatchError
from catalogue import catalogues, speaking, tr
from games import GAMES
from games.core import IllegalAction
from games.flood import position
from renderers import flood, flood_rules, flood_sprites
from renderers.common import WIDTH, text_sizes
from tests.bot.test_presenters import check_fits_discord, moment_of
from tests.games.test_flood import REFUSALS, play

GAME = GAMES["flood"]
NAMES = ["Bartholomew the Magnificent", "Дмитрий", "さくら", "José Ñúñez"]
GERMAN = catalogues()["de"]
WORDS = re.compile(r"[A-Za-zÄÖÜäöüß]{3,}")  # notation (7h, P2, R3, Tc, K) has shorter runs


def moments() -> dict[str, tuple[object, list[str]]]:
    """The first moment of each kind (a draw waiting, a ship to place, a flood shown, the end...) in
    random matches of 3 and 4 players."""
    found = {}
    for players, seed in ((3, 1), (4, 2), (4, 5)):
        state = GAME.new(players, seed, {})
        rng = random.Random(seed)
        steps = 0
        while True:
            view = state.view(None)
            kinds = {
                "start": steps == 0,
                "drawn": bool(view.drawn),
                "resolving": bool(view.resolving),
                "pending": any(seat.pending for seat in view.seats),
                "flood": bool(view.flood) and view.round == 2,
                "last turn": view.last_turn,
                "counter-clockwise": view.direction == "ccw",
                "over": state.is_over,
            }
            for kind, now in kinds.items():
                if now:
                    found.setdefault(f"{players}p{seed} {kind}", (state.clone(), NAMES[:players]))
            if state.is_over:
                break
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            steps += 1
    return found


MOMENTS = moments()


def draw(picture, language: str) -> tuple[bytes, list[tuple[int, str]]]:
    """A picture drawn in `language`, and every (size, text) drawn for it."""
    flood_rules.render_flood_rules_picture.cache_clear()  # drawn once per language: draw it again to see its texts
    for sprites in (flood_sprites.tile_sprite, flood_sprites.empty_sprite, flood_sprites.seat_chip_sprite):
        sprites.cache_clear()  # made once: make them again to see their texts
    with speaking(language), text_sizes() as drawn:
        png = picture()
    return png, list(drawn)


def pictures() -> dict[str, object]:
    found = {"rules": flood_rules.render_flood_rules_picture}
    for moment, (state, names) in MOMENTS.items():
        view = state.view(None)
        found[f"board {moment}"] = lambda view=view, names=names: flood.render_flood_board(view, names=names)
    return found


PICTURES = pictures()


def neutral(text: str) -> bool:
    """Names (or a long one cut short), notation and numbers read the same in every language."""
    if text.endswith("…") and any(name.startswith(text[:-1]) for name in NAMES):
        return True
    for name in NAMES:
        text = text.replace(name, "")
    return not WORDS.search(text.replace("Martian Flood", ""))


def test_the_moments_cover_every_part_of_the_board():
    kinds = {moment.split(" ", 1)[1] for moment in MOMENTS}
    assert kinds >= {
        "start",
        "drawn",
        "resolving",
        "pending",
        "flood",
        "last turn",
        "counter-clockwise",
        "over",
    }


@pytest.mark.parametrize("name", list(PICTURES))
def test_every_label_is_german(name):
    _, english = draw(PICTURES[name], "en")
    _, german = draw(PICTURES[name], "de")
    english_texts = {text for _, text in english}
    german_texts = {text for _, text in german}
    if name == "rules":
        assert len(german_texts) > 5
        still_english = sorted(text for text in german_texts & english_texts if not neutral(text))
        assert not still_english, still_english
    else:  # numbers and seat tags only: the same in every language
        assert german_texts == english_texts and all(neutral(text) for text in german_texts)


@pytest.mark.parametrize("name", list(PICTURES))
def test_german_labels_fit_and_read_on_a_phone(name):
    png, german = draw(PICTURES[name], "de")
    image = Image.open(io.BytesIO(png))
    assert image.width == WIDTH and image.height <= 1.2 * image.width
    assert min(size for size, _ in german) * 325 / image.width >= 10 - 0.05
    assert not [text for _, text in german if text.endswith("…")]  # nothing is cut short


def test_the_rules_picture_is_drawn_once_per_language():
    with speaking("de"):
        german = flood_rules.render_flood_rules_picture()
        assert flood_rules.render_flood_rules_picture() is german
    english = flood_rules.render_flood_rules_picture()
    assert english is not german and flood_rules.render_flood_rules_picture() is english


# --- the Discord texts -------------------------------------------------------------------------------


def texts_of(moment, seat: int) -> list[str]:
    """The board's texts for `seat` (its seat lines, status, legend and alt text), with its prompt's
    text and buttons and those of every step they lead to."""
    presenter, scene = moment.presenter, moment.scene
    texts = [
        *presenter.seat_lines(scene),
        presenter.status_line(scene),
        presenter.legend(scene),
        presenter.describe(scene, scene.public),
    ]
    todo = [""]
    while todo:
        prompt = moment.prompt(seat, todo.pop())
        check_fits_discord(prompt)  # Discord's limits on labels hold for the longer German too
        texts.append(prompt.text)
        for wrapper in prompt.items:
            texts.append(wrapper.item.label)
            if wrapper.claim.kind == "step":
                todo.append(presenter.check_step(scene, seat, moment.mine(seat), wrapper.claim.argument))
    return texts


def test_the_presenter_speaks_german_along_random_matches():
    presenter = moment_of("flood", GAME.new(3, 0, {}), {}, players=3).presenter
    checked = 0
    for players, seed in ((3, 11), (4, 12)):
        state = GAME.new(players, seed, {})
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            before = moment_of("flood", state, {}, players)
            with speaking("de"):
                german = texts_of(before, seat)
            english = texts_of(before, seat)
            action = str(rng.choice(state.legal_actions(seat)))
            events = state.apply(seat, GAME.parse_action(action))
            scene = moment_of("flood", state, {}, players).scene
            english.append(presenter.action_phrase(scene, seat, action))
            english += presenter.describe_events(scene, events)
            with speaking("de"):
                german.append(presenter.action_phrase(scene, seat, action))
                german += presenter.describe_events(scene, events)
            assert len(german) == len(english)
            for de, en in zip(german, english, strict=True):
                assert de != en or neutral(en), en
                checked += 1
        final = moment_of("flood", state, {}, players).scene
        with speaking("de"):
            german_final = presenter.final_text(final)
        assert "gewinn" in german_final and "höchster Turm" in german_final
        assert "tallest" in presenter.final_text(final)
    with speaking("de"):
        assert presenter.start_line(final).startswith("Drei Runden")
        assert presenter.options_text({}) == "Standardregeln"
    assert checked > 500


def test_a_draw_of_the_decks_last_card_asks_to_keep_it():
    state = position(3, areas={0: "9d[R2,R1]"}, deck="7h", discard="")
    play(state, "D")
    moment = moment_of("flood", state, {}, players=3)
    assert moment.prompt(0).text == "Drawn: **7♥**. Keep it as a ship (choose its size)."
    with speaking("de"):
        assert moment.prompt(0).text.startswith("Gezogen: **7♥**. Behalte sie")


# --- the engine's refusals ---------------------------------------------------------------------------


def refusals() -> list[IllegalAction]:
    found = []
    for setup, text, _ in REFUSALS:
        state = position(3, areas={0: "9d[R2,R1] 4c[R3] 7h=R3 2c=R1"}, **setup)
        with pytest.raises(IllegalAction) as caught:
            play(state, text)
        found.append(caught.value)
    for text in ("", "jump", "K Jh 2", "B 4 9d", "I 6s P5", "D 5"):
        with pytest.raises(IllegalAction) as caught:
            GAME.parse_action(text)
        found.append(caught.value)
    state = position(3, areas={0: "6s=R2", 1: "3c[B2] 9h[B3] 8d[B3,B1]"}, slot=2)
    play(state, "I 6s P2")
    for text in ("D", "R 9h 3c"):
        with pytest.raises(IllegalAction) as caught:
            play(state, text)
        found.append(caught.value)
    return found


def test_every_refusal_is_german_and_the_english_is_unchanged():
    found = refusals()
    assert len(found) == len(REFUSALS) + 8
    for error in found:
        assert error.message in GERMAN, error.message
        with speaking("de"):
            german = str(MatchError(error.message, **error.values))
        assert german != str(error) and german == tr_de(error)
    placed = found[-2]
    assert str(placed) == "First place the infiltrated medium red ship from 6s on one of your towers."
    assert tr_de(placed) == "Setze zuerst das eingeschleuste Schiff R2 von 6s auf einen deiner Türme."


def tr_de(error: IllegalAction) -> str:
    with speaking("de"):
        return tr(error.message, **error.values)


def test_the_rules_pictures_alt_text_is_german():
    presenter = moment_of("flood", GAME.new(3, 0, {}), {}, players=3).presenter
    english = presenter.rules_alt()
    with speaking("de"):
        german = presenter.rules_alt()
    assert german.startswith("1. Ziehen: zwei Karten gezogen") and "Die Flut" in german
    assert len(german.splitlines()) == len(english.splitlines()) == 7
    for de, en in zip(german.splitlines(), english.splitlines(), strict=True):
        assert de != en
