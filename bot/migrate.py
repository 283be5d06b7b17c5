"""`python -m bot migrate --to postgresql://...`: copy a SQLite database, matches in progress
included, into an empty PostgreSQL database, then check the copy.

The copy is one transaction: every table's rows, parents first, then the match ids' sequence moved
past the highest id. The check compares the row count of every table, and replays every match in
progress from its seed and action log to the state stored for it.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field

from games import replay_actions

from .kits import KITS
from .repository import Repository
from .storage import POSTGRESQL_PREFIXES, open_database

TABLES = (
    "matches",
    "seats",
    "actions",
    "hints",
    "guild_settings",
    "notify_preferences",
    "standings",
)  # parents first


@dataclass
class MigrationReport:
    copied: dict[str, int] = field(default_factory=dict)  # rows per table
    checked_matches: int = 0  # matches in progress whose state equals the replay of their log
    problems: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        rows = [f"  {table}: {count} rows" for table, count in self.copied.items()]
        verdict = (
            [
                f"Checked: every table's row count, and {self.checked_matches} matches in progress replay to their state."
            ]
            if not self.problems
            else ["The copy does NOT check out:", *(f"  {problem}" for problem in self.problems)]
        )
        return ["Copied:", *rows, *verdict]


async def migrate(source_url: str, target_url: str) -> MigrationReport:
    if not target_url.startswith(POSTGRESQL_PREFIXES):
        raise ValueError(f"--to must be a postgresql:// URL, got {target_url!r}")
    engines = {game_id: kit.engine for game_id, kit in KITS.items()}
    source = await open_database(source_url)
    target = await open_database(target_url)
    report = MigrationReport()
    try:
        if (await target.fetchone("SELECT COUNT(*) FROM matches"))[0]:
            raise ValueError("the target database already has matches; migrate into an empty one")
        async with target.transaction() as connection:
            for table in TABLES:
                rows = await source.fetchall(f"SELECT * FROM {table}")
                report.copied[table] = len(rows)
                if rows:
                    columns = list(rows[0].keys())
                    marks = ", ".join("?" for _ in columns)
                    await connection.executemany(
                        f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})",
                        [tuple(row[column] for column in columns) for row in rows],
                    )
            await connection.execute(
                "SELECT setval(pg_get_serial_sequence('matches', 'id'), COALESCE(MAX(id), 0) + 1, false)"
                " FROM matches"
            )
        for table in TABLES:
            count = (await target.fetchone(f"SELECT COUNT(*) FROM {table}"))[0]
            if count != report.copied[table]:
                report.problems.append(f"{table}: {report.copied[table]} rows read, {count} in the copy")
        repository = Repository(target, engines)
        for row in await target.fetchall("SELECT id FROM matches WHERE status = 'active' ORDER BY id"):
            match = await repository.load(row["id"])
            log = await repository.action_log(row["id"])
            replayed = replay_actions(
                engines[match.game_id], len(match.seats), match.seed, match.options, log
            )
            if replayed.to_json() != match.state.to_json():
                report.problems.append(f"match #{match.id}: its state is not the replay of its log")
            else:
                report.checked_matches += 1
    finally:
        await source.close()
        await target.close()
    return report


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot migrate", description=__doc__.splitlines()[0])
    parser.add_argument("--to", required=True, metavar="URL", help="the PostgreSQL database to copy into")
    parser.add_argument(
        "--from", dest="source", metavar="URL", help="the SQLite database (default: DATABASE_URL)"
    )
    return parser.parse_args(argv)
