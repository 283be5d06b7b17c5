"""The match service: lobbies, starting matches and applying actions.

Every change follows one path: load the match, check who is asking (seat, turn, version),
apply the action with the rules engine, save state and log in one transaction. The database is
the truth; the Discord layer only reports what this returns. Nothing here talks to Discord.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from datetime import datetime

from games import GAMES, Game, IllegalAction, State

from .ratings import FinishedMatch
from .storage import Database


class MatchError(Exception):
    """A request that cannot be carried out; the message is shown to the user as it is."""


class StaleClick(MatchError):
    """The click names an older version of the match than the stored one."""


@dataclass
class Seat:
    seat: int
    user_id: int
    display_name: str
    accepted: bool
    dm_closed: bool
    prompt_message_id: int | None
    resigned: bool = False


@dataclass
class Match:
    id: int
    game_id: str
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    status: str
    seed: int
    version: int
    options: dict
    host_id: int
    lobby_message_id: int | None
    lobby_expires_at: float | None
    board_message_id: int | None
    board_version: int | None
    end_reason: str | None
    finished_at: str | None
    rematch_of: int | None
    reminder_due_at: float | None
    clock_due_at: float | None
    seats: list[Seat]
    state: State | None = None

    @property
    def game(self) -> Game:
        return GAMES[self.game_id]

    @property
    def play_channel_id(self) -> int:
        """Where the board lives: the match thread, or the channel when no thread could be made."""
        return self.thread_id or self.channel_id

    @property
    def names(self) -> list[str]:
        return [seat.display_name for seat in self.seats]

    def label(self, seat: int) -> str:
        """'P1 Alice': how texts name a seat."""
        return f"P{seat + 1} {self.seats[seat].display_name}"

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def user_at(self, seat: int) -> int:
        return self.seats[seat].user_id


def _from_row(cls: type, row, **computed):
    """A dataclass from a database row whose columns carry the field names, plus computed fields."""
    return cls(**{f.name: row[f.name] for f in fields(cls) if f.name not in computed}, **computed)


@dataclass
class GuildSettings:
    """What /config changes, with the defaults a new server gets."""

    guild_id: int
    reminder_hours: float = 12
    clock_hours: float | None = None
    use_threads: bool = True
    play_channels: list[int] | None = None
    max_open_lobbies: int = 3
    max_active_per_member: int = 5
    max_active_per_guild: int = 50


SETTING_LIMITS = {  # name: (smallest, largest)
    "reminder_hours": (0.25, 24 * 14),
    "clock_hours": (1, 24 * 30),
    "max_open_lobbies": (1, 20),
    "max_active_per_member": (1, 50),
    "max_active_per_guild": (1, 1000),
}


@dataclass
class ActionResult:
    match: Match
    seat: int
    action: str
    events: list[str]
    previous_version: int


@dataclass
class LobbyAnswer:
    match: Match
    started: bool = False
    declined: bool = False


@dataclass
class _Locks:
    """One lock per match, so concurrent clicks on one match queue instead of interleaving."""

    by_match: dict[int, asyncio.Lock] = field(default_factory=dict)

    def __call__(self, match_id: int) -> asyncio.Lock:
        return self.by_match.setdefault(match_id, asyncio.Lock())


class MatchService:
    def __init__(self, db: Database, *, clock: Callable[[], datetime], lobby_timeout: float = 600) -> None:
        self.db = db
        self.clock = clock
        self.lobby_timeout = lobby_timeout
        self._locks = _Locks()

    def _now(self) -> tuple[float, str]:
        now = self.clock()
        return now.timestamp(), now.isoformat()

    # --- reading

    async def load(self, match_id: int) -> Match:
        row = await self.db.fetchone("SELECT * FROM matches WHERE id = ?", (match_id,))
        if row is None or row["game"] not in GAMES:
            raise MatchError("I can't find that match any more.")
        seat_rows = await self.db.fetchall(
            "SELECT * FROM seats WHERE match_id = ? ORDER BY seat", (match_id,)
        )
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
        match = _from_row(
            Match, row, game_id=row["game"], options=json.loads(row["options_json"]), seats=seats, state=None
        )
        if row["state_json"]:
            match.state = match.game.from_json(json.loads(row["state_json"]))
        return match

    async def action_log(self, match_id: int) -> list[tuple[int, str]]:
        rows = await self.db.fetchall(
            "SELECT seat, action FROM actions WHERE match_id = ? ORDER BY ply", (match_id,)
        )
        return [(row["seat"], row["action"]) for row in rows]

    async def private_view(self, match_id: int, user_id: int) -> tuple[Match, int, dict]:
        """The match and what `user_id` may see of it, for their own eyes only."""
        match = await self.load(match_id)
        seat = match.seat_of(user_id)
        if seat is None:
            raise MatchError("You're not playing in this match.")
        if match.state is None:
            raise MatchError("This match hasn't started yet.")
        return match, seat, match.state.view(seat)

    # --- server settings

    async def settings_for(self, guild_id: int | None) -> GuildSettings:
        row = await self.db.fetchone("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
        if row is None:
            return GuildSettings(guild_id or 0)
        channels = json.loads(row["play_channels"]) if row["play_channels"] else None
        return _from_row(GuildSettings, row, use_threads=bool(row["use_threads"]), play_channels=channels)

    async def update_settings(self, guild_id: int, **changes) -> GuildSettings:
        """Change some settings; a value out of range is refused with its allowed range."""
        for name, value in changes.items():
            if value is not None and name in SETTING_LIMITS:
                low, high = SETTING_LIMITS[name]
                if not low <= value <= high:
                    raise MatchError(f"{name.replace('_', ' ')} must be between {low:g} and {high:g}.")
        current = await self.settings_for(guild_id)
        updated = GuildSettings(**{**current.__dict__, **changes, "guild_id": guild_id})
        await self.db.execute(
            "INSERT OR REPLACE INTO guild_settings (guild_id, reminder_hours, clock_hours, use_threads,"
            " play_channels, max_open_lobbies, max_active_per_member, max_active_per_guild)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                guild_id,
                updated.reminder_hours,
                updated.clock_hours,
                int(updated.use_threads),
                json.dumps(updated.play_channels) if updated.play_channels else None,
                updated.max_open_lobbies,
                updated.max_active_per_member,
                updated.max_active_per_guild,
            ),
        )
        return updated

    async def _check_limits(self, guild_id: int | None, user_ids: list[int]) -> None:
        """Refuse a new lobby that would go past this server's limits."""
        limits = await self.settings_for(guild_id)
        hosted = await self.db.fetchone(
            "SELECT COUNT(*) AS n FROM matches WHERE guild_id IS ? AND host_id = ? AND status = 'lobby'",
            (guild_id, user_ids[0]),
        )
        if hosted["n"] >= limits.max_open_lobbies:
            raise MatchError(
                f"You already have {hosted['n']} open invitations here (the limit is "
                f"{limits.max_open_lobbies}): wait for them to start, or cancel one with /match cancel."
            )
        running = await self.db.fetchone(
            "SELECT COUNT(*) AS n FROM matches WHERE guild_id IS ? AND status IN ('lobby', 'active')",
            (guild_id,),
        )
        if running["n"] >= limits.max_active_per_guild:
            raise MatchError(f"This server already has {running['n']} matches going, its limit; try later.")
        for user_id in user_ids:
            mine = await self.db.fetchone(
                "SELECT COUNT(*) AS n FROM matches JOIN seats ON seats.match_id = matches.id"
                " WHERE matches.guild_id IS ? AND seats.user_id = ? AND matches.status IN ('lobby', 'active')",
                (guild_id, user_id),
            )
            if mine["n"] >= limits.max_active_per_member:
                raise MatchError(
                    f"<@{user_id}> is already in {mine['n']} matches here, this server's limit per member."
                )

    async def _deadlines(self, match: Match, now: float) -> tuple[float | None, float | None]:
        """When to remind the player(s) to move, and when their turn clock runs out."""
        settings = await self.settings_for(match.guild_id)
        reminder = now + settings.reminder_hours * 3600
        clock = now + settings.clock_hours * 3600 if settings.clock_hours else None
        return reminder, clock

    # --- lobbies

    async def create_lobby(
        self,
        game_id: str,
        *,
        guild_id: int | None,
        channel_id: int,
        players: list[tuple[int, str]],
        options: dict | None = None,
        rematch_of: int | None = None,
    ) -> Match:
        """Open a lobby. `players` are (user id, display name), the host first; the host has accepted."""
        game = GAMES[game_id]
        user_ids = [user_id for user_id, _ in players]
        if len(set(user_ids)) != len(user_ids):
            raise MatchError("Each player can only be picked once (and you're already playing).")
        try:
            game.check_players(len(players))
            resolved = game.resolve_options(options)
        except IllegalAction as error:
            raise MatchError(str(error)) from error
        await self._check_limits(guild_id, user_ids)
        now, stamp = self._now()
        async with self.db.transaction() as conn:
            cursor = await conn.execute(
                "INSERT INTO matches (game, guild_id, channel_id, status, seed, options_json, host_id,"
                " lobby_expires_at, created_at, updated_at, rematch_of)"
                " VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    guild_id,
                    channel_id,
                    secrets.randbits(63),
                    json.dumps(resolved),
                    user_ids[0],
                    now + self.lobby_timeout,
                    stamp,
                    stamp,
                    rematch_of,
                ),
            )
            match_id = cursor.lastrowid
            await conn.executemany(
                "INSERT INTO seats (match_id, seat, user_id, display_name, accepted) VALUES (?, ?, ?, ?, ?)",
                [
                    (match_id, seat, user_id, name[:80], seat == 0)
                    for seat, (user_id, name) in enumerate(players)
                ],
            )
        return await self.load(match_id)

    async def answer_invite(self, match_id: int, user_id: int, *, accept: bool) -> LobbyAnswer:
        async with self._locks(match_id):
            match = await self.load(match_id)
            seat = match.seat_of(user_id)
            if seat is None:
                raise MatchError("Only the invited players can answer this invitation.")
            if match.status in ("active", "finished"):
                raise MatchError("This match has already started.")
            if match.status != "lobby":
                raise MatchError("This lobby is closed.")
            _, stamp = self._now()
            if not accept:
                await self._close_lobby(match, "declined", stamp, user_id)
                return LobbyAnswer(await self.load(match_id), declined=True)
            if match.seats[seat].accepted:
                raise MatchError("You've already accepted; waiting for the others.")
            reminder, clock = await self._deadlines(match, self._now()[0])  # read before the write lock
            async with self.db.transaction() as conn:
                await conn.execute(
                    "UPDATE seats SET accepted = 1 WHERE match_id = ? AND seat = ?", (match_id, seat)
                )
                match.seats[seat].accepted = True
                started = all(s.accepted for s in match.seats)
                if started:
                    state = match.game.new(len(match.seats), match.seed, match.options)
                    await conn.execute(
                        "UPDATE matches SET status = 'active', version = 1, state_json = ?, lobby_expires_at = NULL,"
                        " updated_at = ?, reminder_due_at = ?, clock_due_at = ? WHERE id = ? AND status = 'lobby'",
                        (json.dumps(state.to_json()), stamp, reminder, clock, match_id),
                    )
            return LobbyAnswer(await self.load(match_id), started=started)

    async def _close_lobby(self, match: Match, reason: str, stamp: str, by_user: int | None = None) -> None:
        detail = f"{reason}:{by_user}" if by_user else reason
        await self.db.execute(
            "UPDATE matches SET status = 'cancelled', end_reason = ?, lobby_expires_at = NULL, updated_at = ?"
            " WHERE id = ? AND status = 'lobby'",
            (detail, stamp, match.id),
        )

    async def expire_lobbies(self) -> list[Match]:
        """Close every lobby whose invitation time has run out; returns them."""
        now, stamp = self._now()
        rows = await self.db.fetchall(
            "SELECT id FROM matches WHERE status = 'lobby' AND lobby_expires_at <= ?", (now,)
        )
        expired = []
        for row in rows:
            async with self._locks(row["id"]):
                match = await self.load(row["id"])
                if match.status == "lobby":
                    await self._close_lobby(match, "timeout", stamp)
                    expired.append(await self.load(row["id"]))
        return expired

    # --- playing

    async def check_turn(self, match_id: int, user_id: int, version: int) -> tuple[Match, int]:
        """The match and the user's seat, if they may act on `version` now; else MatchError."""
        match = await self.load(match_id)
        seat = match.seat_of(user_id)
        if seat is None:
            raise MatchError("You're not playing in this match — these buttons are for its players.")
        if match.status == "lobby":
            raise MatchError("This match hasn't started yet.")
        if match.status != "active":
            raise MatchError("This match is over.")
        # While seats act independently (order_free), another seat's action doesn't outdate this
        # seat's controls: it may still make its own choice from them.
        still_valid = 1 <= version < match.version and match.state.order_free and seat in match.state.to_move
        if version != match.version and not still_valid:
            raise StaleClick("That's from an earlier turn; the match has moved on. Use the latest message.")
        if seat not in match.state.to_move:
            waiting = ", ".join(match.seats[s].display_name for s in match.state.to_move)
            raise MatchError(f"It's not your turn — waiting for {waiting}.")
        return match, seat

    async def act(self, match_id: int, user_id: int, version: int, action_text: str) -> ActionResult:
        """Apply one action for `user_id`, if it is their turn and `version` is current."""
        async with self._locks(match_id):
            match, seat = await self.check_turn(match_id, user_id, version)
            version = match.version
            game = match.game
            try:
                action = game.parse_action(action_text)
                events = match.state.apply(seat, action)
            except IllegalAction as error:
                raise MatchError(str(error)) from error
            now, stamp = self._now()
            status = "finished" if match.state.is_over else "active"
            reminder, clock = await self._deadlines(match, now) if status == "active" else (None, None)
            async with self.db.transaction() as conn:
                cursor = await conn.execute(
                    "UPDATE matches SET state_json = ?, version = version + 1, status = ?, updated_at = ?,"
                    " end_reason = CASE WHEN ? = 'finished' THEN 'completed' ELSE end_reason END,"
                    " finished_at = CASE WHEN ? = 'finished' THEN ? ELSE finished_at END,"
                    " reminder_due_at = ?, clock_due_at = ?"
                    " WHERE id = ? AND version = ?",
                    (
                        json.dumps(match.state.to_json()),
                        status,
                        stamp,
                        status,
                        status,
                        stamp,
                        reminder,
                        clock,
                        match_id,
                        version,
                    ),
                )
                if cursor.rowcount != 1:
                    raise StaleClick("Someone else acted at the same moment; this click was not applied.")
                await conn.execute(
                    "INSERT INTO actions (match_id, ply, seat, action, created_at) VALUES (?, ?, ?, ?, ?)",
                    (match_id, version - 1, seat, str(action), stamp),
                )
            match.version += 1
            match.status = status
            return ActionResult(match, seat, str(action), events, version)

    async def awaiting(self, user_id: int) -> list[Match]:
        """Active matches in which `user_id` must act now."""
        rows = await self.db.fetchall(
            "SELECT matches.id FROM matches JOIN seats ON seats.match_id = matches.id"
            " WHERE matches.status = 'active' AND seats.user_id = ? ORDER BY matches.id",
            (user_id,),
        )
        found = [await self.load(row["id"]) for row in rows]
        return [match for match in found if match.seat_of(user_id) in match.state.to_move]

    # --- ending a match early, and what a server has running

    async def resign(self, match_id: int, user_id: int) -> Match:
        """The player leaves; the match ends for everyone (see README, "Resigning")."""
        async with self._locks(match_id):
            match = await self.load(match_id)
            seat = match.seat_of(user_id)
            if seat is None:
                raise MatchError("You're not playing in this match.")
            if match.status != "active":
                raise MatchError("Only a match in progress can be resigned.")
            return await self._end_by_leaving(match, seat, "resigned")

    async def _end_by_leaving(self, match: Match, seat: int, reason: str) -> Match:
        """`seat` leaves (resigned, or "timeout" when its turn clock ran out): the match ends."""
        _, stamp = self._now()
        async with self.db.transaction() as conn:
            await conn.execute(
                "UPDATE seats SET resigned = 1 WHERE match_id = ? AND seat = ?", (match.id, seat)
            )
            await conn.execute(
                "UPDATE matches SET status = 'finished', end_reason = ?, finished_at = ?, updated_at = ?,"
                " version = version + 1, reminder_due_at = NULL, clock_due_at = NULL"
                " WHERE id = ? AND status = 'active'",
                (f"{reason}:{match.user_at(seat)}", stamp, stamp, match.id),
            )
        return await self.load(match.id)

    # --- deadlines

    async def due_reminders(self) -> list[Match]:
        """Active matches whose player to move gets their one reminder now (marked as sent)."""
        now, _ = self._now()
        rows = await self.db.fetchall(
            "SELECT id FROM matches WHERE status = 'active' AND reminder_due_at <= ?", (now,)
        )
        due = []
        for row in rows:
            async with self._locks(row["id"]):
                changed = await self.db.execute(
                    "UPDATE matches SET reminder_due_at = NULL WHERE id = ? AND reminder_due_at <= ?",
                    (row["id"], now),
                )
                if changed:
                    due.append(await self.load(row["id"]))
        return due

    async def forfeit_overdue(self) -> list[Match]:
        """End every match whose turn clock ran out: the player to move forfeits."""
        now, _ = self._now()
        rows = await self.db.fetchall(
            "SELECT id FROM matches WHERE status = 'active' AND clock_due_at <= ?", (now,)
        )
        ended = []
        for row in rows:
            async with self._locks(row["id"]):
                match = await self.load(row["id"])
                if match.status == "active" and match.clock_due_at is not None and match.clock_due_at <= now:
                    ended.append(await self._end_by_leaving(match, match.state.to_move[0], "timeout"))
        return ended

    async def cancel(self, match_id: int, user_id: int, *, manages_server: bool) -> Match:
        """The host may cancel their lobby; members who manage the server may cancel any match."""
        async with self._locks(match_id):
            match = await self.load(match_id)
            if match.status not in ("lobby", "active"):
                raise MatchError("This match has already ended.")
            if not manages_server and not (match.status == "lobby" and user_id == match.host_id):
                raise MatchError(
                    "Only the host can cancel an invitation, and only members with Manage Server "
                    "can cancel a match in progress."
                )
            _, stamp = self._now()
            await self.db.execute(
                "UPDATE matches SET status = 'cancelled', end_reason = ?, lobby_expires_at = NULL,"
                " finished_at = ?, updated_at = ?, version = version + 1 WHERE id = ? AND status = ?",
                (f"cancelled:{user_id}", stamp, stamp, match_id, match.status),
            )
            return await self.load(match_id)

    async def running_in(self, guild_id: int) -> list[Match]:
        """This server's open lobbies and matches in progress, oldest first."""
        rows = await self.db.fetchall(
            "SELECT id FROM matches WHERE guild_id = ? AND status IN ('lobby', 'active') ORDER BY id",
            (guild_id,),
        )
        return [await self.load(row["id"]) for row in rows]

    async def match_here(self, channel_id: int, user_id: int) -> Match:
        """The match a /match command typed in `channel_id` means: the one played in this thread,
        else the user's only running match."""
        rows = await self.db.fetchall(
            "SELECT matches.id FROM matches JOIN seats ON seats.match_id = matches.id"
            " WHERE seats.user_id = ? AND matches.status IN ('lobby', 'active') ORDER BY matches.id",
            (user_id,),
        )
        mine = [await self.load(row["id"]) for row in rows]
        here = [m for m in mine if channel_id in (m.thread_id, m.channel_id)]
        if len(here) == 1 or (not here and len(mine) == 1):
            return (here or mine)[0]
        if not mine:
            raise MatchError("You have no match in progress.")
        raise MatchError("You're in several matches: use this command in the thread of the one you mean.")

    async def finished_in(self, guild_id: int) -> list[FinishedMatch]:
        """This server's finished matches, as the ratings and statistics read them."""
        rows = await self.db.fetchall(
            "SELECT id FROM matches WHERE guild_id = ? AND status = 'finished' ORDER BY finished_at, id",
            (guild_id,),
        )
        results = []
        for row in rows:
            match = await self.load(row["id"])
            resigned = tuple(seat.seat for seat in match.seats if seat.resigned)
            outcome = match.state.outcome if match.state.is_over else None
            if outcome:
                scores, winners = outcome.scores, outcome.winners
            else:  # resigned: in a 2-player game the other player wins; with more, nobody does
                scores = (0,) * len(match.seats)
                others = tuple(s for s in range(len(match.seats)) if s not in resigned)
                winners = others if len(match.seats) == 2 else ()
            results.append(
                FinishedMatch(
                    match.game_id,
                    match.finished_at or "",
                    tuple(seat.user_id for seat in match.seats),
                    tuple(scores),
                    tuple(winners),
                    resigned,
                )
            )
        return results

    async def player_names(self, guild_id: int) -> dict[int, str]:
        """The latest display name each player had in this server's matches."""
        rows = await self.db.fetchall(
            "SELECT seats.user_id, seats.display_name FROM seats JOIN matches ON matches.id = seats.match_id"
            " WHERE matches.guild_id = ? ORDER BY matches.id",
            (guild_id,),
        )
        return {row["user_id"]: row["display_name"] for row in rows}

    # --- where the match lives on Discord

    async def set_lobby_message(self, match_id: int, message_id: int) -> None:
        await self.db.execute("UPDATE matches SET lobby_message_id = ? WHERE id = ?", (message_id, match_id))

    async def set_thread(self, match_id: int, thread_id: int | None) -> None:
        await self.db.execute("UPDATE matches SET thread_id = ? WHERE id = ?", (thread_id, match_id))

    async def set_board_message(self, match_id: int, message_id: int, version: int) -> None:
        await self.db.execute(
            "UPDATE matches SET board_message_id = ?, board_version = ? WHERE id = ?",
            (message_id, version, match_id),
        )

    async def behind_on_discord(self) -> list[int]:
        """Matches whose posted board is older than their state: a restart cut their update short."""
        rows = await self.db.fetchall(
            "SELECT id FROM matches WHERE status IN ('active', 'finished')"
            " AND (board_version IS NULL OR board_version != version) ORDER BY id"
        )
        return [row["id"] for row in rows]

    async def set_dm_closed(self, match_id: int, seat: int, closed: bool) -> None:
        await self.db.execute(
            "UPDATE seats SET dm_closed = ? WHERE match_id = ? AND seat = ?", (int(closed), match_id, seat)
        )

    async def set_prompt_message(self, match_id: int, seat: int, message_id: int | None) -> None:
        await self.db.execute(
            "UPDATE seats SET prompt_message_id = ? WHERE match_id = ? AND seat = ?",
            (message_id, match_id, seat),
        )
