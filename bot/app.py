"""Building the bot: `create_bot(settings)` wires storage, the match service, cogs and components."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from .components import MatchButton, MatchSelect
from .service import MatchService
from .settings import Settings
from .storage import Database

log = logging.getLogger(__name__)


class ArcadeBot(commands.Bot):
    def __init__(self, settings: Settings) -> None:
        # The bot never joins voice, so discord.py's "voice will NOT be supported" warnings are noise.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.settings = settings
        self.db: Database | None = None
        self.service: MatchService | None = None
        self.arcade = None  # the Matches cog; components route their clicks to it

    async def setup_hook(self) -> None:
        from .cogs.config import ServerConfig
        from .cogs.info import Info
        from .cogs.matches import Matches
        from .cogs.stats import Stats

        self.db = await Database.open(self.settings.database_url)
        self.service = MatchService(
            self.db, clock=discord.utils.utcnow, lobby_timeout=self.settings.lobby_timeout_seconds
        )
        self.arcade = Matches(self)
        await self.add_cog(self.arcade)
        await self.add_cog(Info(self))
        await self.add_cog(Stats(self))
        await self.add_cog(ServerConfig(self))
        self.add_dynamic_items(MatchButton, MatchSelect)
        self.tree.on_error = self.on_app_command_error
        if self.settings.sync_commands:
            await self._sync_commands()

    async def _sync_commands(self) -> None:
        if self.settings.command_guild_id:
            guild = discord.Object(self.settings.command_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("Synced %d slash commands", len(synced))

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        if isinstance(error, app_commands.TransformerError):
            text = f"I couldn't use “{error.value}” there — please pick a member of this server."
        elif isinstance(error, app_commands.NoPrivateMessage):
            text = "That command only works in a server channel."
        else:
            log.error("Slash command failed", exc_info=error)
            text = "Something went wrong on my side. Please try again in a moment."
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    async def close(self) -> None:
        await super().close()
        if self.db is not None:
            await self.db.close()
            self.db = None


def create_bot(settings: Settings | None = None) -> ArcadeBot:
    """A ready-to-start bot; nothing touches the network or the disk until it logs in."""
    return ArcadeBot(settings or Settings())
