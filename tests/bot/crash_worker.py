"""A match service process for tests/bot/test_crash_consistency.py to kill with SIGKILL at any moment.

`python -m tests.crash_worker DATABASE_PATH SEED`, from the repository root. It opens the database,
makes sure every game has a match in progress (finishing the start of a lobby that a killed worker
left, else creating one), then applies random legal actions through `MatchService.act` as fast as
it can, forever, starting a new match of a game whenever one ends. Each committed change is printed
and flushed as soon as the service returns, so the parent knows what must have been saved:

    opening
    created MATCH_ID GAME
    started MATCH_ID
    applied MATCH_ID PLY SEAT ACTION
"""

from __future__ import annotations

import asyncio
import random
import sys
from datetime import UTC, datetime

from bot.model import Match
from bot.service import MatchService
from bot.storage import Database
from games import GAMES, random_choice
from tests.helpers import service_on

# Players per game, between each game's least and most, so every engine and multi-player games
# are exercised. Each game has its own players: no match ever waits on another's.
TABLE_SIZES = {game_id: (game.min_players + game.max_players + 1) // 2 for game_id, game in GAMES.items()}


def report(line: str) -> None:
    print(line, flush=True)


def players_of(game_id: str) -> list[tuple[int, str]]:
    first_user = 100 * (1 + list(TABLE_SIZES).index(game_id))
    return [(first_user + seat, f"{game_id}-{seat}") for seat in range(TABLE_SIZES[game_id])]


async def match_in_progress(service: MatchService, game_id: str) -> Match:
    """The game's active match, else the lobby a killed worker left half-answered, else a new one;
    started in every case."""
    row = await service.repository.db.fetchone(
        "SELECT id FROM matches WHERE game = ? AND status IN ('lobby', 'active') ORDER BY id DESC LIMIT 1",
        (game_id,),
    )
    if row is not None:
        match = await service.load(row["id"])
    else:
        match = await service.create_lobby(game_id, guild_id=1, channel_id=1, players=players_of(game_id))
        report(f"created {match.id} {game_id}")
    for seat in match.seats:
        if not seat.accepted:
            answer = await service.answer_invite(match.id, seat.user_id, accept=True)
            if answer.started:
                report(f"started {match.id}")
            match = answer.match
    return match


async def play_forever(database_path: str, seed: int) -> None:
    rng = random.Random(seed)
    report("opening")
    db = await Database.open(f"sqlite:///{database_path}")
    service = service_on(db, clock=lambda: datetime.now(UTC))
    matches = {game_id: await match_in_progress(service, game_id) for game_id in TABLE_SIZES}
    while True:
        game_id = rng.choice(list(matches))
        match = matches[game_id]
        seat = rng.choice(match.state.to_move)
        action = random_choice(match.state.legal_actions(seat), rng)
        result = await service.act(match.id, match.user_at(seat), match.version, str(action))
        report(f"applied {match.id} {result.previous_version - 1} {seat} {result.action}")
        matches[game_id] = result.match
        if result.match.status == "finished":
            matches[game_id] = await match_in_progress(service, game_id)


if __name__ == "__main__":
    asyncio.run(play_forever(sys.argv[1], int(sys.argv[2])))
