"""A compact, fully known Trickery hand for the computer's search: one sampled deal.

Cards are bits of an int (bit 16 * suit + rank, suits in the order c d h s, so within a suit a
higher bit is a higher card); a hand is a mask of such bits. The 12 pyramids are indices 0..11;
the pool and each seat's takings are masks of them. Everything here is built from a determinized
state (`state.determinize(seat, seed)`), so it holds only what the deciding seat may know plus
one guess at the rest.

It offers what the player needs: legal moves, playing a card, a fast rule-of-thumb play-out to the
end of the hand, and an exact max-n solver for the last few tricks.
"""

from __future__ import annotations

import math

from games import trickery as rules
from games.pieces import SUITS, Card

SPADE = SUITS.index("s")
SUIT_MASKS = [0xFFFF << (16 * suit) for suit in range(4)]
SPADES = SUIT_MASKS[SPADE]
NOT_SPADES = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2]


def card_bit(card: Card) -> int:
    return 16 * SUITS.index(card.suit) + card.rank


def bit_card(bit: int) -> Card:
    return Card(bit & 15, SUITS[bit >> 4])


def bits(mask: int):
    """The set bits of `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def highest(mask: int) -> int:
    return mask.bit_length() - 1


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def lowest_rank(mask: int) -> int:
    """The lowest-ranked card of `mask`, preferring any non-spade (a spade is worth keeping)."""
    pool = mask & NOT_SPADES or mask
    best = -1
    for suit in range(4):
        in_suit = pool & SUIT_MASKS[suit]
        if in_suit:
            card = lowest(in_suit)
            if best < 0 or (card & 15) < (best & 15):
                best = card
    return best


def beats(card: int, winning: int) -> bool:
    """Whether `card` beats the card now winning the trick."""
    if card >> 4 == winning >> 4:
        return card > winning
    return card >> 4 == SPADE


class Table:
    """What stays fixed while one decision is thought about: the pyramids, the hand scores of every
    set of them (filled as needed), and how final totals turn into each seat's value."""

    def __init__(self, state) -> None:
        colours = state.point_colours + state.penalty_colour
        self.pyramids = sorted(rules.Pyramid(colour, size) for colour in colours for size in (1, 2, 3))
        self.index = {}
        for position, pyramid in enumerate(self.pyramids):
            self.index.setdefault(pyramid, []).append(position)
        self.penalty = state.penalty_colour
        self.mono = state.mono_variant
        self.n = state.num_players
        self.totals = list(state.totals)
        # How many points of lead make a seat sure of the match: in the last hand (or a tie-break)
        # any lead wins, earlier ones can still be overturned by the hands to come.
        hands_after = max(0, rules.MIN_HANDS - state.hand_number)
        self.scale = 1.0 if hands_after == 0 else 6.0 * math.sqrt(hands_after)
        self.scores: dict[int, int] = {}
        self.gains: dict[int, int] = {}
        self.choices: dict[int, list[int]] = {}

    def score(self, taken: int) -> int:
        value = self.scores.get(taken)
        if value is None:
            chosen = [self.pyramids[i] for i in bits(taken)]
            points = [p for p in chosen if p.colour != self.penalty]
            penalties = [p for p in chosen if p.colour == self.penalty]
            value = rules.hand_score(points, penalties, self.mono)
            self.scores[taken] = value
        return value

    def gain(self, taken: int, prize: int) -> int:
        key = taken << 4 | prize
        value = self.gains.get(key)
        if value is None:
            value = self.gains[key] = self.score(taken | 1 << prize) - self.score(taken)
        return value

    def prize_choices(self, pool: int) -> list[int]:
        """One pyramid index per distinct pyramid in the pool (in the variant, equal ones repeat)."""
        found = self.choices.get(pool)
        if found is not None:
            return found
        seen, choices = set(), []
        for index in bits(pool):
            pyramid = self.pyramids[index]
            if pyramid not in seen:
                seen.add(pyramid)
                choices.append(index)
        self.choices[pool] = choices
        return choices

    def values(self, taken: list[int]) -> tuple[float, ...]:
        """Each seat's value (0..1) when the hand ends with these takings."""
        leads = [self.totals[seat] + self.score(taken[seat]) for seat in range(self.n)]
        values = []
        for seat, own in enumerate(leads):
            best_other = max(leads[other] for other in range(self.n) if other != seat)
            margin = max(-30.0, min(30.0, (own - best_other) / self.scale))
            values.append(1.0 / (1.0 + math.exp(-margin)))
        return tuple(values)


