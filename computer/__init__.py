"""The computer player: one player per game, each thinking the way that game rewards.

Entry points (all deterministic for the same arguments):

- `choose(state, seat, *, level="normal", seed=0) -> action`: one of `state.legal_actions(seat)`.
- `advise(state, seat, *, level="normal", seed=0) -> Advice`: the same decision plus a short
  player-facing `reason` ("did best of 5 options: 64% expected result over 300 simulated positions").
- `decide(game_id, state_json, seat, level, seed) -> (notation, reason)`: a top-level, picklable
  function for a process pool; it rebuilds the state with `GAMES[game_id].from_json`.
- `LEVELS`: "easy", "normal", "hard"; `PLAYERS`: each game's player module (`computer/<game>.py`,
  with `think(state, seat, level, seed) -> Decision`), which owns its method and its budgets.

Every player looks only at what its seat may know: at `state.determinize(seat, seed_i)` (everything
hidden from `seat`, future dice and draws included, resampled) and at public facts such as the
cards already played, so a state and any determinization of it for the same seat get the same
decision (`tests/computer/`). This package imports only `games` and the standard library.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games import GAMES
from games.core import N_

from . import combat, flood, mars, senet, trickery
from .decision import Decision

LEVELS = ("easy", "normal", "hard")

# Each game's player: a module with `think(state, seat, level, seed) -> Decision`, called only when
# the seat has a real choice. How it thinks, and what each level may spend, is the game's own.
PLAYERS = {"senet": senet, "combat": combat, "mars": mars, "trickery": trickery, "flood": flood}


class Reason(str):
    """Why the computer chose an action: the English text (what `str` gives), keeping its catalogue
    template and values, since it is made in a worker process that speaks no player's language.
    `reason_text` says it in the language of the player it is shown to."""

    template: str
    values: dict[str, Any]

    def __new__(cls, template: str, /, **values: Any) -> Reason:
        reason = super().__new__(cls, template.format(**values) if values else template)
        reason.template, reason.values = template, values
        return reason

    def __reduce__(self):  # crosses the process pool: keep the template, not just the English
        return _reason, (self.template, self.values)


def _reason(template: str, values: dict[str, Any]) -> Reason:
    return Reason(template, **values)


def reason_text(reason: str, translate: Callable[..., str]) -> str:
    """A decision's reason as `translate` (the catalogue's `tr`) says it; a plain string as it is."""
    if isinstance(reason, Reason):
        return translate(reason.template, **reason.values)
    return reason


@dataclass(frozen=True)
class Advice:
    action: Any
    reason: str


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
    return PLAYERS[game.id].think(state, seat, level, seed)


def choose(state, seat: int, *, level: str = "normal", seed: int = 0) -> Any:
    """The computer's action for `seat`: one of `state.legal_actions(seat)`."""
    return think(state, seat, level, seed).action


def reason_of(decision: Decision) -> Reason:
    if decision.options == 1:
        return Reason(N_("the only legal move"))
    if decision.samples == 0:
        return Reason(N_("chosen without looking ahead"))
    return Reason(
        N_("did best of {options} options: {share}% expected result over {samples} simulated positions"),
        options=decision.options,
        share=round(100 * decision.expected),
        samples=decision.samples,
    )


def advise(state, seat: int, *, level: str = "normal", seed: int = 0) -> Advice:
    """A hint for `seat`: the action the computer would choose, and why, in a few words."""
    decision = think(state, seat, level, seed)
    return Advice(decision.action, reason_of(decision))


def decide(game_id: str, state_json: dict, seat: int, level: str, seed: int) -> tuple[str, str]:
    """For a process pool: the chosen action's notation and the reason."""
    state = GAMES[game_id].from_json(state_json)
    advice = advise(state, seat, level=level, seed=seed)
    return str(advice.action), advice.reason


__all__ = ["LEVELS", "Advice", "Decision", "Reason", "advise", "choose", "decide", "reason_text", "think"]
