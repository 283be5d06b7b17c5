"""What a Martian Flood match shows: its views, as frozen dataclasses the engine (`games.flood`)
builds. Nothing in Flood is hidden but the deck's order, so every seat and a spectator see the same
`FloodView` (its `seat` aside). Cards are named in the notation ("7h"), pyramids too ("R2").
"""

from __future__ import annotations

from dataclasses import dataclass

from .core import View


@dataclass(frozen=True, kw_only=True)
class CardInPlay:
    """A card in front of a player: empty, a ship lying on it, or a tower standing on it."""

    card: str
    sector: int  # what a flood roll must make to hit it (an ace's is 1)
    ship: str | None = None
    tower: tuple[str, ...] = ()  # bottom -> top

    @property
    def is_empty(self) -> bool:
        """Nothing on it, for good: no rule puts a piece on an empty card again."""
        return self.ship is None and not self.tower


@dataclass(frozen=True, kw_only=True)
class PendingShip(CardInPlay):
    """An infiltrated ship, with its card, waiting to land on a tower of the seat that holds it."""

    sender: int


@dataclass(frozen=True, kw_only=True)
class Landing(PendingShip):
    """The pending ship its target, the seat to act, must now place: the towers that can take it."""

    towers: tuple[str, ...]


@dataclass(frozen=True)
class DrawnCard:
    """A card drawn and waiting for the keep choice; `from_discard`: the discard pile's top (E1)."""

    card: str
    sector: int
    from_discard: bool


@dataclass(frozen=True)
class ShipMoveFacts:
    """One ship of a scrap: stood upright on its own card (`dest` None), or moved onto `dest`."""

    card: str
    dest: str | None


@dataclass(frozen=True)
class DrawnFacts:
    card: str
    from_discard: bool


@dataclass(frozen=True, kw_only=True)
class ActionFacts:
    """An action, or a turn log entry, as facts: its `kind` ("pass"; "draw", logged with its keep:
    `drawn`, `kept` and `size`; "keep", "scrap", "build", "infiltrate", "resolve") and the cards,
    sizes and seat it names; a destination None means "stood upright"."""

    kind: str
    card: str | None = None
    size: int | None = None
    dest: str | None = None
    target: int | None = None  # the seat infiltrated
    moves: tuple[ShipMoveFacts, ...] = ()  # a scrap's two ships
    drawn: tuple[DrawnFacts, ...] = ()
    kept: str | None = None


@dataclass(frozen=True)
class LoggedAction:
    """One used action slot of the turn log (and the shape of a suggested move's marks)."""

    seat: int
    slot: int
    text: str  # the notation, "-" a pass, "D 7h 3c* >7h 2" a draw and its keep
    facts: ActionFacts


@dataclass(frozen=True)
class StartRoll:
    """A tied seat's 3d6 for the start of a round (R7)."""

    seat: int
    dice: tuple[int, ...]
    sum: int


@dataclass(frozen=True)
class FloodHit:
    """A tower a flood roll hit, before and after losing its bottom size."""

    seat: int
    card: str
    before: tuple[str, ...]
    after: tuple[str, ...]


@dataclass(frozen=True)
class FloodRoll:
    dice: tuple[int, ...]
    sector: int
    hits: tuple[FloodHit, ...]


@dataclass(frozen=True)
class FloodReport:
    """The most recent flood: the round it ended and each of its rolls."""

    round: int
    rolls: tuple[FloodRoll, ...]


@dataclass(frozen=True)
class TowerPoints:
    """A tower that scores for a seat: its own of height 2+ (R20), or `owner`'s holding the seat's
    colour (R21)."""

    card: str
    owner: int
    points: int


@dataclass(frozen=True, kw_only=True)
class SeatScore:
    """A seat's final score by rule (R18-R21), each kind's points summed."""

    tallest: int
    singles: int
    own: tuple[TowerPoints, ...]
    colour: tuple[TowerPoints, ...]
    own_points: int
    colour_points: int
    total: int


@dataclass(frozen=True, kw_only=True)
class FloodSeat:
    """One seat's side of the table."""

    colour: str  # R B G Y by seat
    stash: tuple[int, int, int]  # small, medium, large pyramids left
    cards: tuple[CardInPlay, ...]  # in play, in the order they were laid
    pending: tuple[PendingShip, ...]  # infiltrated ships waiting to land, oldest first
    score: SeatScore | None = None  # once the game is over


@dataclass(frozen=True, kw_only=True)
class FloodView(View):
    """The table as everyone sees it. `winners` (at the end) come from the scores (R23)."""

    seats: tuple[FloodSeat, ...]
    rounds: int
    slots: int  # action slots per turn
    card_sectors: tuple[int, ...]  # the sectors this player count's cards name, lowest first
    deck_count: int
    discard: tuple[str, ...]  # bottom -> top
    discard_sectors: tuple[int, ...]
    round: int
    direction: str  # "cw" or "ccw" (R8: the last round)
    order: tuple[int, ...]  # this round's turn order
    start_rolls: tuple[StartRoll, ...]  # this round's tie rolls for the start
    current: int  # the seat whose turn it is (at the end: whose turn it was)
    slot: int
    last_turn: bool  # this turn is the round's last
    drawn: tuple[DrawnCard, ...]  # while the seat to act chooses which to keep, else empty
    resolving: Landing | None  # the infiltrated ship the seat to act must place, if any
    legal: tuple[str, ...]  # the seat to act's actions, in notation (all public)
    turn_log: tuple[LoggedAction, ...]  # the previous turn's and this one's used slots
    flood: FloodReport | None
    suggested: LoggedAction | None = None

    def card_in_play(self, card: str) -> CardInPlay | None:
        """The card `card` in front of whichever seat has it."""
        for seat in self.seats:
            for spot in seat.cards:
                if spot.card == card:
                    return spot
        return None
