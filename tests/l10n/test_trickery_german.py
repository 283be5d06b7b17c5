"""Martian Trickery in German: every label of its pictures (board, hand, scoring guide) and every
text of its Discord presenter and engine refusals is German, fits where it is drawn, and the
English stays as it was."""

import random
import re

import pytest

from bot.errors import MatchError
from bot.presenters.base import Scene
from bot.presenters.trickery import TrickeryPresenter
from catalogue import catalogues, speaking, tr
from games import GAMES
from games.core import IllegalAction
from games.pieces import Card, Pyramid
from games.trickery import Follow, Lead
from renderers import common, trickery, trickery_board, trickery_hand, trickery_rules, trickery_sprites
from tests.l10n.drawing import overlapping, recorded

GAME = GAMES["trickery"]
NAMES = ["Alice", "Bartholomew the Magnificent of Mars", "Chen", "Dee"]
GERMAN = catalogues()["de"]


def play(num_players: int, seed: int, options: dict, until) -> object:
    """A match of random legal actions, stopped where `until(state, actions)` first holds."""
    state = GAME.new(num_players, seed, options)
    rng = random.Random(seed)
    actions = 0
    while not state.is_over and not until(state, actions):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        actions += 1
    return state


def moments() -> dict[str, tuple[object, list[str]]]:
    """Several moments of 3- and 4-player matches, with each set of pyramids."""
    per_hand = {3: 36, 4: 48}
    found = {}
    for num_players, seed, options in [
        (4, 1, {}),
        (3, 2, {"pyramids": "xeno"}),
        (3, 3, {"pyramids": "mono"}),
    ]:
        tag = f"{num_players}p {options.get('pyramids', 'rainbow')}"
        names = NAMES[:num_players]
        for label, until in [
            ("start", lambda state, n: True),
            ("mid-trick", lambda state, n: n == 2),
            ("last trick shown", lambda state, n, p=num_players: n == p * 3),
            ("last trick of the hand", lambda state, n, p=num_players: n == per_hand[p] - 1),
            ("hand result", lambda state, n, p=num_players: n == per_hand[p]),
            ("end", lambda state, n: False),
        ]:
            found[f"{tag} {label}"] = (play(num_players, seed, options, until), names)
    return found


MOMENTS = moments()


def pictures() -> dict[str, object]:
    """(name: draw) for the board, the hand of the seat to move and of one waiting, and the guide."""
    found = {}
    for moment, (state, names) in MOMENTS.items():
        view = state.view(None)
        found[f"board {moment}"] = lambda view=view, names=names: trickery.render_trickery_board(
            view, names=names
        )
        if not state.is_over:
            seat = state.to_move[0]
            for who, one in (("mover", seat), ("waiting", (seat + 1) % state.num_players)):
                own = state.view(one)
                found[f"hand of the {who} {moment}"] = lambda own=own, names=names: (
                    trickery.render_trickery_hand(own, names=names)
                )
    state, names = MOMENTS["4p rainbow end"]
    empty = state.view(0)  # every card played
    assert not empty.hand
    found["empty hand"] = lambda names=names: trickery.render_trickery_hand(empty, names=names)
    found["scoring guide"] = trickery.render_trickery_scoring_guide
    return found


PICTURES = pictures()


def recorded_everywhere(monkeypatch, draw, language: str, *, before=None):
    """`recorded`, for the texts and pills that any module of Trickery's pictures draws: each draws
    through `common`'s (recorded) functions meanwhile."""

    def through_common(name: str):
        return lambda *args, **kwargs: getattr(common, name)(*args, **kwargs)

    for module in (trickery_board, trickery_hand, trickery_rules, trickery_sprites):
        for name in ("draw_text", "pill"):
            if hasattr(module, name):
                monkeypatch.setattr(module, name, through_common(name))
    return recorded(monkeypatch, common, draw, language, before=before)


def drawn(monkeypatch, picture: str, language: str):
    """Every text the picture draws (with the box its ink covers), every pill's box, and the size.
    Cards, seat tags and other tiles are made first, so only the picture's own texts follow; the
    guide itself is drawn again."""

    def warm() -> None:
        PICTURES[picture]()
        trickery.render_trickery_scoring_guide.cache_clear()

    return recorded_everywhere(monkeypatch, PICTURES[picture], language, before=warm)


def same_in_every_language(text: str) -> bool:
    """Names, seat tags, numbers and the cards' ranks, the unknown prize's "?", the game's title,
    and the colour words German spells alike ("orange")."""
    return (
        any(text.strip("…") and text.strip("…") in name for name in NAMES)
        or re.fullmatch(r"P\d( .*)?|[−+]?\d+|[JQKA?]|Martian Trickery", text) is not None
        or text in {"orange", "cyan"}  # German colour words spelt as the English ones
    )


