"""Take-backs and draws the players agree on: the open request, and the decision taken back."""

from __future__ import annotations

import json
from collections.abc import Sequence

from ..model import Deadlines
from .base import Store


def _json_or_none(value: dict | None) -> str | None:
    return json.dumps(value) if value is not None else None


class Agreements(Store):
    async def save_request(
        self, match_id: int, *, version: int, request: dict | None, previous: dict | None
    ) -> bool:
        """Open, update or withdraw the match's request, if the match is still at `version` and its
        request is still `previous` (so answers arriving at once in several processes can't
        overwrite each other). A request doesn't move the version on: it lapses when play does."""
        changed = await self.db.execute(
            "UPDATE matches SET request_json = ?"
            " WHERE id = ? AND version = ? AND status = 'active' AND request_json IS NOT DISTINCT FROM ?",
            (_json_or_none(request), match_id, version, _json_or_none(previous)),
        )
        return changed == 1

    async def take_back(
        self,
        match_id: int,
        *,
        version: int,
        state: dict,
        to_move: Sequence[int],
        deadlines: Deadlines,
        stamp: str,
    ) -> bool:
        """The last action leaves the log for the take-backs (the record notes it) and the match
        returns to `state`, in one transaction, if it is still at `version`."""
        async with self.db.transaction(match_id) as conn:
            cursor = await conn.execute(
                "UPDATE matches SET state_json = ?, to_move = ?, version = version + 1, updated_at = ?, request_json = NULL,"
                " reminder_due_at = ?, clock_due_at = ?, computer_due_at = ?"
                " WHERE id = ? AND version = ? AND status = 'active' AND vacancy_json IS NULL",
                (json.dumps(state), json.dumps(list(to_move)), stamp, *deadlines, match_id, version),
            )
            if cursor.rowcount != 1:
                return False
            async with conn.execute(
                "SELECT ply, seat, action FROM actions WHERE match_id = ? ORDER BY ply DESC LIMIT 1",
                (match_id,),
            ) as cursor:
                last = await cursor.fetchone()
            await conn.execute(
                "INSERT INTO takebacks (match_id, ply, seat, action, created_at) VALUES (?, ?, ?, ?, ?)",
                (match_id, last["ply"], last["seat"], last["action"], stamp),
            )
            await conn.execute("DELETE FROM actions WHERE match_id = ? AND ply = ?", (match_id, last["ply"]))
        return True

    async def takebacks_of(self, match_id: int) -> list[tuple[int, int, str]]:
        """(ply, seat, action) of every decision taken back in the match, in order."""
        rows = await self.db.fetchall(
            "SELECT ply, seat, action FROM takebacks WHERE match_id = ? ORDER BY created_at, ply", (match_id,)
        )
        return [(row["ply"], row["seat"], row["action"]) for row in rows]
