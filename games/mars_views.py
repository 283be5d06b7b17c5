"""What a seat (or a spectator) sees of an Agents of M.A.R.S. match: the frozen views `MarsState.view`
returns, with the facts the rules derive (who may see a slot, whose slots a seat swaps, which
squares score) worked out here once for pictures and texts."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .core import View

# Who may see a slot's colour (`ObjectiveSlot.status`).
UNCHOSEN, PUBLIC, PRIVATE, HIDDEN = "unchosen", "public", "private", "hidden"


def slot_text(value: int) -> str:
    return "0" if value == 0 else f"{value:+d}"


def slot_token(owner: int, value: int, colour: str | None) -> str:
    """A slot's notation, as `MarsState.secrets` names the hidden ones: "P1+2:Y", "P10:?"."""
    return f"P{owner + 1}{slot_text(value)}:{colour or '?'}"


@dataclass(frozen=True)
class ObjectiveSlot:
    """One slot of an agent's objective, as one viewer sees it."""

    value: int
    colour: str | None  # None: hidden from this viewer, or not chosen yet
    # UNCHOSEN (its owner is still choosing; a draft's colours show), PUBLIC, PRIVATE (only the
    # viewer sees it) or HIDDEN
    status: str
    token: str  # its notation (`slot_token`)


@dataclass(frozen=True)
class Objective:
    """An agent's objective as one viewer sees it: its slots, highest value first."""

    owner: int
    chosen: bool  # False while its owner is still choosing it
    slots: tuple[ObjectiveSlot, ...]
    public: tuple[int, ...]  # the values of the slots everybody sees (swapped, or all at the end)


@dataclass(frozen=True)
class LastAction:
    """A placement, move, swap or objective swap as the pictures mark it: the view's last action,
    and `Mars.marks` of a suggested one."""

    seat: int
    kind: str  # "place", "move", "swap" or "objective"
    squares: tuple[str, ...]  # the square placed on; a move's or swap's origin and target
    piece: str | None  # the piece placed or moving
    owner: int | None = None  # a suggested objective swap: whose objective...
    slots: tuple[int, ...] = ()  # ...and which two slots


@dataclass(frozen=True)
class ScoringGroup:
    """An orthogonally connected group of one colour on the final board."""

    colour: str
    squares: tuple[str, ...]
    pips: int
    count: int
    scores: bool


@dataclass(frozen=True)
class ColourPoints:
    """What one colour brings one agent: its value V times the slot's multiplier."""

    colour: str
    multiplier: int
    value: int
    points: int


@dataclass(frozen=True)
class Scoring:
    """The final count (spec section 5)."""

    values: dict[str, int]  # V per colour, in the match's colour order
    groups: tuple[ScoringGroup, ...]
    breakdown: tuple[tuple[ColourPoints, ...], ...]  # per seat, per colour
    totals: tuple[int, ...]
    size_points: bool  # a group's value counts its pieces too
    scoring_squares: tuple[str, ...]  # the squares of the groups that score, drawn outlined


@dataclass(frozen=True, kw_only=True)
class MarsView(View):
    """The board and both objectives as far as the viewer sees them (a spectator: the public slots)."""

    phase: str  # "setup", "play" or "over"
    files: int
    ranks: int
    colours: str  # the colours in play, "RGBY" (+ "P")
    slot_values: tuple[int, ...]  # highest first
    board: dict[str, str]  # square: piece code ("G3"), in square order
    bag: dict[str, int]
    bag_count: int
    blacks_on_board: int
    objective_swaps_open: bool
    objectives: tuple[Objective, ...]  # per seat
    swaps_slots_of: tuple[int, ...]  # per seat, whose objective its objective swaps change (6.2)
    first_player: int
    turn: int
    drawn: str | None  # the piece drawn, to place
    phase_a_used: bool
    last_action: LastAction | None
    ko_forbidden: tuple[str, ...]  # the moves and swaps Ko forbids now (R8)
    reach: dict[str, tuple[str, ...]]  # where each piece that may move lands with its pips (R6)
    scoring: Scoring | None  # at the end


@dataclass(frozen=True, kw_only=True)
class MarsSeatView(MarsView):
    """A seat's own view: also its moves, and its ready-made objective while it chooses one."""

    seat: int
    suggested_objective: str | None  # the colours from the highest slot down
    legal: tuple[str, ...]  # its moves in play (objectives are chosen slot by slot, not listed)

    def with_draft(self, order: str) -> MarsSeatView:
        """This view with the objective its seat is choosing drafted as `order` (the colours from the
        highest slot down), still unchosen: what the objective prompt previews."""
        mine = self.objectives[self.seat]
        slots = tuple(
            ObjectiveSlot(value, colour, UNCHOSEN, slot_token(self.seat, value, colour))
            for value, colour in zip(self.slot_values, order, strict=True)
        )
        objectives = list(self.objectives)
        objectives[self.seat] = replace(mine, slots=slots)
        return replace(self, objectives=tuple(objectives))
