"""Lobbies: an invitation counted against the server's limits and inserted at once, its seats
answered, joined or filled, the start when the last seat is taken, and its closing."""

from __future__ import annotations

import functools
import json

from ..model import GuildSettings, LimitReached, Seat, Start
from .base import Store


class LobbyClosed(Exception):
    """A lobby's start found it closed by another decision: its transaction rolls back."""


def _none_when_closed(method):
    """A lobby decision that answers None, having changed nothing, when its lobby closed meanwhile."""

    @functools.wraps(method)
    async def deciding(*args, **kwargs):
        try:
            return await method(*args, **kwargs)
        except LobbyClosed:
            return None

    return deciding


class Lobbies(Store):
    async def create_lobby(
        self,
        *,
        game_id: str,
        guild_id: int | None,
        channel_id: int,
        seed: int,
        options: dict,
        seats: list[Seat],
        computer_level: str,
        hints_allowed: bool,
        expires_at: float,
        stamp: str,
        rematch_of: int | None,
        limits: GuildSettings,
        purpose: str = "match",
        source_match_id: int | None = None,
    ) -> int | LimitReached:
        """Count the server's limits and insert the lobby in one transaction, so concurrent
        /play commands can't both slip under a limit. Returns the new match id, or the limit hit."""
        host_id = seats[0].user_id
        async with self.db.transaction() as conn:
            async with conn.execute(
                "SELECT COUNT(*) FROM matches WHERE guild_id IS NOT DISTINCT FROM ? AND host_id = ? AND status = 'lobby'",
                (guild_id, host_id),
            ) as cursor:
                hosted = (await cursor.fetchone())[0]
            if hosted >= limits.max_open_lobbies:
                return LimitReached("open_lobbies", hosted, limits.max_open_lobbies, host_id)
            async with conn.execute(
                "SELECT COUNT(*) FROM matches WHERE guild_id IS NOT DISTINCT FROM ? AND status IN ('lobby', 'active')",
                (guild_id,),
            ) as cursor:
                running = (await cursor.fetchone())[0]
            if running >= limits.max_active_per_guild:
                return LimitReached("per_guild", running, limits.max_active_per_guild)
            for seat in seats:
                if seat.user_id is not None and (
                    limit := await self._member_limit(conn, guild_id, seat.user_id, limits)
                ):
                    return limit
            cursor = await conn.execute(
                "INSERT INTO matches (game, guild_id, channel_id, status, seed, options_json, host_id,"
                " lobby_expires_at, created_at, updated_at, rematch_of, computer_level, hints_allowed,"
                " purpose, source_match_id, rated) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " RETURNING id",
                (
                    game_id,
                    guild_id,
                    channel_id,
                    seed,
                    json.dumps(options),
                    host_id,
                    expires_at,
                    stamp,
                    stamp,
                    rematch_of,
                    computer_level,
                    hints_allowed,
                    purpose,
                    source_match_id,
                    purpose != "match",  # only ordinary matches have standings to count in
                ),
            )
            match_id = (await cursor.fetchone())[0]
            await conn.executemany(
                "INSERT INTO seats (match_id, seat, user_id, display_name, accepted, computer)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (match_id, seat.seat, seat.user_id, seat.display_name[:80], seat.accepted, seat.computer)
                    for seat in seats
                ],
            )
        return match_id

    @staticmethod
    async def _member_limit(
        conn, guild_id: int | None, user_id: int, limits: GuildSettings
    ) -> LimitReached | None:
        async with conn.execute(
            "SELECT COUNT(*) FROM matches JOIN seats ON seats.match_id = matches.id WHERE matches.guild_id IS NOT DISTINCT FROM ?"
            " AND seats.user_id = ? AND matches.status IN ('lobby', 'active')",
            (guild_id, user_id),
        ) as cursor:
            mine = (await cursor.fetchone())[0]
        if mine >= limits.max_active_per_member:
            return LimitReached("per_member", mine, limits.max_active_per_member, user_id)
        return None

    @_none_when_closed
    async def accept(self, match_id: int, seat: int, *, start: Start) -> str | None:
        """Mark `seat` accepted; when every seat has, start the match.

        Returns "started", "accepted", or None when the lobby is no longer open (nothing changes)."""
        async with self.db.transaction(match_id) as conn:
            changed = await conn.execute(
                "UPDATE seats SET accepted = 1 WHERE match_id = ? AND seat = ? AND accepted = 0"
                " AND EXISTS (SELECT 1 FROM matches WHERE id = ? AND status = 'lobby' AND version = 0)",
                (match_id, seat, match_id),
            )
            if changed.rowcount != 1:
                return None
            return await self._start_if_ready(conn, match_id, start)

    @_none_when_closed
    async def join(
        self, match_id: int, user_id: int, name: str, *, start: Start, limits: GuildSettings
    ) -> int | str | LimitReached | None:
        """Seat `user_id` in the lobby's first open seat (accepted), starting the match when it was
        the last one. Returns "started" or "accepted", the member's limit if they are at it, or None
        when the lobby is closed or has no open seat left."""
        async with self.db.transaction(match_id) as conn:
            async with conn.execute(
                "SELECT seats.seat FROM seats JOIN matches ON matches.id = seats.match_id"
                " WHERE seats.match_id = ? AND seats.user_id IS NULL AND seats.computer IS NULL"
                " AND matches.status = 'lobby' AND matches.version = 0 ORDER BY seats.seat LIMIT 1",
                (match_id,),
            ) as cursor:
                row = await cursor.fetchone()
            if row is None:
                return None
            async with conn.execute("SELECT guild_id FROM matches WHERE id = ?", (match_id,)) as cursor:
                guild_id = (await cursor.fetchone())[0]
            if limit := await self._member_limit(conn, guild_id, user_id, limits):
                return limit
            await conn.execute(
                "UPDATE seats SET user_id = ?, display_name = ?, accepted = 1 WHERE match_id = ? AND seat = ?",
                (user_id, name[:80], match_id, row["seat"]),
            )
            return await self._start_if_ready(conn, match_id, start)

    @_none_when_closed
    async def fill_with_computers(self, match_id: int, level: str, name: str, *, start: Start) -> str | None:
        """Every open seat and unanswered invitation goes to a computer player, and the match
        starts; None when the lobby is no longer open."""
        async with self.db.transaction(match_id) as conn:
            await conn.execute(
                "UPDATE seats SET user_id = NULL, computer = ?, display_name = ?, accepted = 1"
                " WHERE match_id = ? AND accepted = 0",
                (level, name, match_id),
            )
            return await self._start_if_ready(conn, match_id, start)

    @_none_when_closed
    async def start_if_ready(self, match_id: int, start: Start) -> str | None:
        """Start a lobby whose seats are all taken already (a host with computer players only)."""
        async with self.db.transaction(match_id) as conn:
            return await self._start_if_ready(conn, match_id, start)

    @staticmethod
    async def _start_if_ready(conn, match_id: int, start: Start) -> str:
        async with conn.execute(
            "SELECT COUNT(*) FROM seats WHERE match_id = ? AND accepted = 0", (match_id,)
        ) as cursor:
            waiting = (await cursor.fetchone())[0]
        if waiting:
            return "accepted"
        started = await conn.execute(
            "UPDATE matches SET status = 'active', version = ?, state_json = ?, to_move = ?, lobby_expires_at = NULL,"
            " updated_at = ?, reminder_due_at = ?, clock_due_at = ?, computer_due_at = ?"
            " WHERE id = ? AND status = 'lobby' AND version = 0",
            (
                start.version,
                json.dumps(start.state),
                json.dumps(start.to_move),
                start.stamp,
                *start.deadlines,
                match_id,
            ),
        )
        if started.rowcount != 1:  # closed meanwhile: roll back the seat taken with it
            raise LobbyClosed(match_id)
        await conn.executemany(  # a practice match begins with the moves it continues
            "INSERT INTO actions (match_id, ply, seat, action, created_at) VALUES (?, ?, ?, ?, ?)",
            [(match_id, ply, seat, action, start.stamp) for ply, (seat, action) in enumerate(start.opening)],
        )
        await conn.execute(
            "UPDATE seats SET last_seen_at = ? WHERE match_id = ? AND user_id IS NOT NULL",
            (start.at, match_id),
        )
        return "started"

    async def close_lobby(self, match_id: int, detail: str, stamp: str, *, notice_lease: float) -> bool:
        """Declined or timed out: the lobby closes, if it is still open, and its message owes the
        notice that it closed; the closer holds the claim on that notice until `notice_lease`."""
        async with self.db.transaction(match_id) as conn:
            changed = await conn.execute(
                "UPDATE matches SET status = 'cancelled', end_reason = ?, lobby_expires_at = NULL,"
                " updated_at = ?, version = version + 1, lobby_notice_due = 1, catch_up_until = ?"
                " WHERE id = ? AND status = 'lobby' AND version = 0",
                (detail, stamp, notice_lease, match_id),
            )
            return changed.rowcount == 1

    async def owed_lobby_notices(self, now: float) -> list[int]:
        """Closed invitations whose message still shows its buttons, and no live claim on it."""
        rows = await self.db.fetchall(
            "SELECT id FROM matches WHERE lobby_notice_due = 1 AND (catch_up_until IS NULL OR catch_up_until <= ?)"
            " ORDER BY id",
            (now,),
        )
        return [row["id"] for row in rows]

    async def lobby_notice_shown(self, match_id: int) -> None:
        await self.db.execute(
            "UPDATE matches SET lobby_notice_due = 0, catch_up_until = NULL WHERE id = ?", (match_id,)
        )

    async def expired_lobbies(self, now: float) -> list[int]:
        rows = await self.db.fetchall(
            "SELECT id FROM matches WHERE status = 'lobby' AND lobby_expires_at <= ?", (now,)
        )
        return [row["id"] for row in rows]
