"""Computer players think in a worker process: the decisions made there are the ones the same
search makes here, several queued at once all come back, and the event loop stays free meanwhile."""

import asyncio
import random

from benchmarks.play import random_step
from bot.thinking import ComputerPlayers
from computer import decide
from games import GAMES


def positions():
    """A mid-game position of every game, with a seat to move (computer turns come as JSON)."""
    found = []
    for number, (game_id, game) in enumerate(GAMES.items()):
        state = game.new(game.min_players, number)
        rng = random.Random(number)
        for _ in range(12):
            if state.is_over:
                break
            random_step(state, rng)
        if not state.is_over:
            found.append((game_id, state.to_json(), state.to_move[0]))
    return found


async def test_decisions_in_a_worker_process_match_the_search_here_and_the_loop_stays_free():
    players = ComputerPlayers(workers=1)
    try:
        asked = positions()
        assert len(asked) == len(GAMES)
        ticks = 0

        async def ticking():
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        ticker = asyncio.create_task(ticking())
        answers = await asyncio.gather(
            *(players.think(game_id, state, seat, "easy", 7) for game_id, state, seat in asked)
        )
        ticker.cancel()
        assert answers == [decide(game_id, state, seat, "easy", 7) for game_id, state, seat in asked]
        for (game_id, state, seat), notation in zip(asked, answers, strict=True):
            legal = {str(a) for a in GAMES[game_id].from_json(state).legal_actions(seat)}
            assert notation in legal
        assert ticks > 0, "the event loop kept running while the workers thought"
    finally:
        players.close()


async def test_any_pure_function_runs_in_the_workers():
    players = ComputerPlayers(workers=1)
    try:
        assert await players.run(divmod, 17, 5) == (3, 2)
    finally:
        players.close()


async def test_a_thread_instead_of_processes_gives_the_same_decisions():
    players = ComputerPlayers(workers=0)
    try:
        game_id, state, seat = positions()[0]
        assert await players.think(game_id, state, seat, "easy", 3) == decide(game_id, state, seat, "easy", 3)
    finally:
        players.close()
