"""Standings: every player's rating and results per server and game, kept up to date in the
transaction that ends a match, on SQLite and PostgreSQL. They must equal replaying the finished
matches in order (`bot.ratings.ratings`, checked by hand in test_ratings.py), however the matches
ended, after an upgrade from a database without them, and with matches ending at once in several
processes; /leaderboard and /stats read them through their indexes."""

import asyncio
import random
from datetime import UTC, datetime
from functools import partial

import asyncpg
import pytest

from benchmarks.scaling import random_click
from bot import postgres, storage
from bot.model import MatchResult
from bot.postgres import dollar_placeholders
from bot.ratings import player_stats, ratings
from bot.repository import Repository
from bot.storage import open_database
from tests.helpers import service_on

ALICE, BOB, CAROL, DAN = (11, "alice"), (22, "bob"), (33, "carol"), (44, "dan")
GAMES_PLAYED = ("senet", "mars", "trickery")


def now():
    return datetime.now(UTC)


async def started(service, game_id, players, guild_id=1):
    lobby = await service.create_lobby(game_id, guild_id=guild_id, channel_id=2, players=players)
    for user_id, _ in players[1:]:
        answer = await service.answer_invite(lobby.id, user_id, accept=True)
    assert answer.started
    return lobby.id


async def play_to_the_end(service, match_id, seed):
    chooser = random.Random(seed)
    while not (await service.load(match_id)).state.is_over:
        await random_click(service, [match_id], chooser)


async def finish_some_matches(service):
    """Matches that end every way a match can count: played out (2 and 3 players), resigned, and
    one in another server."""
    await play_to_the_end(service, await started(service, "senet", [ALICE, BOB]), 1)
    resigned = await started(service, "mars", [BOB, CAROL])
    await service.resign(resigned, BOB[0])
    await play_to_the_end(service, await started(service, "trickery", [CAROL, ALICE, DAN]), 2)
    await play_to_the_end(service, await started(service, "senet", [CAROL, ALICE]), 3)
    await play_to_the_end(service, await started(service, "senet", [ALICE, DAN], guild_id=9), 4)
    await started(service, "senet", [ALICE, BOB])  # still going: not counted


async def replayed(service, guild_id, game_id):
    """The ratings of a server's game worked out from scratch from its finished matches."""
    ids = await service.repository.db.fetchall(
        "SELECT id FROM matches WHERE guild_id = ? AND status = 'finished'", (guild_id,)
    )
    finished = [MatchResult.of(await service.load(row["id"])).finished for row in ids]
    return ratings(finished, game_id)


async def assert_standings_are_the_replay(service):
    for guild_id in (1, 9):
        for game_id in GAMES_PLAYED:
            expected = await replayed(service, guild_id, game_id)
            stored = [entry for _, entry in await service.leaderboard(guild_id, game_id, 100)]
            assert [e.user_id for e in stored] == [e.user_id for e in expected], (guild_id, game_id)
            for mine, theirs in zip(stored, expected, strict=True):
                assert (mine.mu, mine.sigma) == pytest.approx((theirs.mu, theirs.sigma), abs=1e-9)
                assert mine.rating == pytest.approx(theirs.rating, abs=1e-9)
                assert (mine.games, mine.wins, mine.draws, mine.with_computers, mine.first_finished_at) == (
                    theirs.games,
                    theirs.wins,
                    theirs.draws,
                    theirs.with_computers,
                    theirs.first_finished_at,
                )


