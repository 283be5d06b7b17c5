"""Learning: `/learn <game>` (a guided first match against the computer), `/match review` of an
ended match, and "Play on from here" from one of its moments."""

from __future__ import annotations

import asyncio

import discord
from discord.ext import commands

from catalogue import tr
from games.core import with_suggestion
from tutor import LESSONS

from ..arcade import Arcade
from ..commands import game_command
from ..components import Claim, MatchButton, view_of
from ..computer_turns import decision_seed
from ..discord_io import png_file, tell
from ..errors import MatchError
from ..kits import GameKit
from ..learning import ReviewedMoment
from ..model import Match
from ..presenters.base import Scene
from ..publishing.moment import explanation
from .lobby import announce_start


class Learning(commands.Cog):
    def __init__(self, bot: commands.Bot, arcade: Arcade) -> None:
        self.bot = bot
        self.arcade = arcade
        self.service = arcade.service
        self.publisher = arcade.publisher
        self.learn = game_command(
            "learn",
            "Learn a game: a guided first match against the computer, step by step",
            {game_id: kit for game_id, kit in arcade.kits.items() if game_id in LESSONS},
            self.start_tutorial,
            guild_only=True,
        )
        arcade.router.register(self._play_on, "playon")

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.learn)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command("learn")

    async def start_tutorial(self, interaction: discord.Interaction, kit: GameKit) -> None:
        """The tutorial plays in a thread of this channel, like any match, so others can watch and
        learn along; it is unrated, and only the learner plays."""
        person = (interaction.user.id, interaction.user.display_name)
        try:
            await self.service.check_play_channel(interaction.guild_id, interaction.channel_id)
            match = await self.service.learn(
                kit.id, guild_id=interaction.guild_id, channel_id=interaction.channel_id, person=person
            )
        except MatchError as error:
            await tell(interaction, str(error))
            return
        await announce_start(self.service, self.publisher, interaction, match)

    async def _play_on(self, interaction: discord.Interaction, claim: Claim, values: list[str]) -> None:
        person = (interaction.user.id, interaction.user.display_name)
        try:
            await self.service.check_play_channel(interaction.guild_id, interaction.channel_id)
            match = await self.service.play_on(
                claim.match_id,
                claim.argument,
                person,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
            )
        except MatchError as error:
            await tell(interaction, str(error))
            return
        await announce_start(self.service, self.publisher, interaction, match)

    async def show_review(self, interaction: discord.Interaction, match_id: int) -> None:
        """The review, privately: each moment's position, what was played and what the computer
        would have played, and a button to play on from there."""
        await interaction.response.defer(ephemeral=True, thinking=True)  # the computer judges every move
        try:
            match, moments = await self.service.review(match_id, interaction.guild_id)
        except MatchError as error:
            await tell(interaction, str(error))
            return
        kit = self.service.kit(match)
        if not moments:
            await tell(
                interaction,
                tr("Nobody had a real choice in match #{number}: nothing to review.", number=match.id),
            )
            return
        lines = [
            tr(
                "🔎 **{title}** #{number}: the moments where the computer's judgement of the match swung most.",
                title=kit.title,
                number=match.id,
            )
        ]
        files, buttons = [], []
        for number, moment in enumerate(moments, 1):
            lines.append(self._moment_text(kit, match, number, moment))
            files.append(await self._moment_picture(kit, match, number, moment))
            buttons.append(
                MatchButton(
                    Claim(match.id, match.version, "playon", str(moment.swing.ply)),
                    label=tr("▶ Play on from {number}", number=number),
                )
            )
        lines.append(
            tr("-# **Play on** starts an unrated practice match against the computer from that position.")
        )
        await interaction.followup.send(
            "\n".join(lines)[:2000], files=files, view=view_of(buttons), ephemeral=True
        )

    @staticmethod
    def _scene(match: Match, moment: ReviewedMoment) -> Scene:
        return Scene(
            match.id, match.version, tuple(match.shown_names), match.options, moment.state.view(None)
        )

    def _moment_text(self, kit: GameKit, match: Match, number: int, moment: ReviewedMoment) -> str:
        swing, scene = moment.swing, self._scene(match, moment)
        played = kit.presenter.action_phrase(scene, swing.seat, swing.played, done=False)
        head = tr(
            "**{number}. Move {move}, {player}**: chances {before}% → {after}%.",
            number=number,
            move=swing.ply + 1,
            player=match.label(swing.seat),
            before=round(100 * swing.before),
            after=round(100 * swing.after),
        )
        if swing.best == swing.played:
            judged = tr(
                "Played: {played}, as the computer would have; what came after (dice, draws, the others' "
                "moves) made the difference.",
                played=played,
            )
        else:
            seed = decision_seed(match.id, swing.ply, swing.seat, "review")
            judged = tr(
                "Played: {played}. The computer would have: {best}.",
                played=played,
                best=explanation(kit, scene, moment.state, swing.seat, swing.best, seed),
            )
        return f"{head} {judged}"

    async def _moment_picture(
        self, kit: GameKit, match: Match, number: int, moment: ReviewedMoment
    ) -> discord.File:
        """The position before the move, the computer's move marked on it: the board, or, where
        moves are secret, the mover's own view (all public now that the match has ended)."""
        swing, state, engine = moment.swing, moment.state, kit.engine
        marks = engine.marks(state, swing.seat, engine.parse_action(swing.best))
        if kit.presenter.public_controls:
            view, draw = state.view(None), kit.pictures.board
        else:
            view, draw = state.view(swing.seat), kit.pictures.private
        view = with_suggestion(view, marks)
        picture = await asyncio.to_thread(draw, view, names=list(match.shown_names))
        alt = kit.presenter.describe(
            self._scene(match, moment), view, None if kit.presenter.public_controls else swing.seat
        )
        return png_file(picture, f"moment-{number}.png", alt)
