"""Crash consistency of the match service: SIGKILL at random moments never leaves a half-applied action.

A worker process (tests/crash_worker.py) plays random legal actions through `MatchService.act` on
a real SQLite file, as fast as it can, and is killed with SIGKILL at a random moment: during its
startup (migrations, lobbies, starts), or a random number of actions in plus up to a few actions'
time. After each kill the database is reopened and checked: SQLite's integrity, every match's
stored state against the replay of its seed and action log, its version and contiguous plies, and
that everything the worker reported as done survived. Then a new worker continues the same matches
on the same file, until the next kill.

A service that saved the state and the log in two transactions fails here: a kill between the two
commits leaves a version one ahead of its log and a state its log does not replay to.

The kill points come from a seeded `random.Random`, so a failure names its seed and kill; the match
seeds and the exact moments still vary between runs, as crashes do.
"""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from random import Random

import pytest

from bot.service import MatchService
from bot.storage import Database
from games import GAMES, replay_actions
from tests.helpers import service_on

SEEDS = (1, 2, 3)
KILLS_PER_DATABASE = 15
KILL_POINTS = len(SEEDS) * KILLS_PER_DATABASE  # 45 SIGKILLs in all

# A kill during startup lands within this long after the worker opens the database: long enough to
# cover a fresh database's migrations, lobbies and starts, short enough to land there often.
STARTUP_KILL_WINDOW = 0.1
MOST_ACTIONS_BEFORE_KILL = 60
# The parent wakes as the worker prints an action, so a delay shorter than one action (about 2 ms)
# always lands in the reads that start the next one, never in its transaction. Spanning several
# actions spreads the kills over every phase of `act`.
LONGEST_DELAY_AFTER_ACTION = 0.010
WORKER_TIMEOUT = (
    300  # seconds, only against a hang: a worker that stops printing is killed and the test fails
)

REPO_ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class KillPoint:
    """Kill the worker `delay` seconds after it has reported `after_actions` actions, or after it
    reported opening the database when `after_actions` is 0."""

    after_actions: int
    delay: float
    worker_seed: int


def kill_points(seed: int) -> list[KillPoint]:
    rng = Random(seed)
    points = []
    for index in range(KILLS_PER_DATABASE):
        # The first kill always hits startup: it is the only one that can land in the migrations.
        if index == 0 or rng.random() < 0.2:
            points.append(KillPoint(0, rng.uniform(0, STARTUP_KILL_WINDOW), rng.randrange(2**32)))
        else:
            after = rng.randint(1, MOST_ACTIONS_BEFORE_KILL)
            points.append(KillPoint(after, rng.uniform(0, LONGEST_DELAY_AFTER_ACTION), rng.randrange(2**32)))
    return points


@dataclass
class StoredMatch:
    status: str
    log: list[tuple[int, str]]


@dataclass
class Reported:
    """What a worker printed before it died: changes it had seen committed."""

    created: set[int] = field(default_factory=set)
    started: set[int] = field(default_factory=set)
    applied: dict[tuple[int, int], tuple[int, str]] = field(default_factory=dict)  # (match, ply) -> entry

    def read(self, line: str) -> None:
        kind, *rest = line.split(" ", 1)
        if kind == "created":
            self.created.add(int(rest[0].split()[0]))
        elif kind == "started":
            self.started.add(int(rest[0]))
        elif kind == "applied":
            match_id, ply, seat, action = rest[0].split(" ", 3)
            self.applied[int(match_id), int(ply)] = (int(seat), action)


def run_until_killed(database: Path, point: KillPoint, stderr_path: Path) -> Reported:
    """Start a worker on `database`, SIGKILL it at `point`, and return every line it printed."""
    command = [sys.executable, "-m", "tests.bot.crash_worker", str(database), str(point.worker_seed)]
    reported = Reported()
    with (
        stderr_path.open("w") as stderr,
        subprocess.Popen(command, cwd=REPO_ROOT, stdout=subprocess.PIPE, stderr=stderr, text=True) as worker,
    ):
        watchdog = threading.Timer(WORKER_TIMEOUT, worker.kill)  # a hung worker ends the reading below
        watchdog.start()
        try:
            wanted = "opening" if point.after_actions == 0 else "applied"
            seen = 0
            while seen < max(point.after_actions, 1):
                line = worker.stdout.readline()
                if not line:
                    pytest.fail(f"the worker stopped before {point}:\n{stderr_path.read_text()}")
                reported.read(line.rstrip("\n"))
                seen += line.startswith(wanted)
            time.sleep(point.delay)
            if worker.poll() is not None:
                pytest.fail(f"the worker ended on its own before the kill:\n{stderr_path.read_text()}")
            worker.send_signal(signal.SIGKILL)
            rest, _ = worker.communicate()
        finally:
            watchdog.cancel()
            worker.kill()  # does nothing once it is dead; ends it if the test stopped early
    assert worker.returncode == -signal.SIGKILL, stderr_path.read_text()
    complete, _, _cut_short = rest.rpartition("\n")  # a line the kill cut in half proves nothing
    for line in complete.splitlines():
        reported.read(line)
    return reported


