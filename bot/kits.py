"""One kit per game: everything the bot needs to know about it, registered once.

A kit carries the engine, its pictures, its presenter, its rules summary and a one-line tagline;
`/play <game>`, `/help`, `/rules`, `/leaderboard` and the tests are built from `KITS`. A new game
needs an engine (`games/`), a picture module (`renderers/`), a presenter (`bot/presenters/`), a
rules summary (`bot/rules/<id>.md`) and one line below.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources

from catalogue import ENGLISH, catalogues, tr_in
from games import GAMES, Game
from renderers import Pictures, pictures_for

from .presenters.base import Presenter
from .presenters.combat import CombatPresenter
from .presenters.flood import FloodPresenter
from .presenters.mars import MarsPresenter
from .presenters.senet import SenetPresenter
from .presenters.trickery import TrickeryPresenter


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
        """The tagline in `language`; a game the catalogue doesn't know keeps its kit's."""
        key = f"tagline.{self.id}"
        return tr_in(key, language) if key in catalogues()[ENGLISH] else self.tagline


def rules_summary(game_id: str) -> str:
    return resources.files("bot.rules").joinpath(f"{game_id}.md").read_text()


def translated_rules(game_id: str, language: str) -> str | None:
    """The game's rules in brief in another language (`bot/rules/<language>/<game>.md`), if written."""
    translated = resources.files("bot.rules").joinpath(language, f"{game_id}.md")
    return translated.read_text() if translated.is_file() else None


def kit(game_id: str, presenter: type[Presenter]) -> GameKit:
    """The kit of a game whose engine, pictures, rules and tagline (`tagline.<id>` in the text
    catalogue) follow the project's layout."""
    engine = GAMES[game_id]
    tagline = tr_in(f"tagline.{game_id}", ENGLISH)
    return GameKit(engine, pictures_for(game_id), presenter(engine), tagline, rules_summary(game_id))


KITS: dict[str, GameKit] = {
    entry.id: entry
    for entry in (
        kit("trickery", TrickeryPresenter),
        kit("mars", MarsPresenter),
        kit("senet", SenetPresenter),
        kit("flood", FloodPresenter),
        kit("combat", CombatPresenter),
    )
}