async def test_standings_follow_every_finish_and_equal_the_replay(any_database_url):
    db = await open_database(any_database_url)
    service = service_on(db, clock=now)
    try:
        await finish_some_matches(service)
        await assert_standings_are_the_replay(service)
        board = await service.leaderboard(1, "senet", 100)
        assert {name for name, _ in board} == {"alice", "bob", "carol"}
        assert len(await service.leaderboard(1, "senet", 2)) == 2
        assert await service.leaderboard(1, "flood", 10) == []
        alice = player_stats(await service.standings_of(1, ALICE[0]))
        assert (alice["played"], list(alice["games"])) == (3, ["senet", "trickery"])
        assert alice["games"]["senet"]["played"] == 2
        assert player_stats(await service.standings_of(9, ALICE[0]))["played"] == 1
        mars = {entry.user_id: entry for _, entry in await service.leaderboard(1, "mars", 10)}
        assert (mars[CAROL[0]].wins, mars[BOB[0]].wins) == (1, 0)  # the one who resigned lost
    finally:
        await db.close()


async def test_matches_finished_before_the_standings_are_counted_once_at_start(any_database_url):
    """An upgraded database has finished matches and no standings: the first start counts them
    in finishing order; the next start counts nothing again."""
    db = await open_database(any_database_url)
    service = service_on(db, clock=now)
    await finish_some_matches(service)
    await db.execute("DELETE FROM standings")
    await db.execute("UPDATE matches SET rated = 0")
    await db.close()

    for _ in range(2):
        repository = await Repository.open(any_database_url, service.repository.engines)
        try:
            upgraded = service_on(repository.db, clock=now)
            await assert_standings_are_the_replay(upgraded)
            unrated = await repository.db.fetchone(
                "SELECT COUNT(*) FROM matches WHERE status = 'finished' AND rated = 0"
            )
            assert unrated[0] == 0
        finally:
            await repository.close()


async def test_matches_ending_at_once_in_several_processes_all_count(postgresql_url):
    """Three processes (each its own connection pool) end 24 matches between the same two players
    at the same moment: the rows are locked, so no result overwrites another."""
    db = await open_database(postgresql_url)
    service = service_on(db, clock=now)
    await service.repository.update_settings(1, lambda _: {"max_active_per_member": 50})
    match_ids = [await started(service, "senet", [ALICE, BOB]) for _ in range(24)]
    processes = [service_on(await open_database(postgresql_url), clock=now) for _ in range(3)]
    try:
        await asyncio.gather(
            *(processes[i % 3].resign(match_id, ALICE[0]) for i, match_id in enumerate(match_ids))
        )
        standing = {entry.user_id: entry for _, entry in await service.leaderboard(1, "senet", 10)}
        assert (standing[ALICE[0]].games, standing[BOB[0]].games, standing[BOB[0]].wins) == (24, 24, 24)
        expected = {entry.user_id: entry for entry in await replayed(service, 1, "senet")}
        for player in (ALICE[0], BOB[0]):  # every match moved the ratings: each update read the one before
            assert (standing[player].mu, standing[player].sigma) == pytest.approx(
                (expected[player].mu, expected[player].sigma), abs=1e-9
            )
    finally:
        for process in processes:
            await process.repository.close()
        await db.close()


def up_to_15(migrations):
    return [(number, sql) for number, sql in migrations() if number <= 15]


UNDO_0015 = (
    "DROP TABLE season_badges",
    "DROP TABLE season_standings",
    "DROP TABLE seasons",
    "ALTER TABLE standings DROP COLUMN mu",
    "ALTER TABLE standings DROP COLUMN sigma",
)


