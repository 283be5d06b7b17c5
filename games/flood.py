"""Martian Flood (Adam McDougall): 3-4 players draw sector cards, lay ships on them, stand ships up as
towers and build them higher, while a flood after every round washes away the largest pyramids of
the towers on the sector rolled. Implements shared/rules/flood.md, rulings R1-R24.

Seats 0..n-1 are P1..Pn clockwise, in colours R B G Y. A turn has two action slots. Everything
that needs no decision happens inside `new()` and `apply()`: round starts (with the start-player
dice), infiltrated ships with at most one place to go, slots with nothing legal, turn and round
ends, floods, reshuffles and the final scoring. A draw is two actions: `D` reveals two cards
(chance, from the match's Rng), then the same player keeps one with a ship (`K 7h 2`).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from .core import (
    Event,
    Game,
    IllegalAction,
    Outcome,
    Rng,
    Topic,
    copy_data,
    determinized_rng,
    shallow_copy,
)
from .flood_views import (
    ActionFacts,
    CardInPlay,
    DrawnCard,
    DrawnFacts,
    FloodHit,
    FloodReport,
    FloodRoll,
    FloodSeat,
    FloodView,
    Landing,
    LoggedAction,
    PendingShip,
    SeatScore,
    ShipMoveFacts,
    StartRoll,
    TowerPoints,
)
from .pieces import SUITS, Card, Pyramid

COLOURS = "RBGY"  # by seat
SIZES = (1, 2, 3)
PER_SIZE = 5  # pyramids of each size in a stash
SLOTS = 2  # action slots per turn
LAST_ROUND = 3
FLOOD_ROLLS = {1: 3, 2: 4, 3: 5}
CCW_ROUND = 3  # R8: the last round runs counter-clockwise
TALLEST_BONUS = 15
SINGLES_BONUS = 10
ACE = 14  # games.pieces.Card's rank for an ace; its sector number is 1


def sector(card: Card) -> int:
    return 1 if card.rank == ACE else card.rank


def flood_sector(dice: list[int] | tuple[int, ...]) -> int:
    """The sector a flood roll hits: the sum of 3d6, minus one (2..17)."""
    return sum(dice) - 1


def card_ranks(num_players: int) -> tuple[int, ...]:
    """2-9 with three players; A and 2-10 with four."""
    return tuple(range(2, 10)) if num_players == 3 else (ACE, *range(2, 11))


def full_deck(num_players: int) -> list[Card]:
    return [Card(rank, suit) for suit in SUITS for rank in card_ranks(num_players)]


def tower_text(pyramids: list) -> str:
    return "[" + ",".join(str(pyramid) for pyramid in pyramids) + "]"


def card_sectors(num_players: int) -> list[int]:
    """The sectors this player count's cards name, lowest first: 2-9, or 1-10."""
    return sorted(sector(Card(rank, SUITS[0])) for rank in card_ranks(num_players))


# Every card's sector, as plain data for pictures drawn without a view (the rules picture).
SECTOR_OF_CARD = {str(card): sector(card) for card in full_deck(4)}


# --- actions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Draw:
    def __str__(self) -> str:
        return "D"


@dataclass(frozen=True)
class Keep:
    """After a draw: keep `card` with a ship of `size` from the stash; the other card is discarded."""

    card: Card
    size: int

    def __str__(self) -> str:
        return f"K {self.card} {self.size}"


@dataclass(frozen=True)
class ShipMove:
    """One scrapped ship: stood upright on its own card (`dest` None, written `^`), or moved onto
    the tower on `dest`."""

    card: Card
    dest: Card | None

    def __str__(self) -> str:
        return f"{self.card}:{self.dest or '^'}"


@dataclass(frozen=True)
class Scrap:
    first: ShipMove
    second: ShipMove

    def __str__(self) -> str:
        return f"S {self.first} {self.second}"


@dataclass(frozen=True)
class Build:
    size: int
    card: Card

    def __str__(self) -> str:
        return f"B {self.size} {self.card}"


@dataclass(frozen=True)
class Infiltrate:
    card: Card
    seat: int

    def __str__(self) -> str:
        return f"I {self.card} P{self.seat + 1}"


@dataclass(frozen=True)
class Resolve:
    """The target places an infiltrated ship: onto the tower on `dest`, or upright (`dest` None)."""

    card: Card
    dest: Card | None

    def __str__(self) -> str:
        return f"R {self.card} {self.dest or '^'}"


FloodAction = Draw | Keep | Scrap | Build | Infiltrate | Resolve

# the notation's examples, for refusals that say "{actions} or {last}" in the player's language
ACTION_EXAMPLES = {"actions": "D, K 7h 2, S 7h:^ 9d:7h, B 1 9d, I 6s P2", "last": "R 6s 3c"}


def _dest_text(dest: Card | None) -> str | None:
    return str(dest) if dest else None


def action_facts(action: FloodAction) -> ActionFacts:
    """An action as plain facts: its `kind` and the cards, sizes and seats it names."""
    if isinstance(action, Draw):
        return ActionFacts(kind="draw")
    if isinstance(action, Keep):
        return ActionFacts(kind="keep", card=str(action.card), size=action.size)
    if isinstance(action, Scrap):
        moves = tuple(
            ShipMoveFacts(str(move.card), _dest_text(move.dest)) for move in (action.first, action.second)
        )
        return ActionFacts(kind="scrap", moves=moves)
    if isinstance(action, Build):
        return ActionFacts(kind="build", size=action.size, card=str(action.card))
    if isinstance(action, Infiltrate):
        return ActionFacts(kind="infiltrate", card=str(action.card), target=action.seat)
    return ActionFacts(kind="resolve", card=str(action.card), dest=_dest_text(action.dest))


