"""Martian Combat's views: what a seat (or a spectator) sees of a match, as frozen dataclasses.

Nothing in Combat is hidden, so every seat's view is the spectator's with its own `seat`. Each
view carries the facts the rules work out (a square's force, whether it is frozen, a nest, a
seat's caps, the squares the last actions name), so pictures and texts read them instead of
applying the rules again. `games.combat` builds them (`CombatState.view`, `square_view`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .core import View


@dataclass(frozen=True)
class Force:
    """The top owner's unbroken run down from the top of a stack (R11): what fights and moves whole."""

    colour: str
    size: int  # pyramids in the run
    pips: int


@dataclass(frozen=True)
class Square:
    """One occupied square."""

    stack: tuple[str, ...]  # bottom -> top, colour then pips: "R3"
    capped: bool  # a completed home tree with its cap
    reserve: bool  # an Advanced reserve nest waiting on its centre square
    force: Force
    covered: tuple[bool, ...]  # per pyramid: another colour's lies above it (pinned or dug), so it is stuck
    frozen: bool  # capped or a waiting reserve: it neither moves, fights nor tips
    nest: bool  # sizes rising upward: the top pyramid covers all the others


@dataclass(frozen=True)
class Seat:
    """One seat's side of the board and what it has lost."""

    side: str  # S, W, N or E
    colour: str
    start: tuple[str, ...]
    home: tuple[str, ...]  # the goal squares, across the board
    row: tuple[str, ...]  # the starting row, start squares included
    eliminated: bool
    removed: tuple[int, int, int]  # Advanced: pyramids out of the game, small, medium, large
    reserve: str | None  # Advanced: the square its reserve nest waits on, None once it entered
    caps: int  # home squares capped


@dataclass(frozen=True)
class Arrow:
    origin: str
    target: str
    both: bool  # a swap: both ways


@dataclass(frozen=True)
class Marks:
    """Where actions went on the board: every square they name, and an arrow for each move, attack,
    hop, swap and dig. A view's `last_marks` (this turn's log) and `suggested` (`Combat.marks`)."""

    squares: tuple[str, ...] = ()
    arrows: tuple[Arrow, ...] = ()


def gathered_marks(marked: Iterable[dict]) -> Marks:
    """The marks of several tokens' facts (each with `squares` and `arrows`), each square once."""
    squares: list[str] = []
    arrows: list[Arrow] = []
    for facts in marked:
        for square in facts["squares"]:
            if square not in squares:
                squares.append(square)
        arrows += [Arrow(origin, target, both) for origin, target, both in facts["arrows"]]
    return Marks(tuple(squares), tuple(arrows))


@dataclass(frozen=True)
class LogEntry:
    """One token of the turn's log: who, the token, and its facts (`games.combat.log_entry`)."""

    seat: int | None
    text: str
    facts: dict


@dataclass(frozen=True)
class PyramidSpot:
    pyramid: str | None
    square: str


@dataclass(frozen=True)
class Choice:
    """A legal action with its facts. One chosen in two parts (which unit or pyramid of yours, then
    where or which of theirs) says where its notation splits: `first` + `rest`."""

    action: str  # the notation: "M c1-b2"
    kind: str  # its first word: "M"
    first: str | None = None
    rest: str | None = None
    origin: str | None = None  # a step, hop or attack
    target: str | None = None
    whole: bool = False  # a step or hop of the whole force
    square: str | None = None  # where a force returns or a reserve enters
    chosen: str | None = None  # a Wild choice: "hop"
    mine: PyramidSpot | None = None  # a swap or dig
    theirs: PyramidSpot | None = None


@dataclass(frozen=True)
class ActionDie:
    roll: int | None  # None: no action was possible
    name: str  # the rolled action ("skip" when none was possible)
    rerolled: tuple[int, ...]  # the rolls re-rolled as unavailable
    chosen: str | None  # Wild: the action chosen
    effective: str  # what the turn carries out: the chosen action, else the rolled one


@dataclass(frozen=True)
class Aim:
    budget: int
    left: int
    leg: str | None  # the square the leg in progress goes on from


@dataclass(frozen=True)
class Target:
    square: str
    seat: int
    pips: int


@dataclass(frozen=True)
class Offer:
    """A combat opportunity being decided: the force that arrived and the forces next to it."""

    square: str
    mover: int
    pips: int
    targets: tuple[Target, ...]


@dataclass(frozen=True)
class Totals:
    """Each side's totals, force pips + die (R14)."""

    rolls: tuple[tuple[int, int], ...]  # per round
    counter: tuple[tuple[int, int], ...]  # per counter-attack round
    sum: tuple[int, int] | None  # with a counter-attack: round 1 plus the counter that decides


@dataclass(frozen=True)
class Fight:
    """The current or most recent combat of this turn (or the previous one's)."""

    attacker: int
    defender: int
    origin: str
    target: str
    attack_pips: int
    defence_pips: int
    rolls: tuple[tuple[int, int], ...]
    counter: tuple[tuple[int, int], ...]
    ties: tuple[tuple[int, int], ...]  # plain d6 re-rolls breaking a tie (R15)
    winner: int | None
    lifted: tuple[str, ...] | None  # the loser's force when the advance won the game (R24)
    totals: Totals


@dataclass(frozen=True)
class HopResult:
    origin: str
    target: str
    rolls: tuple[tuple[int, int], ...]
    stayed: bool


@dataclass(frozen=True)
class Returning:
    """A defeated force waiting for its owner to put it back."""

    seat: int
    force: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class CombatView(View):
    """Everything on the table (the same for every seat)."""

    deciding: int | None  # the one seat that must decide now (`to_move`), None at the end
    version: str
    players: int
    seats: tuple[Seat, ...]
    blocked: tuple[str, ...]
    board: dict[str, Square]  # the occupied squares
    goals: dict[str, str]  # the home squares of the players still in, with their colour
    seat_of_colour: dict[str, int]
    current: int  # whose turn it is
    turn: int
    phase: str
    action: ActionDie | None  # this turn's action die
    aim: Aim | None
    offer: Offer | None
    combat: Fight | None
    hop: HopResult | None  # this turn's Hop, or the previous turn's until this turn's log begins
    returning: Returning | None
    last: tuple[LogEntry, ...]  # this turn's log, or the previous turn's until this one's begins
    last_marks: Marks  # the squares and arrows of `last`
    legal: tuple[str, ...]  # the deciding seat's actions
    choices: tuple[Choice, ...]  # the same, with their facts
    win_reason: str | None
    round_limit: int  # 0: none
    turns_left: int | None  # with a round limit
