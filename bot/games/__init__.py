"""Per-game presentation on Discord: each module turns stored state into texts and controls.

Every module offers the same functions: `prompt`, `check_pick`, `describe_events`,
`describe_action`, `status_line`, `hand_text`, `acted_text`, `final_text`.
"""

from types import ModuleType

from . import trickery

PRESENTERS: dict[str, ModuleType] = {"trickery": trickery}
