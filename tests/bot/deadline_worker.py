"""One of several bot processes doing timed work on one database, killed and restarted at random
by test_deadlines_under_kills.py.

`python -m tests.bot.deadline_worker DATABASE_URL RECORD_FILE` runs the bot's own timed work
(`close_expired_lobbies`, `sweep_deadlines`, `play_computer_turn`, as the cogs call them) in a loop
with the real match service on the real database, until killed. Only Discord is left out: what the
publisher would send is appended to RECORD_FILE, one JSON line each with the time, as soon as it would be sent.
Claims last LEASE seconds here instead of two minutes, so a killed process's claims come free
while the test runs.
"""

from __future__ import annotations

import asyncio
import collections
import json
import sys
import time
from datetime import UTC, datetime

from bot.cogs.computers import play_computer_turn
from bot.cogs.deadlines import sweep_deadlines
from bot.cogs.lobby import close_expired_lobbies
from bot.kits import KITS
from bot.publishing.private import reminder_nonce
from bot.repository import Repository
from bot.service import MatchService
from bot.thinking import ComputerPlayers

LEASE = 1.0
PAUSE = 0.05  # between sweeps (the bot's are 30 s apart; here deadlines fall due every moment)


class RecordingPublisher:
    """What `bot.publishing.publisher.Publisher` would send, written down instead (the same calls)."""

    def __init__(self, record, service: MatchService) -> None:
        self._record = record
        self._service = service
        self._locks = collections.defaultdict(asyncio.Lock)

    def lock(self, match_id: int) -> asyncio.Lock:
        return self._locks[match_id]

    def _write(self, *entry) -> None:
        self._record.write(json.dumps([*entry, time.time()]) + "\n")
        self._record.flush()  # in the kernel's hands: a kill after this does not lose it

    async def show_closed(self, match) -> None:
        self._write("lobby closed", match.id, match.end_reason)
        await self._service.lobby_notice_shown(match.id)

    async def remind(self, match, seat: int) -> None:
        self._write("reminder", match.id, reminder_nonce(match, seat))

    async def close_down(self, match) -> None:
        self._write("turn clock", match.id, match.end_reason)

    async def seat_taken_over(self, match, seat: int) -> None:
        self._write("seat taken over", match.id, seat)

    def moment(self, match) -> None:
        return None

    async def action(self, result, moment) -> None:
        self._write("computer move", result.match.id, result.previous_version)


async def work(url: str, record_path: str) -> None:
    engines = {game_id: kit.engine for game_id, kit in KITS.items()}
    repository = await Repository.open(url, engines)
    computers = ComputerPlayers(workers=0)  # thinking in a thread: a kill takes it down with the process
    service = MatchService(
        repository, KITS, clock=lambda: datetime.now(UTC), think=computers.think, lease_seconds=LEASE
    )
    with open(record_path, "a", buffering=1) as record:
        publisher = RecordingPublisher(record, service)
        print("ready", flush=True)
        while True:
            await close_expired_lobbies(service, publisher)
            await sweep_deadlines(service, publisher)
            due, _ = await service.computer_turns()
            for match_id in due:
                await play_computer_turn(service, publisher, match_id)
            await asyncio.sleep(PAUSE)


if __name__ == "__main__":
    asyncio.run(work(sys.argv[1], sys.argv[2]))
