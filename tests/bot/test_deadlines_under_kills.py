"""Timed work done exactly once across bot processes that are killed and restarted at random.

Three worker processes (tests/bot/deadline_worker.py: the bot's own sweeps, with what Discord
would get written to a file) share one PostgreSQL database while invitation expiries, reminders,
turn clocks and computer players' turns fall due over a few seconds. Every half second or so one
of them is killed (SIGKILL, mid-work) and a new one started. Afterwards every deadline has taken
effect, none was done twice, and a reminder sent again by a process taking over a dead one's
claim carries the same nonce, so Discord keeps one message.
"""

import asyncio
import collections
import itertools
import json
import random
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from bot.storage import open_database
from games import replay_actions
from tests.helpers import service_on

ROOT = Path(__file__).resolve().parents[2]
WORKERS = 3
EACH = 16  # deadlines of each kind
WINDOW = 6.0  # seconds over which they fall due
KILL_EVERY = (0.3, 0.9)  # seconds between kills
HANG_GUARD = 300  # seconds the survivors may take to finish, on however busy a machine


def now():
    return datetime.now(UTC)


async def set_up(service, db, start: float, chooser: random.Random) -> dict[str, list[int]]:
    """Invitations expiring, matches waiting for a reminder then a turn clock, and computer
    players about to move, each due at a random moment of the window."""
    kinds = collections.defaultdict(list)
    for number in range(EACH):
        people = [(1000 + number, "host"), (2000 + number, "guest")]
        lobby = await service.create_lobby("senet", guild_id=1 + number, channel_id=1, players=people)
        await db.execute(
            "UPDATE matches SET lobby_expires_at = ? WHERE id = ?",
            (start + chooser.uniform(0.5, WINDOW), lobby.id),
        )
        kinds["lobbies"].append(lobby.id)

        people = [(3000 + number, "alice"), (4000 + number, "bob")]
        lobby = await service.create_lobby("senet", guild_id=100 + number, channel_id=1, players=people)
        await service.answer_invite(lobby.id, people[1][0], accept=True)
        reminder = start + chooser.uniform(0.5, WINDOW)
        await db.execute(
            "UPDATE matches SET reminder_due_at = ?, clock_due_at = ? WHERE id = ?",
            (reminder, start + WINDOW + chooser.uniform(4.0, 5.0), lobby.id),
        )
        kinds["clocks"].append(lobby.id)

        lobby = await service.create_lobby(
            "senet", guild_id=200 + number, channel_id=1, players=[(5000 + number, "carol")], computers=1
        )
        match = await service.load(lobby.id)
        while not match.computers_to_move():  # the person moves until it is the computer's turn
            seat = match.state.to_move[0]
            action = str(chooser.choice(match.state.legal_actions(seat)))
            await service.act(match.id, match.user_at(seat), match.version, action)
            match = await service.load(lobby.id)
        await db.execute(  # its first board is posted (computer players wait for that)
            "UPDATE matches SET computer_due_at = ?, reminder_due_at = NULL, board_message_id = 1 WHERE id = ?",
            (start + chooser.uniform(0.5, WINDOW), lobby.id),
        )
        kinds["computers"].append(lobby.id)
    return kinds


async def every_deadline_done(db, kinds: dict[str, list[int]]) -> None:
    """Wait until the database shows every deadline taken effect: how long that takes depends on
    how busy the machine is, so the wait is for the state, with a guard only against a hang."""
    unfinished = {
        "lobbies": "status != 'cancelled' OR lobby_notice_due = 1",
        "clocks": "status != 'finished'",
        "computers": "status = 'active' AND computer_due_at IS NOT NULL",  # still the computer's turn
    }
    give_up = time.monotonic() + HANG_GUARD
    for kind, condition in unfinished.items():
        marks = ", ".join("?" for _ in kinds[kind])
        while (
            await db.fetchone(
                f"SELECT COUNT(*) FROM matches WHERE id IN ({marks}) AND ({condition})", tuple(kinds[kind])
            )
        )[0]:
            assert time.monotonic() < give_up, f"{kind}: deadlines still undone after {HANG_GUARD} s"
            await asyncio.sleep(0.2)


