"""Martian Combat: 2-4 players race their Treehouse trios across a 6x6 board to build [L M S] trees
on the two home squares across from them, fighting with pyramid pips plus a d6 on the way, and
taking one Treehouse action per turn. Implements shared/rules/combat.md, rulings R1-R30; the
notation, events and view follow briefs/combat_api.md.

Seats 0..n-1 sit clockwise on the sides S, W, N, E (2 players: S and N; 3: S, W and N) and play
red, yellow, blue and green by side. The engine rolls every die itself with the match's Rng and
does everything that needs no decision inside `new()` and `apply()`: the first-player roll-off,
combat and Hop rolls, the action die with its re-rolls, Tip, caps, wins, forced returns and
reserve entries, skipped move and action steps, and passing the turn. `to_move` is always the
one seat that must decide now, which during a combat opportunity may be an opponent.

Pyramids are strings, colour then pips (`R3`); a stack is a list, bottom -> top. Squares are
indexed 0..35 as (rank - 1) * 6 + file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise

from .combat_views import (
    ActionDie,
    Aim,
    Arrow,
    Choice,
    CombatView,
    Fight,
    Force,
    HopResult,
    LogEntry,
    Marks,
    Offer,
    PyramidSpot,
    Returning,
    Seat,
    Square,
    Target,
    Totals,
    gathered_marks,
)
from .core import (
    N_,
    Event,
    Game,
    IllegalAction,
    Option,
    Outcome,
    Rng,
    Topic,
    Word,
    copy_data,
    determinized_rng,
    shallow_copy,
)
from .pieces import COLOUR_NAMES

# --- the board (spec 1) --------------------------------------------------------------------

FILES = "abcdef"
SQUARES = tuple(f"{FILES[index % 6]}{index // 6 + 1}" for index in range(36))
INDEX = {name: index for index, name in enumerate(SQUARES)}


def _distance(a: int, b: int) -> int:
    """King-move (Chebyshev) distance."""
    return max(abs(a % 6 - b % 6), abs(a // 6 - b // 6))


DISTANCE = tuple(tuple(_distance(a, b) for b in range(36)) for a in range(36))
ADJACENT = tuple(tuple(b for b in range(36) if DISTANCE[a][b] == 1) for a in range(36))
HOP_REACH = tuple(tuple(b for b in range(36) if 1 <= DISTANCE[a][b] <= 2) for a in range(36))

VERSIONS = ("standard", "simple", "advanced")
CORNERS = ("a1", "f1", "a6", "f6")
CENTRE = ("c3", "d3", "c4", "d4")
BLOCKED = {
    "standard": frozenset(INDEX[name] for name in CORNERS + CENTRE),
    "simple": frozenset(INDEX[name] for name in CORNERS),
    "advanced": frozenset(INDEX[name] for name in CORNERS + CENTRE),  # R26: reserves sit on the centre
}
TRIOS = {"standard": 2, "simple": 2, "advanced": 3}  # per player colour

PLAYER_COLOURS = "RYBG"
SIZE_OF = {f"{colour}{size}": size for colour in PLAYER_COLOURS for size in (1, 2, 3)}
# Legal stacks (R8): trees and nests of any colours, never two pyramids of one size.
LEGAL_SIZES = frozenset(
    {(), (1,), (2,), (3,), (1, 2), (1, 3), (2, 3), (2, 1), (3, 1), (3, 2), (1, 2, 3), (3, 2, 1)}
)


def is_legal_stack(stack: list[str]) -> bool:
    return tuple(SIZE_OF[pyramid] for pyramid in stack) in LEGAL_SIZES


def stack_text(stack: list[str]) -> str:
    return "[" + " ".join(stack) + "]"


def force_size(stack: list[str], colour: str) -> int:
    """How many pyramids of `colour` run down unbroken from the top (R11): the force, or 0."""
    size = 0
    for pyramid in reversed(stack):
        if pyramid[0] != colour:
            break
        size += 1
    return size


def force_pips(stack: list[str], colour: str) -> int:
    size = force_size(stack, colour)
    return sum(SIZE_OF[pyramid] for pyramid in stack[len(stack) - size :])


def colour_name(colour: str) -> Word:
    return Word(COLOUR_NAMES[colour].capitalize())


def covered_flags(stack: list[str]) -> list[bool]:
    """Per pyramid, bottom to top: whether another colour's pyramid lies above it (pinned or dug),
    so it can't move, swap or dig (R11, R18, R20)."""
    return [
        any(other[0] != pyramid[0] for other in stack[height + 1 :]) for height, pyramid in enumerate(stack)
    ]


def is_nest(stack: list[str]) -> bool:
    """Sizes rising upward: the top is the outer pyramid, covering all the others."""
    return len(stack) >= 2 and all(SIZE_OF[below] < SIZE_OF[above] for below, above in pairwise(stack))


def square_view(stack: list[str], *, capped: bool = False, reserve: bool = False) -> Square:
    """One occupied square as views show it, with its force: the top owner's unbroken run (R11)."""
    colour = stack[-1][0]
    return Square(
        stack=tuple(stack),
        capped=capped,
        reserve=reserve,
        force=Force(colour, force_size(stack, colour), force_pips(stack, colour)),
        covered=tuple(covered_flags(stack)),
        frozen=capped or reserve,
        nest=is_nest(stack),
    )


# --- the log's tokens as facts ---------------------------------------------------------------


def _pair(text: str) -> list[int]:
    first, second = text.split(":")
    return [int(first), int(second)]


def _step_facts(text: str) -> dict:
    whole = "=" in text
    origin, target = text.split("=" if whole else "-")
    return {"origin": origin, "target": target, "whole": whole}


def _pyramid_facts(text: str) -> dict:
    pyramid, square = text.split("@")
    return {"pyramid": pyramid, "square": square}


def log_event(text: str) -> Event:
    """A log token (or the TURN event) with its facts: whatever each kind holds (squares, dice,
    colours), plus `squares` it names and `arrows` [from, to, both ways] for the pictures. The engine
    writes these tokens, so this is the one place that reads them back (stored logs hold text)."""
    words = text.split()
    kind, rest = words[0], words[1:]
    facts: dict = {}
    if kind == "FIRST":
        facts["rolls"] = [[colour, int(roll)] for colour, roll in (word.split(":") for word in rest)]
    elif kind == "TURN":
        facts.update(turn=int(rest[0]), colour=rest[1])
    elif kind in ("M", "AM", "HP") and rest and rest[0] not in ("-", "/") and not rest[0].isdigit():
        facts.update(_step_facts(rest[0]))
        if kind == "HP":
            facts["rolls"] = [_pair(word) for word in rest[1:]]
            if facts["rolls"]:  # the log's hop holds its roll-off; the action doesn't
                facts["stayed"] = facts["rolls"][-1][0] > facts["rolls"][-1][1]
    elif kind == "AM" and rest[0].isdigit():
        facts["budget"] = int(rest[0])
    elif kind == "AM":
        facts["end"] = True
    elif kind == "X" and rest[0] != "-":
        origin, target = rest[0].split(">")
        facts.update(origin=origin, target=target)
        if len(rest) > 1:  # the log's attack holds round 1's rolls; the action doesn't
            facts["rolls"] = _pair(rest[1])
    elif kind in ("C", "T") and rest and rest[0] != "-":
        facts["rolls"] = _pair(rest[0])
    elif kind in ("WINNER", "RET", "RES", "CAP"):
        facts["square"] = rest[0]
    elif kind.startswith("A") and kind[1:].rstrip("!").isdigit():
        roll = int(kind[1:].rstrip("!"))
        facts.update(roll=roll, action=DIE_ACTIONS[roll], rerolled=kind.endswith("!"))
    elif kind in ("SW", "DG"):
        facts.update(mine=_pyramid_facts(rest[0]), theirs=_pyramid_facts(rest[1]))
    elif kind == "REMOVED":
        facts["pyramids"] = list(rest)
    elif kind == "ELIMINATED":
        facts["colour"] = rest[0]
    elif kind == "WIN":
        facts["colours"] = list(rest)
    elif kind == "W":
        facts["chosen"] = CODE_ACTIONS[rest[0]]
    facts["squares"], facts["arrows"] = _marks(kind, facts)
    return Event(text, **facts)


def _marks(kind: str, facts: dict) -> tuple[list[str], list[list]]:
    """The squares a token names, and its arrows: a step, attack or hop; a swap both ways."""
    if "origin" in facts:
        return [facts["origin"], facts["target"]], [[facts["origin"], facts["target"], False]]
    if "mine" in facts:
        mine, theirs = facts["mine"]["square"], facts["theirs"]["square"]
        if mine == theirs:
            return [mine], []
        return [mine, theirs], [[mine, theirs, kind == "SW"]]
    if "square" in facts:
        return [facts["square"]], []
    return [], []


# --- sides and seats (spec 2, R3-R5) -----------------------------------------------------


@dataclass(frozen=True)
class Side:
    name: str
    colour: str
    start: tuple[int, ...]
    home: tuple[int, ...]
    row: tuple[int, ...]  # the starting row, start squares included
    reserve: int  # Advanced: the centre square of the reserve nest
    home_distance: tuple[int, ...]  # per square: distance to the nearer home square

    @property
    def tree(self) -> list[str]:
        """The completed home tree: the colour's [L M S]."""
        return [f"{self.colour}3", f"{self.colour}2", f"{self.colour}1"]


def _side(name: str, colour: str, start: str, home: str, row: str, reserve: str) -> Side:
    home_squares = tuple(INDEX[square] for square in home.split())
    return Side(
        name=name,
        colour=colour,
        start=tuple(INDEX[square] for square in start.split()),
        home=home_squares,
        row=tuple(INDEX[square] for square in row.split()),
        reserve=INDEX[reserve],
        home_distance=tuple(min(DISTANCE[index][home] for home in home_squares) for index in range(36)),
    )


