"""The publisher: turns what the service decided into messages, as calmly as a good table.

A match has one live board, edited in place after every action (`board`); each person has one
private message per hand or round, edited as it changes (`private`); nobody is pinged by a board:
a player whose turn begins is pinged (or DMed) only when they have been away, as they chose with
/notify. Each picture of one moment of a match is drawn at most once (`moment.Moment`).

One published change enters here once: the publisher works out who reads it in which language
(`audience.Audience`, from the match as loaded) and its tutorial step, then has each feature write
its messages in order: private messages, the turn notices, the board (the last one with the end of
the match, `ending`); invitations (`lobby`) and requests (`requests`) likewise.
"""

from __future__ import annotations

import asyncio
import logging

import discord

from catalogue import tr

from ..history import action_sentence
from ..model import ActionResult, Match, level_name
from ..service import MatchService
from .audience import Audience
from .board import Boards
from .ending import Endings
from .lobby import Invitations
from .moment import Moment, commit
from .private import PrivateMessages
from .requests import Requests

log = logging.getLogger(__name__)


class Publisher:
    def __init__(self, bot: discord.Client, service: MatchService) -> None:
        self.bot = bot
        self.service = service
        self._publishing: dict[int, asyncio.Lock] = {}
        self.invitations = Invitations(bot, service)
        self.endings = Endings(service)
        self.boards = Boards(bot, service, self.endings)
        self.private = PrivateMessages(bot, service)
        self.requests = Requests(bot)

    def lock(self, match_id: int) -> asyncio.Lock:
        """Held from applying an action until its messages are out, so boards appear in order."""
        return self._publishing.setdefault(match_id, asyncio.Lock())

    async def settle(self, timeout: float) -> bool:
        """Wait until no match's decision is being applied or shown (at most `timeout` seconds);
        False if some were still going on."""
        deadline = asyncio.get_running_loop().time() + timeout
        while any(lock.locked() for lock in self._publishing.values()):
            if asyncio.get_running_loop().time() >= deadline:
                return False
            await asyncio.sleep(0.05)
        return True

    def audience(self, match: Match) -> Audience:
        """Who reads the match's messages in which language: the server's (chosen with /config, else
        Discord's server primary language) and each seat's (loaded with the match)."""
        guild = self.bot.get_guild(match.guild_id) if match.guild_id else None
        return Audience.of(match, guild.preferred_locale if guild else None)

    def moment(self, match: Match) -> Moment:
        """The match as it stands, for its audience."""
        return Moment(self.service.kit(match), match, self.audience(match))

    async def tutored(self, moment: Moment) -> Moment:
        """The moment with its tutorial step worked out (once), if its match is a tutorial."""
        if not moment.tutored:
            try:
                moment.take_step(await self.service.tutorial_step(moment.match))
            except Exception:  # the match goes on without guidance rather than not at all
                log.exception("Working out the tutorial step of match %s failed", moment.match.id)
                moment.take_step(None)
        return moment

    # --- invitations

    async def start(self, match: Match) -> Match:
        """A match that just started: its thread (unless the server plays in channels), the deal
        and the first board."""
        public = self.audience(match).public
        match.thread_id = (
            await self.invitations.open_thread(match, public) if match.settings.use_threads else None
        )
        await self.service.set_thread(match.id, match.thread_id)
        async with self.lock(match.id):
            await self.catch_up(match)
        return match

    async def show_closed(self, match: Match) -> None:
        await self.invitations.show_closed(match, self.audience(match).public)

    # --- a change during a match (each holds `lock`)

    async def action(self, result: ActionResult, moment: Moment) -> None:
        """Bring the private messages that changed up to date, edit (or post) the board, and ping
        the players whose turn begins if they are away."""
        await self.tutored(moment)
        match = result.match
        if match.state.is_over:
            for seat in match.people:
                if seat.prompt_message_id:
                    await self.private.retire(moment, seat.seat)
        elif not moment.presenter.public_controls:
            for seat in changed_private_messages(moment, result):
                await self.private.send(moment, seat)
        ping = await self.turn_notices(moment, result.turns_begun)
        await self.boards.show(moment, lambda: action_lines(moment, result), ping=ping)

    async def catch_up(self, match: Match, note: str = "") -> None:
        """Bring everyone's private message up to date and show the current board; `note`: what the
        board says (an English text marked with N_, said in the board's language).

        On the first board everyone gets their private message; later, only the seats to move."""
        moment = await self.tutored(self.moment(match))
        first_board = match.board_message_id is None
        owed = [seat.seat for seat in match.people] if first_board else match.people_to_move()
        if moment.presenter.public_controls or match.status != "active" or match.vacancy:
            owed = []  # nothing private to send: no secrets, or the match has ended
        for seat in owed:
            await self.private.send(moment, seat)
        if first_board:
            ping = await self.turn_notices(moment, match.people_to_move())
            await self.boards.show(
                moment, lambda: [moment.presenter.start_line(moment.scene)], fresh=True, ping=ping
            )
        else:
            await self.boards.show(moment, lambda: [tr(note) if note else ""], fresh=True)

    async def repost(self, match: Match, note: str) -> None:
        """The board again, at the bottom, saying `note` (an English text marked with N_)."""
        await self.boards.show(await self.tutored(self.moment(match)), lambda: [tr(note)], fresh=True)

    async def seat_taken_over(self, match: Match, seat: int) -> None:
        """A computer player now plays `seat`: its person's private message loses its controls, the
        match goes on."""
        moment = await self.tutored(self.moment(match))
        if match.seats[seat].prompt_message_id:
            await self.private.retire(moment, seat)
        if not moment.presenter.public_controls:
            for person in match.people:
                await self.private.send(moment, person.seat)
        ping = await self.turn_notices(moment, match.people_to_move())

        def note() -> list[str]:
            return [
                tr(
                    "🤖 A computer player ({level}) now plays **P{number}**; the match goes on.",
                    level=level_name(match.seats[seat].computer),
                    number=seat + 1,
                )
            ]

        await self.boards.show(moment, note, ping=ping)

    async def agreed(self, match: Match, request: dict) -> None:
        """Carry out a request the players agreed on: a draw ends the match; a take-back shows it
        as it was before the decision taken back (the board, and the private message of whoever is
        to move again)."""
        if request["kind"] == "draw":
            await self.close_down(match)
            return
        moment = await self.tutored(self.moment(match))
        if not moment.presenter.public_controls:
            for seat in match.people_to_move():
                await self.private.send(moment, seat)
        ping = await self.turn_notices(moment, match.people_to_move())

        def note() -> list[str]:
            return [
                tr(
                    "↩️ **{player}** took back `{action}`, as the others agreed.",
                    player=match.label(request["seat"]),
                    action=request["action"],
                )
            ]

        await self.boards.show(moment, note, ping=ping)

    async def close_down(self, match: Match) -> None:
        """After a resignation, forfeit or cancellation: no prompt keeps its buttons; a last board says why."""
        moment = await self.tutored(self.moment(match))
        for seat in match.seats:
            if seat.prompt_message_id:
                await self.private.retire(moment, seat.seat)
        voters = [s.seat for s in match.people if not s.resigned] if match.vacancy else []
        await self.boards.show(moment, ping=await self.turn_notices(moment, voters))  # they must vote

    async def refresh_private(self, match: Match, seat: int, meanwhile: list[str]) -> None:
        """One person's private message brought up to date, saying what happened `meanwhile`."""
        moment = await self.tutored(self.moment(match))
        await self.private.send(moment, seat, meanwhile=meanwhile)
        await commit(self.service, moment)

    async def remind(self, match: Match, seat: int) -> None:
        await self.private.remind(match, seat, self.audience(match))

    async def turn_notices(self, moment: Moment, seats: list[int]) -> list[int]:
        """Tell the people whose turn just began, as the service decides: those who chose a DM get
        one now; returns the users to mention on the board (the others, and closed DMs)."""
        mention = []
        for player, by in await self.service.turn_notices(moment.match, seats):
            if by == "dm" and await self.private.turn_begun(moment, player):
                continue
            mention.append(player.user_id)
        return mention


def changed_private_messages(moment: Moment, result: ActionResult) -> list[int]:
    """The people whose private message no longer says the right thing: everyone after a new
    deal; else the actor (their hand, their call to act) and whoever must act now."""
    match = moment.match
    if moment.presenter.news_for_everyone(result.events):
        return [seat.seat for seat in match.people]
    changed = {result.seat, *result.turns_begun}
    return [seat for seat in sorted(changed) if match.seats[seat].is_person]


def action_lines(moment: Moment, result: ActionResult) -> list[str]:
    """The action and what it caused, in words, for the board."""
    presenter = moment.presenter
    try:
        lines = [action_sentence(presenter, moment.scene, result.seat, result.action)]
        return lines + presenter.describe_events(moment.scene, result.events)
    except Exception:  # the action is saved: a text we can't write must not hold back the board
        log.exception("Describing an action of match %s failed", result.match.id)
        return [tr("{player} played {action}.", player=result.match.label(result.seat), action=result.action)]
