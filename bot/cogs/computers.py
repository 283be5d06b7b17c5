"""Computer players' turns: each is played when it falls due (a short pause after the turn
began, so people can follow), then published like anyone's move.

Due times live in the database, so a turn that was due when the bot stopped is played when it
comes back. One task per match at a time; the thinking itself queues in `bot.thinking`."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from discord.ext import commands

from ..arcade import Arcade
from ..publishing.publisher import Publisher
from ..service import MatchService

log = logging.getLogger(__name__)


class ComputerTurns(commands.Cog):
    WAKE_EVENT = "arcade_computer_due"  # dispatched on the bot when a computer turn is scheduled

    def __init__(self, bot: commands.Bot, arcade: Arcade) -> None:
        self.bot = bot
        self.arcade = arcade
        self.service = arcade.service
        self.publisher = arcade.publisher
        self.service.on_computer_due = self._poke
        self._poked = False
        self._playing: dict[int, asyncio.Task] = {}
        self._watching: asyncio.Task | None = None

    def _poke(self) -> None:
        self._poked = True
        self.bot.dispatch(self.WAKE_EVENT)

    async def cog_load(self) -> None:
        self._watching = asyncio.create_task(self._watch())

    async def cog_unload(self) -> None:
        for task in [self._watching, *self._playing.values()]:
            if task:
                task.cancel()

    async def _watch(self) -> None:
        """Sleep until the next computer turn is due (or one is scheduled), play those due."""
        await self.bot.wait_until_ready()
        while True:
            self._poked = False
            later = None
            try:
                due, later = await self.service.computer_turns()
                for match_id in due:
                    if match_id not in self._playing:
                        self._playing[match_id] = asyncio.create_task(self._play(match_id))
            except Exception:
                log.exception("Looking for computer turns failed; will retry")
            if self._poked:
                continue  # scheduled while we looked
            now = self.service.clock().timestamp()
            wait = self.arcade.settings.sweep_seconds if later is None else max(0.0, later - now)
            with contextlib.suppress(asyncio.TimeoutError):
                await self.bot.wait_for(self.WAKE_EVENT, timeout=wait)

    async def _play(self, match_id: int) -> None:
        try:
            await play_computer_turn(self.service, self.publisher, match_id)
        except Exception:
            log.exception("A computer turn in match %s failed", match_id)
            await asyncio.sleep(self.arcade.settings.sweep_seconds)  # don't retry in a tight loop
        finally:
            self._playing.pop(match_id, None)
            self._poke()  # the next turn may be due already


async def play_computer_turn(service: MatchService, publisher: Publisher, match_id: int) -> None:
    """Play the computer player's due turn in the match, if this process claims it, and show it."""
    async with publisher.lock(match_id):
        result = await service.play_computer(match_id)
        if result is not None:
            await publisher.action(result, publisher.moment(result.match))
