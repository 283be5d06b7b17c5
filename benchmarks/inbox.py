"""What /games's query costs as the finished matches grow, on SQLite and PostgreSQL:
`python -m benchmarks.inbox [--matches 10 10000] [--repeat 200]`.

For each size, a fresh database gets that many finished two-player matches, the member in every
other one, and beside them the same live matches at every size: the member's 5 matches in progress
and 2 invitations in 3 servers, and 20 matches of other members. The member's /games query
(`Repository.games_of`) is then timed `--repeat` times (median reported), with the ratio to the
smallest size measured in the same run: the finished matches should cost it nothing. PostgreSQL's
statistics are gathered first (ANALYZE), as its autovacuum does on a live database. A throwaway
PostgreSQL server is started (TEST_POSTGRESQL_URL uses another).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time

from bot.kits import KITS
from bot.repository import Repository
from bot.storage import POSTGRESQL_PREFIXES, open_database
from games import GAMES

from .report import by_size
from .scaling import at_each_size

MEMBER = 1
STAMP = "2026-01-01T00:00:00+00:00"
LIVE_OF_MEMBER = (("active", 5), ("lobby", 2))
LIVE_OF_OTHERS = 20


def rows(finished: int) -> tuple[list[tuple], list[tuple]]:
    """The matches and seats: `finished` finished ones, then the live ones every size shares."""
    state = json.dumps(GAMES["senet"].new(2, 1).to_json())
    matches, seats = [], []

    def add(status: str, first: int, second: int) -> None:
        number = len(matches) + 1
        live = status != "finished"
        matches.append(
            (
                number,
                "senet",
                number % 3 + 1,  # three servers
                2,
                status,
                number,
                1,
                "{}",
                None if status == "lobby" else state,
                "[0]" if status == "active" else None,
                first,
                1e9 + number if status == "lobby" else None,
                1e9 + number if status == "active" else None,
                None if live else STAMP,
            )
        )
        seats.extend(
            [(number, 0, first, f"member {first}", 1), (number, 1, second, f"member {second}", int(live))]
        )

    for number in range(finished):
        add("finished", MEMBER if number % 2 else 2 + number % 40, 100 + number % 40)
    for status, count in LIVE_OF_MEMBER:
        for number in range(count):
            add(status, MEMBER, 200 + number)
    for number in range(LIVE_OF_OTHERS):
        add("active", 300 + number, 400 + number)
    return matches, seats


async def write(url: str, finished: int) -> None:
    matches, seats = rows(finished)
    database = await open_database(url)
    try:
        async with database.transaction() as conn:
            await conn.executemany(
                "INSERT INTO matches (id, game, guild_id, channel_id, status, seed, version, options_json,"
                " state_json, to_move, host_id, lobby_expires_at, reminder_due_at, finished_at, created_at,"
                " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(*row, STAMP, STAMP) for row in matches],
            )
            await conn.executemany(
                "INSERT INTO seats (match_id, seat, user_id, display_name, accepted) VALUES (?, ?, ?, ?, ?)",
                seats,
            )
        if url.startswith(POSTGRESQL_PREFIXES):
            await database.execute("ANALYZE")
    finally:
        await database.close()


async def measure_one(url: str, finished: int, repeat: int) -> dict:
    await write(url, finished)
    engines = {game_id: kit.engine for game_id, kit in KITS.items()}
    repository = await Repository.open(url, engines)
    try:
        listed = len(await repository.games_of(MEMBER))
        samples = []
        for _ in range(repeat):
            started = time.perf_counter()
            await repository.games_of(MEMBER)
            samples.append(time.perf_counter() - started)
    finally:
        await repository.close()
    return {"listed": listed, "games_ms": round(statistics.median(samples) * 1000, 3)}


async def measure(sizes: list[int], repeat: int) -> dict:
    return await at_each_size(sizes, lambda url, finished: measure_one(url, finished, repeat))


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.inbox", description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, nargs="+", default=[10, 10_000], help="finished matches")
    parser.add_argument("--repeat", type=int, default=200, help="queries timed per size")
    args = parser.parse_args()
    sizes = sorted(args.matches)
    results = asyncio.run(measure(sizes, args.repeat))
    print(as_text(results, sizes, args.repeat))
    print(json.dumps(results))


def as_text(results: dict, sizes: list[int], repeat: int) -> str:
    lines = [f"/games query for a member in half the finished matches, median of {repeat} (ms):"]
    for database, count, numbers, ratio in by_size(results, sizes, "games_ms"):
        lines.append(
            f"  {database:10} {count:>7} finished: {numbers['games_ms']:.3f} ({ratio:.2f}x), {numbers['listed']} listed"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    main()
