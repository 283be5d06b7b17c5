"""Commands for the admin running the bot: `python -m bot backup FILE`, `check` and `health`.

`backup` copies a SQLite database with SQLite's online backup, which is consistent even while the
bot is running and writing (a plain `cp` of a database in WAL mode is not). `check` reports the
schema version, SQLite's integrity check and the matches by status, without changing anything (it
does not migrate), for before and after an upgrade. `health` is the Docker health check: the bot
touches its heartbeat file on every sweep while it is connected.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import asyncpg

from .storage import POSTGRESQL_PREFIXES, migrations, read_only_uri, sqlite_path


def backup(database_url: str, target: Path) -> str:
    """Copy the SQLite database to `target` (a new file); returns what was done, in one line."""
    if database_url.startswith(POSTGRESQL_PREFIXES):
        raise ValueError("backup copies SQLite databases; for PostgreSQL use pg_dump (see README, Backups)")
    source = Path(sqlite_path(database_url))
    if not source.is_file():
        raise ValueError(f"there is no database at {source}")
    if target.exists():
        raise ValueError(f"{target} already exists; give a new file name")
    with sqlite3.connect(read_only_uri(source), uri=True) as reading, sqlite3.connect(target) as writing:
        reading.backup(writing)
    with sqlite3.connect(target) as copy:
        matches = copy.execute("SELECT COUNT(*) FROM matches").fetchone()[0]
    return f"Backed up {source} to {target} ({matches} matches, {target.stat().st_size:,} bytes)."


async def check(database_url: str) -> tuple[list[str], bool]:
    """What the database holds and whether it is sound: (report lines, ok)."""
    expected = migrations()[-1][0]
    if database_url.startswith(POSTGRESQL_PREFIXES):
        version, integrity, counts = await _postgresql_facts(database_url)
    else:
        path = Path(sqlite_path(database_url))
        if not path.is_file():
            raise ValueError(f"there is no database at {path}")
        with sqlite3.connect(read_only_uri(path), uri=True) as db:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            integrity = db.execute("PRAGMA integrity_check").fetchone()[0]
            counts = dict(db.execute("SELECT status, COUNT(*) FROM matches GROUP BY status").fetchall())
    if version == expected:
        schema = f"schema version {version}, as this bot expects"
    elif version < expected:
        schema = f"schema version {version}; this bot migrates it to {expected} when it starts"
    else:
        schema = f"schema version {version}, newer than this bot's {expected}: upgrade the bot first"
    statuses = ", ".join(
        f"{counts.get(status, 0)} {status}" for status in ("lobby", "active", "finished", "cancelled")
    )
    checked = integrity or "not checked here (PostgreSQL checks its own pages; pg_amcheck does more)"
    lines = [f"Database: {schema}.", f"Integrity: {checked}.", f"Matches: {statuses}."]
    return lines, integrity in ("ok", None) and version <= expected


async def _postgresql_facts(database_url: str) -> tuple[int, None, dict[str, int]]:
    connection = await asyncpg.connect(database_url)
    try:
        exists = await connection.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
        version = await connection.fetchval("SELECT MAX(version) FROM schema_version") if exists else 0
        rows = (
            await connection.fetch("SELECT status, COUNT(*) AS n FROM matches GROUP BY status")
            if version
            else []
        )
    finally:
        await connection.close()
    return version or 0, None, {row["status"]: row["n"] for row in rows}


def health(heartbeat_file: str, sweep_seconds: float, now: float | None = None) -> str | None:
    """None if the bot touched its heartbeat recently (within three sweeps), else what is wrong."""
    if not heartbeat_file:
        return "HEARTBEAT_FILE is not set, so the bot keeps no heartbeat"
    path = Path(heartbeat_file)
    if not path.is_file():
        return f"no heartbeat yet at {path}: the bot has not connected"
    age = (now or time.time()) - path.stat().st_mtime
    if age > 3 * sweep_seconds + 10:
        return f"the last heartbeat is {age:.0f} s old: the bot is not connected or is stuck"
    return None