def log_facts(text: str) -> ActionFacts:
    """One turn log entry's text as facts: `-` a pass, `D 7h 3c* >7h 2` a draw and its keep (`*`
    marks the discard pile's card), anything else an action's notation. The engine writes these
    texts, so this is the one place that reads them back (stored logs hold text)."""
    if text == "-":
        return ActionFacts(kind="pass")
    if text.startswith("D "):
        *drawn, kept, size = text.split()[1:]
        return ActionFacts(
            kind="draw",
            drawn=tuple(DrawnFacts(card.rstrip("*"), card.endswith("*")) for card in drawn),
            kept=kept.lstrip(">"),
            size=int(size),
        )
    return action_facts(FLOOD.parse_action(text))


def log_entry(entry: dict) -> LoggedAction:
    """A turn log entry as views show it: who, which slot, the text, and its facts."""
    return LoggedAction(entry["seat"], entry["slot"], entry["text"], log_facts(entry["text"]))


# --- the table ----------------------------------------------------------------------------


# Stored states name the same few cards and pyramids over and over: look them up, don't parse.
_CARD_BY_NAME = {str(card): card for card in full_deck(4)}
_PYRAMID_BY_NAME = {f"{colour}{size}": Pyramid(colour, size) for colour in COLOURS for size in SIZES}


class Spot:
    """One card in play: empty, a ship lying on it, or a tower (bottom -> top)."""

    __slots__ = ("card", "ship", "tower")

    def __init__(self, card: Card, ship: Pyramid | None = None, tower: list[Pyramid] | None = None) -> None:
        self.card = card
        self.ship = ship
        self.tower = list(tower or [])

    def __str__(self) -> str:
        """Position notation: `9d[R2,R1]` a tower, `7h=R3` a ship, `4c` an empty card."""
        if self.ship:
            return f"{self.card}={self.ship}"
        return f"{self.card}{tower_text(self.tower)}" if self.tower else str(self.card)

    def copy(self) -> Spot:
        return Spot(self.card, self.ship, self.tower)

    def to_json(self) -> dict:
        return {
            "card": str(self.card),
            "ship": str(self.ship) if self.ship else None,
            "tower": [str(pyramid) for pyramid in self.tower],
        }

    def view(self) -> CardInPlay:
        return CardInPlay(
            card=str(self.card),
            sector=sector(self.card),
            ship=str(self.ship) if self.ship else None,
            tower=tuple(str(pyramid) for pyramid in self.tower),
        )

    def pending_view(self, sender: int) -> PendingShip:
        """This card and its ship infiltrated by `sender`, waiting to land."""
        return PendingShip(card=str(self.card), sector=sector(self.card), ship=str(self.ship), sender=sender)

    @classmethod
    def from_json(cls, data: dict) -> Spot:
        ship = _PYRAMID_BY_NAME[data["ship"]] if data["ship"] else None
        return cls(_CARD_BY_NAME[data["card"]], ship, [_PYRAMID_BY_NAME[p] for p in data["tower"]])


def _copy_rolls(rolls: list[dict]) -> list[dict]:
    return [dict(roll, dice=list(roll["dice"])) for roll in rolls]


def _copy_flood(flood: dict | None) -> dict | None:
    if flood is None:
        return None
    rolls = [
        dict(
            roll,
            dice=list(roll["dice"]),
            hits=[dict(hit, before=list(hit["before"]), after=list(hit["after"])) for hit in roll["hits"]],
        )
        for roll in flood["rolls"]
    ]
    return {"round": flood["round"], "rolls": rolls}


def _copy_flood_hits(hits: list[dict]) -> list[dict]:
    return [dict(hit, before=list(hit["before"]), after=list(hit["after"])) for hit in hits]


def _flood_report(flood: dict | None) -> FloodReport | None:
    if flood is None:
        return None
    rolls = tuple(
        FloodRoll(
            tuple(roll["dice"]),
            roll["sector"],
            tuple(
                FloodHit(hit["seat"], hit["card"], tuple(hit["before"]), tuple(hit["after"]))
                for hit in roll["hits"]
            ),
        )
        for roll in flood["rolls"]
    )
    return FloodReport(flood["round"], rolls)


def _seat_score(row: dict, seat: int) -> SeatScore:
    """One row of `FloodState.scoring()` as the view shows it."""
    own = tuple(TowerPoints(item["card"], seat, item["points"]) for item in row["own"])
    colour = tuple(TowerPoints(item["card"], item["owner"], item["points"]) for item in row["colour"])
    return SeatScore(
        tallest=row["tallest"],
        singles=row["singles"],
        own=own,
        colour=colour,
        own_points=sum(item.points for item in own),
        colour_points=sum(item.points for item in colour),
        total=row["total"],
    )


def _find(area: list[Spot], card: Card) -> Spot | None:
    for spot in area:
        if spot.card == card:
            return spot
    return None