SIDE_INFO = {
    "S": _side("S", "R", "c1 d1", "c6 d6", "b1 c1 d1 e1", "c3"),
    "W": _side("W", "Y", "a3 a4", "f3 f4", "a2 a3 a4 a5", "c4"),
    "N": _side("N", "B", "c6 d6", "c1 d1", "b6 c6 d6 e6", "d4"),
    "E": _side("E", "G", "f3 f4", "a3 a4", "f2 f3 f4 f5", "d3"),
}
SIDES = {2: "SN", 3: "SWN", 4: "SWNE"}  # R3: clockwise S -> W -> N -> E

# The board's layout as plain data, for pictures drawn without a view (the rules picture).
BOARD_GEOMETRY = {
    "files": FILES,
    "ranks": len(SQUARES) // len(FILES),
    "corners": list(CORNERS),
    "centre": list(CENTRE),
    "sides": {
        name: {
            "colour": side.colour,
            "start": [SQUARES[square] for square in side.start],
            "home": [SQUARES[square] for square in side.home],
            "row": [SQUARES[square] for square in side.row],
        }
        for name, side in SIDE_INFO.items()
    },
}

# --- the action die (spec 4.2) ------------------------------------------------------------

DIE_ACTIONS = {1: "tip", 2: "swap", 3: "hop", 4: "dig", 5: "aim", 6: "wild"}
ACTION_CODES = {"tip": "TIP", "swap": "SW", "hop": "HP", "dig": "DG", "aim": "AM"}
CODE_ACTIONS = {code: name for name, code in ACTION_CODES.items()}
ACTION_ORDER = ("tip", "swap", "hop", "dig", "aim")


class Either(tuple):
    """Squares to choose from, as a refusal's value: "c1 or d1". A translated template names its
    own word for "or" after a colon, "{squares:oder}"."""

    def __format__(self, spec: str) -> str:
        return f" {spec or 'or'} ".join(self)


# Phases in which the game waits for a decision; "roll" and "end" are passed through inside apply.
WAITING_FOR = {
    "move": N_("It's not your decision: waiting for {colour} to make their move step."),
    "offer": N_("It's not your decision: waiting for {colour} to decide whether to attack."),
    "reply": N_("It's not your decision: waiting for {colour} to decide whether to attack."),
    "counter": N_("It's not your decision: waiting for {colour} to decide on a counter-attack."),
    "return": N_("It's not your decision: waiting for {colour} to put their defeated force back."),
    "reserve": N_("It's not your decision: waiting for {colour} to place their reserve nest."),
    "wild": N_("It's not your decision: waiting for {colour} to choose an action."),
    "action": N_("It's not your decision: waiting for {colour} to carry out their action."),
    "aim": N_("It's not your decision: waiting for {colour} to aim."),
}
NOT_POSSIBLE = {  # a Wild choice that can't be carried out now
    "tip": N_("Tip is not possible now: choose {shown}."),
    "swap": N_("Swap is not possible now: choose {shown}."),
    "hop": N_("Hop is not possible now: choose {shown}."),
    "dig": N_("Dig is not possible now: choose {shown}."),
    "aim": N_("Aim is not possible now: choose {shown}."),
}
WRITE_IT_LIKE = {  # the rolled action, asked for in the wrong notation
    "swap": N_("Your action is Swap: write it like SW R2@b3 B2@e4."),
    "hop": N_("Your action is Hop: write it like HP b2-d2."),
    "dig": N_("Your action is Dig: write it like DG R1@b3 B2@e4."),
}

# --- actions (briefs/combat_api.md) -------------------------------------------------------


def _step_text(origin: str, target: str, whole: bool) -> str:
    return f"{origin}{'=' if whole else '-'}{target}"


@dataclass(frozen=True)
class Move:
    """The move step: the top pyramid (`M c1-b2`) or the whole force (`M c1=b2`) steps once."""

    origin: str
    target: str
    whole: bool

    def __str__(self) -> str:
        return f"M {_step_text(self.origin, self.target, self.whole)}"


@dataclass(frozen=True)
class NoMove:
    def __str__(self) -> str:
        return "M -"


@dataclass(frozen=True)
class Attack:
    """Start combat: the force on `origin` attacks the force on `target`."""

    origin: str
    target: str

    def __str__(self) -> str:
        return f"X {self.origin}>{self.target}"


@dataclass(frozen=True)
class NoAttack:
    def __str__(self) -> str:
        return "X -"


@dataclass(frozen=True)
class Counter:
    """The defender declares the counter-attack (R14), or declines it."""

    declared: bool

    def __str__(self) -> str:
        return "C" if self.declared else "C -"


@dataclass(frozen=True)
class Return:
    square: str

    def __str__(self) -> str:
        return f"RET {self.square}"


@dataclass(frozen=True)
class EnterReserve:
    square: str

    def __str__(self) -> str:
        return f"RES {self.square}"


@dataclass(frozen=True)
class WildChoice:
    action: str  # "tip", "swap", "hop", "dig" or "aim"

    def __str__(self) -> str:
        return f"W {ACTION_CODES[self.action]}"


@dataclass(frozen=True)
class PyramidAt:
    """A pyramid named by code and square (`R2@b3`), or by square alone when it is clear which."""

    square: str
    pyramid: str | None = None

    def __str__(self) -> str:
        return f"{self.pyramid}@{self.square}" if self.pyramid else self.square


@dataclass(frozen=True)
class Swap:
    mine: PyramidAt
    theirs: PyramidAt

    def __str__(self) -> str:
        return f"SW {self.mine} {self.theirs}"


@dataclass(frozen=True)
class Dig:
    """Your pyramid `mine` goes directly beneath the opponent's pyramid `theirs`."""

    mine: PyramidAt
    theirs: PyramidAt

    def __str__(self) -> str:
        return f"DG {self.mine} {self.theirs}"


@dataclass(frozen=True)
class Hop:
    origin: str
    target: str
    whole: bool

    def __str__(self) -> str:
        return f"HP {_step_text(self.origin, self.target, self.whole)}"


@dataclass(frozen=True)
class AimStep:
    origin: str
    target: str
    whole: bool

    def __str__(self) -> str:
        return f"AM {_step_text(self.origin, self.target, self.whole)}"


@dataclass(frozen=True)
class EndLeg:
    """Ends the Aim leg in progress (its combat opportunity follows), or with no leg the Aim."""

    def __str__(self) -> str:
        return "AM /"


CombatAction = (
    Move
    | NoMove
    | Attack
    | NoAttack
    | Counter
    | Return
    | EnterReserve
    | WildChoice
    | Swap
    | Dig
    | Hop
    | AimStep
    | EndLeg
)

# --- the state ----------------------------------------------------------------------------


