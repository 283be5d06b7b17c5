"""Standings: each player's rating and results per server and game, kept as matches end (and
rebuilt for matches that ended before they were kept); and the tutorials each player finished."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import fields

from ..model import Match, MatchResult
from ..ratings import Rating, ratings, record
from .base import from_row
from .seasons import Seasons

log = logging.getLogger(__name__)

FINISHED_IN = (
    "SELECT id FROM matches WHERE guild_id IS NOT DISTINCT FROM ? AND status = 'finished' AND purpose = 'match'"
    " ORDER BY finished_at, id"
)
# The ply the match's next action gets: plies stay 0, 1, 2... with no gap after a take-back.
STANDING_COLUMNS = ", ".join(f.name for f in fields(Rating))


class Standings(Seasons):
    async def _count_result(self, conn, match_id: int, result: MatchResult) -> None:
        """Add a match that ends in this transaction to its players' standings, and to the season
        running in its server. Their rows are locked (PostgreSQL; SQLite has one writer anyway) in
        user order, so matches ending at once in several processes add up instead of overwriting
        each other."""
        await conn.execute("UPDATE matches SET rated = 1 WHERE id = ?", (match_id,))
        if result.guild_id is None:
            return  # matches outside a server have no standings
        finished = result.finished
        users = sorted(set(finished.players))
        newcomer = Rating(0)
        await conn.executemany(
            "INSERT INTO standings (guild_id, game, user_id, rating, mu, sigma, first_finished_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            [
                (
                    result.guild_id,
                    finished.game_id,
                    user,
                    newcomer.rating,
                    newcomer.mu,
                    newcomer.sigma,
                    finished.finished_at,
                )
                for user in users
            ],
        )
        marks = ", ".join("?" for _ in users)
        async with conn.execute(
            f"SELECT {STANDING_COLUMNS} FROM standings WHERE guild_id = ? AND game = ? AND user_id IN ({marks})"
            f" ORDER BY user_id{self.db.lock_rows}",
            (result.guild_id, finished.game_id, *users),
        ) as cursor:
            table = {row["user_id"]: from_row(Rating, row) for row in await cursor.fetchall()}
        record(table, finished)
        await self._write_standings(conn, result.guild_id, finished.game_id, table.values(), result.names)
        await self._count_in_season(conn, result)

    @staticmethod
    async def _write_standings(conn, guild_id: int, game_id: str, entries, names: Mapping[int, str]) -> None:
        """Store these standings; a name not given keeps the one stored."""
        await conn.executemany(
            "INSERT INTO standings (guild_id, game, user_id, display_name, rating, mu, sigma, games, wins,"
            " draws, with_computers, first_finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET rating = excluded.rating,"
            " mu = excluded.mu, sigma = excluded.sigma,"
            " games = excluded.games, wins = excluded.wins, draws = excluded.draws,"
            " with_computers = excluded.with_computers, first_finished_at = excluded.first_finished_at,"
            " display_name = COALESCE(excluded.display_name, standings.display_name)",
            [
                (
                    guild_id,
                    game_id,
                    e.user_id,
                    names.get(e.user_id),
                    e.rating,
                    e.mu,
                    e.sigma,
                    e.games,
                    e.wins,
                    e.draws,
                    e.with_computers,
                    e.first_finished_at,
                )
                for e in entries
            ],
        )

    async def leaderboard(self, guild_id: int, game_id: str, limit: int) -> list[tuple[str | None, Rating]]:
        """The players of a game in a server with the best conservative rating, with their latest
        names: one index range."""
        rows = await self.db.fetchall(
            f"SELECT display_name, {STANDING_COLUMNS} FROM standings WHERE guild_id = ? AND game = ?"
            " ORDER BY rating DESC, games DESC, user_id LIMIT ?",
            (guild_id, game_id, limit),
        )
        return [(row["display_name"], from_row(Rating, row)) for row in rows]

    async def standings_of(self, guild_id: int, user_id: int) -> list[tuple[str, Rating]]:
        """A player's standing in each game of a server (game id, Rating)."""
        rows = await self.db.fetchall(
            f"SELECT game, {STANDING_COLUMNS} FROM standings WHERE guild_id = ? AND user_id = ?"
            " ORDER BY first_finished_at, game",
            (guild_id, user_id),
        )
        return [(row["game"], from_row(Rating, row)) for row in rows]

    async def count_unrated(self) -> None:
        """Count matches that finished before the standings existed (or were copied in without
        them): each server they belong to gets its standings rebuilt by replaying all its finished
        matches in order. Cheap when there are none (a partial index)."""
        while guilds := [
            row["guild_id"]
            for row in await self.db.fetchall(
                "SELECT DISTINCT guild_id FROM matches WHERE status = 'finished' AND rated = 0 AND purpose = 'match'"
            )
        ]:
            for guild_id in guilds:
                ids = [row["id"] for row in await self.db.fetchall(FINISHED_IN, (guild_id,))]
                matches = [match for match in [await self.load(i) for i in ids] if match is not None]
                async with self.db.transaction() as conn:
                    async with conn.execute(FINISHED_IN, (guild_id,)) as cursor:
                        if [row["id"] for row in await cursor.fetchall()] != ids:
                            continue  # a match finished meanwhile: the next round reads them again
                    if guild_id is not None:
                        await self._rebuild_standings(conn, guild_id, matches)
                    await conn.execute(
                        "UPDATE matches SET rated = 1 WHERE guild_id IS NOT DISTINCT FROM ? AND status = 'finished'",
                        (guild_id,),
                    )
                log.info(
                    "Counted %d earlier finished matches of server %s in its standings", len(ids), guild_id
                )

    async def _rebuild_standings(self, conn, guild_id: int, matches: list[Match]) -> None:
        await conn.execute("DELETE FROM standings WHERE guild_id = ?", (guild_id,))
        results = [MatchResult.of(match) for match in matches]
        names = {user: name for result in results for user, name in result.names.items()}  # latest wins
        finished = [result.finished for result in results]
        for game_id in sorted({result.game_id for result in finished}):
            await self._write_standings(conn, guild_id, game_id, ratings(finished, game_id), names)

    async def tutorials_finished(self, user_id: int) -> list[str]:
        """The games whose tutorial the user finished, in the order they did."""
        rows = await self.db.fetchall(
            "SELECT game FROM tutorials_finished WHERE user_id = ? ORDER BY finished_at, game", (user_id,)
        )
        return [row["game"] for row in rows]
