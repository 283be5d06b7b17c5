"""Components shared by several games: playing cards and Looney pyramids."""

from __future__ import annotations

from dataclasses import dataclass

from .core import IllegalAction

SUITS = "cdhs"
SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
RANK_CHARS = {10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_LABELS = {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_TEXT = {rank: RANK_CHARS.get(rank, str(rank)) for rank in range(2, 15)}  # cards are printed a lot
_RANK_FROM_CHAR = {**{str(r): r for r in range(2, 10)}, "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}


@dataclass(frozen=True, order=True)
class Card:
    """A standard playing card. Notation: rank (2-9, T, J, Q, K, A) then suit (c d h s)."""

    rank: int
    suit: str

    def __str__(self) -> str:
        return (_RANK_TEXT.get(self.rank) or str(self.rank)) + self.suit

    @property
    def label(self) -> str:
        """Human label, e.g. '10♥'."""
        return RANK_LABELS.get(self.rank, str(self.rank)) + SUIT_SYMBOLS[self.suit]

    @classmethod
    def parse(cls, text: str) -> Card:
        text = text.strip()
        if text[:2] == "10":
            text = "T" + text[2:]
        if len(text) != 2 or text[0].upper() not in _RANK_FROM_CHAR or text[1].lower() not in SUITS:
            raise IllegalAction(
                "'{text}' is not a card (write rank then suit, like 7h, Td or As).", text=text
            )
        return cls(_RANK_FROM_CHAR[text[0].upper()], text[1].lower())


def deck(ranks: range) -> list[Card]:
    """All cards of the given ranks in every suit, in a fixed order (shuffle it with an Rng)."""
    return [Card(rank, suit) for suit in SUITS for rank in ranks]


def hand_order(card: Card) -> tuple[int, int]:
    """Display order: suits alternate colour (♣ ♦ ♠ ♥), low to high within a suit."""
    return ("cdsh".index(card.suit), card.rank)


COLOUR_NAMES = {
    "R": "red",
    "Y": "yellow",
    "G": "green",
    "B": "blue",
    "K": "black",
    "O": "orange",
    "C": "cyan",
    "L": "clear",
    "P": "purple",
    "W": "white",
}
SIZE_NAMES = {1: "small", 2: "medium", 3: "large"}


@dataclass(frozen=True, order=True)
class Pyramid:
    """A Looney pyramid. Notation: colour code then size pips (1 small, 2 medium, 3 large)."""

    colour: str
    size: int

    def __str__(self) -> str:
        return f"{self.colour}{self.size}"

    @property
    def label(self) -> str:
        return f"{SIZE_NAMES[self.size]} {COLOUR_NAMES.get(self.colour, self.colour)}"

    @classmethod
    def parse(cls, text: str) -> Pyramid:
        text = text.strip().upper()
        if len(text) != 2 or text[0] not in COLOUR_NAMES or text[1] not in "123":
            raise IllegalAction(
                "'{text}' is not a pyramid (write colour then size, like R3 or K1).", text=text
            )
        return cls(text[0], int(text[1]))
