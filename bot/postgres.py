"""The PostgreSQL database: an asyncpg pool behind the same small interface as `storage.Database`,
so the repository's SQL runs on either.

The repository writes `?` placeholders and uses aiosqlite's cursor calls; `Connection` here turns
those into asyncpg's `$1` and fetch/execute. Transactions that write take a transaction-level
advisory lock (one per match, or one for everything else), so a match's writers are serialised
across every process sharing the database, as SQLite's BEGIN IMMEDIATE serialises them in one.
"""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from importlib import resources

import asyncpg

log = logging.getLogger(__name__)

MIGRATION_LOCK = 7_170_001  # advisory lock keys: arbitrary, fixed numbers for this application
WRITE_LOCK = 7_170_002
MATCH_LOCKS = 7_170_003  # with a match id: the two-key form, one lock per match
_PLACEHOLDER = re.compile(r"\?")


def dollar_placeholders(sql: str) -> str:
    """`?, ?` -> `$1, $2`: the repository's SQL has no question mark inside a literal."""
    count = iter(range(1, 10_000))
    return _PLACEHOLDER.sub(lambda _: f"${next(count)}", sql)


def migrations() -> list[tuple[int, str]]:
    """The numbered SQL files in bot/migrations/postgresql, in order (the same numbers as SQLite's)."""
    found = []
    for entry in resources.files("bot.migrations.postgresql").iterdir():
        if entry.name.endswith(".sql"):
            found.append((int(entry.name.split("_", 1)[0]), entry.read_text()))
    return sorted(found)


class Cursor:
    """What the repository reads back from a statement, as aiosqlite's cursor offers it."""

    def __init__(self, rows: list[asyncpg.Record], rowcount: int) -> None:
        self._rows = rows
        self.rowcount = rowcount

    async def fetchone(self) -> asyncpg.Record | None:
        return self._rows[0] if self._rows else None

    async def fetchall(self) -> list[asyncpg.Record]:
        return list(self._rows)


class Statement:
    """A statement that runs when awaited or entered, like aiosqlite's `execute`."""

    def __init__(self, connection: asyncpg.Connection, sql: str, params: Sequence) -> None:
        self._connection, self._sql, self._params = connection, dollar_placeholders(sql), tuple(params)

    async def run(self) -> Cursor:
        head = self._sql.lstrip().split(None, 1)[0].upper()
        if head in ("SELECT", "WITH") or " RETURNING " in self._sql.upper():
            rows = await self._connection.fetch(self._sql, *self._params)
            return Cursor(rows, len(rows))
        status = await self._connection.execute(self._sql, *self._params)  # e.g. "UPDATE 3"
        last = status.rsplit(" ", 1)[-1]
        return Cursor([], int(last) if last.isdigit() else 0)

    def __await__(self):
        return self.run().__await__()

    async def __aenter__(self) -> Cursor:
        return await self.run()

    async def __aexit__(self, *exc) -> bool:
        return False


class Connection:
    def __init__(self, connection: asyncpg.Connection) -> None:
        self._connection = connection

    def execute(self, sql: str, params: Sequence = ()) -> Statement:
        return Statement(self._connection, sql, params)

    async def executemany(self, sql: str, rows: Sequence[Sequence]) -> None:
        await self._connection.executemany(dollar_placeholders(sql), [tuple(row) for row in rows])


class PostgresDatabase:
    lock_rows = " FOR UPDATE"  # a SELECT's rows stay locked until the transaction ends

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    @classmethod
    async def open(cls, database_url: str) -> PostgresDatabase:
        # No idle-connection timers: connections stay open (a bot is busy or its pool is small anyway).
        pool = await asyncpg.create_pool(
            database_url, min_size=1, max_size=10, max_inactive_connection_lifetime=0
        )
        database = cls(pool)
        try:
            await database.migrate()
        except BaseException:
            await pool.close()
            raise
        return database

    async def close(self) -> None:
        await self._pool.close()

    async def schema_version(self) -> int:
        async with self._pool.acquire() as connection:
            return await _version(connection)

    async def migrate(self) -> None:
        """Apply the numbered migrations not applied yet; processes starting together wait for the
        first one's work instead of repeating it."""
        async with self._pool.acquire() as connection, connection.transaction():
            await connection.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await connection.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            current = await _version(connection)
            for number, sql in migrations():
                if number > current:
                    log.info("Applying database migration %04d", number)
                    await connection.execute(sql)
                    await connection.execute("DELETE FROM schema_version")
                    await connection.execute("INSERT INTO schema_version (version) VALUES ($1)", number)

    @asynccontextmanager
    async def transaction(self, match_id: int | None = None) -> AsyncIterator[Connection]:
        """All statements inside run atomically; any exception rolls everything back. Writers of one
        match (`match_id`) take turns across every process; a transaction about no one match (a new
        lobby against the server's limits, /config) waits for all others of its kind."""
        async with self._pool.acquire() as connection, connection.transaction():
            if match_id is None:
                await connection.execute("SELECT pg_advisory_xact_lock($1)", WRITE_LOCK)
            else:
                await connection.execute("SELECT pg_advisory_xact_lock($1, $2)", MATCH_LOCKS, match_id)
            yield Connection(connection)

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Connection]:
        """Several reads that see one snapshot of the database."""
        async with (
            self._pool.acquire() as connection,
            connection.transaction(isolation="repeatable_read", readonly=True),
        ):
            yield Connection(connection)

    async def fetchone(self, sql: str, params: Sequence = ()) -> asyncpg.Record | None:
        async with self._pool.acquire() as connection:
            return await connection.fetchrow(dollar_placeholders(sql), *params)

    async def fetchall(self, sql: str, params: Sequence = ()) -> list[asyncpg.Record]:
        async with self._pool.acquire() as connection:
            return list(await connection.fetch(dollar_placeholders(sql), *params))

    async def execute(self, sql: str, params: Sequence = ()) -> int:
        """One statement, atomic by itself (a conditional UPDATE is the claim); returns the number
        of rows changed."""
        async with self._pool.acquire() as connection:
            return (await Statement(connection, sql, params).run()).rowcount


async def _version(connection: asyncpg.Connection) -> int:
    exists = await connection.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
    if not exists:
        return 0
    return await connection.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version")
