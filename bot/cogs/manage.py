"""`/match list|board|log|replay|resign|handover|cancel|takeback|draw`: looking after matches, with
confirmations that lapse when the match moves on (their buttons carry the version they asked
about), the vote on a seat whose player left, and the others' answers to a take-back or a draw."""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands
from discord.ext import commands

from catalogue import N_, tr, trn
from games.record import commitment

from ..arcade import Arcade
from ..components import Claim, MatchButton, view_of
from ..discord_io import message_link, tell
from ..errors import MatchError
from ..history import history_lines, pages
from ..model import Match, level_name
from ..publishing.ending import replay_file

LISTED = 25


def manages_server(user: discord.User | discord.Member) -> bool:
    """Whether `user` has Manage Server in the server they act in (never from DMs)."""
    return isinstance(user, discord.Member) and user.guild_permissions.manage_guild


class Manage(commands.Cog):
    manage = app_commands.Group(name="match", description="Look after matches", guild_only=True)

    def __init__(self, bot: commands.Bot, arcade: Arcade) -> None:
        self.bot = bot
        self.arcade = arcade
        self.service = arcade.service
        self.publisher = arcade.publisher
        arcade.router.register(self._confirmed_resign, "resign")
        arcade.router.register(self._confirmed_cancel, "cancel")
        arcade.router.register(self._confirmed_handover, "handover")
        arcade.router.register(self._vote, "sub", "end")
        arcade.router.register(self._log_page, "log")
        arcade.router.register(self._answer, "agree", "refuse")

    def _title(self, match: Match) -> str:
        return self.service.kit(match).title

    @manage.command(name="list", description="This server's open invitations and matches in progress")
    async def match_list(self, interaction: discord.Interaction) -> None:
        running = await self.service.running_in(interaction.guild_id)
        if not running:
            await tell(interaction, tr("No invitations are open and no match is in progress here."))
            return
        lines = []
        for match in running[:LISTED]:
            players = ", ".join(match.shown_names)
            if match.status == "lobby":
                where = message_link(match.guild_id, match.channel_id, match.lobby_message_id)
                lines.append(
                    tr(
                        "⏳ **{title}** #{number} — invitation: {players} · {link}",
                        title=self._title(match),
                        number=match.id,
                        players=players,
                        link=where,
                    )
                )
            else:
                where = message_link(match.guild_id, match.play_channel_id, match.board_message_id)
                lines.append(f"▶️ **{self._title(match)}** #{match.id} — {players} · {where}")
        more = "\n" + tr("…and {count} more.", count=len(running) - LISTED) if len(running) > LISTED else ""
        await tell(interaction, "\n".join(lines) + more)

    @manage.command(
        name="board", description="Post the current board of your match again, here in its thread"
    )
    async def match_board(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            match = await self.service.match_here(interaction.channel_id, interaction.user.id)
            if match.status != "active":
                raise MatchError("That match hasn't started yet.")
        except MatchError as error:
            await tell(interaction, str(error))
            return
        async with self.publisher.lock(match.id):
            match = await self.service.load(match.id)
            await self.publisher.repost(match, N_("Here is the current board again."))
        await tell(
            interaction,
            tr(
                "Done: {link}",
                link=message_link(match.guild_id, match.play_channel_id, match.board_message_id),
            ),
        )

    @manage.command(
        name="log", description="Every action of the match played here, in words (only you see it)"
    )
    async def match_log(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            match = await self.service.match_to_follow(
                interaction.channel_id, interaction.user.id, interaction.guild_id
            )
            if match.status == "lobby":
                raise MatchError("That match hasn't started yet.")
        except MatchError as error:
            await tell(interaction, str(error))
            return
        text, view = await self._log(match, page=None)
        await interaction.followup.send(text, view=view or discord.utils.MISSING, ephemeral=True)

    @manage.command(
        name="replay",
        description="An animated replay of a match of this server that has ended (only you see it)",
    )
    @app_commands.describe(match_id="The match number (on its boards, and in /match list while it runs)")
    async def match_replay(self, interaction: discord.Interaction, match_id: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # a replay takes a few seconds
        try:
            match = await self.service.ended_match(match_id, interaction.guild_id)
        except MatchError as error:
            await tell(interaction, str(error))
            return
        picture = await self.publisher.endings.replay(match)
        if picture is None:
            await tell(
                interaction,
                tr(
                    "I couldn't make the replay of match #{number}; the record attached to its last board "
                    "holds every action.",
                    number=match.id,
                ),
            )
            return
        await interaction.followup.send(
            tr(
                "🎞️ **{title}** #{number} ({players}), replayed.",
                title=self._title(match),
                number=match.id,
                players=", ".join(match.shown_names),
            ),
            file=replay_file(match, picture),
            ephemeral=True,
        )

    @manage.command(
        name="review",
        description="The moments of an ended match that mattered most, and what the computer would play",
    )
    @app_commands.describe(match_id="The match number (on its boards, and in /match list while it runs)")
    async def match_review(self, interaction: discord.Interaction, match_id: int) -> None:
        await self.bot.get_cog("Learning").show_review(interaction, match_id)

    async def _log_page(self, interaction: discord.Interaction, claim: Claim, values: list[str]) -> None:
        try:
            match = await self.service.load_for(claim.match_id, interaction.guild_id)
        except MatchError as error:
            await tell(interaction, str(error))
            return
        if not claim.argument.isdigit():
            await tell(interaction, tr("That isn't a page of this match's log; use /match log to read it."))
            return
        text, view = await self._log(match, page=int(claim.argument))
        if interaction.message is not None and interaction.message.flags.ephemeral:
            await interaction.response.edit_message(content=text, view=view)
        else:  # pages are only ever shown privately
            await interaction.response.send_message(text, view=view or discord.utils.MISSING, ephemeral=True)

    async def _log(self, match: Match, page: int | None) -> tuple[str, discord.ui.View | None]:
        """One page of the match's history (None: the latest), with buttons to the others."""
        rows = await self.service.action_log(match.id)
        kit = self.service.kit(match)
        lines = await asyncio.to_thread(history_lines, kit, match, rows)
        if not lines:
            lines = [tr("Nothing has been played yet.")]
        found = pages(lines)
        page = len(found) - 1 if page is None else max(0, min(page, len(found) - 1))
        head = trn(  # English says "1 actions", as it always has
            "📜 **{title}** #{number} — {count} actions; page {page} of {pages}",
            "📜 **{title}** #{number} — {count} actions; page {page} of {pages}",
            len(rows),
            title=kit.title,
            number=match.id,
            count=len(rows),
            page=page + 1,
            pages=len(found),
        )
        if page == 0:
            head += "\n" + tr(
                "🔒 Seed commitment (SHA-256): `{commitment}`", commitment=commitment(match.seed)
            )
        buttons = []
        if page > 0:
            buttons.append(
                MatchButton(Claim(match.id, match.version, "log", str(page - 1)), label=tr("◀ Earlier"))
            )
        if page < len(found) - 1:
            buttons.append(
                MatchButton(Claim(match.id, match.version, "log", str(page + 1)), label=tr("Later ▶"))
            )
        return f"{head}\n{found[page]}"[:2000], view_of(buttons)

    @manage.command(name="resign", description="Leave your match (asks first)")
    async def match_resign(self, interaction: discord.Interaction) -> None:
        match = await self._running_match_of(interaction)
        if match is None:
            return
        if len(match.seats) == 2:
            then = tr("The match ends and your opponent wins.")
        elif len(match.people) > 1:
            then = tr(
                "You lose; the others decide whether a computer player takes your seat or the match ends."
            )
        else:
            then = tr("The match ends without a winner.")
        question = tr(
            "Resign from **{title}** #{number}? {then}", title=self._title(match), number=match.id, then=then
        )
        await self._ask_to_confirm(interaction, match, "resign", question, tr("Yes, resign"))

    @manage.command(
        name="handover", description="Leave your match and let a computer player finish it for you"
    )
    async def match_handover(self, interaction: discord.Interaction) -> None:
        match = await self._running_match_of(interaction)
        if match is None:
            return
        question = tr(
            "Hand your seat in **{title}** #{number} to a computer player "
            "({level})? It plays on for you and the match goes on; for ratings you resigned.",
            title=self._title(match),
            number=match.id,
            level=level_name(match.computer_level),
        )
        await self._ask_to_confirm(interaction, match, "handover", question, tr("Yes, hand it over"))

    @manage.command(
        name="cancel", description="Cancel a match (the host in its lobby; Manage Server at any time)"
    )
    @app_commands.describe(match_id="The match number (see /match list); default: the match of this thread")
    async def match_cancel(self, interaction: discord.Interaction, match_id: int | None = None) -> None:
        try:
            if match_id is None:  # in a match's thread that match, even for a member not playing in it
                match = await self.service.match_to_follow(
                    interaction.channel_id, interaction.user.id, interaction.guild_id
                )
            else:
                match = await self.service.load(match_id)
                if match.guild_id != interaction.guild_id:
                    raise MatchError("There is no such match in this server.")
            if match.status not in ("lobby", "active"):
                raise MatchError("That match has already ended.")
            self.service.check_may_cancel(
                match, interaction.user.id, manages_server=manages_server(interaction.user)
            )
        except MatchError as error:
            await tell(interaction, str(error))
            return
        question = tr(
            "Cancel **{title}** #{number} ({players})? Nobody wins.",
            title=self._title(match),
            number=match.id,
            players=", ".join(match.shown_names),
        )
        await self._ask_to_confirm(interaction, match, "cancel", question, tr("Yes, cancel it"))

    @manage.command(name="takeback", description="Ask the others to let you take back your last decision")
    async def match_takeback(self, interaction: discord.Interaction) -> None:
        await self._ask(interaction, "takeback")

    @manage.command(
        name="draw", description="Offer a draw (2 players), or ask everyone to end the match level (3-4)"
    )
    async def match_draw(self, interaction: discord.Interaction) -> None:
        await self._ask(interaction, "draw")

    async def _ask(self, interaction: discord.Interaction, kind: str) -> None:
        """Open the request, and put it to the others in the match's channel with two buttons."""
        match = await self._running_match_of(interaction)
        if match is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with self.publisher.lock(match.id):
            try:
                asked = await self.service.ask(
                    match.id, interaction.user.id, kind, guild_id=interaction.guild_id
                )
            except MatchError as error:
                await tell(interaction, str(error))
                return
            match = asked.match
            if asked.decided == "agreed":  # nobody else to ask: computer players always agree
                await tell(interaction, tr("Done: the computer players agreed."))
                await self.publisher.agreed(match, asked.request)
                return
            public = self.publisher.audience(match).public  # the request is put to everyone
            if not await self.publisher.requests.put(
                match, asked.request, self.service.answering(match), public
            ):
                await self.service.withdraw_request(match)  # nobody could see it: it must not linger
                await tell(interaction, tr("I couldn't post your request in the match's channel; try again."))
                return
        await tell(interaction, tr("Asked; the others answer with the buttons under your request."))

    async def _answer(self, interaction: discord.Interaction, claim: Claim, values: list[str]) -> None:
        """Agree or Refuse under a request; the request message then says where it stands."""
        async with self.publisher.lock(claim.match_id):
            try:
                answered = await self.service.answer(
                    claim.match_id,
                    interaction.user.id,
                    claim.kind == "agree",
                    version=claim.version,
                    guild_id=interaction.guild_id,
                )
            except MatchError as error:
                await tell(interaction, str(error))
                return
            match, request = answered.match, answered.request
            text = self.publisher.requests.answered(
                match, request, answered.decided, interaction.user.id, self.publisher.audience(match).public
            )
            if answered.decided is None:
                await interaction.response.edit_message(
                    content=text, allowed_mentions=discord.AllowedMentions.none()
                )
                return
            await interaction.response.edit_message(
                content=text, view=None, allowed_mentions=discord.AllowedMentions.none()
            )
            if answered.decided == "agreed":
                await self.publisher.agreed(match, request)

    async def _running_match_of(self, interaction: discord.Interaction) -> Match | None:
        """The user's match in progress that a /match command typed here means (else they're told why)."""
        try:
            match = await self.service.match_here(interaction.channel_id, interaction.user.id)
            if match.status != "active":
                raise MatchError("That match hasn't started: decline the invitation instead.")
        except MatchError as error:
            await tell(interaction, str(error))
            return None
        return match

    @staticmethod
    async def _ask_to_confirm(
        interaction: discord.Interaction, match: Match, kind: str, question: str, label: str
    ) -> None:
        """An ephemeral question with one button; the claim's version makes it lapse if play moves on."""
        button = MatchButton(
            Claim(match.id, match.version, kind), label=label, style=discord.ButtonStyle.danger
        )
        await interaction.response.send_message(
            tr("{question} This can't be undone.", question=question), view=view_of([button]), ephemeral=True
        )

    async def _confirmed_resign(
        self, interaction: discord.Interaction, claim: Claim, values: list[str]
    ) -> None:
        await interaction.response.defer()
        async with self.publisher.lock(claim.match_id):
            try:
                match = await self.service.resign(
                    claim.match_id, interaction.user.id, claim.version, guild_id=interaction.guild_id
                )
            except MatchError as error:
                await tell(interaction, str(error))
                return
            await interaction.edit_original_response(content=tr("You resigned."), view=None)
            await self.publisher.close_down(match)

    async def _confirmed_handover(
        self, interaction: discord.Interaction, claim: Claim, values: list[str]
    ) -> None:
        await interaction.response.defer()
        async with self.publisher.lock(claim.match_id):
            try:
                match = await self.service.hand_over(
                    claim.match_id, interaction.user.id, version=claim.version, guild_id=interaction.guild_id
                )
            except MatchError as error:
                await tell(interaction, str(error))
                return
            await interaction.edit_original_response(
                content=tr("A computer player has taken your seat. Thanks for playing!"), view=None
            )
            await self.publisher.seat_taken_over(match, match.seat_left_by(interaction.user.id))

    async def _vote(self, interaction: discord.Interaction, claim: Claim, values: list[str]) -> None:
        """A vote on the board about a seat its player left; the board shows the tally or the decision."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        choice = "computer" if claim.kind == "sub" else "end"
        async with self.publisher.lock(claim.match_id):
            try:
                vote = await self.service.vote_on_vacancy(
                    claim.match_id,
                    interaction.user.id,
                    choice,
                    version=claim.version,
                    guild_id=interaction.guild_id,
                )
            except MatchError as error:
                await tell(interaction, str(error))
                return
            match = vote.match
            if vote.decided == "computer":
                await tell(interaction, tr("Decided: a computer player takes the seat."))
                await self.publisher.seat_taken_over(match, vote.seat)
            elif vote.decided == "end":
                await tell(interaction, tr("Decided: the match ends here."))
                await self.publisher.close_down(match)
            else:
                await tell(interaction, tr("Your vote is in; waiting for the others."))

    async def _confirmed_cancel(
        self, interaction: discord.Interaction, claim: Claim, values: list[str]
    ) -> None:
        await interaction.response.defer()
        async with self.publisher.lock(claim.match_id):
            try:
                match = await self.service.cancel(
                    claim.match_id,
                    interaction.user.id,
                    manages_server=manages_server(interaction.user),
                    version=claim.version,
                    guild_id=interaction.guild_id,
                )
            except MatchError as error:
                await tell(interaction, str(error))
                return
            await interaction.edit_original_response(content=tr("Cancelled."), view=None)
            if match.state is None:  # an invitation: its message says so
                await self.publisher.show_closed(match)
            else:
                await self.publisher.close_down(match)