class FloodState:
    def __init__(self, *, num_players: int, rng: Rng) -> None:
        self.num_players = num_players
        self.rng = rng
        self.stash = [[PER_SIZE] * len(SIZES) for _ in range(num_players)]  # counts by size - 1
        self.areas: list[list[Spot]] = [[] for _ in range(num_players)]
        self.pending: list[list[tuple[Spot, int]]] = [[] for _ in range(num_players)]  # (ship, sender)
        self.deck: list[Card] = []  # top first; its order is never shown
        self.discard: list[Card] = []  # bottom -> top
        self.round = 1
        self.order: list[int] = []
        self.start_rolls: list[dict] = []
        self.current = 0
        self.slot = 1
        self.last_turn = False
        self.drawn: list[tuple[Card, bool]] | None = None  # (card, taken from the discard pile)
        self.turn_log: list[dict] = []
        self.previous_log: list[dict] = []
        self.flood: dict | None = None  # the most recent flood, as shown in the view
        self.over = False

    @property
    def seats(self) -> range:
        return range(self.num_players)

    @property
    def direction(self) -> str:
        return "ccw" if self.round == CCW_ROUND else "cw"

    # -- protocol

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def order_free(self) -> bool:
        return False

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.over else (self.current,)

    def legal_actions(self, seat: int) -> list[FloodAction]:
        if self.over or seat != self.current:
            return []
        if self.drawn is not None:
            sizes = [size for size in SIZES if self.stash[seat][size - 1]]
            return [Keep(card, size) for card, _ in self.drawn for size in sizes]
        if self.pending[seat]:
            ship, _ = self.pending[seat][0]
            return [Resolve(ship.card, tower.card) for tower in self.fitting_towers(seat, ship.ship.size)]
        # The draw is listed first: it uses up the deck, which drives the round to its end.
        actions: list[FloodAction] = [Draw()] if self.deck and any(self.stash[seat]) else []
        actions += self._builds(seat)
        ships = [spot for spot in self.areas[seat] if spot.ship]
        actions += [
            Infiltrate(spot.card, target) for spot in ships for target in self.seats if target != seat
        ]
        actions += self._scraps(seat, ships)
        return actions

    def area_notation(self, seat: int) -> str:
        """`seat`'s cards in play in `position()`'s notation, e.g. "9d[R2,R1] 7h=R3 4c"."""
        return " ".join(str(spot) for spot in self.areas[seat])

    def fitting_towers(self, seat: int, size: int) -> list[Spot]:
        """`seat`'s towers whose top is at least `size` (E9: equal sizes stack)."""
        return [spot for spot in self.areas[seat] if spot.tower and spot.tower[-1].size >= size]

    def _builds(self, seat: int) -> list[Build]:
        return [
            Build(size, spot.card)
            for size in SIZES
            if self.stash[seat][size - 1]
            for spot in self.fitting_towers(seat, size)
        ]

    def _scraps(self, seat: int, ships: list[Spot]) -> list[Scrap]:
        """Every ordered pair of ships with every destination, the second's found after the first."""
        if len(ships) < 2:
            return []
        tops = {spot.card: spot.tower[-1].size for spot in self.areas[seat] if spot.tower}
        scraps = []
        for first in ships:
            size = first.ship.size
            for dest in [None, *(card for card, top in tops.items() if top >= size)]:
                after = dict(tops)
                after[dest or first.card] = size  # the ship is now the top of that tower
                for second in ships:
                    if second is first:
                        continue
                    second_size = second.ship.size
                    second_dests = [None, *(card for card, top in after.items() if top >= second_size)]
                    scraps += [
                        Scrap(ShipMove(first.card, dest), ShipMove(second.card, second_dest))
                        for second_dest in second_dests
                    ]
        return scraps

    def _has_free_action(self, seat: int) -> bool:
        if any(spot.ship for spot in self.areas[seat]):
            return True  # an infiltration is always possible
        stash = self.stash[seat]
        if not any(stash):
            return False
        smallest = next(size for size in SIZES if stash[size - 1])
        return bool(self.deck) or bool(self.fitting_towers(seat, smallest))

    # -- actions

    def apply(self, seat: int, action: FloodAction) -> list[str]:
        if self.over:
            raise IllegalAction("This match is already over.")
        if seat != self.current:
            raise IllegalAction("It is not your turn.")
        if self.drawn is not None:
            if not isinstance(action, Keep):
                raise IllegalAction(
                    "First keep one of the cards you drew ({cards}) with a ship: K <card> <size>.",
                    cards=self._drawn_text(),
                )
            events = self._keep(seat, action)
        elif self.pending[seat]:
            if not isinstance(action, Resolve):
                ship, _ = self.pending[seat][0]
                # {ship.label} reads "medium red"; other languages write the pyramid's code, {ship}
                raise IllegalAction(
                    "First place the infiltrated {ship.label} ship from {card} on one of your towers.",
                    ship=ship.ship,
                    card=str(ship.card),
                )
            events = self._resolve_by_choice(seat, action)
        elif isinstance(action, Draw):
            events = self._draw(seat)
        elif isinstance(action, Scrap):
            events = self._scrap(seat, action)
        elif isinstance(action, Build):
            events = self._build(seat, action)
        elif isinstance(action, Infiltrate):
            events = self._infiltrate(seat, action)
        elif isinstance(action, Keep):
            raise IllegalAction("You haven't drawn any cards: draw first (D).")
        elif isinstance(action, Resolve):
            raise IllegalAction("You have no infiltrated ship waiting to be placed.")
        else:
            raise IllegalAction(
                "That is not a Martian Flood action: write {actions} or {last}.", **ACTION_EXAMPLES
            )
        return events + self._advance()

    def _drawn_text(self) -> str:
        return " ".join(f"{card}{'*' if from_discard else ''}" for card, from_discard in self.drawn)

    def _draw(self, seat: int) -> list[Event]:
        if not self.deck:
            raise IllegalAction("The deck is empty: you can't draw.")
        if not any(self.stash[seat]):
            raise IllegalAction(
                "Your stash is empty: you have no pyramid to lay as a ship, so you can't draw."
            )
        if len(self.deck) >= 2:
            self.drawn = [(self.deck.pop(0), False), (self.deck.pop(0), False)]
        else:  # E1, R11: the deck's last card and the discard pile's top (E3: none if it is empty)
            self.drawn = [(self.deck.pop(0), False)]
            if self.discard:
                self.drawn.append((self.discard.pop(), True))
        cards = [
            {"card": str(card), "sector": sector(card), "from_discard": from_discard}
            for card, from_discard in self.drawn
        ]
        return [Event(f"DREW P{seat + 1} {self._drawn_text()}", seat=seat, cards=cards)]

    def _keep(self, seat: int, action: Keep) -> list[Event]:
        cards = [card for card, _ in self.drawn]
        if action.card not in cards:
            if len(cards) == 1:
                raise IllegalAction("You drew {card}: keep one of them.", card=str(cards[0]))
            raise IllegalAction(
                "You drew {first} and {second}: keep one of them.", first=str(cards[0]), second=str(cards[1])
            )
        self._check_stash(seat, action.size)
        text = f"D {self._drawn_text()} >{action.card} {action.size}"
        self.stash[seat][action.size - 1] -= 1
        self.areas[seat].append(Spot(action.card, ship=Pyramid(COLOURS[seat], action.size)))
        self.discard += [card for card in cards if card != action.card]
        self.drawn = None
        events = [self._finish_slot(seat, text)]
        if not self.deck or not any(self.stash[seat]):
            events += self._set_last_turn()
        return events

    def _check_stash(self, seat: int, size: int) -> None:
        if size not in SIZES:
            raise IllegalAction("Sizes are 1 (small), 2 (medium) and 3 (large).")
        if not self.stash[seat][size - 1]:  # one text per size: languages inflect the size word
            if size == 1:
                raise IllegalAction("You have no small pyramid left in your stash.")
            if size == 2:
                raise IllegalAction("You have no medium pyramid left in your stash.")
            raise IllegalAction("You have no large pyramid left in your stash.")

    def _set_last_turn(self) -> list[Event]:
        """The round's last turn: the deck ran out, or the player to act placed their last pyramid
        (the facts say which; both at once is possible)."""
        if self.last_turn:
            return []
        self.last_turn = True
        return [Event("LAST", deck_empty=not self.deck, stash_empty=not any(self.stash[self.current]))]

    def _scrap(self, seat: int, action: Scrap) -> list[Event]:
        if action.first.card == action.second.card:
            raise IllegalAction("Scrap two different ships.")
        area = [spot.copy() for spot in self.areas[seat]]  # changed only once both moves are legal
        for move in (action.first, action.second):
            ship = _find(area, move.card)
            if ship is None or ship.ship is None:
                raise self._not_your_ship(seat, move.card)
            pyramid = ship.ship
            if move.dest is None:
                ship.tower = [pyramid]
            else:
                tower = self._tower_for(area, move.dest, pyramid.size, "ship")
                tower.tower.append(pyramid)
            ship.ship = None
        self.areas[seat] = area
        return [self._finish_slot(seat, str(action))]

    def _not_your_ship(self, seat: int, card: Card) -> IllegalAction:
        if any(ship.card == card for ship, _ in self.pending[seat]):
            return IllegalAction(
                "The ship on {card} is still waiting to be placed: it isn't yours to use yet.", card=str(card)
            )
        return IllegalAction("You have no ship on {card}.", card=str(card))

    @staticmethod
    def _tower_for(area: list[Spot], card: Card, size: int, what: str) -> Spot:
        tower = _find(area, card)
        if tower is None or not tower.tower:
            raise IllegalAction("You have no tower on {card}.", card=str(card))
        if tower.tower[-1].size < size:
            if what == "ship":
                raise IllegalAction("That tower's top is smaller than the ship.")
            raise IllegalAction("That tower's top is smaller than the pyramid.")
        return tower

    def _build(self, seat: int, action: Build) -> list[Event]:
        self._check_stash(seat, action.size)
        tower = self._tower_for(self.areas[seat], action.card, action.size, "pyramid")
        self.stash[seat][action.size - 1] -= 1
        tower.tower.append(Pyramid(COLOURS[seat], action.size))
        events = [self._finish_slot(seat, str(action))]
        if not any(self.stash[seat]):
            events += self._set_last_turn()
        return events

    def _infiltrate(self, seat: int, action: Infiltrate) -> list[Event]:
        ship = _find(self.areas[seat], action.card)
        if ship is None or ship.ship is None:
            raise self._not_your_ship(seat, action.card)
        if action.seat == seat:
            raise IllegalAction("Infiltrate an opponent, not yourself.")
        if action.seat not in self.seats:
            raise IllegalAction("There is no P{number} in this match.", number=action.seat + 1)
        self.areas[seat].remove(ship)
        self.pending[action.seat].append((ship, seat))  # R14: the card goes with the ship
        return [self._finish_slot(seat, str(action))]

    def _resolve_by_choice(self, seat: int, action: Resolve) -> list[Event]:
        ship, _ = self.pending[seat][0]
        if action.card != ship.card:
            raise IllegalAction(
                "The infiltrated ship to place now is the one on {card}.", card=str(ship.card)
            )
        if action.dest is None:
            raise IllegalAction("A tower of yours can take this ship, so it must go on top of one (R16).")
        tower = self._tower_for(self.areas[seat], action.dest, ship.ship.size, "ship")
        return [self._place_infiltrator(seat, tower, automatic=False)]

    def _place_infiltrator(self, seat: int, tower: Spot | None, *, automatic: bool) -> Event:
        """R16: onto the chosen tower, or upright on its own card when none fits. Not from the
        target's stash, so never a last-pyramid trigger (R10)."""
        ship, _ = self.pending[seat].pop(0)
        pyramid, ship.ship = ship.ship, None
        if tower is None:
            ship.tower = [pyramid]
        else:
            tower.tower.append(pyramid)
        self.areas[seat].append(ship)
        return self._finish_slot(
            seat, str(Resolve(ship.card, tower.card if tower else None)), automatic=automatic
        )

    def _finish_slot(self, seat: int, text: str, *, automatic: bool = False) -> Event:
        """Log one used action slot. `automatic`: the engine played it (a pass, or an infiltrated
        ship with at most one place to go), not the player."""
        self.turn_log.append({"seat": seat, "slot": self.slot, "text": text})
        event = Event(
            f"P{seat + 1} {text}", seat=seat, slot=self.slot, action=log_facts(text), automatic=automatic
        )
        self.slot += 1
        return event

    # -- the automatic steps

    def _advance(self) -> list[Event]:
        """Run everything that needs no decision until someone has one, or the game is over."""
        events = []
        passes = 0
        while not self.over and self.drawn is None:
            if self.slot > SLOTS:
                if self.last_turn:
                    passes = 0  # a new round starts counting afresh
                events += self._end_turn()
                continue
            queue = self.pending[self.current]
            if queue:  # R15: infiltrated ships first, one slot each
                towers = self.fitting_towers(self.current, queue[0][0].ship.size)
                if len(towers) > 1:
                    return events  # the target picks the tower (R16)
                events.append(
                    self._place_infiltrator(self.current, towers[0] if towers else None, automatic=True)
                )
                passes = 0
                continue
            if self._has_free_action(self.current):
                return events
            events.append(self._finish_slot(self.current, "-", automatic=True))  # R17
            passes += 1
            if passes == SLOTS * self.num_players:
                # A whole cycle of turns with nothing to do: nothing will ever change, so end the
                # round. The rules make this unreachable (E11); a built position might not.
                events += [Event("STALL"), *self._set_last_turn()]
                passes = 0
        return events

    def _end_turn(self) -> list[Event]:
        self.previous_log, self.turn_log = self.turn_log, []
        if self.last_turn:  # R9: nobody else plays this round
            return self._end_round()
        self.current = self.order[(self.order.index(self.current) + 1) % self.num_players]
        self.slot = 1
        return []

    def _end_round(self) -> list[Event]:
        events = self._flood()
        if self.round == LAST_ROUND:  # R22: scoring, no reshuffle
            self.over = True
            self.slot = SLOTS
            breakdown = self.scoring()
            totals = [row["total"] for row in breakdown]
            scores = " ".join(f"P{seat + 1} {total}" for seat, total in enumerate(totals))
            winners = " ".join(f"P{seat + 1}" for seat in self.outcome.winners)
            score = Event(
                f"SCORE {scores} WIN {winners}",
                scores=totals,
                winners=list(self.outcome.winners),
                breakdown=breakdown,  # which scoring rules paid whom
            )
            return [*events, score]
        self.deck += self.discard
        self.discard = []
        self.rng.shuffle(self.deck)
        self.round += 1
        return events + self._start_round()

    def _roll(self) -> list[int]:
        return [self.rng.below(6) + 1 for _ in range(3)]

    def _start_round(self) -> list[Event]:
        """Fewest cards in play starts (R6: empty and infiltrated cards count); ties roll 3d6, the
        highest sum starts and ties roll again (R7)."""
        counts = [len(self.areas[seat]) + len(self.pending[seat]) for seat in self.seats]
        tied = [seat for seat in self.seats if counts[seat] == min(counts)]
        events = []
        self.start_rolls = []
        while len(tied) > 1:
            sums = {}
            for seat in tied:
                dice = self._roll()
                sums[seat] = sum(dice)
                self.start_rolls.append({"seat": seat, "dice": dice, "sum": sums[seat]})
                text = f"STARTROLL P{seat + 1} {' '.join(map(str, dice))} ={sums[seat]}"
                events.append(Event(text, seat=seat, dice=list(dice), sum=sums[seat]))
            tied = [seat for seat in tied if sums[seat] == max(sums.values())]
        self._set_order(tied[0])
        self.slot = 1
        self.last_turn = False
        text = f"ROUND {self.round} START=P{tied[0] + 1} DIR={self.direction.upper()}"
        events.append(Event(text, round=self.round, start=tied[0], direction=self.direction))
        return events

    def _set_order(self, start: int) -> None:
        step = -1 if self.direction == "ccw" else 1
        self.order = [(start + step * i) % self.num_players for i in range(self.num_players)]
        self.current = start

    def _flood(self) -> list[Event]:
        """R1-R4: each roll floods every tower on a card of its sector: all pyramids of the bottom
        (largest) size go back to their colour's stash. Ships are untouched."""
        events = [Event(f"FLOOD {self.round}", round=self.round)]
        rolls = []
        for _ in range(FLOOD_ROLLS[self.round]):
            dice = self._roll()
            hit_sector = flood_sector(dice)
            hits = []
            for seat, area in enumerate(self.areas):
                for spot in area:
                    if spot.tower and sector(spot.card) == hit_sector:
                        before = [str(pyramid) for pyramid in spot.tower]
                        largest = spot.tower[0].size
                        for pyramid in spot.tower:
                            if pyramid.size == largest:
                                self.stash[COLOURS.index(pyramid.colour)][largest - 1] += 1
                        spot.tower = [pyramid for pyramid in spot.tower if pyramid.size != largest]
                        after = [str(pyramid) for pyramid in spot.tower]
                        hits.append({"seat": seat, "card": str(spot.card), "before": before, "after": after})
            rolls.append({"dice": dice, "sector": hit_sector, "hits": hits})
            shown = " ".join(
                f"{hit['card']}:{tower_text(hit['before'])}->{tower_text(hit['after'])}" for hit in hits
            )
            text = f"ROLL {' '.join(map(str, dice))} ={hit_sector} {shown or '-'}"
            events.append(Event(text, dice=list(dice), sector=hit_sector, hits=_copy_flood_hits(hits)))
        self.flood = {"round": self.round, "rolls": rolls}
        return events

    # -- scoring (spec 5)

    def scoring(self) -> list[dict]:
        """Per seat: the tallest and singles bonuses, own towers of height 2+ (R20), opponents'
        towers holding the seat's colour (R21, once per tower) and the total. Any time, for tests
        and tools; the score once the round-3 flood is done."""
        towers = [(seat, spot) for seat in self.seats for spot in self.areas[seat] if spot.tower]
        tallest = max((len(spot.tower) for _, spot in towers), default=0)  # R18: none, no bonus
        singles = [sum(len(spot.tower) == 1 for spot in self.areas[seat]) for seat in self.seats]
        most_singles = max(singles)
        rows = []
        for seat in self.seats:
            colour = COLOURS[seat]
            row = {
                "tallest": TALLEST_BONUS
                if tallest and any(len(spot.tower) == tallest for owner, spot in towers if owner == seat)
                else 0,
                "singles": SINGLES_BONUS if most_singles >= 1 and singles[seat] == most_singles else 0,
                "own": [
                    {"card": str(spot.card), "points": sector(spot.card)}
                    for owner, spot in towers
                    if owner == seat and len(spot.tower) >= 2
                ],
                "colour": [
                    {"card": str(spot.card), "owner": owner, "points": sector(spot.card)}
                    for owner, spot in towers
                    if owner != seat and any(pyramid.colour == colour for pyramid in spot.tower)
                ],
            }
            row["total"] = (
                row["tallest"]
                + row["singles"]
                + sum(item["points"] for item in row["own"])
                + sum(item["points"] for item in row["colour"])
            )
            rows.append(row)
        return rows

    @property
    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        totals = [row["total"] for row in self.scoring()]
        best = max(totals)
        return Outcome(tuple(totals), tuple(seat for seat in self.seats if totals[seat] == best))  # R23

    # -- what each seat may see (everything but the deck's order)

    def resolving(self) -> Landing | None:
        """The infiltrated ship whose target, the current player, must now pick a tower for it."""
        if self.over or self.drawn is not None or not self.pending[self.current]:
            return None
        ship, sender = self.pending[self.current][0]
        towers = self.fitting_towers(self.current, ship.ship.size)
        return Landing(
            card=str(ship.card),
            sector=sector(ship.card),
            ship=str(ship.ship),
            sender=sender,
            towers=tuple(str(tower.card) for tower in towers),
        )

    def view(self, seat: int | None) -> FloodView:
        scores = [_seat_score(row, owner) for owner, row in enumerate(self.scoring())] if self.over else None
        return FloodView(
            game="flood",
            seat=seat,
            to_move=self.to_move,
            is_over=self.over,
            winners=self.outcome.winners if self.over else (),
            seats=tuple(
                FloodSeat(
                    colour=COLOURS[owner],
                    stash=tuple(self.stash[owner]),
                    cards=tuple(spot.view() for spot in self.areas[owner]),
                    pending=tuple(ship.pending_view(sender) for ship, sender in self.pending[owner]),
                    score=scores[owner] if scores else None,
                )
                for owner in self.seats
            ),
            rounds=LAST_ROUND,
            slots=SLOTS,
            card_sectors=tuple(card_sectors(self.num_players)),
            deck_count=len(self.deck),
            discard=tuple(str(card) for card in self.discard),
            discard_sectors=tuple(sector(card) for card in self.discard),
            round=self.round,
            direction=self.direction,
            order=tuple(self.order),
            start_rolls=tuple(
                StartRoll(roll["seat"], tuple(roll["dice"]), roll["sum"]) for roll in self.start_rolls
            ),
            current=self.current,
            slot=min(self.slot, SLOTS),
            last_turn=self.last_turn,
            drawn=tuple(
                DrawnCard(str(card), sector(card), from_discard) for card, from_discard in self.drawn or ()
            ),
            resolving=self.resolving(),
            legal=tuple(str(action) for action in self.legal_actions(self.current)),  # all public
            turn_log=tuple(log_entry(entry) for entry in self.previous_log + self.turn_log),
            flood=_flood_report(self.flood),
        )

    def secrets(self, seat: int) -> set[str]:
        return set()  # R24: drawn cards are public; only the deck's order is hidden, from everyone

    # -- persistence

    def to_json(self) -> dict:
        return {
            "players": self.num_players,
            "rng": self.rng.to_json(),
            "stash": [list(counts) for counts in self.stash],
            "areas": [[spot.to_json() for spot in area] for area in self.areas],
            "pending": [
                [{**ship.to_json(), "from": sender} for ship, sender in queue] for queue in self.pending
            ],
            "deck": [str(card) for card in self.deck],
            "discard": [str(card) for card in self.discard],
            "round": self.round,
            "order": list(self.order),
            "start_rolls": _copy_rolls(self.start_rolls),
            "current": self.current,
            "slot": self.slot,
            "last_turn": self.last_turn,
            "drawn": [[str(card), from_discard] for card, from_discard in self.drawn]
            if self.drawn is not None
            else None,
            "turn_log": [dict(entry) for entry in self.turn_log],
            "previous_log": [dict(entry) for entry in self.previous_log],
            "flood": _copy_flood(self.flood),
            "over": self.over,
        }

    @classmethod
    def from_json(cls, data: dict) -> FloodState:
        state = cls(num_players=data["players"], rng=Rng.from_json(data["rng"]))
        state.stash = [list(counts) for counts in data["stash"]]
        state.areas = [[Spot.from_json(spot) for spot in area] for area in data["areas"]]
        state.pending = [
            [(Spot.from_json(ship), ship["from"]) for ship in queue] for queue in data["pending"]
        ]
        state.deck = [_CARD_BY_NAME[card] for card in data["deck"]]
        state.discard = [_CARD_BY_NAME[card] for card in data["discard"]]
        state.round = data["round"]
        state.order = list(data["order"])
        state.start_rolls = _copy_rolls(data["start_rolls"])
        state.current = data["current"]
        state.slot = data["slot"]
        state.last_turn = data["last_turn"]
        state.drawn = (
            [(_CARD_BY_NAME[card], from_discard) for card, from_discard in data["drawn"]]
            if data["drawn"] is not None
            else None
        )
        state.turn_log = [dict(entry) for entry in data["turn_log"]]
        state.previous_log = [dict(entry) for entry in data["previous_log"]]
        state.flood = _copy_flood(data["flood"])
        state.over = data["over"]
        return state

    def clone(self) -> FloodState:
        """An independent copy, like `from_json(to_json())`; cards and pyramids are immutable and shared."""
        state = shallow_copy(self)
        state.rng = self.rng.copy()
        state.stash = [list(counts) for counts in self.stash]
        state.areas = [[spot.copy() for spot in area] for area in self.areas]
        state.pending = [[(ship.copy(), sender) for ship, sender in queue] for queue in self.pending]
        state.deck = list(self.deck)
        state.discard = list(self.discard)
        state.order = list(self.order)
        state.start_rolls = copy_data(self.start_rolls)
        state.drawn = list(self.drawn) if self.drawn is not None else None
        state.turn_log = copy_data(self.turn_log)
        state.previous_log = copy_data(self.previous_log)
        state.flood = copy_data(self.flood)
        return state

    def determinize(self, seat: int, seed: int) -> FloodState:
        """Only the deck's order is hidden (from everyone, R24): a clone with the deck's cards
        (known: every card not on the table) shuffled, and dice rolled, by a generator made from
        `seed` alone."""
        state = self.clone()
        rng = determinized_rng(seed)
        state.deck.sort()
        rng.shuffle(state.deck)
        state.rng = rng
        return state


