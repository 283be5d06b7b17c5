"""Fit the Senet player's learned evaluation to the outcomes of self-play.

`python -m benchmarks.train_senet [--round R] [--games N] [--explore P] [--seed S] [--jobs J] [--write]`

Both seats play one ply deep, each move a random one with chance `--explore` so that unusual
positions turn up too: in round 1 by the hand-tuned race (`computer.senet.evaluate`), in each later
round by the evaluation the round before fitted (`computer.senet_weights.FITS`). Every position
reached (after a move, before the next roll) is read as `computer.senet.features` for player A and
labelled with whether A went on to win. A logistic regression (Newton's method, a little ridge)
then gives one weight per feature: the learned evaluation is the win chance it predicts. With
`--write` the weights become round R in `computer/senet_weights.py` (later rounds are dropped).
The same arguments give the same weights.

`--compare A B` instead plays fit A's one-ply player against fit B's (0 is the hand-tuned race),
`--games` matches from `--seed`, seats alternated on each seed, and prints A's share.

This needs numpy (a test extra); the player itself only reads the written weights.
"""

from __future__ import annotations

import argparse
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from benchmarks.computer import wilson
from computer import senet as player
from computer.senet_weights import COMMANDS, FITS
from games import GAMES

WEIGHTS_FILE = Path(__file__).resolve().parent.parent / "computer" / "senet_weights.py"
RIDGE = 1.0
NEWTON_STEPS = 12


def evaluation_of(fit: int):
    """Fit `fit`'s evaluation: 0 is the hand-tuned race, n the learned weights of round n."""
    if fit == 0:
        return player.evaluate
    if fit not in _FITTED:
        _FITTED[fit] = player.Learned(FITS[fit - 1])
    return _FITTED[fit]


_FITTED: dict[int, player.Learned] = {}


def one_ply_move(state, seat: int, evaluation):
    """The move whose position `evaluation` rates best for the player to move."""
    mover = state.current
    return max(state.legal_actions(seat), key=lambda m: evaluation(player.after(state, seat, m), mover))


def self_play(task: tuple[int, float, int]) -> tuple[list[list[float]], float]:
    """One match of a round's one-ply player against itself: the features of every position for
    player A, and 1.0 if A won."""
    seed, explore, round_ = task
    evaluation = evaluation_of(round_ - 1)  # the round before's player
    state = GAMES["senet"].new(2, seed)
    rng = random.Random(seed)
    rows = []
    while not state.is_over:
        seat = state.to_move[0]
        moves = state.legal_actions(seat)
        if len(moves) == 1:
            move = moves[0]
        elif rng.random() < explore:
            move = rng.choice(moves)
        else:
            move = one_ply_move(state, seat, evaluation)
        state.apply(seat, move)
        if not state.is_over:
            rows.append(player.features(state, "a"))
    return rows, 1.0 if state.winner == "a" else 0.0


def fit(rows, outcomes):
    """Logistic regression without an intercept (the features are already A's minus B's)."""
    import numpy as np

    x = np.asarray(rows, dtype=float)
    y = np.asarray(outcomes, dtype=float)
    weights = np.zeros(x.shape[1])
    ridge = RIDGE * np.eye(x.shape[1])
    for _ in range(NEWTON_STEPS):
        predicted = 1.0 / (1.0 + np.exp(-(x @ weights)))
        gradient = x.T @ (predicted - y) + RIDGE * weights
        hessian = (x * (predicted * (1.0 - predicted))[:, None]).T @ x + ridge
        weights -= np.linalg.solve(hessian, gradient)
    return [round(float(w), 5) for w in weights]


