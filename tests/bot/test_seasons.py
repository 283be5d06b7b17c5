"""Seasons in the data layer, on SQLite and PostgreSQL: one running per server, its table counted
in the transaction that ends a match (matches, wins, `league.match_points`), only while it runs,
and each game's top three kept as badges when it ends; ending and posting claimed once."""

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from bot.errors import MatchError
from bot.model import MatchResult
from bot.seasons import WEEK_SECONDS
from bot.storage import open_database
from tests.bot.test_standings import ALICE, BOB, CAROL, DAN, play_to_the_end, started
from tests.helpers import service_on


class Clock:
    def __init__(self):
        self.now = datetime(2026, 3, 1, tzinfo=UTC)

    def __call__(self):
        return self.now


async def resigned(service, game, players, loser, guild_id=1):
    match_id = await started(service, game, players, guild_id)
    await service.resign(match_id, loser[0])
    return match_id


ADMIN = {"manages_server": True, "role_ids": []}


def table_of(tables, game):
    return [(entry.user_id, entry.matches, entry.wins, pytest.approx(entry.points)) for entry in tables[game]]


async def test_a_season_counts_its_matches_and_keeps_each_games_top_three(any_database_url):
    db = await open_database(any_database_url)
    clock = Clock()
    service = service_on(db, clock=clock)
    try:
        await resigned(service, "senet", [ALICE, BOB], ALICE)  # before the season: not counted
        season = await service.start_season(1, 5, "Spring", 2, **ADMIN)
        assert (season.number, season.title, season.ends_at) == (
            1,
            "Spring",
            clock.now.timestamp() + 2 * WEEK_SECONDS,
        )
        with pytest.raises(MatchError, match="Spring is still running"):
            await service.start_season(1, 5, None, None, **ADMIN)
        other = await service.start_season(9, 6, None, None, **ADMIN)  # another server has its own
        assert other.title == "Season 1"

        await resigned(service, "senet", [ALICE, BOB], BOB)
        await resigned(service, "senet", [CAROL, BOB], CAROL)
        await resigned(service, "senet", [ALICE, DAN], DAN, guild_id=9)  # the other server's season
        trickery = await started(service, "trickery", [CAROL, ALICE, DAN])
        await play_to_the_end(service, trickery, 2)
        points = MatchResult.of(await service.load(trickery)).finished.points()
        assert sorted(points.values()) in ([0, 0.5, 1], [0, 0.75, 0.75], [0.25, 0.25, 1], [0.5, 0.5, 0.5])

        tables = await service.season_tables(season)
        assert list(tables) == ["senet", "trickery"]
        # equal points and wins: fewer matches first
        assert table_of(tables, "senet") == [(ALICE[0], 1, 1, 1), (BOB[0], 2, 1, 1), (CAROL[0], 1, 0, 0)]
        assert {entry.user_id: entry.points for entry in tables["trickery"]} == pytest.approx(points)
        assert list(await service.season_tables(season, "trickery")) == ["trickery"]
        assert (await service.season_tables(other))["senet"][0].user_id == ALICE[0]

        clock.now += timedelta(weeks=2)
        await resigned(service, "mars", [ALICE, BOB], BOB)  # after its end time: not in the season
        [closed] = await service.seasons_to_close()
        assert closed.id == season.id and closed.ended_at == season.ends_at
        assert await service.seasons_to_close() == []  # claimed: no other process takes it too
        assert "mars" not in await service.season_tables(season)
        badges = await service.badges_of(1, ALICE[0])
        assert [(b.season.title, b.game_id, b.place) for b in badges] == [("Spring", "senet", 1)] + [
            ("Spring", "trickery", place)
            for place in [
                place
                for place, entry in enumerate(tables["trickery"], 1)
                if entry.user_id == ALICE[0] and place <= 3
            ]
        ]
        assert badges[0].text("Martian Senet") == "🥇 Spring · Martian Senet"
        assert await service.badges_of(9, CAROL[0]) == []

        clock.now += timedelta(seconds=service.lease_seconds + 1)  # the poster died: another takes over
        [owed] = await service.seasons_to_close()
        await service.final_table_posted(owed)
        clock.now += timedelta(seconds=service.lease_seconds + 1)
        assert await service.seasons_to_close() == []

        with pytest.raises(MatchError, match="No season is running"):
            await service.end_season(1, **ADMIN)
        assert (await service.start_season(1, 5, None, 1, **ADMIN)).title == "Season 2"
        ended, mine_to_post = await service.end_season(1, **ADMIN)
        assert ended.title == "Season 2" and ended.ended_at == clock.now.timestamp() and mine_to_post
        assert await service.seasons_to_close() == []  # its poster holds the claim
        assert (await service.season_to_show(1)).title == "Season 2"
        with pytest.raises(MatchError, match="no season yet"):
            await service.season_to_show(77)
        with pytest.raises(MatchError, match="1 to 52 weeks"):
            await service.start_season(1, 5, None, 60, **ADMIN)
    finally:
        await db.close()


async def test_matches_ending_at_once_in_several_processes_all_count_in_the_season(postgresql_url):
    """Three processes end 24 matches between the same two players at the same moment: each adds
    to the season's lines in its own transaction, and none overwrites another."""
    db = await open_database(postgresql_url)
    clock = Clock()
    service = service_on(db, clock=clock)
    await service.repository.update_settings(1, lambda _: {"max_active_per_member": 50})
    season = await service.start_season(1, 5, None, None, **ADMIN)
    match_ids = [await started(service, "senet", [ALICE, BOB]) for _ in range(24)]
    processes = [service_on(await open_database(postgresql_url), clock=clock) for _ in range(3)]
    try:
        await asyncio.gather(
            *(processes[i % 3].resign(match_id, ALICE[0]) for i, match_id in enumerate(match_ids))
        )
        tables = await service.season_tables(season)
        assert table_of(tables, "senet") == [(BOB[0], 24, 24, 24), (ALICE[0], 24, 0, 0)]
    finally:
        for process in processes:
            await process.repository.close()
        await db.close()


async def test_only_managers_and_the_league_role_may_start_or_end_a_season(database_url):
    db = await open_database(database_url)
    service = service_on(db, clock=Clock())
    try:
        refused = "Only members with Manage Server or this server's league role"
        with pytest.raises(MatchError, match=refused):
            await service.start_season(1, 5, None, None, manages_server=False, role_ids=[77])
        await service.repository.update_settings(1, lambda settings: {"league_role_id": 77})
        with pytest.raises(MatchError, match=refused):
            await service.start_season(1, 5, None, None, manages_server=False, role_ids=[78])
        season = await service.start_season(1, 5, None, None, manages_server=False, role_ids=[78, 77])
        with pytest.raises(MatchError, match=refused):
            await service.end_season(1, manages_server=False, role_ids=[])
        assert (await service.repository.running_season(1)).id == season.id  # still running
        ended, _ = await service.end_season(1, manages_server=False, role_ids=[77])
        assert ended.ended_at is not None
    finally:
        await db.close()
