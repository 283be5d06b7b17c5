"""Playing: the move controls (Play, My hand, move buttons, multi-step selects) and `/move`.

Every click is one service call; what it returns is answered to the clicker and handed to the
publisher, with the pictures of that moment drawn once for both.
"""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands
from discord.ext import commands

from catalogue import tr

from ..arcade import Arcade
from ..components import Claim, view_of
from ..computer_turns import decision_seed
from ..discord_io import message_link, tell
from ..errors import MatchError, StaleClick
from ..history import worded_actions
from ..model import ActionResult, Match
from ..presenters.base import Prompt
from ..publishing.moment import Moment, with_words


class Play(commands.Cog):
    def __init__(self, bot: commands.Bot, arcade: Arcade) -> None:
        self.bot = bot
        self.arcade = arcade
        self.service = arcade.service
        self.publisher = arcade.publisher
        arcade.router.register(self._show_prompt, "play")
        arcade.router.register(self._show_hand, "hand")
        arcade.router.register(self._act, "act", "do")
        arcade.router.register(self._pick, "pick", "step", "moves")
        arcade.router.register(self._hint, "hint")
        arcade.router.register(self._words, "words")

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        self.publisher.boards.note_message(message.channel.id, message.id)  # it may bury a live board

    # --- clicks

    async def _act(self, interaction: discord.Interaction, claim: Claim, values: list[str]) -> None:
        """Apply the clicked action. A private message or the board is then brought up to date by
        the publisher; an ephemeral prompt becomes the confirmation, or the next prompt when the same
        player goes on (e.g. placing the piece they just drew)."""
        action = claim.argument if claim.kind == "act" else (values[0] if len(values) == 1 else "")
        await interaction.response.defer()
        async with self.publisher.lock(claim.match_id):
            try:
                result = await self.service.act(
                    claim.match_id, interaction.user.id, claim.version, action, guild_id=interaction.guild_id
                )
            except StaleClick as error:
                await self._stale(interaction, claim, str(error))
                return
            except MatchError as error:
                await tell(interaction, str(error))
                return
            moment = self.publisher.moment(result.match)
            if self._ephemeral(interaction):
                await self._confirm(interaction, moment, result)
            await self.publisher.action(result, moment)

    async def _confirm(self, interaction: discord.Interaction, moment: Moment, result: ActionResult) -> None:
        """The ephemeral prompt says what was done, and shows the next step if the turn goes on."""
        acted = self._acted_text(moment, result)
        going_on = self._next_prompt(await self.publisher.tutored(moment), result)
        if going_on:
            style = await self.service.board_style(interaction.user.id)
            text, files = await moment.personal(
                style, f"{acted}\n{going_on.text}", going_on, result.seat, or_private=False
            )
            await interaction.edit_original_response(
                content=text, view=view_of(going_on.items), attachments=files
            )
        else:
            await interaction.edit_original_response(content=acted, view=None, attachments=[])

    async def _stale(self, interaction: discord.Interaction, claim: Claim, text: str) -> None:
        """A click on controls the match has moved past (the caller holds the publishing lock). From a
        private message: that message is brought up to date, saying what happened meanwhile."""
        if interaction.guild_id is not None or self._ephemeral(interaction):
            await tell(interaction, text)
            return
        match = await self.service.load(claim.match_id)
        seat = match.seat_of(interaction.user.id)
        if seat is None or match.status != "active":
            await tell(interaction, text)
            return
        await self.publisher.refresh_private(match, seat, await self._meanwhile(match, claim.version))
        await tell(
            interaction,
            tr("That message had moved on; it now shows what happened meanwhile and where you stand."),
        )

    async def _meanwhile(self, match: Match, version: int) -> list[str]:
        """What happened since `version`, in words (at most the last few)."""
        rows = await self.service.action_log(match.id)
        worded = await asyncio.to_thread(worded_actions, self.service.kit(match), match, rows)
        phrases = [sentence for sentence, _ in worded[max(0, version - 1) :]]
        return phrases if len(phrases) <= 5 else ["…", *phrases[-5:]]

    async def _pick(self, interaction: discord.Interaction, claim: Claim, values: list[str]) -> None:
        """One step of a multi-step choice (a select's pick, a step button, a tutorial's Other moves):
        show the next step's controls."""
        await interaction.response.defer()
        try:
            match, seat = await self.service.check_turn(
                claim.match_id, interaction.user.id, claim.version, interaction.guild_id
            )
            moment = self.publisher.moment(match)
            presenter, mine = moment.presenter, moment.mine(seat)
            if claim.kind == "moves":  # a tutorial step's Other moves: every move, no suggestion first
                choice = ""
            elif claim.kind == "step":
                choice = presenter.check_step(moment.scene, seat, mine, claim.argument)
            else:
                choice = presenter.check_pick(moment.scene, seat, mine, values, claim.argument)
        except StaleClick as error:
            async with self.publisher.lock(claim.match_id):
                await self._stale(interaction, claim, str(error))
            return
        except MatchError as error:
            await tell(interaction, str(error))
            return
        await self.publisher.tutored(moment)
        prompt = moment.prompt(seat, choice, suggest=claim.kind != "moves")
        await self._show_next(interaction, match, seat, moment, prompt)

    async def _show_next(
        self, interaction: discord.Interaction, match: Match, seat: int, moment: Moment, prompt: Prompt
    ) -> None:
        """The next controls of a choice in steps: privately when chosen on the board, else in place."""
        style = await self.service.board_style(interaction.user.id)
        text, files = await moment.personal(style, prompt.text, prompt, seat, or_private=False)
        if self._on_board(interaction, match):  # the next steps are the chooser's alone
            await interaction.followup.send(
                text,
                view=view_of(prompt.items) or discord.utils.MISSING,
                files=files,
                ephemeral=True,
            )
        elif not files and text == prompt.text[:2000]:  # the message keeps its picture
            await interaction.edit_original_response(content=text, view=view_of(prompt.items))
        else:
            await interaction.edit_original_response(
                content=text, view=view_of(prompt.items), attachments=files
            )

    async def _show_prompt(self, interaction: discord.Interaction, claim: Claim, values: list[str]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            match, seat = await self.service.check_turn(
                claim.match_id, interaction.user.id, claim.version, interaction.guild_id
            )
        except StaleClick:
            await tell(interaction, await self._outdated_board_text(claim.match_id))
            return
        except MatchError as error:
            await tell(interaction, str(error))
            return
        moment = await self.publisher.tutored(self.publisher.moment(match))
        prompt = moment.prompt(seat)
        style = await self.service.board_style(interaction.user.id)
        text, files = await moment.personal(style, prompt.text, prompt, seat, or_private=True)
        await interaction.followup.send(
            text,
            files=files,
            view=view_of(prompt.items) or discord.utils.MISSING,
            ephemeral=True,
        )

    async def _show_hand(self, interaction: discord.Interaction, claim: Claim, values: list[str]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            match, seat = await self.service.private_view(
                claim.match_id, interaction.user.id, interaction.guild_id
            )
        except MatchError as error:
            await tell(interaction, str(error))
            return
        moment = self.publisher.moment(match)
        secret = moment.presenter.private_text(moment.scene, seat, moment.mine(seat))
        text = f"**{moment.kit.title}** #{match.id}. {secret}"
        if seat in match.state.to_move:
            text += "\n" + tr("It's your turn — press **Play** on the latest board to move.")
        style = await self.service.board_style(interaction.user.id)
        text, files = await moment.personal(style, text, None, seat, or_private=True)
        await interaction.followup.send(text, files=files, ephemeral=True)

    async def _hint(self, interaction: discord.Interaction, claim: Claim, values: list[str]) -> None:
        """A suggested move, for the asker's eyes only (the record notes that they asked)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            hint = await self.service.hint(
                claim.match_id, interaction.user.id, claim.version, interaction.guild_id
            )
            match = await self.service.load(claim.match_id)
        except MatchError as error:
            await tell(interaction, str(error))
            return
        moment = self.publisher.moment(match)
        seed = decision_seed(match.id, match.version, hint.seat, "explain")
        suggested = tr(
            "💡 Suggested: {why}.",
            why=moment.explanation(hint.seat, hint.action, seed),
        )
        only = tr(
            "It's only a suggestion: play it below, or make your own move. The match record notes that you asked."
        )
        await interaction.followup.send(
            f"{suggested}\n{only}",
            view=view_of([moment.suggestion_button(hint.seat, hint.action)]),
            ephemeral=True,
        )

    async def _words(self, interaction: discord.Interaction, claim: Claim, values: list[str]) -> None:
        """The position in words, privately: what the board shows and, for a player of a game with
        secrets, what they hold themselves; the latest position, whichever board was clicked."""
        try:
            match = await self.service.started_for(claim.match_id, interaction.guild_id)
        except MatchError as error:
            await tell(interaction, str(error))
            return
        moment = self.publisher.moment(match)
        seat = match.seat_of(interaction.user.id)
        if seat is not None and match.status == "active" and not moment.presenter.public_controls:
            words = moment.alt(moment.mine(seat), seat)
        else:
            words = moment.alt(moment.scene.public)
        head = tr("📝 **{title}** #{id} in words:", title=moment.kit.title, id=match.id)
        if claim.version != match.version:
            head += " " + tr("(the match has moved on since that board; this is where it stands now)")
        await tell(interaction, with_words(head, words))

    async def _outdated_board_text(self, match_id: int) -> str:
        match = await self.service.load(match_id)
        if match.status != "active":
            return tr("This match is over.")
        link = message_link(match.guild_id, match.play_channel_id, match.board_message_id)
        return tr("That board is outdated; the match has moved on. Here is the latest one: {link}", link=link)

    @staticmethod
    def _ephemeral(interaction: discord.Interaction) -> bool:
        return interaction.message is not None and interaction.message.flags.ephemeral

    @staticmethod
    def _on_board(interaction: discord.Interaction, match: Match) -> bool:
        """Whether the click came from the match's public board (games whose controls sit there)."""
        return interaction.message is not None and interaction.message.id == match.board_message_id

    @staticmethod
    def _acted_text(moment: Moment, result: ActionResult) -> str:
        return tr(
            "You {action}.", action=moment.presenter.action_phrase(moment.scene, result.seat, result.action)
        )

    @staticmethod
    def _next_prompt(moment: Moment, result: ActionResult) -> Prompt | None:
        """The acting player's next prompt when their turn goes on after this action."""
        match = result.match
        if moment.presenter.public_controls:
            return None  # the next board carries the controls
        if match.state.is_over or result.seat not in match.state.to_move:
            return None
        return moment.prompt(result.seat)

    # --- /move: typing an action instead of clicking

    @app_commands.command(
        name="move", description="Type your move in the game's notation (suggestions as you type)"
    )
    @app_commands.describe(
        action="Your move, e.g. D, c3-c5 or c2xc5 in M.A.R.S.; start typing to see the legal ones"
    )
    async def move(self, interaction: discord.Interaction, action: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            match = await self._match_awaiting(interaction)
            async with self.publisher.lock(match.id):
                result = await self.service.act(match.id, interaction.user.id, match.version, action)
                moment = self.publisher.moment(result.match)
                going_on = self._next_prompt(moment, result)
                text = self._acted_text(moment, result)
                if going_on:
                    await interaction.followup.send(
                        f"{text}\n{going_on.text}"[:2000],
                        view=view_of(going_on.items) or discord.utils.MISSING,
                        files=await moment.prompt_files(going_on, result.seat, or_private=False),
                        ephemeral=True,
                    )
                else:
                    await interaction.followup.send(text, ephemeral=True)
                await self.publisher.action(result, moment)
        except MatchError as error:
            await tell(interaction, str(error))

    @move.autocomplete("action")
    async def _suggest_moves(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        try:
            match = await self._match_awaiting(interaction)
        except MatchError:
            return []
        seat = match.seat_of(interaction.user.id)
        moment = self.publisher.moment(match)
        typed = typed.strip().lower()
        legal = [str(action) for action in match.state.legal_actions(seat)]
        found = sorted(
            (text for text in legal if typed in text.lower()),
            key=lambda text: not text.lower().startswith(typed),
        )
        return [
            app_commands.Choice(
                name=f"{text} — {moment.presenter.action_phrase(moment.scene, seat, text, done=False)}"[:100],
                value=text,
            )
            for text in found[:25]
        ]

    async def _match_awaiting(self, interaction: discord.Interaction) -> Match:
        """The match where the user must act: the one played here, else their only one."""
        waiting = await self.service.awaiting(interaction.user.id)
        here = [m for m in waiting if interaction.channel_id in (m.play_channel_id, m.channel_id)]
        if len(here) == 1:
            return here[0]
        if len(waiting) == 1:
            return waiting[0]
        if not waiting:
            raise MatchError("You have no move to make right now: it isn't your turn in any match.")
        raise MatchError("It's your turn in several matches: use /move in the thread of the one you mean.")
