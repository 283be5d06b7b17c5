"""Seats changing hands during a match: a seat left empty, the others' votes on it, and a computer
player taking it over."""

from __future__ import annotations

import json

from ..model import Deadlines
from .base import Store
from .tournaments import withdraw_entrant


class SeatChanges(Store):
    async def open_vacancy(
        self, match_id: int, *, version: int, vacancy: dict, due: float, stamp: str
    ) -> bool:
        """A player left a match the others may go on with: the seat is marked as left and play
        pauses (no deadlines) until they decide, if the match is still at `version`."""
        async with self.db.transaction(match_id) as conn:
            cursor = await conn.execute(
                "UPDATE matches SET version = version + 1, updated_at = ?, vacancy_json = ?, vacancy_due_at = ?,"
                " reminder_due_at = NULL, clock_due_at = NULL, computer_due_at = NULL"
                " WHERE id = ? AND version = ? AND status = 'active' AND vacancy_json IS NULL",
                (stamp, json.dumps(vacancy), due, match_id, version),
            )
            if cursor.rowcount != 1:
                return False
            await conn.execute(
                "UPDATE seats SET resigned = 1 WHERE match_id = ? AND seat = ?", (match_id, vacancy["seat"])
            )
        return True

    async def record_vote(self, match_id: int, *, version: int, vacancy: dict) -> bool:
        """The votes so far on a vacancy; a vote doesn't move the match's version on."""
        changed = await self.db.execute(
            "UPDATE matches SET vacancy_json = ? WHERE id = ? AND version = ? AND vacancy_json IS NOT NULL",
            (json.dumps(vacancy), match_id, version),
        )
        return changed == 1

    async def substitute(
        self,
        match_id: int,
        *,
        version: int,
        seat: int,
        level: str,
        name: str,
        stamp: str,
        deadlines: Deadlines,
        withdrawn: tuple[int, int] | None = None,
    ) -> bool:
        """A computer player takes `seat` over (its person is kept as `left_user_id`, the seat
        counts as resigned for them) and play goes on, if the match is still at `version`.
        `withdrawn`: a tournament's no-show (tournament id, user id), out of its later rounds."""
        async with self.db.transaction(match_id) as conn:
            cursor = await conn.execute(
                "UPDATE matches SET version = version + 1, updated_at = ?, vacancy_json = NULL, vacancy_due_at = NULL,"
                " reminder_due_at = ?, clock_due_at = ?, computer_due_at = ?"
                " WHERE id = ? AND version = ? AND status = 'active'",
                (stamp, *deadlines, match_id, version),
            )
            if cursor.rowcount != 1:
                return False
            await conn.execute(
                "UPDATE seats SET left_user_id = COALESCE(left_user_id, user_id), user_id = NULL, computer = ?,"
                " display_name = ?, resigned = 1, prompt_message_id = NULL WHERE match_id = ? AND seat = ?",
                (level, name, match_id, seat),
            )
            await withdraw_entrant(conn, withdrawn)
        return True

    async def due_vacancies(self, now: float) -> list[int]:
        rows = await self.db.fetchall(
            "SELECT id FROM matches WHERE status = 'active' AND vacancy_due_at <= ?", (now,)
        )
        return [row["id"] for row in rows]
