"""Pure rules engines for the Martian Arcade games, behind one protocol (see `games.core`)."""

from .combat import COMBAT
from .core import Event, Game, IllegalAction, Option, Outcome, Rng, State, View, random_choice, replay_actions
from .flood import FLOOD
from .mars import MARS
from .senet import SENET
from .trickery import TRICKERY

GAMES: dict[str, Game] = {game.id: game for game in (TRICKERY, MARS, SENET, FLOOD, COMBAT)}

__all__ = [
    "GAMES",
    "Event",
    "Game",
    "IllegalAction",
    "Option",
    "Outcome",
    "Rng",
    "State",
    "View",
    "random_choice",
    "replay_actions",
]
