"""A mutation sample: how many small, real bugs the tests catch.

    python -m benchmarks.mutation [--mutants 48] [--seed 30] [--jobs 1]

Picks mutants at random (seeded), a third each, from the rules engines (`games/`), the bot's service and
agreements and the computer players (`computer/`): a comparison turned (`<` to `<=`, `==` to
`!=`), an arithmetic or boolean operator swapped, a number moved by one, a `not` dropped, a
return of True/False flipped. Docstrings, logging, asserts and the computer levels' budgets (tuning, which
`python -m benchmarks.computer` measures) are left alone. Each mutant is
written into a scratch copy of the tree and the tests that cover its module run against it
(`-x`, stop at the first failure): a failure kills it. Prints a table of every mutant and the
share killed. Slow by nature (minutes); not part of the test suite.
"""

from __future__ import annotations

import argparse
import ast
import os
import queue
import random
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import games

ROOT = Path(__file__).resolve().parents[1]
GAMES = tuple(games.GAMES)  # a module named after a game is tested with that game's tests


def tests_for(module: str) -> list[str]:
    """The tests that cover a module: for a game's engine or computer player, every test of that
    folder about the game (its own and the shared protocol checks); for the rest of an area, the
    whole folder; for the bot, the service's own tests and the end-to-end ones about its rules."""
    path = Path(module)
    folder = {"games": "tests/games", "computer": "tests/computer"}.get(path.parts[0])
    if folder:
        game = next((g for g in GAMES if path.stem.startswith(g)), None)
        return [folder, "-k", game] if game else [folder]
    return [f"tests/bot/test_{name}.py" for name in BOT_TESTS]


BOT_TESTS = (
    "storage",
    "agreements",
    "settings",
    "seats",
    "thinking",
    "replay",
    "e2e_agreements",
    "e2e_lifecycle",
    "hostile_holes",
    "e2e_deadlines",
    "e2e_computer_players",
    "e2e_learning",
)


def candidate_files() -> list[str]:
    files = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "games").glob("*.py"))]
    files += [str(p.relative_to(ROOT)) for p in sorted((ROOT / "computer").glob("*.py"))]
    files += [file for file in BOT_SERVICE if (ROOT / file).is_file()]
    return [f for f in files if not f.endswith("__init__.py") and "weights" not in f]


# The match service and the features cut out of it, and the agreements (take-backs and draws).
BOT_SERVICE = ("bot/service.py", "bot/computer_turns.py", "bot/preferences.py", "bot/agreements.py")
# A mutant whose tests run this long hangs them: killed. About twice the slowest subset of the
# games and the bot; the computer players' subsets all take under a minute (mars, the slowest, 36 s).
TIME_LIMIT = 1200
COMPUTER_TIME_LIMIT = 600


def time_limit(module: str) -> int:
    return COMPUTER_TIME_LIMIT if module.startswith("computer/") else TIME_LIMIT


# Tables of tuning, not of rules: what a level may spend (`benchmarks.computer` measures them).
TUNING = {"LEVELS"}


SWAPS = {
    ast.Lt: "<=",
    ast.LtE: "<",
    ast.Gt: ">=",
    ast.GtE: ">",
    ast.Eq: "!=",
    ast.NotEq: "==",
    ast.Add: "-",
    ast.Sub: "+",
    ast.Mult: "//",
    ast.And: "or",
    ast.Or: "and",
}
SYMBOLS = {
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.And: "and",
    ast.Or: "or",
}


LOGGING = {"debug", "info", "warning", "error", "exception"}


@dataclass(frozen=True)
class Mutant:
    file: str
    line: int
    before: str  # the line as it was
    after: str  # the line mutated

    def describe(self) -> str:
        return f"{self.file}:{self.line}: `{self.before.strip()}` -> `{self.after.strip()}`"


def skipped_lines(tree: ast.AST) -> set[int]:
    """Docstrings, asserts, logging and tuning tables: changing them is no bug a player could meet
    (a level's budget makes it stronger or weaker, which the strength benchmarks measure)."""
    lines: set[int] = set()
    for node in getattr(tree, "body", []):
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) in TUNING for t in node.targets):
            lines.update(range(node.lineno, node.end_lineno + 1))
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if (
            isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
        ):
            lines.update(range(first.lineno, first.end_lineno + 1))
        logs = isinstance(node, ast.Call) and getattr(node.func, "attr", None) in LOGGING
        if logs or isinstance(node, ast.Assert | ast.Raise):
            lines.update(range(node.lineno, node.end_lineno + 1))
    return lines


def mutants_of(file: str) -> list[Mutant]:
    source = (ROOT / file).read_text()
    lines = source.splitlines()
    tree = ast.parse(source)
    skip = skipped_lines(tree)
    found: list[Mutant] = []

    def swap(line: int, old: str, new: str) -> None:
        text = lines[line - 1]
        padded = f" {old} "
        if line in skip or text.count(padded) != 1:
            return  # ambiguous on its line: another operator of the same kind
        found.append(Mutant(file, line, text, text.replace(padded, f" {new} ")))

    for node in ast.walk(tree):
        operator = type(node.ops[0]) if isinstance(node, ast.Compare) and len(node.ops) == 1 else None
        if isinstance(node, ast.BinOp) or (isinstance(node, ast.BoolOp) and node.lineno == node.end_lineno):
            operator = type(node.op)
        if operator in SWAPS:
            swap(node.lineno, SYMBOLS[operator], SWAPS[operator])
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not) and node.lineno not in skip:
            text = lines[node.lineno - 1]
            if text.count("not ") == 1 and " is not " not in text and " not in " not in text:
                found.append(Mutant(file, node.lineno, text, text.replace("not ", "", 1)))
        elif (
            isinstance(node, ast.Constant)
            and type(node.value) is int
            and node.lineno == node.end_lineno
            and node.lineno not in skip
        ):
            text = lines[node.lineno - 1]
            start, end = node.col_offset, node.end_col_offset
            if text[start:end] == str(node.value):
                found.append(Mutant(file, node.lineno, text, f"{text[:start]}{node.value + 1}{text[end:]}"))
        elif (
            isinstance(node, ast.Return)
            and isinstance(node.value, ast.Constant)
            and type(node.value.value) is bool
            and node.lineno not in skip
        ):
            text = lines[node.lineno - 1]
            old, new = ("True", "False") if node.value.value else ("False", "True")
            found.append(Mutant(file, node.lineno, text, text.replace(f"return {old}", f"return {new}")))
    return found


