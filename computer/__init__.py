"""The computer player: one player per game, each thinking the way that game rewards.

Entry points (all deterministic for the same arguments):

- `choose(state, seat, *, level="normal", seed=0) -> action`: one of `state.legal_actions(seat)`.
- `think(state, seat, level, seed) -> Decision`: the same decision with what the computer expects
  of it (a review reads the expectations; a hint says what the move does in the game's words, which
  is the presenter's business, never these statistics).
- `decide(game_id, state_json, seat, level, seed) -> notation`: a top-level, picklable function for
  a process pool; it rebuilds the state with `GAMES[game_id].from_json`.
- `LEVELS`: "easy", "normal", "hard"; `player_for(game_id)`: a game's player module, found by the
  game's id (`computer/<game>.py`, with `think(state, seat, level, seed) -> Decision` and `LEVELS`,
  its budget for each level), which owns its method and its budgets.

Every player looks only at what its seat may know: at `state.determinize(seat, seed_i)` (everything
hidden from `seat`, future dice and draws included, resampled) and at public facts such as the
cards already played, so a state and any determinization of it for the same seat get the same
decision (`tests/computer/`). This package imports only `games` and the standard library.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from games import GAMES, part_of

from .decision import Decision

LEVELS = ("easy", "normal", "hard")


def player_for(game_id: str) -> ModuleType:
    """The game's player, `computer/<game_id>.py`: its `think(state, seat, level, seed) -> Decision`
    is called only when the seat has a real choice; how it thinks, and what each level may spend
    (its `LEVELS`), is the game's own. A LookupError names the file when a part is missing."""
    part_of(game_id, __name__, "think")
    budgets = part_of(game_id, __name__, "LEVELS")
    if missing := [level for level in LEVELS if level not in budgets]:
        raise LookupError(f"computer/{game_id}.py: LEVELS has no budget for {', '.join(missing)}")
    return importlib.import_module(f"{__name__}.{game_id}")


def game_of(state) -> Any:
    """The registry entry of a state's game (found from the engine module that made it)."""
    game_id = type(state).__module__.rsplit(".", 1)[-1]
    if game_id not in GAMES:
        raise ValueError(f"not a state of a registered game: {type(state).__name__}")
    return GAMES[game_id]


def think(state, seat: int, level: str, seed: int) -> Decision:
    """The whole decision for `seat`: the action, and what the computer expects of it."""
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
    game = game_of(state)
    actions = state.legal_actions(seat)
    if not actions:
        raise ValueError("the seat has no legal action")
    if len(actions) == 1:
        return Decision(actions[0], options=1)
    return player_for(game.id).think(state, seat, level, seed)


def choose(state, seat: int, *, level: str = "normal", seed: int = 0) -> Any:
    """The computer's action for `seat`: one of `state.legal_actions(seat)`."""
    return think(state, seat, level, seed).action


def decide(game_id: str, state_json: dict, seat: int, level: str, seed: int) -> str:
    """For a process pool: the chosen action's notation."""
    state = GAMES[game_id].from_json(state_json)
    return str(choose(state, seat, level=level, seed=seed))


__all__ = ["LEVELS", "Decision", "choose", "decide", "player_for", "think"]