async def test_an_elo_database_is_converted_once_by_replaying_its_matches(any_database_url, monkeypatch):
    """A database as schema 14 left it: Elo standings, every finished match counted. Migration 15
    marks them uncounted, so the first start replays them through OpenSkill in finishing order;
    a second start replays nothing (a standing changed by hand after the first stays). Both starts
    stop at 15 (later migrations' columns are still there from the first open)."""
    db = await open_database(any_database_url)
    service = service_on(db, clock=now)
    await finish_some_matches(service)
    for statement in UNDO_0015:
        await db.execute(statement)
    await db.execute("UPDATE standings SET rating = 1000 + user_id")  # Elo numbers, as 0007 kept them
    assert (await db.fetchone("SELECT COUNT(*) FROM matches WHERE status = 'finished' AND rated = 0"))[0] == 0
    if any_database_url.startswith("sqlite"):
        await db.execute("PRAGMA user_version = 14")
    else:
        await db.execute("UPDATE schema_version SET version = 14")
    await db.close()

    for module in (storage, postgres):
        monkeypatch.setattr(module, "migrations", partial(up_to_15, module.migrations))
    repository = await Repository.open(any_database_url, service.repository.engines)
    try:
        assert await repository.db.schema_version() == 15
        upgraded = service_on(repository.db, clock=now)
        await assert_standings_are_the_replay(upgraded)
        assert all(entry.rating < 100 for _, entry in await upgraded.leaderboard(1, "senet", 10))
        unrated = await repository.db.fetchone(
            "SELECT COUNT(*) FROM matches WHERE status = 'finished' AND rated = 0"
        )
        assert unrated[0] == 0
        await repository.db.execute("UPDATE standings SET games = 99 WHERE user_id = ?", (ALICE[0],))
    finally:
        await repository.close()

    repository = await Repository.open(any_database_url, service.repository.engines)
    try:
        rows = await repository.db.fetchall("SELECT games FROM standings WHERE user_id = ?", (ALICE[0],))
        assert [row["games"] for row in rows] == [99] * len(rows) and rows, "the second start replayed"
    finally:
        await repository.close()


class RecordingDatabase:
    """Passes reads through and keeps the statements, to explain them afterwards."""

    def __init__(self, db):
        self.db, self.reads = db, []

    async def fetchall(self, sql, params=()):
        self.reads.append((sql, params))
        return await self.db.fetchall(sql, params)


async def test_leaderboard_and_stats_read_through_their_indexes(any_database_url):
    """With 20,000 standings in 100 servers, the statements /leaderboard and /stats make go
    straight to their rows by index, and the leaderboard needs no sorting."""
    db = await open_database(any_database_url)
    try:
        rows = [
            (
                guild,
                game,
                user,
                f"player {user}",
                1000 + (user * 37) % 400,
                user % 9 + 1,
                0,
                0,
                0,
                "2026-01-01",
            )
            for guild in range(100)
            for game in ("senet", "mars")
            for user in range(1, 101)
        ]
        async with db.transaction() as conn:
            await conn.executemany(
                "INSERT INTO standings (guild_id, game, user_id, display_name, rating, games, wins, draws,"
                " with_computers, first_finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )
        recording = RecordingDatabase(db)
        repository = Repository(recording, {})
        board = await repository.leaderboard(42, "senet", 10)
        assert [entry.rating for _, entry in board] == sorted(
            (entry.rating for _, entry in board), reverse=True
        )
        assert len(await repository.standings_of(42, 7)) == 2
        leaderboard_sql, stats_sql = recording.reads
        if any_database_url.startswith("sqlite"):
            plans = [
                " | ".join(row["detail"] for row in await db.fetchall(f"EXPLAIN QUERY PLAN {sql}", params))
                for sql, params in recording.reads
            ]
            assert "USING INDEX standings_by_rating" in plans[0] and "TEMP B-TREE" not in plans[0], plans[0]
            assert "USING INDEX standings_by_player" in plans[1], plans[1]
        else:
            connection = await asyncpg.connect(any_database_url)
            try:
                await connection.execute("ANALYZE standings")
                plans = [
                    "\n".join(
                        row[0]
                        for row in await connection.fetch(f"EXPLAIN {dollar_placeholders(sql)}", *params)
                    )
                    for sql, params in (leaderboard_sql, stats_sql)
                ]
            finally:
                await connection.close()
            assert "standings_by_rating" in plans[0] and "Sort" not in plans[0], plans[0]
            assert "standings_by_player" in plans[1] and "Seq Scan" not in plans[1], plans[1]
    finally:
        await db.close()
