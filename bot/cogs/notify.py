"""/notify: how each player hears that their turn has begun; /language: which language the bot
uses for them; /board: whether what the bot sends them shows the position as a picture, in words, or both."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from catalogue import N_, catalogues, tr, tr_in

from ..arcade import Arcade
from ..model import NotifyPreference

FOLLOW_DISCORD = "discord"

WHEN_TEXT = {
    "away": N_("only when you have been away (not acted for a few minutes) as your turn begins"),
    "every": N_("every time your turn begins"),
    "never": N_("never (the board still names you, and the turn reminder still comes)"),
}
BY_TEXT = {"mention": N_("a mention in the match's thread"), "dm": N_("a direct message")}
STYLE_TEXT = {
    "picture": N_("as a picture (with its description for screen readers)"),
    "words": N_("in words instead of the picture"),
    "both": N_("as a picture with the position in words below it"),
}


def preference_text(preference: NotifyPreference) -> str:
    return tr(
        "I'll notify you **{when}**, by **{how}**. Change it with `/notify when:… how:…`.",
        when=tr(WHEN_TEXT[preference.when]),
        how=tr(BY_TEXT[preference.by]),
    )


class Notify(commands.Cog):
    def __init__(self, bot: commands.Bot, arcade: Arcade) -> None:
        self.bot = bot
        self.service = arcade.service

    @app_commands.command(name="notify", description="Choose when and how you hear that it's your turn")
    @app_commands.describe(
        when="away: only if you've been away (default); every: each turn; never: reminders only",
        how="mention: in the match thread (default); dm: a direct message",
    )
    @app_commands.choices(
        when=[app_commands.Choice(name=name, value=name) for name in WHEN_TEXT],
        how=[app_commands.Choice(name=name, value=name) for name in BY_TEXT],
    )
    async def notify(
        self,
        interaction: discord.Interaction,
        when: app_commands.Choice[str] | None = None,
        how: app_commands.Choice[str] | None = None,
    ) -> None:
        current = await self.service.notify_preference(interaction.user.id)
        if when is None and how is None:
            await interaction.response.send_message(preference_text(current), ephemeral=True)
            return
        saved = await self.service.set_notify_preference(
            interaction.user.id, when.value if when else current.when, how.value if how else current.by
        )
        await interaction.response.send_message(
            tr("Saved. {details}", details=preference_text(saved)), ephemeral=True
        )

    @app_commands.command(name="board", description="Choose how you see positions: picture, words, or both")
    @app_commands.describe(show="picture (default), words instead of it, or both")
    @app_commands.choices(show=[app_commands.Choice(name=name, value=name) for name in STYLE_TEXT])
    async def board(
        self, interaction: discord.Interaction, show: app_commands.Choice[str] | None = None
    ) -> None:
        if show is not None:
            await self.service.set_board_style(interaction.user.id, show.value)
        style = await self.service.board_style(interaction.user.id)
        text = tr(
            "Your private messages, prompts and turn messages show the position **{style}**. "
            "Change it with `/board show:…`; **📝 In words** on any board tells you the position in words.",
            style=tr(STYLE_TEXT[style]),
        )
        await interaction.response.send_message(
            tr("Saved. {details}", details=text) if show is not None else text, ephemeral=True
        )

    @app_commands.command(name="language", description="Choose the language the bot uses for you")
    @app_commands.describe(language="Your choice (default: the language your Discord is set to)")
    @app_commands.choices(
        language=[
            app_commands.Choice(name="As my Discord", value=FOLLOW_DISCORD),
            *(
                app_commands.Choice(name=tr_in("language.name", code), value=code)
                for code in sorted(catalogues())
            ),
        ]
    )
    async def language(self, interaction: discord.Interaction, language: app_commands.Choice[str]) -> None:
        chosen = None if language.value == FOLLOW_DISCORD else language.value
        await self.service.set_language(interaction.user.id, chosen)
        now = await self.service.language_for(interaction.user.id, interaction.locale)
        key = "language.follow" if chosen is None else "language.chosen"
        await interaction.response.send_message(
            tr_in(key, now, name=tr_in("language.name", now)), ephemeral=True
        )
