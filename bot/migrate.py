"""`python -m bot migrate --to postgresql://...`: copy a SQLite database, matches in progress
included, into an empty PostgreSQL database, then check the copy.

The source is opened read-only and must be this bot's database at this bot's schema version; the
tables to copy are the ones it holds (not a list kept here, so a table a later migration adds is
copied too), and PostgreSQL's must be the same tables, all empty. The copy is one transaction:
every table's rows, parents first, then every identity column's sequence moved past the highest
value copied. The check compares the row count of every table, and replays every match in
progress from its seed and action log to the state stored for it.
"""

from __future__ import annotations

import argparse
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import aiosqlite
import asyncpg

from games import replay_actions

from . import postgres
from .kits import KITS
from .repository import Repository
from .storage import POSTGRESQL_PREFIXES, migrations, open_database, read_only_uri, sqlite_path

POSTGRESQL_BOOKKEEPING = {"schema_version"}  # PostgreSQL's record of its migrations (SQLite: user_version)


@dataclass
class MigrationReport:
    copied: dict[str, int] = field(default_factory=dict)  # rows per table
    checked_matches: int = 0  # matches in progress whose state equals the replay of their log
    problems: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        rows = [f"  {table}: {count} rows" for table, count in self.copied.items()]
        verdict = (
            [
                f"Checked: the same {len(self.copied)} tables on both sides, every table's row count,"
                f" and {self.checked_matches} matches in progress replay to their state."
            ]
            if not self.problems
            else ["The copy does NOT check out:", *(f"  {problem}" for problem in self.problems)]
        )
        return ["Copied:", *rows, *verdict]


async def migrate(source_url: str, target_url: str) -> MigrationReport:
    """Copy and check; a source or target that must not be copied from or into is refused with a
    ValueError saying why in one line, before any row is copied."""
    if not target_url.startswith(POSTGRESQL_PREFIXES):
        raise ValueError(f"--to must be a postgresql:// URL, got {target_url!r}")
    if source_url.startswith(POSTGRESQL_PREFIXES):
        raise ValueError("--from must be the SQLite database (sqlite:///path.db)")
    async with reading_source(Path(sqlite_path(source_url))) as source:
        tables = await tables_parents_first(source)
        try:
            target = await open_database(target_url)
        except (OSError, asyncpg.PostgresError) as error:
            raise ValueError(f"cannot open the PostgreSQL database: {error}") from error
        try:
            await check_target(target, tables)
            report = await copy(source, target, tables)
            await check_copy(target, report)
        finally:
            await target.close()
    return report


@asynccontextmanager
async def reading_source(path: Path) -> AsyncIterator[aiosqlite.Connection]:
    """The bot's SQLite database at `path`, read-only, refused unless it is one to copy. Closed
    whatever happens: an aiosqlite connection left open keeps the process from ever exiting."""
    if not path.is_file():
        raise ValueError(f"there is no database at {path}")
    if Path(f"{path}-wal").exists():
        # The bot has it open, or stopped without closing it: moves may still be in the -wal file.
        raise ValueError(
            f"{path}-wal exists: the bot is still running, or it did not stop cleanly;"
            " stop it (start it and stop it once if it is not running) and migrate again"
        )
    connection = await aiosqlite.connect(read_only_uri(path), uri=True)
    try:
        connection.row_factory = aiosqlite.Row
        await check_source(connection, path)
        yield connection
    except sqlite3.Error as error:
        raise ValueError(f"{path} cannot be read as a SQLite database: {error}") from error
    finally:
        await connection.close()


async def check_source(connection: aiosqlite.Connection, path: Path) -> None:
    """Refuse a file that is not this bot's database at this bot's schema version, or is damaged.
    An older version is refused too, not migrated here: its migrations are the bot's to run (and
    the source stays untouched), and PostgreSQL's tables have the newest columns."""
    expected = migrations()[-1][0]
    version = (await _rows(connection, "PRAGMA user_version"))[0][0]
    tables = {
        row[0] for row in await _rows(connection, "SELECT name FROM sqlite_master WHERE type = 'table'")
    }
    if not version or "matches" not in tables:
        raise ValueError(f"{path} is not a Martian Arcade database (no schema version, or no matches table)")
    if version > expected:
        raise ValueError(
            f"{path} has schema version {version}, newer than this bot's {expected}: upgrade the bot first"
        )
    if version < expected:
        raise ValueError(
            f"{path} has schema version {version}, older than this bot's {expected}: start this version"
            f" of the bot on it once (it migrates the database at start), stop it, then migrate"
        )
    verdict = (await _rows(connection, "PRAGMA quick_check(1)"))[0][0]
    if verdict != "ok":
        raise ValueError(
            f"{path} is damaged (SQLite's quick check: {' '.join(verdict.split())}); restore a backup"
        )


