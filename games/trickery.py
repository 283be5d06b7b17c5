"""Martian Trickery (Joss Ives): trick-taking for 3-4 players, winning pyramids as prizes.

Implements shared/rules/trickery.md, rulings R1-R21. Seats are 0-based here; the notation's
P1..P4 are seats 0..3. Play runs clockwise, which is increasing seat number.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from .core import (
    Event,
    Game,
    IllegalAction,
    Option,
    Outcome,
    Rng,
    Topic,
    View,
    copy_data,
    determinized_rng,
    shallow_copy,
)
from .pieces import SUITS, Card, Pyramid, deck, hand_order

TRICKS_PER_HAND = 12
MIN_HANDS = 4  # R16
THREE_PENALTIES_BONUS = 21  # R14

# Colour codes of each pyramid set: (point colours, penalty colour). One transparent nest of the
# Treehouse set is left out (R18); which one has no effect on play, so it is fixed here.
PYRAMID_SETS = {
    "rainbow": ("RGB", "K"),  # yellow set aside
    "xeno": ("OCP", "W"),  # clear set aside
    "mono": ("WWW", "K"),  # variant V1: three point nests of one colour, one penalty nest
}


@dataclass(frozen=True)
class Lead:
    """The leader names the prize and plays the first card in one action (R4).

    `prize` is None only in the last trick, where the single pyramid left is implied.
    """

    prize: Pyramid | None
    card: Card

    def __str__(self) -> str:
        return f"L {self.prize} {self.card}" if self.prize else f"L {self.card}"


@dataclass(frozen=True)
class Follow:
    card: Card

    def __str__(self) -> str:
        return str(self.card)


TrickeryAction = Lead | Follow


def seat_name(seat: int) -> str:
    return f"P{seat + 1}"


# --- what a seat may see ---------------------------------------------------------------------


@dataclass(frozen=True)
class Play:
    """One card played to a trick, by `seat`."""

    seat: int
    card: str


@dataclass(frozen=True)
class Trick:
    """A trick: its leader, the prize at stake (None before the lead), the cards in play order, and
    the seat that takes it (while it is played: as it stands; None before the lead)."""

    leader: int
    prize: str | None
    plays: tuple[Play, ...]
    winner: int | None
    over: bool = False  # finished: the table shows it (faded) until the next lead


@dataclass(frozen=True)
class Nest:
    """One nest of the set in the pool: its colour, and whether its small, medium and large
    pyramids are still on offer (the prize at stake is not: it stands on the table)."""

    colour: str
    left: tuple[bool, bool, bool]


@dataclass(frozen=True)
class TrickerySeat:
    """What the table knows of one seat."""

    total: int  # the match's score so far
    cards_left: int
    taken: tuple[str, ...]  # this hand's pyramids (at the end: the last hand's), in the set's order


@dataclass(frozen=True)
class Marks:
    """A suggested move to mark: the card and, for a lead, the prize it puts at stake."""

    card: str
    prize: str | None = None


@dataclass(frozen=True, kw_only=True)
class TrickeryView(View):
    """The public view: everything but the hands. Pyramids are codes ("R3"), cards notation ("Qd")."""

    num_players: int
    nests: tuple[str, ...]  # one colour per nest of the set, the penalty nest last: the set's order
    penalty_colour: str
    hand_number: int
    trick_number: int
    tricks_per_hand: int
    dealer: int
    seats: tuple[TrickerySeat, ...]
    hand_scores: tuple[tuple[int, ...], ...]  # one row per finished hand, a score per seat
    pool: tuple[str, ...]  # the pyramids on offer (not the prize at stake), in the set's order
    pool_nests: tuple[Nest, ...]  # the same, nest by nest, as the pool is pictured
    spades_broken: bool
    trick: Trick  # the trick being played (no plays yet: waiting for its lead)
    table: Trick  # the trick on the table: this one, or before the next lead the last one (`over`)


@dataclass(frozen=True, kw_only=True)
class TrickerySeatView(TrickeryView):
    """A seat's own view: the public one and the seat's hand."""

    hand: tuple[str, ...]  # in the order a player holds them
    legal: tuple[str, ...]  # the cards it may play now (none while it waits), in the hand's order
    must_follow: bool  # the trick has been led and the seat holds the suit led (R5)


def _trick(leader: int, prize: str | None, plays, winner: int | None, *, over: bool = False) -> Trick:
    return Trick(leader, prize, tuple(Play(seat, str(card)) for seat, card in plays), winner, over)


# --- scoring (spec section 5) ---------------------------------------------------------------


# The groups pyramids score in (R9-R11): the ids of the rules topics that teach them.
SINGLE = "single"
SIZE_TRIPLE = "size-triple"
MIXED_TREE = "mixed-tree"
COLOUR_TREE = "colour-tree"


def _group(a: Pyramid, b: Pyramid, c: Pyramid, mono_variant: bool) -> tuple[int, str] | None:
    """What three pyramids are worth together, and which group they make; None: no group."""
    sizes = {a.size, b.size, c.size}
    if len(sizes) == 1:
        return 7, SIZE_TRIPLE  # any colours (R9)
    if sizes == {1, 2, 3}:
        if len({a.colour, b.colour, c.colour}) == 1 and not mono_variant:
            return 7, COLOUR_TREE
        return 5, MIXED_TREE  # not all one colour (R10), or any tree in variant V1
    return None


@cache
def _best_grouping(pyramids: tuple[Pyramid, ...], mono_variant: bool) -> tuple[int, tuple[str, ...]]:
    """B(X): the best total over all ways to split the pyramids into groups (R11), and the groups
    of one such split (the first found, so always the same)."""
    if not pyramids:
        return 0, ()
    first, rest = pyramids[0], pyramids[1:]
    value, groups = _best_grouping(rest, mono_variant)
    best = (1 + value, (SINGLE, *groups))
    for i, j in combinations(range(len(rest)), 2):
        group = _group(first, rest[i], rest[j], mono_variant)
        if group is not None:
            remaining = tuple(p for k, p in enumerate(rest) if k not in (i, j))
            value, groups = _best_grouping(remaining, mono_variant)
            if group[0] + value > best[0]:
                best = (group[0] + value, (group[1], *groups))
    return best


def base_value(points: list[Pyramid], mono_variant: bool = False) -> int:
    return _best_grouping(tuple(sorted(points)), mono_variant)[0]


def scored_groups(
    points: list[Pyramid], penalties: list[Pyramid], mono_variant: bool = False
) -> tuple[str, ...]:
    """The groups the pyramids that count for the hand score in (`hand_score`'s grouping)."""
    return _best_grouping(tuple(sorted(_counted(points, penalties))), mono_variant)[1]


def _counted(points: list[Pyramid], penalties: list[Pyramid]) -> list[Pyramid]:
    """The point pyramids that count: with one penalty pyramid, not those of its size (R12)."""
    if len(penalties) == 1:
        size = penalties[0].size
        return [p for p in points if p.size != size]
    return points


def hand_score(points: list[Pyramid], penalties: list[Pyramid], mono_variant: bool = False) -> int:
    """One player's score for a hand, from the point and penalty pyramids they took."""
    value = base_value(_counted(points, penalties), mono_variant)
    if len(penalties) == 2:  # R13
        return -value
    if len(penalties) == 3:  # R14
        return THREE_PENALTIES_BONUS + value
    return value


def trick_winner(plays: list[tuple[int, Card]]) -> int:
    """The seat whose card wins: the highest spade if any, else the highest of the lead suit."""
    lead_suit = plays[0][1].suit
    trump = [(card.rank, seat) for seat, card in plays if card.suit == "s"]
    if trump:
        return max(trump)[1]
    return max((card.rank, seat) for seat, card in plays if card.suit == lead_suit)[1]


def _refuse_other_suit(lead_suit: str) -> None:
    """Refuse a card that doesn't follow `lead_suit`: one whole sentence per suit, so that each
    can be said in another language."""
    if lead_suit == "c":
        raise IllegalAction("You must follow suit: play one of your clubs.")
    if lead_suit == "d":
        raise IllegalAction("You must follow suit: play one of your diamonds.")
    if lead_suit == "h":
        raise IllegalAction("You must follow suit: play one of your hearts.")
    raise IllegalAction("You must follow suit: play one of your spades.")


# --- the state ------------------------------------------------------------------------------


class TrickeryState:
    def __init__(self, *, num_players: int, options: dict, rng: Rng, dealer: int) -> None:
        self.num_players = num_players
        self.options = options
        self.rng = rng
        self.dealer = dealer
        self.hand_number = 0
        self.totals = [0] * num_players
        self.hand_scores: list[list[int]] = []  # one row per finished hand
        self.hands: list[list[Card]] = [[] for _ in range(num_players)]
        self.taken: list[list[Pyramid]] = [[] for _ in range(num_players)]
        self.pool: list[Pyramid] = []
        self.spades_broken = False
        self.leader = 0
        self.prize: Pyramid | None = None
        self.plays: list[tuple[int, Card]] = []
        self.done_tricks: list[dict] = []  # this hand's finished tricks, public (R20)
        self.last_hand: dict | None = None  # what each seat took and scored in the previous hand
        self.winners: tuple[int, ...] | None = None

    # -- setup

    @property
    def point_colours(self) -> str:
        return PYRAMID_SETS[self.options["pyramids"]][0]

    @property
    def penalty_colour(self) -> str:
        return PYRAMID_SETS[self.options["pyramids"]][1]

    @property
    def mono_variant(self) -> bool:
        return self.options["pyramids"] == "mono"

    def _all_pyramids(self) -> list[Pyramid]:
        colours = self.point_colours + self.penalty_colour
        return sorted(Pyramid(colour, size) for colour in colours for size in (1, 2, 3))

    def _deal(self) -> list[str]:
        """Start the next hand: reset the pool (R15), shuffle and deal everything (R3)."""
        self.hand_number += 1
        self.pool = self._all_pyramids()
        self.taken = [[] for _ in range(self.num_players)]
        self.spades_broken = False
        self.done_tricks = []
        ranks = range(6, 15) if self.num_players == 3 else range(3, 15)
        cards = deck(ranks)
        self.rng.shuffle(cards)
        self.hands = [[] for _ in range(self.num_players)]
        for i, card in enumerate(cards):
            self.hands[(self.dealer + 1 + i) % self.num_players].append(card)
        self.leader = (self.dealer + 1) % self.num_players
        self.prize = None
        self.plays = []
        return [
            Event(
                f"HAND {self.hand_number} D={seat_name(self.dealer)}",
                number=self.hand_number,
                dealer=self.dealer,
            )
        ]

    # -- protocol

    @property
    def is_over(self) -> bool:
        return self.winners is not None

    @property
    def outcome(self) -> Outcome | None:
        if self.winners is None:
            return None
        return Outcome(tuple(self.totals), self.winners)

    @property
    def trick_number(self) -> int:
        return len(self.done_tricks) + 1

    @property
    def current_seat(self) -> int:
        return (self.leader + len(self.plays)) % self.num_players

    @property
    def order_free(self) -> bool:
        return False  # every decision follows the previous one

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.is_over else (self.current_seat,)

    def legal_cards(self, seat: int) -> list[Card]:
        """The cards `seat` may play now, leading or following."""
        hand = self.hands[seat]
        if not self.plays:
            if self.spades_broken or all(card.suit == "s" for card in hand):
                return list(hand)  # R6: a hand of only spades may lead one
            return [card for card in hand if card.suit != "s"]
        lead_suit = self.plays[0][1].suit
        following = [card for card in hand if card.suit == lead_suit]
        return following or list(hand)

    def legal_actions(self, seat: int) -> list[TrickeryAction]:
        if seat not in self.to_move:
            return []
        cards = self.legal_cards(seat)
        if self.plays:
            return [Follow(card) for card in cards]
        if len(self.pool) == 1:
            return [Lead(None, card) for card in cards]
        return [Lead(prize, card) for prize in sorted(set(self.pool)) for card in cards]

    def apply(self, seat: int, action: TrickeryAction) -> list[str]:
        if self.is_over:
            raise IllegalAction("This match is already over.")
        if seat != self.current_seat:
            raise IllegalAction("It is {seat}'s turn, not yours.", seat=seat_name(self.current_seat))
        if not self.plays:
            prize = self._check_lead(seat, action)
            self.prize = prize
        else:
            self._check_follow(seat, action)
        card = action.card
        events = []
        if self.plays and card.suit == "s" and self.plays[0][1].suit != "s" and not self.spades_broken:
            self.spades_broken = True  # R7: any trump breaks spades, winning or not
            events.append(Event("BROKEN"))
        self.hands[seat].remove(card)
        self.plays.append((seat, card))
        if len(self.plays) == self.num_players:
            events += self._finish_trick()
        return events

    def _check_lead(self, seat: int, action: TrickeryAction) -> Pyramid:
        if not isinstance(action, Lead):
            raise IllegalAction("You are leading this trick: choose a prize pyramid and a card.")
        prize = action.prize
        if len(self.pool) == 1:
            if prize is not None and prize != self.pool[0]:
                raise IllegalAction(
                    "Only {pyramid} is left; it is the prize of the last trick.", pyramid=str(self.pool[0])
                )
            prize = self.pool[0]
        elif prize is None:
            raise IllegalAction("Choose a prize pyramid from the pool before leading.")
        elif prize not in self.pool:
            raise IllegalAction("{pyramid} is not in the pool.", pyramid=str(prize))
        self._check_card(seat, action.card)
        return prize

    def _check_follow(self, seat: int, action: TrickeryAction) -> None:
        if not isinstance(action, Follow):
            raise IllegalAction("This trick has already been led: play a card.")
        self._check_card(seat, action.card)

    def _check_card(self, seat: int, card: Card) -> None:
        if card not in self.hands[seat]:
            raise IllegalAction("{card} is not in your hand.", card=card.label)
        if card not in self.legal_cards(seat):
            if not self.plays:
                raise IllegalAction("Spades are not broken yet: lead a card of another suit.")
            _refuse_other_suit(self.plays[0][1].suit)

    def _finish_trick(self) -> list[str]:
        winner = trick_winner(self.plays)
        self.taken[winner].append(self.prize)
        self.pool.remove(self.prize)
        self.done_tricks.append(
            {
                "leader": self.leader,
                "prize": str(self.prize),
                "plays": [[seat, str(card)] for seat, card in self.plays],
                "winner": winner,
            }
        )
        events = [Event(f"WIN {seat_name(winner)} {self.prize}", seat=winner, prize=str(self.prize))]
        self.leader = winner
        self.prize = None
        self.plays = []
        if len(self.done_tricks) == TRICKS_PER_HAND:
            events += self._finish_hand()
        return events

    def _finish_hand(self) -> list[str]:
        events = []
        scores = []
        for seat in range(self.num_players):
            points = [p for p in self.taken[seat] if p.colour != self.penalty_colour]
            penalties = [p for p in self.taken[seat] if p.colour == self.penalty_colour]
            score = hand_score(points, penalties, self.mono_variant)
            scores.append(score)
            self.totals[seat] += score
            events.append(
                Event(
                    f"SCORE {seat_name(seat)} {score:+d} ={self.totals[seat]}",
                    seat=seat,
                    score=score,
                    total=self.totals[seat],
                    penalties=len(penalties),
                    groups=scored_groups(points, penalties, self.mono_variant),
                )
            )
        self.hand_scores.append(scores)
        self.last_hand = {"taken": [[str(p) for p in taken] for taken in self.taken], "scores": scores}
        top = max(self.totals)
        leaders = [seat for seat, total in enumerate(self.totals) if total == top]
        if self.hand_number >= MIN_HANDS and len(leaders) == 1:  # R16, R17
            self.winners = (leaders[0],)
            return [*events, Event(f"WINNER {seat_name(leaders[0])}", seat=leaders[0])]
        self.dealer = (self.dealer + 1) % self.num_players
        return events + self._deal()

    # -- what each seat may see

    def view(self, seat: int | None) -> TrickeryView:
        nests = self.point_colours + self.penalty_colour
        on_offer = list(self.pool)
        if self.prize is not None:
            on_offer.remove(self.prize)
        trick = _trick(
            self.leader,
            str(self.prize) if self.prize else None,
            self.plays,
            trick_winner(self.plays) if self.plays else None,  # who takes it as it stands
        )
        table = trick
        if not self.plays and self.done_tricks:
            last = self.done_tricks[-1]
            table = _trick(last["leader"], last["prize"], last["plays"], last["winner"], over=True)
        public = {
            "game": "trickery",
            "seat": seat,
            "to_move": self.to_move,
            "is_over": self.is_over,
            "winners": self.winners or (),
            "num_players": self.num_players,
            "nests": tuple(nests),
            "penalty_colour": self.penalty_colour,
            "hand_number": self.hand_number,
            "trick_number": min(self.trick_number, TRICKS_PER_HAND),
            "tricks_per_hand": TRICKS_PER_HAND,
            "dealer": self.dealer,
            "seats": tuple(
                TrickerySeat(total, len(hand), self._in_set_order(taken))
                for total, hand, taken in zip(self.totals, self.hands, self.taken, strict=True)
            ),
            "hand_scores": tuple(tuple(row) for row in self.hand_scores),
            "pool": self._in_set_order(on_offer),
            "pool_nests": _pool_nests(nests, on_offer),
            "spades_broken": self.spades_broken,
            "trick": trick,
            "table": table,
        }
        if seat is None:
            return TrickeryView(**public)
        by_suit = sorted(self.hands[seat], key=hand_order)  # the order a player would hold them
        legal = set(self.legal_cards(seat)) if seat in self.to_move else set()
        return TrickerySeatView(
            **public,
            hand=tuple(str(card) for card in by_suit),
            legal=tuple(str(card) for card in by_suit if card in legal),
            must_follow=bool(self.plays) and any(card.suit == self.plays[0][1].suit for card in by_suit),
        )

    def _in_set_order(self, pyramids: list[Pyramid]) -> tuple[str, ...]:
        """Pyramids' codes as the pictures set them out: nest by nest (penalty last), small to large."""
        nests = self.point_colours + self.penalty_colour
        return tuple(str(p) for p in sorted(pyramids, key=lambda p: (nests.index(p.colour), p.size)))

    def secrets(self, seat: int) -> set[str]:
        return {str(card) for card in self.hands[seat]}

    # -- persistence

    def to_json(self) -> dict:
        return {
            "num_players": self.num_players,
            "options": dict(self.options),
            "rng": self.rng.to_json(),
            "dealer": self.dealer,
            "hand_number": self.hand_number,
            "totals": list(self.totals),
            "hand_scores": [list(row) for row in self.hand_scores],
            "last_hand": self.last_hand,
            "hands": [[str(card) for card in hand] for hand in self.hands],
            "taken": [[str(p) for p in taken] for taken in self.taken],
            "pool": [str(p) for p in self.pool],
            "spades_broken": self.spades_broken,
            "leader": self.leader,
            "prize": str(self.prize) if self.prize else None,
            "plays": [[seat, str(card)] for seat, card in self.plays],
            "done_tricks": [dict(trick) for trick in self.done_tricks],
            "winners": list(self.winners) if self.winners is not None else None,
        }

    @classmethod
    def from_json(cls, data: dict) -> TrickeryState:
        state = cls(
            num_players=data["num_players"],
            options=dict(data["options"]),
            rng=Rng.from_json(data["rng"]),
            dealer=data["dealer"],
        )
        state.hand_number = data["hand_number"]
        state.totals = list(data["totals"])
        state.hand_scores = [list(row) for row in data["hand_scores"]]
        state.last_hand = data["last_hand"]
        state.hands = [[Card.parse(c) for c in hand] for hand in data["hands"]]
        state.taken = [[Pyramid.parse(p) for p in taken] for taken in data["taken"]]
        state.pool = [Pyramid.parse(p) for p in data["pool"]]
        state.spades_broken = data["spades_broken"]
        state.leader = data["leader"]
        state.prize = Pyramid.parse(data["prize"]) if data["prize"] else None
        state.plays = [(seat, Card.parse(card)) for seat, card in data["plays"]]
        state.done_tricks = [dict(trick) for trick in data["done_tricks"]]
        state.winners = tuple(data["winners"]) if data["winners"] is not None else None
        return state

    def clone(self) -> TrickeryState:
        """An independent copy, like `from_json(to_json())`; cards and pyramids are immutable and shared."""
        state = shallow_copy(self)
        state.options = dict(self.options)
        state.rng = self.rng.copy()
        state.totals = list(self.totals)
        state.hand_scores = copy_data(self.hand_scores)
        state.last_hand = copy_data(self.last_hand)
        state.hands = [list(hand) for hand in self.hands]
        state.taken = [list(taken) for taken in self.taken]
        state.pool = list(self.pool)
        state.plays = list(self.plays)
        state.done_tricks = copy_data(self.done_tricks)
        return state

    # -- determinization

    def voids(self) -> list[set[str]]:
        """The suits each seat is known to lack this hand, from the tricks played (all public):
        it didn't follow one when it had to (R5), or it led a spade before spades were broken,
        which only a hand of nothing but spades may do (R6)."""
        void: list[set[str]] = [set() for _ in range(self.num_players)]
        broken = False
        tricks = [
            [(seat, _CARD_BY_NAME[card]) for seat, card in trick["plays"]] for trick in self.done_tricks
        ]
        for plays in (*tricks, self.plays):
            if not plays:
                continue
            leader, lead = plays[0]
            if lead.suit == "s" and not broken:
                void[leader].update("cdh")
            for seat, card in plays[1:]:
                if card.suit != lead.suit:
                    void[seat].add(lead.suit)
                    if card.suit == "s":
                        broken = True  # R7, as `apply` does
        return void

    def determinize(self, seat: int, seed: int) -> TrickeryState:
        """A clone in which the cards `seat` can't see (every card of this hand's deck neither in
        its hand nor played) are dealt again at random to the other seats, as many as each holds
        and none of a suit it is known to lack (`voids`), and later hands are shuffled by a
        generator made from `seed` alone. Every hand is put in display order."""
        state = self.clone()
        rng = determinized_rng(seed)
        state.rng = rng
        if self.is_over:
            return state
        seen = set(self.hands[seat])
        seen.update(card for _, card in self.plays)
        seen.update(_CARD_BY_NAME[card] for trick in self.done_tricks for _, card in trick["plays"])
        unknown = [card for card in _DECKS[self.num_players] if card not in seen]  # a fixed order
        others = [other for other in range(self.num_players) if other != seat]
        needs = [len(self.hands[other]) for other in others]
        void = self.voids()
        allowed = [frozenset(SUITS) - void[other] for other in others]
        dealt = _deal_respecting(unknown, needs, allowed, rng)
        for other, hand in zip(others, dealt, strict=True):
            state.hands[other] = hand
        for hand in state.hands:
            hand.sort(key=hand_order)
        return state


def _pool_nests(nests: str, on_offer: list[Pyramid]) -> tuple[Nest, ...]:
    """Each nest of the set (`nests`: a colour per nest) with the sizes still on offer; where the
    set has two nests of a colour, the first is filled first."""
    left = Counter(on_offer)
    seen: Counter[str] = Counter()
    pool = []
    for colour in nests:
        index = seen[colour]
        seen[colour] += 1
        pool.append(Nest(colour, tuple(left[Pyramid(colour, size)] > index for size in (1, 2, 3))))
    return tuple(pool)


def _deal_respecting(
    cards: list[Card], needs: list[int], allowed: list[frozenset[str]], rng: Rng
) -> list[list[Card]]:
    """Deal `cards` at random into hands of the sizes `needs`, each only of its `allowed` suits.
    Without restrictions, shuffle and deal in order. Else card by card to a seat drawn in
    proportion to the room it has left (which, unrestricted, is a uniform deal too), among those
    that leave the rest dealable."""
    hands: list[list[Card]] = [[] for _ in needs]
    restricted = sorted(
        frozenset(SUITS) - frozenset.intersection(*allowed)
    )  # suits some seat is known to lack
    if not restricted:
        cards = list(cards)
        rng.shuffle(cards)
        start = 0
        for hand, need in zip(hands, needs, strict=True):
            hand.extend(cards[start : start + need])
            start += need
        return hands
    # Hall's condition: every set of suits has no more cards left than the seats that may hold
    # any of them have room for. A set with a suit every seat may hold always passes (the room
    # adds up to the cards left), so only sets of restricted suits need checking.
    checks = [
        (suits, [index for index, ok in enumerate(allowed) if ok & suits])
        for size in range(1, len(restricted) + 1)
        for suits in map(frozenset, combinations(restricted, size))
    ]
    left = dict.fromkeys(restricted, 0)
    for card in cards:
        if card.suit in left:
            left[card.suit] += 1
    room = list(needs)
    seats = range(len(needs))
    for card in cards:
        if card.suit in left:
            left[card.suit] -= 1
        candidates = [index for index in seats if room[index] and card.suit in allowed[index]]
        while len(candidates) > 1:
            pick = rng.below(sum(room[index] for index in candidates))
            for index in candidates:
                pick -= room[index]
                if pick < 0:
                    break
            room[index] -= 1
            fits = all(
                sum(left[suit] for suit in suits) <= sum(room[other] for other in holders)
                for suits, holders in checks
            )
            room[index] += 1
            if fits:
                break
            candidates.remove(index)
        else:
            index = candidates[0]  # the only seat left, so the one the rest can be dealt around
        hands[index].append(card)
        room[index] -= 1
    return hands


_CARD_BY_NAME = {str(card): card for card in deck(range(2, 15))}
_DECKS = {3: deck(range(6, 15)), 4: deck(range(3, 15))}  # the cards dealt, by player count (R1)


# The rules a player learns, as `topics_of` reports them (spec sections and rulings).
TOPICS = (
    Topic("lead", "action", "§4"),
    Topic("last-lead", "action", "§4 E7"),
    Topic("follow", "action", "§4"),
    Topic("break-spades", "action", "§4 R7"),
    Topic("trick-won", "scoring", "§4"),
    Topic(SINGLE, "scoring", "§5"),
    Topic(SIZE_TRIPLE, "scoring", "§5 R9"),
    Topic(MIXED_TREE, "scoring", "§5 R10"),
    Topic(COLOUR_TREE, "scoring", "§5"),
    Topic("one-penalty", "scoring", "§5 R12"),
    Topic("two-penalties", "scoring", "§5 R13"),
    Topic("three-penalties", "scoring", "§5 R14"),
    Topic("game-end", "ending", "§5 R16 R17"),
)
PENALTY_TOPICS = {1: "one-penalty", 2: "two-penalties", 3: "three-penalties"}


def action_topic(action: TrickeryAction) -> str:
    """The topic of an action's own kind: a lead naming its prize, the last trick's lead, a card followed."""
    if isinstance(action, Follow):
        return "follow"
    return "lead" if action.prize else "last-lead"


class Trickery(Game):
    def topics_of(self, action: TrickeryAction, events: list[str]) -> list[str]:
        """The action's kind, then what its events show: spades broken, a trick won, and at the
        end of a hand each group and penalty rule any seat's score used, then the match's end."""
        topics = [action_topic(action)]
        for event in events:
            if event.kind == "BROKEN":
                topics.append("break-spades")
            elif event.kind == "WIN":
                topics.append("trick-won")
            elif event.kind == "SCORE":
                topics.extend(event.facts["groups"])
                if event.facts["penalties"]:
                    topics.append(PENALTY_TOPICS[event.facts["penalties"]])
            elif event.kind == "WINNER":
                topics.append("game-end")
        return list(dict.fromkeys(topics))

    def marks(self, state: TrickeryState, seat: int, action: TrickeryAction) -> Marks:
        """The card to play (from `seat`'s hand) and, for a lead, the prize it puts at stake (in the
        last trick the one pyramid left), as the view's trick names them."""
        if isinstance(action, Follow):
            return Marks(str(action.card))
        return Marks(str(action.card), str(action.prize or state.pool[0]))

    def new(self, num_players: int, seed: int, options: dict | None = None) -> TrickeryState:
        self.check_players(num_players)
        options = self.resolve_options(options)
        rng = Rng(seed)
        first_dealer = options["first_dealer"]
        if first_dealer == "random":
            dealer = rng.below(num_players)  # R2
        elif first_dealer > num_players:
            raise IllegalAction(
                "There is no P{number} in a {players}-player game.", number=first_dealer, players=num_players
            )
        else:
            dealer = first_dealer - 1
        state = TrickeryState(num_players=num_players, options=options, rng=rng, dealer=dealer)
        state._deal()
        return state

    def from_json(self, data: dict) -> TrickeryState:
        return TrickeryState.from_json(data)

    def parse_action(self, text: str) -> TrickeryAction:
        """Reads `L K2 Qd`, `L 9c` (last trick), `Kd`, and the typed forms `lead K2 Qd`, `play Kd`.

        A leading seat (`P2 L K2 Qd`, as in the match log) is accepted and ignored.
        """
        words = text.split()
        if words and len(words[0]) == 2 and words[0][0] in "pP" and words[0][1].isdigit():
            words = words[1:]
        if not words:
            raise IllegalAction("Write a card to play, like `play 7h`, or `lead K2 Qd` to lead.")
        command = words[0].lower()
        if command in ("l", "lead") and len(words) in (2, 3):
            prize = Pyramid.parse(words[1]) if len(words) == 3 else None
            return Lead(prize, Card.parse(words[-1]))
        if command == "play" and len(words) == 2:
            return Follow(Card.parse(words[1]))
        if len(words) == 1:
            return Follow(Card.parse(words[0]))
        raise IllegalAction("'{text}' is not a Trickery action: try `play 7h` or `lead K2 Qd`.", text=text)


TRICKERY = Trickery(
    id="trickery",
    title="Martian Trickery",
    min_players=3,
    max_players=4,
    topics=TOPICS,
    options=(
        Option(
            "pyramids",
            "rainbow",
            ("rainbow", "xeno", "mono"),
            description="Which pyramids: a Rainbow or Xeno Treehouse, or two monochrome stashes (variant V1).",
            labels=("Rainbow Treehouse", "Xeno Treehouse", "Two monochrome stashes (variant)"),
        ),
        Option(
            "first_dealer",
            "random",
            ("random", 1, 2, 3, 4),
            description="Who deals the first hand: random, or a seat number (P1 is the host).",
            labels=("Random", "P1 (the host)", "P2", "P3", "P4"),
        ),
    ),
)