# --- the game -----------------------------------------------------------------------------

_VERBS = {
    "d": "draw",
    "draw": "draw",
    "k": "keep",
    "keep": "keep",
    "s": "scrap",
    "scrap": "scrap",
    "b": "build",
    "build": "build",
    "i": "infil",
    "infil": "infil",
    "infiltrate": "infil",
    "r": "resolve",
    "resolve": "resolve",
}
_SIZE_WORDS = {"1": 1, "2": 2, "3": 3, "s": 1, "m": 2, "l": 3}


def parse_card(text: str) -> Card:
    card = Card.parse(text)
    if card.rank not in card_ranks(4):
        raise IllegalAction(
            "'{text}' is not a Martian Flood card: ranks are A and 2-10 (like 7h, Td or As).", text=text
        )
    return card


def _parse_size(text: str) -> int:
    if text.lower() not in _SIZE_WORDS:
        raise IllegalAction("'{text}' is not a size: write 1 (small), 2 (medium) or 3 (large).", text=text)
    return _SIZE_WORDS[text.lower()]


def _parse_dest(text: str) -> Card | None:
    return None if text == "^" else parse_card(text)


def _parse_seat(text: str) -> int:
    digits = text[1:] if text[:1] in ("P", "p") else text
    if digits not in ("1", "2", "3", "4"):
        raise IllegalAction("'{text}' is not a seat: write P1 to P4.", text=text)
    return int(digits) - 1


