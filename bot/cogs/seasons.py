"""/season start|end|standings: a server's seasons (`bot.seasons`), and the final table posted in
the channel where a season started when it ends, by `/season end` or, at its end time, by the
periodic sweep (one process of several, through the lease)."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands, tasks

from catalogue import speaking, tr

from ..arcade import Arcade
from ..discord_io import organiser, server_language, tell
from ..errors import MatchError
from ..presenters.common import points_text
from ..seasons import MAX_WEEKS, NAME_LENGTH, Season, SeasonEntry
from .stats import leaderboard_name

log = logging.getLogger(__name__)
TABLE_ROWS = 10  # per game in /season standings; the final table shows everyone


def season_lines(title: str, table: list[SeasonEntry], limit: int | None = None) -> list[str]:
    lines = [f"**{title}**"]
    for place, entry in enumerate(table[:limit], 1):
        lines.append(
            tr(
                "{place}. {name} — {points} pts ({matches} played, {wins} won)",
                place=place,
                name=leaderboard_name(entry.display_name, entry.user_id),
                points=points_text(entry.points),
                matches=entry.matches,
                wins=entry.wins,
            )
        )
    return lines


class Seasons(commands.Cog):
    def __init__(self, bot: commands.Bot, arcade: Arcade) -> None:
        self.bot = bot
        self.arcade = arcade
        self.service = arcade.service
        self.group = app_commands.Group(
            name="season", description="This server's seasons: standings over a few weeks", guild_only=True
        )
        self.group.add_command(self._start_command())
        self.group.add_command(self._end_command())
        self.group.add_command(self._standings_command())

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.group)
        self.sweep_seasons.change_interval(seconds=self.arcade.settings.sweep_seconds)
        self.sweep_seasons.start()

    async def cog_unload(self) -> None:
        self.sweep_seasons.cancel()
        self.bot.tree.remove_command("season")

    def _start_command(self) -> app_commands.Command:
        async def start(
            interaction: discord.Interaction,
            name: app_commands.Range[str, 1, NAME_LENGTH] | None = None,
            weeks: app_commands.Range[int, 1, MAX_WEEKS] | None = None,
        ) -> None:
            await self.start(interaction, name, weeks)

        start = app_commands.describe(
            name="What to call it (default: Season and its number)",
            weeks="How many weeks it runs (default: until /season end)",
        )(start)
        return app_commands.Command(
            name="start", description="Start a season in this server (Manage Server)", callback=start
        )

    def _end_command(self) -> app_commands.Command:
        async def end(interaction: discord.Interaction) -> None:
            await self.end(interaction)

        return app_commands.Command(
            name="end", description="End this server's season now (Manage Server)", callback=end
        )

    def _standings_command(self) -> app_commands.Command:
        kits = self.arcade.kits

        async def standings(
            interaction: discord.Interaction, game: app_commands.Choice[str] | None = None
        ) -> None:
            await self.standings(interaction, game.value if game else None)

        standings = app_commands.describe(game="Which game (default: every game played in it)")(standings)
        standings = app_commands.choices(
            game=[app_commands.Choice(name=kit.title, value=kit.id) for kit in kits.values()]
        )(standings)
        return app_commands.Command(
            name="standings", description="The standings of this server's season", callback=standings
        )

    async def start(self, interaction: discord.Interaction, name: str | None, weeks: int | None) -> None:
        try:
            season = await self.service.start_season(
                interaction.guild_id, interaction.channel_id, name, weeks, **organiser(interaction)
            )
        except MatchError as error:
            await tell(interaction, str(error))
            return
        with speaking(await server_language(self.service, interaction.guild)):  # everyone's news
            until = (
                tr("It ends <t:{moment}:R> (<t:{moment}:f>).", moment=int(season.ends_at))
                if season.ends_at
                else tr("It runs until someone with Manage Server ends it with /season end.")
            )
            text = tr(
                "🏁 **{season}** has started! Every rated match finished here counts in its standings"
                " (/season standings); ratings go on as before. {until}",
                season=season.title,
                until=until,
            )
        await interaction.response.send_message(text, allowed_mentions=discord.AllowedMentions.none())

    async def end(self, interaction: discord.Interaction) -> None:
        try:
            season, mine_to_post = await self.service.end_season(
                interaction.guild_id, **organiser(interaction)
            )
        except MatchError as error:
            await tell(interaction, str(error))
            return
        await tell(interaction, tr("{season} has ended; its final table is posted.", season=season.title))
        if mine_to_post:
            await self.post_final_table(season)

    async def standings(self, interaction: discord.Interaction, game_id: str | None) -> None:
        try:
            season = await self.service.season_to_show(interaction.guild_id)
        except MatchError as error:
            await tell(interaction, str(error))
            return
        tables = await self.service.season_tables(season, game_id)
        with speaking(await server_language(self.service, interaction.guild)):  # posted for everyone
            if season.ended_at is not None:
                state = tr("ended <t:{moment}:R>", moment=int(season.ended_at))
            elif season.ends_at is not None:
                state = tr("ends <t:{moment}:R>", moment=int(season.ends_at))
            else:
                state = tr("running")
            lines = [tr("**{season}** standings ({state})", season=season.title, state=state)]
            for game, table in tables.items():
                lines += season_lines(self.arcade.kits[game].title, table, TABLE_ROWS)
            if not tables:
                lines.append(tr("No finished matches in this season yet."))
        await interaction.response.send_message(
            "\n".join(lines), allowed_mentions=discord.AllowedMentions.none()
        )

    async def post_final_table(self, season: Season) -> None:
        """Post the season's final table, one part per game played, where the season started;
        it stays owed (for the next sweep) if Discord fails."""
        channel = self.bot.get_channel(season.channel_id)
        try:
            if channel is not None:
                tables = await self.service.season_tables(season)
                with speaking(await server_language(self.service, getattr(channel, "guild", None))):
                    lines = [tr("🏆 **{season}** is over. The final table:", season=season.title)]
                    for game, table in tables.items():
                        lines += season_lines(self.arcade.kits[game].title, table)
                    if not tables:
                        lines.append(tr("No matches were finished in it."))
                for part in discord.utils.as_chunks(lines, 25):  # within Discord's 2,000 characters
                    await channel.send("\n".join(part), allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.warning("Could not post the final table of season %s; will retry", season.id)
            return
        await self.service.final_table_posted(season)

    @tasks.loop(seconds=30)
    async def sweep_seasons(self) -> None:
        try:
            for season in await self.service.seasons_to_close():
                await self.post_final_table(season)
        except Exception:
            log.exception("Ending seasons failed; will retry")

    @sweep_seasons.before_loop
    async def _before_sweep(self) -> None:
        await self.bot.wait_until_ready()
