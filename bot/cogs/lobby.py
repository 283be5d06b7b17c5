"""Invitations: `/play <game>` and the open challenge `/seek <game>` (one subcommand per kit, its
options taken from the engine), Accept / Decline, Join, Fill, Rematch, and closing invitations that
ran out."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands, tasks

from catalogue import tr

from ..arcade import Arcade
from ..commands import Seating, play_command, seek_command
from ..components import Claim
from ..discord_io import MENTION_USERS, message_link, tell
from ..errors import MatchError
from ..kits import GameKit
from ..model import Match
from ..publishing.audience import public_channel
from ..publishing.publisher import Publisher
from ..service import MatchService

log = logging.getLogger(__name__)


class Lobby(commands.Cog):
    def __init__(self, bot: commands.Bot, arcade: Arcade) -> None:
        self.bot = bot
        self.arcade = arcade
        self.service = arcade.service
        self.publisher = arcade.publisher
        self.play = app_commands.Group(
            name="play", description="Start a match of a Looney Pyramid game", guild_only=True
        )
        self.seek = app_commands.Group(
            name="seek",
            description="Post an open challenge: anyone here may join until it is full or lapses",
            guild_only=True,
        )
        for kit in arcade.kits.values():
            self.play.add_command(play_command(kit, self.open_lobby))
            self.seek.add_command(seek_command(kit, self.open_lobby))
        arcade.router.register(self._answer, "acc", "dec", "join", "fill")
        arcade.router.register(self._rematch, "rematch")

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.play)
        self.bot.tree.add_command(self.seek)
        self.sweep_lobbies.change_interval(seconds=self.arcade.settings.sweep_seconds)
        self.sweep_lobbies.start()

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command("play")
        self.bot.tree.remove_command("seek")
        self.sweep_lobbies.cancel()

    # --- opening

    async def open_lobby(
        self,
        interaction: discord.Interaction,
        kit: GameKit,
        picked: list[discord.Member | None],
        options: dict,
        seating: Seating,
    ) -> None:
        host = interaction.user
        opponents = [member for member in picked if member is not None]
        if any(member.bot for member in opponents):
            await tell(
                interaction, tr("Bots can't play — invite people, or add computer players with `computers`.")
            )
            return
        if any(member.id == host.id for member in opponents):
            await tell(interaction, tr("You're playing already — pick other members as opponents."))
            return
        players = [(host.id, host.display_name)] + [(m.id, m.display_name) for m in opponents]
        seating = seating.seats_with(kit, len(opponents))
        try:
            await self.service.check_play_channel(interaction.guild_id, interaction.channel_id)
            match = await self.service.create_lobby(
                kit.id,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                players=players,
                computers=seating.computers,
                open_seats=seating.open_seats,
                level=seating.level,
                hints=seating.hints,
                options=options,
                lasts=seating.minutes * 60 if seating.minutes else None,
            )
        except MatchError as error:
            await tell(interaction, str(error))
            return
        if match.status == "active":  # only computer players besides the host: no one to wait for
            await announce_start(self.service, self.publisher, interaction, match)
            return
        text, view = self.publisher.invitations.message(match, self.publisher.audience(match).public)
        await interaction.response.send_message(text, view=view, allowed_mentions=MENTION_USERS)
        message = await interaction.original_response()
        await self.service.set_lobby_message(match.id, message.id)

    async def _answer(self, interaction: discord.Interaction, claim: Claim, values: list[str]) -> None:
        await interaction.response.defer()
        user = interaction.user
        try:
            if claim.kind == "join":
                answer = await self.service.join(
                    claim.match_id,
                    user.id,
                    user.display_name,
                    version=claim.version,
                    guild_id=interaction.guild_id,
                )
            elif claim.kind == "fill":
                answer = await self.service.fill_and_start(
                    claim.match_id, user.id, version=claim.version, guild_id=interaction.guild_id
                )
            else:
                answer = await self.service.answer_invite(
                    claim.match_id,
                    user.id,
                    accept=claim.kind == "acc",
                    version=claim.version,
                    guild_id=interaction.guild_id,
                )
        except MatchError as error:
            await tell(interaction, str(error))
            return
        match = answer.match
        invitations, public = self.publisher.invitations, self.publisher.audience(match).public  # everyone's
        if answer.declined:
            await interaction.edit_original_response(
                content=invitations.closed_text(match, public), view=None
            )
            await self.service.lobby_notice_shown(match.id)
        elif not answer.started:
            text, view = invitations.message(match, public)
            await interaction.edit_original_response(content=text, view=view)
        else:
            match = await self.publisher.start(match)
            await interaction.edit_original_response(
                content=invitations.started_text(match, public), view=None
            )

    async def _rematch(self, interaction: discord.Interaction, claim: Claim, values: list[str]) -> None:
        """Same players and options; everyone but the one who asked must accept again."""
        try:
            match = await self.service.rematch(
                claim.match_id,
                interaction.user.id,
                interaction.user.display_name,
                interaction.guild_id,
                claim.version,
            )
        except MatchError as error:
            await tell(interaction, str(error))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        text, view = self.publisher.invitations.message(match, self.publisher.audience(match).public)
        lobby = await public_channel(self.bot, match.channel_id, match).send(
            text, view=view, allowed_mentions=MENTION_USERS
        )
        await self.service.set_lobby_message(match.id, lobby.id)
        await tell(
            interaction,
            tr(
                "Rematch invitation posted: {link}",
                link=message_link(match.guild_id, match.channel_id, lobby.id),
            ),
        )

    @tasks.loop(seconds=30)
    async def sweep_lobbies(self) -> None:
        try:
            await close_expired_lobbies(self.service, self.publisher)
        except Exception:
            log.exception("Closing expired lobbies failed; will retry")

    @sweep_lobbies.before_loop
    async def _before_sweep(self) -> None:
        await self.bot.wait_until_ready()


async def announce_start(
    service: MatchService, publisher: Publisher, interaction: discord.Interaction, match: Match
) -> None:
    """A match that started at once (nobody to wait for): say so in the channel, in answer to the
    command or click, then open its thread and post its first board there."""
    public = publisher.audience(match).public  # the message is everyone's
    starting = publisher.invitations.started_text(match, public)
    await interaction.response.send_message(starting, allowed_mentions=MENTION_USERS)
    message = await interaction.original_response()
    match.lobby_message_id = message.id
    await service.set_lobby_message(match.id, message.id)
    match = await publisher.start(match)
    await interaction.edit_original_response(content=publisher.invitations.started_text(match, public))


async def close_expired_lobbies(service: MatchService, publisher: Publisher) -> None:
    """Close the invitations whose time ran out, and show every closed invitation's notice still
    owed (its closer died, or Discord failed, before the message said so); each is claimed by one
    process of several."""
    for match in [*await service.expire_lobbies(), *await service.owed_lobby_notices()]:
        await publisher.show_closed(match)
