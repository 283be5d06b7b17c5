"""Tournaments: creating one, signing up and leaving, a round's tables inserted as started matches
with the tournament's version moved on in one transaction, requested byes, no-shows withdrawn, and
the claim one process of several holds while it advances a tournament."""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..model import Entrant, Seat, Start, Tournament
from .base import Store, from_row


@dataclass(frozen=True)
class NewTable:
    """One table of a round, started at once: its seats (every one taken and accepted), seed,
    options and first state."""

    seats: list[Seat]
    seed: int
    options: dict
    start: Start


@dataclass(frozen=True)
class TableRow:
    """A tournament match as its standings need it."""

    match_id: int
    round: int
    status: str


class Tournaments(Store):
    async def create_tournament(self, tournament: Tournament) -> int:
        cursor_sql = (
            "INSERT INTO tournaments (guild_id, channel_id, game, format, rounds, table_size, clock_hours,"
            " computer_level, max_entrants, status, creator_id, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'signup', ?, ?) RETURNING id"
        )
        t = tournament
        async with (
            self.db.transaction() as conn,
            conn.execute(
                cursor_sql,
                (
                    t.guild_id,
                    t.channel_id,
                    t.game_id,
                    t.format,
                    t.rounds,
                    t.table_size,
                    t.clock_hours,
                    t.computer_level,
                    t.max_entrants,
                    t.creator_id,
                    t.created_at,
                ),
            ) as cursor,
        ):
            return (await cursor.fetchone())[0]

    async def load_tournament(self, tournament_id: int) -> Tournament | None:
        async with self.db.reading() as conn:
            async with conn.execute("SELECT * FROM tournaments WHERE id = ?", (tournament_id,)) as cursor:
                row = await cursor.fetchone()
            if row is None:
                return None
            async with conn.execute(
                "SELECT * FROM tournament_entrants WHERE tournament_id = ? ORDER BY signup_order",
                (tournament_id,),
            ) as cursor:
                entrants = [
                    from_row(Entrant, r, withdrawn=bool(r["withdrawn"])) for r in await cursor.fetchall()
                ]
            async with conn.execute(
                "SELECT round, user_id, requested FROM tournament_byes WHERE tournament_id = ?"
                " ORDER BY round, user_id",
                (tournament_id,),
            ) as cursor:
                byes = [(r["round"], r["user_id"], bool(r["requested"])) for r in await cursor.fetchall()]
        return from_row(Tournament, row, game_id=row["game"], entrants=entrants, byes=byes)

    async def tournaments_in(self, guild_id: int) -> list[int]:
        """A server's tournaments, newest first."""
        rows = await self.db.fetchall(
            "SELECT id FROM tournaments WHERE guild_id = ? ORDER BY id DESC LIMIT 25", (guild_id,)
        )
        return [row["id"] for row in rows]

    async def set_tournament_messages(self, tournament_id: int, **messages: int | None) -> None:
        """Where it lives: `signup_message_id`, `thread_id`, `standings_message_id`."""
        for column in messages:
            if column not in ("signup_message_id", "thread_id", "standings_message_id"):
                raise ValueError(f"not a tournament's message column: {column}")
        assignments = ", ".join(f"{column} = ?" for column in messages)
        await self.db.execute(
            f"UPDATE tournaments SET {assignments} WHERE id = ?", (*messages.values(), tournament_id)
        )

    async def sign_up(self, tournament_id: int, user_id: int, name: str, *, limit: int) -> str:
        """Add an entrant while sign-up is open: "signed", "twice", "full" or "closed"."""
        async with self.db.transaction() as conn:
            async with conn.execute(
                f"SELECT status FROM tournaments WHERE id = ?{self.db.lock_rows}", (tournament_id,)
            ) as cursor:
                row = await cursor.fetchone()
            if row is None or row["status"] != "signup":
                return "closed"
            async with conn.execute(
                "SELECT user_id, signup_order FROM tournament_entrants WHERE tournament_id = ?",
                (tournament_id,),
            ) as cursor:
                rows = await cursor.fetchall()
            if any(r["user_id"] == user_id for r in rows):
                return "twice"
            if len(rows) >= limit:
                return "full"
            await conn.execute(
                "INSERT INTO tournament_entrants (tournament_id, user_id, display_name, signup_order)"
                " VALUES (?, ?, ?, ?)",
                (tournament_id, user_id, name[:80], max((r["signup_order"] for r in rows), default=0) + 1),
            )
            await conn.execute("UPDATE tournaments SET version = version + 1 WHERE id = ?", (tournament_id,))
        return "signed"

    async def leave_tournament(self, tournament_id: int, user_id: int) -> bool:
        """Take back a sign-up while sign-up is open; False if there was none to take back."""
        async with self.db.transaction() as conn:
            removed = await conn.execute(
                "DELETE FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?"
                " AND EXISTS (SELECT 1 FROM tournaments WHERE id = ? AND status = 'signup')",
                (tournament_id, user_id, tournament_id),
            )
            if removed.rowcount != 1:
                return False
            await conn.execute("UPDATE tournaments SET version = version + 1 WHERE id = ?", (tournament_id,))
        return True

    async def request_bye(self, tournament_id: int, round_number: int, user_id: int) -> bool:
        """`user_id` sits out `round_number`, if the tournament is still before it and they haven't
        asked already."""
        async with self.db.transaction() as conn:
            async with conn.execute(
                "SELECT 1 FROM tournaments WHERE id = ? AND status = 'running' AND current_round < ?"
                + self.db.lock_rows,
                (tournament_id, round_number),
            ) as cursor:
                if await cursor.fetchone() is None:
                    return False
            async with conn.execute(
                "SELECT 1 FROM tournament_byes WHERE tournament_id = ? AND round = ? AND user_id = ?",
                (tournament_id, round_number, user_id),
            ) as cursor:
                if await cursor.fetchone() is not None:
                    return False
            await conn.execute(
                "INSERT INTO tournament_byes (tournament_id, round, user_id, requested) VALUES (?, ?, ?, 1)",
                (tournament_id, round_number, user_id),
            )
            await conn.execute("UPDATE tournaments SET version = version + 1 WHERE id = ?", (tournament_id,))
        return True

    async def start_round(
        self,
        tournament: Tournament,
        *,
        number: int,
        rounds: int,
        tables: list[NewTable],
        byes: list[int],
        stamp: str,
    ) -> list[int] | None:
        """Round `number` begins: its tables inserted as started matches of the tournament, the byes
        the pairing gave recorded, and the tournament at that round, all in one transaction, if it
        is still at the version read; None (nothing changed) if it moved on."""
        t = tournament
        async with self.db.transaction() as conn:
            moved = await conn.execute(
                "UPDATE tournaments SET status = 'running', current_round = ?, rounds = ?, version = version + 1"
                " WHERE id = ? AND version = ? AND status IN ('signup', 'running')",
                (number, rounds, t.id, t.version),
            )
            if moved.rowcount != 1:
                return None
            await conn.executemany(
                "INSERT INTO tournament_byes (tournament_id, round, user_id, requested) VALUES (?, ?, ?, 0)",
                [(t.id, number, user) for user in byes],
            )
            ids = []
            for table in tables:
                start = table.start
                async with conn.execute(
                    "INSERT INTO matches (game, guild_id, channel_id, status, seed, options_json, host_id,"
                    " created_at, updated_at, computer_level, hints_allowed, purpose, rated, version, state_json,"
                    " reminder_due_at, clock_due_at, computer_due_at, tournament_id, tournament_round)"
                    " VALUES (?, ?, ?, 'active', ?, ?, ?, ?, ?, ?, ?, 'match', 0, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (
                        t.game_id,
                        t.guild_id,
                        t.channel_id,
                        table.seed,
                        json.dumps(table.options),
                        t.creator_id,
                        stamp,
                        stamp,
                        t.computer_level,
                        False,
                        start.version,
                        json.dumps(start.state),
                        *start.deadlines,
                        t.id,
                        number,
                    ),
                ) as cursor:
                    match_id = (await cursor.fetchone())[0]
                await conn.executemany(
                    "INSERT INTO seats (match_id, seat, user_id, display_name, accepted, computer, last_seen_at)"
                    " VALUES (?, ?, ?, ?, 1, NULL, ?)",
                    [(match_id, s.seat, s.user_id, s.display_name[:80], start.at) for s in table.seats],
                )
                ids.append(match_id)
        return ids

    async def end_tournament(
        self, tournament_id: int, *, version: int, status: str, stamp: str = "", reason: str = ""
    ) -> list[int] | None:
        """Finished (after its last round) or cancelled, if still at `version`; a cancelled one's
        tables still playing are cancelled with it (`reason`), in the same transaction. Returns
        those tables' ids, or None when the tournament had moved on (nothing changed)."""
        async with self.db.transaction() as conn:
            ended = await conn.execute(
                "UPDATE tournaments SET status = ?, version = version + 1"
                " WHERE id = ? AND version = ? AND status IN ('signup', 'running')",
                (status, tournament_id, version),
            )
            if ended.rowcount != 1:
                return None
            if status != "cancelled":
                return []
            async with conn.execute(
                "SELECT id FROM matches WHERE tournament_id = ? AND status = 'active' ORDER BY id",
                (tournament_id,),
            ) as cursor:
                playing = [row["id"] for row in await cursor.fetchall()]
            await conn.execute(
                "UPDATE matches SET status = 'cancelled', end_reason = ?, finished_at = ?, updated_at = ?,"
                " version = version + 1, reminder_due_at = NULL, clock_due_at = NULL, computer_due_at = NULL,"
                " vacancy_json = NULL, vacancy_due_at = NULL, request_json = NULL"
                " WHERE tournament_id = ? AND status = 'active'",
                (reason, stamp, stamp, tournament_id),
            )
        return playing

    async def tournament_tables(self, tournament_id: int) -> list[TableRow]:
        """Every match of the tournament, round by round (one index range)."""
        rows = await self.db.fetchall(
            "SELECT id, tournament_round, status FROM matches WHERE tournament_id = ?"
            " ORDER BY tournament_round, id",
            (tournament_id,),
        )
        return [TableRow(row["id"], row["tournament_round"], row["status"]) for row in rows]

    async def running_tournaments(self) -> list[int]:
        """Running tournaments, and finished ones whose final standings aren't posted yet."""
        rows = await self.db.fetchall(
            "SELECT id FROM tournaments WHERE status = 'running'"
            " OR (status = 'finished' AND (standings_key IS NULL OR standings_key != 'final')) ORDER BY id"
        )
        return [row["id"] for row in rows]

    async def claim_tournament(self, tournament_id: int, now: float, lease_until: float) -> bool:
        """Claim advancing a tournament and bringing its messages up to date, so of several
        processes one does it; a claimer that dies leaves it to another when the lease is out."""
        changed = await self.db.execute(
            "UPDATE tournaments SET advance_until = ? WHERE id = ? AND (advance_until IS NULL OR advance_until <= ?)",
            (lease_until, tournament_id, now),
        )
        return changed == 1

    async def release_tournament(
        self, tournament_id: int, *, round_posted: int | None = None, standings_key: str | None = None
    ) -> None:
        """Release the claim, noting what its messages now show."""
        await self.db.execute(
            "UPDATE tournaments SET advance_until = NULL, round_posted = COALESCE(?, round_posted),"
            " standings_key = COALESCE(?, standings_key) WHERE id = ?",
            (round_posted, standings_key, tournament_id),
        )


async def withdraw_entrant(conn, withdrawn: tuple[int, int] | None) -> None:
    """A no-show (tournament id, user id) plays no later round of that tournament."""
    if withdrawn is not None:
        await conn.execute(
            "UPDATE tournament_entrants SET withdrawn = 1 WHERE tournament_id = ? AND user_id = ?", withdrawn
        )
