"""/rules and /help."""

from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands
from discord.ext import commands

from catalogue import tr_in

from ..arcade import Arcade
from ..commands import game_command, play_usage
from ..discord_io import png_file
from ..kits import GameKit, translated_rules

log = logging.getLogger(__name__)


def help_text(kits, locale: discord.Locale | str | None = None) -> str:
    """The commands, with one `/play` line per game kit and how each game is played."""
    games = [
        tr_in(
            "help.game",
            locale,
            usage=play_usage(kit, locale),
            title=kit.title,
            tagline=kit.tagline_in(locale),
            players=kit.players_in(locale),
        )
        for kit in kits.values()
    ]
    secret = [kit.title for kit in kits.values() if not kit.presenter.public_controls]
    public = [kit.title for kit in kits.values() if kit.presenter.public_controls]
    during = []
    if secret:
        during.append(tr_in("help.secret_games", locale, games=", ".join(secret)))
    if public:
        during.append(tr_in("help.public_games", locale, games=", ".join(public)))
    notes = tr_in("help.during", locale, notes=" ".join(during))
    tail = [tr_in("help.tail", locale), tr_in("help.together", locale), tr_in("help.tournaments", locale)]
    return "\n".join([tr_in("help.head", locale), "", *games, *tail, "", notes])


def welcome_text(kits, locale: discord.Locale | str | None = None) -> str:
    """The first message in a server the bot has just joined: how to start, in a few lines."""
    first = next(iter(kits.values()))
    games = ", ".join(f"`{kit.id}`" for kit in kits.values())
    return tr_in("welcome", locale, example=play_usage(first, locale), games=games)


def messages_of(text: str, limit: int = 2000) -> list[str]:
    """The text cut at line ends into messages Discord accepts (a line is never split)."""
    parts = [""]
    for line in text.split("\n"):
        joined = f"{parts[-1]}\n{line}" if parts[-1] else line
        if len(joined) <= limit:
            parts[-1] = joined
        else:
            parts.append(line[:limit])
    return [part for part in parts if part]


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
        lang = await self.arcade.service.language_for(interaction.user.id, interaction.locale)
        summary = translated_rules(kit.id, lang) or kit.rules
        embed = discord.Embed(title=tr_in("rules.title", lang, title=kit.title), description=summary)
        picture = await asyncio.to_thread(kit.pictures.rules)  # in `lang`: the command's language
        alt = kit.presenter.rules_alt()
        embed.set_image(url="attachment://rules.png")
        await interaction.response.send_message(
            embed=embed, file=png_file(picture, "rules.png", alt), ephemeral=True
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
                welcome_text(self.arcade.kits, guild.preferred_locale),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.HTTPException:
            log.info("Could not greet server %s", guild.id)

    @app_commands.command(name="help", description="What Martian Arcade can do")
    async def help(self, interaction: discord.Interaction) -> None:
        lang = await self.arcade.service.language_for(interaction.user.id, interaction.locale)
        first, *more = messages_of(help_text(self.arcade.kits, lang))
        await interaction.response.send_message(first, ephemeral=True)
        for part in more:  # many games make a long list
            await interaction.followup.send(part, ephemeral=True)
