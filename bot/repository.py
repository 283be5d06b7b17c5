"""Every query the bot makes, in one place: the seam where another database can plug in.

The service asks for what it needs in its own terms (load a match, save an action if the version
is still the one it read, count and insert a lobby at once) and never writes SQL. Writes that
belong together happen in one transaction here; a conditional write returns False when another
click got there first.
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Callable, Mapping
from dataclasses import fields

from games import Game

from .model import (
    Deadlines,
    GuildSettings,
    LimitReached,
    LiveBoard,
    Match,
    MatchResult,
    NotifyPreference,
    Seat,
    Start,
)
from .ratings import START_RATING, Rating, ratings, record
from .storage import Database, open_database

log = logging.getLogger(__name__)

ACTIVE = ("lobby", "active")
FINISHED_IN = (
    "SELECT id FROM matches WHERE guild_id IS NOT DISTINCT FROM ? AND status = 'finished' AND purpose = 'match'"
    " ORDER BY finished_at, id"
)
# The ply the match's next action gets: plies stay 0, 1, 2... with no gap after a take-back.
NEXT_PLY = "(SELECT COALESCE(MAX(ply), -1) + 1 FROM actions WHERE match_id = ?)"
STANDING_COLUMNS = ", ".join(f.name for f in fields(Rating))


def _from_row(cls: type, row, **computed):
    """A dataclass from a database row whose columns carry the field names, plus computed fields."""
    return cls(**{f.name: row[f.name] for f in fields(cls) if f.name not in computed}, **computed)


def _json_or_none(value: dict | None) -> str | None:
    return json.dumps(value) if value is not None else None


def _settings_from_row(guild_id: int | None, row) -> GuildSettings:
    if row is None or row["guild_id"] is None:
        return GuildSettings(guild_id or 0)
    channels = json.loads(row["play_channels"]) if row["play_channels"] else None
    return _from_row(GuildSettings, row, use_threads=bool(row["use_threads"]), play_channels=channels)


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


class Repository:
    def __init__(self, db: Database, engines: Mapping[str, Game]) -> None:
        self.db = db
        self.engines = engines

    @classmethod
    async def open(cls, database_url: str, engines: Mapping[str, Game]) -> Repository:
        """The database, migrated, with every finished match counted in the standings."""
        repository = cls(await open_database(database_url), engines)
        try:
            await repository.count_unrated()
        except BaseException:
            await repository.close()  # an open SQLite connection would keep the process from exiting
            raise
        return repository

    async def close(self) -> None:
        await self.db.close()

    # --- matches

    async def load(self, match_id: int) -> Match | None:
        """One match with its seats, its server's settings and its state; None if unknown."""
        async with self.db.reading() as conn:
            async with conn.execute(
                "SELECT m.*, g.guild_id AS settings_guild, g.reminder_hours, g.clock_hours, g.use_threads,"
                " g.play_channels, g.max_open_lobbies, g.max_active_per_member, g.max_active_per_guild,"
                " g.open_invite_minutes, g.away_minutes, g.language"
                " FROM matches m LEFT JOIN guild_settings g ON g.guild_id = m.guild_id WHERE m.id = ?",
                (match_id,),
            ) as cursor:
                row = await cursor.fetchone()
            if row is None or row["game"] not in self.engines:
                return None
            async with conn.execute(
                "SELECT * FROM seats WHERE match_id = ? ORDER BY seat", (match_id,)
            ) as cursor:
                seat_rows = await cursor.fetchall()
        seats = [
            _from_row(
                Seat,
                r,
                accepted=bool(r["accepted"]),
                dm_closed=bool(r["dm_closed"]),
                resigned=bool(r["resigned"]),
            )
            for r in seat_rows
        ]
        settings = (
            GuildSettings(row["guild_id"] or 0)
            if row["settings_guild"] is None
            else _from_row(
                GuildSettings,
                row,
                guild_id=row["guild_id"],
                use_threads=bool(row["use_threads"]),
                play_channels=json.loads(row["play_channels"]) if row["play_channels"] else None,
            )
        )
        match = _from_row(
            Match,
            row,
            game_id=row["game"],
            options=json.loads(row["options_json"]),
            seats=seats,
            settings=settings,
            state=None,
            hints_allowed=bool(row["hints_allowed"]),
            vacancy=json.loads(row["vacancy_json"]) if row["vacancy_json"] else None,
            board_lines=json.loads(row["board_lines_json"]) if row["board_lines_json"] else [],
            request=json.loads(row["request_json"]) if row["request_json"] else None,
        )
        if row["state_json"]:
            match.state = self.engines[match.game_id].from_json(json.loads(row["state_json"]))
        return match

    async def _load_all(self, sql: str, params: tuple) -> list[Match]:
        rows = await self.db.fetchall(sql, params)
        found = [await self.load(row["id"]) for row in rows]
        return [match for match in found if match is not None]

    async def action_log(self, match_id: int) -> list[tuple[int, str]]:
        rows = await self.db.fetchall(
            "SELECT seat, action FROM actions WHERE match_id = ? ORDER BY ply", (match_id,)
        )
        return [(row["seat"], row["action"]) for row in rows]

    async def running_in(self, guild_id: int) -> list[Match]:
        """A server's open lobbies and matches in progress, oldest first."""
        return await self._load_all(
            "SELECT id FROM matches WHERE guild_id = ? AND status IN ('lobby', 'active') ORDER BY id",
            (guild_id,),
        )

    async def matches_of(self, user_id: int, statuses: tuple[str, ...] = ACTIVE) -> list[Match]:
        """The user's matches in these statuses, oldest first."""
        marks = ", ".join("?" for _ in statuses)
        return await self._load_all(
            "SELECT matches.id FROM matches JOIN seats ON seats.match_id = matches.id"
            f" WHERE seats.user_id = ? AND matches.status IN ({marks}) ORDER BY matches.id",
            (user_id, *statuses),
        )

    async def match_played_in(self, channel_id: int) -> int | None:
        """The latest match whose thread is `channel_id` (started, not a lobby)."""
        row = await self.db.fetchone(
            "SELECT id FROM matches WHERE thread_id = ? AND status != 'lobby' ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        return row["id"] if row else None

    # --- standings: each player's rating and results per server and game

    async def _count_result(self, conn, match_id: int, result: MatchResult) -> None:
        """Add a match that ends in this transaction to its players' standings. Their rows are
        locked (PostgreSQL; SQLite has one writer anyway) in user order, so matches ending at once
        in several processes add up instead of overwriting each other."""
        await conn.execute("UPDATE matches SET rated = 1 WHERE id = ?", (match_id,))
        if result.guild_id is None:
            return  # matches outside a server have no standings
        finished = result.finished
        users = sorted(set(finished.players))
        await conn.executemany(
            "INSERT INTO standings (guild_id, game, user_id, rating, first_finished_at) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT DO NOTHING",
            [(result.guild_id, finished.game_id, user, START_RATING, finished.finished_at) for user in users],
        )
        marks = ", ".join("?" for _ in users)
        async with conn.execute(
            f"SELECT {STANDING_COLUMNS} FROM standings WHERE guild_id = ? AND game = ? AND user_id IN ({marks})"
            f" ORDER BY user_id{self.db.lock_rows}",
            (result.guild_id, finished.game_id, *users),
        ) as cursor:
            table = {row["user_id"]: _from_row(Rating, row) for row in await cursor.fetchall()}
        record(table, finished)
        await self._write_standings(conn, result.guild_id, finished.game_id, table.values(), result.names)

    @staticmethod
    async def _write_standings(conn, guild_id: int, game_id: str, entries, names: Mapping[int, str]) -> None:
        """Store these standings; a name not given keeps the one stored."""
        await conn.executemany(
            "INSERT INTO standings (guild_id, game, user_id, display_name, rating, games, wins, draws,"
            " with_computers, first_finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET rating = excluded.rating,"
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
        """The best-rated players of a game in a server, with their latest names: one index range."""
        rows = await self.db.fetchall(
            f"SELECT display_name, {STANDING_COLUMNS} FROM standings WHERE guild_id = ? AND game = ?"
            " ORDER BY rating DESC, games DESC, user_id LIMIT ?",
            (guild_id, game_id, limit),
        )
        return [(row["display_name"], _from_row(Rating, row)) for row in rows]

    async def standings_of(self, guild_id: int, user_id: int) -> list[tuple[str, Rating]]:
        """A player's standing in each game of a server (game id, Rating)."""
        rows = await self.db.fetchall(
            f"SELECT game, {STANDING_COLUMNS} FROM standings WHERE guild_id = ? AND user_id = ?"
            " ORDER BY first_finished_at, game",
            (guild_id, user_id),
        )
        return [(row["game"], _from_row(Rating, row)) for row in rows]

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

    async def behind_on_discord(self) -> list[int]:
        """Matches whose posted board is older than their state: a restart cut their update short."""
        rows = await self.db.fetchall(
            "SELECT id FROM matches WHERE status IN ('active', 'finished')"
            " AND (board_version IS NULL OR board_version != version) ORDER BY id"
        )
        return [row["id"] for row in rows]

    async def claim_catch_up(self, match_id: int, now: float, lease_until: float) -> bool:
        """Claim bringing a match's board up to date, so processes starting together do it once;
        a claimer that dies leaves it to another when the lease is out."""
        changed = await self.db.execute(
            "UPDATE matches SET catch_up_until = ? WHERE id = ? AND (catch_up_until IS NULL OR catch_up_until <= ?)",
            (lease_until, match_id, now),
        )
        return changed == 1

    async def release_catch_up(self, match_id: int) -> None:
        await self.db.execute("UPDATE matches SET catch_up_until = NULL WHERE id = ?", (match_id,))

    # --- lobbies

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
            "UPDATE matches SET status = 'active', version = ?, state_json = ?, lobby_expires_at = NULL,"
            " updated_at = ?, reminder_due_at = ?, clock_due_at = ?, computer_due_at = ?"
            " WHERE id = ? AND status = 'lobby' AND version = 0",
            (start.version, json.dumps(start.state), start.stamp, *start.deadlines, match_id),
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

    # --- playing and ending

    async def save_action(
        self,
        match_id: int,
        *,
        version: int,
        seat: int,
        action: str,
        state: dict,
        finished: bool,
        stamp: str,
        deadlines: Deadlines,
        seen_at: float | None = None,
        result: MatchResult | None = None,
        learned: tuple[int, str] | None = None,
    ) -> bool:
        """State, log and deadlines in one transaction, if the match is still at `version`; a
        person's action also marks when they were last seen, and the last one (`result`) counts
        in the standings, or (`learned`: user id, game) notes a tutorial finished."""
        status = "finished" if finished else "active"
        async with self.db.transaction(match_id) as conn:
            cursor = await conn.execute(
                "UPDATE matches SET state_json = ?, version = version + 1, status = ?, updated_at = ?,"
                " end_reason = CASE WHEN ? THEN 'completed' ELSE end_reason END,"
                " finished_at = CASE WHEN ? THEN ? ELSE finished_at END,"
                " reminder_due_at = ?, clock_due_at = ?, computer_due_at = ?, request_json = NULL"
                " WHERE id = ? AND version = ? AND status = 'active' AND vacancy_json IS NULL",
                (
                    json.dumps(state),
                    status,
                    stamp,
                    finished,
                    finished,
                    stamp,
                    *deadlines,
                    match_id,
                    version,
                ),
            )
            if cursor.rowcount != 1:
                return False
            await conn.execute(
                f"INSERT INTO actions (match_id, ply, seat, action, created_at) VALUES (?, {NEXT_PLY}, ?, ?, ?)",
                (match_id, match_id, seat, action, stamp),
            )
            if seen_at is not None:
                await conn.execute(
                    "UPDATE seats SET last_seen_at = ? WHERE match_id = ? AND seat = ?",
                    (seen_at, match_id, seat),
                )
            if result is not None:
                await self._count_result(conn, match_id, result)
            if learned is not None:
                await conn.execute(
                    "INSERT INTO tutorials_finished (user_id, game, finished_at) VALUES (?, ?, ?)"
                    " ON CONFLICT DO NOTHING",
                    (*learned, stamp),
                )
        return True

    async def tutorials_finished(self, user_id: int) -> list[str]:
        """The games whose tutorial the user finished, in the order they did."""
        rows = await self.db.fetchall(
            "SELECT game FROM tutorials_finished WHERE user_id = ? ORDER BY finished_at, game", (user_id,)
        )
        return [row["game"] for row in rows]

    async def end(
        self,
        match_id: int,
        *,
        version: int,
        status: str,
        reason: str,
        stamp: str,
        leaving_seat: int | None = None,
        result: MatchResult | None = None,
        notice_lease: float | None = None,
    ) -> bool:
        """Resigned, forfeited or cancelled, if the match is still at `version`; a match that
        finished so (`result`) counts in the standings. A lobby cancelled owes the notice that
        it closed, claimed by the canceller until `notice_lease` (see `close_lobby`)."""
        async with self.db.transaction(match_id) as conn:
            cursor = await conn.execute(
                "UPDATE matches SET status = ?, end_reason = ?, finished_at = ?, updated_at = ?, version = version + 1,"
                " lobby_expires_at = NULL, reminder_due_at = NULL, clock_due_at = NULL, computer_due_at = NULL,"
                " vacancy_json = NULL, vacancy_due_at = NULL, request_json = NULL,"
                " lobby_notice_due = CASE WHEN status = 'lobby' THEN 1 ELSE lobby_notice_due END,"
                " catch_up_until = CASE WHEN status = 'lobby' THEN ? ELSE catch_up_until END"
                " WHERE id = ? AND version = ? AND status IN ('lobby', 'active')",
                (status, reason, stamp, stamp, notice_lease, match_id, version),
            )
            if cursor.rowcount != 1:
                return False
            if leaving_seat is not None:
                await conn.execute(
                    "UPDATE seats SET resigned = 1 WHERE match_id = ? AND seat = ?", (match_id, leaving_seat)
                )
            if result is not None:
                await self._count_result(conn, match_id, result)
        return True

    # --- take-backs and draws the players agree on

    async def save_request(
        self, match_id: int, *, version: int, request: dict | None, previous: dict | None
    ) -> bool:
        """Open, update or withdraw the match's request, if the match is still at `version` and its
        request is still `previous` (so answers arriving at once in several processes can't
        overwrite each other). A request doesn't move the version on: it lapses when play does."""
        changed = await self.db.execute(
            "UPDATE matches SET request_json = ?"
            " WHERE id = ? AND version = ? AND status = 'active' AND request_json IS NOT DISTINCT FROM ?",
            (_json_or_none(request), match_id, version, _json_or_none(previous)),
        )
        return changed == 1

    async def take_back(
        self, match_id: int, *, version: int, state: dict, deadlines: Deadlines, stamp: str
    ) -> bool:
        """The last action leaves the log for the take-backs (the record notes it) and the match
        returns to `state`, in one transaction, if it is still at `version`."""
        async with self.db.transaction(match_id) as conn:
            cursor = await conn.execute(
                "UPDATE matches SET state_json = ?, version = version + 1, updated_at = ?, request_json = NULL,"
                " reminder_due_at = ?, clock_due_at = ?, computer_due_at = ?"
                " WHERE id = ? AND version = ? AND status = 'active' AND vacancy_json IS NULL",
                (json.dumps(state), stamp, *deadlines, match_id, version),
            )
            if cursor.rowcount != 1:
                return False
            async with conn.execute(
                "SELECT ply, seat, action FROM actions WHERE match_id = ? ORDER BY ply DESC LIMIT 1",
                (match_id,),
            ) as cursor:
                last = await cursor.fetchone()
            await conn.execute(
                "INSERT INTO takebacks (match_id, ply, seat, action, created_at) VALUES (?, ?, ?, ?, ?)",
                (match_id, last["ply"], last["seat"], last["action"], stamp),
            )
            await conn.execute("DELETE FROM actions WHERE match_id = ? AND ply = ?", (match_id, last["ply"]))
        return True

    async def takebacks_of(self, match_id: int) -> list[tuple[int, int, str]]:
        """(ply, seat, action) of every decision taken back in the match, in order."""
        rows = await self.db.fetchall(
            "SELECT ply, seat, action FROM takebacks WHERE match_id = ? ORDER BY created_at, ply", (match_id,)
        )
        return [(row["ply"], row["seat"], row["action"]) for row in rows]

    # --- seats changing hands during a match

    async def open_vacancy(
        self, match_id: int, *, version: int, vacancy: dict, due: float, stamp: str
    ) -> bool:
        """A player left a match the others may go on with: the seat is marked as left and play
        pauses (no deadlines) until they decide, if the match is still at `version`."""
        async with self.db.transaction(match_id) as conn:
            cursor = await conn.execute(
                "UPDATE matches SET version = version + 1, updated_at = ?, vacancy_json = ?, vacancy_due_at = ?,"
                " reminder_due_at = NULL, clock_due_at = NULL, computer_due_at = NULL"
                " WHERE id = ? AND version = ? AND status = 'active' AND vacancy_json IS NULL",
                (stamp, json.dumps(vacancy), due, match_id, version),
            )
            if cursor.rowcount != 1:
                return False
            await conn.execute(
                "UPDATE seats SET resigned = 1 WHERE match_id = ? AND seat = ?", (match_id, vacancy["seat"])
            )
        return True

    async def record_vote(self, match_id: int, *, version: int, vacancy: dict) -> bool:
        """The votes so far on a vacancy; a vote doesn't move the match's version on."""
        changed = await self.db.execute(
            "UPDATE matches SET vacancy_json = ? WHERE id = ? AND version = ? AND vacancy_json IS NOT NULL",
            (json.dumps(vacancy), match_id, version),
        )
        return changed == 1

    async def substitute(
        self,
        match_id: int,
        *,
        version: int,
        seat: int,
        level: str,
        name: str,
        stamp: str,
        deadlines: Deadlines,
    ) -> bool:
        """A computer player takes `seat` over (its person is kept as `left_user_id`, the seat
        counts as resigned for them) and play goes on, if the match is still at `version`."""
        async with self.db.transaction(match_id) as conn:
            cursor = await conn.execute(
                "UPDATE matches SET version = version + 1, updated_at = ?, vacancy_json = NULL, vacancy_due_at = NULL,"
                " reminder_due_at = ?, clock_due_at = ?, computer_due_at = ?"
                " WHERE id = ? AND version = ? AND status = 'active'",
                (stamp, *deadlines, match_id, version),
            )
            if cursor.rowcount != 1:
                return False
            await conn.execute(
                "UPDATE seats SET left_user_id = COALESCE(left_user_id, user_id), user_id = NULL, computer = ?,"
                " display_name = ?, resigned = 1, prompt_message_id = NULL WHERE match_id = ? AND seat = ?",
                (level, name, match_id, seat),
            )
        return True

    async def due_vacancies(self, now: float) -> list[int]:
        rows = await self.db.fetchall(
            "SELECT id FROM matches WHERE status = 'active' AND vacancy_due_at <= ?", (now,)
        )
        return [row["id"] for row in rows]

    # --- computer players and hints

    async def computer_turns(self, now: float) -> tuple[list[int], float | None]:
        """The matches whose computer turn is due, and when the next later one is. A match whose
        first board isn't posted yet waits for it: people see the start before any move."""
        rows = await self.db.fetchall(
            "SELECT id, computer_due_at FROM matches WHERE status = 'active' AND computer_due_at IS NOT NULL"
            " AND board_message_id IS NOT NULL ORDER BY computer_due_at, id"
        )
        due = [row["id"] for row in rows if row["computer_due_at"] <= now]
        later = [row["computer_due_at"] for row in rows if row["computer_due_at"] > now]
        return due, (later[0] if later else None)

    async def save_hint(self, match_id: int, *, seat: int, suggestion: str, stamp: str) -> None:
        """A hint asked for before the match's next action."""
        await self.db.execute(
            f"INSERT INTO hints (match_id, ply, seat, suggestion, created_at) VALUES (?, {NEXT_PLY}, ?, ?, ?)",
            (match_id, match_id, seat, suggestion, stamp),
        )

    async def hints_of(self, match_id: int) -> list[tuple[int, int, str]]:
        """(ply, seat, suggestion) of every hint asked for in the match, in order."""
        rows = await self.db.fetchall(
            "SELECT ply, seat, suggestion FROM hints WHERE match_id = ? ORDER BY ply, created_at, seat",
            (match_id,),
        )
        return [(row["ply"], row["seat"], row["suggestion"]) for row in rows]

    async def due_reminders(self, now: float) -> list[int]:
        rows = await self.db.fetchall(
            "SELECT id FROM matches WHERE status = 'active' AND reminder_due_at <= ?", (now,)
        )
        return [row["id"] for row in rows]

    async def take_reminder(self, match_id: int, now: float, lease_until: float) -> bool:
        """Claim a due reminder until `lease_until` (another process takes it over only after that,
        if this one never marks it sent); False if it was already claimed or is no longer due."""
        changed = await self.db.execute(
            "UPDATE matches SET reminder_due_at = ? WHERE id = ? AND reminder_due_at <= ?",
            (lease_until, match_id, now),
        )
        return changed == 1

    async def reminder_sent(self, match_id: int, lease_until: float) -> None:
        """The claimed reminder went out: no other is due this turn (unless the turn moved on)."""
        await self.db.execute(
            "UPDATE matches SET reminder_due_at = NULL WHERE id = ? AND reminder_due_at = ?",
            (match_id, lease_until),
        )

    async def claim_computer_turn(self, match_id: int, now: float, lease_until: float) -> bool:
        """Claim a due computer turn until `lease_until`: one process thinks and moves; if it dies,
        another takes the turn over once the lease is out. False if taken or not due."""
        changed = await self.db.execute(
            "UPDATE matches SET computer_due_at = ? WHERE id = ? AND computer_due_at <= ?",
            (lease_until, match_id, now),
        )
        return changed == 1

    async def overdue_clocks(self, now: float) -> list[int]:
        rows = await self.db.fetchall(
            "SELECT id FROM matches WHERE status = 'active' AND clock_due_at <= ?", (now,)
        )
        return [row["id"] for row in rows]

    # --- where the match lives on Discord

    async def set_lobby_message(self, match_id: int, message_id: int) -> None:
        await self.db.execute("UPDATE matches SET lobby_message_id = ? WHERE id = ?", (message_id, match_id))

    async def set_thread(self, match_id: int, thread_id: int | None) -> None:
        await self.db.execute("UPDATE matches SET thread_id = ? WHERE id = ?", (thread_id, match_id))

    async def record_messages(
        self, match_id: int, *, board: LiveBoard | None = None, seats: dict[int, dict] | None = None
    ) -> None:
        """Where a match's messages now live, in one transaction: the live board and per seat its
        private message (`prompt_message_id`, `prompt_chapter`) and `dm_closed`."""
        async with self.db.transaction(match_id) as conn:
            if board is not None:
                await conn.execute(
                    "UPDATE matches SET board_message_id = ?, board_version = ?, board_posted_at = ?,"
                    " board_chapter = ?, board_lines_json = ? WHERE id = ?",
                    (
                        board.message_id,
                        board.version,
                        board.posted_at,
                        board.chapter,
                        json.dumps(board.lines),
                        match_id,
                    ),
                )
            for seat, changes in (seats or {}).items():
                for column in changes:
                    if column not in ("prompt_message_id", "prompt_chapter", "dm_closed"):
                        raise ValueError(f"not a seat's message column: {column}")
                assignments = ", ".join(f"{column} = ?" for column in changes)
                await conn.execute(
                    f"UPDATE seats SET {assignments} WHERE match_id = ? AND seat = ?",
                    (*changes.values(), match_id, seat),
                )

    # --- players' preferences

    async def notify_preferences(self, user_ids: list[int]) -> dict[int, NotifyPreference]:
        """Each user's choice; users who never chose get the default."""
        marks = ", ".join("?" for _ in user_ids)
        rows = await self.db.fetchall(
            f"SELECT user_id, notify_when, notify_by FROM notify_preferences WHERE user_id IN ({marks})",
            tuple(user_ids),
        )
        chosen = {row["user_id"]: NotifyPreference(row["notify_when"], row["notify_by"]) for row in rows}
        return {user_id: chosen.get(user_id, NotifyPreference()) for user_id in user_ids}

    async def set_notify_preference(self, user_id: int, preference: NotifyPreference) -> None:
        await self.db.execute(
            "INSERT INTO notify_preferences (user_id, notify_when, notify_by) VALUES (?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET notify_when = excluded.notify_when, notify_by = excluded.notify_by",
            (user_id, preference.when, preference.by),
        )

    async def language_of(self, user_id: int) -> str | None:
        """The language the user chose with /language; None: they follow Discord's."""
        row = await self.db.fetchone("SELECT language FROM player_languages WHERE user_id = ?", (user_id,))
        return row["language"] if row else None

    async def set_language(self, user_id: int, language: str | None) -> None:
        if language is None:
            await self.db.execute("DELETE FROM player_languages WHERE user_id = ?", (user_id,))
            return
        await self.db.execute(
            "INSERT INTO player_languages (user_id, language) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
            (user_id, language),
        )

    async def board_style(self, user_id: int) -> str:
        row = await self.db.fetchone("SELECT style FROM board_styles WHERE user_id = ?", (user_id,))
        return row["style"] if row else "picture"

    async def set_board_style(self, user_id: int, style: str) -> None:
        if style == "picture":
            await self.db.execute("DELETE FROM board_styles WHERE user_id = ?", (user_id,))
            return
        await self.db.execute(
            "INSERT INTO board_styles (user_id, style) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET style = excluded.style",
            (user_id, style),
        )

    # --- slash commands

    async def synced_commands(self) -> str | None:
        """The fingerprint of the slash commands last synced with Discord; None: never synced."""
        row = await self.db.fetchone("SELECT fingerprint FROM command_sync WHERE id = 1")
        return row["fingerprint"] if row else None

    async def set_synced_commands(self, fingerprint: str) -> None:
        await self.db.execute(
            "INSERT INTO command_sync (id, fingerprint) VALUES (1, ?)"
            " ON CONFLICT (id) DO UPDATE SET fingerprint = excluded.fingerprint",
            (fingerprint,),
        )

    # --- server settings

    async def settings_for(self, guild_id: int | None) -> GuildSettings:
        row = await self.db.fetchone("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return _settings_from_row(guild_id, row)

    async def update_settings(self, guild_id: int, change: Callable[[GuildSettings], dict]) -> GuildSettings:
        """Read, merge `change(current)` and write in one transaction, so two /config calls at once
        both count (and a change relative to the current settings sees the latest)."""
        async with self.db.transaction() as conn:
            async with conn.execute("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,)) as cursor:
                current = _settings_from_row(guild_id, await cursor.fetchone())
            updated = GuildSettings(**{**current.__dict__, **change(current), "guild_id": guild_id})
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, reminder_hours, clock_hours, use_threads,"
                " play_channels, max_open_lobbies, max_active_per_member, max_active_per_guild, open_invite_minutes,"
                " away_minutes, language) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
                " reminder_hours = excluded.reminder_hours, clock_hours = excluded.clock_hours,"
                " use_threads = excluded.use_threads, play_channels = excluded.play_channels,"
                " max_open_lobbies = excluded.max_open_lobbies, max_active_per_member = excluded.max_active_per_member,"
                " max_active_per_guild = excluded.max_active_per_guild,"
                " open_invite_minutes = excluded.open_invite_minutes, away_minutes = excluded.away_minutes,"
                " language = excluded.language",
                (
                    guild_id,
                    updated.reminder_hours,
                    updated.clock_hours,
                    int(updated.use_threads),
                    json.dumps(updated.play_channels) if updated.play_channels else None,
                    updated.max_open_lobbies,
                    updated.max_active_per_member,
                    updated.max_active_per_guild,
                    updated.open_invite_minutes,
                    updated.away_minutes,
                    updated.language,
                ),
            )
        return updated
