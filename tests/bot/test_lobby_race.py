"""Several OS processes on one PostgreSQL database decide about the same invitations at the same
moment: accepting, joining, declining, filling with computer players, and the sweep closing the
ones whose time ran out. Each invitation ends exactly one way, the way its one winning decision
said, and the row agrees (never `active` with a decline's reason, as a close outside the match's
lock once let happen)."""

import asyncio
import json
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from bot.storage import open_database
from tests.helpers import service_on

ROOT = Path(__file__).resolve().parents[2]
LOBBIES = 120  # half with an invited guest, half with an open seat
ROLES = ("accept", "decline", "expire")
MIN_WINS, MAX_ROUNDS = 10, 10  # rounds of LOBBIES invitations, until each role has won MIN_WINS


async def open_lobbies(url: str, round_number: int) -> list[int]:
    """Invitations that have all run out, each in a server of its own (so no server's limit
    counts them together)."""
    db = await open_database(url)
    service = service_on(db, clock=lambda: datetime.now(UTC))
    ids = []
    try:
        for number in range(round_number * LOBBIES, (round_number + 1) * LOBBIES):
            guest = [(20_000 + number, "guest")] if number % 2 == 0 else []
            lobby = await service.create_lobby(
                "senet",
                guild_id=1 + number,
                channel_id=2,
                players=[(10_000 + number, "host"), *guest],
                open_seats=0 if guest else 1,
            )
            ids.append(lobby.id)
        await db.execute("UPDATE matches SET lobby_expires_at = 0 WHERE status = 'lobby'")
    finally:
        await db.close()
    return ids


async def race(url: str, ids: list[int]) -> list[dict]:
    workers = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.bot.lobby_race_worker",
            url,
            role,
            *map(str, ids),
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for role in ROLES
    ]
    for worker in workers:  # every process is connected and waiting
        assert await worker.stdout.readline() == b"ready\n", (await worker.stderr.read()).decode()[-2000:]
    for worker in workers:
        worker.stdin.write(b"go\n")
        await worker.stdin.drain()
    results = []
    for worker in workers:
        out, err = await worker.communicate()
        assert worker.returncode == 0, err.decode()[-2000:]
        results.append(json.loads(out))
    return results


async def test_each_invitation_ends_one_way_whatever_races_it(postgresql_url):
    won, wins_by_role = {}, dict.fromkeys(ROLES, 0)
    for round_number in range(MAX_ROUNDS):  # until every kind of decision has won some races
        ids = await open_lobbies(postgresql_url, round_number)
        for role, result in zip(ROLES, await race(postgresql_url, ids), strict=True):
            for outcome in ("started", "closed"):
                for match_id, how in result[outcome]:
                    assert match_id not in won, (
                        f"match {match_id}: {won[match_id]} and {(role, outcome, how)} both won"
                    )
                    won[match_id] = (role, outcome, how)
                    wins_by_role[role] += 1
        assert set(ids) <= set(won), "an invitation that nobody decided"
        if min(wins_by_role.values()) >= MIN_WINS:
            break
    assert min(wins_by_role.values()) >= MIN_WINS, f"the processes hardly raced: {wins_by_role}"

    db = await open_database(postgresql_url)
    try:
        for match_id, (_, outcome, how) in won.items():
            row = await db.fetchone("SELECT * FROM matches WHERE id = ?", (match_id,))
            unaccepted = await db.fetchone(
                "SELECT COUNT(*) FROM seats WHERE match_id = ? AND accepted = 0", (match_id,)
            )
            if outcome == "started":
                assert (row["status"], row["version"], row["end_reason"]) == ("active", 1, None), dict(row)
                assert row["state_json"] is not None and unaccepted[0] == 0
            else:
                assert (row["status"], row["version"], row["end_reason"]) == ("cancelled", 1, how), dict(row)
                assert row["state_json"] is None and row["lobby_notice_due"] == 1
    finally:
        await db.close()
