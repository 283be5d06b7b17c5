"""Per-game presentation on Discord: each module turns stored state into texts and controls.

Every module offers the same names:
- `PUBLIC_CONTROLS`: True for a game without secrets: its move buttons sit on the board message
  itself and nothing is sent by DM. Otherwise moves are made in DM or ephemeral prompts.
- `HAND_LABEL`: the label of the button that shows a player their secrets ("My hand").
- `seat_label(match, seat)`: how texts name a player ("P1 alice", or "alice (A)" in Senet).
- `options_text(options)`, `start_line(match)`, `status_line(match)`, `final_text(match)`:
  texts for the lobby and the board message.
- `private_text(match, seat)`: what the seat holds privately, for its DMs and ephemeral replies.
- `prompt(match, seat, choice="") -> Prompt`: the seat's move controls; `choice` is what an
  earlier select of a multi-step action picked, as returned by `check_pick(match, seat, values,
  carried)`, which validates a select's values (and the argument its custom_id carried).
- `action_phrase(match, seat, action, done=True)`: an action as a verb phrase ("led 7♥ ...").
- `describe_events(match, events)`: the engine's events as lines for the board message.
- `news_for_everyone(events)`: whether every seat needs a fresh private message (a new deal).
"""

from types import ModuleType

from . import combat, flood, mars, senet, trickery

PRESENTERS: dict[str, ModuleType] = {
    "trickery": trickery,
    "mars": mars,
    "senet": senet,
    "flood": flood,
    "combat": combat,
}
