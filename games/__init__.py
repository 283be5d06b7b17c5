"""Pure rules engines for the Martian Arcade games, behind one protocol (see `games.core`).

`GAMES` is where a game is registered, by its id, once: every other part of it (pictures,
presenter, rules text, computer player, lesson) is found by that id in its own package (README,
"Adding a game").
"""

import importlib
from typing import Any

from .core import Event, Game, IllegalAction, Option, Outcome, Rng, State, View, random_choice, replay_actions


def part_of(game_id: str, package: str, name: str) -> Any:
    """`name` from a game's module in `package` (`<package>/<game_id>.py`): how every part of a
    game is found by its id. A missing module or name is a LookupError that names the file."""
    path = f"{package.replace('.', '/')}/{game_id}.py"
    try:
        module = importlib.import_module(f"{package}.{game_id}")
    except ModuleNotFoundError as error:
        if error.name != f"{package}.{game_id}":
            raise
        raise LookupError(f"{path} is missing") from None
    if not hasattr(module, name):
        raise LookupError(f"{path} must define {name}")
    return getattr(module, name)


def engine_for(game_id: str) -> Game:
    """The `Game` that `games/<game_id>.py` defines as `<GAME_ID>` (the id in capitals)."""
    engine = part_of(game_id, __name__, game_id.upper())
    if not isinstance(engine, Game) or engine.id != game_id:
        raise LookupError(f"games/{game_id}.py: {game_id.upper()} must be the Game with id {game_id!r}")
    return engine


# The registered games, in the order menus list them.
GAMES: dict[str, Game] = {
    game_id: engine_for(game_id) for game_id in ("trickery", "mars", "senet", "flood", "combat")
}

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
    "engine_for",
    "part_of",
    "random_choice",
    "replay_actions",
]
