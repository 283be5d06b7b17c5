"""Shared fixtures. SimCord tests build the real bot with `create_bot`, on a real SQLite file;
storage tests run on SQLite and on a real PostgreSQL server (TEST_POSTGRESQL_URL, which `.ci/run`
sets, or one started here for the session)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import asyncpg
import pytest
import pytest_asyncio

from bot import Settings, create_bot
from tests import postgres_server


@pytest.fixture
def database_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'martian.db'}"


@pytest.fixture(scope="session")
def postgresql_server() -> str:
    """The URL of a PostgreSQL server: the one CI started, or a throwaway one for this session."""
    if os.environ.get("TEST_POSTGRESQL_URL"):
        yield os.environ["TEST_POSTGRESQL_URL"]
        return
    # Not under pytest's own temporary folder: run as root, the server's user must reach its files.
    folder = Path(tempfile.mkdtemp(prefix="martian-arcade-postgresql-"))
    url = postgres_server.start(folder)
    yield url
    postgres_server.stop(folder)
    shutil.rmtree(folder, ignore_errors=True)


@pytest_asyncio.fixture
async def postgresql_url(postgresql_server) -> str:
    """A fresh, empty schema on the PostgreSQL server for one test, as a DATABASE_URL."""
    url = await postgres_server.fresh_schema(postgresql_server)
    yield url
    connection = await asyncpg.connect(postgresql_server)
    try:
        await connection.execute(f"DROP SCHEMA {url.rsplit('=', 1)[1]} CASCADE")
    finally:
        await connection.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def any_database_url(request) -> str:
    """Each storage test once on SQLite and once on PostgreSQL."""
    return request.getfixturevalue("database_url" if request.param == "sqlite" else "postgresql_url")


@pytest_asyncio.fixture
async def make_bot(database_url):
    """Build a fresh bot on the same database (what a restart does).

    SimCord detaches bots without closing them, so their database connections are closed here;
    an open aiosqlite worker thread would keep the test process alive.
    """
    built = []

    def build(**overrides):
        # SimCord needs the shard count: one shard, as a small community's bot has.
        settings = {"database_url": database_url, "sync_commands": True, "shard_count": 1} | overrides
        bot = create_bot(Settings(**settings))
        built.append(bot)
        return bot

    yield build
    for bot in built:
        await bot.close_storage()


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot()


# SimCord's settle timeout is real time (5 s by default): how long the bot's real work (a picture
# drawn in a thread, a computer player thinking in a worker process) may take before a step counts
# as hung. On a busy machine that work may take many times longer, so here it only guards against
# a hang, never measures speed; everything the bot waits for runs on SimCord's virtual clock. It
# stays below 300 s: SimCord waits out a real timer that falls inside the guard, and asyncpg keeps
# one of 300 s for every statement it caches.
SETTLE_GUARD_SECONDS = 120


def pytest_collection_modifyitems(items):
    """Every SimCord test gets the hang guard above, whatever else its `simcord` marker says."""
    for item in items:
        if "simcord_env" in getattr(item, "fixturenames", ()):
            marker = item.get_closest_marker("simcord")
            options = {"settle_timeout": SETTLE_GUARD_SECONDS} | (marker.kwargs if marker else {})
            item.add_marker(pytest.mark.simcord(**options), append=False)
