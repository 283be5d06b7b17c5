"""Agents of M.A.R.S. (Niko Lepka): two agents fill a board from a bag, scoring colour clusters
against secret objectives. Implements shared/rules/mars.md, rulings R1-R20 and variants 6.1-6.7.

Seats are 0 and 1; the first player (R3) is a setup choice, random by default. A turn is an
optional objective swap (phase A), then exactly one of draw-and-place, move or swap (phase B).
Draw-and-place is two actions: `D` draws from the bag (chance, from the match's Rng), then the
same player places the shown piece (`G3@c4`).
"""

from __future__ import annotations

import hashlib
import itertools
from collections import Counter
from dataclasses import dataclass
from functools import cache

from .core import (
    Event,
    Game,
    IllegalAction,
    Option,
    Outcome,
    Rng,
    Topic,
    copy_data,
    determinized_rng,
    shallow_copy,
)
from .mars_views import (
    HIDDEN,
    PRIVATE,
    PUBLIC,
    UNCHOSEN,
    ColourPoints,
    LastAction,
    MarsSeatView,
    MarsView,
    Objective,
    ObjectiveSlot,
    Scoring,
    ScoringGroup,
    slot_text,
    slot_token,
)
from .pieces import Pyramid

RANKS = 8
BASE_COLOURS = "RGBY"
FIFTH_COLOUR = "P"
BLACK = "K"
BASE_SLOTS = (2, 1, 0, -1)
NO_CENTER_SLOTS = (3, 2, -1, -2)
MIN_SCORING_GROUP = 4
SWAP_WINDOW_BLACKS = 4  # phase A is allowed while fewer blacks than this are on the board
DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0))


