"""One kit per registered game: everything the bot needs to know about it.

A game is registered once, by its id in `games.GAMES`; its kit is made here from the parts found
by that id, and a part that is missing stops the bot at start, naming the file: the engine
(`games/<id>.py`), pictures (`renderers/<id>.py`, `PICTURES`), presenter (`bot/presenters/<id>.py`,
`<Id>Presenter`), rules summary (`bot/rules/<id>.md`), tagline (`tagline.<id>` in the catalogue)
and computer player (`computer/<id>.py`). `/play <game>`, `/help`, `/rules`, `/leaderboard` and
the tests are built from `KITS`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import computer
from catalogue import ENGLISH, catalogues, tr_in
from games import GAMES, Game, part_of
from renderers import Pictures, pictures_for

from . import rules
from .presenters.base import Presenter


@dataclass(frozen=True)
class GameKit:
    engine: Game
    pictures: Pictures
    presenter: Presenter
    tagline: str  # "trick-taking for 3-4 players": /play's description and /help's line
    rules: str = field(repr=False)  # the player-facing summary, in our own words (Markdown)

    @property
    def id(self) -> str:
        return self.engine.id

    @property
    def title(self) -> str:
        return self.engine.title

    def players_in(self, language: str) -> str:
        """How many play, in words: "2 players", "3-4 players" (in `language`)."""
        low, high = self.engine.min_players, self.engine.max_players
        if low == high:
            return tr_in("players.exact", language, count=low)
        return tr_in("players.range", language, low=low, high=high)

    def tagline_in(self, language: str) -> str:
        return tr_in(f"tagline.{self.id}", language)


def rules_file(game_id: str, language: str = "") -> Path | None:
    """`bot/rules/<id>.md`, or its translation `bot/rules/<language>/<id>.md`, if written (looked
    for in every folder of the package's path)."""
    for folder in rules.__path__:
        path = Path(folder, language, f"{game_id}.md")
        if path.is_file():
            return path
    return None


def rules_summary(game_id: str) -> str:
    """The game's rules in brief, in English: `bot/rules/<id>.md` (a registered game must have it)."""
    path = rules_file(game_id)
    if path is None:
        raise LookupError(f"bot/rules/{game_id}.md is missing")
    return path.read_text()


def translated_rules(game_id: str, language: str) -> str | None:
    """The game's rules in brief in another language (`bot/rules/<language>/<game>.md`), if written."""
    path = rules_file(game_id, language)
    return path.read_text() if path else None


def kit(game_id: str) -> GameKit:
    """The kit of a registered game, from its parts found by its id (see above)."""
    engine = GAMES[game_id]
    presenter = part_of(game_id, "bot.presenters", f"{game_id.capitalize()}Presenter")
    key = f"tagline.{game_id}"
    if key not in catalogues()[ENGLISH]:
        raise LookupError(f"catalogue/en/help.json has no {key}")
    computer.player_for(game_id)  # its computer player is there, with a budget for every level
    return GameKit(
        engine, pictures_for(game_id), presenter(engine), tr_in(key, ENGLISH), rules_summary(game_id)
    )


KITS: dict[str, GameKit] = {game_id: kit(game_id) for game_id in GAMES}
