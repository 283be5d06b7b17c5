"""Cards and pyramids: their notation both ways, their labels and what is refused."""

import pytest

from games import IllegalAction
from games.pieces import Card, Pyramid, deck, hand_order


def test_every_card_reads_back_from_its_notation_and_ten_also_from_10():
    cards = deck(range(2, 15))
    assert len(set(cards)) == 52
    assert [Card.parse(str(card)) for card in cards] == cards
    assert Card.parse(" 10h ") == Card.parse("Th") == Card(10, "h")
    assert Card.parse("qS") == Card(12, "s")  # either case


@pytest.mark.parametrize("text", ["", "1h", "10", "Tx", "Zs", "7hh", "100h"])
def test_what_is_not_a_card_is_refused(text):
    with pytest.raises(IllegalAction):
        Card.parse(text)


def test_labels_name_a_card_as_people_write_it():
    assert [Card.parse(t).label for t in ("2c", "9d", "Th", "Js", "Qc", "Kd", "Ah")] == [
        "2♣",
        "9♦",
        "10♥",
        "J♠",
        "Q♣",
        "K♦",
        "A♥",
    ]


def test_a_hand_is_shown_in_alternating_colours_low_to_high():
    hand = [Card.parse(t) for t in ("Ah", "2h", "Ks", "3d", "Tc")]
    assert [str(card) for card in sorted(hand, key=hand_order)] == ["Tc", "3d", "Ks", "2h", "Ah"]


def test_pyramids_read_back_and_are_named_by_size_and_colour():
    for colour in "RYGBKOCLPW":
        for size in (1, 2, 3):
            assert Pyramid.parse(f" {colour.lower()}{size}") == Pyramid(colour, size)
    assert Pyramid("R", 3).label == "large red" and Pyramid("K", 1).label == "small black"
    assert Pyramid("G", 2).label == "medium green"
    for text in ("R4", "R0", "X1", "R", "R12"):
        with pytest.raises(IllegalAction):
            Pyramid.parse(text)
