"""The match service: every decision about a match is checked and taken here.

A decision follows one path: load the match once, check who is asking (server, seat, turn,
version), apply it with the rules engine, save it in one transaction (the repository's
conditional writes refuse a version that moved on), and return one result for the publisher.
Nothing here talks to Discord or writes SQL.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime
from typing import Any

from games import IllegalAction
from games.core import N_

from .agreements import Agreement, Agreements
from .computer_turns import ComputerTurns, Hint, Thinker
from .errors import MatchError, StaleClick
from .kits import GameKit
from .learning import LearningDecisions
from .lobbies import LobbyAnswer, LobbyDecisions
from .model import (
    LEASE_SECONDS,
    ActionResult,
    Deadlines,
    LiveBoard,
    Match,
    MatchResult,
    MyGame,
)
from .preferences import Preferences
from .ratings import Rating
from .repository import Repository
from .seasons import SeasonDecisions
from .seat_changes import SeatChanges, VacancyVote
from .settings import Settings
from .tournaments import TournamentDecisions

__all__ = [
    "Agreement",
    "Hint",
    "LobbyAnswer",
    "MatchError",
    "MatchService",
    "StaleClick",
    "VacancyVote",
]

log = logging.getLogger(__name__)
REPLAY_LATER = N_("Match #{number} is still going on: its replay comes with its last board.")
# Runs a pure, slow function (a tutorial step, a review) away from the event loop: fn, *args -> result
Worker = Callable[..., Awaitable[Any]]


class MatchService(
    LobbyDecisions,
    SeatChanges,
    Agreements,
    LearningDecisions,
    ComputerTurns,
    Preferences,
    SeasonDecisions,
    TournamentDecisions,
):
    """Every decision about a match. Lobbies (`bot.lobbies`), seats changing hands
    (`bot.seat_changes`), take-backs and draws (`bot.agreements`), learning (`bot.learning`),
    computer players and hints (`bot.computer_turns`), settings and preferences
    (`bot.preferences`), seasons (`bot.seasons`) and tournaments (`bot.tournaments`) are written
    in modules of their own; this class holds what they share: loading, checking, applying and
    saving, deadlines, and the per-match locks."""

    def __init__(
        self,
        repository: Repository,
        kits: Mapping[str, GameKit],
        *,
        clock: Callable[[], datetime],
        lobby_timeout: float = Settings.lobby_timeout_seconds,  # the bot's own defaults, one source
        computer_delay: float = Settings.computer_delay_seconds,
        think: Thinker | None = None,
        work: Worker | None = None,
        lease_seconds: float = LEASE_SECONDS,
    ) -> None:
        self.repository = repository
        self.lease_seconds = lease_seconds  # how long a claim on timed work holds (see LEASE_SECONDS)
        self.kits = kits
        self.clock = clock
        self.lobby_timeout = lobby_timeout  # also how long the others have to decide about a seat left empty
        self.computer_delay = computer_delay
        self.think = think
        self.work: Worker = work or asyncio.to_thread
        self._reviews: dict[tuple[int, int], list] = {}  # (match id, moves) -> its biggest swings
        self.on_computer_due: Callable[[], None] = lambda: None  # the computer players' cog listens
        # a tournament's table ended or lost a no-show (its id): the tournaments' cog moves it on
        self.on_tournament_moved: Callable[[int], None] = lambda tournament_id: None
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
        match.check_server(guild_id)
        return match

    async def ended_match(
        self, match_id: int, guild_id: int | None, *, still_going: str = REPLAY_LATER
    ) -> Match:
        """A match of this server that was played and has ended (finished, resigned, forfeited or
        cancelled): what `/match replay` may show. Another server's match is as unknown as a wrong number."""
        match = await self.repository.load(match_id)
        if match is None or guild_id is None or match.guild_id != guild_id:
            raise MatchError("There is no match #{number} in this server.", number=match_id)
        if match.status == "lobby":
            raise MatchError(
                "Match #{number} is still an invitation: nothing has been played yet.", number=match_id
            )
        if match.status == "active":
            raise MatchError(still_going, number=match_id)
        if match.state is None:
            raise MatchError(
                "Match #{number} never started (its invitation closed), so there is nothing to replay.",
                number=match_id,
            )
        return match

    async def action_log(self, match_id: int) -> list[tuple[int, str]]:
        return await self.repository.action_log(match_id)

    async def behind_on_discord(self) -> list[int]:
        """Matches whose board a restart left behind, each claimed for this process (one process
        of several catches a match up)."""
        now, _ = self._now()
        return [
            match_id
            for match_id in await self.repository.behind_on_discord()
            if await self.repository.claim_catch_up(match_id, now, now + self.lease_seconds)
        ]

    async def caught_up(self, match_id: int) -> None:
        """Release a catch-up claim, done or failed: the next start may try again at once."""
        await self.repository.release_catch_up(match_id)

    async def private_view(
        self, match_id: int, user_id: int, guild_id: int | None = None
    ) -> tuple[Match, int]:
        """The match and the user's seat, for showing them their own secrets."""
        match = await self.load_for(match_id, guild_id)
        seat = match.seat_of(user_id)
        if seat is None:
            raise MatchError("You're not playing in this match.")
        return _started(match), seat

    async def started_for(self, match_id: int, guild_id: int | None) -> Match:
        """A match of this server that has a position to show (not still a lobby)."""
        return _started(await self.load_for(match_id, guild_id))

    async def running_in(self, guild_id: int) -> list[Match]:
        return await self.repository.running_in(guild_id)

    async def awaiting(self, user_id: int) -> list[Match]:
        """Active matches in which `user_id` must act now."""
        mine = await self.repository.matches_of(user_id, ("active",))
        return [match for match in mine if match.seat_of(user_id) in match.state.to_move]

    async def games_of(self, user_id: int) -> list[MyGame]:
        """Every match in progress and open invitation `user_id` is in, in every server: those
        waiting on them first (their turn, or their answer), then the rest, each part soonest
        deadline first."""
        games = await self.repository.games_of(user_id)
        return sorted(
            games,
            key=lambda game: (not game.waits_on_me, game.deadline is None, game.deadline or 0, game.match_id),
        )

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

    async def match_to_follow(self, channel_id: int, user_id: int, guild_id: int | None) -> Match:
        """The match someone (player or spectator) means in `channel_id`: the one whose thread it
        is, else the user's only running match."""
        match_id = await self.repository.match_played_in(channel_id)
        if match_id is not None:
            return await self.load_for(match_id, guild_id)
        return await self.match_here(channel_id, user_id)

    async def leaderboard(self, guild_id: int, game_id: str, limit: int) -> list[tuple[str | None, Rating]]:
        """The best-rated players of a game in this server, with their names (None if unknown)."""
        return await self.repository.leaderboard(guild_id, game_id, limit)

    async def tutorials_finished(self, user_id: int) -> list[str]:
        """The games whose tutorial (`/learn`) the user played to the end, the known ones only."""
        return [game for game in await self.repository.tutorials_finished(user_id) if game in self.kits]

    async def standings_of(self, guild_id: int, user_id: int) -> list[tuple[str, Rating]]:
        """A player's rating and results in each game of this server, first played first."""
        return await self.repository.standings_of(guild_id, user_id)

    def _deadlines(self, match: Match, now: float) -> Deadlines:
        """What the turn now waited for needs: a reminder and a turn clock for the people to
        move, a computer player's move after a short pause. None while play is paused or over."""
        state = match.state
        if state is None or state.is_over or match.vacancy:
            return Deadlines()
        people = [seat for seat in state.to_move if match.seats[seat].is_person]
        computers = match.computer_seats_due()
        reminder = now + match.settings.reminder_hours * 3600 if people else None
        clock = now + match.clock_hours * 3600 if people and match.clock_hours else None
        return Deadlines(reminder, clock, now + self.computer_delay if computers else None)

    def _noted(self, match: Match, deadlines: Deadlines) -> None:
        match.reminder_due_at, match.clock_due_at, match.computer_due_at = deadlines
        if deadlines.computer is not None:
            self.on_computer_due()

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
        if match.vacancy:
            raise self.paused(match)
        # While seats act independently (order_free), another seat's action doesn't outdate this
        # seat's controls: it may still make its own choice from them.
        still_valid = 1 <= version < match.version and match.state.order_free and seat in match.state.to_move
        if version != match.version and not still_valid:
            raise StaleClick("That's from an earlier turn; the match has moved on. Use the latest message.")
        if seat not in match.state.to_move:
            waiting = ", ".join(match.seats[s].display_name for s in match.state.to_move)
            raise MatchError("It's not your turn — waiting for {players}.", players=waiting)
        return seat

    @staticmethod
    def paused(match: Match) -> MatchError:
        """The refusal while the players decide about a seat left empty."""
        return MatchError(
            "Play is paused: the players are deciding whether a computer player takes "
            "{player}'s seat (buttons on the board).",
            player=match.label(match.vacancy["seat"]),
        )

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
            return await self._apply(match, seat, action_text)

    async def _apply(self, match: Match, seat: int, action_text: str) -> ActionResult:
        """Apply and save one action of `seat` (already checked to be theirs to make)."""
        version = match.version
        game = self.kit(match).engine
        waiting_before = set(match.state.to_move)
        try:
            action = game.parse_action(action_text)
            events = match.state.apply(seat, action)
        except IllegalAction as error:
            raise MatchError(error.message, **error.values) from error
        now, stamp = self._now()
        finished = match.state.is_over
        deadlines = self._deadlines(match, now)
        saved = await self.repository.save_action(
            match.id,
            version=version,
            seat=seat,
            action=str(action),
            state=match.state.to_json(),
            to_move=match.state.to_move,
            finished=finished,
            stamp=stamp,
            deadlines=deadlines,
            seen_at=now if match.seats[seat].is_person else None,
            result=MatchResult.of(match, finished_at=stamp) if finished and match.rated else None,
            learned=(match.people[0].user_id, match.game_id)
            if finished and match.purpose == "tutorial" and match.people
            else None,
        )
        if not saved:
            raise StaleClick("Someone else acted at the same moment; this click was not applied.")
        match.version += 1
        match.status = "finished" if finished else "active"
        self._noted(match, deadlines)
        if finished:
            match.end_reason, match.finished_at = "completed", stamp
            if match.tournament_id is not None:
                self.on_tournament_moved(match.tournament_id)
        if match.seats[seat].is_person:
            match.seats[seat].last_seen_at = now
        begun = [s for s in match.state.to_move if s not in waiting_before] if not finished else []
        return ActionResult(match, seat, str(action), events, version, begun)

    # --- ending a match early

    async def cancel(
        self,
        match_id: int,
        user_id: int,
        *,
        manages_server: bool,
        version: int | None = None,
        guild_id: int | None,
    ) -> Match:
        """Cancel `match_id`, if `user_id` may (`check_may_cancel`) and the match is still at
        `version` (the one they were asked about)."""
        async with self._locks[match_id]:
            match = await self.load(match_id)
            match.check_server(guild_id, dm_ok=False)
            if match.status not in ("lobby", "active"):
                raise MatchError("This match has already ended.")
            if version is not None and version != match.version:
                raise StaleClick("The match has moved on since you asked; run /match cancel again.")
            self.check_may_cancel(match, user_id, manages_server=manages_server)
            return await self._end(match, "cancelled", f"cancelled:{user_id}")

    @staticmethod
    def check_may_cancel(match: Match, user_id: int, *, manages_server: bool) -> None:
        """Who may cancel `match`: its host while it is an invitation, and members who manage its
        server at any time; anyone else gets MatchError. /match cancel asks it before the question
        too, so nobody is asked to confirm what they may not do."""
        if not manages_server and not (match.status == "lobby" and user_id == match.host_id):
            raise MatchError(
                "Only the host can cancel an invitation, and only members with Manage Server "
                "can cancel a match in progress."
            )

    async def _end(
        self,
        match: Match,
        status: str,
        reason: str,
        leaving_seat: int | None = None,
        withdrawn: tuple[int, int] | None = None,
    ) -> Match:
        now, stamp = self._now()
        ended = await self.repository.end(
            match.id,
            version=match.version,
            status=status,
            reason=reason,
            stamp=stamp,
            leaving_seat=leaving_seat,
            notice_lease=now + self.lease_seconds,
            result=MatchResult.of(match, finished_at=stamp, leaving_seat=leaving_seat, end_reason=reason)
            if status == "finished" and match.rated
            else None,
            withdrawn=withdrawn,
        )
        if not ended:
            raise StaleClick.raced()
        match.status, match.end_reason, match.finished_at, match.version = (
            status,
            reason,
            stamp,
            match.version + 1,
        )
        match.lobby_expires_at = match.reminder_due_at = match.clock_due_at = match.computer_due_at = None
        match.vacancy = match.vacancy_due_at = match.request = None
        if leaving_seat is not None:
            match.seats[leaving_seat].resigned = True
        if match.tournament_id is not None:
            self.on_tournament_moved(match.tournament_id)
        return match

    # --- deadlines

    async def due_reminders(self) -> list[Match]:
        """Active matches whose player to move gets their one reminder now (marked as sent)."""
        now, _ = self._now()
        due = []
        for match_id in await self.repository.due_reminders(now):
            async with self._locks[match_id]:
                if await self.repository.take_reminder(match_id, now, now + self.lease_seconds):
                    due.append(await self.load(match_id))
        return due

    async def reminder_sent(self, match: Match) -> None:
        """Release the claim `due_reminders` took once the reminder is out."""
        await self.repository.reminder_sent(match.id, match.reminder_due_at)

    async def forfeit_overdue(self) -> list[tuple[Match, int]]:
        """The player to move forfeits every match whose turn clock ran out (which ends it, leaves
        the others to decide about their seat, or in a tournament has a computer player take it:
        see `_time_out`); returns each match with that seat."""
        now, _ = self._now()
        ended = []
        for match_id in await self.repository.overdue_clocks(now):
            async with self._locks[match_id]:
                match = await self.load(match_id)
                people = match.people_to_move()
                if (
                    match.status == "active"
                    and people
                    and match.clock_due_at is not None
                    and match.clock_due_at <= now
                ):
                    with contextlib.suppress(StaleClick):  # another process forfeited it first
                        ended.append((await self._time_out(match, people[0]), people[0]))
        return ended

    # --- where the match lives on Discord

    async def set_lobby_message(self, match_id: int, message_id: int) -> None:
        await self.repository.set_lobby_message(match_id, message_id)

    async def set_thread(self, match_id: int, thread_id: int | None) -> None:
        await self.repository.set_thread(match_id, thread_id)

    def now(self) -> float:
        return self._now()[0]

    async def record_messages(
        self, match_id: int, *, board: LiveBoard | None = None, seats: dict[int, dict] | None = None
    ) -> None:
        await self.repository.record_messages(match_id, board=board, seats=seats)
        if board is not None:
            self.on_computer_due()  # a first board lets a computer player's due turn go ahead


def _started(match: Match) -> Match:
    """`match`, if it has a position to show; a lobby is refused."""
    if match.state is None:
        raise MatchError("This match hasn't started yet.")
    return match
