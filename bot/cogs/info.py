"""/rules and /help."""

from __future__ import annotations

import asyncio
from importlib import resources
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from games import GAMES
from renderers import render_rules_picture

from ..games import PRESENTERS
from .matches import png_file

if TYPE_CHECKING:
    from ..app import ArcadeBot

# Only games with Discord controls are offered; an engine alone isn't playable here.
PLAYABLE = [app_commands.Choice(name=GAMES[game_id].title, value=game_id) for game_id in PRESENTERS]

HELP_TEXT = """**Martian Arcade** — Looney Pyramid games, played right here.

`/play trickery opponent1 opponent2 [opponent3]` — Martian Trickery, trick-taking for 3-4 players.
`/play mars opponent [variants...]` — Agents of M.A.R.S., secret objectives for 2 players.
`/play senet opponent` — Martian Senet, a dice race for 2 players (the moves are buttons on the board).
`/play flood opponent1 opponent2 [opponent3]` — Martian Flood, ships and towers for 3-4 players.
`/play combat opponent1 [opponent2] [opponent3] [version]` — Martian Combat, dice and combat for 2-4 players.
Everyone invited presses **Accept**; the match then gets its own thread.
`/move <action>` — type your move instead of clicking (suggestions as you type).
`/match list|board|resign|cancel` — what's running here, re-post your board, leave or cancel a match.
`/stats [member]`, `/leaderboard <game>` — results and ratings in this server.
`/config` — server settings: reminders, turn clock, threads, channels, limits (Manage Server).
`/rules <game>` — a short summary of a game's rules.
`/help` — this message.

During a match: in Trickery and M.A.R.S. your secrets (cards, objective) come by DM, with buttons to play when it's your turn; on the board in the thread, **Play** opens your move privately and **My hand** / **My objective** shows your secrets (handy if your DMs are closed). Senet, Flood and Combat have no secrets: the moves are buttons on the board itself, for whoever must decide."""


def rules_summary(game_id: str) -> str:
    return resources.files("bot.rules").joinpath(f"{game_id}.md").read_text()


class Info(commands.Cog):
    def __init__(self, bot: ArcadeBot) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="A short summary of a game's rules")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=PLAYABLE)
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        embed = discord.Embed(
            title=f"{GAMES[game.value].title} — rules in brief", description=rules_summary(game.value)
        )
        picture = await asyncio.to_thread(render_rules_picture, game.value)
        embed.set_image(url="attachment://rules.png")
        await interaction.response.send_message(
            embed=embed, file=png_file(picture, "rules.png"), ephemeral=True
        )

    @app_commands.command(name="help", description="What Martian Arcade can do")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(HELP_TEXT, ephemeral=True)
