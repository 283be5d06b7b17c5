"""Martian Trickery's texts and controls, checked without Discord: card buttons that read in both
of Discord's themes, a tap per card, prize buttons, and the words that replace the picture's."""

import random

import discord
import pytest

from benchmarks.taps import taps_to_actions
from bot.errors import MatchError
from bot.kits import KITS
from bot.presenters.base import Scene
from bot.presenters.trickery_controls import CARD_STYLES
from bot.presenters.trickery_words import card_text, card_words
from catalogue import speaking
from games import GAMES
from games.pieces import Card, Pyramid
from renderers.common import contrast

GAME = GAMES["trickery"]
PRESENTER = KITS["trickery"].presenter
NAMES = ("Alice", "Computer 1 (normal)", "Computer 2 (normal)", "Dee")
WHITE = (255, 255, 255)  # a button's label, in both themes
# Discord's button colours (the same in both themes; grey is lighter in the light theme).
BUTTON_COLOURS = {
    discord.ButtonStyle.primary: [(0x58, 0x65, 0xF2)],
    discord.ButtonStyle.secondary: [(0x4E, 0x50, 0x58), (0x6D, 0x6F, 0x78)],
    discord.ButtonStyle.success: [(0x24, 0x80, 0x46)],
    discord.ButtonStyle.danger: [(0xDA, 0x37, 0x3C)],
}
FILLED_SUITS = "♣♦♥♠"  # Discord draws these as emoji: red ♥♦, near-black ♠♣


def positions(num_players: int, seed: int, options: dict | None = None):
    """(scene, seat, its view, state) before every decision of a random match."""
    options = GAME.resolve_options(options or {})
    state = GAME.new(num_players, seed, options)
    rng = random.Random(seed)
    version = 0
    while not state.is_over:
        seat = state.to_move[0]
        yield Scene(1, version, NAMES[:num_players], options, state.view(None)), seat, state.view(seat), state
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        version += 1


MATCHES = [(3, 1, None), (4, 2, None), (3, 3, {"pyramids": "xeno"}), (4, 4, {"pyramids": "mono"})]


def card_buttons(prompt) -> list:
    return [item for item in prompt.items if item.custom_id.split(":")[3] == "act"]


def test_card_buttons_read_in_both_themes():
    """A suit is white text (an outline sign, never an emoji) on a button it contrasts with, and
    never on the button of its own colour: no red suit on red, no black suit on the dark grey."""
    for style, colours in BUTTON_COLOURS.items():
        if style in CARD_STYLES.values():
            assert all(contrast(WHITE, colour) >= 4.5 for colour in colours), style
    seen = set()
    for scene, seat, mine, _ in positions(4, 5):
        for button in card_buttons(PRESENTER.prompt(scene, seat, mine)):
            card = Card.parse(button.custom_id.rsplit(" ", 1)[-1].rsplit(":", 1)[-1])
            label, style = button.item.label, button.item.style
            assert label == card_text(card) and not set(label) & set(FILLED_SUITS) and "\ufe0f" not in label
            if card.suit in "dh":
                assert style != discord.ButtonStyle.danger, label
            else:
                assert style != discord.ButtonStyle.secondary, label
            seen.add((card.suit, style))
    assert {suit for suit, _ in seen} == set("cdhs")
    assert (
        len({style for suit, style in seen if suit in "dh"} & {style for suit, style in seen if suit in "cs"})
        == 0
    )


@pytest.mark.parametrize(("num_players", "seed", "options"), MATCHES)
def test_every_lead_and_follow_is_a_tap_or_two_within_25_buttons(num_players, seed, options):
    """Following is one tap on a card; a lead one tap for the prize shown as chosen, two for any
    other: every pyramid of the pool is a button above the cards, all within Discord's 25."""
    leads = 0
    for scene, seat, mine, state in positions(num_players, seed, options):
        prompt = PRESENTER.prompt(scene, seat, mine)
        assert len(prompt.items) <= 25 and max(item.row for item in prompt.items) <= 4
        reached = taps_to_actions(PRESENTER, scene, seat, mine)
        legal = {str(action) for action in state.legal_actions(seat)}
        assert legal <= set(reached)
        assert max(reached[action] for action in legal) == (
            2 if len(set(state.pool)) > 1 and not state.plays else 1
        )
        if not state.plays and len(state.pool) > 1:
            leads += 1
            prizes = [item for item in prompt.items if item.custom_id.split(":")[3] == "step"]
            assert sorted(item.custom_id.rsplit(":", 1)[1] for item in prizes) == sorted(
                {str(p) for p in state.pool}
            )
            assert [item.row for item in prompt.items] == sorted(item.row for item in prompt.items)
    assert leads > 10


