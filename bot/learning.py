"""Learning decisions of the match service: `/learn`'s tutorial matches and their steps, the review
of an ended match, and practice matches played on from one of its moments.

A mixin of `bot.service.MatchService`, which provides the repository, `start_guided` (a match of one
person against computer players, started at once), `ended_match` and `work` (where pure, slow
functions run: the computer players' worker processes)."""

from __future__ import annotations

from dataclasses import dataclass

from games import State, replay_actions
from games.core import N_
from tutor import LESSONS, Step, step_for
from tutor.review import Swing, swings

from .errors import MatchError
from .model import Match

REVIEW_LATER = N_("Match #{number} is still going on: review it once it has ended.")
PRACTICE_LEVEL = "normal"  # the computer players of a practice match played on from a review


@dataclass(frozen=True)
class ReviewedMoment:
    swing: Swing
    state: State  # the position before the move (everything is public once the match has ended)


class LearningDecisions:
    async def learn(
        self, game_id: str, *, guild_id: int | None, channel_id: int, person: tuple[int, str]
    ) -> Match:
        """Start the game's tutorial for `person`: its lesson's seed and setup, against the computer."""
        lesson = LESSONS[game_id]
        return await self.start_guided(
            game_id,
            purpose="tutorial",
            guild_id=guild_id,
            channel_id=channel_id,
            person=person,
            seat=lesson.learner,
            players=lesson.players,
            level=lesson.opponents,
            seed=lesson.seed,
            options=dict(lesson.options),
        )

    async def tutorial_step(self, match: Match) -> Step | None:
        """The learner's step in a tutorial match now: their next suggested move with the rules it
        introduces, or, once it has been played to its end, the closing step; else None."""
        if match.purpose != "tutorial" or match.state is None:
            return None
        if match.status != "active" and match.end_reason != "completed":
            return None
        log = await self.repository.action_log(match.id)
        return await self.work(step_for, match.game_id, log)

    async def review(self, match_id: int, guild_id: int | None) -> tuple[Match, list[ReviewedMoment]]:
        """The three moments of an ended match where the computer's evaluation swung most, at the
        decisions of the people who played it (of every seat if computers played it alone)."""
        match = await self.ended_match(match_id, guild_id, still_going=REVIEW_LATER)
        log = await self.repository.action_log(match.id)
        key = (match.id, len(log))
        if key not in self._reviews:  # an ended match no longer changes: judge it once
            people = tuple(seat.seat for seat in match.seats if seat.user_id or seat.left_user_id)
            seats = people or tuple(range(len(match.seats)))
            self._reviews[key] = await self.work(
                swings, match.game_id, len(match.seats), match.seed, match.options, log, seats
            )
        engine = self.kit(match).engine
        moments = [
            ReviewedMoment(
                swing, replay_actions(engine, len(match.seats), match.seed, match.options, log[: swing.ply])
            )
            for swing in self._reviews[key]
        ]
        return match, moments

    async def play_on(
        self, match_id: int, ply_text: str, person: tuple[int, str], *, guild_id: int | None, channel_id: int
    ) -> Match:
        """An unrated practice match against the computer from the position before move `ply_text`
        of an ended match: the person takes their own seat, or, if they didn't play in it, the seat
        that chose there."""
        match = await self.ended_match(match_id, guild_id, still_going=REVIEW_LATER)
        log = await self.repository.action_log(match.id)
        if not ply_text.isdigit() or not 0 <= int(ply_text) < len(log):
            raise MatchError("That moment isn't in match #{number}.", number=match.id)
        ply = int(ply_text)
        seat = match.seat_of(person[0])
        if seat is None:
            seat = match.seat_left_by(person[0])
        return await self.start_guided(
            match.game_id,
            purpose="practice",
            guild_id=guild_id,
            channel_id=channel_id,
            person=person,
            seat=log[ply][0] if seat is None else seat,
            players=len(match.seats),
            level=PRACTICE_LEVEL,
            seed=match.seed,
            options=match.options,
            opening=log[:ply],
            source_match_id=match.id,
        )
