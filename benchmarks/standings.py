"""What the standings cost as a server's finished matches grow, on SQLite and PostgreSQL:
`python -m benchmarks.standings [--matches 10 10000] [--players 50] [--repeat 200]` (also part of
`python -m benchmarks`).

For each size, a fresh database gets that many finished two-player matches among the same players
of one server, written as an older version of the bot left them (not yet in the standings, as the
OpenSkill migration leaves every finished match); opening the repository counts them in by
replaying them in order (the one-time conversion, reported), then the leaderboard and one player's
standings are read `--repeat` times, and, with a season running, `--repeat` matches end: the
standings update in the transaction that ends a match, ratings and season table (medians
reported). Beside them, the way before the standings: loading every finished match and replaying
the ratings. Ratios are against the smallest size, measured in the same run. A throwaway
PostgreSQL server is started (TEST_POSTGRESQL_URL uses another).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import time

from bot.kits import KITS
from bot.model import MatchResult
from bot.ratings import FinishedMatch, ratings
from bot.repository import Repository
from bot.repository.standings import FINISHED_IN
from bot.storage import open_database
from games import GAMES

from .scaling import at_each_size

GUILD = 1
STAMP = "2026-01-01T00:00:{:02d}.{:06d}+00:00"


async def write_finished_matches(url: str, count: int, players: int) -> None:
    """`count` resigned Senet matches between random pairs of `players` members, not yet counted."""
    chooser = random.Random(count)
    state = json.dumps(GAMES["senet"].new(2, 1).to_json())
    matches, seats = [], []
    for number in range(1, count + 1):
        pair = chooser.sample(range(1, players + 1), 2)
        stamp = STAMP.format(number // 1_000_000 % 60, number % 1_000_000)
        matches.append(
            (number, "senet", GUILD, 2, "finished", number, 3, "{}", state, pair[0], "resigned", stamp, stamp)
        )
        loser = chooser.randrange(2)
        seats += [
            (number, seat, user, f"member {user}", 1, int(seat == loser)) for seat, user in enumerate(pair)
        ]
    database = await open_database(url)
    try:
        async with database.transaction() as conn:
            await conn.executemany(
                "INSERT INTO matches (id, game, guild_id, channel_id, status, seed, version, options_json,"
                " state_json, host_id, end_reason, finished_at, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(*row, row[-1]) for row in matches],
            )
            await conn.executemany(
                "INSERT INTO seats (match_id, seat, user_id, display_name, accepted, resigned) VALUES (?, ?, ?, ?, ?, ?)",
                seats,
            )
    finally:
        await database.close()


async def time_match_ends(repository: Repository, players: int, repeat: int) -> list[float]:
    """Seconds per match ending in a running season: the standings update (both players' ratings
    and their season lines) in its own transaction, as the match's ending transaction does it."""
    await repository.start_season(GUILD, 1, None, 0.0, None)
    chooser = random.Random(players)
    samples = []
    for turn in range(repeat):
        pair = tuple(chooser.sample(range(1, players + 1), 2))
        stamp = f"2027-01-01T00:00:00.{turn:06d}+00:00"
        result = MatchResult(
            GUILD, FinishedMatch("senet", stamp, pair, (0, 0), (0,)), {u: f"member {u}" for u in pair}
        )
        started = time.perf_counter()
        async with repository.db.transaction() as conn:
            await repository._count_result(conn, 1, result)
        samples.append(time.perf_counter() - started)
    return samples


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


async def measure_one(url: str, count: int, players: int, repeat: int) -> dict:
    await write_finished_matches(url, count, players)
    engines = {game_id: kit.engine for game_id, kit in KITS.items()}
    started = time.perf_counter()
    repository = await Repository.open(url, engines)  # counts the matches in: the upgrade
    upgrade = time.perf_counter() - started
    try:
        leaderboard, stats = [], []
        for turn in range(repeat):
            started = time.perf_counter()
            await repository.leaderboard(GUILD, "senet", 10)
            leaderboard.append(time.perf_counter() - started)
            started = time.perf_counter()
            await repository.standings_of(GUILD, turn % players + 1)
            stats.append(time.perf_counter() - started)
        match_ends = await time_match_ends(repository, players, repeat)
        replays = []
        for _ in range(3):
            started = time.perf_counter()
            ids = await repository.db.fetchall(FINISHED_IN, (GUILD,))
            finished = [MatchResult.of(await repository.load(row["id"])).finished for row in ids]
            ratings(finished, "senet")
            replays.append(time.perf_counter() - started)
    finally:
        await repository.close()
    return {
        "upgrade_s": round(upgrade, 3),
        "leaderboard_ms": round(median_ms(leaderboard), 3),
        "stats_ms": round(median_ms(stats), 3),
        "match_end_ms": round(median_ms(match_ends), 3),
        "replay_ms": round(median_ms(replays), 1),
    }


async def measure(sizes: list[int], players: int, repeat: int) -> dict:
    return await at_each_size(sizes, lambda url, count: measure_one(url, count, players, repeat))


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.standings", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--matches", type=int, nargs="+", default=[10, 10_000], help="finished matches")
    parser.add_argument("--players", type=int, default=50, help="members of the server who played")
    parser.add_argument("--repeat", type=int, default=200, help="reads timed per size")
    args = parser.parse_args()
    sizes = sorted(args.matches)
    results = asyncio.run(measure(sizes, args.players, args.repeat))
    print(as_text(results, sizes, args.players, args.repeat))
    print(json.dumps(results))


def as_text(results: dict, sizes: list[int], players: int, repeat: int) -> str:
    lines = [f"Standings, {players} players, median of {repeat} (ms; ratios against {sizes[0]} finished):"]
    for database, by_size in results.items():
        base = by_size[sizes[0]]
        for count, numbers in by_size.items():
            lines.append(
                f"  {database:10} {count:>7} finished: a match's end (ratings + season)"
                f" {numbers['match_end_ms']:.2f} ({numbers['match_end_ms'] / base['match_end_ms']:.2f}x);"
                f" leaderboard {numbers['leaderboard_ms']:.2f}"
                f" ({numbers['leaderboard_ms'] / base['leaderboard_ms']:.2f}x), stats {numbers['stats_ms']:.2f}"
                f" ({numbers['stats_ms'] / base['stats_ms']:.2f}x); replaying every match instead"
                f" {numbers['replay_ms']:.0f} ({numbers['replay_ms'] / base['replay_ms']:.1f}x);"
                f" the one-time conversion (replaying them through OpenSkill) {numbers['upgrade_s']:.2f} s"
            )
    return "\n".join(lines)


if __name__ == "__main__":
    main()
