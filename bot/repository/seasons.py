"""Seasons: a server's seasons, each player's results in them per game (counted as matches end),
and the badges of each game's top three when a season ends."""

from __future__ import annotations

from collections import defaultdict

from ..model import MatchResult
from ..ratings import finish_time, won
from ..seasons import Badge, Season, SeasonEntry
from .base import Store, from_row

SEASON_COLUMNS = "id, guild_id, number, name, channel_id, started_at, ends_at, ended_at"
# A season's table: most points first (sums of thirds and halves: equal sums compare equal once
# rounded), then most wins, then fewer matches.
TABLE_ORDER = "ROUND(points * 1000000) DESC, wins DESC, matches, user_id"
PODIUM = 3


class Seasons(Store):
    async def start_season(
        self, guild_id: int, channel_id: int, name: str | None, started_at: float, ends_at: float | None
    ) -> Season | None:
        """The server's next season, numbered after its last one; None while one is running."""
        async with self.db.transaction() as conn:
            async with conn.execute(
                "SELECT COUNT(*) AS running FROM seasons WHERE guild_id = ? AND ended_at IS NULL", (guild_id,)
            ) as cursor:
                if (await cursor.fetchone())["running"]:
                    return None
            async with conn.execute(
                "INSERT INTO seasons (guild_id, number, name, channel_id, started_at, ends_at)"
                " SELECT ?, COALESCE(MAX(number), 0) + 1, ?, ?, ?, ? FROM seasons WHERE guild_id = ?"
                f" RETURNING {SEASON_COLUMNS}",
                (guild_id, name, channel_id, started_at, ends_at, guild_id),
            ) as cursor:
                return from_row(Season, await cursor.fetchone())

    async def season(self, season_id: int) -> Season:
        return from_row(
            Season, await self.db.fetchone(f"SELECT {SEASON_COLUMNS} FROM seasons WHERE id = ?", (season_id,))
        )

    async def running_season(self, guild_id: int) -> Season | None:
        row = await self.db.fetchone(
            f"SELECT {SEASON_COLUMNS} FROM seasons WHERE guild_id = ? AND ended_at IS NULL", (guild_id,)
        )
        return from_row(Season, row) if row else None

    async def latest_season(self, guild_id: int) -> Season | None:
        row = await self.db.fetchone(
            f"SELECT {SEASON_COLUMNS} FROM seasons WHERE guild_id = ? ORDER BY number DESC LIMIT 1",
            (guild_id,),
        )
        return from_row(Season, row) if row else None

    async def _count_in_season(self, conn, result: MatchResult) -> None:
        """Add a match ending in this transaction to its server's running season, if it finished
        before the season's end time: each person's matches, wins and points (computer players
        are not in season tables). PostgreSQL: the season's row is share-locked, so a season
        ending at the same moment waits for this match (and this match then sees it ended)."""
        finished = result.finished
        moment = finish_time(finished).timestamp()
        share_lock = " FOR SHARE" if self.db.lock_rows else ""
        async with conn.execute(
            "SELECT id FROM seasons WHERE guild_id = ? AND ended_at IS NULL AND started_at <= ?"
            f" AND (ends_at IS NULL OR ends_at > ?){share_lock}",
            (result.guild_id, moment, moment),
        ) as cursor:
            running = await cursor.fetchone()
        if running is None:
            return
        points = {user: taken for user, taken in finished.points().items() if user > 0}
        await conn.executemany(
            "INSERT INTO season_standings (season_id, game, user_id, display_name, matches, wins, points)"
            " VALUES (?, ?, ?, ?, 1, ?, ?) ON CONFLICT (season_id, game, user_id) DO UPDATE SET"
            " matches = season_standings.matches + 1, wins = season_standings.wins + excluded.wins,"
            " points = season_standings.points + excluded.points,"
            " display_name = COALESCE(excluded.display_name, season_standings.display_name)",
            [
                (
                    running["id"],
                    finished.game_id,
                    user,
                    result.names.get(user),
                    int(won(finished, user)),
                    taken,
                )
                for user, taken in sorted(points.items())
            ],
        )

    async def end_season(self, season_id: int, ended_at: float) -> bool:
        """End a season that is running, owing its final table; each game's top three get their
        badges in the same transaction. False if it had ended already."""
        async with self.db.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE seasons SET ended_at = ?, table_owed = 1 WHERE id = ? AND ended_at IS NULL",
                (ended_at, season_id),
            )
            if cursor.rowcount != 1:
                return False
            async with conn.execute(
                f"SELECT game, user_id FROM season_standings WHERE season_id = ? ORDER BY game, {TABLE_ORDER}",
                (season_id,),
            ) as cursor:
                rows = await cursor.fetchall()
            podiums: defaultdict[str, list[int]] = defaultdict(list)
            for row in rows:
                if len(podiums[row["game"]]) < PODIUM:
                    podiums[row["game"]].append(row["user_id"])
            await conn.executemany(
                "INSERT INTO season_badges (season_id, game, user_id, place) VALUES (?, ?, ?, ?)",
                [
                    (season_id, game, user, place)
                    for game, users in podiums.items()
                    for place, user in enumerate(users, 1)
                ],
            )
        return True

    async def seasons_due(self, now: float) -> list[int]:
        """Seasons past their end time, and ended ones whose final table is owed."""
        rows = await self.db.fetchall(
            "SELECT id FROM seasons WHERE (ended_at IS NULL AND ends_at <= ?) OR table_owed = 1 ORDER BY id",
            (now,),
        )
        return [row["id"] for row in rows]

    async def claim_season_table(self, season_id: int, now: float, lease_until: float) -> bool:
        """Claim ending a season and posting its final table until `lease_until`; a claimer that
        dies leaves it to another process when the lease is out."""
        changed = await self.db.execute(
            "UPDATE seasons SET claim_until = ? WHERE id = ? AND (claim_until IS NULL OR claim_until <= ?)",
            (lease_until, season_id, now),
        )
        return changed == 1

    async def season_table_posted(self, season_id: int) -> None:
        await self.db.execute(
            "UPDATE seasons SET table_owed = 0, claim_until = NULL WHERE id = ?", (season_id,)
        )

    async def season_tables(self, season_id: int, game_id: str | None = None) -> dict[str, list[SeasonEntry]]:
        one_game = "" if game_id is None else " AND game = ?"
        rows = await self.db.fetchall(
            "SELECT game, user_id, display_name, matches, wins, points FROM season_standings"
            f" WHERE season_id = ?{one_game} ORDER BY game, {TABLE_ORDER}",
            (season_id,) if game_id is None else (season_id, game_id),
        )
        tables: dict[str, list[SeasonEntry]] = {}
        for row in rows:
            tables.setdefault(row["game"], []).append(from_row(SeasonEntry, row))
        return tables

    async def badges_of(self, guild_id: int, user_id: int) -> list[Badge]:
        rows = await self.db.fetchall(
            f"SELECT b.game, b.place, {', '.join(f's.{column}' for column in SEASON_COLUMNS.split(', '))}"
            " FROM season_badges b JOIN seasons s ON s.id = b.season_id"
            " WHERE b.user_id = ? AND s.guild_id = ? ORDER BY s.number DESC, b.place, b.game",
            (user_id, guild_id),
        )
        return [Badge(from_row(Season, row), row["game"], row["place"]) for row in rows]
