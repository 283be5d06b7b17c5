"""One of several processes racing to act on the same matches (see test_multiprocess.py).

`python -m tests.bot.race_worker DATABASE_URL SEED ATTEMPTS MATCH_ID...` loads a random one of the
matches, picks a legal action for the player to move and acts as them, ATTEMPTS times; it prints
how many actions it applied and how many a faster process made stale, as JSON.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from datetime import UTC, datetime

from bot.errors import MatchError, StaleClick
from bot.kits import KITS
from bot.repository import Repository
from bot.service import MatchService


async def race(url: str, seed: int, attempts: int, match_ids: list[int]) -> dict:
    engines = {game_id: kit.engine for game_id, kit in KITS.items()}
    repository = await Repository.open(url, engines)
    service = MatchService(repository, KITS, clock=lambda: datetime.now(UTC))
    chooser = random.Random(seed)
    applied, stale = [], 0
    try:
        for _ in range(attempts):
            match = await service.load(chooser.choice(match_ids))
            if match.state.is_over:
                continue
            seat = match.state.to_move[0]
            action = str(chooser.choice(match.state.legal_actions(seat)))
            try:
                await service.act(match.id, match.user_at(seat), match.version, action)
                applied.append([match.id, match.version + 1])
            except StaleClick:
                stale += 1
            except MatchError:  # another process moved first and this action is no longer legal
                stale += 1
    finally:
        await repository.close()
    return {"applied": applied, "stale": stale}


if __name__ == "__main__":
    url, seed, attempts, *ids = sys.argv[1:]
    print(json.dumps(asyncio.run(race(url, int(seed), int(attempts), [int(i) for i in ids]))))
