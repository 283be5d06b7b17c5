"""Seasons, in the match service: a server's standings over a stretch of weeks, one season running
at a time. Its matches count in it as they end (the repository adds them in the transaction that
ends the match); ratings go on across seasons. When it ends, by its end time or `/season end`,
each game's top three keep a badge and its final table is owed to the channel it started in,
claimed by one process of several (the lease on timed work).

A mixin of `bot.service.MatchService` (repository, `_now`, `lease_seconds`)."""

from __future__ import annotations

from dataclasses import dataclass

from catalogue import tr

from .errors import MatchError

WEEK_SECONDS = 7 * 24 * 3600
MAX_WEEKS = 52
NAME_LENGTH = 60
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}


@dataclass(frozen=True)
class Season:
    id: int
    guild_id: int
    number: int  # the server's first season is 1
    name: str | None  # as given; None: "Season <number>"
    channel_id: int  # where it started; its final table goes there
    started_at: float
    ends_at: float | None  # when it ends by itself; None: only by /season end
    ended_at: float | None = None

    @property
    def title(self) -> str:
        return self.name or tr("Season {number}", number=self.number)


@dataclass(frozen=True)
class SeasonEntry:
    """One player's line in a season's table of a game; the table orders by points, then wins,
    then fewer matches."""

    user_id: int
    display_name: str | None
    matches: int
    wins: int
    points: float


@dataclass(frozen=True)
class Badge:
    season: Season
    game_id: str
    place: int  # 1, 2 or 3

    def text(self, game_title: str) -> str:
        return f"{MEDALS[self.place]} {self.season.title} · {game_title}"


class SeasonDecisions:
    async def check_may_organise_seasons(
        self, guild_id: int, *, manages_server: bool, role_ids: list[int]
    ) -> None:
        settings = await self.repository.settings_for(guild_id)
        if not settings.may_organise(manages_server=manages_server, role_ids=role_ids):
            raise MatchError(
                "Only members with Manage Server or this server's league role can start or end a season."
            )

    async def start_season(
        self,
        guild_id: int,
        channel_id: int,
        name: str | None,
        weeks: int | None,
        *,
        manages_server: bool,
        role_ids: list[int],
    ) -> Season:
        """Start the server's next season, refused while one runs (and to members who may not)."""
        await self.check_may_organise_seasons(guild_id, manages_server=manages_server, role_ids=role_ids)
        if weeks is not None and not 1 <= weeks <= MAX_WEEKS:
            raise MatchError("A season lasts 1 to {most} weeks.", most=MAX_WEEKS)
        name = (name or "").strip()[:NAME_LENGTH] or None
        now, _ = self._now()
        ends_at = now + weeks * WEEK_SECONDS if weeks else None
        season = await self.repository.start_season(guild_id, channel_id, name, now, ends_at)
        if season is None:
            running = await self.repository.running_season(guild_id)
            raise MatchError(
                "{season} is still running here: end it with /season end first.",
                season=running.title if running else "",
            )
        return season

    async def end_season(
        self, guild_id: int, *, manages_server: bool, role_ids: list[int]
    ) -> tuple[Season, bool]:
        """End the server's running season now. Its final table is then owed: True if this process
        claimed posting it (else a sweep that got there first posts it)."""
        await self.check_may_organise_seasons(guild_id, manages_server=manages_server, role_ids=role_ids)
        running = await self.repository.running_season(guild_id)
        now, _ = self._now()
        if running is None or not await self.repository.end_season(running.id, now):
            raise MatchError("No season is running in this server.")
        claimed = await self.repository.claim_season_table(running.id, now, now + self.lease_seconds)
        return await self.repository.season(running.id), claimed

    async def seasons_to_close(self) -> list[Season]:
        """Seasons whose end time passed (ended now, at that time) and ended seasons whose final
        table is still owed, each claimed for this process to post."""
        now, _ = self._now()
        closing = []
        for season_id in await self.repository.seasons_due(now):
            if await self.repository.claim_season_table(season_id, now, now + self.lease_seconds):
                season = await self.repository.season(season_id)
                if season.ended_at is None:
                    await self.repository.end_season(season_id, season.ends_at)
                closing.append(await self.repository.season(season_id))
        return closing

    async def final_table_posted(self, season: Season) -> None:
        await self.repository.season_table_posted(season.id)

    async def season_tables(self, season: Season, game_id: str | None = None) -> dict[str, list[SeasonEntry]]:
        """Each game's table of the season (or only `game_id`'s), games in name order."""
        return await self.repository.season_tables(season.id, game_id)

    async def season_to_show(self, guild_id: int) -> Season:
        """The running season, else the one that ended last."""
        season = await self.repository.running_season(guild_id) or await self.repository.latest_season(
            guild_id
        )
        if season is None:
            raise MatchError("This server has had no season yet.")
        return season

    async def badges_of(self, guild_id: int, user_id: int) -> list[Badge]:
        """The player's top-three places in this server's ended seasons, latest season first."""
        return await self.repository.badges_of(guild_id, user_id)
