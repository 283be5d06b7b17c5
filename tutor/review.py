"""A finished match looked back on: where the computer's evaluation of a player's chances swung
most, what they played there and what the computer would have played.

Each decision of a seat with a real choice is evaluated by the computer player (the expected
result for that seat, 0..1, as it judges the position before the move). A swing is the change from
one such decision of a seat to its next one (or to the match's result after its last): what that
move, and whatever followed before the seat chose again, did to its chances. The biggest swings
are the moments worth looking at again. Pure and deterministic: run it in a worker process.
"""

from __future__ import annotations

from dataclasses import dataclass

import computer
from computer.decision import derive_seed
from games import GAMES, State

# The level whose judgement a review gives, and the one asked where that one doesn't evaluate (it
# chose without looking ahead, as Trickery's normal player does)
REVIEW_LEVEL, DEEPER_LEVEL = "normal", "hard"


@dataclass(frozen=True)
class Swing:
    ply: int  # the moment: before the log's action number `ply` (0-based)
    seat: int  # who chose there
    played: str  # what they played
    best: str  # what the computer would have played
    before: float  # the seat's chances as the computer saw them when choosing
    after: float  # at the seat's next choice, or its result when the match ended

    @property
    def change(self) -> float:
        return self.after - self.before


def result_for(state: State, seat: int) -> float:
    """The finished match's result for `seat` on the evaluations' scale: 1 a win, 0 a loss, a
    shared win shared."""
    winners = state.outcome.winners if state.outcome else ()
    return 1 / len(winners) if seat in winners else 0.0


def judged_by(state: State, seat: int, level: str, seed: int) -> computer.Decision | None:
    """The computer's decision at `level`, or a level deeper where that one doesn't evaluate;
    None where neither does (a choice between moves that come to the same)."""
    decision = computer.think(state, seat, level, seed)
    if decision.samples == 0 and level != DEEPER_LEVEL:
        decision = computer.think(state, seat, DEEPER_LEVEL, seed)
    return decision if decision.samples else None


def swings(
    game_id: str,
    players: int,
    seed: int,
    options: dict,
    log: list[tuple[int, str]],
    seats: tuple[int, ...],
    *,
    top: int = 3,
    level: str = REVIEW_LEVEL,
) -> list[Swing]:
    """The `top` biggest swings (by size, either way) at the decisions of `seats`, in match order.
    Only decisions the computer evaluates count: a forced move swings nothing."""
    game = GAMES[game_id]
    state = game.new(players, seed, dict(options))
    judged: list[tuple[int, int, str, str, float]] = []  # (ply, seat, played, best, expected)
    for ply, (seat, text) in enumerate(log):
        if seat in seats and len(state.legal_actions(seat)) > 1:
            decision = judged_by(state, seat, level, derive_seed(seed, "review", ply))
            if decision is not None:
                judged.append((ply, seat, text, str(decision.action), decision.expected))
        state.apply(seat, game.parse_action(text))
    found = []
    for i, (ply, seat, played, best, before) in enumerate(judged):
        later = next((entry[4] for entry in judged[i + 1 :] if entry[1] == seat), None)
        after = later if later is not None else (result_for(state, seat) if state.is_over else before)
        found.append(Swing(ply, seat, played, best, before, after))
    biggest = sorted(found, key=lambda swing: (-abs(swing.change), swing.ply))[:top]
    return sorted(biggest, key=lambda swing: swing.ply)
