"""Actions applied per second by 1, 2 and 4 bot processes on one PostgreSQL database, and by one on
SQLite, with 200 matches in progress: `python -m benchmarks.scaling [--seconds S] [--matches N]`.

Each process runs the real match service (load, check, apply, save in one transaction) over
randomly chosen matches, as clicks would arrive; actions a faster process made stale are not
counted, and the processes' counts are checked against the actions the database holds. A throwaway PostgreSQL server is started for the run (TEST_POSTGRESQL_URL uses another).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from bot.errors import MatchError
from bot.kits import KITS
from bot.repository import Repository
from bot.service import MatchService
from bot.storage import open_database


async def create_matches(url: str, count: int) -> list[int]:
    engines = {game_id: kit.engine for game_id, kit in KITS.items()}
    repository = await Repository.open(url, engines)
    service = MatchService(repository, KITS, clock=lambda: datetime.now(UTC))
    ids = []
    for number in range(1, count + 1):  # a server and two members each: no server's limits apply
        players = [(number * 10 + 1, "alice"), (number * 10 + 2, "bob")]
        lobby = await service.create_lobby("combat", guild_id=number, channel_id=number, players=players)
        await service.answer_invite(lobby.id, players[1][0], accept=True)
        ids.append(lobby.id)
    await repository.close()
    return ids


async def random_click(
    service: MatchService, match_ids: list[int], chooser: random.Random
) -> tuple[int, int] | None:
    """A legal action for the player to move in a random one of the matches, made as their click:
    (match id, its new version), or None when the match is over or a faster click made it stale."""
    match = await service.load(chooser.choice(match_ids))
    if match.state.is_over:
        return None
    seat = match.state.to_move[0]
    action = str(chooser.choice(match.state.legal_actions(seat)))
    try:
        await service.act(match.id, match.user_at(seat), match.version, action)
    except MatchError:  # stale, or no longer legal: another click got there first
        return None
    return match.id, match.version + 1


async def apply_for(url: str, match_ids: list[int], seconds: float, seed: int, concurrency: int = 8) -> int:
    """Apply actions on random matches for `seconds`, `concurrency` clicks at a time; return how many."""
    engines = {game_id: kit.engine for game_id, kit in KITS.items()}
    repository = await Repository.open(url, engines)
    service = MatchService(repository, KITS, clock=lambda: datetime.now(UTC))
    chooser = random.Random(seed)
    applied = 0
    end = time.perf_counter() + seconds

    async def clicker() -> None:
        nonlocal applied
        while time.perf_counter() < end:
            click = await random_click(service, match_ids, chooser)  # not `applied += await ...`:
            applied += click is not None  # that reads `applied` before the await and loses the others' counts

    try:
        await asyncio.gather(*(clicker() for _ in range(concurrency)))
    finally:
        await repository.close()
    return applied


def worker_main() -> None:
    url, seconds, seed, *ids = sys.argv[2:]
    print(asyncio.run(apply_for(url, [int(i) for i in ids], float(seconds), int(seed))))


async def run_processes(url: str, ids: list[int], processes: int, seconds: float) -> float:
    workers = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "benchmarks.scaling",
            "--worker",
            url,
            str(seconds),
            str(seed),
            *map(str, ids),
            stdout=asyncio.subprocess.PIPE,
        )
        for seed in range(processes)
    ]
    counts = [int((await worker.communicate())[0]) for worker in workers]
    logged = await actions_logged(url)
    if logged != sum(counts):  # the processes' own counts must agree with the database
        raise RuntimeError(f"the processes counted {sum(counts)} actions, the database holds {logged}")
    return logged / seconds


async def actions_logged(url: str) -> int:
    database = await open_database(url)
    try:
        return (await database.fetchone("SELECT COUNT(*) FROM actions"))[0]
    finally:
        await database.close()


async def measure(seconds: float, matches: int) -> dict:
    from tests import postgres_server

    results = {}
    with tempfile.TemporaryDirectory() as folder:
        sqlite_url = f"sqlite:///{Path(folder) / 'bench.db'}"
        ids = await create_matches(sqlite_url, matches)
        results["sqlite, 1 process"] = await run_processes(sqlite_url, ids, 1, seconds)
    with postgresql_server() as server:
        for processes in (1, 2, 4):
            url = await postgres_server.fresh_schema(server)
            ids = await create_matches(url, matches)
            results[f"postgresql, {processes} process{'es' if processes > 1 else ''}"] = await run_processes(
                url, ids, processes, seconds
            )
    return results


@contextmanager
def postgresql_server() -> Iterator[str]:
    """TEST_POSTGRESQL_URL's server, else a throwaway one for the run."""
    from tests import postgres_server

    if os.environ.get("TEST_POSTGRESQL_URL"):
        yield os.environ["TEST_POSTGRESQL_URL"]
        return
    folder = Path(tempfile.mkdtemp(prefix="martian-arcade-bench-postgresql-"))
    try:
        yield postgres_server.start(folder)
    finally:
        postgres_server.stop(folder)
        shutil.rmtree(folder, ignore_errors=True)


async def at_each_size(sizes: list[int], measure_one: Callable[[str, int], Awaitable[dict]]) -> dict:
    """`measure_one(url, size)` on a fresh SQLite file and then a fresh PostgreSQL schema for each
    size, side by side in one run: {"sqlite": {size: numbers}, "postgresql": {...}}."""
    from tests import postgres_server

    results: dict = {"sqlite": {}, "postgresql": {}}
    with tempfile.TemporaryDirectory() as folder:
        for size in sizes:
            results["sqlite"][size] = await measure_one(f"sqlite:///{Path(folder) / f'{size}.db'}", size)
    with postgresql_server() as server:
        for size in sizes:
            results["postgresql"][size] = await measure_one(await postgres_server.fresh_schema(server), size)
    return results


def main() -> None:
    if sys.argv[1:2] == ["--worker"]:
        worker_main()
        return
    parser = argparse.ArgumentParser(prog="python -m benchmarks.scaling", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="how long each configuration runs")
    parser.add_argument("--matches", type=int, default=200, help="matches in progress")
    args = parser.parse_args()
    results = asyncio.run(measure(args.seconds, args.matches))
    base = results["postgresql, 1 process"]
    print(f"actions applied per second, {args.matches} matches in progress, {os.cpu_count()} CPUs:")
    for name, rate in results.items():
        print(f"  {name:24} {rate:8.1f}/s  ({rate / base:.2f}x PostgreSQL with 1 process)")
    print(json.dumps({name: round(rate, 1) for name, rate in results.items()}))


if __name__ == "__main__":
    main()
