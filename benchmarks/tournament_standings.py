"""What updating a tournament's standings message costs as the server's other finished matches
grow, on SQLite and PostgreSQL: `python -m benchmarks.tournament_standings [--matches 10 10000]
[--repeat 50]`.

For each size, a fresh database gets that many finished Senet matches of the server (as
`benchmarks.standings` writes them), then an 8-player round robin of Senet is played through the
match service to its end (28 tables, each ended by a resignation). The update the bot makes when
a table ends is then timed `--repeat` times (median): load the tournament, its tables and their
places, work out the standings (`league.tournament.standings`) and write the message's text.
Ratios are against the smallest size, measured in the same run: the update reads the tournament's
own tables through an index, so the other matches should not matter. A throwaway PostgreSQL
server is started (TEST_POSTGRESQL_URL uses another).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
from datetime import UTC, datetime
from types import SimpleNamespace

from bot.kits import KITS
from bot.publishing.tournament import standings_text
from bot.repository import Repository
from bot.service import MatchService

from .report import by_size
from .scaling import at_each_size
from .standings import GUILD, write_finished_matches

PLAYERS = [(1000 + number, f"entrant {number}") for number in range(8)]


async def play_round_robin(service: MatchService) -> int:
    """An 8-player round robin of Senet, every table ended by its first seat resigning."""
    tournament = await service.create_tournament(
        "senet",
        "round_robin",
        guild_id=GUILD,
        channel_id=2,
        creator_id=1,
        manages_server=True,
        role_ids=[],
    )
    for user, name in PLAYERS:
        await service.sign_up(tournament.id, user, name, GUILD)
    await service.start_tournament(tournament.id, manages_server=True, role_ids=[], guild_id=GUILD)
    while (tournament := await service.repository.load_tournament(tournament.id)).status == "running":
        view = await service.tournament_view(tournament)
        for table in view.playing:
            await service.resign(table.match.id, table.players[0])
        await service.advance(tournament, await service.tournament_view(tournament))
    return tournament.id


async def measure_one(url: str, count: int, repeat: int) -> dict:
    await write_finished_matches(url, count, 50)
    engines = {game_id: kit.engine for game_id, kit in KITS.items()}
    repository = await Repository.open(url, engines)
    try:
        if url.startswith("postgresql"):  # the matches were written with their ids: move the counter on
            await repository.db.execute(
                "SELECT setval(pg_get_serial_sequence('matches', 'id'), (SELECT MAX(id) FROM matches))"
            )
        service = MatchService(repository, KITS, clock=lambda: datetime.now(UTC))
        tournament_id = await play_round_robin(service)
        publisher = SimpleNamespace(service=service)  # all the text needs of a publisher
        samples = []
        for _ in range(repeat):
            started = time.perf_counter()
            tournament = await repository.load_tournament(tournament_id)
            standings_text(publisher, await service.tournament_view(tournament))
            samples.append(time.perf_counter() - started)
        tables = len(await repository.tournament_tables(tournament_id))
    finally:
        await repository.close()
    return {"update_ms": round(statistics.median(samples) * 1000, 3), "tables": tables}


async def measure(sizes: list[int], repeat: int) -> dict:
    return await at_each_size(sizes, lambda url, count: measure_one(url, count, repeat))


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.tournament_standings", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--matches", type=int, nargs="+", default=[10, 10_000], help="other finished matches")
    parser.add_argument("--repeat", type=int, default=50, help="updates timed per size")
    args = parser.parse_args()
    sizes = sorted(args.matches)
    results = asyncio.run(measure(sizes, args.repeat))
    print(as_text(results, sizes, args.repeat))
    print(json.dumps(results))


def as_text(results: dict, sizes: list[int], repeat: int) -> str:
    lines = [f"Tournament standings update (recompute + text), median of {repeat} (ms):"]
    for database, count, numbers, ratio in by_size(results, sizes, "update_ms"):
        lines.append(
            f"  {database:10} {count:>7} other finished matches: {numbers['update_ms']:.2f}"
            f" ({ratio:.2f}x) for {numbers['tables']} tables"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    main()
