"""Martian Senet (Matthew Rogers): a race of nesting and stacking pyramids along a zig-zag path
over three coasters. Implements shared/rules/senet.md, rulings R1-R17.

Players are "a" and "b"; which seat plays A, who moves first, is random (R11). The engine rolls
the die itself: after every action it rolls and resolves until a player has a real decision, a
move for the pending roll or, on a 5, the coaster move E or W. Rolls with no legal move are
recorded as `<roll>:-` and skipped.

Squares are indexed along the path: S1..S9 = 1..9, B9..B1 = 10..18, P1..P9 = 19..27; beyond 27
is off the board.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise

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
from .senet_views import SIZE_LETTERS, Piece, SenetPlayer, SenetRoll, SenetSquare, SenetView

PLAYERS = ("a", "b")
SIZES = {letter: size for size, letter in SIZE_LETTERS.items()}
LAST_SQUARE = 27
SOURCE_SQUARES = range(1, 10)
OFF = "off"
PYRAMIDS_EACH = 12
COASTER_ROLL = 5
ROLL_AGAIN = (1, 6)
TRACK_MULTIPLIERS = {"S": 3, "B": 2, "P": 1}  # points per pip of the loser's pyramids (spec 5)

# Colour codes (games.pieces.COLOUR_NAMES) per player. Colours are display only (R15).
COLOUR_SETS = {
    "single": {"a": ("B",), "b": ("O",)},
    "treehouse": {"a": ("G", "B"), "b": ("R", "Y")},
    "treehouse_alt": {"a": ("C", "P"), "b": ("O", "L")},
}
# Source-track columns of each player's nests: the first two in the first colour, then the second.
NEST_COLUMNS = {"a": (1, 3, 6, 8), "b": (2, 4, 7, 9)}


def other_player(player: str) -> str:
    return "b" if player == "a" else "a"


def rolls_again(roll: int) -> bool:
    """Whether the player rolls again once this roll is used or skipped: after a 1, a 6 or a
    coaster move (R10), unless the game is over."""
    return roll in ROLL_AGAIN or roll == COASTER_ROLL


# --- geometry (spec 1) --------------------------------------------------------------------


def _name_of(index: int) -> str:
    if index <= 9:
        return f"S{index}"
    if index <= 18:
        return f"B{19 - index}"
    return f"P{index - 18}"


SQUARES = tuple(_name_of(index) for index in range(1, LAST_SQUARE + 1))  # in path order
SQUARE_INDEX = {name: index for index, name in enumerate(SQUARES, start=1)}


def square_name(index: int) -> str:
    """The square at a path index, or "off" past P9."""
    return SQUARES[index - 1] if index <= LAST_SQUARE else OFF


def _coaster_column(column: int, direction: str) -> int:
    """R8: a cyclic shift by one coaster. E takes the east coaster to the west end, W the reverse."""
    if direction == "E":
        return column + 6 if column <= 3 else column - 3
    return column - 6 if column >= 7 else column + 3


def _coaster_shift(direction: str) -> tuple[int, ...]:
    """The new path index of every square after a coaster move (index 0 unused)."""
    moved = [SQUARE_INDEX[f"{name[0]}{_coaster_column(int(name[1]), direction)}"] for name in SQUARES]
    return (0, *moved)


COASTER_SHIFTS = {direction: _coaster_shift(direction) for direction in "EW"}
# How far a coaster move takes the stack on each square along the path (index 0 unused).
COASTER_STEPS = {
    direction: tuple(new - old for old, new in enumerate(shift))
    for direction, shift in COASTER_SHIFTS.items()
}


# --- pyramids and stacks (spec 3) ---------------------------------------------------------


def peak(stack: list[Piece]) -> int:
    """Index of the nest's outermost pyramid: the end of the rising run from the bottom."""
    top = 0
    while top + 1 < len(stack) and stack[top + 1].size == stack[top].size + 1:
        top += 1
    return top


def block_owner(stack: list[Piece]) -> str | None:
    """R7: the owner of the top three if they are one player's L, M, S tree-wise."""
    if len(stack) < 3:
        return None
    large, medium, small = stack[-3:]
    if (large.size, medium.size, small.size) == (3, 2, 1) and large.owner == medium.owner == small.owner:
        return large.owner
    return None


