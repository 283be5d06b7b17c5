"""Invitations: the lobby message (who is invited, the open seats, the buttons), its notice once
closed, the message that the match started, and the match's thread. All are everyone's, in the
server's language."""

from __future__ import annotations

import logging

import discord

from catalogue import listing, speaking, tr, trn
from games.record import commitment

from ..components import Claim, MatchButton, view_of
from ..discord_io import message_link
from ..model import Match, Seat, level_name
from ..service import MatchService
from .audience import public_channel

log = logging.getLogger(__name__)


class Invitations:
    def __init__(self, bot: discord.Client, service: MatchService) -> None:
        self.bot = bot
        self.service = service

    def message(self, match: Match, language: str) -> tuple[str, discord.ui.View | None]:
        """The invitation's text and buttons."""
        with speaking(language):
            return self._text(match), self._view(match)

    def _text(self, match: Match) -> str:
        host = match.seats[0]
        kit = self.service.kit(match)
        invited = [f"<@{s.user_id}>" for s in match.seats[1:] if s.user_id and not s.accepted]
        open_seats = sum(1 for s in match.seats if s.is_open)
        computers = sum(1 for s in match.seats if s.computer)
        wanted = []
        if invited:
            wanted.append(", ".join(invited))
        if open_seats:
            wanted.append(
                trn("anyone ({count} open seat)", "anyone ({count} open seats)", open_seats, count=open_seats)
            )
        if computers:
            level = level_name(match.computer_level)
            wanted.append(
                trn(
                    "{count} computer player ({level})",
                    "{count} computer players ({level})",
                    computers,
                    count=computers,
                    level=level,
                )
            )
        seats = "  ".join(
            seat_mark(seat, shown) for seat, shown in zip(match.seats, match.shown_names, strict=True)
        )
        how = []
        if invited:
            how.append(tr("Everyone invited must press **Accept**."))
        if open_seats:
            how.append(tr("Press **Join** to take an open seat."))
        how.append(
            tr(
                "<@{host}> may press **Fill with computer players and start** at any time. "
                "The invitation closes <t:{closes}:R>.",
                host=host.user_id,
                closes=int(match.lobby_expires_at or 0),
            )
        )
        hints = tr(" Hints: allowed (the record notes each one).") if match.hints_allowed else ""
        invitation = tr(
            "🔺 **{title}** (match #{id}) — <@{host}> invites {wanted} to play.",
            title=kit.title,
            id=match.id,
            host=host.user_id,
            wanted=listing(wanted),
        )
        options = tr("Options: {options}.", options=kit.presenter.options_text(match.options))
        return f"{invitation}\n{options}{hints}\n{seats}\n" + " ".join(how)

    def _view(self, match: Match) -> discord.ui.View | None:
        def button(kind: str, label: str, style: discord.ButtonStyle) -> MatchButton:
            return MatchButton(Claim(match.id, match.version, kind), label=label, style=style)

        items = []
        if any(s.user_id and not s.accepted for s in match.seats):
            items += [
                button("acc", tr("Accept"), discord.ButtonStyle.success),
                button("dec", tr("Decline"), discord.ButtonStyle.danger),
            ]
        if any(s.is_open for s in match.seats):
            items.append(button("join", tr("Join"), discord.ButtonStyle.success))
        items.append(
            button("fill", tr("Fill with computer players and start"), discord.ButtonStyle.secondary)
        )
        return view_of(items)

    def closed_text(self, match: Match, language: str) -> str:
        with speaking(language):
            reason, _, by_user = (match.end_reason or "").partition(":")
            if reason == "declined":
                why = tr("<@{user}> declined.", user=by_user)
            elif reason == "cancelled":
                why = tr("<@{user}> cancelled it.", user=by_user)
            elif any(seat.is_open for seat in match.seats):
                why = tr(
                    "not every seat was taken in time (the host could have filled them with computer players)."
                )
            else:
                minutes = round(self.service.lobby_timeout / 60)
                why = tr("not everyone accepted within {minutes} minutes.", minutes=minutes)
            return tr(
                "🔺 **{title}** (match #{id}) — this invitation is closed: {why}",
                title=self.service.kit(match).title,
                id=match.id,
                why=why,
            )

    async def show_closed(self, match: Match, language: str) -> None:
        """The invitation message says it is closed, and loses its buttons; then the notice is no
        longer owed (a passing fault leaves it owed, for a later sweep; a message gone, not)."""
        if match.lobby_message_id:
            lobby = public_channel(self.bot, match.channel_id, match).get_partial_message(
                match.lobby_message_id
            )
            try:
                await lobby.edit(content=self.closed_text(match, language), view=None)
            except (discord.NotFound, discord.Forbidden):
                log.info("The invitation message of match %s is gone or out of reach", match.id)
            except discord.HTTPException:
                log.info("Could not close the invitation message of match %s; trying again later", match.id)
                return
        await self.service.lobby_notice_shown(match.id)

    def started_text(self, match: Match, language: str) -> str:
        """The match has started (or is starting: its board isn't posted yet)."""
        with speaking(language):
            return self._started_text(match)

    def _started_text(self, match: Match) -> str:
        title = self.service.kit(match).title
        players = ", ".join(match.shown_names)
        if match.board_message_id is None:
            return tr(
                "🔺 **{title}** (match #{number}) is starting: {players}.",
                title=title,
                number=match.id,
                players=players,
            )
        where = message_link(match.guild_id, match.play_channel_id, match.board_message_id)
        started = tr(
            "🔺 **{title}** (match #{number}) has started! {players}. Follow it here: {link}",
            title=title,
            number=match.id,
            players=players,
            link=where,
        )
        sealed = tr("🔒 Seed commitment (SHA-256): `{commitment}`", commitment=commitment(match.seed))
        return f"{started}\n-# {sealed}"

    async def open_thread(self, match: Match, language: str) -> int | None:
        """The match's thread, on its invitation (None when none could be made: it plays in the channel)."""
        with speaking(language):  # a public name
            name = f"{self.service.kit(match).title} #{match.id}: " + ", ".join(match.shown_names)
        lobby = public_channel(self.bot, match.channel_id, match).get_partial_message(match.lobby_message_id)
        try:
            thread = await lobby.create_thread(name=name[:100])
        except discord.HTTPException as error:
            log.info("No thread for match %s (%s); playing in the channel", match.id, error.status)
            return None
        return thread.id


def seat_mark(seat: Seat, shown_name: str) -> str:
    if seat.computer:
        return f"🤖 {shown_name}"
    if seat.is_open:
        return tr("🪑 open seat")
    return f"{'✅' if seat.accepted else '⏳'} {seat.display_name}"
