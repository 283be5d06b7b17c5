"""What falls due on a turn, claimed by one process of several: computer players' moves, reminders
and turn clocks; and the hints asked for on a turn."""

from __future__ import annotations

from .base import NEXT_PLY, Store


class Turns(Store):
    async def computer_turns(self, now: float) -> tuple[list[int], float | None]:
        """The matches whose computer turn is due, and when the next later one is. A match whose
        first board isn't posted yet waits for it: people see the start before any move."""
        rows = await self.db.fetchall(
            "SELECT id, computer_due_at FROM matches WHERE status = 'active' AND computer_due_at IS NOT NULL"
            " AND board_message_id IS NOT NULL ORDER BY computer_due_at, id"
        )
        due = [row["id"] for row in rows if row["computer_due_at"] <= now]
        later = [row["computer_due_at"] for row in rows if row["computer_due_at"] > now]
        return due, (later[0] if later else None)

    async def save_hint(self, match_id: int, *, seat: int, suggestion: str, stamp: str) -> None:
        """A hint asked for before the match's next action."""
        await self.db.execute(
            f"INSERT INTO hints (match_id, ply, seat, suggestion, created_at) VALUES (?, {NEXT_PLY}, ?, ?, ?)",
            (match_id, match_id, seat, suggestion, stamp),
        )

    async def hints_of(self, match_id: int) -> list[tuple[int, int, str]]:
        """(ply, seat, suggestion) of every hint asked for in the match, in order."""
        rows = await self.db.fetchall(
            "SELECT ply, seat, suggestion FROM hints WHERE match_id = ? ORDER BY ply, created_at, seat",
            (match_id,),
        )
        return [(row["ply"], row["seat"], row["suggestion"]) for row in rows]

    async def due_reminders(self, now: float) -> list[int]:
        rows = await self.db.fetchall(
            "SELECT id FROM matches WHERE status = 'active' AND reminder_due_at <= ?", (now,)
        )
        return [row["id"] for row in rows]

    async def take_reminder(self, match_id: int, now: float, lease_until: float) -> bool:
        """Claim a due reminder until `lease_until` (another process takes it over only after that,
        if this one never marks it sent); False if it was already claimed or is no longer due."""
        changed = await self.db.execute(
            "UPDATE matches SET reminder_due_at = ? WHERE id = ? AND reminder_due_at <= ?",
            (lease_until, match_id, now),
        )
        return changed == 1

    async def reminder_sent(self, match_id: int, lease_until: float) -> None:
        """The claimed reminder went out: no other is due this turn (unless the turn moved on)."""
        await self.db.execute(
            "UPDATE matches SET reminder_due_at = NULL WHERE id = ? AND reminder_due_at = ?",
            (match_id, lease_until),
        )

    async def claim_computer_turn(self, match_id: int, now: float, lease_until: float) -> bool:
        """Claim a due computer turn until `lease_until`: one process thinks and moves; if it dies,
        another takes the turn over once the lease is out. False if taken or not due."""
        changed = await self.db.execute(
            "UPDATE matches SET computer_due_at = ? WHERE id = ? AND computer_due_at <= ?",
            (lease_until, match_id, now),
        )
        return changed == 1

    async def overdue_clocks(self, now: float) -> list[int]:
        rows = await self.db.fetchall(
            "SELECT id FROM matches WHERE status = 'active' AND clock_due_at <= ?", (now,)
        )
        return [row["id"] for row in rows]
