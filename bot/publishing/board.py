"""The live board: one message per match, edited in place after every action; posted anew only when
a hand, round or phase begins, when other messages have buried it, or before Discord rate-limits
edits of old messages. Nobody is pinged by a board edit: only a new board mentions who must know."""

from __future__ import annotations

import logging
from collections.abc import Callable

import discord

from catalogue import speaking, tr

from ..components import Claim, MatchButton
from ..layout import board_layout, without_controls
from ..model import LiveBoard, Match, level_name
from ..service import MatchService
from .audience import public_channel
from .ending import Endings
from .moment import Moment, commit

log = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions.none()  # boards name players; edits and boards never ping
BOARD_LINES = 6  # the recent actions, in words, a board lists
EDIT_WINDOW = 50 * 60  # Discord rate-limits edits of messages older than an hour (30046): repost first
BURIED_AFTER = 5  # other messages below the live board before it is posted again at the bottom


def no_news() -> list[str]:
    return []


class Boards:
    """Each match's live board, in the server's language (`Audience.public`)."""

    def __init__(self, bot: discord.Client, service: MatchService, endings: Endings) -> None:
        self.bot = bot
        self.service = service
        self.endings = endings
        self._live: dict[int, tuple[int, int]] = {}  # match id: (channel id, live board message id)
        self._buried: dict[int, int] = {}  # match id: messages posted below its live board since

    def note_message(self, channel_id: int, message_id: int) -> None:
        """A message appeared in a channel: it buries the live boards there that it isn't."""
        for match_id, (board_channel, board_id) in self._live.items():
            if board_channel == channel_id and board_id != message_id:
                self._buried[match_id] = self._buried.get(match_id, 0) + 1

    def _needs_new_board(self, moment: Moment, now: float) -> bool:
        match = moment.match
        return (
            match.board_message_id is None
            or match.status != "active"  # the final board, with the record, is a message of its own
            or match.board_chapter != moment.chapter
            or match.board_posted_at is None
            or now - match.board_posted_at > EDIT_WINDOW
            or self._buried.get(match.id, 0) >= BURIED_AFTER
        )

    async def show(
        self,
        moment: Moment,
        news: Callable[[], list[str]] = no_news,
        *,
        fresh: bool = False,
        ping: list[int] = (),
    ) -> None:
        """Show the match as it now stands: edit the live board, or post a new one when it is due
        (`fresh`: after a restart, or when the board must come to the bottom). `news`: what just
        happened, in words (written in the board's language). `ping`: users to notify; the board is
        then posted anew at the bottom, and its mention of them pings."""
        with speaking(moment.audience.public):
            await self._show(moment, news(), fresh=fresh, ping=ping)

    async def _show(self, moment: Moment, lines: list[str], *, fresh: bool, ping: list[int]) -> None:
        match, presenter, scene = moment.match, moment.presenter, moment.scene
        channel = public_channel(self.bot, match.play_channel_id, match)
        recent = [*match.board_lines, *[line for line in lines if line]][-BOARD_LINES:]
        top = "\n".join(
            [
                tr("**{title}** · match #{id}", title=moment.kit.title, id=match.id),
                *presenter.seat_lines(scene),
            ]
        )
        if match.status != "active":  # finished, resigned, forfeited or cancelled
            last = [line for line in lines if line]  # what ended it
            if moment.step is not None:  # a tutorial's closing step
                last.append(moment.step_text())
            files, layout = await self.endings.final_board(moment, "\n".join([top, *last]))
        else:
            files = [await moment.board()]
            if match.vacancy:  # the vote alone
                below, items, extras = (
                    vacancy_lines(match, self.service.voters(match)),
                    vacancy_controls(match),
                    [],
                )
            else:
                below = [*recent, presenter.status_line(scene), *turn_lines(moment)]
                if moment.step is not None and presenter.public_controls:  # its controls are here
                    below.append(moment.step_text())
                items, extras = board_controls(moment), board_extras(moment)
            layout = board_layout(
                top,
                "board.png",
                "\n".join(line for line in below if line),
                items,
                alt=moment.alt(scene.public),
                legend=presenter.legend(scene),
                extras=extras,
            )
        now = self.service.now()
        previous = match.board_message_id
        message_id, posted_at = None, match.board_posted_at
        if not fresh and not ping and not self._needs_new_board(moment, now):
            try:
                await channel.get_partial_message(previous).edit(
                    attachments=files, view=layout, allowed_mentions=NO_PINGS
                )
                message_id = previous
            except discord.HTTPException as error:  # deleted, or too old to edit: post it anew
                log.info("Could not edit the board of match %s (%s); posting a new one", match.id, error.code)
                for file in files:
                    file.reset()
        if message_id is None:
            try:
                mentions = (
                    discord.AllowedMentions(users=[discord.Object(user) for user in ping])
                    if ping
                    else NO_PINGS
                )
                message = await channel.send(files=files, view=layout, allowed_mentions=mentions)
            except discord.HTTPException:
                log.exception("Could not post the board of match %s", match.id)
                await commit(self.service, moment)
                return
            message_id, posted_at = message.id, now
            self._buried[match.id] = 0
        if match.status == "active":
            self._live[match.id] = (match.play_channel_id, message_id)
        else:
            self._live.pop(match.id, None)
            self._buried.pop(match.id, None)
        live = LiveBoard(message_id, match.version, posted_at or now, moment.chapter, recent)
        moment.posted_board = live
        match.board_message_id, match.board_version = message_id, match.version
        match.board_posted_at, match.board_chapter, match.board_lines = live.posted_at, live.chapter, recent
        await commit(self.service, moment)
        if previous and previous != message_id:  # the old board keeps its picture, loses its buttons
            try:
                old = await channel.fetch_message(previous)
                await old.edit(view=without_controls(old))
            except discord.HTTPException:
                log.info("Could not clear the buttons of an old board of match %s", match.id)


