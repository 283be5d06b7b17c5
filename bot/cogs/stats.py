"""/stats and /leaderboard: results of this server's finished matches, with a chart."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from games import GAMES
from renderers.stats import render_leaderboard, render_player_stats

from ..games import PRESENTERS
from ..ratings import player_stats, ratings
from .matches import png_file

if TYPE_CHECKING:
    from ..app import ArcadeBot

GAME_CHOICES = [app_commands.Choice(name=GAMES[game_id].title, value=game_id) for game_id in PRESENTERS]
LEADERBOARD_ROWS = 10


class Stats(commands.Cog):
    def __init__(self, bot: ArcadeBot) -> None:
        self.bot = bot

    @app_commands.command(name="stats", description="Games played and won in this server")
    @app_commands.describe(member="Whose statistics (default: yours)")
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        member = member or interaction.user
        await interaction.response.defer(thinking=True)
        finished = await self.bot.service.finished_in(interaction.guild_id)
        numbers = player_stats(finished, member.id)
        for game_id, row in numbers["games"].items():
            mine = next((r for r in ratings(finished, game_id) if r.user_id == member.id), None)
            if mine:
                row["rating"] = round(mine.rating)
        picture = await asyncio.to_thread(render_player_stats, member.display_name, numbers)
        summary = (
            f"**{member.display_name}**: {numbers['played']} played, {numbers['won']} won in this server."
        )
        await interaction.followup.send(
            summary, file=png_file(picture, "stats.png"), allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="leaderboard", description="The best-rated players of a game in this server")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        await interaction.response.defer(thinking=True)
        finished = await self.bot.service.finished_in(interaction.guild_id)
        table = ratings(finished, game.value)[:LEADERBOARD_ROWS]
        names = await self.bot.service.player_names(interaction.guild_id)
        rows = [(names.get(r.user_id, f"player {r.user_id}"), r.rating, r.games, r.wins) for r in table]
        picture = await asyncio.to_thread(render_leaderboard, f"{game.name} leaderboard", rows)
        text = "\n".join(
            f"{rank}. {name} — {round(rating)} ({games} played, {wins} won)"
            for rank, (name, rating, games, wins) in enumerate(rows, start=1)
        )
        await interaction.followup.send(
            f"**{game.name}** (Elo; see README for how ratings work)\n{text or 'No finished matches yet.'}",
            file=png_file(picture, "leaderboard.png"),
            allowed_mentions=discord.AllowedMentions.none(),
        )