class World:
    """One sampled deal of the rest of the hand, every card known."""

    __slots__ = ("broken", "hands", "leader", "n", "plays", "pool", "prize", "table", "taken", "winning")

    def copy(self) -> World:
        world = World.__new__(World)
        world.table, world.n = self.table, self.n
        world.hands, world.taken, world.plays = list(self.hands), list(self.taken), list(self.plays)
        world.pool, world.leader, world.prize = self.pool, self.leader, self.prize
        world.broken, world.winning = self.broken, self.winning
        return world

    @classmethod
    def from_state(cls, state, table: Table) -> World:
        world = cls.__new__(cls)
        world.table, world.n = table, state.num_players
        world.hands = [sum(1 << card_bit(card) for card in hand) for hand in state.hands]
        world.taken = []
        used = set()
        for taken in state.taken:
            mask = 0
            for pyramid in taken:
                index = next(i for i in table.index[pyramid] if i not in used)
                used.add(index)
                mask |= 1 << index
            world.taken.append(mask)
        world.pool = 0
        for pyramid in state.pool:
            index = next(i for i in table.index[pyramid] if i not in used)
            used.add(index)
            world.pool |= 1 << index
        world.leader = state.leader
        world.broken = state.spades_broken
        world.plays = [(seat, card_bit(card)) for seat, card in state.plays]
        world.prize = -1
        world.winning = -1
        if state.plays:
            world.prize = next(i for i in bits(world.pool) if table.pyramids[i] == state.prize)
            world.pool &= ~(1 << world.prize)  # at stake now, no longer to be chosen
            winning = world.plays[0]
            for play in world.plays[1:]:
                if beats(play[1], winning[1]):
                    winning = play
            world.winning = winning
        return world

    @property
    def seat(self) -> int:
        return (self.leader + len(self.plays)) % self.n

    @property
    def tricks_left(self) -> int:
        return self.hands[self.leader].bit_count()

    def legal(self, seat: int) -> int:
        hand = self.hands[seat]
        if not self.plays:
            return hand if self.broken or not hand & NOT_SPADES else hand & NOT_SPADES
        following = hand & SUIT_MASKS[self.plays[0][1] >> 4]
        return following or hand

    def play(self, card: int, prize: int = -1) -> None:
        """The seat to move plays `card` (leading: with `prize`, a pyramid index in the pool)."""
        seat = (self.leader + len(self.plays)) % self.n
        self.hands[seat] &= ~(1 << card)
        if not self.plays:
            if prize < 0:
                prize = lowest(self.pool)  # the last trick's prize goes without saying
            self.prize = prize
            self.pool &= ~(1 << prize)
            self.plays.append((seat, card))
            self.winning = (seat, card)
        else:
            if card >> 4 == SPADE and self.plays[0][1] >> 4 != SPADE:
                self.broken = True
            self.plays.append((seat, card))
            if beats(card, self.winning[1]):
                self.winning = (seat, card)
        if len(self.plays) == self.n:
            winner = self.winning[0]
            self.taken[winner] |= 1 << self.prize
            self.leader, self.plays, self.prize, self.winning = winner, [], -1, -1

    # -- the rule-of-thumb play-out

    def can_be_beaten(self, card: int, lead_suit: int, later: list[int]) -> bool:
        """Whether any of the `later` seats holds a card that would beat `card` in this trick."""
        for seat in later:
            hand = self.hands[seat]
            following = hand & SUIT_MASKS[lead_suit]
            if following:
                if card >> 4 == lead_suit and highest(following) > card:
                    return True
            elif hand & SPADES and (card >> 4 != SPADE or highest(hand & SPADES) > card):
                return True
        return False

    def rule_of_thumb(self) -> tuple[int, int]:
        """A quick, sensible (card, prize) for the seat to move: take prizes worth having with cards
        nobody can beat, give away the others with low cards."""
        table = self.table
        seat = (self.leader + len(self.plays)) % self.n
        legal = self.legal(seat)
        others = [(seat + step) % self.n for step in range(1, self.n)]
        if not self.plays:
            choices = table.prize_choices(self.pool)
            sure = [
                highest(legal & SUIT_MASKS[suit])
                for suit in range(4)
                if legal & SUIT_MASKS[suit]
                and not self.can_be_beaten(highest(legal & SUIT_MASKS[suit]), suit, others)
            ]
            if sure:
                prize = max(choices, key=lambda p: (table.gain(self.taken[seat], p), -p))
                if table.gain(self.taken[seat], prize) > 0:
                    return min(sure, key=lambda c: (c & 15, c)), prize
            # Lead low and give away what helps the others least.
            prize = min(choices, key=lambda p: (max(table.gain(self.taken[o], p) for o in others), p))
            return lowest_rank(legal), prize
        lead_suit = self.plays[0][1] >> 4
        holder, winning = self.winning
        mine = table.gain(self.taken[seat], self.prize)
        theirs = table.gain(self.taken[holder], self.prize)
        wanted = mine > 0 or (mine == 0 and theirs > 0)
        later = others[: self.n - 1 - len(self.plays)]
        winners = [card for card in bits(legal) if beats(card, winning)]
        if wanted:
            safe = [card for card in winners if not self.can_be_beaten(card, lead_suit, later)]
            if safe:
                return safe[0], -1
            return lowest_rank(legal & ~sum(1 << card for card in winners) or legal), -1
        losers = legal & ~sum(1 << card for card in winners)
        if losers:
            following = losers & SUIT_MASKS[lead_suit]
            return (highest(following) if following else lowest_rank(losers)), -1
        return (highest(legal) if not later else winners[0]), -1

    def play_out(self, stop: int = 0) -> None:
        """Play the rule of thumb for every seat until `stop` tricks are left (0: the hand's end)."""
        while self.plays or self.tricks_left > stop:  # a trick begun is always finished
            card, prize = self.rule_of_thumb()
            self.play(card, prize)