def _slot_value(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise IllegalAction(
            "'{text}' is not an objective slot (write +2, +1, 0, -1 ...).", text=text
        ) from None


# --- actions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class SetObjective:
    """A player's secret objective: colour per slot value, highest value first."""

    slots: tuple[tuple[int, str], ...]

    def __str__(self) -> str:
        return " ".join(f"{slot_text(value)}:{colour}" for value, colour in self.slots)


@dataclass(frozen=True)
class SwapSlots:
    """Phase A: exchange the colours of two objective slots and reveal both (higher value first)."""

    high: int
    low: int

    def __str__(self) -> str:
        return f"O{slot_text(self.high)}/{slot_text(self.low)}"


@dataclass(frozen=True)
class Draw:
    def __str__(self) -> str:
        return "D"


@dataclass(frozen=True)
class Place:
    piece: Pyramid
    square: str

    def __str__(self) -> str:
        return f"{self.piece}@{self.square}"


@dataclass(frozen=True)
class Move:
    origin: str
    target: str

    def __str__(self) -> str:
        return f"{self.origin}-{self.target}"


@dataclass(frozen=True)
class Swap:
    """The piece at `initiator` travels its pips to `target`; the two pieces change places."""

    initiator: str
    target: str

    def __str__(self) -> str:
        return f"{self.initiator}x{self.target}"


MarsAction = SetObjective | SwapSlots | Draw | Place | Move | Swap


# --- geometry -----------------------------------------------------------------------------


def square_name(file: int, rank: int) -> str:
    return f"{'abcdefgh'[file]}{rank + 1}"


def square_coords(square: str) -> tuple[int, int]:
    coords = _COORDS.get(square)  # looked up: engines and views ask for these all the time
    return coords if coords else ("abcdefgh".index(square[0]), int(square[1:]) - 1)


def square_order(square: str) -> tuple[int, int]:
    """a1, b1, ..., g1, a2, ...: the order R20 uses to name a swap once."""
    order = _ORDER.get(square)
    if order:
        return order
    file, rank = square_coords(square)
    return rank, file


_COORDS = {square_name(file, rank): (file, rank) for file in range(8) for rank in range(RANKS)}
_ORDER = {square: (rank, file) for square, (file, rank) in _COORDS.items()}


@cache
def _reach_from(origin: str, pips: int, files: int) -> tuple[str, ...]:
    file, rank = square_coords(origin)
    found = []
    for df, dr in DIRECTIONS:
        f, r = file + df * pips, rank + dr * pips
        if 0 <= f < files and 0 <= r < RANKS:
            found.append(square_name(f, r))
    return tuple(found)


@cache
def _layout(files: int) -> tuple[tuple[str, int, tuple[tuple[tuple[str, int, Move, Swap], ...], ...]], ...]:
    """Every square of a board `files` wide in `square_order`, with its place in that order and,
    per size (index 1-3), the squares that size reaches from it (in `_reach_from`'s order) with the
    move and the swap to each, built once: legal actions are listed after every action."""
    squares = sorted((square_name(f, r) for f in range(files) for r in range(RANKS)), key=square_order)
    index = {square: place for place, square in enumerate(squares)}

    def reach(origin: str, size: int) -> tuple[tuple[str, int, Move, Swap], ...]:
        return tuple(
            (target, index[target], Move(origin, target), Swap(origin, target))
            for target in _reach_from(origin, size, files)
        )

    return tuple(
        (origin, index[origin], ((), reach(origin, 1), reach(origin, 2), reach(origin, 3)))
        for origin in squares
    )


@cache
def _ordered_squares(files: int) -> tuple[str, ...]:
    return tuple(origin for origin, _, _ in _layout(files))


@cache
def _place_action(piece: Pyramid, square: str) -> Place:
    return Place(piece, square)


@cache
def _slot_swaps(slot_values: tuple[int, ...]) -> tuple[SwapSlots, ...]:
    return tuple(SwapSlots(high, low) for high, low in itertools.combinations(slot_values, 2))


_DRAW = Draw()


def _valid_square(text: str, files: int) -> bool:
    return len(text) == 2 and text[0] in "abcdefgh"[:files] and text[1] in "12345678"


def suggested_objectives(colours: str, seed: int) -> list[str]:
    """Each seat's ready-made objective (an order of `colours`, from the highest slot down), which
    it may confirm or change while choosing: drawn from the match's secret seed without touching
    its draws, so neither the opponent nor the replay of another match can foresee it."""
    orders = ["".join(order) for order in itertools.permutations(colours)]
    found = []
    for seat in (0, 1):
        digest = hashlib.sha256(f"mars-suggested-objective:{seed}:{seat}".encode()).digest()
        found.append(orders[int.from_bytes(digest[:8], "big") % len(orders)])
    return found


# --- scoring (spec section 5) -------------------------------------------------------------


def colour_groups(board: dict[str, Pyramid], colour: str) -> list[list[str]]:
    """Orthogonally connected groups of squares holding `colour`, size ignored (R12)."""
    remaining = {square for square, piece in board.items() if piece.colour == colour}
    groups = []
    while remaining:
        start = min(remaining, key=square_order)
        group, frontier = [], [start]
        remaining.discard(start)
        while frontier:
            square = frontier.pop()
            group.append(square)
            file, rank = square_coords(square)
            for df, dr in DIRECTIONS:
                if 0 <= file + df < 8 and 0 <= rank + dr < RANKS:
                    neighbour = square_name(file + df, rank + dr)
                    if neighbour in remaining:
                        remaining.discard(neighbour)
                        frontier.append(neighbour)
        groups.append(sorted(group, key=square_order))
    return groups


def score_board(board: dict[str, Pyramid], colours: str, *, biggest_only: bool, size_points: bool) -> dict:
    """V per colour and every group with whether it scores. Black never scores (R11)."""
    values, groups = {}, []
    for colour in colours:
        found = []
        for squares in colour_groups(board, colour):
            pips = sum(board[s].size for s in squares)
            found.append({"colour": colour, "squares": squares, "pips": pips, "count": len(squares)})
        if biggest_only:
            best = max(found, key=lambda g: (g["count"], g["pips"]), default=None)
            scoring = [best] if best else []
        else:
            scoring = [g for g in found if g["count"] >= MIN_SCORING_GROUP]
        for group in found:
            group["scores"] = any(group is s for s in scoring)
        values[colour] = sum(g["pips"] + (g["count"] if size_points else 0) for g in scoring)
        groups += found
    return {"values": values, "groups": groups}


def objective_swaps_open(board: dict[str, Pyramid], *, black_trio: bool) -> bool:
    """Whether phase A is allowed on this board: fewer than 4 blacks (4.1), or in variant 6.3 not
    the black L, M and an S together."""
    blacks = [piece.size for piece in board.values() if piece.colour == BLACK]
    if black_trio:
        return not (3 in blacks and 2 in blacks and 1 in blacks)
    return len(blacks) < SWAP_WINDOW_BLACKS


def board_after(board: dict[str, Pyramid], action: Place | Move | Swap) -> dict[str, Pyramid]:
    """The board once a placement, move or swap is made (a new dict; legality is not checked)."""
    after = dict(board)
    if isinstance(action, Place):
        after[action.square] = action.piece
        return after
    origin = action.origin if isinstance(action, Move) else action.initiator
    piece, other = after.pop(origin), after.pop(action.target, None)
    after[action.target] = piece
    if other is not None:
        after[origin] = other
    return after


def landing_groups(view: MarsView, action: Place | Move | Swap, options: dict) -> dict:
    """What a placement, move or swap does to the scoring, for texts explaining it before it is made
    (everything it needs is public): per piece it puts down, the group of its colour it ends up in
    (`square`, `piece`, `count`, `pips`, whether that group `scores` under the match's rules) and,
    for a piece that moved, the size of the group it broke away from (`left`, 0 if none); black
    pieces, which never score, have none. And whether it closes objective swaps (a black placed)."""
    board = {square: Pyramid.parse(code) for square, code in view.board.items()}
    after = board_after(board, action)
    colours, rules = view.colours, {key: options[key] for key in ("biggest_only", "size_points")}
    before_groups = score_board(board, colours, **rules)["groups"]
    after_groups = score_board(after, colours, **rules)["groups"]
    if isinstance(action, Place):
        landed = [(action.square, None)]
    elif isinstance(action, Move):
        landed = [(action.target, action.origin)]
    else:
        landed = [(action.target, action.initiator), (action.initiator, action.target)]
    groups = []
    for square, came_from in landed:
        group = next((g for g in after_groups if square in g["squares"]), None)
        if group is None:
            continue
        left = 0
        if came_from is not None:
            old = next(g for g in before_groups if came_from in g["squares"])
            mates = set(old["squares"]) - {came_from}
            if mates and not mates & set(group["squares"]):
                left = old["count"]
        groups.append(
            {
                "square": square,
                "piece": str(after[square]),
                "count": group["count"],
                "pips": group["pips"],
                "scores": group["scores"],
                "left": left,
            }
        )
    black_trio = options["black_trio"]
    closes = objective_swaps_open(board, black_trio=black_trio) and not objective_swaps_open(
        after, black_trio=black_trio
    )
    return {"groups": groups, "closes_objective_swaps": closes}


# --- the state ----------------------------------------------------------------------------


class MarsState:
    def __init__(self, *, options: dict, rng: Rng, first: int) -> None:
        self.options = options
        self.rng = rng
        self.first = first
        self.current = first
        self.turn = 1
        self.objectives: list[dict[int, str] | None] = [None, None]
        self.public: list[set[int]] = [set(), set()]
        self.board: dict[str, Pyramid] = {}
        self.bag: Counter[str] = Counter(self._bag_contents())
        self.drawn: Pyramid | None = None
        self.phase_a_used = False
        self.ko: dict[str, str | None] | None = (
            None  # two squares' contents before the opponent's last move/swap
        )
        self.last_action: dict | None = None
        # Every public action in order, as (seat, notation): objective swaps, placements (with the
        # piece drawn), moves and swaps. What both players saw, kept so a player can be read from
        # their play.
        self.history: list[tuple[int, str]] = []
        self.over = False
        self.suggestions: list[str | None] = suggested_objectives(self.colours, rng.seed)

    # -- configuration

    @property
    def five_colours(self) -> bool:
        return self.options["five_colours"] != "off"

    @property
    def colours(self) -> str:
        return BASE_COLOURS + (FIFTH_COLOUR if self.five_colours else "")

    @property
    def files(self) -> int:
        return 8 if self.five_colours else 7

    @property
    def slot_values(self) -> tuple[int, ...]:
        if self.five_colours:
            return tuple(sorted((*BASE_SLOTS, int(self.options["five_colours"])), reverse=True))
        return NO_CENTER_SLOTS if self.options["no_center"] else BASE_SLOTS

    @property
    def blind(self) -> bool:
        return self.options["blind"]

    def _bag_contents(self) -> list[str]:
        """The bag after the kits are set aside (R1; 6.1): every colour L5 M4 S4, plus the small
        blacks, and in the base game the single black L and M too."""
        pieces = [
            f"{colour}{size}"
            for colour in self.colours
            for size, n in ((3, 5), (2, 4), (1, 4))
            for _ in range(n)
        ]
        pieces += ["K1"] * 5
        if not self.five_colours:
            pieces += ["K2", "K3"]
        return pieces

    # -- protocol

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def in_setup(self) -> bool:
        return any(objective is None for objective in self.objectives)

    @property
    def order_free(self) -> bool:
        return self.in_setup and not self.over

    @property
    def to_move(self) -> tuple[int, ...]:
        if self.over:
            return ()
        if self.in_setup:
            return tuple(seat for seat in (0, 1) if self.objectives[seat] is None)
        return (self.current,)

    def swaps_open(self) -> bool:
        """Whether phase A is still allowed (base rule, or variant 6.3 Black Trio)."""
        return objective_swaps_open(self.board, black_trio=self.options["black_trio"])

    def legal_actions(self, seat: int) -> list[MarsAction]:
        if seat not in self.to_move:
            return []
        if self.in_setup:
            return [
                SetObjective(tuple(zip(self.slot_values, order, strict=True)))
                for order in itertools.permutations(self.colours)
            ]
        if self.drawn is not None:
            drawn, board = self.drawn, self.board
            return [
                _place_action(drawn, square) for square in _ordered_squares(self.files) if square not in board
            ]
        # The draw is listed first: it is the one action that moves the game towards its end.
        actions: list[MarsAction] = [_DRAW]
        if not self.phase_a_used and self.swaps_open():
            actions += _slot_swaps(self.slot_values)
        actions += self._moves_and_swaps()
        return actions

    def _empty_squares(self) -> list[str]:
        return [square for square in _ordered_squares(self.files) if square not in self.board]

    def _reach(self, origin: str) -> tuple[str, ...]:
        """Squares exactly `pips` away in a straight line, on the board (R6)."""
        return _reach_from(origin, self.board[origin].size, self.files)

    def _moves_and_swaps(self) -> list[MarsAction]:
        """Moves (origins in `square_order`, then each piece's reach in order), then swaps sorted
        by initiator and target, each pair named once (R20: by its first square when both pieces
        could start it), leaving out what Ko forbids (R8)."""
        board = self.board
        ko = self.ko or ()  # Ko can only forbid an action on its own two squares
        moves: list[MarsAction] = []
        swaps: list[tuple[int, int, Swap]] = []
        for origin, place, reach in _layout(self.files):
            piece = board.get(origin)
            if piece is None or piece.colour == BLACK:
                continue
            for target, target_place, move, swap in reach[piece.size]:
                other = board.get(target)
                if other is None:
                    if (
                        target not in ko
                        or origin not in ko
                        or not self._undoes_last(origin, target, moved=True)
                    ):
                        moves.append(move)
                elif (
                    other.colour != BLACK
                    and (other.colour != piece.colour or other.size != piece.size)
                    # The piece on the later square names the swap only if the other can't reach it.
                    and (place < target_place or other.size != piece.size)
                    and (
                        target not in ko
                        or origin not in ko
                        or not self._undoes_last(origin, target, moved=False)
                    )
                ):
                    swaps.append((place, target_place, swap))
        swaps.sort()  # origins already come in order; this sorts each one's targets
        moves += [swap for _, _, swap in swaps]
        return moves

    def _undoes_last(self, origin: str, target: str, *, moved: bool) -> bool:
        """Ko (R8): would this recreate the board from before the opponent's last move or swap?

        Both act on exactly two squares, so only an action on the same two squares can do it."""
        if self.ko is None or set(self.ko) != {origin, target}:
            return False
        after = {origin: None if moved else str(self.board[target]), target: str(self.board[origin])}
        return after == self.ko

    def ko_forbidden(self) -> list[MarsAction]:
        """The moves and swaps Ko forbids right now (R8), so players can be told why."""
        if self.ko is None or self.drawn is not None or self.in_setup or self.over:
            return []
        forbidden = []
        for origin, target in itertools.permutations(self.ko, 2):
            piece = self.board.get(origin)
            if piece is None or piece.colour == BLACK or target not in self._reach(origin):
                continue
            moved = target not in self.board
            if self._undoes_last(origin, target, moved=moved):
                forbidden.append(Move(origin, target) if moved else Swap(origin, target))
        return forbidden

    def apply(self, seat: int, action: MarsAction) -> list[str]:
        if self.over:
            raise IllegalAction("This match is already over.")
        if seat not in self.to_move:
            raise IllegalAction("It is not your turn.")
        if self.in_setup:
            return self._set_objective(seat, action)
        if self.drawn is not None:
            return self._place(seat, action)
        if isinstance(action, SwapSlots):
            return self._swap_slots(seat, action)
        if isinstance(action, Draw):
            piece = self._draw_piece()
            self.drawn = piece
            return [Event(f"DRAW {piece}", piece=str(piece))]
        if isinstance(action, Move | Swap):
            return self._move_or_swap(seat, action)
        raise IllegalAction("Choose a draw, a move or a swap.")

    def _set_objective(self, seat: int, action: MarsAction) -> list[str]:
        if not isinstance(action, SetObjective):
            raise IllegalAction("First set your secret objective.")
        values = [value for value, _ in action.slots]
        colours = [colour for _, colour in action.slots]
        if sorted(values, reverse=True) != list(self.slot_values) or sorted(colours) != sorted(self.colours):
            raise IllegalAction(
                "Give each colour ({colours}) exactly one of the values {values}.",
                colours=", ".join(self.colours),
                values=", ".join(slot_text(v) for v in self.slot_values),
            )
        self.objectives[seat] = dict(action.slots)
        return [Event(f"OBJECTIVE P{seat + 1}", seat=seat)]

    def slot_swap_owner(self, seat: int) -> int:
        """Whose objective `seat` swaps slots of."""
        return 1 - seat if self.blind else seat  # Blind Agents swap the opponent's slots (6.2)

    def _swap_slots(self, seat: int, action: SwapSlots) -> list[str]:
        if self.phase_a_used:
            raise IllegalAction("You have already swapped objective slots this turn.")
        if not self.swaps_open():
            raise IllegalAction("Objective swaps are closed: too many black pieces are on the board.")
        if action.high == action.low or {action.high, action.low} - set(self.slot_values):
            raise IllegalAction("Pick two different slots of the objective.")
        owner = self.slot_swap_owner(seat)
        objective = self.objectives[owner]
        objective[action.high], objective[action.low] = objective[action.low], objective[action.high]
        self.public[owner] |= {action.high, action.low}
        self.phase_a_used = True
        self.last_action = {"seat": seat, "kind": "objective", "squares": [], "piece": None}
        self.history.append((seat, str(action)))
        colours = (objective[action.high], objective[action.low])
        # Both slots are public now, so the event may name their colours.
        return [
            Event(
                f"{action}={colours[0]},{colours[1]}",
                owner=owner,
                high=action.high,
                low=action.low,
                colours=colours,
            )
        ]

    def _draw_piece(self) -> Pyramid:
        """One uniformly random piece from the bag (R5)."""
        pieces = sorted(self.bag.elements())
        piece = pieces[self.rng.below(len(pieces))]
        self.bag[piece] -= 1
        if not self.bag[piece]:
            del self.bag[piece]
        return Pyramid.parse(piece)

    def _place(self, seat: int, action: MarsAction) -> list[str]:
        if not isinstance(action, Place):
            raise IllegalAction("Place the {piece.label} you drew on an empty square.", piece=self.drawn)
        if action.piece != self.drawn:
            raise IllegalAction(
                "You drew the {drawn.label}, not the {piece.label}.", drawn=self.drawn, piece=action.piece
            )
        if not _valid_square(action.square, self.files) or action.square in self.board:
            raise IllegalAction("{square} is not an empty square of the board.", square=action.square)
        self.board[action.square] = self.drawn
        self.drawn = None
        self.ko = None  # a draw can't be undone, so the reply is free
        self.last_action = {
            "seat": seat,
            "kind": "place",
            "squares": [action.square],
            "piece": str(action.piece),
        }
        self.history.append((seat, str(action)))
        return self._end_turn(seat)

    def _move_or_swap(self, seat: int, action: Move | Swap) -> list[str]:
        origin, target = (
            (action.origin, action.target) if isinstance(action, Move) else (action.initiator, action.target)
        )
        for square in (origin, target):
            if not _valid_square(square, self.files):
                raise IllegalAction("{square} is not on the board.", square=square)
        piece = self.board.get(origin)
        if piece is None:
            raise IllegalAction("There is no piece on {square}.", square=origin)
        if piece.colour == BLACK:
            raise IllegalAction("Black pieces never move.")
        if target not in self._reach(origin):
            raise IllegalAction(
                "The {piece.label} moves exactly {piece.size} squares in a straight line.", piece=piece
            )
        other = self.board.get(target)
        if isinstance(action, Move) and other is not None:
            raise IllegalAction(
                "{target} is occupied: that would be a swap ({origin}x{target}).",
                origin=origin,
                target=target,
            )
        if isinstance(action, Swap):
            if other is None:
                raise IllegalAction(
                    "{target} is empty: that would be a move ({origin}-{target}).",
                    origin=origin,
                    target=target,
                )
            if other.colour == BLACK:
                raise IllegalAction("Black pieces can't be swapped.")
            if other == piece:
                raise IllegalAction("Swapping two identical pieces changes nothing.")
        if self._undoes_last(origin, target, moved=isinstance(action, Move)):
            raise IllegalAction("That would undo your opponent's last move (Ko): choose something else.")
        self.ko = {origin: str(piece), target: str(other) if other else None}
        if other is None:
            del self.board[origin]
        else:
            self.board[origin] = other
        self.board[target] = piece
        kind = "move" if isinstance(action, Move) else "swap"
        self.last_action = {"seat": seat, "kind": kind, "squares": [origin, target], "piece": str(piece)}
        self.history.append((seat, str(action)))
        return self._end_turn(seat)

    def _end_turn(self, seat: int) -> list[str]:
        if len(self.board) == self.files * RANKS:  # 4.6: only a placement can fill the board
            self.over = True
            for owner in (0, 1):
                self.public[owner] = set(self.slot_values)
            scoring = self.scoring()
            totals = scoring["totals"]
            # Each colour's value from its groups too: whether any group scored (a tutorial's topic).
            return [
                Event(
                    f"# P1 {totals[0]} P2 {totals[1]}", scores=tuple(totals), values=dict(scoring["values"])
                )
            ]
        self.current = 1 - seat
        self.turn += 1
        self.phase_a_used = False
        return []

    # -- scoring

    def scoring(self) -> dict:
        result = score_board(
            self.board,
            self.colours,
            biggest_only=self.options["biggest_only"],
            size_points=self.options["size_points"],
        )
        breakdown = []
        for owner in (0, 1):
            by_colour = {colour: value for value, colour in self.objectives[owner].items()}
            breakdown.append(
                [
                    {
                        "colour": colour,
                        "multiplier": by_colour[colour],
                        "value": result["values"][colour],
                        "points": by_colour[colour] * result["values"][colour],
                    }
                    for colour in self.colours
                ]
            )
        result["breakdown"] = breakdown
        result["size_points"] = self.options["size_points"]  # a group's value counts its pieces too
        result["totals"] = [sum(row["points"] for row in rows) for rows in breakdown]
        return result

    def scores(self) -> list[int]:
        return self.scoring()["totals"]

    @property
    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        totals = self.scores()
        best = max(totals)
        return Outcome(
            tuple(totals), tuple(seat for seat in (0, 1) if totals[seat] == best)
        )  # R13: a tie is a draw

    # -- what each seat may see

    def _sees_slots_of(self, viewer: int | None, owner: int) -> bool:
        """Who knows a player's hidden slots: the owner, or in Blind Agents the opponent only (R15b)."""
        if viewer is None:
            return False
        return viewer != owner if self.blind else viewer == owner

    def suggested_objective(self, seat: int) -> str | None:
        """A ready objective (the colours from the highest slot down) for a seat that still has to
        choose one, which it may confirm as it is or change."""
        if self.objectives[seat] is not None or self.over:
            return None
        return self.suggestions[seat]

    def _objective_seen(self, viewer: int | None, owner: int) -> Objective:
        objective = self.objectives[owner]
        public = self.public[owner]
        known = self._sees_slots_of(viewer, owner)
        slots = []
        for value in self.slot_values:
            colour = objective.get(value) if objective and (known or value in public) else None
            if objective is None:
                status = UNCHOSEN
            elif colour is None:
                status = HIDDEN
            else:
                status = PUBLIC if value in public else PRIVATE
            slots.append(ObjectiveSlot(value, colour, status, slot_token(owner, value, colour)))
        return Objective(owner, objective is not None, tuple(slots), tuple(sorted(public, reverse=True)))

    def _scoring_seen(self) -> Scoring:
        scoring = self.scoring()
        groups = tuple(
            ScoringGroup(g["colour"], tuple(g["squares"]), g["pips"], g["count"], g["scores"])
            for g in scoring["groups"]
        )
        return Scoring(
            values=scoring["values"],
            groups=groups,
            breakdown=tuple(tuple(ColourPoints(**row) for row in rows) for rows in scoring["breakdown"]),
            totals=tuple(scoring["totals"]),
            size_points=scoring["size_points"],
            scoring_squares=tuple(
                sorted((s for g in groups if g.scores for s in g.squares), key=square_order)
            ),
        )

    def view(self, seat: int | None) -> MarsView:
        occupied = sorted(self.board, key=square_order)
        last = self.last_action
        public = dict(
            game="mars",
            to_move=self.to_move,
            is_over=self.over,
            winners=self.outcome.winners if self.over else (),
            phase="over" if self.over else "setup" if self.in_setup else "play",
            files=self.files,
            ranks=RANKS,
            colours=self.colours,
            slot_values=self.slot_values,
            board={square: str(self.board[square]) for square in occupied},
            bag=dict(sorted(self.bag.items())),
            bag_count=sum(self.bag.values()),
            blacks_on_board=sum(piece.colour == BLACK for piece in self.board.values()),
            objective_swaps_open=self.swaps_open(),
            objectives=tuple(self._objective_seen(seat, owner) for owner in (0, 1)),
            swaps_slots_of=tuple(self.slot_swap_owner(owner) for owner in (0, 1)),
            first_player=self.first,
            turn=self.turn,
            drawn=str(self.drawn) if self.drawn else None,
            phase_a_used=self.phase_a_used,
            last_action=LastAction(last["seat"], last["kind"], tuple(last["squares"]), last["piece"])
            if last
            else None,
            ko_forbidden=tuple(str(action) for action in self.ko_forbidden()),
            reach={square: self._reach(square) for square in occupied if self.board[square].colour != BLACK},
            scoring=self._scoring_seen() if self.over else None,
        )
        if seat is None:
            return MarsView(seat=None, **public)
        return MarsSeatView(
            seat=seat,
            # The seat's own ready-made objective while it chooses one (never in the public view).
            suggested_objective=self.suggested_objective(seat),
            legal=() if self.in_setup else tuple(str(action) for action in self.legal_actions(seat)),
            **public,
        )

    def secrets(self, seat: int) -> set[str]:
        """Hidden slots that `seat` can see and nobody else can."""
        found = set()
        for owner in (0, 1):
            if self._sees_slots_of(seat, owner) and self.objectives[owner]:
                for value, colour in self.objectives[owner].items():
                    if value not in self.public[owner]:
                        found.add(slot_token(owner, value, colour))
        return found

    # -- persistence

    def to_json(self) -> dict:
        return {
            "options": dict(self.options),
            "rng": self.rng.to_json(),
            "first": self.first,
            "current": self.current,
            "turn": self.turn,
            "objectives": [
                [[value, colour] for value, colour in objective.items()] if objective else None
                for objective in self.objectives
            ],
            "public": [sorted(values) for values in self.public],
            "board": {square: str(piece) for square, piece in sorted(self.board.items())},
            "bag": dict(sorted(self.bag.items())),
            "drawn": str(self.drawn) if self.drawn else None,
            "phase_a_used": self.phase_a_used,
            "ko": dict(self.ko) if self.ko else None,
            "last_action": dict(self.last_action) if self.last_action else None,
            "history": [[seat, notation] for seat, notation in self.history],
            "over": self.over,
            "suggestions": list(self.suggestions),
        }

    @classmethod
    def from_json(cls, data: dict) -> MarsState:
        state = cls(options=dict(data["options"]), rng=Rng.from_json(data["rng"]), first=data["first"])
        state.current = data["current"]
        state.turn = data["turn"]
        state.objectives = [
            {value: colour for value, colour in objective} if objective is not None else None
            for objective in data["objectives"]
        ]
        state.public = [set(values) for values in data["public"]]
        state.board = {square: Pyramid.parse(piece) for square, piece in data["board"].items()}
        state.bag = Counter(data["bag"])
        state.drawn = Pyramid.parse(data["drawn"]) if data["drawn"] else None
        state.phase_a_used = data["phase_a_used"]
        state.ko = dict(data["ko"]) if data["ko"] else None
        state.last_action = dict(data["last_action"]) if data["last_action"] else None
        state.history = [(seat, notation) for seat, notation in data.get("history", [])]  # older states: none
        state.over = data["over"]
        state.suggestions = list(data.get("suggestions", state.suggestions))  # older states: from the seed
        return state

    def clone(self) -> MarsState:
        """An independent copy, like `from_json(to_json())`; pieces are immutable and shared."""
        state = shallow_copy(self)
        state.options = dict(self.options)
        state.rng = self.rng.copy()
        state.objectives = [dict(objective) if objective else None for objective in self.objectives]
        state.public = [set(values) for values in self.public]
        state.board = dict(self.board)
        state.bag = Counter(self.bag)
        state.ko = dict(self.ko) if self.ko else None
        state.last_action = copy_data(self.last_action)
        state.history = list(self.history)
        state.suggestions = list(self.suggestions)
        return state

    def determinize(self, seat: int, seed: int) -> MarsState:
        """A clone in which the objective slots `seat` can't see (the opponent's hidden slots; in
        Blind Agents its own) hold their colours in a new random order, and later draws come from a
        generator made from `seed` alone (the bag's contents are public; only the draws are chance).

        Dealt objectives (the card deck, Blind Agents) start different (6.7, R15b). While no slot
        of either has been swapped they are still the dealt ones, so the resampled one differs
        from the other; after a swap the view no longer tells what was dealt, so any order goes.
        The other seat's ready-made objective is dropped: it could hint at the one they chose."""
        state = self.clone()
        rng = determinized_rng(seed)
        state.rng = rng
        state.suggestions = [s if owner == seat else None for owner, s in enumerate(self.suggestions)]
        dealt = self.options["objectives"] == "deck" or self.blind
        for owner in (0, 1):
            objective = self.objectives[owner]
            if objective is None:
                continue
            objective = dict(objective)
            if not self._sees_slots_of(seat, owner):
                hidden = [value for value in self.slot_values if value not in self.public[owner]]
                colours = sorted(objective[value] for value in hidden)
                other = self.objectives[1 - owner]
                distinct = dealt and other is not None and not self.public[0] and not self.public[1]
                while True:
                    rng.shuffle(colours)
                    objective.update(zip(hidden, colours, strict=True))
                    if not distinct or objective != other:
                        break
            state.objectives[owner] = {value: objective[value] for value in self.slot_values}
        return state


# The rules a player learns (standard rules: the variants change scoring and who sees what).
TOPICS = (
    Topic("objective", "action", "§2"),
    Topic("draw", "action", "§4.2"),
    Topic("place", "action", "§4.2"),
    Topic("move", "action", "§4.3"),
    Topic("swap", "action", "§4.4"),
    Topic("objective-swap", "action", "§4.1"),
    Topic("groups-score", "scoring", "§5"),
    Topic("slot-values", "scoring", "§5"),
    Topic("board-full", "ending", "§4.6"),
)
_ACTION_TOPICS = {
    SetObjective: "objective",
    Draw: "draw",
    Place: "place",
    Move: "move",
    Swap: "swap",
    SwapSlots: "objective-swap",
}


class Mars(Game):
    def check_combination(self, options: dict) -> None:
        check_variants(options)

    def topics_of(self, action: MarsAction, events: list[str]) -> list[str]:
        """The action's kind; at the end, the board filling up, the groups that scored (if any
        did) and the slot values applied to them."""
        topics = [_ACTION_TOPICS[type(action)]]
        for event in events:
            if event.kind == "#":
                topics.append("board-full")
                if any(event.facts["values"].values()):
                    topics.append("groups-score")
                topics.append("slot-values")
        return topics

    def marks(self, state: MarsState, seat: int, action: MarsAction) -> LastAction | None:
        """Like the view's `last_action`: the squares a placement, move or swap uses (and the piece
        placed or moving); for an objective swap, whose objective (`owner`) and which two `slots`.
        A draw and the choice of an objective touch neither board nor slots: nothing to mark."""
        if isinstance(action, Place):
            return LastAction(seat, "place", (action.square,), str(action.piece))
        if isinstance(action, Move | Swap):
            origin = action.origin if isinstance(action, Move) else action.initiator
            kind = "move" if isinstance(action, Move) else "swap"
            piece = state.board.get(origin)
            return LastAction(seat, kind, (origin, action.target), str(piece) if piece else None)
        if isinstance(action, SwapSlots):
            owner = state.slot_swap_owner(seat)
            return LastAction(seat, "objective", (), None, owner=owner, slots=(action.high, action.low))
        return None

    def is_secret_action(self, action: MarsAction) -> bool:
        return isinstance(action, SetObjective)

    def new(self, num_players: int, seed: int, options: dict | None = None) -> MarsState:
        self.check_players(num_players)
        options = self.resolve_options(options)
        rng = Rng(seed)
        first = rng.below(2) if options["first_player"] == "random" else options["first_player"] - 1
        state = MarsState(options=options, rng=rng, first=first)
        if options["objectives"] == "deck" or options["blind"]:
            # 6.7 and R15b: two different assignments dealt at random.
            orders = list(itertools.permutations(state.colours))
            first_order = orders.pop(rng.below(len(orders)))
            second_order = orders[rng.below(len(orders))]
            for seat, order in ((0, first_order), (1, second_order)):
                state.objectives[seat] = dict(zip(state.slot_values, order, strict=True))
        return state

    def from_json(self, data: dict) -> MarsState:
        return MarsState.from_json(data)

    def parse_action(self, text: str) -> MarsAction:
        """Reads `+2:Y +1:G 0:R -1:B`, `O+2/-1`, `D`, `G3@c4`, `c3-c5` and `c2xc5`."""
        words = text.split()
        if not words:
            raise IllegalAction("Write an action: D, a move like c3-c5, a swap like c2xc5, or O+2/-1.")
        if ":" in text:
            try:
                slots = tuple((_slot_value(word.split(":")[0]), word.split(":")[1].upper()) for word in words)
            except IndexError:
                raise IllegalAction("Write the objective like +2:Y +1:G 0:R -1:B.") from None
            return SetObjective(slots)
        if len(words) != 1:
            raise IllegalAction("'{text}' is not a M.A.R.S. action.", text=text)
        word = words[0]
        if word.upper() == "D":
            return Draw()
        if word[:1].upper() == "O" and "/" in word:
            high, low = (_slot_value(part) for part in word[1:].split("/", 1))
            return SwapSlots(max(high, low), min(high, low))
        if "@" in word:
            piece, square = word.split("@", 1)
            return Place(Pyramid.parse(piece), _square(square))
        for separator, kind in (("-", Move), ("x", Swap)):
            parts = word.lower().split(separator)
            if len(parts) == 2 and all(len(part) == 2 for part in parts):
                return kind(_square(parts[0]), _square(parts[1]))
        raise IllegalAction("'{text}' is not a M.A.R.S. action: try D, c3-c5, c2xc5 or O+2/-1.", text=text)


def _square(text: str) -> str:
    text = text.strip().lower()
    if not _valid_square(text, 8):
        raise IllegalAction("'{text}' is not a square (a1 to h8).", text=text)
    return text


def check_variants(options: dict) -> None:
    """Refuse the combinations the rules don't define."""
    if options["five_colours"] != "off":
        if options["no_center"]:
            raise IllegalAction(
                "No Center can't be combined with 5 Color Agents: both change the slot values, "
                "and the fifth slot's +3 or -2 would repeat a No Center value."
            )
        if options["black_trio"]:
            raise IllegalAction(
                "Black Trio Blocks the Swap can't be combined with 5 Color Agents: with five colours "
                "only small black pieces are in the bag, so the trio could never form."
            )
        if options["objectives"] == "deck":
            raise IllegalAction(
                "The objective card deck has one card per order of 4 colours, so it can't be used "
                "with 5 Color Agents."
            )


MARS = Mars(
    id="mars",
    title="Agents of M.A.R.S.",
    min_players=2,
    max_players=2,
    options=(
        Option(
            "five_colours",
            "off",
            ("off", "+3", "-2"),
            description="5 Color Agents: add purple, 8x8 board; fifth slot +3 or -2.",
            labels=("Off (4 colours, 7x8 board)", "On, fifth slot +3", "On, fifth slot -2"),
        ),
        Option(
            "blind",
            False,
            (False, True),
            description="Blind Agents: your objective is dealt and only your opponent sees it.",
        ),
        Option(
            "black_trio",
            False,
            (False, True),
            description="Black Trio Blocks the Swap: black L+M+S on the board closes swaps.",
        ),
        Option(
            "biggest_only", False, (False, True), description="Only the Biggest Group Counts, per colour."
        ),
        Option(
            "size_points",
            False,
            (False, True),
            description="The Size of the Group Gives Points: +1 per piece in a group.",
        ),
        Option("no_center", False, (False, True), description="No Center: slots are +3, +2, -1, -2."),
        Option(
            "objectives",
            "choose",
            ("choose", "deck"),
            description="Objectives chosen by each player, or dealt from the deck.",
            labels=("Each player chooses", "Dealt from the objective deck"),
        ),
        Option(
            "first_player",
            "random",
            ("random", 1, 2),
            description="Who moves first: random, or P1 / P2.",
            labels=("Random", "P1 (the host)", "P2 (the opponent)"),
        ),
    ),
    topics=TOPICS,
)


def position(
    board: dict[str, str],
    *,
    objectives: tuple[str | None, str | None] | None = None,
    public: tuple[tuple[int, ...], tuple[int, ...]] = ((), ()),
    to_move: int = 0,
    turn: int = 1,
    drawn: str | None = None,
    bag: dict[str, int] | None = None,
    options: dict | None = None,
) -> MarsState:
    """A play-phase state from a board ({"c4": "G3"}), for tests and tools: each seat's objective in
    notation ("+2:Y +1:G 0:R -1:B"; None: still to choose; by default the colours in their order
    from the highest slot down), the values of the slots each has made public, the seat to move on
    which turn, and the piece it drew. The bag holds what the board and that piece leave of it,
    unless `bag` is given."""
    state = MarsState(options=MARS.resolve_options(options), rng=Rng(3), first=0)
    state.board = {square: Pyramid.parse(code) for square, code in board.items()}
    if objectives is None:
        default = " ".join(
            f"{slot_text(v)}:{c}" for v, c in zip(state.slot_values, state.colours, strict=True)
        )
        objectives = (default, default)
    state.objectives = [dict(MARS.parse_action(text).slots) if text else None for text in objectives]
    state.public = [set(values) for values in public]
    state.current, state.turn = to_move, turn
    state.drawn = Pyramid.parse(drawn) if drawn else None
    if bag is None:
        state.bag -= Counter([*board.values(), *([drawn] if drawn else [])])
    else:
        state.bag = Counter(bag)
    return state
