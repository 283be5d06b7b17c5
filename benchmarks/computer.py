"""The computer player's strength and speed, against players it was not tuned against.

`python -m benchmarks.computer [--quick] [--matches N] [--jobs N] [--games ID ...] [--sections ...]`,
from the repository root. Matches run in a process pool (`--jobs`); decision times are measured
afterwards in this process alone. Progress goes to stderr, the table to stdout. A measuring tool:
it prints the numbers next to the targets and judges nothing.

Opponents:
- "greedy": the independent one-ply baselines of `benchmarks.baselines` (no search: the action
  whose resulting position scores best on an obvious heuristic).
- "random": uniformly random legal actions.

Sections (`--sections`, default all but `random`):
- `greedy`: each level against greedy. Two-player games: seats alternated, draws count half
  (Combat with its 30-round limit, which adjudicates every match). Trickery and Flood: the level
  in one seat (rotated) against two greedy seats, the share of matches it finishes first
  (shared firsts count), next to the fair share, 1/3.
- `levels`: hard against normal, the same way; with three players, hard in one seat against two
  normal seats, scored per opponent: 1 for finishing ahead of that seat, a half for level, 0 behind
  (the share of head-to-head meetings hard wins, so "hard beats normal 70%" reads as with two).
- `random`: normal against random players, as the earlier benchmark did.
- `times`: seconds per decision on one core, per game and level, on mid-game positions of greedy
  games where the seat to move has a choice.
- `clicks`: players' clicks through the real bot in SimCord (`benchmarks.clicks`), each game
  timed alone and then while 10 computer matches' hard decisions keep the bot's computer pool
  (one worker process, the default) busy: the click's own cost in the bot, p95, side by side.

Every share comes with its 95% Wilson interval over the matches played (draws as half a win make
it, if anything, too wide). With `--width W` each pairing plays until its interval is at most W
points either side (after a whole seat rotation and at least MIN_MATCHES), `--matches` being the cap.
`--log FILE` keeps every match as it finishes; `--resume` counts those and plays on from them, so a
long run survives being stopped.
Seeds start at `--first-seed` (default 1,000,000), far from any seed the players were tuned on.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import multiprocessing
import random
import signal
import sys
import time
from collections import defaultdict
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass
from pathlib import Path

import computer
from games import GAMES

from .baselines import greedy_action
from .stats import median, p95

TWO_PLAYER = ("mars", "senet", "combat")
OPTIONS = {"combat": {"rounds": 30}}  # a round limit: the match is adjudicated, never left hanging
ACTION_CAP = 5000  # a match still running after this many actions is undecided (an engine bug)
LEVELS = ("easy", "normal", "hard")
SECTIONS = ("greedy", "levels", "random", "times", "clicks")
BUSY_MATCHES = 10  # computer matches thinking at once while clicks are timed
STEP_SECONDS = 60  # an action (or a decision) that takes longer is a hung engine: the match is stopped
TARGETS = {
    ("greedy", "normal", 2): ">= 60%",
    ("greedy", "hard", 2): ">= 75%",
    ("greedy", "hard", 3): ">= 50% (1.5x fair)",
    ("greedy", "easy", 2): "< 50% (a beginner)",
    ("greedy", "easy", 3): "< 33% (a beginner)",
    ("levels", "hard", 2): ">= 70%",
    ("levels", "hard", 3): ">= 70% of meetings",
    ("random", "normal", 2): "",
}
TIME_TARGETS_MS = {"normal": 300, "hard": 2000}
MIN_MATCHES = 30  # with --width: fewer matches than this never close a pairing


@dataclass(frozen=True)
class Task:
    section: str
    game_id: str
    players: tuple[str, ...]  # per seat: a level, "greedy" or "random"
    subject: str  # the level measured (its seat is players.index(subject))
    seed: int


@dataclass(frozen=True)
class MatchResult:
    task: Task
    winners: tuple[int, ...] | None  # None: stopped (action cap or a hung engine)
    actions: int
    seconds: float
    hung: bool = False
    scores: tuple[int, ...] | None = None  # the final scores (absent in logs from before they were kept)

    @property
    def score(self) -> float:
        """The subject's result: 1 a win, 0 a loss; in two-player games a shared win (a draw) is a
        half. With more players: against greedy, finishing first (a shared first counts); against
        normal, the mean of its head-to-head results with each other seat (`ahead_of`)."""
        seat = self.task.players.index(self.task.subject)
        n = len(self.task.players)
        if n > 2 and self.task.section == "levels":
            others = [other for other in range(n) if other != seat]
            return sum(self.ahead_of(seat, other) for other in others) / len(others)
        if seat not in self.winners:
            return 0.0
        return 1.0 / len(self.winners) if n == 2 else 1.0

    def ahead_of(self, seat: int, other: int) -> float:
        """1 if `seat` finished ahead of `other`, a half if level, 0 if behind: the winners are
        ahead of everyone else, and the rest are ordered by score the way the winners' score points
        (higher is better unless the winners hold the lowest score)."""
        if (seat in self.winners) != (other in self.winners):
            return 1.0 if seat in self.winners else 0.0
        if seat in self.winners or self.scores is None:
            return 0.5
        best = self.scores[self.winners[0]]
        sign = -1 if best == min(self.scores) and best != max(self.scores) else 1
        difference = sign * (self.scores[seat] - self.scores[other])
        return 1.0 if difference > 0 else 0.0 if difference < 0 else 0.5


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


def next_action(state, seat: int, player: str, rng: random.Random, seed: int):
    if player == "random":
        legal = state.legal_actions(seat)
        return legal[rng.randrange(len(legal))]
    if player == "greedy":
        return greedy_action(state, seat, rng)
    return computer.choose(state, seat, level=player, seed=seed)


def play_match(task: Task) -> MatchResult:
    """One match, stopped and counted undecided at the action cap or if one step never returns."""
    state = GAMES[task.game_id].new(len(task.players), task.seed, OPTIONS.get(task.game_id))
    rng = random.Random(f"opponents:{task.seed}")
    actions = 0
    hung = False
    start = time.perf_counter()
    try:
        while not state.is_over and actions < ACTION_CAP:
            seat = state.to_move[0]
            with deadline():
                action = next_action(state, seat, task.players[seat], rng, task.seed * 100_003 + actions)
                state.apply(seat, action)
            actions += 1
    except Hung:
        hung = True
    finished = state.is_over and not hung
    return MatchResult(
        task,
        state.outcome.winners if finished else None,
        actions,
        time.perf_counter() - start,
        hung,
        state.outcome.scores if finished else None,
    )


def result_to_json(result: MatchResult) -> dict:
    return {**asdict(result), "task": asdict(result.task)}


def result_from_json(line: str) -> MatchResult:
    data = json.loads(line)
    task = data.pop("task")
    task["players"] = tuple(task["players"])
    winners = data.pop("winners")
    scores = data.pop("scores", None)
    return MatchResult(
        Task(**task),
        tuple(winners) if winners is not None else None,
        **data,
        scores=tuple(scores) if scores is not None else None,
    )


def read_log(path: str) -> list[MatchResult]:
    """The matches a --log file holds, each task once (a match replays identically from its seed,
    so a task logged twice by runs that overlapped is the same result)."""
    results = {}
    for line in Path(path).read_text().splitlines():
        if line:
            result = result_from_json(line)
            results.setdefault(result.task, result)
    return list(results.values())


def seatings(subject: str, opponent: str, n: int, index: int) -> tuple[str, ...]:
    """The subject in seat `index % n`, the opponent in every other seat."""
    players = [opponent] * n
    players[index % n] = subject
    return tuple(players)


def pairings_for(
    games: list[str], sections: list[str], levels: tuple[str, ...] = LEVELS
) -> list[tuple[str, int, str, str, str]]:
    """(game, players, section, subject, opponent) for every pairing the sections ask for."""
    pairings = []
    for game_id in games:
        n = 2 if game_id in TWO_PLAYER else 3
        if "greedy" in sections:
            pairings += [(game_id, n, "greedy", level, "greedy") for level in levels]
        if "levels" in sections and {"hard", "normal"} <= set(levels):
            pairings.append((game_id, n, "levels", "hard", "normal"))
        if "random" in sections:
            pairings.append((game_id, n, "random", "normal", "random"))
    return pairings


def pairing_key(task: Task) -> tuple:
    """The (game, players, section, subject) that name a task's pairing, as `pairings_for` begins."""
    return (task.game_id, len(task.players), task.section, task.subject)


