"""Measure the rules engines' speed and the renderers' time, PNG size and memory.

`python -m benchmarks [--games ID ...] [--quick] [--json PATH]`, from the repository root. A
measuring tool: it prints numbers and never judges them.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from .report import as_json, as_text, game_summary, peak_rss_mb
from .runner import FULL, QUICK, run_game
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
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    mode, budget = ("quick", QUICK) if args.quick else ("full", FULL)
    summaries = {game_id: game_summary(run_game(GAME_BENCHMARKS[game_id], budget)) for game_id in args.games}
    peak_mb = peak_rss_mb()  # after everything has run
    print(as_text(mode, summaries, peak_mb))
    if args.json:
        args.json.write_text(json.dumps(as_json(mode, summaries, peak_mb), indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
