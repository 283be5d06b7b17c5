"""Shared fixtures. SimCord tests build the real bot with `create_bot`, on a real SQLite file."""

from __future__ import annotations

import pytest
import pytest_asyncio

from bot import Settings, create_bot


@pytest.fixture
def database_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'martian.db'}"


@pytest_asyncio.fixture
async def make_bot(database_url):
    """Build a fresh bot on the same database (what a restart does).

    SimCord detaches bots without closing them, so their database connections are closed here;
    an open aiosqlite worker thread would keep the test process alive.
    """
    built = []

    def build(**overrides):
        bot = create_bot(Settings(database_url=database_url, sync_commands=True, **overrides))
        built.append(bot)
        return bot

    yield build
    for bot in built:
        await bot.close_storage()


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot()