# The rules a player learns (tutorials, and their coverage test): each kind of action, the two ways
# a round ends, the flood, the game's end and each way points are scored. Passing is no topic: the
# engine passes a slot by itself when nothing is legal (R17).
TOPICS = (
    Topic("draw", "action", "§4 DRAW"),
    Topic("keep", "action", "§4 DRAW"),
    Topic("build", "action", "§4 BUILD"),
    Topic("scrap", "action", "§4 SCRAP"),
    Topic("infiltrate", "action", "§4 INFIL"),
    Topic("resolve", "action", "§4 RESOLVE, R15, R16"),
    Topic("deck-out", "ending", "§4 Round end, R9"),
    Topic("last-pyramid", "ending", "§4 Round end, R10"),
    Topic("flood", "ending", "§4 Flood, R1-R4"),
    Topic("game-end", "ending", "§5, R22, R23"),
    Topic("tallest-tower", "scoring", "§5, R18"),
    Topic("most-singles", "scoring", "§5, R19"),
    Topic("own-towers", "scoring", "§5, R20"),
    Topic("colour-bonus", "scoring", "§5, R21"),
)
_ACTION_TOPICS = {
    Draw: "draw",
    Keep: "keep",
    Build: "build",
    Scrap: "scrap",
    Infiltrate: "infiltrate",
    Resolve: "resolve",
}