def board_controls(moment: Moment) -> list[discord.ui.Item]:
    """The move itself when the game has no secrets, else Play and the secrets button."""
    match, presenter = moment.match, moment.presenter
    people = match.people_to_move()
    if presenter.public_controls:  # drawn from the public view: the board is for everyone
        items = moment.prompt(people[0], view=moment.scene.public).items if people else []
    else:
        items = [
            MatchButton(
                Claim(match.id, match.version, "play"),
                label=tr("Play"),
                style=discord.ButtonStyle.primary,
            ),
            MatchButton(Claim(match.id, match.version, "hand"), label=hand_label(presenter)),
        ]
    return items


def board_extras(moment: Moment) -> list[discord.ui.Item]:
    """Below the moves: the position in words, for anyone (privately), and a Hint where the match
    allows hints and a person is to move."""
    match = moment.match
    extras = [
        MatchButton(Claim(match.id, match.version, "words"), label=tr("📝 In words")),
    ]
    if match.hints_allowed and match.people_to_move():
        extras.insert(0, MatchButton(Claim(match.id, match.version, "hint"), label=tr("💡 Hint")))
    return extras


def turn_lines(moment: Moment) -> list[str]:
    match, presenter = moment.match, moment.presenter
    hand = hand_label(presenter)
    lines = [
        tr("🤖 **{player}** is thinking…", player=match.label(seat)) for seat in match.computers_to_move()
    ]
    if presenter.public_controls:
        lines += [
            tr("👉 <@{user}>, your turn: choose below.", user=match.user_at(seat))
            for seat in match.people_to_move()
        ]
        return lines
    for seat in match.people_to_move():
        player = match.seats[seat]
        if player.dm_closed:
            lines.append(
                tr(
                    "👉 <@{user}>, your turn! I can't DM you, so use **{hand}** and **Play** below.",
                    user=player.user_id,
                    hand=hand,
                )
            )
        else:
            lines.append(
                tr(
                    "👉 <@{user}>, your turn! Play from your DMs or with **Play** below.",
                    user=player.user_id,
                )
            )
    closed = [s.display_name for s in match.people if s.dm_closed and s.seat not in match.state.to_move]
    if closed:
        lines.append(
            tr(
                "⚠️ I can't DM {names}: use **{hand}** and **Play** here instead.",
                names=", ".join(closed),
                hand=hand,
            )
        )
    return lines


def vacancy_lines(match: Match, voters: list[int]) -> list[str]:
    vacancy = match.vacancy
    left = match.label(vacancy["seat"])
    why = tr("ran out of time on the turn clock") if vacancy["reason"] == "timeout" else tr("resigned")
    votes = vacancy["votes"]
    tally = ", ".join(
        f"<@{user}> {tr('✅ computer') if votes[str(user)] == 'computer' else tr('🛑 end')}"
        for user in voters
        if str(user) in votes
    )
    return [
        tr(
            "🏳️ **{player}** {why}. Should a computer player ({level}) take the seat, so the match goes on?",
            player=left,
            why=why,
            level=level_name(match.computer_level),
        ),
        tr(
            "{voters}: a computer player takes it once at least half of you vote for it; the match ends "
            "(without a winner) once more than half vote to end it. With no decision <t:{due}:R>, a "
            "computer player takes it.",
            voters=" ".join(f"<@{user}>" for user in voters),
            due=int(match.vacancy_due_at or 0),
        ),
        tr("Votes so far: {tally}", tally=tally) if tally else "",
    ]


def vacancy_controls(match: Match) -> list[discord.ui.Item]:
    return [
        MatchButton(
            Claim(match.id, match.version, "sub"),
            label=tr("A computer player takes the seat"),
            style=discord.ButtonStyle.success,
        ),
        MatchButton(
            Claim(match.id, match.version, "end"),
            label=tr("End the match"),
            style=discord.ButtonStyle.danger,
        ),
    ]


def hand_label(presenter) -> str:
    """The board's button that shows a player their secrets."""
    return tr(presenter.hand_label) if presenter.hand_label else tr("Mine")
