"""Lobbies and play: translates slash commands and clicks into match-service calls and back.

No rules and no SQL here. The order after every action is fixed: the service has already
saved it; then the clicker's prompt is answered, private DMs go out, and a new board is posted.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands, tasks

from games.record import commitment, format_record, record_for
from renderers import render_board, render_hand

from ..components import Claim, MatchButton, Prompt, view_of
from ..games import PRESENTERS
from ..service import ActionResult, Match, MatchError, StaleClick

if TYPE_CHECKING:
    from ..app import ArcadeBot

log = logging.getLogger(__name__)

MENTION_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)
DM_CLOSED = 50007  # Discord: "Cannot send messages to this user"
DM_ATTEMPTS = 2
DM_RETRY_SECONDS = 2
LOBBY_SWEEP_SECONDS = 30  # the default; Settings.sweep_seconds sets it


def message_link(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str:
    link = f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"
    return f"{link}/{message_id}" if message_id else link


def png_file(data: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


class Matches(commands.Cog):
    play = app_commands.Group(
        name="play", description="Start a match of a Looney Pyramid game", guild_only=True
    )

    def __init__(self, bot: ArcadeBot) -> None:
        self.bot = bot
        self.service = bot.service
        self._publishing: dict[int, asyncio.Lock] = {}

    async def cog_load(self) -> None:
        for loop in (self.sweep_lobbies, self.watch_deadlines):
            loop.change_interval(seconds=self.bot.settings.sweep_seconds)
            loop.start()
        self._catching_up = asyncio.create_task(self.catch_up())

    async def cog_unload(self) -> None:
        self.sweep_lobbies.cancel()
        self.watch_deadlines.cancel()
        self._catching_up.cancel()

    async def catch_up(self) -> None:
        """After a start, bring every match whose messages fell behind its saved state up to date."""
        await self.bot.wait_until_ready()
        for match_id in await self.service.behind_on_discord():
            try:
                await self._bring_up_to_date(match_id, "Back after a restart: here is the current board.")
            except Exception:
                log.exception("Could not bring match %s up to date", match_id)

    def _match_lock(self, match_id: int) -> asyncio.Lock:
        """Held from applying an action until its messages are out, so boards appear in order."""
        return self._publishing.setdefault(match_id, asyncio.Lock())

    # --- /play

    @play.command(name="trickery", description="Martian Trickery: trick-taking for 3-4 players")
    @app_commands.describe(
        opponent1="A member to invite",
        opponent2="A second member to invite",
        opponent3="A third member, for a 4-player game",
        pyramids="Which pyramids are on the table (default: Rainbow Treehouse)",
    )
    @app_commands.choices(
        pyramids=[
            app_commands.Choice(name="Rainbow Treehouse", value="rainbow"),
            app_commands.Choice(name="Xeno Treehouse", value="xeno"),
            app_commands.Choice(name="Two monochrome stashes (variant)", value="mono"),
        ]
    )
    async def play_trickery(
        self,
        interaction: discord.Interaction,
        opponent1: discord.Member,
        opponent2: discord.Member | None = None,
        opponent3: discord.Member | None = None,
        pyramids: app_commands.Choice[str] | None = None,
    ) -> None:
        options = {"pyramids": pyramids.value} if pyramids else {}
        await self.open_lobby(interaction, "trickery", [opponent1, opponent2, opponent3], options)

    @play.command(
        name="mars", description="Agents of M.A.R.S.: secret objectives and colour clusters, 2 players"
    )
    @app_commands.describe(
        opponent="The member to invite",
        five_colours="5 Color Agents: purple joins, 8x8 board, and a fifth objective slot worth +3 or -2",
        blind="Blind Agents: objectives are dealt, and only your opponent sees yours",
        black_trio="Black Trio Blocks the Swap: objective swaps close once the black L, M and an S are out",
        biggest_only="Only the Biggest Group Counts: one group per colour scores, of any size",
        size_points="The Size of the Group Gives Points: each scoring group adds its number of pieces",
        no_center="No Center: the slots are worth +3, +2, -1 and -2",
        objectives="Choose your objectives yourselves (default), or deal them from the objective deck",
        first="Who moves first (default: random)",
    )
    @app_commands.choices(
        five_colours=[
            app_commands.Choice(name="Off (4 colours, 7x8 board)", value="off"),
            app_commands.Choice(name="On, fifth slot +3", value="+3"),
            app_commands.Choice(name="On, fifth slot -2", value="-2"),
        ],
        objectives=[
            app_commands.Choice(name="Each player chooses", value="choose"),
            app_commands.Choice(name="Dealt from the objective deck", value="deck"),
        ],
        first=[
            app_commands.Choice(name="Random", value="random"),
            app_commands.Choice(name="Me", value="host"),
            app_commands.Choice(name="My opponent", value="opponent"),
        ],
    )
    async def play_mars(
        self,
        interaction: discord.Interaction,
        opponent: discord.Member,
        five_colours: app_commands.Choice[str] | None = None,
        blind: bool = False,
        black_trio: bool = False,
        biggest_only: bool = False,
        size_points: bool = False,
        no_center: bool = False,
        objectives: app_commands.Choice[str] | None = None,
        first: app_commands.Choice[str] | None = None,
    ) -> None:
        first_player = {"host": 1, "opponent": 2}.get(first.value if first else "random", "random")
        options = {
            "five_colours": five_colours.value if five_colours else "off",
            "blind": blind,
            "black_trio": black_trio,
            "biggest_only": biggest_only,
            "size_points": size_points,
            "no_center": no_center,
            "objectives": objectives.value if objectives else "choose",
            "first_player": first_player,
        }
        await self.open_lobby(interaction, "mars", [opponent], options)

    @play.command(name="flood", description="Martian Flood: ships, towers and a rising flood, 3-4 players")
    @app_commands.describe(
        opponent1="A member to invite",
        opponent2="A second member to invite",
        opponent3="A third member, for a 4-player game",
    )
    async def play_flood(
        self,
        interaction: discord.Interaction,
        opponent1: discord.Member,
        opponent2: discord.Member,
        opponent3: discord.Member | None = None,
    ) -> None:
        await self.open_lobby(interaction, "flood", [opponent1, opponent2, opponent3], {})

    @play.command(
        name="combat", description="Martian Combat: race your nests home on a 6x6 battlefield, 2-4 players"
    )
    @app_commands.describe(
        opponent1="A member to invite",
        opponent2="A second member, for 3 players",
        opponent3="A third member, for 4 players",
        version="Standard (default), Simple (the centre is open) or Advanced (3 sets; losers leave the game)",
    )
    @app_commands.choices(
        version=[
            app_commands.Choice(name="Standard", value="standard"),
            app_commands.Choice(name="Simple: the centre is open", value="simple"),
            app_commands.Choice(name="Advanced: 3 sets, reserves, defeated pyramids leave", value="advanced"),
        ]
    )
    async def play_combat(
        self,
        interaction: discord.Interaction,
        opponent1: discord.Member,
        opponent2: discord.Member | None = None,
        opponent3: discord.Member | None = None,
        version: app_commands.Choice[str] | None = None,
    ) -> None:
        options = {"version": version.value} if version else {}
        await self.open_lobby(interaction, "combat", [opponent1, opponent2, opponent3], options)

    @play.command(name="senet", description="Martian Senet: a dice race along three tracks, 2 players")
    @app_commands.describe(
        opponent="The member to invite",
        colours="How the pyramids look (display only): one colour each, or two Treehouse sets",
    )
    @app_commands.choices(
        colours=[
            app_commands.Choice(name="One colour each", value="single"),
            app_commands.Choice(name="Treehouse: green+blue vs red+yellow", value="treehouse"),
            app_commands.Choice(name="Treehouse: cyan+purple vs orange+clear", value="treehouse_alt"),
        ]
    )
    async def play_senet(
        self,
        interaction: discord.Interaction,
        opponent: discord.Member,
        colours: app_commands.Choice[str] | None = None,
    ) -> None:
        options = {"colours": colours.value} if colours else {}
        await self.open_lobby(interaction, "senet", [opponent], options)

    async def open_lobby(
        self,
        interaction: discord.Interaction,
        game_id: str,
        picked: list[discord.Member | None],
        options: dict,
    ) -> None:
        host = interaction.user
        opponents = [member for member in picked if member is not None]
        if any(member.bot for member in opponents):
            await self._refuse(interaction, "Bots can't play — invite people instead.")
            return
        if any(member.id == host.id for member in opponents):
            await self._refuse(interaction, "You're playing already — pick other members as opponents.")
            return
        players = [(host.id, host.display_name)] + [(m.id, m.display_name) for m in opponents]
        allowed = (await self.service.settings_for(interaction.guild_id)).play_channels
        if allowed and interaction.channel_id not in allowed:
            where = ", ".join(f"<#{channel}>" for channel in allowed)
            await self._refuse(interaction, f"Matches start in {where} on this server.")
            return
        try:
            match = await self.service.create_lobby(
                game_id,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                players=players,
                options=options,
            )
        except MatchError as error:
            await self._refuse(interaction, str(error))
            return
        await interaction.response.send_message(
            self._lobby_text(match), view=self._lobby_view(match), allowed_mentions=MENTION_USERS
        )
        message = await interaction.original_response()
        await self.service.set_lobby_message(match.id, message.id)

    def _lobby_text(self, match: Match) -> str:
        host, *guests = match.seats
        invited = ", ".join(f"<@{s.user_id}>" for s in guests)
        ticks = "  ".join(f"{'✅' if s.accepted else '⏳'} {s.display_name}" for s in match.seats)
        options = PRESENTERS[match.game_id].options_text(match.options)
        closes = int(match.lobby_expires_at or 0)
        return (
            f"🔺 **{match.game.title}** (match #{match.id}) — <@{host.user_id}> invites {invited} to play.\n"
            f"Options: {options}\n{ticks}\n"
            f"Everyone invited must press **Accept**. The invitation closes <t:{closes}:R>."
        )

    def _lobby_view(self, match: Match) -> discord.ui.View:
        return view_of(
            [
                MatchButton(Claim(match.id, 0, "acc"), label="Accept", style=discord.ButtonStyle.success),
                MatchButton(Claim(match.id, 0, "dec"), label="Decline", style=discord.ButtonStyle.danger),
            ]
        )

    def _closed_lobby_text(self, match: Match) -> str:
        reason, _, by_user = (match.end_reason or "").partition(":")
        if reason == "declined":
            why = f"<@{by_user}> declined."
        elif reason == "cancelled":
            why = f"<@{by_user}> cancelled it."
        else:
            minutes = round(self.service.lobby_timeout / 60)
            why = f"not everyone accepted within {minutes} minutes."
        return f"🔺 **{match.game.title}** (match #{match.id}) — this invitation is closed: {why}"

    async def _answer_lobby(self, interaction: discord.Interaction, claim: Claim) -> None:
        await interaction.response.defer()
        try:
            answer = await self.service.answer_invite(
                claim.match_id, interaction.user.id, accept=claim.kind == "acc"
            )
        except MatchError as error:
            await self._tell(interaction, str(error))
            return
        match = answer.match
        if answer.declined:
            await interaction.edit_original_response(content=self._closed_lobby_text(match), view=None)
        elif not answer.started:
            await interaction.edit_original_response(
                content=self._lobby_text(match), view=self._lobby_view(match)
            )
        else:
            match = await self._begin(match)
            where = message_link(match.guild_id, match.play_channel_id, match.board_message_id)
            await interaction.edit_original_response(
                content=f"🔺 **{match.game.title}** (match #{match.id}) has started! Follow it here: {where}",
                view=None,
            )

    @tasks.loop(seconds=LOBBY_SWEEP_SECONDS)
    async def sweep_lobbies(self) -> None:
        try:
            for match in await self.service.expire_lobbies():
                if match.lobby_message_id:
                    message = self._channel(match.channel_id, match).get_partial_message(
                        match.lobby_message_id
                    )
                    await message.edit(content=self._closed_lobby_text(match), view=None)
        except Exception:
            log.exception("Closing expired lobbies failed; will retry")

    @tasks.loop(seconds=LOBBY_SWEEP_SECONDS)
    async def watch_deadlines(self) -> None:
        """Turn reminders and turn clocks. Deadlines live in the database, so ones that passed while
        the bot was down fire on the first sweep after it starts."""
        try:
            for match in await self.service.due_reminders():
                for seat in match.state.to_move:
                    await self._remind(match, seat)
            for match in await self.service.forfeit_overdue():
                async with self._match_lock(match.id):
                    await self._close_down(match)
        except Exception:
            log.exception("Checking turn deadlines failed; will retry")

    @watch_deadlines.before_loop
    async def _before_deadlines(self) -> None:
        await self.bot.wait_until_ready()

    async def _remind(self, match: Match, seat: int) -> None:
        """One reminder: by DM, else a mention in the match thread."""
        player = match.seats[seat]
        board = message_link(match.guild_id, match.play_channel_id, match.board_message_id)
        try:
            channel = await self.bot.create_dm(discord.Object(player.user_id))
            await channel.send(f"⏰ Reminder: it's your turn in **{match.game.title}** #{match.id}: {board}")
            return
        except discord.HTTPException:
            pass
        try:
            await self._channel(match.play_channel_id, match).send(
                f"⏰ <@{player.user_id}>, it's still your turn in this match.", allowed_mentions=MENTION_USERS
            )
        except discord.HTTPException:
            log.info("Could not remind a player of match %s", match.id)

    @sweep_lobbies.before_loop
    async def _before_sweep(self) -> None:
        await self.bot.wait_until_ready()

    # --- /match: looking after matches

    manage = app_commands.Group(name="match", description="Look after matches", guild_only=True)

    @manage.command(name="list", description="This server's open invitations and matches in progress")
    async def match_list(self, interaction: discord.Interaction) -> None:
        running = await self.service.running_in(interaction.guild_id)
        if not running:
            await self._refuse(interaction, "No invitations are open and no match is in progress here.")
            return
        lines = []
        for match in running[:25]:
            players = ", ".join(match.names)
            if match.status == "lobby":
                where = message_link(match.guild_id, match.channel_id, match.lobby_message_id)
                lines.append(f"⏳ **{match.game.title}** #{match.id} — invitation: {players} · {where}")
            else:
                where = message_link(match.guild_id, match.play_channel_id, match.board_message_id)
                lines.append(f"▶️ **{match.game.title}** #{match.id} — {players} · {where}")
        more = f"\n…and {len(running) - 25} more." if len(running) > 25 else ""
        await self._refuse(interaction, "\n".join(lines) + more)

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
            await self._tell(interaction, str(error))
            return
        async with self._match_lock(match.id):
            await self._post_board(await self.service.load(match.id), ["Here is the current board again."])
        match = await self.service.load(match.id)
        await self._tell(
            interaction,
            f"Done: {message_link(match.guild_id, match.play_channel_id, match.board_message_id)}",
        )

    @manage.command(name="resign", description="Leave your match (it ends for everyone; asks first)")
    async def match_resign(self, interaction: discord.Interaction) -> None:
        try:
            match = await self.service.match_here(interaction.channel_id, interaction.user.id)
            if match.status != "active":
                raise MatchError("That match hasn't started: decline the invitation instead.")
        except MatchError as error:
            await self._refuse(interaction, str(error))
            return
        others = "your opponent wins" if len(match.seats) == 2 else "it ends without a winner"
        question = f"Resign from **{match.game.title}** #{match.id}? The match ends and {others}."
        await self._ask_to_confirm(interaction, match, "resign", question, "Yes, resign")

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
            await self._refuse(interaction, str(error))
            return
        question = f"Cancel **{match.game.title}** #{match.id} ({', '.join(match.names)})? Nobody wins."
        await self._ask_to_confirm(interaction, match, "cancel", question, "Yes, cancel it")

    async def _ask_to_confirm(
        self, interaction: discord.Interaction, match: Match, kind: str, question: str, label: str
    ) -> None:
        """An ephemeral question with one button; the claim's version makes it lapse if play moves on."""
        button = MatchButton(
            Claim(match.id, match.version, kind), label=label, style=discord.ButtonStyle.danger
        )
        await interaction.response.send_message(
            f"{question} This can't be undone.", view=view_of([button]), ephemeral=True
        )

    async def _confirmed_resign(self, interaction: discord.Interaction, claim: Claim) -> None:
        await interaction.response.defer()
        async with self._match_lock(claim.match_id):
            try:
                match = await self.service.load(claim.match_id)
                if match.version != claim.version:
                    raise MatchError("The match has moved on since you asked; run /match resign again.")
                match = await self.service.resign(claim.match_id, interaction.user.id)
            except MatchError as error:
                await self._tell(interaction, str(error))
                return
            await interaction.edit_original_response(content="You resigned.", view=None)
            await self._close_down(match)

    async def _confirmed_cancel(self, interaction: discord.Interaction, claim: Claim) -> None:
        await interaction.response.defer()
        member = interaction.user
        manages = isinstance(member, discord.Member) and member.guild_permissions.manage_guild
        async with self._match_lock(claim.match_id):
            try:
                match = await self.service.load(claim.match_id)
                if match.version != claim.version:
                    raise MatchError("The match has moved on since you asked; run /match cancel again.")
                was_lobby = match.status == "lobby"
                match = await self.service.cancel(claim.match_id, member.id, manages_server=manages)
            except MatchError as error:
                await self._tell(interaction, str(error))
                return
            await interaction.edit_original_response(content="Cancelled.", view=None)
            if was_lobby:
                if match.lobby_message_id:
                    lobby = self._channel(match.channel_id, match).get_partial_message(match.lobby_message_id)
                    await lobby.edit(content=self._closed_lobby_text(match), view=None)
            else:
                await self._close_down(match)

    async def _close_down(self, match: Match) -> None:
        """After a resignation or cancellation: no prompt keeps its buttons; a last board says why."""
        for seat in match.seats:
            if seat.prompt_message_id:
                await self._retire_prompt(match, seat.seat)
        await self._post_board(match, [])

    async def _rematch(self, interaction: discord.Interaction, claim: Claim) -> None:
        """Same players and options; everyone but the one who asked must accept again."""
        try:
            old = await self.service.load(claim.match_id)
            if old.seat_of(interaction.user.id) is None:
                raise MatchError("Only the players of this match can ask for a rematch.")
            others = [(s.user_id, s.display_name) for s in old.seats if s.user_id != interaction.user.id]
            match = await self.service.create_lobby(
                old.game_id,
                guild_id=old.guild_id,
                channel_id=old.channel_id,
                players=[(interaction.user.id, interaction.user.display_name), *others],
                options=old.options,
                rematch_of=old.id,
            )
        except MatchError as error:
            await self._refuse(interaction, str(error))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        lobby = await self._channel(match.channel_id, match).send(
            self._lobby_text(match), view=self._lobby_view(match), allowed_mentions=MENTION_USERS
        )
        await self.service.set_lobby_message(match.id, lobby.id)
        await self._tell(
            interaction,
            f"Rematch invitation posted: {message_link(match.guild_id, match.channel_id, lobby.id)}",
        )

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
            async with self._match_lock(match.id):
                result = await self.service.act(match.id, interaction.user.id, match.version, action)
                going_on = self._next_prompt(result)
                text = self._acted_text(result)
                if going_on:
                    await interaction.followup.send(
                        f"{text}\n{going_on.text}"[:2000],
                        view=view_of(going_on.items) or discord.utils.MISSING,
                        files=await self._pictures(going_on),
                        ephemeral=True,
                    )
                else:
                    await interaction.followup.send(text, ephemeral=True)
                await self._publish(result, acted_in=None, going_on=going_on is not None)
        except MatchError as error:
            await self._tell(interaction, str(error))

    @move.autocomplete("action")
    async def _suggest_moves(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        try:
            match = await self._match_awaiting(interaction)
        except MatchError:
            return []
        seat = match.seat_of(interaction.user.id)
        presenter = PRESENTERS[match.game_id]
        typed = typed.strip().lower()
        legal = [str(action) for action in match.state.legal_actions(seat)]
        found = sorted(
            (text for text in legal if typed in text.lower()),
            key=lambda text: not text.lower().startswith(typed),
        )
        return [
            app_commands.Choice(
                name=f"{text} — {presenter.action_phrase(match, seat, text, done=False)}"[:100], value=text
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

    # --- starting a match

    async def _begin(self, match: Match) -> Match:
        """Open the match thread (unless the server plays in channels), deal the hands, post the board."""
        settings = await self.service.settings_for(match.guild_id)
        await self.service.set_thread(
            match.id, await self._open_thread(match) if settings.use_threads else None
        )
        await self._bring_up_to_date(match.id)
        return await self.service.load(match.id)

    async def _bring_up_to_date(self, match_id: int, note: str = "") -> None:
        """Send the players what they are owed privately and post the current board.

        On the first board everyone gets their hand; later, only the seats that must move.
        """
        async with self._match_lock(match_id):
            match = await self.service.load(match_id)
            first_board = match.board_message_id is None
            owed = range(len(match.seats)) if first_board else match.state.to_move
            if PRESENTERS[match.game_id].PUBLIC_CONTROLS or match.status != "active":
                owed = []  # nothing private to send: no secrets, or the match has ended
            for seat in owed:
                await self._send_private(match, seat)
            lines = [PRESENTERS[match.game_id].start_line(match)] if first_board else [note]
            if first_board:
                lines.append(f"🔒 Seed commitment (SHA-256): `{commitment(match.seed)}`")
            await self._post_board(await self.service.load(match_id), lines)

    async def _open_thread(self, match: Match) -> int | None:
        name = f"{match.game.title} #{match.id}: " + ", ".join(match.names)
        lobby = self._channel(match.channel_id, match).get_partial_message(match.lobby_message_id)
        try:
            thread = await lobby.create_thread(name=name[:100])
        except discord.HTTPException as error:
            log.info("No thread for match %s (%s); playing in the channel", match.id, error.status)
            return None
        return thread.id

    # --- components

    async def on_component(self, interaction: discord.Interaction, claim: Claim, values: list[str]) -> None:
        """Every match button and select lands here (see bot.components)."""
        handlers = {
            "acc": self._answer_lobby,
            "dec": self._answer_lobby,
            "play": self._show_prompt,
            "hand": self._show_hand,
            "act": self._act,
            "resign": self._confirmed_resign,
            "cancel": self._confirmed_cancel,
            "rematch": self._rematch,
        }
        try:
            if claim.kind == "pick":
                await self._pick(interaction, claim, values)
            elif claim.kind == "do":
                await self._act(interaction, claim, values[0] if len(values) == 1 else "")
            else:
                await handlers[claim.kind](interaction, claim)
        except Exception:
            log.exception("Handling %s for match %s failed", claim.kind, claim.match_id)
            await self._tell(interaction, "Something went wrong on my side. Please try again in a moment.")

    async def _act(self, interaction: discord.Interaction, claim: Claim, action: str | None = None) -> None:
        """Apply the clicked action; the clicked message becomes the confirmation, or the next
        prompt when the same player goes on (e.g. placing the piece they just drew)."""
        await interaction.response.defer()
        async with self._match_lock(claim.match_id):
            try:
                result = await self.service.act(
                    claim.match_id,
                    interaction.user.id,
                    claim.version,
                    claim.argument if action is None else action,
                )
            except MatchError as error:
                await self._tell(interaction, str(error))
                return
            acted = self._acted_text(result)
            going_on = self._next_prompt(result)
            if self._on_board(interaction, result.match):
                pass  # its buttons give way to the next board's
            elif going_on:
                await interaction.edit_original_response(
                    content=f"{acted}\n{going_on.text}",
                    view=view_of(going_on.items),
                    attachments=await self._pictures(going_on),
                )
            else:
                await interaction.edit_original_response(content=acted, view=None, attachments=[])
            acted_in = interaction.message.id if interaction.message else None
            await self._publish(result, acted_in=acted_in, going_on=going_on is not None)

    def _acted_text(self, result: ActionResult) -> str:
        phrase = PRESENTERS[result.match.game_id].action_phrase(result.match, result.seat, result.action)
        return f"You {phrase}."

    def _next_prompt(self, result: ActionResult) -> Prompt | None:
        """The acting player's next prompt when their turn goes on after this action."""
        match = result.match
        if PRESENTERS[match.game_id].PUBLIC_CONTROLS:
            return None  # the next board carries the controls
        if match.state.is_over or result.seat not in match.state.to_move:
            return None
        return PRESENTERS[match.game_id].prompt(match, result.seat)

    async def _pictures(self, prompt: Prompt) -> list[discord.File]:
        if prompt.picture is None:
            return []
        return [png_file(await asyncio.to_thread(prompt.picture), "prompt.png")]

    async def _pick(self, interaction: discord.Interaction, claim: Claim, values: list[str]) -> None:
        await interaction.response.defer()
        try:
            match, seat = await self.service.check_turn(claim.match_id, interaction.user.id, claim.version)
            presenter = PRESENTERS[match.game_id]
            choice = presenter.check_pick(match, seat, values, claim.argument)
        except MatchError as error:
            await self._tell(interaction, str(error))
            return
        prompt = presenter.prompt(match, seat, choice)
        if self._on_board(interaction, match):  # the next steps are the chooser's alone
            await interaction.followup.send(
                prompt.text[:2000],
                view=view_of(prompt.items) or discord.utils.MISSING,
                files=await self._pictures(prompt),
                ephemeral=True,
            )
        elif prompt.picture is None:  # the message keeps its picture
            await interaction.edit_original_response(content=prompt.text, view=view_of(prompt.items))
        else:
            await interaction.edit_original_response(
                content=prompt.text, view=view_of(prompt.items), attachments=await self._pictures(prompt)
            )

    @staticmethod
    def _on_board(interaction: discord.Interaction, match: Match) -> bool:
        """Whether the click came from the match's public board (games with PUBLIC_CONTROLS)."""
        return interaction.message is not None and interaction.message.id == match.board_message_id

    async def _show_prompt(self, interaction: discord.Interaction, claim: Claim) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            match, seat = await self.service.check_turn(claim.match_id, interaction.user.id, claim.version)
        except StaleClick:
            await self._tell(interaction, await self._outdated_board_text(claim.match_id))
            return
        except MatchError as error:
            await self._tell(interaction, str(error))
            return
        prompt = PRESENTERS[match.game_id].prompt(match, seat)
        await interaction.followup.send(
            prompt.text[:2000],
            file=await self._prompt_picture(match, seat, prompt),
            view=view_of(prompt.items) or discord.utils.MISSING,
            ephemeral=True,
        )

    async def _prompt_picture(self, match: Match, seat: int, prompt: Prompt | None) -> discord.File:
        """The prompt's own picture, else the seat's private picture (hand, objective)."""
        if prompt and prompt.picture:
            return (await self._pictures(prompt))[0]
        hand = await asyncio.to_thread(render_hand, match.state.view(seat), names=match.names)
        return png_file(hand, "hand.png")

    async def _show_hand(self, interaction: discord.Interaction, claim: Claim) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            match, seat, view = await self.service.private_view(claim.match_id, interaction.user.id)
        except MatchError as error:
            await self._tell(interaction, str(error))
            return
        text = f"**{match.game.title}** #{match.id}. {PRESENTERS[match.game_id].private_text(match, seat)}"
        if seat in match.state.to_move:
            text += "\nIt's your turn — press **Play** on the latest board to move."
        hand = await asyncio.to_thread(render_hand, view, names=match.names)
        await interaction.followup.send(text, file=png_file(hand, "hand.png"), ephemeral=True)

    async def _outdated_board_text(self, match_id: int) -> str:
        match = await self.service.load(match_id)
        if match.status != "active":
            return "This match is over."
        link = message_link(match.guild_id, match.play_channel_id, match.board_message_id)
        return f"That board is outdated; the match has moved on. Here is the latest one: {link}"

    # --- after an action

    async def _publish(self, result: ActionResult, *, acted_in: int | None, going_on: bool = False) -> None:
        """After an action: retire used prompts, send private messages, post the new board.

        `going_on`: the actor's next prompt is already in the message they acted in."""
        match = await self.service.load(result.match.id)
        presenter = PRESENTERS[match.game_id]
        seat_prompt = match.seats[result.seat].prompt_message_id
        if seat_prompt and not (going_on and seat_prompt == acted_in):
            # the DM prompt the player didn't use (or used up) loses its buttons
            await self._retire_prompt(match, result.seat, edit=seat_prompt != acted_in)
        if not match.state.is_over:
            for seat in self._owed_private_message(match, result, presenter, going_on=going_on):
                await self._send_private(match, seat)
            match = await self.service.load(match.id)
        try:
            phrase = presenter.action_phrase(match, result.seat, result.action)
            lines = [f"{presenter.seat_label(match, result.seat)} {phrase}."]
            lines += presenter.describe_events(match, result.events)
        except Exception:  # the action is saved: a text we can't write must not hold back the board
            log.exception("Describing an action of match %s failed", match.id)
            lines = [f"{match.label(result.seat)} played {result.action}."]
        await self._post_board(match, lines)

    @staticmethod
    def _owed_private_message(match: Match, result: ActionResult, presenter, *, going_on: bool) -> list[int]:
        if presenter.PUBLIC_CONTROLS:
            return []
        if presenter.news_for_everyone(result.events):
            return list(range(len(match.seats)))
        owed = []
        for seat in match.state.to_move:
            if seat == result.seat and going_on:
                continue  # their next prompt is already in front of them
            if match.state.order_free and match.seats[seat].prompt_message_id:
                continue  # another seat's choice doesn't outdate their prompt
            owed.append(seat)
        return owed

    async def _post_board(self, match: Match, lines: list[str]) -> None:
        presenter = PRESENTERS[match.game_id]
        channel = self._channel(match.play_channel_id, match)
        board = await asyncio.to_thread(render_board, match.state.view(None), names=match.names)
        parts = [f"**{match.game.title}** · match #{match.id}", *lines]
        files = [png_file(board, "board.png")]
        if match.status != "active":  # finished, resigned or cancelled
            parts.append(presenter.final_text(match) if match.state.is_over else self._early_end_text(match))
            parts.append(
                f"🔓 Seed: `{match.seed}` (its SHA-256 commitment was posted at the start). "
                "The attached record replays the whole match: `python -m games.replay record.txt`."
            )
            files.append(await self._record_file(match))
            view = view_of(
                [
                    MatchButton(
                        Claim(match.id, match.version, "rematch"),
                        label="Rematch",
                        style=discord.ButtonStyle.primary,
                    )
                ]
                if match.status == "finished"
                else []
            )
        else:
            parts.append(presenter.status_line(match))
            parts += self._turn_lines(match)
            view = view_of(self._board_controls(match))
        try:
            message = await channel.send(
                "\n".join(parts)[:2000], files=files, view=view, allowed_mentions=MENTION_USERS
            )
        except discord.HTTPException:
            log.exception("Could not post the board of match %s", match.id)
            return
        previous = match.board_message_id
        await self.service.set_board_message(match.id, message.id, match.version)
        if previous:
            try:
                await channel.get_partial_message(previous).edit(view=None)
            except discord.HTTPException:
                log.info("Could not clear the buttons of an old board of match %s", match.id)

    def _early_end_text(self, match: Match) -> str:
        reason, _, user = (match.end_reason or "").partition(":")
        if reason == "cancelled":
            return f"🛑 This match was cancelled by <@{user}>."
        quitter = match.seat_of(int(user))
        others = [seat for seat in range(len(match.seats)) if seat != quitter]
        result = (
            f"**{match.label(others[0])}** wins."
            if len(others) == 1
            else "The match ends here without a winner; the others share a draw."
        )
        if reason == "timeout":
            return f"⏱️ **{match.label(quitter)}** ran out of time on the turn clock and forfeits. {result}"
        return f"🏳️ **{match.label(quitter)}** resigned. {result}"

    async def _record_file(self, match: Match) -> discord.File:
        log_rows = await self.service.action_log(match.id)
        record = record_for(
            match.game_id,
            match.seed,
            match.options,
            match.names,
            log_rows,
            match_id=match.id,
            finished=match.status != "active",
        )
        return discord.File(
            io.BytesIO(format_record(record).encode()), filename=f"match-{match.id}-record.txt"
        )

    @staticmethod
    def _board_controls(match: Match) -> list[discord.ui.Item]:
        """The move itself when the game has no secrets, else Play and the secrets button."""
        presenter = PRESENTERS[match.game_id]
        if presenter.PUBLIC_CONTROLS:
            return presenter.prompt(match, match.state.to_move[0]).items
        return [
            MatchButton(
                Claim(match.id, match.version, "play"), label="Play", style=discord.ButtonStyle.primary
            ),
            MatchButton(Claim(match.id, match.version, "hand"), label=presenter.HAND_LABEL),
        ]

    def _turn_lines(self, match: Match) -> list[str]:
        presenter = PRESENTERS[match.game_id]
        hand = presenter.HAND_LABEL
        if presenter.PUBLIC_CONTROLS:
            return [f"👉 <@{match.user_at(seat)}>, your turn: choose below." for seat in match.state.to_move]
        lines = []
        for seat in match.state.to_move:
            player = match.seats[seat]
            if player.dm_closed:
                lines.append(
                    f"👉 <@{player.user_id}>, your turn! I can't DM you, so use **{hand}** and **Play** below."
                )
            else:
                lines.append(f"👉 <@{player.user_id}>, your turn! Play from your DMs or with **Play** below.")
        closed = [s.display_name for s in match.seats if s.dm_closed and s.seat not in match.state.to_move]
        if closed:
            lines.append(f"⚠️ I can't DM {', '.join(closed)}: use **{hand}** and **Play** here instead.")
        return lines

    async def _send_private(self, match: Match, seat: int) -> None:
        """DM one player their hand, with their move controls when it is their turn."""
        presenter = PRESENTERS[match.game_id]
        player = match.seats[seat]
        guild = self.bot.get_guild(match.guild_id) if match.guild_id else None
        where = message_link(match.guild_id, match.play_channel_id)
        text = (
            f"🔺 **{match.game.title}** · match #{match.id} in **{guild.name if guild else 'your server'}** "
            f"({where})"
        )
        secret = presenter.private_text(match, seat)
        if secret:
            text += "\n" + secret
        prompt = presenter.prompt(match, seat) if seat in match.state.to_move else None
        items = prompt.items if prompt else []
        if prompt:
            text += "\n" + prompt.text
        picture = await self._prompt_picture(match, seat, prompt)
        for attempt in range(DM_ATTEMPTS):
            try:
                channel = await self.bot.create_dm(discord.Object(player.user_id))
                message = await channel.send(text[:2000], file=picture, view=view_of(items))
                break
            except discord.Forbidden as error:
                if error.code == DM_CLOSED:
                    if not player.dm_closed:
                        await self.service.set_dm_closed(match.id, seat, True)
                    return
                log.warning("DM to a player of match %s refused: %s", match.id, error.code)
                return
            except discord.HTTPException as error:  # a passing fault: try once more
                log.warning("DM to a player of match %s failed: %s", match.id, error.status)
                if attempt + 1 == DM_ATTEMPTS:
                    return
                picture.reset()
                await asyncio.sleep(DM_RETRY_SECONDS)
        if player.dm_closed:
            await self.service.set_dm_closed(match.id, seat, False)
        if items:
            if player.prompt_message_id:
                await self._retire_prompt(match, seat)
            await self.service.set_prompt_message(match.id, seat, message.id)

    async def _retire_prompt(self, match: Match, seat: int, *, edit: bool = True) -> None:
        """Forget a DM prompt that is no longer current, removing its buttons (best effort)."""
        player = match.seats[seat]
        if edit:
            try:
                channel = await self.bot.create_dm(discord.Object(player.user_id))
                await channel.get_partial_message(player.prompt_message_id).edit(view=None)
            except discord.HTTPException:
                log.info("Could not clear an old DM prompt of match %s", match.id)
        await self.service.set_prompt_message(match.id, seat, None)

    # --- helpers

    def _channel(self, channel_id: int, match: Match) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(channel_id, guild_id=match.guild_id)

    async def _refuse(self, interaction: discord.Interaction, text: str) -> None:
        await interaction.response.send_message(text, ephemeral=True)

    async def _tell(self, interaction: discord.Interaction, text: str) -> None:
        """An ephemeral answer, whether or not the interaction was acknowledged already."""
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.info("Could not answer an interaction (it may have expired)")
