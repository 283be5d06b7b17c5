"""What every feature's queries build on: the database and the game engines, and turning rows
into the bot's dataclasses."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields

from games import Game

from ..storage import Database

# The ply the match's next action gets: plies stay 0, 1, 2... with no gap after a take-back.
NEXT_PLY = "(SELECT COALESCE(MAX(ply), -1) + 1 FROM actions WHERE match_id = ?)"


class Store:
    """The database and the engines (to read a match's state) that each feature's queries use."""

    def __init__(self, db: Database, engines: Mapping[str, Game]) -> None:
        self.db = db
        self.engines = engines


def from_row(cls: type, row, **computed):
    """A dataclass from a database row whose columns carry the field names, plus computed fields."""
    return cls(**{f.name: row[f.name] for f in fields(cls) if f.name not in computed}, **computed)
