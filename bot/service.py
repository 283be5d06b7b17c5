"""The match service: every decision about a match is checked and taken here.

A decision follows one path: load the match once, check who is asking (server, seat, turn,
version), apply it with the rules engine, save it in one transaction (the repository's
conditional writes refuse a version that moved on), and return one result for the publisher.
Nothing here talks to Discord or writes SQL.
"""

from __future__ import annotations

import asyncio
import secrets
from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime

from games import IllegalAction

from .errors import MatchError, StaleClick
from .kits import GameKit
from .model import SETTING_LIMITS, GuildSettings, LimitReached, Match
from .ratings import FinishedMatch
from .repository import Repository


@dataclass
class ActionResult:
    match: Match  # as saved, with the state after the action
    seat: int
    action: str
    events: list[str]
    previous_version: int


@dataclass
class LobbyAnswer:
    match: Match
    started: bool = False
    declined: bool = False


def _refuse_other_server(match: Match, guild_id: int | None, *, dm_ok: bool = True) -> None:
    """A decision made in a server must be about that server's match; from DMs (guild None) only
    where `dm_ok` (a player's own prompts)."""
    if guild_id is None and dm_ok:
        return
    if guild_id != match.guild_id:
        raise MatchError("There is no such match in this server.")


class MatchService:
    def __init__(
        self,
        repository: Repository,
        kits: Mapping[str, GameKit],
        *,
        clock: Callable[[], datetime],
        lobby_timeout: float = 600,
    ) -> None:
        self.repository = repository
        self.kits = kits
        self.clock = clock
        self.lobby_timeout = lobby_timeout
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)  # one queue per match

    def _now(self) -> tuple[float, str]:
        now = self.clock()
        return now.timestamp(), now.isoformat()

    def kit(self, match: Match) -> GameKit:
        return self.kits[match.game_id]

    # --- reading

    async def load(self, match_id: int) -> Match:
        match = await self.repository.load(match_id)
        if match is None:
            raise MatchError("I can't find that match any more.")
        return match

    async def load_for(self, match_id: int, guild_id: int | None) -> Match:
        """The match a click names, refused if it belongs to another server."""
        match = await self.load(match_id)
        _refuse_other_server(match, guild_id)
        return match

    async def action_log(self, match_id: int) -> list[tuple[int, str]]:
        return await self.repository.action_log(match_id)

    async def behind_on_discord(self) -> list[int]:
        return await self.repository.behind_on_discord()

    async def private_view(
        self, match_id: int, user_id: int, guild_id: int | None = None
    ) -> tuple[Match, int]:
        """The match and the user's seat, for showing them their own secrets."""
        match = await self.load_for(match_id, guild_id)
        seat = match.seat_of(user_id)
        if seat is None:
            raise MatchError("You're not playing in this match.")
        if match.state is None:
            raise MatchError("This match hasn't started yet.")
        return match, seat

    async def running_in(self, guild_id: int) -> list[Match]:
        return await self.repository.running_in(guild_id)

    async def awaiting(self, user_id: int) -> list[Match]:
        """Active matches in which `user_id` must act now."""
        mine = await self.repository.matches_of(user_id, ("active",))
        return [match for match in mine if match.seat_of(user_id) in match.state.to_move]

    async def match_here(self, channel_id: int, user_id: int) -> Match:
        """The match a /match command typed in `channel_id` means: the one played in this thread,
        else the user's only running match."""
        mine = await self.repository.matches_of(user_id)
        here = [m for m in mine if channel_id in (m.thread_id, m.channel_id)]
        if len(here) == 1 or (not here and len(mine) == 1):
            return (here or mine)[0]
        if not mine:
            raise MatchError("You have no match in progress.")
        raise MatchError("You're in several matches: use this command in the thread of the one you mean.")

    async def finished_in(self, guild_id: int) -> list[FinishedMatch]:
        """This server's finished matches, as the ratings and statistics read them."""
        return [FinishedMatch.of(match) for match in await self.repository.finished_in(guild_id)]

    async def player_names(self, guild_id: int) -> dict[int, str]:
        return await self.repository.player_names(guild_id)

    # --- server settings

    async def settings_for(self, guild_id: int | None) -> GuildSettings:
        return await self.repository.settings_for(guild_id)

    async def update_settings(
        self, guild_id: int, change: Callable[[GuildSettings], dict] | None = None, **changes
    ) -> GuildSettings:
        """Change some settings (`changes`, or `change(current)` for ones relative to the current
        settings); a value out of range is refused with its allowed range."""

        def merged(current: GuildSettings) -> dict:
            values = {**changes, **(change(current) if change else {})}
            for name, value in values.items():
                if value is not None and name in SETTING_LIMITS:
                    low, high = SETTING_LIMITS[name]
                    if not low <= value <= high:
                        raise MatchError(f"{name.replace('_', ' ')} must be between {low:g} and {high:g}.")
            return values

        return await self.repository.update_settings(guild_id, merged)

    def _deadlines(self, settings: GuildSettings, now: float) -> tuple[float, float | None]:
        """When to remind the player(s) to move, and when their turn clock runs out."""
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
        game = self.kits[game_id].engine
        user_ids = [user_id for user_id, _ in players]
        if len(set(user_ids)) != len(user_ids):
            raise MatchError("Each player can only be picked once (and you're already playing).")
        try:
            game.check_players(len(players))
            resolved = game.resolve_options(options)
        except IllegalAction as error:
            raise MatchError(str(error)) from error
        now, stamp = self._now()
        created = await self.repository.create_lobby(
            game_id=game_id,
            guild_id=guild_id,
            channel_id=channel_id,
            seed=secrets.randbits(63),
            options=resolved,
            players=players,
            expires_at=now + self.lobby_timeout,
            stamp=stamp,
            rematch_of=rematch_of,
            limits=await self.repository.settings_for(guild_id),
        )
        if isinstance(created, LimitReached):
            raise MatchError(created.text)
        return await self.load(created)

    async def rematch(
        self, match_id: int, user_id: int, display_name: str, guild_id: int | None, version: int | None = None
    ) -> Match:
        """Same players and options as a finished match; everyone but the one who asked must accept."""
        old = await self.load(match_id)
        _refuse_other_server(old, guild_id, dm_ok=False)
        if version is not None and version != old.version:
            raise StaleClick("That button is from an older message of this match.")
        if old.seat_of(user_id) is None:
            raise MatchError("Only the players of this match can ask for a rematch.")
        if old.status != "finished":
            raise MatchError("Only a finished match can be played again.")
        others = [(s.user_id, s.display_name) for s in old.seats if s.user_id != user_id]
        return await self.create_lobby(
            old.game_id,
            guild_id=old.guild_id,
            channel_id=old.channel_id,
            players=[(user_id, display_name), *others],
            options=old.options,
            rematch_of=old.id,
        )

    async def answer_invite(
        self, match_id: int, user_id: int, *, accept: bool, version: int = 0, guild_id: int | None = None
    ) -> LobbyAnswer:
        """Accept or decline, on the lobby's `version`: a lobby that started, closed or was
        cancelled in the meantime refuses the answer."""
        async with self._locks[match_id]:
            match = await self.load_for(match_id, guild_id)
            seat = match.seat_of(user_id)
            if seat is None:
                raise MatchError("Only the invited players can answer this invitation.")
            if match.status in ("active", "finished"):
                raise MatchError("This match has already started.")
            if match.status != "lobby" or match.version != version:
                raise MatchError("This lobby is closed.")
            now, stamp = self._now()
            if not accept:
                if not await self.repository.close_lobby(match_id, f"declined:{user_id}", stamp):
                    raise MatchError("This lobby is closed.")
                match.status, match.end_reason, match.version = (
                    "cancelled",
                    f"declined:{user_id}",
                    version + 1,
                )
                return LobbyAnswer(match, declined=True)
            if match.seats[seat].accepted:
                raise MatchError("You've already accepted; waiting for the others.")
            start = self.kit(match).engine.new(len(match.seats), match.seed, match.options)
            reminder, clock = self._deadlines(match.settings, now)
            answer = await self.repository.accept(
                match_id, seat, start=start.to_json(), stamp=stamp, reminder=reminder, clock=clock
            )
            if answer is None:
                raise MatchError("This lobby is closed.")
            match.seats[seat].accepted = True
            if answer == "started":
                match.status, match.version, match.state = "active", 1, start
                match.lobby_expires_at, match.reminder_due_at, match.clock_due_at = None, reminder, clock
            return LobbyAnswer(match, started=answer == "started")

    async def expire_lobbies(self) -> list[Match]:
        """Close every lobby whose invitation time has run out; returns them."""
        now, stamp = self._now()
        expired = []
        for match_id in await self.repository.expired_lobbies(now):
            async with self._locks[match_id]:
                if await self.repository.close_lobby(match_id, "timeout", stamp):
                    expired.append(await self.load(match_id))
        return expired

    # --- playing

    def _check_turn(self, match: Match, user_id: int, version: int) -> int:
        """The user's seat, if they may act on `version` of `match` now; else MatchError."""
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
        return seat

    async def check_turn(
        self, match_id: int, user_id: int, version: int, guild_id: int | None = None
    ) -> tuple[Match, int]:
        """The match and the user's seat, if they may act on `version` now (for showing controls)."""
        match = await self.load_for(match_id, guild_id)
        return match, self._check_turn(match, user_id, version)

    async def act(
        self, match_id: int, user_id: int, version: int, action_text: str, guild_id: int | None = None
    ) -> ActionResult:
        """Apply one action for `user_id`, if it is their turn and `version` is current."""
        async with self._locks[match_id]:
            match = await self.load_for(match_id, guild_id)
            seat = self._check_turn(match, user_id, version)
            version = match.version
            game = self.kit(match).engine
            try:
                action = game.parse_action(action_text)
                events = match.state.apply(seat, action)
            except IllegalAction as error:
                raise MatchError(str(error)) from error
            now, stamp = self._now()
            finished = match.state.is_over
            reminder, clock = (None, None) if finished else self._deadlines(match.settings, now)
            saved = await self.repository.save_action(
                match_id,
                version=version,
                seat=seat,
                action=str(action),
                state=match.state.to_json(),
                finished=finished,
                stamp=stamp,
                reminder=reminder,
                clock=clock,
            )
            if not saved:
                raise StaleClick("Someone else acted at the same moment; this click was not applied.")
            match.version += 1
            match.status = "finished" if finished else "active"
            match.reminder_due_at, match.clock_due_at = reminder, clock
            if finished:
                match.end_reason, match.finished_at = "completed", stamp
            return ActionResult(match, seat, str(action), events, version)

    # --- ending a match early

    async def resign(
        self, match_id: int, user_id: int, version: int | None = None, guild_id: int | None = None
    ) -> Match:
        """The player leaves; the match ends for everyone (see README, "Resigning")."""
        async with self._locks[match_id]:
            match = await self.load_for(match_id, guild_id)
            seat = match.seat_of(user_id)
            if seat is None:
                raise MatchError("You're not playing in this match.")
            if match.status != "active":
                raise MatchError("Only a match in progress can be resigned.")
            if version is not None and version != match.version:
                raise StaleClick("The match has moved on since you asked; run /match resign again.")
            return await self._end(match, "finished", f"resigned:{user_id}", seat)

    async def cancel(
        self,
        match_id: int,
        user_id: int,
        *,
        manages_server: bool,
        version: int | None = None,
        guild_id: int | None,
    ) -> Match:
        """The host may cancel their lobby; members who manage the match's server may cancel any
        of its matches."""
        async with self._locks[match_id]:
            match = await self.load(match_id)
            _refuse_other_server(match, guild_id, dm_ok=False)
            if match.status not in ("lobby", "active"):
                raise MatchError("This match has already ended.")
            if version is not None and version != match.version:
                raise StaleClick("The match has moved on since you asked; run /match cancel again.")
            if not manages_server and not (match.status == "lobby" and user_id == match.host_id):
                raise MatchError(
                    "Only the host can cancel an invitation, and only members with Manage Server "
                    "can cancel a match in progress."
                )
            return await self._end(match, "cancelled", f"cancelled:{user_id}")

    async def _end(self, match: Match, status: str, reason: str, leaving_seat: int | None = None) -> Match:
        _, stamp = self._now()
        ended = await self.repository.end(
            match.id,
            version=match.version,
            status=status,
            reason=reason,
            stamp=stamp,
            leaving_seat=leaving_seat,
        )
        if not ended:
            raise StaleClick("The match changed at the same moment; look at the latest board.")
        match.status, match.end_reason, match.finished_at, match.version = (
            status,
            reason,
            stamp,
            match.version + 1,
        )
        match.lobby_expires_at = match.reminder_due_at = match.clock_due_at = None
        if leaving_seat is not None:
            match.seats[leaving_seat].resigned = True
        return match

    # --- deadlines

    async def due_reminders(self) -> list[Match]:
        """Active matches whose player to move gets their one reminder now (marked as sent)."""
        now, _ = self._now()
        due = []
        for match_id in await self.repository.due_reminders(now):
            async with self._locks[match_id]:
                if await self.repository.take_reminder(match_id, now):
                    due.append(await self.load(match_id))
        return due

    async def forfeit_overdue(self) -> list[Match]:
        """End every match whose turn clock ran out: the player to move forfeits."""
        now, _ = self._now()
        ended = []
        for match_id in await self.repository.overdue_clocks(now):
            async with self._locks[match_id]:
                match = await self.load(match_id)
                if match.status == "active" and match.clock_due_at is not None and match.clock_due_at <= now:
                    seat = match.state.to_move[0]
                    ended.append(await self._end(match, "finished", f"timeout:{match.user_at(seat)}", seat))
        return ended

    # --- where the match lives on Discord

    async def set_lobby_message(self, match_id: int, message_id: int) -> None:
        await self.repository.set_lobby_message(match_id, message_id)

    async def set_thread(self, match_id: int, thread_id: int | None) -> None:
        await self.repository.set_thread(match_id, thread_id)

    async def record_messages(
        self, match_id: int, *, board: tuple[int, int] | None = None, seats: dict[int, dict] | None = None
    ) -> None:
        await self.repository.record_messages(match_id, board=board, seats=seats)