def test_the_default_prize_is_the_largest_point_pyramid_left():
    scene, seat, mine, state = next(positions(4, 2))
    prompt = PRESENTER.prompt(scene, seat, mine)
    assert "Prize: the 🟥 large red (R3)" in prompt.text
    assert all(item.custom_id.split(":")[4].startswith("L R3 ") for item in card_buttons(prompt))
    state.pool = [Pyramid.parse("K1"), Pyramid.parse("K3")]
    only_penalties = state.view(seat)
    assert "Prize: the ⬛ large black (K3)" in PRESENTER.prompt(scene, seat, only_penalties).text


def test_a_prize_step_is_checked():
    scene, seat, mine, state = next(positions(4, 2))
    assert PRESENTER.check_step(scene, seat, mine, "G1") == "G1"
    prompt = PRESENTER.prompt(scene, seat, mine, "G1")
    assert all(item.custom_id.split(":")[4].startswith("L G1 ") for item in card_buttons(prompt))
    for garbled in ("ZZ", "Y2", "G1 7h", "L", "G"):
        with pytest.raises(MatchError, match="isn't in the pool"):
            PRESENTER.check_step(scene, seat, mine, garbled)
    # A prize menu of a private message sent before the prize buttons still works.
    assert PRESENTER.check_pick(scene, seat, mine, ["B2"], "") == "B2"
    with pytest.raises(MatchError, match="isn't in the pool"):
        PRESENTER.check_pick(scene, seat, mine, ["B2", "G1"], "")
    state.apply(seat, state.legal_actions(seat)[0])
    follower = state.to_move[0]
    with pytest.raises(MatchError, match="already been led"):
        PRESENTER.check_step(scene, follower, state.view(follower), "G1")


def test_seat_lines_name_every_seat_and_the_two_computer_players_apart():
    scene, *_ = next(positions(4, 2))
    lines = PRESENTER.seat_lines(scene)
    assert [line.split("**")[1] for line in lines] == [
        "P1 Alice",
        "P2 Computer 1 (normal)",
        "P3 Computer 2 (normal)",
        "P4 Dee",
    ]
    assert sum("dealer" in line for line in lines) == 1 and sum("**to lead**" in line for line in lines) == 1


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_alt_text_tells_the_position_without_a_hand_and_fits(language):
    """The board's description names each seat and the pool but no card anyone holds; a hand's
    description names every card in it. Both stay within Discord's 1,024 characters."""
    with speaking(language):
        for step, (scene, seat, mine, state) in enumerate(positions(4, 6)):
            if step % 7:
                continue
            public = PRESENTER.describe(scene, scene.public)
            assert len(public) <= 1024 and all(f"P{n + 1} {NAMES[n]}" in public for n in range(4))
            held = [card for hand in state.hands for card in hand]
            assert not [card for card in held if card_words(card) in public], public
            private = PRESENTER.describe(scene, mine, seat)
            assert len(private) <= 1024 and all(card_words(card) in private for card in mine.hand)


def test_the_rules_picture_is_described_with_every_value():
    alt = PRESENTER.rules_alt()
    for words in (
        "Single pyramid",
        "Three of a size",
        "Mixed tree",
        "One-colour tree",
        "Take all 3",
        "+21",
        "−score",
    ):
        assert words in alt
    with speaking("de"):
        assert "Gemischter Baum" in PRESENTER.rules_alt()


def test_the_final_table_fits_a_phone():
    """Columns headed P1-P4 (the seat lines name the players), so the table is at most 30 characters
    wide however long the names: a phone shows a code block about that wide without scrolling."""
    *_, (scene, _, _, state) = positions(4, 2)  # the state is played on to the end
    assert state.is_over
    final = Scene(1, 99, ("Bartholomew the Magnificent", *NAMES[1:]), scene.options, state.view(None))
    table = PRESENTER.final_text(final).split("```")[1].strip("\n").splitlines()
    assert table[0].split() == ["Hand", "P1", "P2", "P3", "P4"] and table[-1].startswith("Total")
    assert max(len(line) for line in table) <= 30
