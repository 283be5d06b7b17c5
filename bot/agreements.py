"""Take-backs and draws, decided by the players together, in the match service.

The policy, as online board game sites have it: a player may ask to take back their own last
decision while it is still the last one (nobody has acted since), if it drew on no chance and
revealed nothing hidden (the engine decides: `Game.can_take_back`), and not once a turn clock has
run out. A draw (2 players) or an agreed end (3-4 players) can be offered at any time in play.
Every other person in the match must agree (computer players always do); one refusal, or any
action, ends the request. The taken-back decision leaves the log, and the state is what replaying
the seed and the log without it gives; the record notes it.

A mixin of `bot.service.MatchService` (repository, clock, locks, deadlines, `_end`).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from games import replay_actions

from .errors import MatchError, StaleClick
from .model import Match

KINDS = ("takeback", "draw")
DRAW_REASON = "draw"


@dataclass
class Agreement:
    """Where a request stands after someone asked or answered: `decided` is "agreed" (carried
    out), "refused", or None while others still have to answer."""

    match: Match
    request: dict
    decided: str | None


class Agreements:
    @staticmethod
    def open_request(match: Match) -> dict | None:
        """The match's request, unless play has moved on since it was made (then it has lapsed)."""
        request = match.request
        return request if request and request.get("version") == match.version else None

    def answering(self, match: Match) -> list[int]:
        """The people who must agree to the open request: everyone else still playing."""
        if not self.open_request(match):
            return []
        return [s.user_id for s in match.people if s.seat != match.request["seat"] and not s.resigned]

    async def ask(self, match_id: int, user_id: int, kind: str, guild_id: int | None = None) -> Agreement:
        """Open a take-back or draw request for the user's seat; carried out at once when nobody
        else has to agree."""
        if kind not in KINDS:
            raise MatchError("You can ask for a take-back or a draw.")
        async with self._locks[match_id]:
            match = await self.load_for(match_id, guild_id)
            seat = match.seat_of(user_id)
            if seat is None or not match.seats[seat].is_person:
                raise MatchError("You're not playing in this match.")
            if match.status != "active" or match.state.is_over:
                raise MatchError("Only a match in progress can be taken back or drawn.")
            if match.vacancy:
                raise self.paused(match)
            if self.open_request(match):
                raise MatchError("A request is already waiting for answers in this match.")
            request = {"kind": kind, "seat": seat, "version": match.version, "agreed": []}
            if kind == "takeback":
                request["action"] = await self._check_take_back(match, seat)
            await self._replace_request(match, request)
            if not self.answering(match):
                return Agreement(await self._carry_out(match), request, "agreed")
            return Agreement(match, request, None)

    async def answer(
        self, match_id: int, user_id: int, agree: bool, *, version: int, guild_id: int | None = None
    ) -> Agreement:
        """One player's answer to the open request; the last agreement carries it out."""
        async with self._locks[match_id]:
            match = await self.load_for(match_id, guild_id)
            request = self.open_request(match)
            if match.version != version or not request or match.status != "active":
                raise StaleClick("That request has lapsed: the match moved on, or it was answered.")
            if user_id not in self.answering(match):
                raise MatchError("Only the other players answer this request.")
            if user_id in request["agreed"]:
                raise MatchError("You have agreed already; waiting for the others.")
            if not agree:
                await self._replace_request(match, None)
                return Agreement(match, request, "refused")
            request = {**request, "agreed": [*request["agreed"], user_id]}
            await self._replace_request(match, request)
            if set(request["agreed"]) >= set(self.answering(match)):
                return Agreement(await self._carry_out(match), request, "agreed")
            return Agreement(match, request, None)

    async def withdraw_request(self, match: Match) -> None:
        """Drop the open request (the others could not be asked)."""
        await self.repository.save_request(
            match.id, version=match.version, request=None, previous=match.request
        )

    async def takebacks_of(self, match_id: int) -> list[tuple[int, int, str]]:
        """(ply, seat, action) of every decision taken back in the match, for its record."""
        return await self.repository.takebacks_of(match_id)

    async def _replace_request(self, match: Match, request: dict | None) -> None:
        """Store the request's new state, if nobody changed it since it was read (compare and swap:
        of answers given at once in several processes one wins, the others are told to look again;
        the last agreement is stored too before it is carried out, so a refusal racing it loses)."""
        if not await self.repository.save_request(
            match.id, version=match.version, request=request, previous=match.request
        ):
            raise StaleClick.raced()
        match.request = request

    async def _check_take_back(self, match: Match, seat: int) -> str:
        """The decision `seat` may take back now (its notation), or MatchError saying why not."""
        log = await self.repository.action_log(match.id)
        if not log or log[-1][0] != seat:
            raise MatchError("You can take back only your own last decision, before anyone else acts.")
        engine = self.kit(match).engine
        if engine.is_secret_action(engine.parse_action(log[-1][1])):
            # asking would show the others the secret (an objective) the decision set
            raise MatchError("A secret decision, like choosing your objective, can't be taken back.")
        now, _ = self._now()
        if match.clock_due_at is not None and match.clock_due_at <= now:
            raise MatchError("The turn clock has run out: nothing can be taken back now.")
        before = await asyncio.to_thread(self._replayed, match, log[:-1])
        if not engine.can_take_back(before, match.state, len(match.seats)):
            raise MatchError(
                "That decision can't be taken back: it drew a card or piece, rolled a die, or showed "
                "something hidden."
            )
        return log[-1][1]

    def _replayed(self, match: Match, log: list[tuple[int, str]]):
        engine = self.kit(match).engine
        return replay_actions(engine, len(match.seats), match.seed, match.options, log)

    async def _carry_out(self, match: Match) -> Match:
        if match.request["kind"] == "draw":
            return await self._end(match, "finished", DRAW_REASON)
        log = await self.repository.action_log(match.id)
        match.state = await asyncio.to_thread(self._replayed, match, log[:-1])
        now, stamp = self._now()
        deadlines = self._deadlines(match, now)
        if not await self.repository.take_back(
            match.id,
            version=match.version,
            state=match.state.to_json(),
            to_move=match.state.to_move,
            deadlines=deadlines,
            stamp=stamp,
        ):
            raise StaleClick.raced()
        match.version += 1
        match.request = None
        self._noted(match, deadlines)
        return match
