"""Servers' settings (/config) and players' preferences (/notify, /language, /board), in the match
service: checked here, kept by the repository.

A mixin of `bot.service.MatchService` (repository, `now`)."""

from __future__ import annotations

from collections.abc import Callable

from catalogue import catalogues, language, tr

from .errors import MatchError
from .model import (
    BOARD_STYLES,
    NOTIFY_BY,
    NOTIFY_WHEN,
    SETTING_LIMITS,
    SETTING_NAMES,
    GuildSettings,
    Match,
    NotifyPreference,
    Seat,
)


class Preferences:
    async def settings_for(self, guild_id: int | None) -> GuildSettings:
        return await self.repository.settings_for(guild_id)

    async def check_play_channel(self, guild_id: int | None, channel_id: int) -> None:
        """Matches (and tutorials, and practice) start only in the channels the server allows."""
        allowed = (await self.settings_for(guild_id)).play_channels
        if allowed and channel_id not in allowed:
            where = ", ".join(f"<#{channel}>" for channel in allowed)
            raise MatchError("Matches start in {channels} on this server.", channels=where)

    async def server_language(self, guild_id: int, discord_locale: object) -> str:
        """The language of a server's public posts: the one chosen with /config, else Discord's
        server primary language (`discord_locale`)."""
        return (await self.settings_for(guild_id)).public_language(discord_locale)

    async def update_settings(
        self, guild_id: int, change: Callable[[GuildSettings], dict] | None = None, **changes
    ) -> GuildSettings:
        """Change some settings (`changes`, or `change(current)` for ones relative to the current
        settings); a value out of range is refused with its allowed range."""

        def merged(current: GuildSettings) -> dict:
            values = {**changes, **(change(current) if change else {})}
            if values.get("language") not in (None, *catalogues()):
                raise MatchError("Choose one of: {choices}.", choices=", ".join(sorted(catalogues())))
            for name, value in values.items():
                if value is not None and name in SETTING_LIMITS:
                    low, high = SETTING_LIMITS[name]
                    if not low <= value <= high:
                        raise MatchError(
                            "{setting} must be between {low:g} and {high:g}.",
                            setting=tr(SETTING_NAMES[name]),
                            low=low,
                            high=high,
                        )
            return values

        return await self.repository.update_settings(guild_id, merged)

    async def notify_preference(self, user_id: int) -> NotifyPreference:
        return (await self.repository.notify_preferences([user_id]))[user_id]

    async def turn_notices(self, match: Match, seats: list[int]) -> list[tuple[Seat, str]]:
        """Who among `seats` (whose turn just began) is told so, and how ("mention" or "dm"): as
        each chose with /notify; by default only those who have been away (not acted for the
        server's `away_minutes`)."""
        people = [match.seats[seat] for seat in seats if match.seats[seat].is_person]
        if match.status != "active" or not people:
            return []
        preferences = await self.repository.notify_preferences([player.user_id for player in people])
        now = self.now()
        away_after = match.settings.away_minutes * 60
        told = []
        for player in people:
            preference = preferences[player.user_id]
            away = player.last_seen_at is None or now - player.last_seen_at >= away_after
            if preference.when == "every" or (preference.when == "away" and away):
                told.append((player, preference.by))
        return told

    async def language_for(self, user_id: int, locale: object) -> str:
        """The language to answer a user in: the one they chose with /language, else their
        Discord client's (`locale`, from their interaction), else English."""
        return await self.repository.language_of(user_id) or language(locale)

    async def set_language(self, user_id: int, chosen: str | None) -> None:
        """Keep `chosen` (a shipped language) for the user; None: follow Discord's language."""
        if chosen is not None and chosen not in catalogues():
            raise MatchError("Choose one of: {choices}.", choices=", ".join(sorted(catalogues())))
        await self.repository.set_language(user_id, chosen)

    async def board_style(self, user_id: int) -> str:
        """How the user sees positions in what the bot sends them: "picture", "words" or "both"."""
        return await self.repository.board_style(user_id)

    async def set_board_style(self, user_id: int, style: str) -> None:
        if style not in BOARD_STYLES:
            raise MatchError("Choose one of: {choices}.", choices=", ".join(BOARD_STYLES))
        await self.repository.set_board_style(user_id, style)

    async def set_notify_preference(self, user_id: int, when: str, by: str) -> NotifyPreference:
        if when not in NOTIFY_WHEN or by not in NOTIFY_BY:
            raise MatchError(
                "Choose when from {whens} and how from {hows}.",
                whens=", ".join(NOTIFY_WHEN),
                hows=", ".join(NOTIFY_BY),
            )
        preference = NotifyPreference(when, by)
        await self.repository.set_notify_preference(user_id, preference)
        return preference
