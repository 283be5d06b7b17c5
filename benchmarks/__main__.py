"""Measure the rules engines' speed, the renderers' time, PNG size and memory, click latency, and
the costs that must not grow with the finished matches: standings, /games and a tournament's
standings (`benchmarks.standings`, `benchmarks.inbox`, `benchmarks.tournament_standings`).

`python -m benchmarks [--games ID ...] [--quick] [--clicks | --no-clicks] [--no-standings]
[--json PATH]`, from the repository root. A measuring tool: it prints numbers and never judges them. Click latency drives
the real bot through SimCord, which comes with the test extras (`pip install -e ".[test]"`).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
from pathlib import Path

from .report import as_json, as_text, game_summary, peak_rss_mb
from .runner import FULL, QUICK, progress, run_game
from .suite import GAME_BENCHMARKS


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games",
        nargs="+",
        choices=sorted(GAME_BENCHMARKS),
        default=sorted(GAME_BENCHMARKS),
        metavar="ID",
        help=f"games to measure (default: all of {', '.join(sorted(GAME_BENCHMARKS))})",
    )
    parser.add_argument("--quick", action="store_true", help="a few iterations only: checks the script works")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the numbers to PATH as JSON")
    clicks = parser.add_mutually_exclusive_group()
    clicks.add_argument(
        "--clicks",
        action="store_true",
        help="only click latency: moves played by clicks on the real bot in SimCord (needs the test extras)",
    )
    clicks.add_argument("--no-clicks", action="store_true", help="skip click latency (no SimCord needed)")
    parser.add_argument(
        "--no-standings",
        action="store_true",
        help="skip the standings with 10 vs 10,000 finished matches (starts a throwaway PostgreSQL)",
    )
    parser.add_argument(
        "--click-moves",
        type=int,
        metavar="N",
        help=f"timed moves per game for click latency (default {FULL.click_moves}, quick {QUICK.click_moves})",
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    mode, budget = ("quick", QUICK) if args.quick else ("full", FULL)
    summaries = {}
    if not args.clicks:
        summaries = {
            game_id: game_summary(run_game(GAME_BENCHMARKS[game_id], budget)) for game_id in args.games
        }
    clicks = {}
    if not args.no_clicks:
        if importlib.util.find_spec("simcord") is None:
            raise SystemExit("Click latency needs SimCord: pip install -e '.[test]', or use --no-clicks.")
        from .clicks import click_summary, measure_clicks

        moves = args.click_moves or budget.click_moves
        clicks = {
            game_id: click_summary(times)
            for game_id, times in measure_clicks(args.games, moves, progress).items()
        }
    standings = {}
    if not (args.clicks or args.no_standings):
        from . import inbox, tournament_standings
        from . import standings as standings_benchmark

        sizes, repeat = ([10, 200], 10) if args.quick else ([10, 10_000], 200)
        progress(
            f"standings, /games and a tournament's standings with {' and '.join(map(str, sizes))} finished matches"
        )
        standings = asyncio.run(standings_benchmark.measure(sizes, 50, repeat))
        games = asyncio.run(inbox.measure(sizes, repeat))
        tournament = asyncio.run(tournament_standings.measure(sizes, max(3, repeat // 4)))
    peak_mb = peak_rss_mb()  # after everything has run
    print(as_text(mode, summaries, clicks, peak_mb))
    if standings:
        print(standings_benchmark.as_text(standings, sizes, 50, repeat))
        print(inbox.as_text(games, sizes, repeat))
        print(tournament_standings.as_text(tournament, sizes, max(3, repeat // 4)))
    if args.json:
        league = (
            {"standings": standings, "games": games, "tournament_standings": tournament} if standings else {}
        )
        numbers = as_json(mode, summaries, clicks, peak_mb) | league
        args.json.write_text(json.dumps(numbers, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