@pytest.mark.parametrize("picture", [name for name in PICTURES if name.startswith(("board", "hand"))])
def test_boards_and_hands_draw_no_words_to_translate(monkeypatch, picture):
    """Their words are Discord text; what they draw (seat tags, ranks, a "?") is the same in both
    languages, but for a hand played out ("No cards left", a test below)."""
    trickery_sprites._card_tile.cache_clear()
    german, _, _ = recorded_everywhere(monkeypatch, PICTURES[picture], "de")
    english, _, _ = drawn(monkeypatch, picture, "en")
    played_out = tr_de("No cards left")
    assert all(same_in_every_language(text) or text == played_out for text, *_ in german), german
    again = drawn(monkeypatch, picture, "de")[0]
    assert [t for t, *_ in english if t != "No cards left"] == [t for t, *_ in again if t != played_out]


@pytest.mark.parametrize("picture", ["empty hand", "scoring guide"])
def test_every_label_of_the_pictures_with_words_is_german(monkeypatch, picture):
    german, _, _ = drawn(monkeypatch, picture, "de")  # German first: a cache keyed without the language shows
    english, _, _ = drawn(monkeypatch, picture, "en")
    assert len(german) == len(english), (picture, [t for t, *_ in german], [t for t, *_ in english])
    still_english = [
        text
        for (text, *_), (other, *_) in zip(german, english, strict=True)
        if text == other and not same_in_every_language(text)
    ]
    assert not still_english, f"{picture}: still English in German: {still_english}"


@pytest.mark.parametrize("picture", PICTURES)
def test_german_labels_fit_where_they_are_drawn(monkeypatch, picture):
    for language in ("en", "de"):  # English shows the check itself finds nothing to complain about
        texts, pills, size = drawn(monkeypatch, picture, language)
        assert not overlapping(texts, pills, size), (language, picture, overlapping(texts, pills, size))
        assert all(size * 325 / 1000 >= 10 for _, size, _ in texts)  # nothing shrunk to fit


def test_the_guide_keeps_its_titles_clear_of_the_values(monkeypatch):
    """A title and its value share a line: a long German title must end before the value."""
    texts, _, _ = drawn(monkeypatch, "scoring guide", "de")
    values = [box for text, size, box in texts if size == trickery_rules.GUIDE_VALUE_SIZE]
    titles = [box for text, size, box in texts if size == trickery_rules.GUIDE_LABEL_SIZE]
    assert len(values) == 7
    for value in values:
        beside = [box for box in titles if box[1] < value[3] and value[1] < box[3]]
        assert beside and all(box[2] + 24 <= value[0] for box in beside), (value, beside)


def test_the_german_labels_are_the_ones_meant(monkeypatch):
    guide = [text for text, *_ in drawn(monkeypatch, "scoring guide", "de")[0]]
    assert guide[0] == "Martian Trickery: Wertung"
    assert {"Gemischter Baum", "Größe = 0", "−Punkte", "Alle drei genommen"} <= set(guide)
    assert [text for text, *_ in drawn(monkeypatch, "empty hand", "de")[0]] == ["Keine Karten mehr"]


def tr_de(text: str, /, **values) -> str:
    with speaking("de"):
        return tr(text, **values)


def test_the_scoring_guide_is_drawn_once_per_language():
    with speaking("en"):
        english = trickery.render_trickery_scoring_guide()
    with speaking("de"):
        german = trickery.render_trickery_scoring_guide()
    with speaking("en"):
        assert trickery.render_trickery_scoring_guide() == english != german


# --- texts on Discord -----------------------------------------------------------------------

ENGLISH_WORDS = re.compile(
    r"\b(the|Hand|Trick|spades?|led|played|Your|your|cards?|pool|prize|turn|lead|deals?|wins|points|Total)\b"
)