def scoring_topics(breakdown: list[dict]) -> list[str]:
    """The scoring rules that paid someone points, from `FloodState.scoring()`'s rows."""
    paid = {
        "tallest-tower": any(row["tallest"] for row in breakdown),
        "most-singles": any(row["singles"] for row in breakdown),
        "own-towers": any(row["own"] for row in breakdown),
        "colour-bonus": any(row["colour"] for row in breakdown),
    }
    return [topic for topic, scored in paid.items() if scored]


class Flood(Game):
    def topics_of(self, action: FloodAction, events: list[Event]) -> list[str]:
        """The action's own kind; an infiltrated ship landing on its own (in the events when the
        turn passes to its target); a round's last turn and why; the flood; the end and its scoring."""
        topics = [_ACTION_TOPICS[type(action)]]
        for event in events:
            facts = event.facts
            if "action" in facts and facts["action"].kind == "resolve":
                topics.append("resolve")
            elif event.kind == "LAST":
                topics += ["deck-out"] if facts["deck_empty"] else []
                topics += ["last-pyramid"] if facts["stash_empty"] else []
            elif event.kind == "FLOOD":
                topics.append("flood")
            elif event.kind == "SCORE":
                topics += ["game-end", *scoring_topics(facts["breakdown"])]
        return list(dict.fromkeys(topics))

    def marks(self, state: FloodState, seat: int, action: FloodAction) -> LoggedAction:
        """The action shaped like the view's turn log entries: who, which slot, the notation and its
        facts (the cards, sizes and seat it names). A keep is its own entry (the log writes it with
        its draw): the drawn cards are in the view's `drawn` already."""
        return log_entry({"seat": seat, "slot": state.slot, "text": str(action)})

    def new(self, num_players: int, seed: int, options: dict | None = None) -> FloodState:
        self.check_players(num_players)
        self.resolve_options(options)
        rng = Rng(seed)
        state = FloodState(num_players=num_players, rng=rng)
        state.deck = full_deck(num_players)
        rng.shuffle(state.deck)
        state._start_round()
        state._advance()
        return state

    def from_json(self, data: dict) -> FloodState:
        return FloodState.from_json(data)

    def parse_action(self, text: str) -> FloodAction:
        """Reads the notation (`D`, `K 7h 2`, `S 7h:^ 9d:7h`, `B 1 9d`, `I 6s P2`, `R 6s 3c`) in any
        case, the words too (`keep 7h 2`, `scrap 7h ^ 9d 7h`, `infil 6s P2`), and 10 for T."""
        words = text.replace(":", " ").split()
        if not words:
            raise IllegalAction("Write an action: {actions} or {last}.", **ACTION_EXAMPLES)
        verb, args = _VERBS.get(words[0].lower()), words[1:]
        if verb == "draw" and not args:
            return Draw()
        if verb == "keep" and len(args) == 2:
            return Keep(parse_card(args[0]), _parse_size(args[1]))
        if verb == "scrap" and len(args) == 4:
            return Scrap(
                ShipMove(parse_card(args[0]), _parse_dest(args[1])),
                ShipMove(parse_card(args[2]), _parse_dest(args[3])),
            )
        if verb == "build" and len(args) == 2:
            return Build(_parse_size(args[0]), parse_card(args[1]))
        if verb == "infil" and len(args) == 2:
            return Infiltrate(parse_card(args[0]), _parse_seat(args[1]))
        if verb == "resolve" and len(args) == 2:
            return Resolve(parse_card(args[0]), _parse_dest(args[1]))
        raise IllegalAction(
            "'{text}' is not a Martian Flood action: write {actions} or {last}.",
            text=text.strip(),
            **ACTION_EXAMPLES,
        )


