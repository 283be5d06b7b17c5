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

from benchmarks.scaling import random_click
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
            click = await random_click(service, match_ids, chooser)
            if click is None:  # another process moved first (the matches are far from over)
                stale += 1
            else:
                applied.append(list(click))
    finally:
        await repository.close()
    return {"applied": applied, "stale": stale}


if __name__ == "__main__":
    url, seed, attempts, *ids = sys.argv[1:]
    print(json.dumps(asyncio.run(race(url, int(seed), int(attempts), [int(i) for i in ids]))))
