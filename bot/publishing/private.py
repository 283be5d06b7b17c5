"""Private messages: each person's one message per hand or round (their secrets and, on their turn,
the call to act), edited as it changes; its retirement; the DM that their turn began; reminders.
Each is written in its reader's language (`Audience`)."""

from __future__ import annotations

import asyncio
import logging

import discord

from catalogue import speaking, tr

from ..components import view_of
from ..discord_io import MENTION_USERS, message_link
from ..model import Match, Seat
from ..presenters.base import Prompt
from ..service import MatchService
from .audience import Audience, public_channel
from .moment import Moment, with_words

log = logging.getLogger(__name__)

DM_CLOSED = 50007  # Discord: "Cannot send messages to this user"
DM_ATTEMPTS = 2
DM_RETRY_SECONDS = 2


class PrivateMessages:
    def __init__(self, bot: discord.Client, service: MatchService) -> None:
        self.bot = bot
        self.service = service

    def content(self, moment: Moment, seat: int, *, meanwhile: list[str] = ()) -> tuple[str, Prompt | None]:
        """A person's private message as it stands: their secrets and, on their turn, the call to
        act; `meanwhile`: what happened since the version they clicked on."""
        match, presenter = moment.match, moment.presenter
        guild = self.bot.get_guild(match.guild_id) if match.guild_id else None
        where = message_link(match.guild_id, match.play_channel_id, match.board_message_id)
        text = tr(
            "🔺 **{title}** · match #{id} in **{server}** ({where})",
            title=moment.kit.title,
            id=match.id,
            server=guild.name if guild else tr("your server"),
            where=where,
        )
        if meanwhile:
            text += "\n" + tr("⏩ Meanwhile: {news}", news=" ".join(meanwhile))
        secret = presenter.private_text(moment.scene, seat, moment.mine(seat))
        if secret:
            text += "\n" + secret
        if match.status != "active" or match.vacancy:
            return text[:2000], None
        if seat in match.state.to_move:
            prompt = moment.prompt(seat)
            return f"{text}\n{prompt.text}"[:2000], prompt
        waiting = ", ".join(match.shown_names[s] for s in match.state.to_move)
        return f"{text}\n{tr('⏳ Waiting for {names}.', names=waiting)}"[:2000], None

    async def send(self, moment: Moment, seat: int, *, meanwhile: list[str] = ()) -> None:
        """Bring one person's private message up to date, in their language: edit this hand's (or
        round's) message, or send the first one of a new hand."""
        with speaking(moment.audience.seats[seat]):
            await self._send(moment, seat, meanwhile)

    async def _send(self, moment: Moment, seat: int, meanwhile: list[str]) -> None:
        match = moment.match
        player = match.seats[seat]
        text, prompt = self.content(moment, seat, meanwhile=meanwhile)
        items = prompt.items if prompt else []
        style = await self.service.board_style(player.user_id)
        text, pictures = await moment.personal(style, text, prompt, seat, or_private=True)
        # (a message from before chapters were recorded has none: it is still the current one)
        current = player.prompt_message_id if player.prompt_chapter in (None, moment.chapter) else None
        if current:
            try:
                channel = await self.bot.create_dm(discord.Object(player.user_id))
                await channel.get_partial_message(current).edit(
                    content=text, attachments=pictures, view=view_of(items)
                )
                return
            except discord.HTTPException:
                log.info("Could not edit the private message of a player of match %s; sending anew", match.id)
                for picture in pictures:
                    picture.reset()
        for attempt in range(DM_ATTEMPTS):
            try:
                channel = await self.bot.create_dm(discord.Object(player.user_id))
                message = await channel.send(
                    text, files=pictures, view=view_of(items) or discord.utils.MISSING
                )
                break
            except discord.Forbidden as error:
                if error.code == DM_CLOSED:
                    if not player.dm_closed:
                        moment.note_seat(seat, dm_closed=True)
                    return
                log.warning("DM to a player of match %s refused: %s", match.id, error.code)
                return
            except discord.HTTPException as error:  # a passing fault: try once more
                log.warning("DM to a player of match %s failed: %s", match.id, error.status)
                if attempt + 1 == DM_ATTEMPTS:
                    return
                for picture in pictures:
                    picture.reset()
                await asyncio.sleep(DM_RETRY_SECONDS)
        if player.dm_closed:
            moment.note_seat(seat, dm_closed=False)
        if player.prompt_message_id:
            await self.retire(moment, seat)
        moment.note_seat(seat, prompt_message_id=message.id, prompt_chapter=moment.chapter)

    async def retire(self, moment: Moment, seat: int) -> None:
        """An earlier private message keeps its picture but loses its controls and any call to act
        (best effort), and is forgotten."""
        match = moment.match
        player = match.seats[seat]
        user_id = player.user_id or player.left_user_id
        with speaking(moment.audience.seats[seat]):
            why = (
                tr("this match has ended") if match.status != "active" else tr("this message is out of date")
            )
            content = tr(
                "🔺 **{title}** · match #{id}: {why}; see the latest board.",
                title=moment.kit.title,
                id=match.id,
                why=why,
            )
        try:
            channel = await self.bot.create_dm(discord.Object(user_id))
            await channel.get_partial_message(player.prompt_message_id).edit(content=content, view=None)
        except discord.HTTPException:
            log.info("Could not retire an old private message of match %s", match.id)
        moment.note_seat(seat, prompt_message_id=None, prompt_chapter=None)

    async def turn_begun(self, moment: Moment, player: Seat) -> bool:
        """Tell `player` by DM that their turn began (with the position in words, for who reads
        it); False when their DMs are closed."""
        match = moment.match
        title = moment.kit.title
        board = message_link(match.guild_id, match.play_channel_id, match.board_message_id)
        with speaking(moment.audience.seats[player.seat]):
            text = tr("🔔 Your turn in **{title}** #{id}: {board}", title=title, id=match.id, board=board)
            if await self.service.board_style(player.user_id) != "picture":  # the position, for who reads it
                unmarked = Moment(moment.kit, match, moment.audience)  # no tutorial's marks
                text = with_words(text, unmarked.alt(unmarked.mine(player.seat), player.seat))
        try:
            channel = await self.bot.create_dm(discord.Object(player.user_id))
            await channel.send(text)
            return True
        except discord.HTTPException:
            return False  # closed DMs: a mention on the board instead

    async def remind(self, match: Match, seat: int, audience: Audience) -> None:
        """One reminder: by DM, else a mention in the match thread (people only)."""
        player = match.seats[seat]
        if not player.is_person:
            return
        board = message_link(match.guild_id, match.play_channel_id, match.board_message_id)
        title = self.service.kit(match).title
        nonce = reminder_nonce(match, seat)
        with speaking(audience.seats[seat]):
            private = tr(
                "⏰ Reminder: it's your turn in **{title}** #{id}: {board}",
                title=title,
                id=match.id,
                board=board,
            )
        with speaking(audience.public):
            public = tr("⏰ <@{user}>, it's still your turn in this match.", user=player.user_id)
        try:
            channel = await self.bot.create_dm(discord.Object(player.user_id))
            await channel.send(private, nonce=nonce)
            return
        except discord.HTTPException:
            pass
        try:
            await public_channel(self.bot, match.play_channel_id, match).send(
                public,
                allowed_mentions=MENTION_USERS,
                nonce=nonce,
            )
        except discord.HTTPException:
            log.info("Could not remind a player of match %s", match.id)


def reminder_nonce(match: Match, seat: int) -> str:
    """The same for every attempt at one turn's reminder: if a process dies after sending it but
    before marking it sent, the process that takes it over sends with this nonce again, and
    Discord (discord.py sends nonces enforced) keeps the first message instead of posting twice."""
    return f"r{match.id}-{match.version}-{seat}"
