"""/games: every match and open invitation a member is in, in every server they share with the
bot, privately: those waiting on them first, each with a jump link and its deadline."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from catalogue import listing, tr, trn

from ..arcade import Arcade
from ..discord_io import fitted, message_link
from ..model import MyGame, shown_computer_name


class Inbox(commands.Cog):
    def __init__(self, bot: commands.Bot, arcade: Arcade) -> None:
        self.bot = bot
        self.arcade = arcade

    @app_commands.command(
        name="games", description="Your matches and invitations in every server, yours to act on first"
    )
    async def games(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        games = await self.arcade.service.games_of(interaction.user.id)
        servers = await self._servers({game.guild_id for game in games})
        lines = [self._line(game, servers[game.guild_id]) for game in games if game.guild_id in servers]
        if not lines:
            text = tr(
                "You're in no match or invitation right now. Start one with `/play`, "
                "or post an open challenge with `/seek`."
            )
        else:
            text = fitted(tr("🔺 **Your matches and invitations**, those waiting on you first:"), lines)
        await interaction.followup.send(text, ephemeral=True)

    async def _servers(self, guild_ids: set[int | None]) -> dict[int, str]:
        """The names of the servers among `guild_ids` the bot is still in. A server on a shard
        another process serves isn't in this one's cache: Discord is asked about it."""
        names = {}
        for guild_id in guild_ids:
            if guild_id is None:
                continue
            guild = self.bot.get_guild(guild_id)
            if guild is None and not self._served_here(guild_id):
                try:
                    guild = await self.bot.fetch_guild(guild_id)
                except discord.HTTPException:  # the bot was removed from it
                    guild = None
            if guild is not None:
                names[guild_id] = guild.name
        return names

    def _served_here(self, guild_id: int) -> bool:
        shards = self.bot.shard_ids
        return shards is None or (guild_id >> 22) % (self.bot.shard_count or 1) in shards

    def _line(self, game: MyGame, server: str) -> str:
        title = self.arcade.kits[game.game_id].title
        parts = [
            f"{'👉' if game.waits_on_me else '▫️'} **{title}** #{game.match_id}",
            discord.utils.escape_markdown(server),
            whose(game),
            link(game),
        ]
        if game.deadline is not None:
            parts.append(f"⏰ <t:{int(game.deadline)}:R>")
        return " · ".join(part for part in parts if part)


def whose(game: MyGame) -> str:
    """Who the match waits for, in words."""
    if game.status == "lobby":
        if game.waits_on_me:
            return tr("invitation waiting for your answer")
        invited = [seat.display_name for seat in game.waiting_for if seat.user_id]
        open_seats = sum(1 for seat in game.waiting_for if seat.is_open)
        wanted = list(invited)
        if open_seats:
            wanted.append(trn("{count} open seat", "{count} open seats", open_seats, count=open_seats))
        return tr("invitation waiting for {wanted}", wanted=listing(wanted))
    if game.paused:
        if game.waits_on_me:
            return tr("your vote on a seat left empty")
        return tr("paused while the others vote on a seat left empty")
    if game.waits_on_me:
        return tr("your turn")
    names = [
        shown_computer_name(seat.computer) if seat.computer else seat.display_name
        for seat in game.waiting_for
    ]
    return tr("{players} to move", players=listing(names)) if names else ""


def link(game: MyGame) -> str:
    """Where to jump to: the match's latest board (else its thread), or the invitation."""
    if game.status == "active" and (game.board_message_id or game.thread_id):
        return message_link(game.guild_id, game.thread_id or game.channel_id, game.board_message_id)
    return message_link(game.guild_id, game.channel_id, game.lobby_message_id)