def is_valid_stack(sizes: list[int]) -> bool:
    """R6: sizes rise one step at a time, then fall one step at a time (a tree may sit on a nest)."""
    falling = False
    for lower, upper in pairwise(sizes):
        if upper == lower + 1 and not falling:
            continue
        if upper == lower - 1:
            falling = True
            continue
        return False
    return all(size in SIZE_LETTERS for size in sizes)


def stack_text(stack: list[Piece]) -> str:
    return ".".join(str(piece) for piece in stack)


def landing_problem(stack: list[Piece], size: int, square: str) -> IllegalAction | None:
    """R6: why a unit whose bottom pyramid has `size` can't land on `stack` (the refusal, a template
    with its values so it can be said in any language), or None if it can."""
    if not stack:
        return None
    top = stack[-1].size
    if size == top - 1:
        return None  # tree-wise onto the top
    if size == top + 1:
        if peak(stack) == len(stack) - 1:
            return None  # nest-wise over a stack with no tree part
        return IllegalAction(
            "An {size} can't cover the {top} on {square}: it sits on a tree, and nests can't be built on trees.",
            size=SIZE_LETTERS[size],
            top=SIZE_LETTERS[top],
            square=square,
        )
    return IllegalAction("An {size} can't land on an {top}.", size=SIZE_LETTERS[size], top=SIZE_LETTERS[top])


# --- actions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """Move the pyramid of `size` on `origin` and everything on top of it. `target` is a square or
    "off"; None is the typed short form (`S8L`), whose target follows from the pending roll."""

    origin: str
    size: int
    target: str | None

    def __str__(self) -> str:
        text = f"{self.origin}{SIZE_LETTERS[self.size]}"
        return text if self.target is None else f"{text}-{self.target}"


@dataclass(frozen=True)
class Coaster:
    """On a 5: E takes the east coaster to the west end, W the west coaster to the east end."""

    direction: str

    def __str__(self) -> str:
        return self.direction


SenetAction = Move | Coaster

_MOVE_PATTERN = re.compile(r"([SBP][1-9])([SML])(?:-([SBP][1-9]|OFF))?", re.IGNORECASE | re.ASCII)


def log_entry(entry: dict) -> SenetRoll:
    """A roll of the log (or the last move) as views show it: who, the roll and the action, with the
    action's facts for words and pictures: a move's origin, size and target (a square or "off"), a
    coaster move's direction. A roll without a move ("-") has none."""
    player, roll, action = entry["player"], entry["roll"], entry["action"]
    if action in ("E", "W"):
        return SenetRoll(player, roll, action, coaster=action)
    found = _MOVE_PATTERN.fullmatch(action)
    if found is None:
        return SenetRoll(player, roll, action)
    origin, letter, target = found.groups()
    if target is not None:  # logged moves always name it; a typed short form doesn't
        target = OFF if target.upper() == "OFF" else target.upper()
    return SenetRoll(player, roll, action, origin=origin.upper(), size=SIZES[letter.upper()], target=target)


def square_view(stack: list[Piece] | tuple[Piece, ...]) -> SenetSquare:
    """A stack as views show it, with its nest, tree and block."""
    top = peak(stack)
    return SenetSquare(
        stack=tuple(stack),
        peak=top,
        is_nest=top > 0,
        is_tree=top + 1 < len(stack),
        block_owner=block_owner(stack),
    )


# --- the state ----------------------------------------------------------------------------