class CombatState:
    def __init__(self, *, version: str, num_players: int, rng) -> None:
        self.version = version
        self.num_players = num_players
        self.rng = rng
        self.sides = [SIDE_INFO[name] for name in SIDES[num_players]]
        self.colours = [side.colour for side in self.sides]
        self.seat_of_colour = {colour: seat for seat, colour in enumerate(self.colours)}
        self.blocked = BLOCKED[version]
        self.board: list[list[str]] = [[] for _ in SQUARES]
        self.capped: set[int] = set()
        self.waiting: list[int | None] = [None] * num_players  # Advanced: a reserve still in the centre
        self.removed = [[0, 0, 0] for _ in range(num_players)]  # Advanced: counts by size - 1
        self.eliminated = [False] * num_players
        self.frozen: set[int] = set()  # capped squares and waiting reserves (derived)
        self.current = 0
        self.turn = 0
        self.phase = "move"
        self.action: dict | None = None  # this turn's action die
        self.aim: dict | None = None  # budget, left, leg (square name), unit (pyramids in the leg's unit)
        self.offer: dict | None = None  # the combat opportunity being decided, with the repliers left
        # The current or most recent combat and Hop of this turn, or of the previous one until this
        # turn's log begins (as "last" shows it).
        self.combat: dict | None = None
        self.returning: dict | None = None  # a defeated force waiting for its owner to place it
        self.entering: dict | None = None  # a reserve nest waiting for its owner to place it
        self.hop: dict | None = None
        self.turn_log: list[dict] = []
        self.previous_log: list[dict] = []
        self.winners: list[int] = []
        self.win_reason: str | None = None
        self.round_limit = 0  # the "rounds" option: the match ends after this many rounds (0: never)
        self._events: list[str] = []
        self._dice_rolled = False  # within one apply: a die was rolled, so later events are chance's doing
        self._legal: list[CombatAction] | None = None  # the deciding seat's, until the next apply

    # -- setup (spec 2)

    def set_up(self) -> None:
        for seat, side in enumerate(self.sides):
            nest = [f"{side.colour}1", f"{side.colour}2", f"{side.colour}3"]  # R6
            for square in side.start:
                self.board[square] = list(nest)
            if self.version == "advanced":
                self.board[side.reserve] = list(nest)
                self.waiting[seat] = side.reserve
        self._refreeze()

    def roll_for_first(self) -> int:
        """R28: everyone rolls; those tied for the highest roll again."""
        rolling = list(range(self.num_players))
        while True:
            rolls = {seat: self._d6() for seat in rolling}
            best = max(rolls.values())
            rolling = [seat for seat in rolling if rolls[seat] == best]
            text = " ".join(f"{self.colours[seat]}:{roll}" for seat, roll in rolls.items())
            self.turn_log.append({"seat": rolling[0], "text": f"FIRST {text}"})
            if len(rolling) == 1:
                return rolling[0]

    def _refreeze(self) -> None:
        self.frozen = set(self.capped) | {square for square in self.waiting if square is not None}

    def _d6(self) -> int:
        roll = self.rng.below(6) + 1
        self._dice_rolled = True
        return roll

    # -- protocol

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def order_free(self) -> bool:
        return False

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.is_over else (self.deciding_seat(),)

    def deciding_seat(self) -> int:
        if self.phase == "reply":
            return self.offer["repliers"][0]
        if self.phase == "counter":
            return self.combat["defender"]
        if self.phase == "return":
            return self.returning["seat"]
        if self.phase == "reserve":
            return self.entering["seat"]
        return self.current

    def active_seats(self) -> list[int]:
        return [seat for seat in range(self.num_players) if not self.eliminated[seat]]

    def legal_actions(self, seat: int) -> list[CombatAction]:
        if self.is_over or seat != self.deciding_seat():
            return []
        if self._legal is None:  # views ask again and again between two actions
            self._legal = self._find_legal_actions(seat)
        return list(self._legal)

    def _find_legal_actions(self, seat: int) -> list[CombatAction]:
        phase = self.phase
        if phase == "move":
            return [*self._steps(seat, Move), NoMove()]
        if phase == "offer":
            pips, square = self.offer["pips"], self.offer["square"]
            attacks = [Attack(square, t["square"]) for t in self.offer["targets"] if t["pips"] <= pips]
            return [*attacks, NoAttack()]
        if phase == "reply":
            pips, square = self.offer["pips"], self.offer["square"]
            attacks = [
                Attack(t["square"], square)
                for t in self.offer["targets"]
                if t["seat"] == seat and t["pips"] >= pips
            ]
            return [*attacks, NoAttack()]
        if phase == "counter":
            return [Counter(True), Counter(False)]
        if phase == "return":
            return [Return(square) for square in self.returning["options"]]
        if phase == "reserve":
            return [EnterReserve(square) for square in self.entering["options"]]
        if phase == "wild":
            return [WildChoice(name) for name in self._available_actions(seat)]
        if phase == "action":
            return list(self._instances(seat, self._rolled_action()))
        if phase == "aim":
            return self._aim_actions(seat)
        return []

    def _rolled_action(self) -> str:
        return self.action["chosen"] or self.action["name"]

    # -- units and steps (spec 4.1, R9, R10)

    def _units(self, colour: str):
        """(square, pyramids) of every unit of `colour`: the top alone, and the whole force if larger."""
        for square, stack in enumerate(self.board):
            if stack and stack[-1][0] == colour and square not in self.frozen:
                yield square, 1
                force = force_size(stack, colour)
                if force > 1:
                    yield square, force

    def _step_targets(self, colour: str, origin: int, size: int):
        unit = self.board[origin][-size:]
        for target in ADJACENT[origin]:
            if target in self.blocked or target in self.frozen:
                continue
            stack = self.board[target]
            if stack and stack[-1][0] != colour:
                continue
            if is_legal_stack(stack + unit):
                yield target

    def _has_step(self, seat: int) -> bool:
        colour = self.colours[seat]
        return any(
            True for origin, size in self._units(colour) for _ in self._step_targets(colour, origin, size)
        )

    def _steps(self, seat: int, kind, only: tuple[int, int] | None = None) -> list:
        """Every legal step as `kind` (Move or AimStep), steps towards home first (random play
        leans on the first listed action), whole forces before single pyramids."""
        colour, side = self.colours[seat], self.sides[seat]
        units = [only] if only else self._units(colour)
        found = []
        for origin, size in units:
            for target in self._step_targets(colour, origin, size):
                progress = side.home_distance[target] - side.home_distance[origin]
                found.append((progress, -size, origin, target))
        found.sort()
        return [kind(SQUARES[origin], SQUARES[target], size < -1) for _, size, origin, target in found]

    def _check_step(self, seat: int, origin_name: str, target_name: str, whole: bool) -> tuple[int, int, int]:
        """The (origin, target, unit size) of a legal step, or IllegalAction saying why not."""
        colour = self.colours[seat]
        origin, target = INDEX[origin_name], INDEX[target_name]
        size = self._unit_size(seat, origin, whole)
        if DISTANCE[origin][target] != 1:
            raise IllegalAction(
                "{target} is not next to {origin}: a step goes to one of the 8 squares around.",
                target=target_name,
                origin=origin_name,
            )
        self._check_enterable(target)
        stack = self.board[target]
        if stack and stack[-1][0] != colour:
            raise IllegalAction(
                "The top of {square} is {colour}'s: you can't step onto an opponent (only a Hop lands on one).",
                square=target_name,
                colour=self._owner_name(stack),
            )
        self._check_placement(stack, self.board[origin][-size:], target_name)
        return origin, target, size

    def _unit_size(self, seat: int, origin: int, whole: bool) -> int:
        """How many pyramids the unit on `origin` holds (R9), or IllegalAction if it isn't `seat`'s."""
        stack, name = self.board[origin], SQUARES[origin]
        if not stack:
            raise IllegalAction("There is no pyramid on {square}.", square=name)
        self._check_not_frozen(origin)
        colour = self.colours[seat]
        if stack[-1][0] != colour:
            raise IllegalAction(
                "The top of {square} is {colour}'s: you can only move a unit whose top pyramid is yours.",
                square=name,
                colour=self._owner_name(stack),
            )
        return force_size(stack, colour) if whole else 1

    def _check_not_frozen(self, square: int) -> None:
        name = SQUARES[square]
        if square in self.capped:
            raise IllegalAction(
                "{square} holds a capped tree: it is frozen for the rest of the game.", square=name
            )
        if square in self.frozen:
            raise IllegalAction(
                "The reserve nest on {square} can't be touched until it enters play.", square=name
            )

    def _check_enterable(self, square: int) -> None:
        if square in self.blocked:
            raise IllegalAction("{square} is blocked.", square=SQUARES[square])
        self._check_not_frozen(square)

    @staticmethod
    def _check_placement(stack: list[str], unit: list[str], name: str) -> None:
        if not is_legal_stack(stack + unit):
            raise IllegalAction(
                "That would make {stack} on {square}: a stack must be a tree or a nest, never two pyramids "
                "of one size.",
                stack=stack_text(stack + unit),
                square=name,
            )

    def _owner_name(self, stack: list[str]) -> str:
        return colour_name(stack[-1][0])

    def _move_unit(self, origin: int, target: int, size: int) -> None:
        stack = self.board[origin]
        self.board[target].extend(stack[-size:])
        del stack[-size:]

    # -- actions: availability and instances (spec 4.2)

    def _available_actions(self, seat: int) -> list[str]:
        return [name for name in ACTION_ORDER if self._is_available(seat, name)]

    def _is_available(self, seat: int, name: str) -> bool:
        if name == "tip":
            return any(
                len(stack) >= 2 and square not in self.frozen for square, stack in enumerate(self.board)
            )
        return any(True for _ in self._instances(seat, name))

    def _instances(self, seat: int, name: str):
        """The legal instances of Swap, Hop, Dig or Aim (its possible first steps)."""
        if name == "swap":
            yield from self._swaps(seat)
        elif name == "hop":
            yield from self._hops(seat)
        elif name == "dig":
            yield from self._digs(seat)
        elif name == "aim":
            colour = self.colours[seat]
            for origin, size in self._units(colour):
                for target in self._step_targets(colour, origin, size):
                    yield AimStep(SQUARES[origin], SQUARES[target], size > 1)

    def _free_pyramids(self, colour: str):
        """(square, height) of `colour`'s pyramids not covered by an opponent and not frozen: those
        in the force on their square."""
        for square, stack in enumerate(self.board):
            if stack and square not in self.frozen:
                force = force_size(stack, colour)
                for height in range(len(stack) - force, len(stack)):
                    yield square, height

    def _opponent_pyramids(self, seat: int):
        """(square, height) of opponents' pyramids that Swap and Dig may use: not frozen and not on
        one of `seat`'s home squares (R18, R20)."""
        colour, home = self.colours[seat], self.sides[seat].home
        for square, stack in enumerate(self.board):
            if stack and square not in self.frozen and square not in home:
                for height, pyramid in enumerate(stack):
                    if pyramid[0] != colour:
                        yield square, height

    def _swaps(self, seat: int):
        theirs = list(self._opponent_pyramids(seat))
        for square, height in self._free_pyramids(self.colours[seat]):
            mine = self.board[square][height]
            for other, other_height in theirs:
                pyramid = self.board[other][other_height]
                if SIZE_OF[pyramid] == SIZE_OF[mine]:
                    yield Swap(PyramidAt(SQUARES[square], mine), PyramidAt(SQUARES[other], pyramid))

    def _digs(self, seat: int):
        theirs = list(self._opponent_pyramids(seat))
        for square, height in self._free_pyramids(self.colours[seat]):
            mine = self.board[square][height]
            for other, other_height in theirs:
                if self._dug(square, height, other, other_height) is not None:
                    pyramid = self.board[other][other_height]
                    yield Dig(PyramidAt(SQUARES[square], mine), PyramidAt(SQUARES[other], pyramid))

    def _dug(self, square: int, height: int, other: int, other_height: int) -> list[str] | None:
        """The stack on `other` once the pyramid at (square, height) goes directly beneath the one at
        (other, other_height), or None if that stack would be illegal (R20)."""
        pyramid = self.board[square][height]
        if square == other:
            stack = self.board[square][:height] + self.board[square][height + 1 :]
            if other_height > height:
                other_height -= 1
        else:
            stack = list(self.board[other])
        stack.insert(other_height, pyramid)
        return stack if is_legal_stack(stack) else None

    def _hops(self, seat: int):
        colour = self.colours[seat]
        for origin, size in self._units(colour):
            unit = self.board[origin][-size:]
            for target in HOP_REACH[origin]:
                stack = self.board[target]
                if (
                    stack
                    and stack[-1][0] != colour
                    and target not in self.frozen
                    and is_legal_stack(stack + unit)
                ):
                    yield Hop(SQUARES[origin], SQUARES[target], size > 1)

    def _aim_actions(self, seat: int) -> list[CombatAction]:
        aim = self.aim
        if aim["leg"] is None:
            steps = self._steps(seat, AimStep) if aim["left"] else []
            taken = aim["budget"] - aim["left"]
            return [*steps, EndLeg()] if taken else steps
        leg = INDEX[aim["leg"]]
        size = aim["unit"]
        stack = self.board[leg]
        still_a_unit = size == 1 or size == force_size(stack, self.colours[seat])
        steps = self._steps(seat, AimStep, only=(leg, size)) if still_a_unit else []
        return [*steps, EndLeg()]

    # -- applying actions

    def apply(self, seat: int, action: CombatAction) -> list[str]:
        if self.is_over:
            raise IllegalAction("This match is already over.")
        deciding = self.deciding_seat()
        if seat != deciding:
            raise IllegalAction(WAITING_FOR[self.phase], colour=colour_name(self.colours[deciding]))
        self._events, self._legal, self._dice_rolled = [], None, False
        handler = getattr(self, f"_apply_{self.phase}")
        handler(seat, action)
        self._advance()
        return self._events

    def _note(self, seat: int, text: str, **known) -> Event:
        """One token for this turn's log (shown to players) and for the caller's events. `known`:
        facts the token's text can't hold (whose force was attacked, what an "AM /" ended), kept
        in the log entry for the view's words. The event also says whether a die rolled earlier in
        this action decided it (`chance`): a hint's copy rolls made-up dice, so that part is unknown."""
        if not self.turn_log:  # the view moves on from the previous turn's log, combat and hop
            self.combat = self.hop = None
        self.turn_log.append({"seat": seat, "text": text, **known})
        event = log_event(text)
        event.facts["chance"] = self._dice_rolled
        self._events.append(event)
        return event

    def _arrived(self, event: Event, seat: int, origin: int, target: int) -> None:
        """A step's event learns what the step achieved: whether it came nearer the mover's home
        squares, or onto one."""
        side = self.sides[seat]
        event.facts.update(
            nearer=side.home_distance[target] < side.home_distance[origin], home=target in side.home
        )

    def _apply_move(self, seat: int, action: CombatAction) -> None:
        if isinstance(action, NoMove):
            self._note(seat, "M -")
            self.phase = "roll"
            return
        if not isinstance(action, Move):
            raise IllegalAction(
                "First your move step: step the top pyramid (M c1-b2) or your whole force (M c1=b2), "
                "or skip it (M -). The action die is rolled after."
            )
        origin, target, size = self._check_step(seat, action.origin, action.target, action.whole)
        self._move_unit(origin, target, size)
        step = self._note(seat, f"M {_step_text(action.origin, action.target, size > 1)}")
        self._arrived(step, seat, origin, target)
        if not self._check_caps():
            self._open_opportunity(target, step)

    def _apply_aim(self, seat: int, action: CombatAction) -> None:
        aim = self.aim
        if isinstance(action, EndLeg):
            if aim["leg"] is not None:
                square = INDEX[aim["leg"]]
                aim["leg"], aim["unit"] = None, 0
                self._open_opportunity(square, self._note(seat, "AM /", ends="leg"))
            elif aim["left"] == aim["budget"]:
                raise IllegalAction("Aim takes at least one step (R22): step with AM c1-b2 or AM c1=b2.")
            else:
                self._note(seat, "AM /", ends="aim")
                self.phase = "end"
            return
        if not isinstance(action, AimStep):
            raise IllegalAction(
                "You are aiming ({left} of {budget} steps left): step with AM c1-b2 or AM c1=b2, or end "
                "with AM /.",
                left=aim["left"],
                budget=aim["budget"],
            )
        if not aim["left"]:
            raise IllegalAction("Your Aim has no steps left: end it with AM /.")
        if aim["leg"] is not None:
            self._check_leg(seat, action)
        origin, target, size = self._check_step(seat, action.origin, action.target, action.whole)
        self._move_unit(origin, target, size)
        aim["left"] -= 1
        aim["leg"], aim["unit"] = SQUARES[target], size
        step = self._note(seat, f"AM {_step_text(action.origin, action.target, size > 1)}")
        self._arrived(step, seat, origin, target)
        if self._check_caps():
            return
        if not aim["left"] or target in self.frozen:  # the leg can't go on: its opportunity comes now
            aim["leg"], aim["unit"] = None, 0
            self._open_opportunity(target, step)

    def _check_leg(self, seat: int, action: AimStep) -> None:
        leg, size = self.aim["leg"], self.aim["unit"]
        if action.origin != leg:
            raise IllegalAction(
                "Your leg is on {square}: go on from there, or end the leg with AM / to move another unit.",
                square=leg,
            )
        force = force_size(self.board[INDEX[leg]], self.colours[seat])
        if size > 1 and force != size:
            raise IllegalAction(
                "This leg's force joined your pyramids on {square}, so it is no longer one unit: end the "
                "leg with AM /.",
                square=leg,
            )
        if size == 1 and action.whole and force > 1:
            raise IllegalAction(
                "This leg moves one pyramid: write AM {origin}-{target}.", origin=leg, target=action.target
            )
        if size > 1 and not action.whole:
            raise IllegalAction(
                "This leg moves the whole force: write AM {origin}={target}.",
                origin=leg,
                target=action.target,
            )

    def _apply_wild(self, seat: int, action: CombatAction) -> None:
        available = self._available_actions(seat)
        shown = ", ".join(str(WildChoice(name)) for name in available)
        if not isinstance(action, WildChoice):
            raise IllegalAction(
                "You rolled Wild: first choose the action to carry out ({shown}).", shown=shown
            )
        if action.action not in available:
            raise IllegalAction(NOT_POSSIBLE[action.action], shown=shown)
        self.action["chosen"] = action.action
        self._note(seat, str(action))
        self._begin_action(action.action)

    def _apply_action(self, seat: int, action: CombatAction) -> None:
        name = self._rolled_action()
        expected = {"swap": Swap, "hop": Hop, "dig": Dig}[name]
        if not isinstance(action, expected):
            raise IllegalAction(WRITE_IT_LIKE[name])
        if name == "hop":
            self._hop(seat, action)
        else:
            self._swap_or_dig(seat, action)
        if not self.is_over:
            self.phase = "end"

    # -- combat opportunities (spec 5.1, R12, R13)

    def _open_opportunity(self, square: int, step: Event) -> None:
        """After a step onto `square`: the mover may attack a target with g <= f, else opponents with
        a target where g >= f are asked in clockwise order. The `step`'s event (or the Aim leg's
        end) learns which forces could be attacked and which could attack."""
        mover = self.current
        if square in self.frozen:  # a freshly capped tree can neither attack nor be attacked
            self._resume_turn()
            return
        stack = self.board[square]
        targets = []
        for target in ADJACENT[square]:
            other = self.board[target]
            if not other or target in self.frozen:
                continue
            owner = self.seat_of_colour[other[-1][0]]
            if owner != mover:
                pips = force_pips(other, self.colours[owner])
                targets.append({"square": SQUARES[target], "seat": owner, "pips": pips})
        pips = force_pips(stack, self.colours[mover])
        step.facts.update(
            pips=pips,
            attackable=[dict(target) for target in targets if target["pips"] <= pips],
            threats=[dict(target) for target in targets if target["pips"] >= pips],
        )
        self.offer = {"square": SQUARES[square], "mover": mover, "pips": pips, "targets": targets}
        self.offer["repliers"] = []
        if any(target["pips"] <= pips for target in targets):
            self.phase = "offer"
        else:
            self._ask_opponents()

    def _ask_opponents(self) -> None:
        offer, mover = self.offer, self.offer["mover"]
        clockwise = [(mover + step) % self.num_players for step in range(1, self.num_players)]
        offer["repliers"] = [
            seat
            for seat in clockwise
            if any(t["seat"] == seat and t["pips"] >= offer["pips"] for t in offer["targets"])
        ]
        if offer["repliers"]:
            self.phase = "reply"
        else:
            self._resume_turn()

    def _apply_offer(self, seat: int, action: CombatAction) -> None:
        offer = self.offer
        if isinstance(action, NoAttack):
            self._note(seat, "X -")
            self._ask_opponents()
            return
        if not isinstance(action, Attack):
            raise self._attack_help(seat)
        if action.origin != offer["square"]:
            raise IllegalAction("Attack from {square}, where your force arrived.", square=offer["square"])
        target = self._target(action.target)
        if target["pips"] > offer["pips"]:
            raise IllegalAction(
                "{colour}'s force on {square} has {pips} pips, more than your {mine}: you can't attack it.",
                colour=colour_name(self.colours[target["seat"]]),
                square=action.target,
                pips=target["pips"],
                mine=offer["pips"],
            )
        self._start_combat(seat, INDEX[action.origin], INDEX[action.target])

    def _apply_reply(self, seat: int, action: CombatAction) -> None:
        offer = self.offer
        if isinstance(action, NoAttack):
            self._note(seat, "X -")
            offer["repliers"].pop(0)
            if not offer["repliers"]:
                self._resume_turn()
            return
        if not isinstance(action, Attack):
            raise self._attack_help(seat)
        if action.target != offer["square"]:
            raise IllegalAction(
                "You may attack only the force that arrived on {square}.", square=offer["square"]
            )
        target = self._target(action.origin)
        if target["seat"] != seat:
            raise IllegalAction("The force on {square} is not yours.", square=action.origin)
        if target["pips"] < offer["pips"]:
            raise IllegalAction(
                "Your force on {square} has {pips} pips, fewer than the {theirs} it would attack: you can't "
                "start this combat.",
                square=action.origin,
                pips=target["pips"],
                theirs=offer["pips"],
            )
        self._start_combat(seat, INDEX[action.origin], INDEX[action.target])

    def _target(self, name: str) -> dict:
        for target in self.offer["targets"]:
            if target["square"] == name:
                return target
        raise IllegalAction(
            "{square} is not a target: an opponent's force next to {arrived}.",
            square=name,
            arrived=self.offer["square"],
        )

    def _attack_help(self, seat: int) -> IllegalAction:
        attacks = [str(action) for action in self.legal_actions(seat) if isinstance(action, Attack)]
        return IllegalAction(
            "First decide on combat: attack ({attacks}) or don't (X -).", attacks=", ".join(attacks)
        )

    # -- combat (spec 5.2-5.5, R14-R16, R25, R27)

    def _start_combat(self, attacker: int, origin: int, target: int) -> None:
        defender = self.seat_of_colour[self.board[target][-1][0]]
        a = force_pips(self.board[origin], self.colours[attacker])
        d = force_pips(self.board[target], self.colours[defender])
        x, y = self._d6(), self._d6()
        self.offer = None
        self.combat = {
            "attacker": attacker,
            "defender": defender,
            "from": SQUARES[origin],
            "to": SQUARES[target],
            "a": a,
            "d": d,
            "rolls": [[x, y]],
            "counter": [],
            "ties": [],
            "winner": None,
        }
        self._note(attacker, f"X {SQUARES[origin]}>{SQUARES[target]} {x}:{y}", defender=defender)
        if a == d and d + y <= a + x:  # R14: equal pips, and the defender didn't win round 1
            self.phase = "counter"
        else:
            self._settle(a + x, d + y)

    def _apply_counter(self, seat: int, action: CombatAction) -> None:
        if not isinstance(action, Counter):
            raise IllegalAction("First decide: counter-attack (C) or not (C -).")
        combat = self.combat
        if not action.declared:
            self._note(seat, "C -")
            self._settle(*combat_totals(combat)["rolls"][0])
            return
        x2, y2 = self._d6(), self._d6()
        combat["counter"].append([x2, y2])
        self._note(seat, f"C {x2}:{y2}")
        self._settle(*combat_totals(combat)["sum"])

    def _settle(self, attack_total: int, defence_total: int) -> None:
        """R15: a tie left over is broken by plain d6s until they differ."""
        combat = self.combat
        while attack_total == defence_total:
            attack_total, defence_total = self._d6(), self._d6()
            combat["ties"].append([attack_total, defence_total])
            self._note(combat["attacker"], f"T {attack_total}:{defence_total}")
        self._resolve_combat(combat["attacker"] if attack_total > defence_total else combat["defender"])

    def _resolve_combat(self, winner: int) -> None:
        """R16: lift the loser's force, advance the winner if legal, then return (or remove) the loser."""
        combat = self.combat
        combat["winner"] = winner
        attacker_won = winner == combat["attacker"]
        loser = combat["defender"] if attacker_won else combat["attacker"]
        winner_square = INDEX[combat["from"] if attacker_won else combat["to"]]
        loser_square = INDEX[combat["to"] if attacker_won else combat["from"]]
        self._note(winner, f"WINNER {SQUARES[winner_square]}")
        left = self.board[loser_square]
        size = force_size(left, self.colours[loser])
        force = left[-size:]
        del left[-size:]
        winning = self.board[winner_square]
        advancing = force_size(winning, self.colours[winner])
        if is_legal_stack(left + winning[-advancing:]):
            self._move_unit(winner_square, loser_square, advancing)
        qualified = self._cap_trees()
        if qualified:  # the advance won the game, and play stops at once (R24): the loser's force
            combat["lifted"] = force  # stays lifted, neither returned nor removed
            self._declare_win(qualified)
        elif self.version == "advanced":
            self._remove(loser, force)
        else:
            self._send_back(loser, force)

    def _return_options(self, seat: int, force: list[str]) -> list[str]:
        """Spec 5.4, R7: an own start square that takes the force, else another starting-row square
        that does, else the nearest empty playable squares to either start square."""
        side, colour = self.sides[seat], self.colours[seat]

        def takes(square: int) -> bool:
            stack = self.board[square]
            return (
                square not in self.blocked
                and square not in self.frozen
                and (not stack or stack[-1][0] == colour)
                and is_legal_stack(stack + force)
            )

        options = [square for square in side.start if takes(square)]
        if not options:
            options = [square for square in side.row if square not in side.start and takes(square)]
        if not options:
            options = self._nearest_empty(side.start)
        return [SQUARES[square] for square in options]

    def _nearest_empty(self, near: tuple[int, ...]) -> list[int]:
        empty = [
            square
            for square, stack in enumerate(self.board)
            if not stack and square not in self.blocked and square not in self.frozen
        ]
        reach = {square: min(DISTANCE[square][to] for to in near) for square in empty}
        nearest = min(reach.values())
        return [square for square in empty if reach[square] == nearest]

    def _send_back(self, loser: int, force: list[str]) -> None:
        options = self._return_options(loser, force)
        if len(options) == 1:
            self._place_returned(loser, force, options[0])
        else:
            self.returning = {"seat": loser, "force": force, "options": options}
            self.phase = "return"

    def _apply_return(self, seat: int, action: CombatAction) -> None:
        options = self.returning["options"]
        if not isinstance(action, Return):
            raise IllegalAction(
                "First put your defeated force back: RET on {squares}.", squares=Either(options)
            )
        if action.square not in options:
            raise IllegalAction("Your force can go back only to {squares}.", squares=Either(options))
        force = self.returning["force"]
        self.returning = None
        self._place_returned(seat, force, action.square)

    def _place_returned(self, seat: int, force: list[str], name: str) -> None:
        self.board[INDEX[name]].extend(force)
        self._note(seat, f"RET {name}")
        if not self._check_caps():
            self._resume_turn()

    def _add_removed(self, seat: int, force: list[str]) -> None:
        for pyramid in force:
            self.removed[seat][SIZE_OF[pyramid] - 1] += 1
        self._note(seat, f"REMOVED {' '.join(force)}")

    def _remove(self, loser: int, force: list[str]) -> None:
        """Spec 5.5: the force leaves play; a first complete trio in the pile brings the reserve in
        (R27); a player with nothing left is eliminated (R25)."""
        self._add_removed(loser, force)
        if self.waiting[loser] is not None and all(self.removed[loser]):
            options = self._reserve_options(loser)
            if len(options) == 1:
                self._enter_reserve(loser, options[0])
            else:
                self.entering = {"seat": loser, "options": options}
                self.phase = "reserve"
            return
        if not any(pyramid[0] == self.colours[loser] for stack in self.board for pyramid in stack):
            self.eliminated[loser] = True
            self._note(loser, f"ELIMINATED {self.colours[loser]}")
            left = self.active_seats()
            if len(left) == 1:
                self._finish(left, "last standing")
                return
        self._resume_turn()

    def _reserve_options(self, seat: int) -> list[str]:
        row = self.sides[seat].row
        empty = [square for square in row if not self.board[square] and square not in self.blocked]
        return [SQUARES[square] for square in (empty or self._nearest_empty(row))]

    def _apply_reserve(self, seat: int, action: CombatAction) -> None:
        options = self.entering["options"]
        if not isinstance(action, EnterReserve):
            raise IllegalAction("First place your reserve nest: RES on {squares}.", squares=Either(options))
        if action.square not in options:
            raise IllegalAction("Your reserve nest can enter only on {squares}.", squares=Either(options))
        self.entering = None
        self._enter_reserve(seat, action.square)

    def _enter_reserve(self, seat: int, name: str) -> None:
        centre = self.waiting[seat]
        self.board[INDEX[name]] = self.board[centre]
        self.board[centre] = []
        self.waiting[seat] = None
        self._refreeze()
        self._note(seat, f"RES {name}")
        if not self._check_caps():
            self._resume_turn()

    def _resume_turn(self) -> None:
        """After a combat opportunity: back to the Aim, on to the action step, or (for a player
        eliminated meanwhile) the end of the turn."""
        self.offer = None
        if self.eliminated[self.current]:
            self.phase = "end"
        elif self.aim is not None:
            self.phase = "aim" if self.aim["left"] else "end"
        else:
            self.phase = "roll"

    # -- the action step (spec 4.2, R17-R22)

    def _roll_action(self) -> bool:
        """Roll the action die, re-rolling unavailable actions; returns True if nothing was available."""
        seat = self.current
        available = self._available_actions(seat)
        if not available:
            self.action = {"roll": None, "name": "skip", "rerolled": [], "chosen": None}
            self._note(seat, "SKIP")
            self.phase = "end"
            return True
        rerolled = []
        while True:
            roll = self._d6()
            name = DIE_ACTIONS[roll]
            if name == "wild" or name in available:
                break
            rerolled.append(roll)
            self._note(seat, f"A{roll}!")
        self._note(seat, f"A{roll}")
        self.action = {"roll": roll, "name": name, "rerolled": rerolled, "chosen": None}
        self._begin_action(name)
        return False

    def _begin_action(self, name: str) -> None:
        if name == "tip":
            self._tip()
        elif name == "aim":
            budget = self._d6()
            self.aim = {"budget": budget, "left": budget, "leg": None, "unit": 0}
            self._note(self.current, f"AM {budget}")
            self.phase = "aim"
        else:
            self.phase = "wild" if name == "wild" else "action"

    def _tip(self) -> None:
        """R17: every non-frozen stack of two or more flips; caps follow at once."""
        for square, stack in enumerate(self.board):
            if len(stack) >= 2 and square not in self.frozen:
                stack.reverse()
        self._note(self.current, "TIP")
        if not self._check_caps():
            self.phase = "end"

    def _hop(self, seat: int, action: Hop) -> None:
        """R19: land on an opponent within 2 squares, then a roll-off (ties re-roll) decides whether
        the unit stays."""
        origin, target = INDEX[action.origin], INDEX[action.target]
        size = self._unit_size(seat, origin, action.whole)
        colour = self.colours[seat]
        if not 1 <= DISTANCE[origin][target] <= 2:
            raise IllegalAction(
                "{target} is {distance} squares from {origin}: a Hop reaches 1 or 2 squares.",
                target=action.target,
                distance=DISTANCE[origin][target],
                origin=action.origin,
            )
        self._check_enterable(target)
        stack = self.board[target]
        if not stack or stack[-1][0] == colour:
            raise IllegalAction(
                "A Hop lands on an opponent's pyramid, and the top of {square} isn't.", square=action.target
            )
        unit = self.board[origin][-size:]
        self._check_placement(stack, unit, action.target)
        self._move_unit(origin, target, size)
        rolls = []
        while not rolls or rolls[-1][0] == rolls[-1][1]:
            rolls.append([self._d6(), self._d6()])
        stayed = rolls[-1][0] > rolls[-1][1]
        if not stayed:
            self._move_unit(target, origin, size)
        self.hop = {"from": action.origin, "to": action.target, "rolls": rolls, "stayed": stayed}
        shown = " ".join(f"{x}:{y}" for x, y in rolls)
        self._note(seat, f"HP {_step_text(action.origin, action.target, size > 1)} {shown}")
        self._check_caps()

    def _swap_or_dig(self, seat: int, action: Swap | Dig) -> None:
        swap = isinstance(action, Swap)
        (square, height), (other, other_height) = self._choose_pair(seat, action)
        problem = self._pair_problem(seat, swap, square, height, other, other_height)
        if problem:
            raise problem
        mine, theirs = self.board[square][height], self.board[other][other_height]
        if swap:  # R18: the two trade exact places
            self.board[square][height], self.board[other][other_height] = theirs, mine
        else:
            self.board[other] = self._dug(square, height, other, other_height)
            if square != other:
                del self.board[square][height]
        verb = "SW" if swap else "DG"
        self._note(seat, f"{verb} {mine}@{SQUARES[square]} {theirs}@{SQUARES[other]}")
        self._check_caps()

    def _choose_pair(self, seat: int, action: Swap | Dig) -> tuple[tuple[int, int], tuple[int, int]]:
        """The pyramids an action names, where a bare square names the one pyramid there that fits."""
        swap = isinstance(action, Swap)
        colour = self.colours[seat]
        mine = self._named(action.mine, lambda pyramid: pyramid[0] == colour, True)
        theirs = self._named(action.theirs, lambda pyramid: pyramid[0] != colour, False)
        pairs = [
            (m, t)
            for m in mine
            for t in theirs
            if not swap or SIZE_OF[self.board[m[0]][m[1]]] == SIZE_OF[self.board[t[0]][t[1]]]
        ]
        if not pairs:
            (square, height), (other, other_height) = mine[0], theirs[0]
            raise IllegalAction(
                "A Swap trades two pyramids of the same size, and {mine} and {theirs} differ.",
                mine=self.board[square][height],
                theirs=self.board[other][other_height],
            )
        if len(pairs) > 1:
            pairs = [pair for pair in pairs if not self._pair_problem(seat, swap, *pair[0], *pair[1])]
            if len(pairs) != 1:
                if swap:
                    raise IllegalAction("Say which pyramids you mean: write them like SW R2@b3 B2@e4.")
                raise IllegalAction("Say which pyramids you mean: write them like DG R1@b3 B2@e4.")
        return pairs[0]

    def _named(self, named: PyramidAt, fits, mine: bool) -> list[tuple[int, int]]:
        """The pyramids `named` may mean: `mine` (fitting yours) or an opponent's."""
        square = INDEX[named.square]
        stack = self.board[square]
        if named.pyramid is not None:
            if named.pyramid not in stack:
                raise IllegalAction(
                    "There is no {pyramid} on {square}.", pyramid=named.pyramid, square=named.square
                )
            height = stack.index(named.pyramid)
            if not fits(named.pyramid) and mine:
                raise IllegalAction(
                    "The {pyramid} on {square} isn't yours.", pyramid=named.pyramid, square=named.square
                )
            if not fits(named.pyramid):
                raise IllegalAction(
                    "The {pyramid} on {square} isn't an opponent's.",
                    pyramid=named.pyramid,
                    square=named.square,
                )
            return [(square, height)]
        found = [(square, height) for height, pyramid in enumerate(stack) if fits(pyramid)]
        if not found and mine:
            raise IllegalAction("There is no pyramid of yours on {square}.", square=named.square)
        if not found:
            raise IllegalAction("There is no pyramid of an opponent's on {square}.", square=named.square)
        return found

    def _pair_problem(
        self, seat: int, swap: bool, square: int, height: int, other: int, other_height: int
    ) -> IllegalAction | None:
        """Why Swap (R18) or Dig (R20) of these two pyramids is illegal, or None."""
        colour = self.colours[seat]
        stack, other_stack = self.board[square], self.board[other]
        mine, theirs = stack[height], other_stack[other_height]
        for where in (square, other):
            if where in self.capped:
                return IllegalAction(
                    "{square} holds a capped tree: its pyramids are frozen.", square=SQUARES[where]
                )
            if where in self.frozen:
                return IllegalAction(
                    "The reserve nest on {square} can't be touched until it enters play.",
                    square=SQUARES[where],
                )
        cover = next((pyramid for pyramid in stack[height + 1 :] if pyramid[0] != colour), None)
        covered = {"mine": mine, "square": SQUARES[square], "colour": colour_name(cover[0]) if cover else ""}
        if cover and swap:
            return IllegalAction(
                "Your {mine} on {square} is covered by {colour}'s {cover}: it can't swap.",
                cover=cover,
                **covered,
            )
        if cover:
            return IllegalAction(
                "Your {mine} on {square} is covered by {colour}'s {cover}: it can't dig.",
                cover=cover,
                **covered,
            )
        if other in self.sides[seat].home and swap:
            return IllegalAction(
                "{square} is one of your home squares: you can't swap an opponent's pyramid there.",
                square=SQUARES[other],
            )
        if other in self.sides[seat].home:
            return IllegalAction(
                "{square} is one of your home squares: you can't dig an opponent's pyramid there.",
                square=SQUARES[other],
            )
        if swap:
            if SIZE_OF[mine] != SIZE_OF[theirs]:
                return IllegalAction(
                    "A Swap trades two pyramids of the same size, and {mine} and {theirs} differ.",
                    mine=mine,
                    theirs=theirs,
                )
            return None
        if self._dug(square, height, other, other_height) is None:
            stack_after = list(other_stack)
            stack_after.insert(other_height, mine)
            return IllegalAction(
                "That would make {stack} on {square}: a stack must be a tree or a nest, never two pyramids "
                "of one size.",
                stack=stack_text(stack_after),
                square=SQUARES[other],
            )
        return None

    # -- completion and winning (spec 6, R23-R25)

    def _check_caps(self) -> bool:
        """Caps every completed home tree at once, then checks for a win; True if the game is over."""
        qualified = self._cap_trees()
        if qualified:
            self._declare_win(qualified)
        return bool(qualified)

    def _cap_trees(self) -> list[int]:
        """Caps every completed home tree; returns the players who now have both home squares capped."""
        for seat in self.active_seats():
            side = self.sides[seat]
            for home in side.home:
                if home not in self.capped and self.board[home] == side.tree:
                    self.capped.add(home)
                    self.frozen.add(home)
                    self._note(seat, f"CAP {SQUARES[home]}")
        return [
            seat for seat in self.active_seats() if all(home in self.capped for home in self.sides[seat].home)
        ]

    def _declare_win(self, qualified: list[int]) -> None:
        self._finish([self.current] if self.current in qualified else qualified, "trees")  # R24

    def _finish(self, winners: list[int], reason: str) -> None:
        self.winners, self.win_reason = winners, reason
        self.phase = "over"
        self.offer = self.returning = self.entering = None
        win = self._note(winners[0], f"WIN {' '.join(self.colours[seat] for seat in winners)}")
        win.facts["reason"] = reason  # how it was won, for the rules it taught (not in the stored log)

    # -- turns

    def _advance(self) -> None:
        """Runs what needs no decision: action rolls and turn passes, until someone must decide."""
        idle_turns = 0
        while not self.is_over:
            if self.phase == "roll":
                self._roll_action()
            elif self.phase == "end":
                if self.round_limit and self.turn >= self.round_limit * self.num_players:
                    self._time_up()
                elif self._start_turn(self._next_seat()) and self._roll_action():
                    idle_turns += 1  # no step and no action: nothing on the board can change
                    if idle_turns >= len(self.active_seats()):
                        self._stalemate()
                else:
                    idle_turns = 0
            else:
                return

    def _next_seat(self) -> int:
        for step in range(1, self.num_players + 1):
            seat = (self.current + step) % self.num_players
            if not self.eliminated[seat]:
                return seat
        return self.current

    def _start_turn(self, seat: int) -> bool:
        """Starts `seat`'s turn; True if it has no step, so the move step was skipped."""
        if self.turn_log:
            self.previous_log = self.turn_log
        self.turn_log = []
        self.current = seat
        self.turn += 1
        self.action = self.aim = self.offer = None
        self._events.append(log_event(f"TURN {self.turn} {self.colours[seat]}"))
        if self._has_step(seat):
            self.phase = "move"
            return False
        self._note(seat, "M -")
        self.phase = "roll"
        return True

    def _stalemate(self) -> None:
        """A full round in which nobody could step or act: the board can never change again, so the
        players with the most capped home squares share the win."""
        caps = {seat: self.caps_of(seat) for seat in self.active_seats()}
        best = max(caps.values())
        self._finish([seat for seat, count in caps.items() if count == best], "stalemate")

    def _time_up(self) -> None:
        """The round limit is reached: most capped home squares wins; a tie goes to whoever has
        more of their own pyramids on their home squares; a tie after that is a shared win."""
        progress = {seat: (self.caps_of(seat), self.pyramids_home(seat)) for seat in self.active_seats()}
        best = max(progress.values())
        self._finish([seat for seat, mark in progress.items() if mark == best], "turn limit")

    def pyramids_home(self, seat: int) -> int:
        """How many of the seat's own pyramids stand on its home squares (a capped tree counts 3)."""
        colour = self.colours[seat]
        return sum(pyramid[0] == colour for home in self.sides[seat].home for pyramid in self.board[home])

    def caps_of(self, seat: int) -> int:
        return sum(home in self.capped for home in self.sides[seat].home)

    @property
    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        return Outcome(tuple(self.caps_of(seat) for seat in range(self.num_players)), tuple(self.winners))

    # -- what each seat may see (everything is public)

    def view(self, seat: int | None) -> CombatView:
        deciding = None if self.is_over else self.deciding_seat()
        legal = self.legal_actions(deciding) if deciding is not None else []
        offer = None
        if self.offer is not None:  # only while it is offered or answered
            targets = tuple(Target(**target) for target in self.offer["targets"])
            offer = Offer(self.offer["square"], self.offer["mover"], self.offer["pips"], targets)
        last = tuple(log_entry(entry) for entry in (self.turn_log or self.previous_log))
        return CombatView(
            game="combat",
            seat=seat,
            to_move=self.to_move,
            is_over=self.is_over,
            winners=tuple(self.winners),
            deciding=deciding,
            version=self.version,
            players=self.num_players,
            seats=tuple(self._seat_view(index) for index in range(self.num_players)),
            blocked=tuple(SQUARES[square] for square in sorted(self.blocked)),
            board={
                SQUARES[square]: square_view(
                    stack, capped=square in self.capped, reserve=square in self.waiting
                )
                for square, stack in enumerate(self.board)
                if stack
            },
            goals={
                SQUARES[home]: side.colour
                for seat_index, side in enumerate(self.sides)
                if not self.eliminated[seat_index]
                for home in side.home
            },
            seat_of_colour=dict(self.seat_of_colour),
            current=self.current,
            turn=self.turn,
            phase=self.phase,
            action=_action_view(self.action),
            aim=Aim(self.aim["budget"], self.aim["left"], self.aim["leg"]) if self.aim else None,
            offer=offer,
            combat=_combat_view(self.combat),
            hop=_hop_view(self.hop),
            returning=Returning(self.returning["seat"], tuple(self.returning["force"]))
            if self.returning
            else None,
            last=last,
            last_marks=gathered_marks(entry.facts for entry in last),
            legal=tuple(str(action) for action in legal),
            choices=tuple(_choice(action) for action in legal),
            win_reason=self.win_reason,
            round_limit=self.round_limit,
            turns_left=max(0, self.round_limit * self.num_players - self.turn) if self.round_limit else None,
        )

    def _seat_view(self, seat: int) -> Seat:
        side = self.sides[seat]
        waiting = self.waiting[seat]
        return Seat(
            side=side.name,
            colour=side.colour,
            start=tuple(SQUARES[square] for square in side.start),
            home=tuple(SQUARES[square] for square in side.home),
            row=tuple(SQUARES[square] for square in side.row),
            eliminated=self.eliminated[seat],
            removed=tuple(self.removed[seat]),
            reserve=SQUARES[waiting] if waiting is not None else None,
            caps=self.caps_of(seat),
        )

    def secrets(self, seat: int) -> set[str]:
        return set()

    def board_notation(self) -> str:
        """The non-empty squares in `position()`'s notation: `c1:[R1 R2 R3] c6:[R3 R2 R1]+K`."""
        return " ".join(
            f"{SQUARES[square]}:{stack_text(stack)}{'+K' if square in self.capped else ''}"
            for square, stack in enumerate(self.board)
            if stack
        )

    # -- persistence

    def to_json(self) -> dict:
        return {
            "version": self.version,
            "players": self.num_players,
            "rng": self.rng.to_json(),
            "board": {SQUARES[square]: list(stack) for square, stack in enumerate(self.board) if stack},
            "capped": [SQUARES[square] for square in sorted(self.capped)],
            "waiting": [SQUARES[square] if square is not None else None for square in self.waiting],
            "removed": [list(counts) for counts in self.removed],
            "eliminated": list(self.eliminated),
            "current": self.current,
            "turn": self.turn,
            "phase": self.phase,
            "action": _copy_action(self.action),
            "aim": dict(self.aim) if self.aim else None,
            "offer": _copy_offer(self.offer),
            "combat": _copy_combat(self.combat),
            "returning": _copy_returning(self.returning),
            "entering": _copy_returning(self.entering),
            "hop": _copy_hop(self.hop),
            "turn_log": [dict(entry) for entry in self.turn_log],
            "previous_log": [dict(entry) for entry in self.previous_log],
            "winners": list(self.winners),
            "win_reason": self.win_reason,
            "round_limit": self.round_limit,
        }

    @classmethod
    def from_json(cls, data: dict) -> CombatState:
        state = cls(version=data["version"], num_players=data["players"], rng=Rng.from_json(data["rng"]))
        for name, stack in data["board"].items():
            state.board[INDEX[name]] = list(stack)
        state.capped = {INDEX[name] for name in data["capped"]}
        state.waiting = [INDEX[name] if name is not None else None for name in data["waiting"]]
        state.removed = [list(counts) for counts in data["removed"]]
        state.eliminated = list(data["eliminated"])
        state._refreeze()
        state.current = data["current"]
        state.turn = data["turn"]
        state.phase = data["phase"]
        state.action = _copy_action(data["action"])
        state.aim = dict(data["aim"]) if data["aim"] else None
        state.offer = _copy_offer(data["offer"])
        state.combat = _copy_combat(data["combat"])
        state.returning = _copy_returning(data["returning"])
        state.entering = _copy_returning(data["entering"])
        state.hop = _copy_hop(data["hop"])
        state.turn_log = [dict(entry) for entry in data["turn_log"]]
        state.previous_log = [dict(entry) for entry in data["previous_log"]]
        state.winners = list(data["winners"])
        state.win_reason = data["win_reason"]
        state.round_limit = data.get("round_limit", 0)  # matches stored before the option had none
        return state

    def clone(self) -> CombatState:
        """An independent copy, like `from_json(to_json())`, that keeps the cached legal actions."""
        state = shallow_copy(self)
        state.rng = self.rng.copy()
        state.sides = list(self.sides)
        state.colours = list(self.colours)
        state.seat_of_colour = dict(self.seat_of_colour)
        state.board = list(map(list, self.board))
        state.capped = set(self.capped)
        state.waiting = list(self.waiting)
        state.removed = list(map(list, self.removed))
        state.eliminated = list(self.eliminated)
        state.frozen = set(self.frozen)
        # Mostly None between turns' steps, so only the ones in use are copied.
        for name in ("action", "aim", "offer", "combat", "returning", "entering", "hop"):
            value = getattr(self, name)
            if value is not None:
                setattr(state, name, copy_data(value))
        state.turn_log = list(map(dict.copy, self.turn_log))  # entries are flat: seat, text, known facts
        state.previous_log = list(map(dict.copy, self.previous_log))
        state.winners = list(self.winners)
        state._events = list(self._events)
        state._legal = list(self._legal) if self._legal is not None else None
        return state

    def determinize(self, seat: int, seed: int) -> CombatState:
        """Nothing is hidden in Combat but the dice to come: a clone rolling with a new generator."""
        state = self.clone()
        state.rng = determinized_rng(seed)
        return state


