"""The computer player's strength and speed: matches against random players and between levels,
and decision times per level.

`python -m benchmarks.computer [--quick] [--matches N] [--jobs N] [--games ID ...]`, from the
repository root. Matches run in a process pool (`--jobs`); decision times are measured afterwards
in this process alone, on positions from random games. Progress goes to stderr, the table to
stdout. A measuring tool: it prints the numbers and the targets, and judges nothing.

- normal vs random: every game, the computer's seat rotated. Two-player games report the
  computer's win % (Combat: of the matches decided before the action cap; undecided are counted);
  Trickery and Flood, at 3 and 4 players with one computer and random others, the % of matches the
  computer finishes first (shared firsts count), next to chance, 1/n.
- hard vs normal and normal vs easy in the two-player games, seats alternated (draws count half).
- "random" picks uniformly among the legal actions.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import random
import signal
import sys
import time
from collections import defaultdict
from dataclasses import dataclass

import computer
from games import GAMES

from .play import random_midgame_position
from .stats import median, p95

ACTION_CAP = {"combat": 2000, "mars": 1500}  # a match still running after this many actions is undecided
TWO_PLAYER = ("mars", "senet", "combat")
TARGETS = {"mars": 95.0, "combat": 90.0, "senet": 80.0}


@dataclass(frozen=True)
class Task:
    section: str  # "random" or "levels"
    game_id: str
    num_players: int
    players: tuple[str, ...]  # per seat: a level or "random"
    seed: int


@dataclass(frozen=True)
class MatchResult:
    task: Task
    winners: tuple[int, ...] | None  # None: stopped at the action cap
    actions: int
    seconds: float
    hung: bool = False  # stopped because the engine never returned from one step


STEP_SECONDS = 30  # an action (or a decision) that takes longer is a hung engine: the match is stopped


class Hung(Exception):
    pass


def _hung(signum, frame):
    raise Hung


@contextlib.contextmanager
def deadline(seconds: int = STEP_SECONDS):
    """Raises Hung inside the block once `seconds` have passed (where the platform has SIGALRM)."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return
    signal.signal(signal.SIGALRM, _hung)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)


def play_match(task: Task) -> MatchResult:
    """One match; stopped and counted undecided at the action cap, or if one step never returns
    (an engine that loops forever; an alarm interrupts it, where the platform has SIGALRM)."""
    game = GAMES[task.game_id]
    state = game.new(task.num_players, task.seed)
    rng = random.Random(f"random-player:{task.seed}")
    cap = ACTION_CAP.get(task.game_id, 100_000)
    actions = 0
    hung = False
    alarm = hasattr(signal, "SIGALRM")
    if alarm:
        signal.signal(signal.SIGALRM, _hung)
    start = time.perf_counter()
    try:
        while not state.is_over and actions < cap:
            if alarm:
                signal.alarm(STEP_SECONDS)
            seat = state.to_move[0]
            player = task.players[seat]
            if player == "random":
                legal = state.legal_actions(seat)
                action = legal[rng.randrange(len(legal))]
            else:
                action = computer.choose(state, seat, level=player, seed=task.seed * 100_003 + actions)
            state.apply(seat, action)
            actions += 1
    except Hung:
        hung = True
    finally:
        if alarm:
            signal.alarm(0)
    winners = state.outcome.winners if state.is_over and not hung else None
    return MatchResult(task, winners, actions, time.perf_counter() - start, hung)


def tasks_for(games: list[str], matches: int, level_matches: int) -> list[Task]:
    tasks = []
    for game_id in games:
        counts = (2,) if game_id in TWO_PLAYER else (3, 4)
        for n in counts:
            for index in range(matches):
                players = ["random"] * n
                players[index % n] = "normal"
                tasks.append(Task("random", game_id, n, tuple(players), 10_000 + index))
        if game_id in TWO_PLAYER:
            for strong, weak in (("hard", "normal"), ("normal", "easy")):
                for index in range(level_matches):
                    players = (strong, weak) if index % 2 == 0 else (weak, strong)
                    tasks.append(Task(f"{strong}-{weak}", game_id, 2, players, 20_000 + index))
    # The slowest first, so the pool's workers finish together.
    return sorted(tasks, key=lambda t: (t.section == "random", t.game_id != "combat"))


