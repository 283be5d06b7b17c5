"""Several OS processes on one PostgreSQL database race to act on the same matches: every action is
applied exactly once (no double applies, none lost), and each match equals the replay of its log."""

import asyncio
import json
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from bot.storage import open_database
from games import GAMES, replay_actions
from tests.helpers import service_on

ROOT = Path(__file__).resolve().parents[2]
PROCESSES = 3
ATTEMPTS = 400  # per process: 1,200 racing decisions in all
PLAYERS = [(11, "alice"), (22, "bob")]


async def test_racing_processes_apply_every_action_exactly_once(postgresql_url):
    db = await open_database(postgresql_url)
    service = service_on(db, clock=lambda: datetime.now(UTC))
    match_ids = []
    for _ in range(3):  # few matches, so the processes collide often
        lobby = await service.create_lobby("combat", guild_id=1, channel_id=2, players=PLAYERS)
        answer = await service.answer_invite(lobby.id, 22, accept=True)
        assert answer.started
        match_ids.append(lobby.id)
    await db.close()

    workers = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.bot.race_worker",
            postgresql_url,
            str(seed),
            str(ATTEMPTS),
            *map(str, match_ids),
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for seed in range(PROCESSES)
    ]
    results = []
    for worker in workers:
        out, err = await worker.communicate()
        assert worker.returncode == 0, err.decode()[-2000:]
        results.append(json.loads(out))

    applied = [tuple(entry) for result in results for entry in result["applied"]]
    assert len(applied) == len(set(applied)), "two processes applied the same version of a match"
    assert sum(result["stale"] for result in results) > 0, "the processes never raced"
    assert PROCESSES * ATTEMPTS >= 1000

    db = await open_database(postgresql_url)
    service = service_on(db, clock=lambda: datetime.now(UTC))
    try:
        logged = 0
        for match_id in match_ids:
            match = await service.load(match_id)
            log = await service.action_log(match_id)
            logged += len(log)
            assert match.version == len(log) + 1  # the start, then one version per action
            replayed = replay_actions(GAMES["combat"], 2, match.seed, match.options, log)
            assert replayed.to_json() == match.state.to_json()
        assert logged == len(applied), "an applied action is missing from a log, or logged twice"
    finally:
        await db.close()