def log_entry(entry: dict) -> LogEntry:
    """A turn log entry as views show it: who, the token, and its facts: the token's, and those the
    engine knew when it logged it (`defender` of an attack, what an "AM /" `ends`: "leg" or "aim").
    Entries stored before those were kept have the token's facts only."""
    known = {key: value for key, value in entry.items() if key not in ("seat", "text")}
    return LogEntry(entry["seat"], entry["text"], {**log_event(entry["text"]).facts, **known})


_CHOICE_FACTS = ("origin", "target", "whole", "square", "chosen")


def _choice(action: CombatAction) -> Choice:
    """A legal action with its facts, split where its notation splits for a two-part choice."""
    text = str(action)
    facts = log_event(text).facts
    rest = None
    if isinstance(action, (Move, Hop, AimStep)):
        rest = action.target
    elif isinstance(action, (Swap, Dig)):
        rest = str(action.theirs)
    return Choice(
        action=text,
        kind=text.split()[0],
        first=text[: -len(rest)] if rest else None,
        rest=rest,
        mine=PyramidSpot(**facts["mine"]) if "mine" in facts else None,
        theirs=PyramidSpot(**facts["theirs"]) if "theirs" in facts else None,
        **{name: facts[name] for name in _CHOICE_FACTS if name in facts},
    )