def presenter_texts(language: str) -> list[str]:
    """Everything the presenter says over a whole 3-player match, in `language`."""
    presenter = TrickeryPresenter(GAME)
    names = ("Alice", "Bob", "Chen")
    state = GAME.new(3, 4, {"first_dealer": 2})
    rng = random.Random(1)
    said = []
    with speaking(language):
        said += [presenter.options_text(state.options), presenter.options_text({"pyramids": "mono"})]
        said.append(presenter.start_line(Scene(1, 0, names, state.options, state.view(None))))
        step = 0
        while not state.is_over:
            seat = state.to_move[0]
            mine = state.view(seat)
            scene = Scene(1, step, names, state.options, state.view(None))
            said += [presenter.status_line(scene), presenter.private_text(scene, seat, mine)]
            said += [*presenter.seat_lines(scene), presenter.legend(scene)]
            said += [presenter.describe(scene, scene.public), presenter.describe(scene, mine, seat)]
            choices = ["", *sorted(set(mine.pool))[:1]] if not mine.trick.plays else [""]
            for choice in choices:
                prompt = presenter.prompt(scene, seat, mine, choice)
                said.append(prompt.text)
                for item in prompt.items:
                    assert len(str(item.item.label)) <= 80
                    if item.custom_id.split(":")[3] == "step":  # a prize: in words
                        said.append(item.item.label)
            action = rng.choice(state.legal_actions(seat))
            events = state.apply(seat, action)
            scene = Scene(1, step, names, state.options, state.view(None))
            said += presenter.describe_events(scene, events)
            said.append(presenter.action_phrase(scene, seat, str(action)))
            step += 1
        final = Scene(1, step, names, state.options, state.view(None))
        said += [
            presenter.final_text(final),
            *presenter.seat_lines(final),
            presenter.describe(final, final.public),
        ]
        said.append(presenter.rules_alt())
        empty = state.view(0)  # the match is over: every card played
        assert not empty.hand
        said += [presenter.private_text(scene, 0, empty), presenter.describe(scene, empty, 0)]
        for refusal in (
            MatchError("That pyramid isn't in the pool any more."),
            MatchError("This trick has already been led."),
        ):
            said.append(str(refusal))
        said.append(tr(TrickeryPresenter.hand_label))
    return said


def test_the_presenter_speaks_german():
    english, german = presenter_texts("en"), presenter_texts("de")
    assert len(english) == len(german)
    still_english = [
        line
        for line, other in zip(german, english, strict=True)
        if line == other and not same_in_every_language(line)
    ]
    assert not still_english, still_english[:10]
    leftovers = [line for line in german if ENGLISH_WORDS.search(line.replace("Martian Trickery", ""))]
    assert not leftovers, leftovers[:10]
    assert any(ENGLISH_WORDS.search(line) for line in english)  # the check can see English
    final = next(line for line in german if line.startswith("🏆"))
    assert final.startswith(
        "🏆 **P2 Bob gewinnt Martian Trickery** mit 31 Punkten!\n```\nRunde   P1   P2   P3\n"
    )
    assert "\nGesamt   0   31    5\n" in final  # the first column widens for the longer German words


def refusals() -> list[IllegalAction]:
    """The engine's refusals: wrong seat, wrong kind of action, a card not held or not allowed, ..."""
    caught = []

    def attempt(action):
        try:
            action()
        except IllegalAction as error:
            caught.append(error)

    state = GAME.new(4, 1, {})
    seat = state.to_move[0]
    hand = state.hands[seat]
    spade = next((card for card in hand if card.suit == "s"), None)
    attempt(lambda: state.clone().apply((seat + 1) % 4, state.legal_actions(seat)[0]))
    attempt(lambda: state.clone().apply(seat, Follow(hand[0])))
    attempt(lambda: state.clone().apply(seat, Lead(None, hand[0])))
    attempt(lambda: state.clone().apply(seat, Lead(Pyramid("Y", 1), hand[0])))
    missing = next(card for card in (Card(rank, "h") for rank in range(3, 15)) if card not in hand)
    attempt(lambda: state.clone().apply(seat, Lead(Pyramid("R", 1), missing)))
    if spade:
        attempt(lambda: state.clone().apply(seat, Lead(Pyramid("R", 1), spade)))
    led = state.clone()
    led.apply(seat, Lead(Pyramid("R", 1), next(card for card in hand if card.suit != "s")))
    follower = led.to_move[0]
    off_suit = [card for card in led.hands[follower] if card not in led.legal_cards(follower)]
    attempt(lambda: led.clone().apply(follower, Lead(Pyramid("R", 2), led.hands[follower][0])))
    if off_suit:
        attempt(lambda: led.clone().apply(follower, Follow(off_suit[0])))
    attempt(lambda: GAME.new(3, 1, {"first_dealer": 4}))
    for typed in ("", "P1", "lead me on now"):
        attempt(lambda typed=typed: GAME.parse_action(typed))
    return caught


def test_the_engine_refusals_say_themselves_in_german_and_stay_english():
    caught = refusals()
    assert len(caught) >= 10
    for error in caught:
        english = str(error)
        german = tr_de(error.message, **error.values)
        assert german != english, english
        assert english == error.message.format(**error.values)
    messages = {error.message for error in caught}
    assert "It is {seat}'s turn, not yours." in messages
    assert any(message.startswith("You must follow suit") for message in messages)
    assert (
        tr_de("You must follow suit: play one of your hearts.") == "Du musst Farbe bedienen: Spiel ein Herz."
    )


def test_the_options_are_german():
    for option in GAME.options:
        assert GERMAN[option.description] != option.description
        for label in option.labels:
            assert label in GERMAN
    assert GERMAN["Two monochrome stashes (variant)"] == "Zwei einfarbige Vorräte (Variante)"