class SenetState:
    def __init__(self, *, options: dict, rng: Rng, a_seat: int) -> None:
        self.options = options
        self.rng = rng
        self.a_seat = a_seat
        self.stacks: list[list[Piece]] = [[] for _ in range(LAST_SQUARE + 1)]  # by path index; 0 unused
        self.off = {"a": 0, "b": 0}
        self.current = "a"  # the player the pending roll belongs to
        self.roll: int | None = None  # the roll waiting for the current player's decision
        self.turn = 1
        self.turn_log: list[dict] = []  # roll entries of the current turn
        self.previous_log: list[dict] = []  # ... and of the turn before it
        self.last: dict | None = None  # the last move or coaster move made
        self.winner: str | None = None

    # -- setup

    def colours_of(self, player: str) -> tuple[str, ...]:
        return COLOUR_SETS[self.options["colours"]][player]

    def set_up(self) -> None:
        """Spec 2: eight nests on the Source track, S5 left empty."""
        for player in PLAYERS:
            colours = self.colours_of(player)
            for number, column in enumerate(NEST_COLUMNS[player]):
                colour = colours[number * len(colours) // 4]
                self.stacks[column] = [Piece(player, size, colour) for size in (1, 2, 3)]

    # -- protocol

    def seat_of(self, player: str) -> int:
        return self.a_seat if player == "a" else 1 - self.a_seat

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def order_free(self) -> bool:
        return False

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.is_over else (self.seat_of(self.current),)

    def legal_actions(self, seat: int) -> list[SenetAction]:
        if self.is_over or self.roll is None or seat != self.seat_of(self.current):
            return []
        return self.moves_for_roll(self.current, self.roll)

    def moves_for_roll(self, player: str, roll: int) -> list[SenetAction]:
        """The legal actions `player` would have with `roll` here (spec 4), ordered by origin along
        the path, then by size, largest first. Changes nothing."""
        if roll == COASTER_ROLL:
            return [Coaster("E"), Coaster("W")]
        moves: list[SenetAction] = []
        blockers = self._block_owners()
        for origin in range(1, LAST_SQUARE + 1):
            stack = self.stacks[origin]
            if not stack:
                continue
            for base in range(peak(stack), len(stack)):  # sizes fall going up the movable part
                if (
                    stack[base].owner == player
                    and self._move_problem(player, origin, base, roll, blockers) is None
                ):
                    moves.append(Move(SQUARES[origin - 1], stack[base].size, square_name(origin + roll)))
        return moves

    def _block_owners(self) -> list[str | None]:
        return [block_owner(stack) for stack in self.stacks]

    def _move_problem(
        self, player: str, origin: int, base: int, roll: int, blockers: list[str | None]
    ) -> IllegalAction | None:
        """Why moving the unit from `base` up on square `origin` by `roll` is illegal (the refusal),
        or None. `blockers` is the block owner per square (`_block_owners`), found once per position."""
        unit = self.stacks[origin][base:]
        owners = {piece.owner for piece in unit}
        target = origin + roll
        for passed in range(origin + 1, min(target, LAST_SQUARE + 1)):
            blocker = blockers[passed]
            if blocker is not None and owners != {blocker}:
                if blocker == player:
                    return IllegalAction(
                        "That path is blocked by your own block on {square}: "
                        "a unit carrying {player}'s pyramids can't pass it.",
                        square=SQUARES[passed - 1],
                        player=other_player(player).upper(),
                    )
                return IllegalAction(
                    "That path is blocked by {player}'s block on {square}.",
                    player=blocker.upper(),
                    square=SQUARES[passed - 1],
                )
        if target <= LAST_SQUARE:
            return landing_problem(self.stacks[target], unit[0].size, SQUARES[target - 1])
        if self.has_source_pyramids(player):
            return IllegalAction("You still have pyramids on the Source track, so you can't bear off yet.")
        if owners != {player}:
            return IllegalAction(
                "That unit carries {player}'s pyramids, so it can't bear off (R9).",
                player=other_player(player).upper(),
            )
        return None

    def has_source_pyramids(self, player: str) -> bool:
        """Counting the ones locked inside nests too (R9)."""
        return any(piece.owner == player for index in SOURCE_SQUARES for piece in self.stacks[index])

    # -- actions

    def apply(self, seat: int, action: SenetAction) -> list[str]:
        if self.is_over:
            raise IllegalAction("This match is already over.")
        if seat != self.seat_of(self.current) or self.roll is None:
            raise IllegalAction("It is not your turn.")
        if isinstance(action, Coaster):
            return self._move_coaster(action)
        if isinstance(action, Move):
            return self._move_unit(action)
        raise IllegalAction(
            "That is not a Senet action: write a move like S8L-B5 (or just S8L), P7L-off, or E / W after a 5."
        )

    def _move_coaster(self, action: Coaster) -> list[str]:
        if self.roll != COASTER_ROLL:
            raise IllegalAction(
                "Coaster moves are for a roll of 5; you rolled a {roll}, so move a pyramid.", roll=self.roll
            )
        if action.direction not in ("E", "W"):
            raise IllegalAction("The coaster move is E or W.")
        progress = self._coaster_progress()  # for texts: this direction, and the other instead
        instead = "W" if action.direction == "E" else "E"
        shift = COASTER_SHIFTS[action.direction]
        moved: list[list[Piece]] = [[] for _ in range(LAST_SQUARE + 1)]
        for index in range(1, LAST_SQUARE + 1):
            moved[shift[index]] = self.stacks[index]
        self.stacks = moved
        self.last = {
            "player": self.current,
            "roll": COASTER_ROLL,
            "action": str(action),
            "from": None,
            "to": None,
        }
        events = [
            self._record(
                COASTER_ROLL,
                str(action),
                {
                    "coaster": action.direction,
                    "progress": progress[action.direction],
                    "instead": progress[instead],
                },
            )
        ]
        return events + self._roll_until_decision()

    def _coaster_progress(self) -> dict[str, dict[str, int]]:
        """Per direction, how many steps along the path its coaster move would take each player's
        pyramids, summed over them (negative: back)."""
        progress = {direction: {player: 0 for player in PLAYERS} for direction in "EW"}
        east, west = progress["E"], progress["W"]
        for index, stack in enumerate(self.stacks):
            for piece in stack:
                east[piece.owner] += COASTER_STEPS["E"][index]
                west[piece.owner] += COASTER_STEPS["W"][index]
        return progress

    def _move_unit(self, action: Move) -> list[str]:
        roll, player = self.roll, self.current
        if roll == COASTER_ROLL:
            raise IllegalAction("You rolled a 5: move a coaster instead, E or W.")
        origin = SQUARE_INDEX.get(action.origin)
        if origin is None or action.size not in SIZE_LETTERS:
            raise IllegalAction(
                "That is not a Senet move: write a move like S8L-B5 (or just S8L), P7L-off, or E / W after a 5."
            )
        base = self._base_of(player, origin, action.size)
        target = square_name(origin + roll)
        if action.target is not None and action.target != target:
            facts = {"roll": roll, "size": SIZE_LETTERS[action.size], "origin": action.origin}
            if target == OFF:
                raise IllegalAction(
                    "With a {roll}, the {size} on {origin} goes off the board, not to {wanted}.",
                    wanted=action.target,
                    **facts,
                )
            if action.target == OFF:
                raise IllegalAction(
                    "With a {roll}, the {size} on {origin} goes to {target}, not off the board.",
                    target=target,
                    **facts,
                )
            raise IllegalAction(
                "With a {roll}, the {size} on {origin} goes to {target}, not to {wanted}.",
                target=target,
                wanted=action.target,
                **facts,
            )
        problem = self._move_problem(player, origin, base, roll, self._block_owners())
        if problem is not None:
            raise problem
        stack = self.stacks[origin]
        unit = stack[base:]
        breaks_block = len(unit) < 3 and block_owner(stack) == player  # three: the block moves whole
        del stack[base:]
        landing = self.stacks[origin + roll] if target != OFF else None
        onto = landing[-1] if landing else None
        if landing is None:
            self.off[player] += len(unit)
        else:
            landing.extend(unit)
        notation = str(Move(action.origin, action.size, target))
        self.last = {"player": player, "roll": roll, "action": notation, "from": action.origin, "to": target}
        # What the move did, for texts (nothing downstream re-reads the rules). Pyramids are Pieces.
        facts = {
            "from": action.origin,
            "to": target,
            "size": action.size,
            "unit": unit,  # the pyramid moved and those that rode on it, bottom to top
            "onto": onto,  # the top it landed on, None on an empty square or off
            "covers": onto is not None and onto.size < action.size,  # nest-wise: locked in now
            # the outer pyramid left its nest: the one inside is the outer one now, free to move
            "uncovers": stack[-1] if stack and stack[-1].size < action.size else None,
            "block": landing is not None and block_owner(landing) == player,
            "breaks_block": breaks_block,
            # the mover's last pyramid on the Source went: bearing off is open from now on
            "left_source": origin <= SOURCE_SQUARES[-1] < origin + roll
            and not self.has_source_pyramids(player),
            "borne_off": self.off[player],
        }
        events = [self._record(roll, notation, facts)]
        if self.off[player] == PYRAMIDS_EACH:  # R14: the game ends at once, even on a 1 or 6
            self.winner = player
            self.roll = None
            points = self.points()
            return [*events, Event(f"# {player.upper()} wins {points}", winner=player, points=points)]
        if not rolls_again(roll):
            events += self._pass_turn()
        return events + self._roll_until_decision()

    def _base_of(self, player: str, origin: int, size: int) -> int:
        """Where in the stack on `origin` the unit to move starts, with the reason if it can't."""
        stack, square, letter = self.stacks[origin], SQUARES[origin - 1], SIZE_LETTERS[size]
        if not stack:
            raise IllegalAction("There is no pyramid on {square}.", square=square)
        outer = peak(stack)
        for position in range(outer, len(stack)):
            if stack[position].size == size:
                owner = stack[position].owner
                if owner != player:
                    raise IllegalAction(
                        "The {size} on {square} is {player}'s: you can only move your own "
                        "pyramids (the other player's may ride along on top of them).",
                        size=letter,
                        square=square,
                        player=owner.upper(),
                    )
                return position
        if any(piece.size == size for piece in stack[:outer]):
            raise IllegalAction(
                "The {size} on {square} is locked inside a nest: only the outer "
                "{outer} and what is on top of it can move.",
                size=letter,
                square=square,
                outer=SIZE_LETTERS[stack[outer].size],
            )
        raise IllegalAction("There is no {size} on {square}.", size=letter, square=square)

    def _record(self, roll: int, action: str, facts: dict | None = None) -> Event:
        """A roll of the turn's log, and its event. `facts` add what a move or coaster move did
        (taken as the event's own: every search move makes one, so nothing is copied)."""
        self.turn_log.append({"player": self.current, "roll": roll, "action": action})
        event = Event(f"{roll}:{action}")
        event.facts = facts if facts is not None else {}
        event.facts.update(player=self.current, roll=roll, action=action, again=rolls_again(roll))
        return event

    def _pass_turn(self) -> list[str]:
        self.current = other_player(self.current)
        self.turn += 1
        self.previous_log, self.turn_log = self.turn_log, []
        return [Event(f"PASS {self.current.upper()}", player=self.current)]

    def _roll_until_decision(self) -> list[str]:
        """Roll for the current player, skipping rolls with no legal move (R10), until one needs a
        decision. A 5 always does, so this ends."""
        events = []
        self.roll = None
        while True:
            roll = self.rng.below(6) + 1
            events.append(Event(f"ROLL {self.current.upper()} {roll}", player=self.current, roll=roll))
            if self.moves_for_roll(self.current, roll):
                self.roll = roll
                return events
            events.append(self._record(roll, "-"))
            if not rolls_again(roll):
                events += self._pass_turn()

    # -- scoring (spec 5)

    def loser_pips(self) -> dict[str, int]:
        """Once the game is over: the loser's pips still on the board, per track (locked and trapped
        ones included)."""
        loser = other_player(self.winner)
        pips = {track: 0 for track in TRACK_MULTIPLIERS}
        for index in range(1, LAST_SQUARE + 1):
            for piece in self.stacks[index]:
                if piece.owner == loser:
                    pips[SQUARES[index - 1][0]] += piece.size
        return pips

    def points(self) -> int:
        return sum(pips * TRACK_MULTIPLIERS[track] for track, pips in self.loser_pips().items())

    @property
    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        winner_seat = self.seat_of(self.winner)
        scores = [0, 0]
        scores[winner_seat] = self.points()
        return Outcome(tuple(scores), (winner_seat,))

    # -- what each seat may see (everything is public)

    def view(self, seat: int | None) -> SenetView:
        legal = self.legal_actions(self.seat_of(self.current))
        landings = {action.target for action in legal if isinstance(action, Move)}
        loser = other_player(self.winner) if self.is_over else None
        return SenetView(
            game="senet",
            seat=seat,
            to_move=self.to_move,
            is_over=self.is_over,
            winners=(self.seat_of(self.winner),) if self.is_over else (),
            players={
                player: SenetPlayer(
                    letter=player,
                    seat=self.seat_of(player),
                    colours=self.colours_of(player),
                    off=self.off[player],
                    to_move=not self.is_over and self.current == player,
                    won=self.winner == player,
                )
                for player in PLAYERS
            },
            squares={
                SQUARES[index - 1]: square_view(self.stacks[index])
                for index in range(1, LAST_SQUARE + 1)
                if self.stacks[index]
            },
            current=self.current,
            roll=self.roll,
            # What the pending roll does: a coaster move, or steps; and whether the player rolls again.
            coaster_roll=self.roll == COASTER_ROLL,
            roll_again=self.roll is not None and rolls_again(self.roll),
            legal=tuple(str(action) for action in legal),
            landings=tuple(sorted(landings, key=lambda target: SQUARE_INDEX.get(target, LAST_SQUARE + 1))),
            last=log_entry(self.last) if self.last else None,
            log=tuple(log_entry(entry) for entry in self.previous_log + self.turn_log),
            turn=self.turn,
            winner=self.winner,
            loser=loser,
            points=self.points() if self.is_over else None,
            breakdown=self.loser_pips() if self.is_over else None,
            track_points=dict(TRACK_MULTIPLIERS),
            pyramids_each=PYRAMIDS_EACH,
        )

    def secrets(self, seat: int) -> set[str]:
        return set()

    def stacks_notation(self) -> str:
        """The non-empty squares in spec 9 notation, in path order: `S1=aS.aM.aL S2=...`."""
        return " ".join(
            f"{SQUARES[index - 1]}={stack_text(self.stacks[index])}"
            for index in range(1, LAST_SQUARE + 1)
            if self.stacks[index]
        )

    def notation(self) -> str:
        """The position line of spec 9: `A to move; offA=0 offB=0; S1=aS.aM.aL ...`."""
        return f"{self.current.upper()} to move; offA={self.off['a']} offB={self.off['b']}; {self.stacks_notation()}"

    # -- persistence

    def to_json(self) -> dict:
        return {
            "options": dict(self.options),
            "rng": self.rng.to_json(),
            "a_seat": self.a_seat,
            "squares": {
                SQUARES[index - 1]: [list(piece) for piece in self.stacks[index]]
                for index in range(1, LAST_SQUARE + 1)
                if self.stacks[index]
            },
            "off": dict(self.off),
            "current": self.current,
            "roll": self.roll,
            "turn": self.turn,
            "turn_log": [dict(entry) for entry in self.turn_log],
            "previous_log": [dict(entry) for entry in self.previous_log],
            "last": dict(self.last) if self.last else None,
            "winner": self.winner,
        }

    @classmethod
    def from_json(cls, data: dict) -> SenetState:
        state = cls(options=dict(data["options"]), rng=Rng.from_json(data["rng"]), a_seat=data["a_seat"])
        for name, pieces in data["squares"].items():
            state.stacks[SQUARE_INDEX[name]] = [Piece(*piece) for piece in pieces]
        state.off = dict(data["off"])
        state.current = data["current"]
        state.roll = data["roll"]
        state.turn = data["turn"]
        state.turn_log = [dict(entry) for entry in data["turn_log"]]
        state.previous_log = [dict(entry) for entry in data["previous_log"]]
        state.last = dict(data["last"]) if data["last"] else None
        state.winner = data["winner"]
        return state

    def clone(self) -> SenetState:
        """An independent copy, like `from_json(to_json())`; pieces are immutable and shared."""
        state = shallow_copy(self)
        state.options = dict(self.options)
        state.rng = self.rng.copy()
        state.stacks = [list(stack) for stack in self.stacks]
        state.off = dict(self.off)
        state.turn_log = copy_data(self.turn_log)
        state.previous_log = copy_data(self.previous_log)
        state.last = copy_data(self.last)
        return state

    def determinize(self, seat: int, seed: int) -> SenetState:
        """Nothing is hidden in Senet but the dice to come: a clone rolling with a new generator."""
        state = self.clone()
        state.rng = determinized_rng(seed)
        return state


# The rules a player meets (tutorials introduce each): what they can do, how the match ends and
# scores. Rolls without a move are skipped by the engine, so no player ever presses a pass.
TOPICS = (
    Topic("move", "action", "§4, R2, R4-R6"),  # a pyramid and what rides on it, exactly the roll
    Topic("coaster", "action", "§4, R8"),  # on a 5: E or W
    Topic("bear-off", "action", "§4, R9"),  # past P9, once off the Source
    Topic("win", "ending", "§5, R14"),  # the twelfth pyramid off ends the match at once
    Topic("points", "scoring", "§5, R12"),  # the loser's pyramids left: pips times the track's factor
)


class Senet(Game):
    def topics_of(self, action: SenetAction, events: list[str]) -> list[str]:
        """The action's kind (from its own roll entry, the first event), then the end and its
        points if the move bore off the twelfth pyramid."""
        record = events[0].facts
        if "coaster" in record:
            kind = "coaster"
        elif record["to"] == OFF:
            kind = "bear-off"
        else:
            kind = "move"
        ended = any("winner" in event.facts for event in events)
        return [kind, "win", "points"] if ended else [kind]

    def marks(self, state: SenetState, seat: int, action: SenetAction) -> SenetRoll | None:
        """The action as the view's `last` gives a move made, so a picture can mark the unit that
        goes and where; None when it is not `seat`'s roll."""
        if state.roll is None or seat not in state.to_move:
            return None
        if isinstance(action, Move):
            target = square_name(SQUARE_INDEX[action.origin] + state.roll)
            action = Move(action.origin, action.size, target)
        return log_entry({"player": state.current, "roll": state.roll, "action": str(action)})

    def new(self, num_players: int, seed: int, options: dict | None = None) -> SenetState:
        self.check_players(num_players)
        rng = Rng(seed)
        state = SenetState(options=self.resolve_options(options), rng=rng, a_seat=rng.below(2))
        state.set_up()
        state._roll_until_decision()
        return state

    def from_json(self, data: dict) -> SenetState:
        return SenetState.from_json(data)

    def parse_action(self, text: str) -> SenetAction:
        """Reads `S8L-B5`, `P7L-off`, the short form `S8L`, and `E` / `W`, in any case."""
        word = "".join(text.split())
        if word in ("E", "W", "e", "w"):
            return Coaster(word.upper())
        found = _MOVE_PATTERN.fullmatch(word)
        if found is None:
            if not word:
                raise IllegalAction(
                    "Write an action: write a move like S8L-B5 (or just S8L), P7L-off, or E / W after a 5."
                )
            raise IllegalAction(
                "'{word}' is not a Senet action: write a move like S8L-B5 (or just S8L), P7L-off, "
                "or E / W after a 5.",
                word=word,
            )
        origin, letter, target = found.groups()
        target = None if target is None else OFF if target.upper() == "OFF" else target.upper()
        return Move(origin.upper(), SIZES[letter.upper()], target)


SENET = Senet(
    id="senet",
    title="Martian Senet",
    min_players=2,
    max_players=2,
    options=(
        Option(
            "colours",
            "single",
            ("single", "treehouse", "treehouse_alt"),
            description="How the pyramids look (display only): one colour each, or two Treehouse sets",
            labels=(
                "One colour each",
                "Treehouse: green+blue vs red+yellow",
                "Treehouse: cyan+purple vs orange+clear",
            ),
        ),
    ),
    topics=TOPICS,
)


def position(
    text: str,
    *,
    to_move: str,
    off_a: int = 0,
    off_b: int = 0,
    roll: int | None = None,
    options: dict | None = None,
) -> SenetState:
    """A state from spec-style stacks, e.g. "S5=aS.bM.aL S9=bL.bM.bS", for tests and tools.

    Seat 0 plays A. Pieces take their owner's first colour. `roll` becomes the pending roll as it
    stands (None: nothing rolled yet); unlike play, a roll with no legal move is not skipped.
    """
    state = SenetState(options=SENET.resolve_options(options), rng=Rng(0), a_seat=0)
    for word in text.split():
        name, _, pieces = word.partition("=")
        index = SQUARE_INDEX.get(name.upper())
        tokens = pieces.split(".")
        if index is None or not all(len(t) == 2 and t[0] in PLAYERS and t[1] in SIZES for t in tokens):
            raise ValueError(f"bad stack {word!r}: write it like S5=aS.bM")
        stack = [Piece(t[0], SIZES[t[1]], state.colours_of(t[0])[0]) for t in tokens]
        if not is_valid_stack([piece.size for piece in stack]):
            raise ValueError(f"{word} breaks the stacking grammar (R6)")
        state.stacks[index] = stack
    state.off = {"a": off_a, "b": off_b}
    for player in PLAYERS:
        on_board = sum(piece.owner == player for stack in state.stacks for piece in stack)
        if on_board + state.off[player] > PYRAMIDS_EACH:
            raise ValueError(f"{player.upper()} has more than {PYRAMIDS_EACH} pyramids")
    state.current = to_move.lower()
    state.roll = roll
    return state