def _action_view(action: dict | None) -> ActionDie | None:
    if action is None:
        return None
    effective = action["chosen"] or action["name"]
    return ActionDie(action["roll"], action["name"], tuple(action["rerolled"]), action["chosen"], effective)


def _copy_action(action: dict | None) -> dict | None:
    return dict(action, rerolled=list(action["rerolled"])) if action else None


def _copy_offer(offer: dict | None) -> dict | None:
    if offer is None:
        return None
    return dict(
        offer, targets=[dict(target) for target in offer["targets"]], repliers=list(offer["repliers"])
    )


def _copy_combat(combat: dict | None) -> dict | None:
    if combat is None:
        return None
    pairs = {key: [list(pair) for pair in combat[key]] for key in ("rolls", "counter", "ties")}
    if "lifted" in combat:
        pairs["lifted"] = list(combat["lifted"])
    return dict(combat, **pairs)


def combat_totals(combat: dict) -> dict:
    """Each side's totals, force pips + die: per round, per counter-attack round, and with a
    counter-attack the sum of round 1 and the counter that decides (R14)."""
    a, d = combat["a"], combat["d"]
    rolls = [[a + x, d + y] for x, y in combat["rolls"]]
    counter = [[a + x, d + y] for x, y in combat["counter"]]
    decisive = rolls[:1] + counter
    both = (
        [sum(pair[0] for pair in decisive), sum(pair[1] for pair in decisive)] if counter and rolls else None
    )
    return {"rolls": rolls, "counter": counter, "sum": both}