def run(mutant: Mutant, scratch: Path) -> tuple[bool, str]:
    """Write the mutant into the scratch tree, run its tests; True if they failed (killed)."""
    target = scratch / mutant.file
    original = target.read_text()
    lines = original.splitlines(keepends=True)
    ending = "\n" if lines[mutant.line - 1].endswith("\n") else ""
    lines[mutant.line - 1] = mutant.after + ending
    target.write_text("".join(lines))
    try:
        command = [sys.executable, "-m", "pytest", "-x", "-q", "-n", "0", "-p", "no:cacheprovider"]
        try:
            result = subprocess.run(
                [*command, *tests_for(mutant.file)],
                cwd=scratch,
                capture_output=True,
                text=True,
                env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
                timeout=time_limit(mutant.file),
            )
        except subprocess.TimeoutExpired:
            return True, f"no answer in {time_limit(mutant.file)} s: the mutant hangs the tests"
        last = (result.stdout.strip().splitlines() or ["?"])[-1]
        return result.returncode != 0, last
    finally:
        target.write_text(original)


def survivors_of(table: str) -> list[Mutant]:
    """The survivors listed in an earlier run's table, found again where their line is now (a
    refactoring may have moved it to another line or module of the same area)."""
    found = []
    for row in Path(table).read_text().splitlines():
        match = re.match(r"\| \d+ \| (\S+?):(\d+): `(.*)` -> `(.*)` \| \*\*survived", row)
        if not match:
            continue
        file, before, after = match[1], match[3], match[4]
        candidates = [
            file,
            *(str(p.relative_to(ROOT)) for p in sorted((ROOT / Path(file).parts[0]).rglob("*.py"))),
        ]
        for candidate in candidates:
            path = ROOT / candidate
            lines = path.read_text().splitlines() if path.is_file() else []
            numbers = [n for n, text in enumerate(lines, 1) if text.strip() == before]
            if numbers:
                text = lines[numbers[0] - 1]
                found.append(Mutant(candidate, numbers[0], text, text.replace(before, after)))
                break
        else:
            print(f"gone: {file}: {before}")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--mutants", type=int, default=48, help="spread evenly over the three areas")
    parser.add_argument("--seed", type=int, default=30)
    parser.add_argument("--recheck", help="run again only the survivors of an earlier run's table")
    parser.add_argument("--every", metavar="PATH", help="run every mutant of the files under PATH (a scan)")
    parser.add_argument("--limit", type=int, help="with --every: a seeded sample of this many")
    parser.add_argument("--jobs", type=int, default=1, help="mutants run side by side, each in its own tree")
    arguments = parser.parse_args()
    chooser = random.Random(arguments.seed)
    pool = [mutant for file in candidate_files() for mutant in mutants_of(file)]
    areas = [[m for m in pool if m.file.startswith(area)] for area in ("games/", "computer/", "bot/")]
    share = arguments.mutants // len(areas)
    sample = [m for area in areas for m in chooser.sample(area, min(share, len(area)))]
    if arguments.every:  # a scan, not a sample: every mutant of the files under a path (or --limit of them)
        sample = [m for m in pool if m.file.startswith(arguments.every)]
        if arguments.limit:
            sample = chooser.sample(sample, min(arguments.limit, len(sample)))
    if arguments.recheck:
        sample = survivors_of(arguments.recheck)
    print(
        f"{len(sample)} survivors of {arguments.recheck} run again\n"
        if arguments.recheck
        else f"{len(pool)} possible mutants; {len(sample)} sampled (seed {arguments.seed})\n"
    )
    print("| # | mutant | result | tests |\n|---|---|---|---|", flush=True)
    with tempfile.TemporaryDirectory(prefix="mutation-") as folder:
        scratches = queue.SimpleQueue()  # one tree per worker: a mutant has its tree to itself
        for index in range(arguments.jobs):
            scratch = Path(folder) / f"tree{index}"
            shutil.copytree(
                ROOT,
                scratch,
                ignore=shutil.ignore_patterns(".git", ".venv", "__pycache__", "*.egg-info", "docs"),
            )
            scratches.put(scratch)

        def run_in_a_free_tree(mutant: Mutant) -> tuple[bool, str]:
            scratch = scratches.get()
            try:
                return run(mutant, scratch)
            finally:
                scratches.put(scratch)

        killed = 0
        with ThreadPoolExecutor(arguments.jobs) as pool_of_workers:
            results = pool_of_workers.map(run_in_a_free_tree, sample)
            for number, (mutant, (dead, last)) in enumerate(zip(sample, results, strict=True), 1):
                killed += dead
                verdict = "killed" if dead else "**survived**"
                print(f"| {number} | {mutant.describe()} | {verdict} | {last} |", flush=True)
        print(f"\nkilled {killed} of {len(sample)} ({100 * killed / len(sample):.0f}%)")


if __name__ == "__main__":
    main()
