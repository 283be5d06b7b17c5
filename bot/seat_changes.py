"""Seats changing hands during a match, in the match service: a player leaving (resigning or
running out of time), the others' vote on their seat, a computer player taking it over, and
handing one's own seat to a computer player.

The rule for a seat left empty in a match of 3 or 4: a computer player takes it once at least
half of the players still in the match vote for it; the match ends once more than half vote to
end it; undecided after the service's `lobby_timeout`, a computer player takes it. With two
players, or nobody else left, leaving ends the match.

A mixin of `bot.service.MatchService` (repository, clock, locks, deadlines, `_end`).
"""

from __future__ import annotations

import contextlib
import math
from dataclasses import dataclass

from catalogue import N_

from .errors import MatchError, StaleClick
from .model import Deadlines, Match, computer_name

ASK_AGAIN = {  # a confirmation that lapsed, by the /match command that asked it
    "resign": N_("The match has moved on since you asked; run /match resign again."),
    "handover": N_("The match has moved on since you asked; run /match handover again."),
}


@dataclass
class VacancyVote:
    match: Match
    seat: int  # the seat its player left
    decided: str | None  # "computer" (a computer player took the seat), "end", or None yet


class SeatChanges:
    async def resign(
        self, match_id: int, user_id: int, version: int | None = None, guild_id: int | None = None
    ) -> Match:
        """The player leaves: with two players, or nobody else left, the match ends (see README,
        "Resigning"); otherwise the others decide whether a computer player takes the seat."""
        async with self._locks[match_id]:
            match = await self.load_for(match_id, guild_id)
            seat = self._leaving_seat(match, user_id, version, "resign")
            return await self._leave(match, seat, "resigned")

    @staticmethod
    def _leaving_seat(match: Match, user_id: int, version: int | None, command: str) -> int:
        """The seat of a player who asked to leave with `/match <command>`, if they still may."""
        seat = match.seat_of(user_id)
        if seat is None:
            raise MatchError("You're not playing in this match.")
        if match.status != "active":
            raise MatchError("Only a match in progress can be left.")
        if version is not None and version != match.version:
            raise StaleClick(ASK_AGAIN[command])
        return seat

    def _may_go_on_without(self, match: Match, seat: int) -> bool:
        """Whether a match can continue with a computer player in `seat`: three or more seats,
        someone else still playing, and no other seat waiting for the same decision."""
        others = [s for s in match.people if s.seat != seat]
        return len(match.seats) > 2 and bool(others) and not match.vacancy

    async def _leave(self, match: Match, seat: int, reason: str) -> Match:
        user_id = match.user_at(seat)
        if not self._may_go_on_without(match, seat):
            return await self._end(match, "finished", f"{reason}:{user_id}", seat)
        now, stamp = self._now()
        vacancy = {"seat": seat, "user_id": user_id, "reason": reason, "votes": {}}
        due = now + self.lobby_timeout
        if not await self.repository.open_vacancy(
            match.id, version=match.version, vacancy=vacancy, due=due, stamp=stamp
        ):
            raise StaleClick.raced()
        match.version += 1
        match.vacancy, match.vacancy_due_at = vacancy, due
        match.seats[seat].resigned = True
        self._noted(match, Deadlines())
        return match

    @staticmethod
    def voters(match: Match) -> list[int]:
        """Who decides about a seat left empty: everyone else still playing."""
        left = match.vacancy["seat"] if match.vacancy else None
        return [s.user_id for s in match.people if s.seat != left]

    async def vote_on_vacancy(
        self, match_id: int, user_id: int, choice: str, *, version: int, guild_id: int | None = None
    ) -> VacancyVote:
        """One player's vote on a seat left empty. A computer player takes it once at least half
        of the players still in the match vote for it; the match ends once more than half vote
        to end it."""
        async with self._locks[match_id]:
            match = await self.load_for(match_id, guild_id)
            if not match.vacancy or match.status != "active":
                raise MatchError("There is nothing to decide in this match now.")
            if version != match.version:
                raise StaleClick("That question is from an earlier moment of this match.")
            voters = self.voters(match)
            if user_id not in voters:
                raise MatchError("Only the players still in this match decide.")
            if choice not in ("computer", "end"):
                raise MatchError("That's not one of the choices.")
            seat = match.vacancy["seat"]
            votes = {**match.vacancy["votes"], str(user_id): choice}
            counts = {option: sum(1 for v in votes.values() if v == option) for option in ("computer", "end")}
            if counts["computer"] >= math.ceil(len(voters) / 2):
                return VacancyVote(await self._substitute(match, seat), seat, "computer")
            if counts["end"] > len(voters) / 2:
                reason = f"{match.vacancy['reason']}:{match.vacancy['user_id']}"
                return VacancyVote(await self._end(match, "finished", reason, seat), seat, "end")
            vacancy = {**match.vacancy, "votes": votes}
            if not await self.repository.record_vote(match.id, version=match.version, vacancy=vacancy):
                raise StaleClick.raced()
            match.vacancy = vacancy
            return VacancyVote(match, seat, None)

    async def settle_vacancies(self) -> list[tuple[Match, int]]:
        """Seats left empty that nobody decided about in time go to a computer player; returns
        each match with that seat."""
        now, _ = self._now()
        settled = []
        for match_id in await self.repository.due_vacancies(now):
            async with self._locks[match_id]:
                match = await self.load(match_id)
                if match.vacancy and match.vacancy_due_at is not None and match.vacancy_due_at <= now:
                    seat = match.vacancy["seat"]
                    with contextlib.suppress(StaleClick):  # another process settled it first
                        settled.append((await self._substitute(match, seat), seat))
        return settled

    async def hand_over(
        self, match_id: int, user_id: int, *, version: int | None = None, guild_id: int | None = None
    ) -> Match:
        """The player gives their seat to a computer player and leaves; the match goes on."""
        async with self._locks[match_id]:
            match = await self.load_for(match_id, guild_id)
            seat = self._leaving_seat(match, user_id, version, "handover")
            if match.vacancy:
                raise self.paused(match)
            if not [s for s in match.people if s.seat != seat]:
                raise MatchError("Nobody else is playing: resign instead (/match resign).")
            return await self._substitute(match, seat)

    async def _substitute(self, match: Match, seat: int, withdrawn: tuple[int, int] | None = None) -> Match:
        level = match.computer_level
        name = computer_name(level)
        now, stamp = self._now()
        player = match.seats[seat]
        if player.user_id is not None:
            player.left_user_id = player.left_user_id or player.user_id
        player.user_id, player.computer, player.display_name = None, level, name
        player.resigned = True  # its DM prompt, if any, is left for the publisher to retire
        match.vacancy = match.vacancy_due_at = None
        deadlines = self._deadlines(match, now)
        if not await self.repository.substitute(
            match.id,
            version=match.version,
            seat=seat,
            level=level,
            name=name,
            stamp=stamp,
            deadlines=deadlines,
            withdrawn=withdrawn,
        ):
            raise StaleClick.raced()
        match.version += 1
        self._noted(match, deadlines)
        if withdrawn is not None:
            self.on_tournament_moved(withdrawn[0])  # its standings mark the no-show
        return match