def start_worker(url: str, record: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.bot.deadline_worker", url, str(record)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


async def test_every_deadline_fires_exactly_once_while_processes_die(postgresql_url, tmp_path):
    chooser = random.Random(7)
    db = await open_database(postgresql_url)
    service = service_on(db, clock=now)
    start = time.time() + 3.0  # the workers need a moment to start
    kinds = await set_up(service, db, start, chooser)

    records = [tmp_path / f"worker-{n}.jsonl" for n in range(100)]
    workers = [start_worker(postgresql_url, records[n]) for n in range(WORKERS)]
    running = list(range(WORKERS))  # which record file each running worker writes
    killed_at = {}  # record file number: when its worker was killed
    started, kills = WORKERS, 0
    try:
        while time.time() < start + WINDOW + 6.0:  # past the last turn clock
            await asyncio.sleep(chooser.uniform(*KILL_EVERY))
            victim = chooser.randrange(WORKERS)
            if workers[victim].poll() is not None:
                raise AssertionError(workers[victim].stderr.read().decode()[-2000:])
            workers[victim].send_signal(signal.SIGKILL)
            workers[victim].wait()
            killed_at[running[victim]] = time.time()
            kills += 1
            workers[victim], running[victim] = start_worker(postgresql_url, records[started]), started
            started += 1
        await every_deadline_done(db, kinds)  # the survivors take over claims the last killed held
    finally:
        for worker in workers:
            worker.kill()
            worker.wait()

    sent, senders = collections.defaultdict(list), collections.defaultdict(list)
    for number, record in enumerate(records[:started]):
        if record.exists():
            for line in record.read_text().splitlines():
                kind, match_id, detail, moment = json.loads(line)
                sent[kind, match_id].append(detail)
                senders[kind, match_id].append((moment, number))
    assert kills >= 10

    for match_id in kinds["lobbies"]:
        match = await service.load(match_id)
        assert (match.status, match.end_reason) == ("cancelled", "timeout"), match_id
        assert sent["lobby closed", match_id], f"match {match_id}: its invitation still shows its buttons"
        assert_repeated_only_after_a_kill(senders["lobby closed", match_id], killed_at, match_id)

    for match_id in kinds["clocks"]:
        match = await service.load(match_id)
        assert match.status == "finished" and match.end_reason.startswith("timeout:"), match_id
        assert len(sent["turn clock", match_id]) <= 1, "a turn clock ran out twice"
        nonces = sent["reminder", match_id]
        assert len(set(nonces)) == 1, f"match {match_id}: reminders {nonces}"  # sent, and one message
        assert_repeated_only_after_a_kill(senders["reminder", match_id], killed_at, match_id)

    for match_id in kinds["computers"]:
        match = await service.load(match_id)
        assert match.computer_due_at is None or match.computer_due_at > time.time(), "a turn was never played"
        log = await service.action_log(match_id)
        assert match.version == len(log) + 1
        played = sent["computer move", match_id]
        assert len(played) == len(set(played)), "a computer turn was played twice"
        computer_seat = next(seat.seat for seat in match.seats if seat.computer)
        assert all(log[version - 1][0] == computer_seat for version in played)
        assert any(seat == computer_seat for seat, _ in log), "the computer player never moved"
        replayed = replay_actions(service.kit(match).engine, 2, match.seed, match.options, log)
        assert replayed.to_json() == match.state.to_json()
    await db.close()


def assert_repeated_only_after_a_kill(sendings: list, killed_at: dict, match_id: int) -> None:
    """Sent again only by a process taking over from one killed after sending it (between
    sending and marking it done): two live processes never both send it."""
    for (_, first), (again, _) in itertools.pairwise(sorted(sendings)):
        assert killed_at.get(first, again) < again, f"match {match_id}: two live processes sent it"
