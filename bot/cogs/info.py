"""/rules and /help."""

from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands
from discord.ext import commands

from ..arcade import Arcade
from ..commands import game_command, play_usage
from ..discord_io import png_file
from ..kits import GameKit

log = logging.getLogger(__name__)

HELP_HEAD = "**Martian Arcade** — Looney Pyramid games, played right here."
HELP_TAIL = """Every `/play` also takes `computers`, `open_seats` (anyone may **Join**), `level` (easy, normal, hard) and `hints`. Seats left empty go to computer players: `/play mars` alone plays the computer.
`/move <action>` — type your move instead of clicking.
`/match list|board|log|replay|resign|handover|cancel` — matches here, the board again, the history in words, an ended match's animated replay, leave, hand your seat to a computer player, cancel.
`/match takeback`, `/match draw` — ask the others to let you take back your last move, or to end the match as a draw.
`/notify [when] [how]` — hear that it's your turn only when you've been away (default), every turn or never; by mention or DM.
`/stats [member]`, `/leaderboard <game>` — results and ratings in this server.
`/config` — server settings (Manage Server). `/rules <game>` — a game's rules in brief."""


def help_text(kits) -> str:
    """The commands, with one `/play` line per game kit and how each game is played."""
    games = [f"{play_usage(kit)} — {kit.title}, {kit.tagline} ({kit.players_text})." for kit in kits.values()]
    secret = [kit.title for kit in kits.values() if not kit.presenter.public_controls]
    public = [kit.title for kit in kits.values() if kit.presenter.public_controls]
    during = []
    if secret:
        during.append(
            f"In {', '.join(secret)} your secrets and move buttons come by DM; with closed DMs, use **Play** "
            "and the secrets button on the board."
        )
    if public:
        during.append(f"{', '.join(public)} have no secrets: the moves are buttons on the board.")
    return "\n".join([HELP_HEAD, "", *games, HELP_TAIL, "", "During a match: " + " ".join(during)])


def welcome_text(kits) -> str:
    """The first message in a server the bot has just joined: how to start, in a few lines."""
    first = next(iter(kits.values()))
    games = ", ".join(f"`{kit.id}`" for kit in kits.values())
    return (
        "👋 **Martian Arcade** is here: Looney Pyramid games, played in this server.\n"
        f"Start one with `/play <game>` and name your opponents, e.g. {play_usage(first)}. Games: {games}.\n"
        "Everyone invited accepts with a button; the board comes in a thread, and secrets by DM.\n"
        "`/help` lists every command, `/rules <game>` explains a game, and `/play mars` alone plays the computer."
    )


class Info(commands.Cog):
    def __init__(self, bot: commands.Bot, arcade: Arcade) -> None:
        self.bot = bot
        self.arcade = arcade
        self.rules = game_command("rules", "A short summary of a game's rules", arcade.kits, self.show_rules)

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.rules)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command("rules")

    async def show_rules(self, interaction: discord.Interaction, kit: GameKit) -> None:
        embed = discord.Embed(title=f"{kit.title} — rules in brief", description=kit.rules)
        picture = await asyncio.to_thread(kit.pictures.rules)
        embed.set_image(url="attachment://rules.png")
        await interaction.response.send_message(
            embed=embed, file=png_file(picture, "rules.png"), ephemeral=True
        )

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        """Say hello once, where members will see it: how to start a match, and where to read more."""
        me = guild.me
        channels = [guild.system_channel, *guild.text_channels]
        channel = next((c for c in channels if c is not None and c.permissions_for(me).send_messages), None)
        if channel is None:
            return  # nowhere to speak: /help still explains everything
        try:
            await channel.send(
                welcome_text(self.arcade.kits), allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException:
            log.info("Could not greet server %s", guild.id)

    @app_commands.command(name="help", description="What Martian Arcade can do")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(help_text(self.arcade.kits), ephemeral=True)