def pairing_tasks(pairing: tuple, matches: int, first_seed: int) -> list[Task]:
    """A pairing's matches in order. Seats rotate; each seed is played once per rotation step, so
    both sides see the same deals and dice sequences from opposite seats."""
    game_id, n, section, subject, opponent = pairing
    return [
        Task(section, game_id, seatings(subject, opponent, n, index), subject, first_seed + index // n)
        for index in range(matches)
    ]


def tasks_for(
    games: list[str], sections: list[str], matches: int, first_seed: int, levels: tuple[str, ...] = LEVELS
) -> list[Task]:
    """Every pairing's matches, interleaved match by match, so a run stopped early (with --log) is
    still balanced."""
    queues = [pairing_tasks(p, matches, first_seed) for p in pairings_for(games, sections, levels)]
    return [queue[index] for index in range(matches) for queue in queues]


def narrow_enough(results: list[MatchResult], width: float) -> bool:
    """Whether a pairing's decided matches give a 95% interval at most `width` either side of the
    share, after a whole seat rotation and at least MIN_MATCHES."""
    decided = [r for r in results if r.winners is not None]
    if len(decided) < MIN_MATCHES or len(results) % len(results[0].task.players):
        return False
    score = sum(r.score for r in decided)
    low, high = wilson(score, len(decided))
    share = score / len(decided)
    return max(share - low, high - share) <= width


def run_pairings(
    pairings: list[tuple],
    matches: int,
    first_seed: int,
    width: float | None,
    jobs: int,
    record,
    earlier: list[MatchResult] = (),
) -> None:
    """Plays the pairings' matches on `jobs` worker processes, always starting the next match of the
    open pairing with fewest started; a pairing closes at `matches`, or (with `width`) once its
    interval is narrow enough. `record` gets each result as it comes. Matches in `earlier` (a
    resumed run's log) count as played and are not played again."""
    queues = {p: pairing_tasks(p, matches, first_seed) for p in pairings}
    done = {result.task for result in earlier}
    started = dict.fromkeys(pairings, 0)
    finished = {p: [] for p in pairings}
    closed = set()

    def pairing_of(task: Task) -> tuple | None:
        return next((p for p in pairings if p[:4] == pairing_key(task)), None)

    def close_if_narrow(pairing: tuple) -> None:
        if width is not None and narrow_enough(finished[pairing], width):
            closed.add(pairing)

    for result in earlier:
        if (pairing := pairing_of(result.task)) is not None:
            finished[pairing].append(result)
    for pairing in pairings:
        if finished[pairing]:
            close_if_narrow(pairing)

    def next_task() -> Task | None:
        while True:
            open_ = [p for p in pairings if p not in closed and started[p] < matches]
            if not open_:
                return None
            pairing = min(open_, key=lambda p: started[p])
            started[pairing] += 1
            task = queues[pairing][started[pairing] - 1]
            if task not in done:
                return task

    def finish(result: MatchResult) -> None:
        pairing = pairing_of(result.task)
        finished[pairing].append(result)
        close_if_narrow(pairing)
        record(result)

    if jobs <= 1:
        while (task := next_task()) is not None:
            finish(play_match(task))
        return
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(jobs, mp_context=context) as pool:
        running = set()
        while True:
            while len(running) < jobs and (task := next_task()) is not None:
                running.add(pool.submit(play_match, task))
            if not running:
                return
            completed, running = wait(running, return_when=FIRST_COMPLETED)
            for future in completed:
                finish(future.result())


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share (score successes out of n)."""
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def decision_times(games: list[str], positions: int, levels: tuple[str, ...]) -> dict:
    """Seconds per decision, per game and level, on mid-game positions of greedy games (a random
    20-80% of the way through) where the seat to move has a choice."""
    times = defaultdict(list)
    for game_id in games:
        game = GAMES[game_id]
        found = 0
        seed = 0
        while found < positions:
            seed += 1
            n = game.min_players if seed % 2 else game.max_players
            state = greedy_position(game_id, n, seed)
            if state is None:
                continue
            seat = state.to_move[0]
            found += 1
            for level in levels:
                start = time.perf_counter()
                with contextlib.suppress(Hung), deadline():
                    computer.choose(state, seat, level=level, seed=seed)
                    times[game_id, level].append(time.perf_counter() - start)
    return times


def greedy_position(game_id: str, n: int, seed: int):
    """A position partway through a greedy game where the seat to move has a choice, or None."""
    state = GAMES[game_id].new(n, seed, OPTIONS.get(game_id))
    rng = random.Random(f"position:{seed}")
    cut = rng.randrange(10, 80)
    for _ in range(cut):
        if state.is_over:
            return None
        seat = state.to_move[0]
        state.apply(seat, greedy_action(state, seat, rng))
    while not state.is_over:
        seat = state.to_move[0]
        if len(state.legal_actions(seat)) > 1:
            return state
        state.apply(seat, state.legal_actions(seat)[0])
    return None


def click_load(games: list[str], moves: int) -> dict:
    """In-bot click times (ms) per game: alone, then with BUSY_MATCHES computer matches thinking."""
    import asyncio

    from .clicks import ThinkingLoad, measure_game

    found = {}
    for game_id in games:
        quiet = asyncio.run(measure_game(game_id, moves))
        load = ThinkingLoad(BUSY_MATCHES)
        busy = asyncio.run(measure_game(game_id, moves, load=load))
        found[game_id] = (quiet.handled_ms, busy.handled_ms, load.decisions)
    return found


def percent(share: float) -> str:
    return f"{100 * share:.1f}%"


def strength_lines(results: list[MatchResult], games: list[str]) -> list[str]:
    lines = ["strength: the subject's share of matches (two players: draws count half)"]
    lines.append(
        f"{'game':<10}{'players':>8}{'subject':>9}{'against':>9}{'matches':>9}{'draws':>7}"
        f"{'stopped':>9}{'score':>8}{'95% interval':>17}  target"
    )
    groups = defaultdict(list)
    for result in results:
        task = result.task
        against = next(p for p in task.players if p != task.subject)
        groups[task.section, task.game_id, task.subject, against].append(result)
    for (section, game_id, subject, against), done in sorted(
        groups.items(),
        key=lambda item: (games.index(item[0][1]), SECTIONS.index(item[0][0]), LEVELS.index(item[0][2])),
    ):
        n = len(done[0].task.players)
        decided = [r for r in done if r.winners is not None]
        draws = sum(1 for r in decided if len(r.winners) > 1 and n == 2)
        score = sum(r.score for r in decided)
        low, high = wilson(score, len(decided))
        share = score / len(decided) if decided else 0.0
        target = TARGETS.get((section, subject, min(n, 3)), "")
        if n > 2 and not target:
            target = f"fair {100 / n:.0f}%"
        lines.append(
            f"{game_id:<10}{n:>8}{subject:>9}{against:>9}{len(done):>9}{draws:>7}{len(done) - len(decided):>9}"
            f"{percent(share):>8}{f'{percent(low)}-{percent(high)}':>17}  {target}"
        )
    return lines


def report(
    results: list[MatchResult], times: dict, clicks: dict, games: list[str], elapsed: float, args
) -> str:
    lines = [f"Computer player benchmark ({'quick' if args.quick else 'full'}), {elapsed:.0f} s", ""]
    if results:
        lines += strength_lines(results, games)
    if times:
        lines.append("")
        lines.append("decision time, one core, one process (mid-game positions of greedy games)")
        lines.append(f"{'game':<10}{'level':>8}{'positions':>11}{'p50 ms':>9}{'p95 ms':>9}  target")
        for game_id in games:
            for level in LEVELS:
                samples = times.get((game_id, level))
                if samples:
                    target = f"p95 <= {TIME_TARGETS_MS[level]} ms" if level in TIME_TARGETS_MS else ""
                    lines.append(
                        f"{game_id:<10}{level:>8}{len(samples):>11}"
                        f"{1000 * median(samples):>9.0f}{1000 * p95(samples):>9.0f}  {target}"
                    )
    if clicks:
        lines.append("")
        lines.append(
            f"clicks in the bot (claim to messages out), alone and with {BUSY_MATCHES} computer matches thinking"
        )
        lines.append(
            f"{'game':<10}{'moves':>7}{'alone p95':>11}{'busy p95':>10}{'ratio':>7}{'decisions':>11}"
        )
        for game_id, (quiet, busy, decisions) in clicks.items():
            lines.append(
                f"{game_id:<10}{len(busy):>7}{p95(quiet):>9.1f}ms{p95(busy):>8.1f}ms"
                f"{p95(busy) / p95(quiet):>7.2f}{decisions:>11}"
            )
    stopped = [r for r in results if r.winners is None]
    if stopped:
        lines.append("")
        lines.append(
            f"{len(stopped)} match(es) stopped (hung engine or {ACTION_CAP} actions): "
            + ", ".join(f"{r.task.game_id} seed {r.task.seed}" for r in stopped)
        )
    seconds = defaultdict(float)
    for result in results:
        seconds[result.task.game_id] += result.seconds
    if results:
        lines.append("")
        lines.append(
            "match time (summed over workers): "
            + ", ".join(f"{game_id} {seconds[game_id]:.0f} s" for game_id in games if game_id in seconds)
        )
    return "\n".join(lines)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.computer", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--games", nargs="+", choices=sorted(GAMES), default=list(GAMES), metavar="ID")
    parser.add_argument(
        "--sections", nargs="+", choices=SECTIONS, default=["greedy", "levels", "times"], metavar="NAME"
    )
    parser.add_argument("--levels", nargs="+", choices=LEVELS, default=list(LEVELS), metavar="LEVEL")
    parser.add_argument("--quick", action="store_true", help="a few matches only: checks the script works")
    parser.add_argument("--matches", type=int, metavar="N", help="matches per pairing (default 100)")
    parser.add_argument("--positions", type=int, metavar="N", help="positions timed per game (default 30)")
    parser.add_argument("--first-seed", type=int, default=1_000_000, metavar="N")
    parser.add_argument(
        "--log", metavar="FILE", help="append each finished match to FILE (JSON lines), as it finishes"
    )
    parser.add_argument(
        "--resume", action="store_true", help="count the matches already in --log FILE and play on from them"
    )
    parser.add_argument(
        "--report", metavar="FILE", help="print the report of the matches logged in FILE, and play none"
    )
    parser.add_argument("--jobs", type=int, default=1, metavar="N", help="worker processes for the matches")
    parser.add_argument(
        "--width",
        type=float,
        metavar="POINTS",
        help="stop each pairing once its 95%% interval is at most POINTS either side (--matches caps it)",
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    matches = args.matches if args.matches is not None else 2 if args.quick else 100
    positions = args.positions if args.positions is not None else 2 if args.quick else 30
    games = [game_id for game_id in GAMES if game_id in args.games]
    start = time.perf_counter()
    if args.report:
        results = read_log(args.report)
        print(
            report(results, {}, {}, [g for g in games if any(r.task.game_id == g for r in results)], 0, args)
        )
        return 0
    pairings = pairings_for(games, args.sections, tuple(args.levels))
    results = []

    def record(result: MatchResult) -> None:
        results.append(result)
        if args.log:
            with Path(args.log).open("a") as log:
                log.write(json.dumps(result_to_json(result)) + "\n")
        if len(results) % 20 == 0:
            print(f"  {len(results)} matches", file=sys.stderr, flush=True)

    print(
        f"{len(pairings)} pairings, up to {matches} matches each, on {args.jobs} worker(s)...",
        file=sys.stderr,
        flush=True,
    )
    width = args.width / 100 if args.width is not None else None
    earlier = []
    if args.resume and args.log and Path(args.log).exists():
        logged = read_log(args.log)
        asked = {p[:4] for p in pairings}
        earlier = [r for r in logged if pairing_key(r.task) in asked]
        results.extend(earlier)
        print(f"resuming after {len(earlier)} logged matches", file=sys.stderr, flush=True)
    run_pairings(pairings, matches, args.first_seed, width, args.jobs, record, earlier)
    times = {}
    if "times" in args.sections:
        print("timing decisions...", file=sys.stderr, flush=True)
        times = decision_times(games, positions, tuple(args.levels))
    clicks = {}
    if "clicks" in args.sections:
        print("timing clicks, alone and busy...", file=sys.stderr, flush=True)
        clicks = click_load(games, 3 if args.quick else 40)
    print(report(results, times, clicks, games, time.perf_counter() - start, args))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
