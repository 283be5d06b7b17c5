"""The admin's commands: `python -m bot backup FILE`, `check` and `health`, run as an admin would,
against a database the bot is using at that moment."""

import os
import shutil
import sqlite3
import time
from datetime import UTC, datetime
from pathlib import Path

from bot.storage import open_database
from tests.helpers import bot_command, service_on

ROOT = Path(__file__).resolve().parents[2]
OLD_DATABASE = ROOT / "tests" / "fixtures" / "schema_v1.db"
PLAYERS = [(11, "alice"), (22, "bob")]


async def running_database(tmp_path):
    """A database the bot has open, with a match just started: its latest writes are still in the
    write-ahead log, not yet in the main file."""
    url = f"sqlite:///{tmp_path / 'martian.db'}"
    db = await open_database(url)
    service = service_on(db, clock=lambda: datetime.now(UTC))
    lobby = await service.create_lobby("senet", guild_id=1, channel_id=2, players=PLAYERS)
    await service.answer_invite(lobby.id, 22, accept=True)
    return url, db


def matches_in(path: Path) -> int | None:
    """How many matches a copy holds (None: not even the tables)."""
    with sqlite3.connect(path) as copy:
        try:
            return copy.execute("SELECT COUNT(*) FROM matches").fetchone()[0]
        except sqlite3.OperationalError:
            return None


async def test_backup_copies_a_running_database_consistently(tmp_path):
    url, db = await running_database(tmp_path)
    try:
        copied = tmp_path / "copy-with-cp.db"
        shutil.copy(tmp_path / "martian.db", copied)  # what README's readers might have done
        assert matches_in(copied) != 1, "cp misses what is still in the write-ahead log"

        done = bot_command("backup", str(tmp_path / "backup.db"), cwd=tmp_path, DATABASE_URL=url)
        assert done.returncode == 0, done.stderr
        assert "1 matches" in done.stdout and matches_in(tmp_path / "backup.db") == 1
        with sqlite3.connect(tmp_path / "backup.db") as copy:
            assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"

        again = bot_command("backup", str(tmp_path / "backup.db"), cwd=tmp_path, DATABASE_URL=url)
        assert again.returncode == 2 and "already exists" in again.stderr and "Traceback" not in again.stderr
    finally:
        await db.close()


async def test_check_and_backup_leave_a_stopped_bots_database_as_they_found_it(tmp_path, postgresql_url):
    """README's path: stop the bot, check, back up, then migrate. A read-only look used to leave
    -wal and -shm files beside the database, which then looked like a bot still running."""
    url, db = await running_database(tmp_path)
    await db.close()  # the bot stopped cleanly
    before = sorted(path.name for path in tmp_path.iterdir())
    assert bot_command("check", cwd=tmp_path, DATABASE_URL=url).returncode == 0
    assert (
        bot_command(
            "backup", str(tmp_path.parent / f"{tmp_path.name}-backup.db"), cwd=tmp_path, DATABASE_URL=url
        ).returncode
        == 0
    )
    assert sorted(path.name for path in tmp_path.iterdir()) == before
    moved = bot_command("migrate", "--to", postgresql_url, cwd=tmp_path, DATABASE_URL=url)
    assert moved.returncode == 0 and "1 matches in progress replay" in moved.stdout, moved.stderr


def test_backup_of_postgresql_points_to_pg_dump(tmp_path):
    done = bot_command("backup", "x.db", cwd=tmp_path, DATABASE_URL="postgresql://u@localhost/db")
    assert done.returncode == 2 and "pg_dump" in done.stderr and done.stderr.count("\n") == 1


async def test_check_reports_version_integrity_and_matches(tmp_path):
    url, db = await running_database(tmp_path)
    try:
        done = bot_command("check", cwd=tmp_path, DATABASE_URL=url)
    finally:
        await db.close()
    assert done.returncode == 0, done.stderr
    assert "as this bot expects" in done.stdout and "Integrity: ok." in done.stdout
    assert "Matches: 0 lobby, 1 active, 0 finished, 0 cancelled." in done.stdout


def test_check_before_an_upgrade_changes_nothing(tmp_path):
    old = tmp_path / "old.db"
    shutil.copy(OLD_DATABASE, old)
    done = bot_command("check", cwd=tmp_path, DATABASE_URL=f"sqlite:///{old}")
    assert done.returncode == 0, done.stderr
    assert "schema version 1; this bot migrates it to" in done.stdout
    with sqlite3.connect(old) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 1, "check does not migrate"


async def test_check_on_postgresql(postgresql_url, tmp_path):
    db = await open_database(postgresql_url)
    service = service_on(db, clock=lambda: datetime.now(UTC))
    await service.create_lobby("senet", guild_id=1, channel_id=2, players=PLAYERS)
    await db.close()
    done = bot_command("check", cwd=tmp_path, DATABASE_URL=postgresql_url)
    assert done.returncode == 0, done.stderr
    assert "as this bot expects" in done.stdout and "Matches: 1 lobby, 0 active" in done.stdout


def test_health_follows_the_heartbeat(tmp_path):
    beat = tmp_path / "heartbeat"
    assert bot_command("health", cwd=tmp_path, HEARTBEAT_FILE=str(beat)).returncode == 1  # not connected yet
    beat.touch()
    fresh = bot_command("health", cwd=tmp_path, HEARTBEAT_FILE=str(beat), SWEEP_SECONDS="30")
    assert fresh.returncode == 0 and fresh.stdout.strip() == "healthy"
    old = time.time() - 600
    os.utime(beat, (old, old))
    stale = bot_command("health", cwd=tmp_path, HEARTBEAT_FILE=str(beat), SWEEP_SECONDS="30")
    assert stale.returncode == 1 and "old" in stale.stderr


async def test_the_bot_beats_after_each_sweep(simcord_env, tmp_path):
    beat = tmp_path / "heartbeat"
    bot = simcord_env.bot
    bot.settings.heartbeat_file = str(beat)
    deadlines = bot.get_cog("Deadlines")
    before = time.time() - 1  # file times may be coarser than the clock
    await deadlines.watch_deadlines.coro(deadlines)
    assert beat.is_file() and beat.stat().st_mtime >= before


def test_an_unknown_command_is_one_line(tmp_path):
    done = bot_command("backpu", cwd=tmp_path)
    assert done.returncode == 2 and "unknown command 'backpu'" in done.stderr and done.stderr.count("\n") == 1