def train(round_: int, games: int, explore: float, seed: int, jobs: int) -> list[float]:
    if not 1 <= round_ <= len(FITS) + 1:
        raise SystemExit(f"round {round_} needs round {round_ - 1} first: {len(FITS)} are fitted")
    import numpy as np

    tasks = [(seed + number, explore, round_) for number in range(games)]
    rows, outcomes = [], []
    with ProcessPoolExecutor(jobs) as pool:
        for match_rows, won in pool.map(self_play, tasks, chunksize=20):
            rows.append(np.asarray(match_rows, dtype=float))  # an array per match: lists of floats take 8x
            outcomes += [won] * len(match_rows)
    return fit(np.concatenate(rows), outcomes)


def duel(task: tuple[int, int, int]) -> float:
    """One match of fit `first`'s one-ply player in seat 0 against fit `second`'s: 1.0 if seat 0 won."""
    seed, first, second = task
    evaluations = (evaluation_of(first), evaluation_of(second))
    state = GAMES["senet"].new(2, seed)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, one_ply_move(state, seat, evaluations[seat]))
    return 1.0 if state.seat_of(state.winner) == 0 else 0.0


def compare(first: int, second: int, games: int, seed: int, jobs: int) -> float:
    """Fit `first`'s share of `games` one-ply matches against fit `second`'s, seats alternated on
    each seed."""
    tasks = [
        (seed + number // 2, *((first, second) if number % 2 == 0 else (second, first)))
        for number in range(games)
    ]
    with ProcessPoolExecutor(jobs) as pool:
        results = list(pool.map(duel, tasks, chunksize=20))
    return sum(won if number % 2 == 0 else 1.0 - won for number, won in enumerate(results)) / games


def weights_module(fits: list[tuple[str, list[float]]]) -> str:
    """The weights file for `fits`, each round's command and weights."""
    lines = [
        '"""The Senet player\'s learned evaluations, one per round of self-play fitting, each written by',
        'its command in COMMANDS. One weight per `computer.senet.FEATURES` entry, in order."""',
        "",
        "COMMANDS = (",
        *(f'    "{command}",' for command, _ in fits),
        ")",
        "FITS = (",
    ]
    for number, (_command, weights) in enumerate(fits, start=1):
        lines += [f"    # round {number}", "    ("]
        lines += [f"        {w!r},  # {name}" for w, name in zip(weights, player.FEATURES, strict=True)]
        lines.append("    ),")
    lines += [")", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.train_senet", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--round", type=int, default=1, help="which fit: 1 from hand-tuned play (default)")
    parser.add_argument("--games", type=int, default=4000, help="self-play matches (default 4000)")
    parser.add_argument("--explore", type=float, default=0.05, help="chance of a random move (default 0.05)")
    parser.add_argument("--seed", type=int, default=0, help="the first match's seed (default 0)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--write", action="store_true", help=f"write the weights to {WEIGHTS_FILE.name}")
    parser.add_argument(
        "--compare",
        nargs=2,
        type=int,
        metavar=("A", "B"),
        help="instead of fitting: play fit A's one-ply player against fit B's (0 is hand-tuned)",
    )
    args = parser.parse_args(argv)
    if args.compare:
        first, second = args.compare
        share = compare(first, second, args.games, args.seed, args.jobs)
        low, high = wilson(share * args.games, args.games)
        print(
            f"fit {first} against fit {second}, one ply: {share:.1%} ({low:.1%}-{high:.1%}) of {args.games}"
        )
        return
    weights = train(args.round, args.games, args.explore, args.seed, args.jobs)
    for name, weight in zip(player.FEATURES, weights, strict=True):
        print(f"{name:>24} {weight:+.4f}")
    if args.write:
        command = (
            f"python -m benchmarks.train_senet --round {args.round} --games {args.games} "
            f"--explore {args.explore} --seed {args.seed} --write"
        )
        kept = list(zip(COMMANDS, FITS, strict=True))[: args.round - 1]
        WEIGHTS_FILE.write_text(weights_module([*kept, (command, weights)]))
        print(f"written to {WEIGHTS_FILE}")


if __name__ == "__main__":
    main()