async def check_database(database: Path) -> dict[int, StoredMatch]:
    """Reopen the database as the bot would after a crash, check it, and return every match in it."""
    db = await Database.open(f"sqlite:///{database}")
    try:
        assert (await db.fetchone("PRAGMA integrity_check"))[0] == "ok"
        assert await db.fetchall("PRAGMA foreign_key_check") == []
        service = service_on(db, clock=lambda: datetime.now(UTC))
        stored = {}
        for row in await db.fetchall("SELECT * FROM matches ORDER BY id"):
            stored[row["id"]] = await check_match(service, row)
        return stored
    finally:
        await db.close()


async def check_match(service: MatchService, row) -> StoredMatch:
    match_id, status, version = row["id"], row["status"], row["version"]
    plies = [
        r["ply"]
        for r in await service.repository.db.fetchall(
            "SELECT ply FROM actions WHERE match_id = ?", (match_id,)
        )
    ]
    assert sorted(plies) == list(range(len(plies))), (
        f"match {match_id}: plies are not 0..n-1: {sorted(plies)}"
    )
    log = await service.action_log(match_id)
    seats = await service.repository.db.fetchall("SELECT accepted FROM seats WHERE match_id = ?", (match_id,))
    all_accepted = all(seat["accepted"] for seat in seats)
    if status == "lobby":
        assert not all_accepted, f"match {match_id}: everyone accepted but the match did not start"
        assert (version, row["state_json"], log) == (0, None, []), f"match {match_id}: a lobby with play"
        return StoredMatch(status, log)
    assert status in ("active", "finished"), f"match {match_id}: nothing here resigns or cancels: {status}"
    assert all_accepted, f"match {match_id}: started before everyone accepted"
    assert version == 1 + len(log), f"match {match_id}: version {version} with {len(log)} actions logged"
    game = GAMES[row["game"]]
    replayed = replay_actions(game, len(seats), row["seed"], json.loads(row["options_json"]), log)
    # Through JSON, as stored: tuples become lists.
    assert json.loads(row["state_json"]) == json.loads(json.dumps(replayed.to_json())), (
        f"match {match_id}: the stored state is not its seed and {len(log)} logged actions replayed"
    )
    assert (status == "finished") == replayed.is_over, (
        f"match {match_id}: {status} but is_over={replayed.is_over}"
    )
    return StoredMatch(status, log)


def check_progress(before: dict[int, StoredMatch], after: dict[int, StoredMatch], reported: Reported) -> None:
    """Everything saved before the worker ran survives, and everything it reported is saved. Saved but
    unreported can only be the one change the kill interrupted between its commit and its line."""
    for match_id, earlier in before.items():
        assert match_id in after, f"match {match_id} is gone"
        later = after[match_id]
        assert later.log[: len(earlier.log)] == earlier.log, f"match {match_id}: its saved actions changed"
        assert earlier.status == "lobby" or later.status != "lobby", f"match {match_id}: back to a lobby"
    for match_id in reported.created:
        assert match_id in after, f"match {match_id} was reported created but is not saved"
    for match_id in reported.started:
        assert after.get(match_id, StoredMatch("lobby", [])).status != "lobby", (
            f"match {match_id} was reported started but is not"
        )
    for (match_id, ply), entry in reported.applied.items():
        log = after[match_id].log if match_id in after else []
        assert log[ply : ply + 1] == [entry], f"match {match_id}: reported ply {ply} {entry} is not saved"
    unreported = 0
    for match_id, later in after.items():
        earlier = before.get(match_id, StoredMatch("lobby", []))
        unreported += match_id not in before and match_id not in reported.created
        unreported += (
            earlier.status == "lobby" and later.status != "lobby" and match_id not in reported.started
        )
        new_plies = range(len(earlier.log), len(later.log))
        unreported += sum((match_id, ply) not in reported.applied for ply in new_plies)
    assert unreported <= 1, f"{unreported} saved changes were never reported: only one can be in flight"


@pytest.mark.parametrize("seed", SEEDS)
def test_sigkill_never_leaves_a_half_applied_action(tmp_path, seed):
    database = tmp_path / "martian.db"
    stored: dict[int, StoredMatch] = {}
    for index, point in enumerate(kill_points(seed)):
        reported = run_until_killed(database, point, tmp_path / f"worker-{index}.stderr")
        where = f"seed {seed}, kill {index + 1} of {KILLS_PER_DATABASE} ({point})"
        try:
            after = asyncio.run(check_database(database))
            check_progress(stored, after, reported)
        except AssertionError as error:
            raise AssertionError(f"{where}: {error}") from error
        stored = after
    actions = sum(len(match.log) for match in stored.values())
    assert actions >= KILLS_PER_DATABASE, (
        f"only {actions} actions in {KILLS_PER_DATABASE} kills: nothing tested"
    )
