"""Martian Senet in German: every label of its pictures (the board at several moments, the rules
picture) and every text of its Discord presenter (the players' lines, the roll, the key, the alt
texts, the buttons) and engine refusals is German, fits where it is drawn, and the English stays
as it was."""

import random
import re

import pytest

from bot.kits import KITS
from bot.presenters.senet import SenetPresenter
from catalogue import catalogues, speaking, tr
from games import GAMES, random_choice
from games.core import IllegalAction
from games.senet_views import SenetView
from renderers import senet, senet_layout, senet_rules, senet_words
from renderers.common import BACKGROUND, text_sizes, text_width
from tests.bot.test_presenters import moment_of
from tests.pictures import decode
from tests.renderers.test_renderers_senet import (
    NAMES,
    TREEHOUSE_ALT,
    empty_view,
    final_view,
    mid_view,
    opening_view,
    treehouse_view,
)

GAME = GAMES["senet"]
GERMAN = catalogues()["de"]
KEEP = {"Nest"}  # the same word in German
NAMES_DRAWN = {*NAMES, *senet_words.TRACK_NAMES.values()}  # names, kept as they are


def engine_views() -> dict[str, SenetView]:
    """Views along a match of random legal actions with Treehouse sets, and its end."""
    options = GAME.resolve_options({"colours": "treehouse_alt"})
    state = GAME.new(2, 11, options)
    rng = random.Random(11)
    found, actions = {}, 0
    while not state.is_over:
        if actions in (0, 30, 90):
            found[f"match after {actions}"] = state.view(None)
        seat = state.to_move[0]
        state.apply(seat, random_choice(state.legal_actions(seat), rng))
        actions += 1
    found["match ended"] = state.view(None)
    return found


VIEWS = {
    "opening": opening_view(),
    "mid": mid_view(),
    "final": final_view(),
    "treehouse": treehouse_view(),
    "treehouse alt": treehouse_view(TREEHOUSE_ALT),
    "nothing rolled": empty_view(),
    **engine_views(),
}


def pictures() -> dict[str, object]:
    found = {
        name: lambda view=view: senet.render_senet_board(view, names=NAMES) for name, view in VIEWS.items()
    }
    found["rules"] = senet_rules.render_senet_rules_picture
    return found


def drawn(language: str, draw) -> tuple[list[str], bytes]:
    """The texts a picture draws in `language` (sprites that hold text are drawn afresh), and it."""
    senet.clear_caches()
    with speaking(language), text_sizes() as sizes:
        png = draw()
    return [text for _, text in sizes], png


def is_name_or_notation(text: str) -> bool:
    """Names (whole or cut short), square names, numbers and marks: the same in every language."""
    if text.endswith("…") and any(name.startswith(text[:-1]) for name in NAMES):
        return True
    for name in sorted(NAMES_DRAWN, key=len, reverse=True):
        text = text.replace(name, "")
    return text in KEEP or not re.search(r"[a-z]{2,}", text)


@pytest.mark.parametrize("name", sorted(pictures()))
def test_every_label_is_german_and_nothing_is_cut_or_overflows(name):
    draw = pictures()[name]
    english, english_png = drawn("en", draw)
    german, german_png = drawn("de", draw)
    same = sorted({text for text in set(english) & set(german) if not is_name_or_notation(text)})
    assert not same, f"still English: {same}"
    cut = [text for text in german if text.endswith("…") and not any(n.startswith(text[:-1]) for n in NAMES)]
    assert not cut, f"cut short in German: {cut}"
    image = decode(german_png).convert("RGB")
    assert image.size == decode(english_png).size  # no more lines, no taller panels
    edges = [(x, y) for x in (*range(6), *range(image.width - 6, image.width)) for y in range(image.height)]
    assert all(image.getpixel(point) == BACKGROUND for point in edges), "something runs into the margin"
    assert image.height <= 1.2 * image.width
    if name == "rules":  # every line as in English: nothing wraps onto an extra line
        assert len(german) == len(english)


def test_the_english_pictures_stay_as_they_were():
    texts, _ = drawn("en", lambda: senet.render_senet_board(mid_view(), names=NAMES))
    assert {"off", "S", "B", "P", "W", "E", "1", "9", "A"} <= set(texts)
    texts, _ = drawn("en", senet_rules.render_senet_rules_picture)
    assert {"Source", "Nest", "Tree", "Block", "move, roll again", "off"} <= set(texts)


def test_the_rules_picture_is_drawn_once_per_language():
    with speaking("de"):
        german = senet_rules.render_senet_rules_picture()
        assert senet_rules.render_senet_rules_picture() is german
    assert senet_rules.render_senet_rules_picture() != german


def test_german_labels_fit_their_room():
    with speaking("de"):
        # the die's rules, right of three dice, inside the rules picture's card
        room = (
            senet_layout.WIDTH
            - senet_layout.SIDE
            - 4
            - 20
            - (senet_layout.SIDE + 4 + 20 + 3 * (senet_rules.RULE_DIE + 10) + 10)
        )
        for _, text in senet_words.DIE_RULES:
            assert text_width(tr(text), senet_layout.LABEL_SIZE, bold=True) <= room, text
        # the exit's word, under the west lane and inside its frame
        off = senet_layout.off_box()
        assert text_width(tr(senet_words.OFF_WORD), senet_layout.LABEL_SIZE, bold=True) <= off[2] - off[0] - 6