def _pairs(pairs: list) -> tuple[tuple[int, int], ...]:
    return tuple(tuple(pair) for pair in pairs)


def _combat_view(combat: dict | None) -> Fight | None:
    if combat is None:
        return None
    totals = combat_totals(combat)
    return Fight(
        attacker=combat["attacker"],
        defender=combat["defender"],
        origin=combat["from"],
        target=combat["to"],
        attack_pips=combat["a"],
        defence_pips=combat["d"],
        rolls=_pairs(combat["rolls"]),
        counter=_pairs(combat["counter"]),
        ties=_pairs(combat["ties"]),
        winner=combat["winner"],
        lifted=tuple(combat["lifted"]) if "lifted" in combat else None,
        totals=Totals(
            _pairs(totals["rolls"]),
            _pairs(totals["counter"]),
            tuple(totals["sum"]) if totals["sum"] else None,
        ),
    )


def _hop_view(hop: dict | None) -> HopResult | None:
    return HopResult(hop["from"], hop["to"], _pairs(hop["rolls"]), hop["stayed"]) if hop else None


def _copy_returning(pending: dict | None) -> dict | None:
    if pending is None:
        return None
    copied = dict(pending, options=list(pending["options"]))
    if "force" in copied:
        copied["force"] = list(copied["force"])
    return copied


