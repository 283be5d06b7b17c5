"""Lobby decisions of the match service: opening an invitation, answering it, joining an open
seat, filling the seats left with computer players, rematches and invitations that ran out.

A mixin of `bot.service.MatchService`, which provides the repository, the clock, the per-match
locks, the lease on timed work and the start of a match's deadlines (`_deadlines`, `_noted`).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace

from games import IllegalAction, replay_actions

from .errors import MatchError, StaleClick
from .model import SETTING_LIMITS, LimitReached, Match, Seat, Start, check_level, computer_name

OPEN_SEAT = "open seat"


@dataclass
class LobbyAnswer:
    match: Match
    started: bool = False
    declined: bool = False


class LobbyDecisions:
    async def create_lobby(
        self,
        game_id: str,
        *,
        guild_id: int | None,
        channel_id: int,
        players: list[tuple[int, str]],
        computers: int = 0,
        open_seats: int = 0,
        level: str = "normal",
        hints: bool = False,
        options: dict | None = None,
        rematch_of: int | None = None,
        lasts: float | None = None,
    ) -> Match:
        """Open a lobby. `players` are (user id, display name), the host first; the host has
        accepted. Then `open_seats` seats any member may join, then `computers` computer players
        at `level`. A lobby whose seats are all taken already starts at once. It stays open for
        `lasts` seconds (within the bounds of the server's `open_invite_minutes`); by default for
        that setting when it has open seats, else for the bot's lobby timeout."""
        game = self.kits[game_id].engine
        user_ids = [user_id for user_id, _ in players]
        if len(set(user_ids)) != len(user_ids):
            raise MatchError("Each player can only be picked once (and you're already playing).")
        check_level(level)
        if computers < 0 or open_seats < 0:
            raise MatchError("Seat counts can't be negative.")
        least, most = SETTING_LIMITS["open_invite_minutes"]
        if lasts is not None and not least * 60 <= lasts <= most * 60:
            raise MatchError(
                "An invitation stays open from {least} to {most} minutes.", least=least, most=most
            )
        try:
            game.check_players(len(players) + computers + open_seats)
            resolved = game.resolve_options(options)
        except IllegalAction as error:
            raise MatchError(error.message, **error.values) from error
        seats = [
            Seat(i, user_id, name, accepted=i == 0, dm_closed=False, prompt_message_id=None)
            for i, (user_id, name) in enumerate(players)
        ]
        seats += [Seat(len(seats) + i, None, OPEN_SEAT, False, False, None) for i in range(open_seats)]
        seats += [
            Seat(len(seats) + i, None, computer_name(level), True, False, None, computer=level)
            for i in range(computers)
        ]
        now, stamp = self._now()
        settings = await self.repository.settings_for(guild_id)
        if lasts is None:
            lasts = settings.open_invite_minutes * 60 if open_seats else self.lobby_timeout
        created = await self.repository.create_lobby(
            game_id=game_id,
            guild_id=guild_id,
            channel_id=channel_id,
            seed=secrets.randbits(63),
            options=resolved,
            seats=seats,
            computer_level=level,
            hints_allowed=hints,
            expires_at=now + lasts,
            stamp=stamp,
            rematch_of=rematch_of,
            limits=settings,
        )
        if isinstance(created, LimitReached):
            raise created.error
        match = await self.load(created)
        if all(seat.accepted for seat in match.seats):
            async with self._locks[match.id]:
                start = self._start(match, seats=match.seats)
                if await self.repository.start_if_ready(match.id, start) == "started":
                    self._started(match, start)
        return match

    async def start_guided(
        self,
        game_id: str,
        *,
        purpose: str,
        guild_id: int | None,
        channel_id: int,
        person: tuple[int, str],
        seat: int,
        players: int,
        level: str,
        seed: int,
        options: dict,
        opening: list[tuple[int, str]] = (),
        source_match_id: int | None = None,
    ) -> Match:
        """A match of one person against computer players at `level`, started at once: a tutorial
        (its lesson's seed and setup) or a practice match continuing another from its `opening`
        moves. Neither counts in the standings; hints are on."""
        user_id, name = person
        seats = [
            Seat(i, user_id, name, True, False, None)
            if i == seat
            else Seat(i, None, computer_name(level), True, False, None, computer=level)
            for i in range(players)
        ]
        now, stamp = self._now()
        created = await self.repository.create_lobby(
            game_id=game_id,
            guild_id=guild_id,
            channel_id=channel_id,
            seed=seed,
            options=self.kits[game_id].engine.resolve_options(options),
            seats=seats,
            computer_level=level,
            hints_allowed=True,
            expires_at=now + self.lobby_timeout,
            stamp=stamp,
            rematch_of=None,
            limits=await self.repository.settings_for(guild_id),
            purpose=purpose,
            source_match_id=source_match_id,
        )
        if isinstance(created, LimitReached):
            raise created.error
        match = await self.load(created)
        async with self._locks[match.id]:
            start = self._start(match, seats=match.seats, opening=opening)
            await self.repository.start_if_ready(match.id, start)
            self._started(match, start)
        return match

    def _start(self, match: Match, *, seats: list[Seat], opening: list[tuple[int, str]] = ()) -> Start:
        """The first state of `match` once its seats are `seats` (after the `opening` moves, which
        a practice match continues from), and its first deadlines."""
        now, stamp = self._now()
        engine = self.kit(match).engine
        state = replay_actions(engine, len(match.seats), match.seed, match.options, list(opening))
        starting = replace(match, seats=seats, state=state, status="active")
        return Start(
            state.to_json(), stamp, self._deadlines(starting, now), now, tuple(opening), tuple(state.to_move)
        )

    def _started(self, match: Match, start: Start) -> None:
        match.status, match.version = "active", start.version
        match.state = self.kit(match).engine.from_json(start.state)
        match.lobby_expires_at = None
        for seat in match.people:
            seat.last_seen_at = start.at
        self._noted(match, start.deadlines)

    async def rematch(
        self, match_id: int, user_id: int, display_name: str, guild_id: int | None, version: int | None = None
    ) -> Match:
        """Same players, computer players and options as a finished match; every other person
        must accept."""
        old = await self.load(match_id)
        old.check_server(guild_id, dm_ok=False)
        if version is not None and version != old.version:
            raise StaleClick("That button is from an older message of this match.")
        if old.seat_of(user_id) is None:
            raise MatchError("Only the players of this match can ask for a rematch.")
        if old.status != "finished":
            raise MatchError("Only a finished match can be played again.")
        others = [(s.user_id, s.display_name) for s in old.people if s.user_id != user_id]
        return await self.create_lobby(
            old.game_id,
            guild_id=old.guild_id,
            channel_id=old.channel_id,
            players=[(user_id, display_name), *others],
            computers=sum(1 for seat in old.seats if seat.computer),
            level=old.computer_level,
            hints=old.hints_allowed,
            options=old.options,
            rematch_of=old.id,
        )

    async def answer_invite(
        self, match_id: int, user_id: int, *, accept: bool, version: int = 0, guild_id: int | None = None
    ) -> LobbyAnswer:
        """Accept or decline, on the lobby's `version`: a lobby that started, closed or was
        cancelled in the meantime refuses the answer."""
        async with self._locks[match_id]:
            match = await self._open_lobby(match_id, version, guild_id)
            seat = match.seat_of(user_id)
            if seat is None:
                raise MatchError("Only the invited players can answer this invitation.")
            now, stamp = self._now()
            if not accept:
                closed = await self.repository.close_lobby(
                    match_id, f"declined:{user_id}", stamp, notice_lease=now + self.lease_seconds
                )
                if not closed:
                    raise MatchError("This lobby is closed.")
                match.status, match.end_reason, match.version = (
                    "cancelled",
                    f"declined:{user_id}",
                    version + 1,
                )
                return LobbyAnswer(match, declined=True)
            if match.seats[seat].accepted:
                raise MatchError("You've already accepted; waiting for the others.")
            seats = [replace(s, accepted=True) if s.seat == seat else s for s in match.seats]
            start = self._start(match, seats=seats)
            answer = await self.repository.accept(match_id, seat, start=start)
            if answer is None:
                raise MatchError("This lobby is closed.")
            match.seats[seat].accepted = True
            if answer == "started":
                self._started(match, start)
            return LobbyAnswer(match, started=answer == "started")

    async def _open_lobby(self, match_id: int, version: int, guild_id: int | None) -> Match:
        match = await self.load_for(match_id, guild_id)
        if match.status in ("active", "finished"):
            raise MatchError("This match has already started.")
        if match.status != "lobby" or match.version != version:
            raise MatchError("This lobby is closed.")
        return match

    async def join(
        self, match_id: int, user_id: int, display_name: str, *, version: int = 0, guild_id: int | None = None
    ) -> LobbyAnswer:
        """Take an open seat of a lobby; the match starts when that was the last seat."""
        async with self._locks[match_id]:
            match = await self._open_lobby(match_id, version, guild_id)
            if user_id == match.host_id:
                raise MatchError(
                    "It's your own invitation: wait for others to join, or fill the seats with computer players."
                )
            if match.seat_of(user_id) is not None:
                raise MatchError("You're already in this match.")
            free = [seat for seat in match.seats if seat.is_open]
            if not free:
                raise MatchError("Every seat is taken.")
            taken = free[0].seat
            seats = [
                replace(s, user_id=user_id, display_name=display_name, accepted=True)
                if s.seat == taken
                else s
                for s in match.seats
            ]
            start = self._start(match, seats=seats)
            answer = await self.repository.join(
                match_id, user_id, display_name, start=start, limits=match.settings
            )
            if isinstance(answer, LimitReached):
                raise answer.error
            if answer is None:
                raise MatchError("This lobby is closed, or its seats were taken meanwhile.")
            match.seats = seats
            if answer == "started":
                self._started(match, start)
            return LobbyAnswer(match, started=answer == "started")

    async def fill_and_start(
        self, match_id: int, user_id: int, *, version: int = 0, guild_id: int | None = None
    ) -> LobbyAnswer:
        """The host gives every seat not taken yet (open, or invited without an answer) to a
        computer player at the lobby's level, and the match starts."""
        async with self._locks[match_id]:
            match = await self._open_lobby(match_id, version, guild_id)
            if user_id != match.host_id:
                raise MatchError("Only the host can fill the seats with computer players.")
            name = computer_name(match.computer_level)
            seats = [
                s
                if s.accepted
                else replace(s, user_id=None, computer=match.computer_level, display_name=name, accepted=True)
                for s in match.seats
            ]
            start = self._start(match, seats=seats)
            if (
                await self.repository.fill_with_computers(match_id, match.computer_level, name, start=start)
                is None
            ):
                raise MatchError("This lobby is closed.")
            match.seats = seats
            self._started(match, start)
            return LobbyAnswer(match, started=True)

    async def expire_lobbies(self) -> list[Match]:
        """Close every lobby whose invitation time has run out; returns them, each owing the
        notice that it closed (`lobby_notice_shown` once its message says so)."""
        now, stamp = self._now()
        expired = []
        for match_id in await self.repository.expired_lobbies(now):
            async with self._locks[match_id]:
                if await self.repository.close_lobby(
                    match_id, "timeout", stamp, notice_lease=now + self.lease_seconds
                ):
                    expired.append(await self.load(match_id))
        return expired

    async def owed_lobby_notices(self) -> list[Match]:
        """Invitations closed by a process that died before its message said so, each claimed
        for this process: whoever sweeps next shows the notice."""
        now, _ = self._now()
        return [
            await self.load(match_id)
            for match_id in await self.repository.owed_lobby_notices(now)
            if await self.repository.claim_catch_up(match_id, now, now + self.lease_seconds)
        ]

    async def lobby_notice_shown(self, match_id: int) -> None:
        await self.repository.lobby_notice_shown(match_id)