FLOOD = Flood(id="flood", title="Martian Flood", min_players=3, max_players=4, options=(), topics=TOPICS)


# --- positions for tests and tools ------------------------------------------------------------


def _parse_spot(token: str) -> Spot:
    """`9d[R2,R1]` a tower, `7h=R3` a ship, `4c` or `4c[]` an empty card."""
    if "=" in token:
        card, ship = token.split("=", 1)
        return Spot(parse_card(card), ship=Pyramid.parse(ship))
    card, _, rest = token.partition("[")
    tower = [Pyramid.parse(text) for text in rest.rstrip("]").split(",") if text]
    if any(upper.size > lower.size for lower, upper in pairwise(tower)):
        raise ValueError(f"{token}: towers never get larger going up")
    return Spot(parse_card(card), tower=tower)


def position(
    num_players: int,
    *,
    areas: dict[int, str] | None = None,
    pending: dict[int, str] | None = None,
    stashes: dict[int, tuple[int, int, int]] | None = None,
    deck: str | None = None,
    discard: str = "",
    round_number: int = 1,
    current: int = 0,
    start: int | None = None,
    slot: int = 1,
    last_turn: bool = False,
    drawn: str | None = None,
    rng=None,
) -> FloodState:
    """A state from a compact description, for tests and tools. Seats are 0-based.

    areas: seat -> cards in play, e.g. "9d[R2,R1] 4c[R3] 7h=R3 2s" (a tower, a tower, a ship, an
    empty card). pending: seat -> infiltrated ships, oldest first, e.g. "6s=R2<P1". stashes: seat
    -> (small, medium, large); by default 5 of each minus that colour's pyramids on the table.
    deck: top card first; by default every card not on the table, in a fixed order. discard:
    bottom -> top. The round's turn order runs from `start` (default `current`). drawn: cards
    awaiting the keep choice, `*` marking one from the discard pile. Anything then automatic
    (forced resolutions, passes, round ends, with `rng`, default Rng(0)) happens silently.
    """
    state = FloodState(num_players=num_players, rng=rng if rng is not None else Rng(0))
    for seat, text in (areas or {}).items():
        state.areas[seat] = [_parse_spot(token) for token in text.split()]
    for seat, text in (pending or {}).items():
        for token in text.split():
            ship, _, sender = token.partition("<")
            state.pending[seat].append((_parse_spot(ship), _parse_seat(sender)))
    drawn_cards = [(parse_card(token.rstrip("*")), token.endswith("*")) for token in (drawn or "").split()]
    state.discard = [parse_card(token) for token in discard.split()]
    on_table = [spot.card for area in state.areas for spot in area]
    on_table += [ship.card for queue in state.pending for ship, _ in queue]
    used = on_table + state.discard + [card for card, _ in drawn_cards]
    if deck is None:
        state.deck = [card for card in full_deck(num_players) if card not in used]
    else:
        state.deck = [parse_card(token) for token in deck.split()]
    every_card = used + state.deck
    if len(set(every_card)) != len(every_card) or not set(every_card) <= set(full_deck(num_players)):
        raise ValueError("each card of this player count's deck may appear once")
    pyramids = [
        p for area in state.areas for spot in area for p in ([spot.ship] if spot.ship else spot.tower)
    ]
    pyramids += [ship.ship for queue in state.pending for ship, _ in queue]
    for seat in state.seats:
        if seat in (stashes or {}):
            state.stash[seat] = list(stashes[seat])
        else:
            state.stash[seat] = [
                PER_SIZE - sum(p == Pyramid(COLOURS[seat], size) for p in pyramids) for size in SIZES
            ]
    if any(p.colour not in COLOURS[:num_players] for p in pyramids) or min(min(s) for s in state.stash) < 0:
        raise ValueError("more pyramids of a colour than its player has, or a colour not in the game")
    state.round = round_number
    state._set_order(current if start is None else start)
    state.current, state.slot, state.last_turn = current, slot, last_turn
    state.drawn = drawn_cards or None
    state._advance()
    return state