async def tables_parents_first(connection: aiosqlite.Connection) -> list[str]:
    """The database's own tables (not SQLite's sqlite_* ones), each after the tables its foreign
    keys point to, else in the order they were created."""
    names = [
        row[0]
        for row in await _rows(
            connection,
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
            " ORDER BY rowid",
        )
    ]
    parents = {
        name: {
            row[0]
            for row in await _rows(connection, 'SELECT "table" FROM pragma_foreign_key_list(?)', (name,))
        }
        - {name}  # a match that is a rematch points to an earlier match: rows are copied in key order
        for name in names
    }
    ordered: list[str] = []
    while len(ordered) < len(names):
        ready = [name for name in names if name not in ordered and parents[name] <= set(ordered)]
        if not ready:
            unplaced = ", ".join(name for name in names if name not in ordered)
            raise ValueError(
                f"the tables {unplaced} cannot be copied parents first (their foreign keys form a cycle)"
            )
        ordered += ready
    return ordered


async def check_target(target, tables: list[str]) -> None:
    """PostgreSQL must hold the same tables as the source, at this bot's schema version, all empty."""
    expected = postgres.migrations()[-1][0]
    version = await target.schema_version()
    if version > expected:
        raise ValueError(
            f"the PostgreSQL database has schema version {version}, newer than this bot's {expected}:"
            " upgrade the bot first"
        )
    present = {
        row[0]
        for row in await target.fetchall(
            "SELECT table_name FROM information_schema.tables"
            " WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
        )
    } - POSTGRESQL_BOOKKEEPING
    differences = []
    if missing := [table for table in tables if table not in present]:
        differences.append(f"{', '.join(missing)} only in the SQLite database")
    if extra := sorted(present - set(tables)):
        differences.append(f"{', '.join(extra)} only in the PostgreSQL database")
    if differences:
        raise ValueError(f"the two databases do not have the same tables: {'; '.join(differences)}")
    filled = []
    for table in tables:
        count = (await target.fetchone(f"SELECT COUNT(*) FROM {_quoted(table)}"))[0]
        if count:
            filled.append(f"{table} ({count} rows)")
    if filled:
        raise ValueError(
            f"the target database already has rows in {', '.join(filled)}; migrate into an empty one"
        )


async def copy(source: aiosqlite.Connection, target, tables: list[str]) -> MigrationReport:
    report = MigrationReport()
    async with target.transaction() as connection:
        for table in tables:
            rows = await _rows(
                source, f"SELECT * FROM {_quoted(table)}{await _self_reference_order(source, table)}"
            )
            report.copied[table] = len(rows)
            if rows:
                columns = list(rows[0].keys())
                marks = ", ".join("?" for _ in columns)
                await connection.executemany(
                    f"INSERT INTO {_quoted(table)} ({', '.join(map(_quoted, columns))}) VALUES ({marks})",
                    [tuple(row[column] for column in columns) for row in rows],
                )
        # Rows came with their ids: new rows must be numbered after them, not from 1.
        async with connection.execute(
            "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()"
            " AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')"
        ) as cursor:
            numbered = await cursor.fetchall()
        for table, column in numbered:
            await connection.execute(
                f"SELECT setval(pg_get_serial_sequence(?, ?), COALESCE(MAX({_quoted(column)}), 0) + 1, false)"
                f" FROM {_quoted(table)}",
                (_quoted(table), column),
            )
    return report


async def check_copy(target, report: MigrationReport) -> None:
    for table, copied in report.copied.items():
        count = (await target.fetchone(f"SELECT COUNT(*) FROM {_quoted(table)}"))[0]
        if count != copied:
            report.problems.append(f"{table}: {copied} rows read, {count} in the copy")
    engines = {game_id: kit.engine for game_id, kit in KITS.items()}
    repository = Repository(target, engines)
    for row in await target.fetchall("SELECT id FROM matches WHERE status = 'active' ORDER BY id"):
        match = await repository.load(row["id"])
        log = await repository.action_log(row["id"])
        replayed = replay_actions(engines[match.game_id], len(match.seats), match.seed, match.options, log)
        if replayed.to_json() != match.state.to_json():
            report.problems.append(f"match #{match.id}: its state is not the replay of its log")
        else:
            report.checked_matches += 1


async def _self_reference_order(source: aiosqlite.Connection, table: str) -> str:
    """ORDER BY the keys a table's own rows point to (a rematch's earlier match), so PostgreSQL,
    which checks each foreign key as a row arrives, gets the row pointed to first."""
    keys = [
        row[0] or "rowid"  # REFERENCES t with no column: t's primary key
        for row in await _rows(
            source, 'SELECT "to" FROM pragma_foreign_key_list(?) WHERE "table" = ?', (table, table)
        )
    ]
    return f" ORDER BY {', '.join(map(_quoted, keys))}" if keys else ""


async def _rows(connection: aiosqlite.Connection, sql: str, params: tuple = ()) -> list[aiosqlite.Row]:
    async with connection.execute(sql, params) as cursor:
        return list(await cursor.fetchall())


def _quoted(name: str) -> str:
    """An identifier as SQL (either database) reads it, whatever characters it has."""
    return '"' + name.replace('"', '""') + '"'


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot migrate", description=__doc__.splitlines()[0])
    parser.add_argument("--to", required=True, metavar="URL", help="the PostgreSQL database to copy into")
    parser.add_argument(
        "--from", dest="source", metavar="URL", help="the SQLite database (default: DATABASE_URL)"
    )
    return parser.parse_args(argv)