def _copy_hop(hop: dict | None) -> dict | None:
    return dict(hop, rolls=[list(pair) for pair in hop["rolls"]]) if hop else None


# --- the game -----------------------------------------------------------------------------

_SQUARE = r"([a-f][1-6])"
_PYRAMID = r"(?:([rybg][123])\s*@\s*)?([a-f][1-6])"
_PATTERNS = [
    (re.compile(r"m\s*-"), lambda m: NoMove()),
    (re.compile(rf"m\s+{_SQUARE}\s*([-=])\s*{_SQUARE}"), lambda m: Move(m[1], m[3], m[2] == "=")),
    (re.compile(r"x\s*-"), lambda m: NoAttack()),
    (re.compile(rf"x\s+{_SQUARE}\s*>\s*{_SQUARE}"), lambda m: Attack(m[1], m[2])),
    (re.compile(r"c"), lambda m: Counter(True)),
    (re.compile(r"c\s*-"), lambda m: Counter(False)),
    (re.compile(rf"ret\s+{_SQUARE}"), lambda m: Return(m[1])),
    (re.compile(rf"res\s+{_SQUARE}"), lambda m: EnterReserve(m[1])),
    (re.compile(r"w\s*>?\s*(tip|sw|hp|dg|am)"), lambda m: WildChoice(CODE_ACTIONS[m[1].upper()])),
    (
        re.compile(rf"sw\s+{_PYRAMID}\s+{_PYRAMID}"),
        lambda m: Swap(_pyramid_at(m[1], m[2]), _pyramid_at(m[3], m[4])),
    ),
    (
        re.compile(rf"dg\s+{_PYRAMID}\s+{_PYRAMID}"),
        lambda m: Dig(_pyramid_at(m[1], m[2]), _pyramid_at(m[3], m[4])),
    ),
    (re.compile(rf"hp\s+{_SQUARE}\s*([-=])\s*{_SQUARE}"), lambda m: Hop(m[1], m[3], m[2] == "=")),
    (re.compile(r"am\s*/"), lambda m: EndLeg()),
    (re.compile(rf"am\s+{_SQUARE}\s*([-=])\s*{_SQUARE}"), lambda m: AimStep(m[1], m[3], m[2] == "=")),
]


