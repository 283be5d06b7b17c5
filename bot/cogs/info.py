"""/rules and /help."""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands
from discord.ext import commands

from ..arcade import Arcade
from ..commands import game_command, play_usage
from ..discord_io import png_file
from ..kits import GameKit

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

    @app_commands.command(name="help", description="What Martian Arcade can do")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(help_text(self.arcade.kits), ephemeral=True)
