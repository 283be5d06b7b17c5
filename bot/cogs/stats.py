"""/stats and /leaderboard: the standings of this server's players (kept as matches finish), with a chart."""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands
from discord.ext import commands

from catalogue import listing, speaking, tr
from renderers.stats import (
    leaderboard_alt,
    player_stats_alt,
    ranks,
    render_leaderboard,
    render_player_stats,
)

from ..arcade import Arcade
from ..commands import game_command
from ..discord_io import png_file, server_language
from ..kits import GameKit
from ..model import shown_computer_name
from ..ratings import COMPUTER_LEVELS, player_stats, shown

LEADERBOARD_ROWS = 10


class Stats(commands.Cog):
    def __init__(self, bot: commands.Bot, arcade: Arcade) -> None:
        self.bot = bot
        self.arcade = arcade
        self.leaderboard = game_command(
            "leaderboard",
            "The best-rated players of a game in this server",
            arcade.kits,
            self.show_leaderboard,
            guild_only=True,
        )

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.leaderboard)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command("leaderboard")

    @app_commands.command(name="stats", description="Games played and won in this server")
    @app_commands.describe(member="Whose statistics (default: yours)")
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        member = member or interaction.user
        await interaction.response.defer(thinking=True)
        numbers = player_stats(await self.arcade.service.standings_of(interaction.guild_id, member.id))
        learned = [
            self.arcade.kits[game].title for game in await self.arcade.service.tutorials_finished(member.id)
        ]
        badges = [
            badge
            for badge in await self.arcade.service.badges_of(interaction.guild_id, member.id)
            if badge.game_id in self.arcade.kits
        ]
        with speaking(
            await server_language(self.arcade.service, interaction.guild)
        ):  # posted for everyone to see
            picture = await asyncio.to_thread(render_player_stats, member.display_name, numbers)
            alt = player_stats_alt(member.display_name, numbers)
            summary = tr(
                "**{name}**: {played} played, {won} won in this server ({with_computers} of them with computer players).",
                name=member.display_name,
                played=numbers["played"],
                won=numbers["won"],
                with_computers=numbers["with_computers"],
            )
            for game_id, counts in numbers["games"].items():
                summary += "\n" + tr(
                    "{game}: rating **{rating}** (skill {skill} ± {uncertainty})",
                    game=self.arcade.kits[game_id].title if game_id in self.arcade.kits else game_id,
                    rating=counts["rating"],
                    skill=counts["skill"],
                    uncertainty=counts["uncertainty"],
                )
            if learned:
                summary += "\n" + tr("🎓 Tutorials finished: {games}.", games=listing(learned))
            if badges:
                summary += "\n" + tr(
                    "🏅 Seasons: {badges}.",
                    badges=", ".join(badge.text(self.arcade.kits[badge.game_id].title) for badge in badges),
                )
        await interaction.followup.send(
            summary, file=png_file(picture, "stats.png", alt), allowed_mentions=discord.AllowedMentions.none()
        )

    async def show_leaderboard(self, interaction: discord.Interaction, kit: GameKit) -> None:
        await interaction.response.defer(thinking=True)
        table = await self.arcade.service.leaderboard(interaction.guild_id, kit.id, LEADERBOARD_ROWS)
        with speaking(
            await server_language(self.arcade.service, interaction.guild)
        ):  # posted for everyone to see
            rows = [
                (leaderboard_name(name, entry.user_id), shown(entry.rating), entry.games, entry.wins)
                for name, entry in table
            ]
            title = tr("{title} leaderboard", title=kit.title)
            picture = await asyncio.to_thread(render_leaderboard, title, rows)
            alt = leaderboard_alt(title, rows)
            text = "\n".join(
                tr(
                    "{rank}. {name} — {rating} ({games} played, {wins} won)",
                    rank=rank,
                    name=name,
                    rating=round(rating),
                    games=games,
                    wins=wins,
                )
                for rank, (name, rating, games, wins) in zip(
                    ranks([rating for _, rating, _, _ in rows]), rows, strict=True
                )
            )
            head = tr(
                "**{title}** (conservative rating: skill − 3 × uncertainty, so it rises as you play;"
                " computer players are rated per level; see README for how ratings work)",
                title=kit.title,
            )
            body = text or tr("No finished matches yet.")
        await interaction.followup.send(
            f"{head}\n{body}",
            file=png_file(picture, "leaderboard.png", alt),
            allowed_mentions=discord.AllowedMentions.none(),
        )


def leaderboard_name(name: str | None, user_id: int) -> str:
    """A computer player by its level; a person by their latest name in a match here."""
    if user_id in COMPUTER_LEVELS:
        return shown_computer_name(COMPUTER_LEVELS[user_id])
    return name or tr("player {id}", id=user_id)
