"""Computer players' moves and hints, decided in the match service.

A mixin of `bot.service.MatchService` (repository, clock, locks, `think`, `load`, `load_for`,
`_check_turn`, `_apply`)."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from tutor import LESSONS

from .errors import MatchError, StaleClick
from .model import ActionResult, Match

log = logging.getLogger(__name__)

# (game id, state JSON, seat, level, seed) -> action notation: a computer player's decision, made
# away from the event loop (see bot/thinking.py).
Thinker = Callable[[str, dict, int, str, int], Awaitable[str]]
HINT_LEVEL = "normal"


def decision_seed(match_id: int, version: int, seat: int, purpose: str = "move") -> int:
    """The seed of one computer decision: fixed for the match, version and seat, so a decision
    replays, and unrelated to the match's own seed, which stays secret."""
    digest = hashlib.sha256(f"{purpose}:{match_id}:{version}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass
class Hint:
    seat: int
    action: str


class ComputerTurns:
    async def computer_turns(self) -> tuple[list[int], float | None]:
        """Matches whose computer player's turn is due now, and when the next later one is due."""
        now, _ = self._now()
        return await self.repository.computer_turns(now)

    async def play_computer(self, match_id: int) -> ActionResult | None:
        """Make the due move of a computer player in the match; None if none is due any more."""
        async with self._locks[match_id]:
            match = await self.load(match_id)
            now, _ = self._now()
            seats = match.computers_to_move()
            if not seats or match.computer_due_at is None or match.computer_due_at > now:
                return None
            if not await self.repository.claim_computer_turn(match_id, now, now + self.lease_seconds):
                return None  # another process is playing this turn
            seat = seats[0]
            level = match.seats[seat].computer
            try:
                action = await self._decide(match, seat, level, self._computer_seed(match, seat))
                return await self._apply(match, seat, action)
            except StaleClick:
                return None  # another process played this turn: its claim outlived ours
            except Exception:  # a computer player must never stall a match: play its first legal move
                log.exception(
                    "The computer player of match %s failed; playing a legal move instead", match.id
                )
                match = await self.load(match_id)
                return await self._apply(match, seat, str(match.state.legal_actions(seat)[0]))

    @staticmethod
    def _computer_seed(match: Match, seat: int) -> int:
        """A computer player's decision seed; in a tutorial the lesson's, so that every learner who
        follows the steps meets the same moves (a tutorial's version is 1 + the moves made)."""
        if match.purpose == "tutorial":
            return LESSONS[match.game_id].opponent_seed(match.version - 1, seat)
        return decision_seed(match.id, match.version, seat)

    async def _decide(self, match: Match, seat: int, level: str, seed: int) -> str:
        if self.think is None:
            raise MatchError("Computer players are not available on this bot.")
        return await self.think(match.game_id, match.state.to_json(), seat, level, seed)

    async def hint(self, match_id: int, user_id: int, version: int, guild_id: int | None = None) -> Hint:
        """A suggested move for the user's turn, if the match allows hints; noted in the record."""
        match = await self.load_for(match_id, guild_id)
        if not match.hints_allowed:
            raise MatchError("Hints are off in this match (they're chosen when the match is started).")
        seat = self._check_turn(match, user_id, version)
        action = await self._decide(
            match, seat, HINT_LEVEL, decision_seed(match.id, match.version, seat, "hint")
        )
        _, stamp = self._now()
        await self.repository.save_hint(match.id, seat=seat, suggestion=action, stamp=stamp)
        return Hint(seat, action)

    async def hints_of(self, match_id: int) -> list[tuple[int, int, str]]:
        return await self.repository.hints_of(match_id)
