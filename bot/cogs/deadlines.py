"""Timed work: turn reminders, turn clocks, undecided empty seats, and catching up after a start.

Deadlines live in the database, so ones that passed while the bot was down fire on the first
sweep after it starts; boards a restart cut short are posted once the bot is ready."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

from discord.ext import commands, tasks

from catalogue import N_

from ..arcade import Arcade
from ..publishing.publisher import Publisher
from ..service import MatchService

log = logging.getLogger(__name__)

RESTARTED = N_("Back after a restart: here is the current board.")  # on the board


class Deadlines(commands.Cog):
    def __init__(self, bot: commands.Bot, arcade: Arcade) -> None:
        self.bot = bot
        self.arcade = arcade
        self.service = arcade.service
        self.publisher = arcade.publisher

    async def cog_load(self) -> None:
        self.watch_deadlines.change_interval(seconds=self.arcade.settings.sweep_seconds)
        self.watch_deadlines.start()
        self._catching_up = asyncio.create_task(self.catch_up())

    async def cog_unload(self) -> None:
        self.watch_deadlines.cancel()
        self._catching_up.cancel()

    async def catch_up(self) -> None:
        """After a start, bring every match whose messages fell behind its saved state up to date."""
        await self.bot.wait_until_ready()
        for match_id in await self.service.behind_on_discord():
            try:
                async with self.publisher.lock(match_id):
                    match = await self.service.load(match_id)
                    await self.publisher.catch_up(match, RESTARTED)
            except Exception:
                log.exception("Could not bring match %s up to date", match_id)
            finally:
                await self.service.caught_up(match_id)

    @tasks.loop(seconds=30)
    async def watch_deadlines(self) -> None:
        try:
            await sweep_deadlines(self.service, self.publisher)
        except Exception:
            log.exception("Checking turn deadlines failed; will retry")
        else:
            self._heartbeat()

    def _heartbeat(self) -> None:
        """Touch the heartbeat file after a sweep while connected (`python -m bot health` reads it)."""
        path = self.arcade.settings.heartbeat_file
        if path and self.bot.is_ready():
            try:
                Path(path).touch()
            except OSError:
                log.warning("Could not touch the heartbeat file %s", path)

    @watch_deadlines.before_loop
    async def _before_deadlines(self) -> None:
        await self.bot.wait_until_ready()


async def sweep_deadlines(service: MatchService, publisher: Publisher) -> None:
    """Send the reminders due, forfeit the turns whose clock ran out and settle undecided empty
    seats; each is claimed through the database, so of several processes one does it."""
    for match in await service.due_reminders():
        for seat in match.state.to_move:
            await publisher.remind(match, seat)
        await service.reminder_sent(match)
    for match, seat in await service.forfeit_overdue():
        async with publisher.lock(match.id):
            if match.status == "active" and not match.vacancy:  # a tournament's no-show: a computer plays on
                await publisher.seat_taken_over(match, seat)
            else:
                await publisher.close_down(match)  # or asks the others about the seat
    for match, seat in await service.settle_vacancies():
        async with publisher.lock(match.id):
            await publisher.seat_taken_over(match, seat)
