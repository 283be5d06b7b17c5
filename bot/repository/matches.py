"""Matches: loading one with its seats and settings, finding them, saving an action or an early end,
and where a match's messages live on Discord."""

from __future__ import annotations

import json
from collections.abc import Sequence

from ..model import Deadlines, GuildSettings, LiveBoard, Match, MatchResult, Seat
from .base import NEXT_PLY, Store, from_row
from .tournaments import withdraw_entrant

ACTIVE = ("lobby", "active")


class Matches(Store):
    async def load(self, match_id: int) -> Match | None:
        """One match with its seats (and their people's languages), its server's settings and its
        state; None if unknown."""
        async with self.db.reading() as conn:
            async with conn.execute(
                "SELECT m.*, g.guild_id AS settings_guild, g.reminder_hours, g.clock_hours, g.use_threads,"
                " g.play_channels, g.max_open_lobbies, g.max_active_per_member, g.max_active_per_guild,"
                " g.open_invite_minutes, g.away_minutes, g.language, g.league_role_id,"
                " t.clock_hours AS tournament_clock_hours FROM matches m"
                " LEFT JOIN guild_settings g ON g.guild_id = m.guild_id"
                " LEFT JOIN tournaments t ON t.id = m.tournament_id WHERE m.id = ?",
                (match_id,),
            ) as cursor:
                row = await cursor.fetchone()
            if row is None or row["game"] not in self.engines:
                return None
            async with conn.execute(  # each seat's person's language (chosen with /language), read at once
                "SELECT seats.*, player_languages.language FROM seats LEFT JOIN player_languages"
                " ON player_languages.user_id = COALESCE(seats.user_id, seats.left_user_id)"
                " WHERE seats.match_id = ? ORDER BY seats.seat",
                (match_id,),
            ) as cursor:
                seat_rows = await cursor.fetchall()
        seats = [
            from_row(
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
            else from_row(
                GuildSettings,
                row,
                guild_id=row["guild_id"],
                use_threads=bool(row["use_threads"]),
                play_channels=json.loads(row["play_channels"]) if row["play_channels"] else None,
            )
        )
        match = from_row(
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

    async def save_action(
        self,
        match_id: int,
        *,
        version: int,
        seat: int,
        action: str,
        state: dict,
        to_move: Sequence[int],
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
                "UPDATE matches SET state_json = ?, to_move = ?, version = version + 1, status = ?, updated_at = ?,"
                " end_reason = CASE WHEN ? THEN 'completed' ELSE end_reason END,"
                " finished_at = CASE WHEN ? THEN ? ELSE finished_at END,"
                " reminder_due_at = ?, clock_due_at = ?, computer_due_at = ?, request_json = NULL"
                " WHERE id = ? AND version = ? AND status = 'active' AND vacancy_json IS NULL",
                (
                    json.dumps(state),
                    json.dumps(list(to_move)),
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
        withdrawn: tuple[int, int] | None = None,
    ) -> bool:
        """Resigned, forfeited or cancelled, if the match is still at `version`; a match that
        finished so (`result`) counts in the standings. A lobby cancelled owes the notice that
        it closed, claimed by the canceller until `notice_lease` (see `close_lobby`). `withdrawn`:
        a tournament's no-show (tournament id, user id), out of its later rounds."""
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
            await withdraw_entrant(conn, withdrawn)
        return True

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