def decision_times(games: list[str], positions: int, levels: tuple[str, ...]) -> dict:
    """Seconds per decision, per game and level, on mid-game positions of random games where the
    seat to move has a choice."""
    times = defaultdict(list)
    for game_id in games:
        game = GAMES[game_id]
        found = 0
        seed = 0
        while found < positions:
            seed += 1
            n = game.min_players if seed % 2 else game.max_players
            try:
                with deadline():
                    state = random_midgame_position(game, n, seed)
            except Hung:
                continue
            if state.is_over:
                continue
            seat = state.to_move[0]
            if len(state.legal_actions(seat)) < 2:
                continue
            found += 1
            for level in levels:
                if level == "hard" and found > max(3, positions // 2):
                    continue
                start = time.perf_counter()
                try:
                    with deadline():
                        computer.choose(state, seat, level=level, seed=seed)
                except Hung:
                    continue
                times[game_id, level].append(time.perf_counter() - start)
    return times


def percent(part: float, whole: int) -> str:
    return f"{100 * part / whole:5.1f}%" if whole else "   - "


def report(results: list[MatchResult], times: dict, games: list[str], elapsed: float, args) -> str:
    lines = [f"Computer player benchmark ({'quick' if args.quick else 'full'}), {elapsed:.0f} s"]
    lines.append("")
    lines.append("normal vs random players (computer's seat rotated)")
    lines.append(
        f"{'game':<10}{'players':>8}{'matches':>9}{'undecided':>11}{'computer wins':>15}{'target':>9}"
    )
    groups = defaultdict(list)
    for result in results:
        groups[result.task.section, result.task.game_id, result.task.num_players].append(result)
    for game_id in games:
        for n in (2,) if game_id in TWO_PLAYER else (3, 4):
            done = groups.get(("random", game_id, n), [])
            decided = [r for r in done if r.winners is not None]
            wins = 0.0
            for r in decided:
                seat = r.task.players.index("normal")
                if seat in r.winners:
                    wins += 1 if n > 2 else 1 / len(r.winners)
            if game_id in TWO_PLAYER:
                target = f">={TARGETS[game_id]:.0f}%"
            else:
                target = f">={200 / n:.1f}% (chance {100 / n:.1f}%)"
            lines.append(
                f"{game_id:<10}{n:>8}{len(done):>9}{len(done) - len(decided):>11}"
                f"{percent(wins, len(decided)):>15}   {target}"
            )
    lines.append("")
    lines.append("stronger vs weaker level, two players, seats alternated (draws count half)")
    lines.append(
        f"{'game':<10}{'match-up':>15}{'matches':>9}{'undecided':>11}{'stronger wins':>15}{'target':>9}"
    )
    for game_id in games:
        if game_id not in TWO_PLAYER:
            continue
        for section in ("hard-normal", "normal-easy"):
            done = groups.get((section, game_id, 2), [])
            if not done:
                continue
            strong = section.split("-")[0]
            decided = [r for r in done if r.winners is not None]
            wins = sum(1 / len(r.winners) for r in decided if r.task.players.index(strong) in r.winners)
            lines.append(
                f"{game_id:<10}{section.replace('-', ' vs '):>15}{len(done):>9}"
                f"{len(done) - len(decided):>11}{percent(wins, len(decided)):>15}   >60%"
            )
    lines.append("")
    lines.append("decision time, one core, single process (mid-game positions with a choice)")
    lines.append(f"{'game':<10}{'level':>8}{'positions':>11}{'p50 ms':>9}{'p95 ms':>9}")
    for game_id in games:
        for level in computer.LEVELS:
            samples = times.get((game_id, level))
            if samples:
                lines.append(
                    f"{game_id:<10}{level:>8}{len(samples):>11}"
                    f"{1000 * median(samples):>9.0f}{1000 * p95(samples):>9.0f}"
                )
    lines.append("targets: normal p95 <= 1000 ms, hard p95 <= 3000 ms")
    hung = [r for r in results if r.hung]
    if hung:
        lines.append("")
        lines.append(
            f"{len(hung)} match(es) stopped because the engine hung (counted undecided): "
            + ", ".join(f"{r.task.game_id} {r.task.num_players}p seed {r.task.seed}" for r in hung)
        )
    seconds = defaultdict(float)
    for result in results:
        seconds[result.task.game_id] += result.seconds
    lines.append("")
    lines.append(
        "match time (all sections, summed over workers): "
        + ", ".join(f"{game_id} {seconds[game_id]:.0f} s" for game_id in games)
    )
    return "\n".join(lines)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.computer", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--games", nargs="+", choices=sorted(GAMES), default=list(GAMES), metavar="ID")
    parser.add_argument("--quick", action="store_true", help="a few matches only: checks the script works")
    parser.add_argument(
        "--matches", type=int, metavar="N", help="matches vs random per game and player count (default 200)"
    )
    parser.add_argument(
        "--level-matches", type=int, metavar="N", help="matches per level match-up (default 100)"
    )
    parser.add_argument("--positions", type=int, metavar="N", help="positions timed per game (default 30)")
    parser.add_argument("--jobs", type=int, default=1, metavar="N", help="worker processes for the matches")
    parser.add_argument("--no-levels", action="store_true", help="skip the level match-ups")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    matches = args.matches if args.matches is not None else 4 if args.quick else 200
    level_matches = args.level_matches if args.level_matches is not None else 2 if args.quick else 100
    if args.no_levels:
        level_matches = 0
    positions = args.positions if args.positions is not None else 2 if args.quick else 30
    games = [game_id for game_id in GAMES if game_id in args.games]
    start = time.perf_counter()
    tasks = tasks_for(games, matches, level_matches)
    results = []
    print(f"{len(tasks)} matches on {args.jobs} worker(s)...", file=sys.stderr, flush=True)
    if args.jobs > 1:
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            for index, result in enumerate(pool.imap_unordered(play_match, tasks), start=1):
                results.append(result)
                if index % 50 == 0:
                    print(f"  {index}/{len(tasks)}", file=sys.stderr, flush=True)
    else:
        for index, task in enumerate(tasks, start=1):
            results.append(play_match(task))
            if index % 50 == 0:
                print(f"  {index}/{len(tasks)}", file=sys.stderr, flush=True)
    print("timing decisions...", file=sys.stderr, flush=True)
    times = decision_times(games, positions, tuple(computer.LEVELS))
    print(report(results, times, games, time.perf_counter() - start, args))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