def match_texts(language: str) -> tuple[list[str], list[str]]:
    """Everything the presenter says along a whole match with Treehouse sets, in `language`: its
    texts and its button labels."""
    presenter = KITS["senet"].presenter
    assert isinstance(presenter, SenetPresenter)
    options = GAME.resolve_options({"colours": "treehouse"})
    state = GAME.new(2, 4, options)
    rng = random.Random(4)
    texts, labels = [], []
    with speaking(language):
        scene = moment_of("senet", state, options).scene
        texts += [presenter.options_text(options), presenter.start_line(scene)]
        while not state.is_over:
            seat = state.to_move[0]
            moment = moment_of("senet", state, options)
            prompt = presenter.prompt(moment.scene, seat, moment.mine(seat))
            texts += [presenter.status_line(moment.scene), prompt.text, *presenter.seat_lines(moment.scene)]
            texts += [presenter.describe(moment.scene, moment.scene.public), presenter.legend(moment.scene)]
            labels += [item.item.label for item in prompt.items]
            action = str(random_choice(state.legal_actions(seat), rng))
            texts.append(presenter.action_phrase(moment.scene, seat, action, done=False))
            events = state.apply(seat, GAME.parse_action(action))
            scene = moment_of("senet", state, options).scene
            texts.append(presenter.action_phrase(scene, seat, action))
            texts += presenter.describe_events(scene, events)
        texts += [presenter.final_text(scene), presenter.describe(scene, scene.public), presenter.rules_alt()]
    return texts, labels


def test_every_discord_text_is_german_and_buttons_fit():
    (english, english_labels), (german, labels) = match_texts("en"), match_texts("de")
    assert len(english) == len(german) > 100 and len(english_labels) == len(labels) > 50
    for en, de in zip(english + english_labels, german + labels, strict=True):
        assert en != de, en
        assert "{" not in de and not re.search(r"\b(?:rolled|moved|the|off|choose|wins|turn)\b", de), de
        assert len(de) <= 1800
    assert all(len(label) <= 80 for label in labels)
    with speaking("de"):
        assert "Partie" in tr("This match is already over.")
        for colours in ("single", "treehouse", "treehouse_alt"):
            assert KITS["senet"].presenter.options_text({"colours": colours}).startswith("Pyramiden: ")


def test_the_option_is_german():
    option = GAME.options[0]
    for text in (option.description, *option.labels):
        assert GERMAN.get(text) not in (None, text), text
        assert len(GERMAN[text]) <= 100


REFUSED = [  # (position, to move, roll, action)
    ("S1=aS.aM.aL S3=bL", "a", 2, "S1L-S3"),  # L onto L
    ("S1=aS.aM.aL S3=bL.bM.bS", "a", 3, "S1L-S4"),  # a block in the way
    ("S1=aS.aM.aL S3=aL.bM", "a", 2, "S1L-S3"),  # a nest onto a tree
    ("S1=aS.aM.aL P8=aL", "a", 3, "P8L-off"),  # still on the Source track
    ("S1=bS.aM.aL", "a", 1, "S1S-S2"),  # locked in the nest
    ("S1=aS.aM.aL", "a", 1, "S1M-S2"),  # locked too
    ("S1=bL", "a", 1, "S1L-S2"),  # not A's
    ("S1=aL", "a", 2, "S1L-S4"),  # the roll goes elsewhere
    ("P8=aL", "a", 3, "P8L-P9"),  # ... off the board
    ("S1=aL", "a", 5, "S1L-S6"),  # a 5 moves a coaster
    ("S1=aL", "a", 2, "E"),  # a coaster move without a 5
    ("S1=aL", "a", 2, "S2L-S4"),  # nothing there
    ("S1=aL", "b", 2, "S1L-S3"),  # not B's turn
]


@pytest.mark.parametrize(("position", "player", "roll", "action"), REFUSED)
def test_engine_refusals_keep_their_english_and_have_german(position, player, roll, action):
    from games.senet import position as senet_position

    state = senet_position(position, to_move=player, roll=roll)
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, GAME.parse_action(action))
    error = refused.value
    assert str(error) == error.message.format(**error.values)  # the English, unchanged
    assert error.message in GERMAN, error.message
    with speaking("de"):
        german = tr(error.message, **error.values)
    assert german != str(error) and "{" not in german


@pytest.mark.parametrize("typed", ["", "zz9"])
def test_unreadable_actions_are_refused_in_german(typed):
    with pytest.raises(IllegalAction) as refused:
        GAME.parse_action(typed)
    assert refused.value.message in GERMAN
    with speaking("de"):
        assert "Schreib" in tr(refused.value.message, **refused.value.values)


def test_colour_names_follow_the_language():
    options = GAME.resolve_options({"colours": "treehouse"})
    scene = moment_of("senet", GAME.new(2, 1, options), options).scene
    with speaking("de"):
        lines = KITS["senet"].presenter.seat_lines(scene)
    assert "grün + blau" in lines[0] and "rot + gelb" in lines[1]