def _pyramid_at(pyramid: str | None, square: str) -> PyramidAt:
    return PyramidAt(square, pyramid.upper() if pyramid else None)


# --- the rules a player learns (tutorials) ---------------------------------------------------

# One topic per kind of decision (its notation's first word: a pass such as "M -" or "X -" is the
# same decision declined), the two things the rules do with no decision (the die's Tip, a defeated
# force going back), capping a home tree and winning by trees. Advanced's removals, reserves and
# eliminations, the stalemate and the round limit are not taught: a first match never shows them.
TOPICS = (
    Topic("move", "action", "§4.1"),
    Topic("attack", "action", "§5.1"),
    Topic("counter", "action", "§5.2"),
    Topic("return", "action", "§5.4"),
    Topic("tip", "action", "§4.2"),
    Topic("swap", "action", "§4.2"),
    Topic("hop", "action", "§4.2"),
    Topic("dig", "action", "§4.2"),
    Topic("aim", "action", "§4.2"),
    Topic("wild", "action", "§4.2"),
    Topic("cap", "scoring", "§6"),
    Topic("win", "ending", "§6"),
)
DECISION_TOPICS = {
    Move: "move",
    NoMove: "move",
    Attack: "attack",
    NoAttack: "attack",
    Counter: "counter",
    Return: "return",
    WildChoice: "wild",
    Swap: "swap",
    Hop: "hop",
    Dig: "dig",
    AimStep: "aim",
    EndLeg: "aim",
}
EVENT_TOPICS = {"TIP": "tip", "RET": "return", "CAP": "cap"}  # the rules' own doing, shown by events


class Combat(Game):
    def topics_of(self, action: CombatAction, events: list[str]) -> list[str]:
        topics = [DECISION_TOPICS[type(action)]] if type(action) in DECISION_TOPICS else []
        for event in events:  # Events, each with its facts
            kind = event.kind
            if kind in EVENT_TOPICS:
                topics.append(EVENT_TOPICS[kind])
            elif kind == "WIN" and event.facts.get("reason") == "trees":
                topics.append("win")
        return list(dict.fromkeys(topics))

    def marks(self, state: CombatState, seat: int, action: CombatAction) -> Marks | None:
        """The squares and arrows of `action`, as the view's `last_marks` gives the log's: a
        counter-attack marks its combat (from the defender), ending an Aim leg the square where its
        combat opportunity comes; a pass or a Wild choice goes nowhere (None)."""
        if isinstance(action, Counter):
            combat = state.combat
            if not action.declared or combat is None:
                return None
            return Marks((combat["from"], combat["to"]), (Arrow(combat["to"], combat["from"], False),))
        if isinstance(action, EndLeg):
            leg = (state.aim or {}).get("leg")
            return Marks((leg,)) if leg else None
        if isinstance(action, (Swap, Dig)):  # its pyramids may be named by square alone ("SW b3 e4")
            kind = "SW" if isinstance(action, Swap) else "DG"
            pair = {"mine": {"square": action.mine.square}, "theirs": {"square": action.theirs.square}}
            squares, arrows = _marks(kind, pair)
            facts = {"squares": squares, "arrows": arrows}
        else:
            facts = log_event(str(action)).facts
        return gathered_marks([facts]) if facts["squares"] else None

    def new(self, num_players: int, seed: int, options: dict | None = None) -> CombatState:
        self.check_players(num_players)
        options = self.resolve_options(options)
        state = CombatState(version=options["version"], num_players=num_players, rng=Rng(seed))
        state.round_limit = options["rounds"]
        state.set_up()
        state._start_turn(state.roll_for_first())
        state._advance()
        state._events = []
        return state

    def from_json(self, data: dict) -> CombatState:
        return CombatState.from_json(data)

    def parse_action(self, text: str) -> CombatAction:
        """Reads the notation of briefs/combat_api.md in any case, spaces around - = > @ / optional."""
        words = " ".join(text.split()).lower()
        for pattern, build in _PATTERNS:
            found = pattern.fullmatch(words)
            if found:
                return build(found)
        if words == "tip":
            raise IllegalAction("Tip has no choices: it happens by itself when rolled.")
        if not words:
            raise IllegalAction(
                "Write an action: write M c1-b2 / M c1=b2 / M -, X b4>c5 / X -, C / C -, RET c1, RES b1, "
                "W HP, SW R2@b3 B2@e4, HP b2-d2, DG R1@b3 B2@e4, AM c1-b2 or AM /."
            )
        raise IllegalAction(
            "'{text}' is not a Martian Combat action: write M c1-b2 / M c1=b2 / M -, X b4>c5 / X -, C / C -, "
            "RET c1, RES b1, W HP, SW R2@b3 B2@e4, HP b2-d2, DG R1@b3 B2@e4, AM c1-b2 or AM /.",
            text=text.strip(),
        )


COMBAT = Combat(
    id="combat",
    title="Martian Combat",
    min_players=2,
    max_players=4,
    topics=TOPICS,
    options=(
        Option(
            "version",
            "standard",
            VERSIONS,
            description="Standard (default), Simple (the centre is open) or Advanced (3 sets; losers leave the game)",
            labels=(
                "Standard",
                "Simple: the centre is open",
                "Advanced: 3 sets, reserves, defeated pyramids leave",
            ),
        ),
        Option(
            "rounds",
            0,
            (0, 30, 60, 100),
            description="End after this many rounds: most caps wins, then most own pyramids on home squares",
            labels=("No limit", "30 rounds", "60 rounds", "100 rounds"),
        ),
    ),
)


# --- positions for tests and tools --------------------------------------------------------

_STACK_TOKEN = re.compile(r"([a-f][1-6]):\[([^\]]*)\](\+K)?", re.IGNORECASE)


def position(
    text: str,
    *,
    version: str = "standard",
    players: int = 2,
    current: int = 0,
    phase: str = "move",
    removed: dict[int, tuple[int, int, int]] | None = None,
    turn: int = 1,
    rng=None,
) -> CombatState:
    """A state from the spec's compact notation, for tests and tools, e.g.
    "c1:[R1 R2 R3] d2:[R2] c6:[R3 R2 R1]+K" (bottom -> top; `+K` a capped tree).

    Advanced: a stack on a seat's centre square is its waiting reserve, and a reserve not listed
    has entered play; `removed` gives removed piles as (small, medium, large) per seat. Piece
    counts are not checked: the spec's vectors use more of a colour than a set holds. `phase`
    "move" waits for `current`'s move step; "action" rolls the action die now (with `rng`,
    default Rng(0)), as after `M -`.
    """
    if phase not in ("move", "action"):
        raise ValueError("phase is 'move' or 'action'")
    state = CombatState(version=version, num_players=players, rng=rng if rng is not None else Rng(0))
    leftover = _STACK_TOKEN.sub("", text).strip()
    if leftover:
        raise ValueError(f"can't read {leftover!r}: write stacks like c1:[R1 R2 R3] or c6:[R3 R2 R1]+K")
    reserves = {side.reserve: seat for seat, side in enumerate(state.sides)}
    for found in _STACK_TOKEN.finditer(text):
        name, stack, capped = found[1].lower(), found[2].upper().split(), bool(found[3])
        square = INDEX[name]
        if any(pyramid[0] not in state.colours or pyramid not in SIZE_OF for pyramid in stack):
            raise ValueError(f"{name}: pyramids are {', '.join(state.colours)} and 1-3, like R2")
        if not stack or not is_legal_stack(stack):
            raise ValueError(f"{name}: {stack_text(stack)} is not a tree or a nest")
        if square in state.blocked:
            if version != "advanced" or square not in reserves or capped:
                raise ValueError(f"{name} is blocked")
            state.waiting[reserves[square]] = square
        state.board[square] = stack
        if capped:
            if not any(square in side.home and stack == side.tree for side in state.sides):
                raise ValueError(f"{name}: only a completed home tree is capped")
            state.capped.add(square)
    for seat, counts in (removed or {}).items():
        state.removed[seat] = list(counts)
    state._refreeze()
    state.current, state.turn = current, turn
    state.phase = "move"
    if phase == "action":
        state.phase = "roll"
        state._advance()
        state._events = []
    return state
