"""Martian Trickery's hints in game words (`explain`): what the suggested card does, from the engine's
events on a copy where the other hands are made up, in English and German."""

import pytest

from bot.kits import KITS
from bot.presenters.base import Scene
from catalogue import speaking
from games import GAMES, Rng
from games.pieces import Card, Pyramid, deck
from games.trickery import TrickeryState

GAME = GAMES["trickery"]
PRESENTER = KITS["trickery"].presenter
NAMES = ("Alice", "Computer 1 (normal)", "Computer 2 (normal)")
OPTIONS = {"pyramids": "rainbow", "first_dealer": "random"}


def position(hands: list[str], *, leader: int, pool: str = "", taken=None, hand_number=1) -> TrickeryState:
    """Three players and the whole deck: the first trick of a hand with `hands` (12 cards each), or
    with `taken` the last one (a card each; the other 33 cards played in the 11 tricks before, the
    pool holding one pyramid), `leader` to lead."""
    state = TrickeryState(num_players=3, options=OPTIONS, rng=Rng(1), dealer=(leader - 1) % 3)
    state.hand_number = hand_number
    state.hands = [[Card.parse(card) for card in hand.split()] for hand in hands]
    assert sorted(card for hand in state.hands for card in hand) == sorted(DECK) or taken is not None
    state.pool = [Pyramid.parse(code) for code in pool.split()] or state._all_pyramids()
    state.leader = leader
    if taken is not None:
        state.taken = [[Pyramid.parse(code) for code in codes.split()] for codes in taken]
        state.done_tricks = tricks_before(hands)
        state.spades_broken = True
    return state


DECK = deck(range(6, 15))  # the 3-player deck


def tricks_before(held: list[str]) -> list[dict]:
    """Eleven tricks of the cards nobody holds: a diamond trumped first (spades broken), then the
    clubs (followed by all: every seat still holds one), then the rest, which shows only that
    the seats have no diamonds, hearts or spades left."""
    rest = [str(card) for card in DECK if str(card) not in " ".join(held).split()]
    first = ["6d", "6s", "7d"]
    clubs = [card for card in rest if card[1] == "c"]
    others = [card for card in rest if card[1] != "c" and card not in first]
    cards = first + clubs + others
    return [
        {"leader": 0, "prize": "R1", "plays": [[seat, cards[3 * i + seat]] for seat in range(3)], "winner": 0}
        for i in range(11)
    ]


def explained(state: TrickeryState, moves: list[str], action: str) -> str:
    """Play `moves`, then explain `action` for the seat to play, as the bot does: the scene before
    it, the events of playing it on a made-up deal."""
    for move in moves:
        state.apply(state.current_seat, GAME.parse_action(move))
    seat = state.current_seat
    events = state.determinize(seat, 7).apply(seat, GAME.parse_action(action))
    scene = Scene(1, 0, NAMES, OPTIONS, state.view(None))
    return PRESENTER.explain(scene, seat, action, events)


