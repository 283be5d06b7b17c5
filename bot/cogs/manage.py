"""`/match list|board|log|replay|resign|handover|cancel|takeback|draw`: looking after matches, with
confirmations that lapse when the match moves on (their buttons carry the version they asked
about), the vote on a seat whose player left, and the others' answers to a take-back or a draw."""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands
from discord.ext import commands

from games.record import commitment

from ..arcade import Arcade
from ..components import Claim, MatchButton, view_of
from ..discord_io import message_link, tell
from ..errors import MatchError
from ..history import history_lines, pages
from ..model import Match
from ..publisher import replay_file

LISTED = 25


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
            await tell(interaction, "No invitations are open and no match is in progress here.")
            return
        lines = []
        for match in running[:LISTED]:
            players = ", ".join(match.names)
            if match.status == "lobby":
                where = message_link(match.guild_id, match.channel_id, match.lobby_message_id)
                lines.append(f"⏳ **{self._title(match)}** #{match.id} — invitation: {players} · {where}")
            else:
                where = message_link(match.guild_id, match.play_channel_id, match.board_message_id)
                lines.append(f"▶️ **{self._title(match)}** #{match.id} — {players} · {where}")
        more = f"\n…and {len(running) - LISTED} more." if len(running) > LISTED else ""
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
            await self.publisher.board(
                self.publisher.moment(match), ["Here is the current board again."], fresh=True
            )
        await tell(
            interaction,
            f"Done: {message_link(match.guild_id, match.play_channel_id, match.board_message_id)}",
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
        picture = await self.publisher.replay(match)
        if picture is None:
            await tell(
                interaction,
                f"I couldn't make the replay of match #{match.id}; the record on its last board replays it "
                "with `python -m games.replay`.",
            )
            return
        await interaction.followup.send(
            f"🎞️ **{self._title(match)}** #{match.id} ({', '.join(match.names)}), replayed.",
            file=replay_file(match, picture),
            ephemeral=True,
        )

    async def _log_page(self, interaction: discord.Interaction, claim: Claim, values: list[str]) -> None:
        try:
            match = await self.service.load_for(claim.match_id, interaction.guild_id)
        except MatchError as error:
            await tell(interaction, str(error))
            return
        if not claim.argument.isdigit():
            await tell(interaction, "That isn't a page of this match's log; use /match log to read it.")
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
            lines = ["Nothing has been played yet."]
        found = pages(lines)
        page = len(found) - 1 if page is None else max(0, min(page, len(found) - 1))
        head = f"📜 **{kit.title}** #{match.id} — {len(rows)} actions; page {page + 1} of {len(found)}"
        if page == 0:
            head += f"\n🔒 Seed commitment (SHA-256): `{commitment(match.seed)}`"
        buttons = []
        if page > 0:
            buttons.append(
                MatchButton(Claim(match.id, match.version, "log", str(page - 1)), label="◀ Earlier")
            )
        if page < len(found) - 1:
            buttons.append(MatchButton(Claim(match.id, match.version, "log", str(page + 1)), label="Later ▶"))
        return f"{head}\n{found[page]}"[:2000], view_of(buttons)

    @manage.command(name="resign", description="Leave your match (asks first)")
    async def match_resign(self, interaction: discord.Interaction) -> None:
        match = await self._running_match_of(interaction)
        if match is None:
            return
        if len(match.seats) == 2:
            then = "The match ends and your opponent wins."
        elif len(match.people) > 1:
            then = "You lose; the others decide whether a computer player takes your seat or the match ends."
        else:
            then = "The match ends without a winner."
        question = f"Resign from **{self._title(match)}** #{match.id}? {then}"
        await self._ask_to_confirm(interaction, match, "resign", question, "Yes, resign")

    @manage.command(
        name="handover", description="Leave your match and let a computer player finish it for you"
    )
    async def match_handover(self, interaction: discord.Interaction) -> None:
        match = await self._running_match_of(interaction)
        if match is None:
            return
        question = (
            f"Hand your seat in **{self._title(match)}** #{match.id} to a computer player "
            f"({match.computer_level})? It plays on for you and the match goes on; for ratings you resigned."
        )
        await self._ask_to_confirm(interaction, match, "handover", question, "Yes, hand it over")

    @manage.command(
        name="cancel", description="Cancel a match (the host in its lobby; Manage Server at any time)"
    )
    @app_commands.describe(match_id="The match number (see /match list); default: the match of this thread")
    async def match_cancel(self, interaction: discord.Interaction, match_id: int | None = None) -> None:
        try:
            if match_id is None:
                match = await self.service.match_here(interaction.channel_id, interaction.user.id)
            else:
                match = await self.service.load(match_id)
                if match.guild_id != interaction.guild_id:
                    raise MatchError("There is no such match in this server.")
            if match.status not in ("lobby", "active"):
                raise MatchError("That match has already ended.")
        except MatchError as error:
            await tell(interaction, str(error))
            return
        question = f"Cancel **{self._title(match)}** #{match.id} ({', '.join(match.names)})? Nobody wins."
        await self._ask_to_confirm(interaction, match, "cancel", question, "Yes, cancel it")

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
                await tell(interaction, "Done: the computer players agreed.")
                await self._carried_out(match, asked.request)
                return
            others = " ".join(f"<@{user}>" for user in self.service.answering(match))
            buttons = [
                MatchButton(
                    Claim(match.id, match.version, "agree"), label="Agree", style=discord.ButtonStyle.success
                ),
                MatchButton(Claim(match.id, match.version, "refuse"), label="Refuse"),
            ]
            try:
                await self.publisher.channel(match.play_channel_id, match).send(
                    f"{others}: {self._request_text(match, asked.request)} Everyone must agree; any action "
                    "meanwhile withdraws it.",
                    view=view_of(buttons),
                    allowed_mentions=discord.AllowedMentions(users=True),
                )
            except discord.HTTPException:
                await self.service.withdraw_request(match)  # nobody could see it: it must not linger
                await tell(interaction, "I couldn't post your request in the match's channel; try again.")
                return
        await tell(interaction, "Asked; the others answer with the buttons under your request.")

    @staticmethod
    def _request_text(match: Match, request: dict) -> str:
        asker = f"**{match.label(request['seat'])}**"
        if request["kind"] == "takeback":
            return f"{asker} asks to take back their last decision (`{request['action']}`)."
        if len(match.seats) == 2:
            return f"{asker} offers a draw."
        return f"{asker} asks to end the match here, level for everyone (a draw)."

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
            text = self._request_text(match, request)
            if answered.decided is None:
                agreed = ", ".join(f"<@{user}>" for user in request["agreed"])
                await interaction.response.edit_message(
                    content=f"{text} Agreed so far: {agreed}.",
                    allowed_mentions=discord.AllowedMentions.none(),
                )
                return
            outcome = (
                "✅ Agreed." if answered.decided == "agreed" else f"❌ Refused by <@{interaction.user.id}>."
            )
            await interaction.response.edit_message(
                content=f"{text} {outcome}", view=None, allowed_mentions=discord.AllowedMentions.none()
            )
            if answered.decided == "agreed":
                await self._carried_out(match, request)

    async def _carried_out(self, match: Match, request: dict) -> None:
        if request["kind"] == "draw":
            await self.publisher.close_down(match)
        else:
            note = (
                f"↩️ **{match.label(request['seat'])}** took back `{request['action']}`, as the others agreed."
            )
            await self.publisher.taken_back(match, note)

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
            f"{question} This can't be undone.", view=view_of([button]), ephemeral=True
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
            await interaction.edit_original_response(content="You resigned.", view=None)
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
                content="A computer player has taken your seat. Thanks for playing!", view=None
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
                await tell(interaction, "Decided: a computer player takes the seat.")
                await self.publisher.seat_taken_over(match, vote.seat)
            elif vote.decided == "end":
                await tell(interaction, "Decided: the match ends here.")
                await self.publisher.close_down(match)
            else:
                await tell(interaction, "Your vote is in; waiting for the others.")

    async def _confirmed_cancel(
        self, interaction: discord.Interaction, claim: Claim, values: list[str]
    ) -> None:
        await interaction.response.defer()
        member = interaction.user
        manages = isinstance(member, discord.Member) and member.guild_permissions.manage_guild
        async with self.publisher.lock(claim.match_id):
            try:
                match = await self.service.cancel(
                    claim.match_id,
                    member.id,
                    manages_server=manages,
                    version=claim.version,
                    guild_id=interaction.guild_id,
                )
            except MatchError as error:
                await tell(interaction, str(error))
                return
            await interaction.edit_original_response(content="Cancelled.", view=None)
            if match.state is None:  # an invitation: its message says so
                await self.publisher.show_closed(match)
            else:
                await self.publisher.close_down(match)
