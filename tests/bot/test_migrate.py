"""`python -m bot migrate --to postgresql://...` copies a SQLite database, matches in progress
included, to PostgreSQL and checks the copy; the bot then plays on from the copy."""

import os
import random
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.migrate import TABLES, migrate
from bot.storage import open_database
from tests import postgres_server
from tests.helpers import service_on

ROOT = Path(__file__).resolve().parents[2]
PAIR = [(11, "alice"), (22, "bob")]
TRIO = [(11, "alice"), (22, "bob"), (33, "Дмитрий")]


async def started(service, game: str, players, moves: int, seed: int):
    lobby = await service.create_lobby(game, guild_id=1, channel_id=2, players=players)
    for user_id, _ in players[1:]:
        answer = await service.answer_invite(lobby.id, user_id, accept=True)
    match = answer.match
    chooser = random.Random(seed)
    for _ in range(moves):
        seat = match.state.to_move[0]
        action = str(chooser.choice(match.state.legal_actions(seat)))
        match = (await service.act(match.id, match.user_at(seat), match.version, action)).match
    return match


async def sqlite_with_matches(database_url):
    """Matches in progress (Senet, Trickery), an open lobby, one ended, settings and a preference."""
    db = await open_database(database_url)
    service = service_on(db, clock=lambda: datetime(2026, 11, 25, 12, 0, tzinfo=UTC))
    playing = [await started(service, "senet", PAIR, 12, 1), await started(service, "trickery", TRIO, 7, 2)]
    await service.create_lobby("mars", guild_id=1, channel_id=2, players=PAIR)
    ended = await started(service, "senet", PAIR, 3, 3)
    await service.cancel(ended.id, 11, manages_server=True, guild_id=1)
    await service.update_settings(1, lambda current: {"reminder_hours": 6.0})
    await service.set_notify_preference(22, "every", "dm")
    await db.close()
    return [match.id for match in playing]


async def test_a_sqlite_database_moves_to_postgresql_and_play_goes_on(database_url, postgresql_url):
    playing = await sqlite_with_matches(database_url)
    report = await migrate(database_url, postgresql_url)
    assert not report.problems and report.checked_matches == len(playing)
    assert (
        report.copied["matches"] == 4 and report.copied["actions"] > 19 and set(report.copied) == set(TABLES)
    )

    before = service_on(await open_database(database_url), clock=lambda: datetime.now(UTC))
    after = service_on(await open_database(postgresql_url), clock=lambda: datetime.now(UTC))
    try:
        for match_id in range(1, 5):
            old, new = await before.load(match_id), await after.load(match_id)
            assert (new.status, new.version, new.seed, new.names) == (
                old.status,
                old.version,
                old.seed,
                old.names,
            )
            assert (new.state and new.state.to_json()) == (old.state and old.state.to_json())  # lobbies: None
            assert await after.action_log(match_id) == await before.action_log(match_id)
        assert (await after.settings_for(1)).reminder_hours == 6.0
        assert (await after.notify_preference(22)).by == "dm"
        match = await after.load(playing[0])  # play goes on from the copy
        seat = match.state.to_move[0]
        action = str(match.state.legal_actions(seat)[0])
        assert (
            await after.act(match.id, match.user_at(seat), match.version, action)
        ).match.version == match.version + 1
        lobby = await after.create_lobby("senet", guild_id=1, channel_id=2, players=PAIR)
        assert lobby.id == 5, "new matches are numbered after the copied ones"
    finally:
        await before.repository.close()
        await after.repository.close()

    with pytest.raises(ValueError, match="already has matches"):
        await migrate(database_url, postgresql_url)


def test_the_command_copies_and_says_what_it_did(database_url, postgresql_server):
    import asyncio

    async def prepare():
        await sqlite_with_matches(database_url)
        return await postgres_server.fresh_schema(postgresql_server)

    target = asyncio.run(prepare())
    done = subprocess.run(
        [sys.executable, "-m", "bot", "migrate", "--from", database_url, "--to", target],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "DISCORD_TOKEN": ""},
    )
    assert done.returncode == 0, done.stderr
    assert "matches: 4 rows" in done.stdout and "2 matches in progress replay to their state" in done.stdout
    refused = subprocess.run(
        [sys.executable, "-m", "bot", "migrate", "--from", database_url, "--to", "sqlite:///x.db"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert refused.returncode == 2 and "postgresql://" in refused.stderr