class Solver:
    """Max-n over the rest of one sampled hand: every seat plays the card (and, leading, the prize)
    best for its own value; ties go against `root`, which counts on no favours. Positions at the
    start of a trick are remembered, for this deal only."""

    def __init__(self, table: Table, root: int) -> None:
        self.table = table
        self.root = root
        self.memo: dict = {}

    def value(self, world: World) -> tuple[float, ...]:
        if not world.plays:
            if not world.hands[world.leader]:
                return self.table.values(world.taken)
            key = (tuple(world.hands), tuple(world.taken), world.leader, world.broken)
            found = self.memo.get(key)
            if found is not None:
                return found
        seat = world.seat
        best = None
        for card, prize in self.moves(world, seat):
            child = world.copy()
            child.play(card, prize)
            values = self.value(child)
            if best is None or self.prefers(seat, values, best):
                best = values
        if not world.plays:
            self.memo[key] = best
        return best

    def prefers(self, seat: int, values: tuple[float, ...], best: tuple[float, ...]) -> bool:
        """Whether `seat` would rather have `values` than `best`: its own value decides; on a tie,
        whatever is worse for the root seat (no favours)."""
        return values[seat] > best[seat] or (
            values[seat] == best[seat] and values[self.root] < best[self.root]
        )

    def moves(self, world: World, seat: int) -> list[tuple[int, int]]:
        cards = self.distinct(world, seat, world.legal(seat))
        if world.plays:
            return [(card, -1) for card in cards]
        if world.tricks_left == 1:
            return [(card, -1) for card in cards]
        return [(card, prize) for prize in self.table.prize_choices(world.pool) for card in cards]

    @staticmethod
    def distinct(world: World, seat: int, legal: int) -> list[int]:
        """One card of each run of `seat`'s cards with no other seat's card (nor one in this trick)
        between them: playing any card of a run comes to the same."""
        blockers = 0
        for other in range(world.n):
            if other != seat:
                blockers |= world.hands[other]
        for _, card in world.plays:
            blockers |= 1 << card
        kept, previous = [], -1
        for card in bits(legal):
            if previous >= 0 and previous >> 4 == card >> 4:
                between = ((1 << card) - 1) & ~((1 << (previous + 1)) - 1)
                if not blockers & between:
                    previous = card
                    continue
            kept.append(card)
            previous = card
        return kept
