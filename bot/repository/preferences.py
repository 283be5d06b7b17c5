"""Each player's preferences: how they hear their turn began, their language and how they see boards."""

from __future__ import annotations

from ..model import NotifyPreference
from .base import Store


class Preferences(Store):
    async def notify_preferences(self, user_ids: list[int]) -> dict[int, NotifyPreference]:
        """Each user's choice; users who never chose get the default."""
        marks = ", ".join("?" for _ in user_ids)
        rows = await self.db.fetchall(
            f"SELECT user_id, notify_when, notify_by FROM notify_preferences WHERE user_id IN ({marks})",
            tuple(user_ids),
        )
        chosen = {row["user_id"]: NotifyPreference(row["notify_when"], row["notify_by"]) for row in rows}
        return {user_id: chosen.get(user_id, NotifyPreference()) for user_id in user_ids}

    async def set_notify_preference(self, user_id: int, preference: NotifyPreference) -> None:
        await self.db.execute(
            "INSERT INTO notify_preferences (user_id, notify_when, notify_by) VALUES (?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET notify_when = excluded.notify_when, notify_by = excluded.notify_by",
            (user_id, preference.when, preference.by),
        )

    async def language_of(self, user_id: int) -> str | None:
        """The language the user chose with /language; None: they follow Discord's."""
        row = await self.db.fetchone("SELECT language FROM player_languages WHERE user_id = ?", (user_id,))
        return row["language"] if row else None

    async def set_language(self, user_id: int, language: str | None) -> None:
        if language is None:
            await self.db.execute("DELETE FROM player_languages WHERE user_id = ?", (user_id,))
            return
        await self.db.execute(
            "INSERT INTO player_languages (user_id, language) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
            (user_id, language),
        )

    async def board_style(self, user_id: int) -> str:
        row = await self.db.fetchone("SELECT style FROM board_styles WHERE user_id = ?", (user_id,))
        return row["style"] if row else "picture"

    async def set_board_style(self, user_id: int, style: str) -> None:
        if style == "picture":
            await self.db.execute("DELETE FROM board_styles WHERE user_id = ?", (user_id,))
            return
        await self.db.execute(
            "INSERT INTO board_styles (user_id, style) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET style = excluded.style",
            (user_id, style),
        )