LEADS = [
    "6c 7c 8c Ac 6d 7d 8d 6h 7h 6s 7s 8s",
    "9c Tc Kc 9d Td Jd 8h 9h 9s Ts Js Qs",
    "Jc Qc Qd Kd Ad Th Jh Qh Kh Ah Ks As",
]
CLUBS_LED = [  # P2 and P3 have no clubs
    "6c 7c 8c 9c Tc Jc Qc Kc Ac 6d 7d 6h",
    "8d 9d Td Jd Qd Kd Ad 7h 8h 9h Th 6s",
    "Jh Qh Kh Ah 7s 8s 9s Ts Js Qs Ks As",
]
LAST_OF_THE_MATCH = {
    "hands": ["Qc", "Kc", "Ac"],
    "leader": 1,
    "pool": "K3",
    "taken": ["R1 B1 G1 R2 B2 G2 R3", "K1 K2 G3", "B3"],  # P1: S4, 15 points
    "hand_number": 4,
}
CASES = [
    (
        dict(hands=LEADS, leader=0),
        [],
        "L K1 6d",
        "leads 6♢ for the small black, a penalty pyramid: whoever wins the trick takes it",
        "spielt 6♢ aus und setzt die Strafpyramide (schwarz, klein) als Preis; wer den Stich gewinnt, "
        "bekommt sie",
    ),
    (
        dict(hands=LEADS, leader=0),
        [],
        "L R3 7h",
        "leads 7♡ for the large red: whoever wins the trick takes it",
        "spielt 7♡ aus und setzt die Pyramide (rot, groß) als Preis; wer den Stich gewinnt, bekommt sie",
    ),
    (dict(hands=LEADS, leader=0), ["L R3 7h"], "9h", "follows hearts with 9♡", "bedient Herz mit 9♡"),
    (
        dict(hands=CLUBS_LED, leader=0),
        ["L G2 7c"],
        "8d",
        "has no clubs and discards 8♢",
        "hat kein Kreuz und wirft 8♢ ab",
    ),
    (
        dict(hands=CLUBS_LED, leader=0),
        ["L G2 7c", "8d"],
        "9s",
        "has no clubs and trumps with 9♤, which breaks spades. You win the trick and take the medium green",
        "hat kein Kreuz und sticht mit 9♤; damit ist Pik frei. Du gewinnst den Stich und nimmst die "
        "Pyramide (grün, mittel)",
    ),
    (
        dict(hands=CLUBS_LED, leader=0),
        ["L G2 7c", "8d"],
        "Qh",
        "has no clubs and discards Q♡. P1 Alice wins the trick and takes the medium green",
        "hat kein Kreuz und wirft Q♡ ab. P1 Alice gewinnt den Stich und nimmt die Pyramide (grün, mittel)",
    ),
    (
        dict(hands=CLUBS_LED, leader=0),
        ["L K2 7c", "8d"],
        "9s",
        "has no clubs and trumps with 9♤, which breaks spades. You win the trick and take the medium "
        "black, a penalty pyramid",
        "hat kein Kreuz und sticht mit 9♤; damit ist Pik frei. Du gewinnst den Stich und nimmst die "
        "Strafpyramide (schwarz, mittel)",
    ),
    (
        LAST_OF_THE_MATCH,
        [],
        "L Kc",
        "leads K♧ for the large black, the last pyramid left",
        "spielt K♧ aus, Preis: die letzte Pyramide (schwarz, groß)",
    ),
    (
        LAST_OF_THE_MATCH,
        ["L Kc", "Ac"],
        "Qc",
        "follows clubs with Q♧. P3 Computer 2 (normal) wins the trick and takes the large black. The "
        "hand ends: you score +15, 15 in all. You win the match",
        "bedient Kreuz mit Q♧. P3 Computer 2 (normal) gewinnt den Stich und nimmt die Pyramide "
        "(schwarz, groß). Die Runde endet: Du bekommst +15, insgesamt 15. Du gewinnst die Partie",
    ),
]


@pytest.mark.parametrize(("setup", "moves", "action", "english", "german"), CASES)
def test_a_suggested_card_is_explained_in_game_words(setup, moves, action, english, german):
    assert explained(position(**setup), moves, action) == english
    with speaking("de"):
        assert explained(position(**setup), moves, action) == german


def test_another_seat_winning_the_match_is_named():
    """P3 plays the match's last card; P2 takes K3, its third penalty pyramid: 21 + G3 alone."""
    setup = dict(LAST_OF_THE_MATCH, leader=0, hands=["Qc", "Ac", "Kc"])
    assert explained(position(**setup), ["L Qc", "Ac"], "Kc") == (
        "follows clubs with K♧. P2 Computer 1 (normal) wins the trick and takes the large black. The "
        "hand ends: you score +1, 1 in all. P2 Computer 1 (normal) wins the match"
    )
