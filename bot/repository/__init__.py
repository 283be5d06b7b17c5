"""Every query the bot makes, one module per feature: the seam where another database can plug in.

The service asks for what it needs in its own terms (load a match, save an action if the version
is still the one it read, count and insert a lobby at once) and never writes SQL. Writes that
belong together happen in one transaction here; a conditional write returns False when another
click got there first.
"""

from __future__ import annotations

from collections.abc import Mapping

from games import Game

from ..storage import open_database
from .agreements import Agreements
from .inbox import Inbox
from .lobbies import Lobbies
from .matches import Matches
from .preferences import Preferences
from .seat_changes import SeatChanges
from .settings import ServerSettings
from .standings import Standings
from .tournaments import Tournaments
from .turns import Turns


class Repository(
    Matches,
    Standings,
    Lobbies,
    Agreements,
    SeatChanges,
    Turns,
    Preferences,
    ServerSettings,
    Inbox,
    Tournaments,
):
    """Every feature's queries on one database (SQLite or PostgreSQL, see `bot.storage`), composed
    as the service composes its features."""

    @classmethod
    async def open(cls, database_url: str, engines: Mapping[str, Game]) -> Repository:
        """The database, migrated, with every finished match counted in the standings and every
        match in progress knowing whose turn it is without its state (`note_whose_turn`)."""
        repository = cls(await open_database(database_url), engines)
        try:
            await repository.count_unrated()
            await repository.note_whose_turn()
        except BaseException:
            await repository.close()  # an open SQLite connection would keep the process from exiting
            raise
        return repository

    async def close(self) -> None:
        await self.db.close()
