"""What Martian Senet's views hold (`SenetState.view`): frozen dataclasses with every fact the
pictures and texts need, the ones the rules work out included (a square's nest, tree and block,
each player's line, where the roll can land), so nothing downstream works a rule out again.
Nothing in Senet is hidden: every seat sees the same view but for `seat`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .core import View

SIZE_LETTERS = {1: "S", 2: "M", 3: "L"}


class Piece(NamedTuple):
    """One pyramid: its owner ("a" or "b"), size (1 small to 3 large) and colour."""

    owner: str
    size: int
    colour: str

    def __str__(self) -> str:
        return f"{self.owner}{SIZE_LETTERS[self.size]}"


@dataclass(frozen=True)
class SenetSquare:
    """An occupied square: its stack and what the rules make of it (spec 3, R6, R7)."""

    stack: tuple[Piece, ...]  # bottom to top
    peak: int  # the index of the nest's outer pyramid: it and the tree on it can move
    is_nest: bool  # pyramids are locked inside the outer one (`locked`)
    is_tree: bool  # smaller pyramids sit on the outer one (`tree`)
    block_owner: str | None  # whose block the top three make (R7); None: no block

    @property
    def locked(self) -> tuple[Piece, ...]:
        """The pyramids locked inside the nest, innermost first."""
        return self.stack[: self.peak]

    @property
    def outer(self) -> Piece:
        """The nest's outer pyramid (the bottom one where there is no nest)."""
        return self.stack[self.peak]

    @property
    def tree(self) -> tuple[Piece, ...]:
        """The pyramids on the outer one, bottom to top."""
        return self.stack[self.peak + 1 :]


@dataclass(frozen=True)
class SenetPlayer:
    """One player as the board's text shows them."""

    letter: str  # "a" or "b"
    seat: int
    colours: tuple[str, ...]  # colour codes (games.pieces.COLOUR_NAMES), display only (R15)
    off: int  # pyramids borne off
    to_move: bool  # the pending roll is theirs (never once the match is over)
    won: bool


@dataclass(frozen=True)
class SenetRoll:
    """One roll and what its player did with it (or, as a suggestion, would do): a move of the
    pyramid of `size` on `origin` to `target` (a square or "off"), a coaster move (`coaster`, E or
    W), or nothing ("-")."""

    player: str
    roll: int
    action: str  # the notation: "S8L-B5", "E", "-"
    origin: str | None = None
    size: int | None = None
    target: str | None = None
    coaster: str | None = None


@dataclass(frozen=True, kw_only=True)
class SenetView(View):
    players: dict[str, SenetPlayer]  # by letter, A then B
    squares: dict[str, SenetSquare]  # the occupied squares, by name in path order
    current: str  # whose the pending roll is (the winner's, once over)
    roll: int | None  # the roll waiting for a decision
    coaster_roll: bool  # the pending roll is a 5: a coaster move
    roll_again: bool  # the player rolls again after it
    legal: tuple[str, ...]  # the current player's actions, in notation
    landings: tuple[str, ...]  # where the roll's moves land, in path order ("off" last)
    last: SenetRoll | None  # the last move or coaster move made
    log: tuple[SenetRoll, ...]  # the rolls of this turn and the one before
    turn: int
    winner: str | None  # letters: who won and lost, once over
    loser: str | None
    points: int | None  # the winner's, once over
    breakdown: dict[str, int] | None  # the loser's pips left per track, once over
    track_points: dict[str, int]  # points per pip left on each track (spec 5)
    pyramids_each: int
