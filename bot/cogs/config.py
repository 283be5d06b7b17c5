"""/config: a server's settings, for members with Manage Server."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from catalogue import catalogues, tr, tr_in

from ..arcade import Arcade
from ..errors import MatchError
from ..model import GuildSettings

FOLLOW_DISCORD = "discord"


def settings_panel(settings: GuildSettings) -> str:
    clock = (
        tr("{hours:g} h (then the player to move forfeits)", hours=settings.clock_hours)
        if settings.clock_hours
        else tr("off")
    )
    channels = (
        ", ".join(f"<#{channel}>" for channel in settings.play_channels)
        if settings.play_channels
        else tr("any channel")
    )
    threads = tr("yes") if settings.use_threads else tr("no, they play in the channel")
    language = (
        tr_in("language.name", settings.language)
        if settings.language
        else tr("as Discord's server primary language")
    )
    lines = [
        tr("**Martian Arcade settings for this server**"),
        tr(
            "• Turn reminder after: **{hours:g} h** (one reminder, by DM or a mention)",
            hours=settings.reminder_hours,
        ),
        tr("• Turn clock: **{clock}**", clock=clock),
        tr("• Matches get their own thread: **{threads}**", threads=threads),
        tr("• Boards, invitations and other public posts in: **{language}**", language=language),
        tr("• `/play` works in: **{channels}**", channels=channels),
        tr(
            "• Limits: **{lobbies}** open invitations per member, **{per_member}** matches per member, "
            "**{per_server}** per server",
            lobbies=settings.max_open_lobbies,
            per_member=settings.max_active_per_member,
            per_server=settings.max_active_per_guild,
        ),
        tr(
            "• Invitations with open seats stay open: **{minutes:g} min**",
            minutes=settings.open_invite_minutes,
        ),
        tr(
            "• A player counts as away (and is pinged when their turn begins) after **{minutes:g} min** "
            "without acting; each player chooses with `/notify`",
            minutes=settings.away_minutes,
        ),
        tr(
            "• Tournaments are run by members with Manage Server and: **{role}**",
            role=f"<@&{settings.league_role_id}>" if settings.league_role_id else tr("nobody else"),
        ),
        tr("Change any of them with `/config` and its options."),
    ]
    return "\n".join(lines)


class ServerConfig(commands.Cog):
    def __init__(self, bot: commands.Bot, arcade: Arcade) -> None:
        self.bot = bot
        self.arcade = arcade

    @app_commands.command(
        name="config", description="Show or change Martian Arcade's settings (Manage Server)"
    )
    @app_commands.describe(
        reminder_hours="Remind the player to move after this many hours (default 12)",
        clock_hours="Turn clock in hours; 0 turns it off (default off)",
        threads="Give every match its own thread (default yes)",
        allow_channel="Add or remove a channel where /play works (none listed: everywhere)",
        any_channel="Let /play work in every channel again",
        max_open_lobbies="Open invitations per member (default 3)",
        max_matches_per_member="Lobbies and matches per member (default 5)",
        max_matches_per_server="Lobbies and matches in this server (default 50)",
        open_invite_minutes="How long invitations with open seats stay open, in minutes (default 60)",
        away_minutes="Ping a player whose turn begins only if they haven't acted for this long (default 3)",
        language="The language of boards and other public posts (default: the server's Discord language)",
        league_role="The role whose members may run tournaments; the same role again removes it",
    )
    @app_commands.choices(
        language=[
            app_commands.Choice(name="As the server's Discord language", value=FOLLOW_DISCORD),
            *(
                app_commands.Choice(name=tr_in("language.name", code), value=code)
                for code in sorted(catalogues())
            ),
        ]
    )
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def config(
        self,
        interaction: discord.Interaction,
        reminder_hours: float | None = None,
        clock_hours: float | None = None,
        threads: bool | None = None,
        allow_channel: discord.TextChannel | None = None,
        any_channel: bool | None = None,
        max_open_lobbies: int | None = None,
        max_matches_per_member: int | None = None,
        max_matches_per_server: int | None = None,
        open_invite_minutes: float | None = None,
        away_minutes: float | None = None,
        language: app_commands.Choice[str] | None = None,
        league_role: discord.Role | None = None,
    ) -> None:
        if not interaction.permissions.manage_guild:
            await interaction.response.send_message(
                tr("Only members with Manage Server can use /config."), ephemeral=True
            )
            return
        service = self.arcade.service
        changes = {
            "reminder_hours": reminder_hours,
            "use_threads": threads,
            "max_open_lobbies": max_open_lobbies,
            "max_active_per_member": max_matches_per_member,
            "max_active_per_guild": max_matches_per_server,
            "open_invite_minutes": open_invite_minutes,
            "away_minutes": away_minutes,
        }
        changes = {name: value for name, value in changes.items() if value is not None}
        if clock_hours is not None:
            changes["clock_hours"] = clock_hours or None
        if any_channel:
            changes["play_channels"] = None
        if language is not None:
            changes["language"] = None if language.value == FOLLOW_DISCORD else language.value

        def toggle_channel(current: GuildSettings) -> dict:
            """The same option adds and removes a channel, against the settings as saved now."""
            if allow_channel is None or any_channel:
                return {}
            channels = set(current.play_channels or []) ^ {allow_channel.id}
            return {"play_channels": sorted(channels) or None}

        def toggle_league_role(current: GuildSettings) -> dict:
            if league_role is None:
                return {}
            return {"league_role_id": None if current.league_role_id == league_role.id else league_role.id}

        def toggled(current: GuildSettings) -> dict:
            return {**toggle_channel(current), **toggle_league_role(current)}

        changing = bool(changes) or allow_channel is not None or league_role is not None
        try:
            if changing:
                settings = await service.update_settings(interaction.guild_id, toggled, **changes)
            else:
                settings = await service.settings_for(interaction.guild_id)
        except MatchError as error:
            await interaction.response.send_message(str(error), ephemeral=True)
            return
        panel = settings_panel(settings)
        await interaction.response.send_message(
            tr("Saved. {details}", details=panel) if changing else panel, ephemeral=True
        )
