"""Building the bot: `create_bot(settings)` wires the repository, the match service, the
publisher, the cogs and the components, for the games in the kits."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import signal
from collections.abc import Mapping
from typing import cast

import discord
from discord import app_commands
from discord.ext import commands

from catalogue import speak, tr

from .arcade import Arcade
from .cogs.computers import ComputerTurns
from .cogs.config import ServerConfig
from .cogs.deadlines import Deadlines
from .cogs.inbox import Inbox
from .cogs.info import Info
from .cogs.learning import Learning
from .cogs.lobby import Lobby
from .cogs.manage import Manage
from .cogs.notify import Notify
from .cogs.play import Play
from .cogs.seasons import Seasons
from .cogs.stats import Stats
from .cogs.tournaments import Tournaments
from .components import ClaimRouter, MatchButton, MatchSelect, answer_unknown_component
from .kits import KITS, GameKit
from .publishing.publisher import Publisher
from .repository import Repository
from .service import MatchService
from .settings import Settings
from .thinking import ComputerPlayers
from .translation import CatalogueTranslator

log = logging.getLogger(__name__)

SHUTDOWN_GRACE_SECONDS = 5  # docker stop waits 10 s before it kills


class ArcadeTree(app_commands.CommandTree):
    """The slash commands, each answered in its user's language."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        speak(
            await cast(ArcadeBot, interaction.client).language_of(interaction)
        )  # for this interaction's task
        return True


class ArcadeBot(commands.AutoShardedBot):
    """A sharded bot: one process runs every shard by default; with SHARD_COUNT and SHARD_IDS
    several processes share them, each serving its shards' servers over one database."""

    repository: Repository
    service: MatchService
    publisher: Publisher

    def __init__(self, settings: Settings, kits: Mapping[str, GameKit] = KITS) -> None:
        # The bot never joins voice, so discord.py's "voice will NOT be supported" warnings are noise.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            shard_count=settings.shard_count,
            shard_ids=settings.shard_ids,
            tree_cls=ArcadeTree,
        )
        self.settings = settings
        self.kits = kits
        self.router = ClaimRouter(self.language_of)  # the cogs register a handler for each kind of claim
        self._repository: Repository | None = None
        self.stopping: asyncio.Task | None = None  # the close a stop signal started
        self.computers = ComputerPlayers(settings.computer_workers)

    async def setup_hook(self) -> None:
        engines = {game_id: kit.engine for game_id, kit in self.kits.items()}
        self.repository = self._repository = await Repository.open(self.settings.database_url, engines)
        self.service = MatchService(
            self.repository,
            self.kits,
            clock=discord.utils.utcnow,
            lobby_timeout=self.settings.lobby_timeout_seconds,
            computer_delay=self.settings.computer_delay_seconds,
            think=self.computers.think,
            work=self.computers.run,
        )
        self.publisher = Publisher(self, self.service)
        arcade = Arcade(self.settings, self.kits, self.router, self.service, self.publisher)
        for cog in (
            Lobby,
            Play,
            Manage,
            Deadlines,
            ComputerTurns,
            Info,
            Stats,
            ServerConfig,
            Notify,
            Learning,
            Seasons,
            Inbox,
            Tournaments,
        ):
            await self.add_cog(cog(self, arcade))
        await self.tree.set_translator(CatalogueTranslator())
        self.add_dynamic_items(MatchButton, MatchSelect)
        self.add_listener(answer_unknown_component, "on_interaction")
        self.tree.on_error = self.on_app_command_error
        if self.settings.sync_commands:
            await self._sync_commands()

    async def language_of(self, interaction: discord.Interaction) -> str:
        """The language to answer `interaction`'s user in (see `MatchService.language_for`)."""
        return await self.service.language_for(interaction.user.id, interaction.locale)

    async def _sync_commands(self) -> None:
        """Send the slash commands to Discord, unless exactly these were the last sent (Discord
        allows 200 command creations a day, and every start used to send them all)."""
        guild = discord.Object(self.settings.command_guild_id) if self.settings.command_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        fingerprint = await self.command_fingerprint(guild)
        if not self.settings.always_sync_commands and await self.repository.synced_commands() == fingerprint:
            log.info("Slash commands unchanged since the last sync; not syncing")
            return
        synced = await self.tree.sync(guild=guild)
        await self.repository.set_synced_commands(fingerprint)
        log.info("Synced %d slash commands", len(synced))

    async def command_fingerprint(self, guild: discord.abc.Snowflake | None) -> str:
        """SHA-256 of what `tree.sync(guild=guild)` would send: every command's payload with its
        translations (so a changed German name counts), where it goes and for which application."""
        commands = self.tree._get_all_commands(guild=guild)  # the very list sync() sends
        translator = self.tree.translator
        if translator is not None:
            payload = [await command.get_translated_payload(self.tree, translator) for command in commands]
        else:
            payload = [command.to_dict(self.tree) for command in commands]
        target = {
            "application": self.application_id,
            "guild": guild.id if guild else None,
            "commands": payload,
        }
        return hashlib.sha256(json.dumps(target, sort_keys=True).encode()).hexdigest()

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        if isinstance(error, app_commands.TransformerError):
            text = tr(
                "I couldn't use “{value}” there — please pick a member of this server.", value=error.value
            )
        elif isinstance(error, app_commands.NoPrivateMessage):
            text = tr("That command only works in a server channel.")
        else:
            log.error("Slash command failed", exc_info=error)
            text = tr("Something went wrong on my side. Please try again in a moment.")
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    async def close(self) -> None:
        """Let decisions being applied finish (a few seconds at most: whatever is cut short rolls
        back, since each decision is one transaction), then disconnect and close the database."""
        if self._repository is not None and not await self.publisher.settle(SHUTDOWN_GRACE_SECONDS):
            log.warning("Stopping with decisions still in progress; they roll back")
        await super().close()
        await self.close_storage()
        log.info("Stopped; the database is closed")

    async def close_storage(self) -> None:
        """Close the database connection and the computer players' workers (idempotent)."""
        self.computers.close()
        if self._repository is not None:
            await self._repository.close()
            self._repository = None


def stop_on_signals(bot: ArcadeBot) -> None:
    """SIGTERM (docker stop, systemd) and SIGINT (Ctrl+C) close the bot cleanly instead of killing it."""
    loop = asyncio.get_running_loop()

    def stop(name: str) -> None:
        log.info("%s received: stopping", name)
        bot.stopping = loop.create_task(bot.close())

    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop, signum.name)


def create_bot(settings: Settings | None = None, *, kits: Mapping[str, GameKit] = KITS) -> ArcadeBot:
    """A ready-to-start bot; nothing touches the network or the disk until it logs in."""
    return ArcadeBot(settings or Settings(), kits)
