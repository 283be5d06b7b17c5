"""The database: SQLite by default (one aiosqlite connection owned by the bot), or PostgreSQL
(`bot.postgres`) when DATABASE_URL says postgresql://; numbered migrations for each."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path

import aiosqlite

log = logging.getLogger(__name__)


def sqlite_path(database_url: str) -> str:
    """`sqlite:///data/x.db` is relative to the working directory, `sqlite:////abs/x.db` absolute."""
    prefix = "sqlite:///"
    if not database_url.startswith(prefix):
        raise ValueError(f"DATABASE_URL must start with {prefix!r} or 'postgresql://', got {database_url!r}")
    path = database_url[len(prefix) :]
    if not path:
        raise ValueError("DATABASE_URL names no file")
    return path


def read_only_uri(path: Path) -> str:
    """A URI that opens the SQLite file at `path` read-only and leaves nothing beside it. While the
    bot has the database open its -wal file exists and is read as usual. Without one, `immutable`
    keeps SQLite from creating -wal and -shm files that a read-only connection cannot remove again
    (left there, they would look like a bot still running, or one that did not stop cleanly)."""
    uri = f"{path.resolve().as_uri()}?mode=ro"
    return uri if Path(f"{path}-wal").exists() else f"{uri}&immutable=1"


def migrations() -> list[tuple[int, str]]:
    """The numbered SQL files shipped in bot/migrations, in order."""
    found = []
    for entry in resources.files("bot.migrations").iterdir():
        if entry.name.endswith(".sql"):
            found.append((int(entry.name.split("_", 1)[0]), entry.read_text()))
    return sorted(found)


POSTGRESQL_PREFIXES = ("postgresql://", "postgres://")


async def open_database(database_url: str):
    """The database DATABASE_URL names, migrated: SQLite or PostgreSQL."""
    if database_url.startswith(POSTGRESQL_PREFIXES):
        from .postgres import PostgresDatabase  # asyncpg is needed only for PostgreSQL

        return await PostgresDatabase.open(database_url)
    return await Database.open(database_url)


class Database:
    """Serialises all access through one lock: aiosqlite shares one connection between
    coroutines, so without it two handlers could interleave statements inside one transaction."""

    lock_rows = ""  # a SELECT's row-lock clause: none needed, a transaction is the only writer

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._conn = connection
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, database_url: str) -> Database:
        path = sqlite_path(database_url)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(path, isolation_level=None)
        try:
            connection.row_factory = aiosqlite.Row
            for pragma in ("journal_mode = WAL", "foreign_keys = ON", "busy_timeout = 5000"):
                async with connection.execute(f"PRAGMA {pragma}"):
                    pass  # close each cursor: an open one would block the migrations' COMMIT
            database = cls(connection)
            await database.migrate()
        except BaseException:
            # Not a database, damaged, a failed migration: aiosqlite's thread must still end, or
            # the process could never exit.
            await connection.close()
            raise
        return database

    async def close(self) -> None:
        await self._conn.close()

    async def schema_version(self) -> int:
        async with self._lock, self._conn.execute("PRAGMA user_version") as cursor:
            return (await cursor.fetchone())[0]

    async def migrate(self) -> None:
        current = await self.schema_version()
        for number, sql in migrations():
            if number > current:
                log.info("Applying database migration %04d", number)
                script = f"BEGIN IMMEDIATE;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;"
                async with self._lock:
                    try:
                        await self._conn.executescript(script)
                    except BaseException:
                        if self._conn.in_transaction:
                            await self._conn.execute("ROLLBACK")
                        raise

    @asynccontextmanager
    async def transaction(self, match_id: int | None = None) -> AsyncIterator[aiosqlite.Connection]:
        """All statements inside run atomically; any exception rolls everything back. `match_id`:
        the one match the transaction is about (PostgreSQL then serialises only that match's
        writers; here every writer waits for the one lock anyway)."""
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
                await self._conn.execute("COMMIT")
            except BaseException:
                if self._conn.in_transaction:  # a failed COMMIT (disk full, I/O) must not leave it open
                    await self._conn.execute("ROLLBACK")
                raise

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[aiosqlite.Connection]:
        """Several reads in a row without another coroutine's statements in between."""
        async with self._lock:
            yield self._conn

    async def fetchone(self, sql: str, params: tuple = ()) -> aiosqlite.Row | None:
        async with self._lock, self._conn.execute(sql, params) as cursor:
            return await cursor.fetchone()

    async def fetchall(self, sql: str, params: tuple = ()) -> list[aiosqlite.Row]:
        async with self._lock, self._conn.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    async def execute(self, sql: str, params: tuple = ()) -> int:
        """One statement in its own transaction; returns the number of rows changed."""
        async with self.transaction() as conn, conn.execute(sql, params) as cursor:
            return cursor.rowcount
