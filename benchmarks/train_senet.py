"""Fit the Senet player's learned evaluation to the outcomes of self-play.

`python -m benchmarks.train_senet [--games N] [--explore P] [--seed S] [--jobs J] [--write]`

Both seats play one ply deep with the hand-tuned race (`computer.senet.evaluate`), each move a
random one with chance `--explore` so that unusual positions turn up too. Every position reached
(after a move, before the next roll) is read as `computer.senet.features` for player A and
labelled with whether A went on to win. A logistic regression (Newton's method, a little ridge)
then gives one weight per feature: the learned evaluation is the win chance it predicts. With
`--write` the weights go to `computer/senet_weights.py`. The same arguments give the same weights.

This needs numpy (a test extra); the player itself only reads the written weights.
"""

from __future__ import annotations

import argparse
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from computer import senet as player
from games import GAMES

WEIGHTS_FILE = Path(__file__).resolve().parent.parent / "computer" / "senet_weights.py"
RIDGE = 1.0
NEWTON_STEPS = 12


def self_play(task: tuple[int, float]) -> tuple[list[list[float]], float]:
    """One match of the hand-tuned one-ply player against itself: the features of every position
    for player A, and 1.0 if A won."""
    seed, explore = task
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
            mover = state.current
            move = max(moves, key=lambda m: player.evaluate(player.after(state, seat, m), mover))
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


def train(games: int, explore: float, seed: int, jobs: int) -> list[float]:
    tasks = [(seed + number, explore) for number in range(games)]
    rows, outcomes = [], []
    with ProcessPoolExecutor(jobs) as pool:
        for match_rows, won in pool.map(self_play, tasks, chunksize=20):
            rows += match_rows
            outcomes += [won] * len(match_rows)
    return fit(rows, outcomes)


def weights_module(weights: list[float], games: int, explore: float, seed: int) -> str:
    lines = [
        f'"""The Senet player\'s learned evaluation: written by `python -m benchmarks.train_senet --games {games}',
        f'--explore {explore} --seed {seed} --write`. One weight per `computer.senet.FEATURES` entry, in order."""',
        "",
        "LEARNED_WEIGHTS = (",
        *(f"    {weight!r},  # {name}" for weight, name in zip(weights, player.FEATURES, strict=True)),
        ")",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.train_senet", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--games", type=int, default=4000, help="self-play matches (default 4000)")
    parser.add_argument("--explore", type=float, default=0.05, help="chance of a random move (default 0.05)")
    parser.add_argument("--seed", type=int, default=0, help="the first match's seed (default 0)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--write", action="store_true", help=f"write the weights to {WEIGHTS_FILE.name}")
    args = parser.parse_args(argv)
    weights = train(args.games, args.explore, args.seed, args.jobs)
    for name, weight in zip(player.FEATURES, weights, strict=True):
        print(f"{name:>24} {weight:+.4f}")
    if args.write:
        WEIGHTS_FILE.write_text(weights_module(weights, args.games, args.explore, args.seed))
        print(f"written to {WEIGHTS_FILE}")


if __name__ == "__main__":
    main()
