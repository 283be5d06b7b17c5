"""The Agents of M.A.R.S. tutorial: a standard match against an easy agent."""

from __future__ import annotations

import computer
from games.core import N_
from games.mars import MARS, Draw, MarsState, Move, SetObjective, Swap, SwapSlots, score_board

from . import Lesson

GUIDE = "normal"


def prefer(state: MarsState, seat: int, actions: list, untaught: set[str]):
    """The objective the prompt offers ready-made; an objective swap only to teach it, and only when
    the board as it stands rewards it; otherwise the guide's draw, move or swap, or a draw where the
    guide would take back the learner's own last move or swap.

    The guide also swaps slots as a tactic (even on an empty board, to hide its plans) and shuffles a
    piece back and forth to wait: moves a newcomer can't follow, and each slot swap costs a decision."""
    if state.in_setup:
        order = state.suggested_objective(seat)
        return SetObjective(tuple(zip(state.slot_values, order, strict=True))) if order else None
    if state.drawn is not None:
        return None  # where the piece goes: the guide's choice
    slot_swaps = [action for action in actions if isinstance(action, SwapSlots)]
    if slot_swaps and "objective-swap" in untaught:
        sensible = _best_slot_swap(state, seat, slot_swaps)
        if sensible is not None:
            return sensible
    without_slot_swaps = state.clone()
    without_slot_swaps.phase_a_used = True  # the same turn with phase A done: the guide's phase B
    choice = computer.choose(without_slot_swaps, seat, level=GUIDE)
    return Draw() if _takes_back_own_last(state, seat, choice) else choice


def _takes_back_own_last(state: MarsState, seat: int, action) -> bool:
    """Whether a move or swap works the same two squares as the seat's own last move or swap (public:
    the history both players saw), putting the pieces back rather than getting anywhere."""
    if not isinstance(action, Move | Swap):
        return False
    own = [notation for who, notation in state.history if who == seat and not notation.startswith("O")]
    if not own or "@" in own[-1]:
        return False
    last = MARS.parse_action(own[-1])
    squares = {last.origin if isinstance(last, Move) else last.initiator, last.target}
    return squares == {action.origin if isinstance(action, Move) else action.initiator, action.target}


def _best_slot_swap(state: MarsState, seat: int, slot_swaps: list[SwapSlots]) -> SwapSlots | None:
    """The swap that raises the seat's own score most on the board as it stands (a colour whose
    groups score more onto the higher slot), if any does."""
    values = score_board(
        state.board,
        state.colours,
        biggest_only=state.options["biggest_only"],
        size_points=state.options["size_points"],
    )["values"]
    objective = state.objectives[seat]  # the seat's own, which it sees (the lesson isn't Blind Agents)

    def gain(swap: SwapSlots) -> int:
        return (swap.high - swap.low) * (values[objective[swap.low]] - values[objective[swap.high]])

    best = max(slot_swaps, key=gain)
    return best if gain(best) > 0 else None


LESSON = Lesson(
    "mars",
    players=2,
    seed=4,
    welcome=N_(
        "Welcome, agent! Fill the board with the other agent, one piece at a time, and make the "
        "colours your secret objective favours form big groups."
    ),
    introductions={
        "objective": N_(
            "Your secret objective gives each colour a slot: +2, +1, 0 or -1. At the end, each "
            "colour's points count times its slot."
        ),
        "draw": N_("Draw: a random piece comes out of the bag. Every turn is a draw, a move or a swap."),
        "place": N_("Place: the piece just drawn goes on any empty square you like."),
        "move": N_(
            "Move: a piece goes exactly as many squares as its pips, in a straight line, to an empty "
            "square, jumping whatever is between. Black pieces never move."
        ),
        "swap": N_(
            "Swap: when a piece's pips reach an occupied square, the two pieces change places. "
            "Black pieces can't take part."
        ),
        "objective-swap": N_(
            "Before your move you may swap the colours of two of your slots: both become public. "
            "Once 4 black pieces are on the board, nobody may."
        ),
        "groups-score": N_(
            "Scoring: touching pieces of one colour form a group; a group of 4 or more scores its "
            "pips. Black never scores."
        ),
        "slot-values": N_(
            "Each agent multiplies every colour's points by that colour's slot: +2 doubles them, 0 "
            "wipes them out, -1 takes them away."
        ),
        "board-full": N_(
            "The match ends when the last empty square is filled: all objectives are revealed, and "
            "the higher score wins."
        ),
    },
    options={"first_player": 1},
    learner=0,
    opponents="easy",
    guide=GUIDE,
    prefer=prefer,
)
