"""A server's settings (/config), and the slash commands last synced with Discord."""

from __future__ import annotations

import json
from collections.abc import Callable

from ..model import GuildSettings
from .base import Store, from_row


def _settings_from_row(guild_id: int | None, row) -> GuildSettings:
    if row is None or row["guild_id"] is None:
        return GuildSettings(guild_id or 0)
    channels = json.loads(row["play_channels"]) if row["play_channels"] else None
    return from_row(GuildSettings, row, use_threads=bool(row["use_threads"]), play_channels=channels)


class ServerSettings(Store):
    async def synced_commands(self) -> str | None:
        """The fingerprint of the slash commands last synced with Discord; None: never synced."""
        row = await self.db.fetchone("SELECT fingerprint FROM command_sync WHERE id = 1")
        return row["fingerprint"] if row else None

    async def set_synced_commands(self, fingerprint: str) -> None:
        await self.db.execute(
            "INSERT INTO command_sync (id, fingerprint) VALUES (1, ?)"
            " ON CONFLICT (id) DO UPDATE SET fingerprint = excluded.fingerprint",
            (fingerprint,),
        )

    async def settings_for(self, guild_id: int | None) -> GuildSettings:
        row = await self.db.fetchone("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return _settings_from_row(guild_id, row)

    async def update_settings(self, guild_id: int, change: Callable[[GuildSettings], dict]) -> GuildSettings:
        """Read, merge `change(current)` and write in one transaction, so two /config calls at once
        both count (and a change relative to the current settings sees the latest)."""
        async with self.db.transaction() as conn:
            async with conn.execute("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,)) as cursor:
                current = _settings_from_row(guild_id, await cursor.fetchone())
            updated = GuildSettings(**{**current.__dict__, **change(current), "guild_id": guild_id})
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, reminder_hours, clock_hours, use_threads,"
                " play_channels, max_open_lobbies, max_active_per_member, max_active_per_guild, open_invite_minutes,"
                " away_minutes, language, league_role_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
                " reminder_hours = excluded.reminder_hours, clock_hours = excluded.clock_hours,"
                " use_threads = excluded.use_threads, play_channels = excluded.play_channels,"
                " max_open_lobbies = excluded.max_open_lobbies, max_active_per_member = excluded.max_active_per_member,"
                " max_active_per_guild = excluded.max_active_per_guild,"
                " open_invite_minutes = excluded.open_invite_minutes, away_minutes = excluded.away_minutes,"
                " language = excluded.language, league_role_id = excluded.league_role_id",
                (
                    guild_id,
                    updated.reminder_hours,
                    updated.clock_hours,
                    int(updated.use_threads),
                    json.dumps(updated.play_channels) if updated.play_channels else None,
                    updated.max_open_lobbies,
                    updated.max_active_per_member,
                    updated.max_active_per_guild,
                    updated.open_invite_minutes,
                    updated.away_minutes,
                    updated.language,
                    updated.league_role_id,
                ),
            )
        return updated
