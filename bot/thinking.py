"""Where computer players think: a pool of worker processes, so a search never blocks the
event loop (clicks keep being answered while a computer player thinks).

Decisions are queued first come, first served, so several matches waiting on a computer player
take turns fairly. With `workers=0` decisions run in a thread of this process instead (for
machines that can't start processes)."""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor


class ComputerPlayers:
    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._pool: Executor | None = None

    def _executor(self) -> Executor:
        if self._pool is None:  # started on first use: a bot without computer players never forks
            if self.workers > 0:
                # spawn, not fork: a fork of a process running an event loop and threads is unsafe
                context = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(self.workers, mp_context=context)
            else:
                self._pool = ThreadPoolExecutor(1, thread_name_prefix="computer")
        return self._pool

    async def think(self, game_id: str, state: dict, seat: int, level: str, seed: int) -> str:
        """The action notation for `seat`, from its own view of `state` only."""
        from computer import decide  # the search code loads only where computer players play

        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor(), decide, game_id, state, seat, level, seed)

    async def run(self, function, *args):
        """Any pure function of the computer's packages (a tutorial step, a review), queued like a
        decision; `function` and its arguments must pickle (a module-level function, plain data)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor(), function, *args)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
