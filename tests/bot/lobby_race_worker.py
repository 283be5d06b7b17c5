"""One of several processes deciding about the same invitations at once (see test_lobby_race.py).

`python -m tests.bot.lobby_race_worker DATABASE_URL ROLE MATCH_ID...` prints "ready", waits for a
line on standard input (so every process starts together), then takes its role's decision about
every invitation at once, and prints which invitations it started or closed, as JSON:
- `accept`: the invited guest accepts, or a newcomer joins the open seat (either starts it);
- `decline`: the invited guest declines (closing it), or the host fills the open seat with a
  computer player (starting it);
- `expire`: the sweep closes every invitation whose time ran out (all of them have).
"""

from __future__ import annotations

import asyncio
import json
import sys
from datetime import UTC, datetime

from bot.errors import MatchError
from bot.kits import KITS
from bot.repository import Repository
from bot.service import MatchService

NEWCOMER = 1_000_000  # plus the match id: someone new for every invitation


async def decide(service: MatchService, role: str, match_id: int) -> tuple[str, str] | None:
    """(outcome, how) when this decision won the invitation, None when another one had."""
    match = await service.load(match_id)
    guest = match.seats[1].user_id  # None: an open seat
    try:
        if role == "accept" and guest is not None:
            answer = await service.answer_invite(match_id, guest, accept=True)
        elif role == "accept":
            answer = await service.join(match_id, NEWCOMER + match_id, "newcomer")
        elif guest is not None:
            answer = await service.answer_invite(match_id, guest, accept=False)
        else:
            answer = await service.fill_and_start(match_id, match.host_id)
    except MatchError:
        return None
    if answer.started:
        return "started", role
    return ("closed", f"declined:{guest}") if answer.declined else None


async def race(url: str, role: str, match_ids: list[int]) -> dict:
    engines = {game_id: kit.engine for game_id, kit in KITS.items()}
    repository = await Repository.open(url, engines)
    service = MatchService(repository, KITS, clock=lambda: datetime.now(UTC))
    won: dict[str, list] = {"started": [], "closed": []}
    try:
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        if role == "expire":
            for match in await service.expire_lobbies():
                won["closed"].append([match.id, "timeout"])
        else:
            # Newest first, while the sweep closes oldest first: the two meet halfway.
            newest_first = sorted(match_ids, reverse=True)
            outcomes = await asyncio.gather(*(decide(service, role, match_id) for match_id in newest_first))
            for match_id, outcome in zip(newest_first, outcomes, strict=True):
                if outcome is not None:
                    won[outcome[0]].append([match_id, outcome[1]])
    finally:
        await repository.close()
    return won


if __name__ == "__main__":
    url, role, *ids = sys.argv[1:]
    print(json.dumps(asyncio.run(race(url, role, [int(i) for i in ids]))))
