"""The publisher: turns what the service decided into messages.

After an action it retires used prompts, sends the private messages that are owed, and posts
the new board. Each picture of one moment of a match is drawn at most once (`Moment`), off the
event loop, and reused by every message that shows it.
"""

from __future__ import annotations

import asyncio
import io
import logging

import discord

from games.record import commitment, format_record, record_for

from .components import Claim, MatchButton, view_of
from .discord_io import MENTION_USERS, message_link, png_file
from .kits import GameKit
from .model import Match, Seat
from .presenters.base import Prompt, Scene
from .service import ActionResult, MatchService

log = logging.getLogger(__name__)

DM_CLOSED = 50007  # Discord: "Cannot send messages to this user"
DM_ATTEMPTS = 2
DM_RETRY_SECONDS = 2


class Moment:
    """One version of a match as players see it: the scene, the seats' views and the pictures,
    each made at most once."""

    def __init__(self, kit: GameKit, match: Match) -> None:
        self.kit = kit
        self.match = match
        self.presenter = kit.presenter
        self.scene = Scene(match.id, match.version, tuple(match.names), match.options, match.state.view(None))
        self._views: dict[int, dict] = {}
        self._pictures: dict[object, bytes] = {}
        self.posted_board: tuple[int, int] | None = None  # (message id, version), once posted
        self.seat_changes: dict[int, dict] = {}  # what changed about each seat's messages

    def note_seat(self, seat: int, **changes) -> None:
        """Remember a change to where a seat's messages live; written with the board."""
        player = self.match.seats[seat]
        for column, value in changes.items():
            setattr(player, column, value)
        self.seat_changes.setdefault(seat, {}).update(changes)

    def mine(self, seat: int) -> dict:
        """What `seat` may see, for its eyes only."""
        if seat not in self._views:
            self._views[seat] = self.match.state.view(seat)
        return self._views[seat]

    def prompt(self, seat: int, choice: str = "") -> Prompt:
        return self.presenter.prompt(self.scene, seat, self.mine(seat), choice)

    async def _drawn(self, key: object, draw, view: dict) -> bytes:
        if key not in self._pictures:
            self._pictures[key] = await asyncio.to_thread(draw, view, names=list(self.scene.names))
        return self._pictures[key]

    async def board(self) -> discord.File:
        return png_file(await self._drawn("board", self.kit.pictures.board, self.scene.public), "board.png")

    async def private(self, seat: int) -> discord.File:
        return png_file(
            await self._drawn(("private", seat), self.kit.pictures.private, self.mine(seat)), "hand.png"
        )

    async def prompt_files(self, prompt: Prompt | None, seat: int, *, or_private: bool) -> list[discord.File]:
        """The prompt's picture; with `or_private`, the seat's own picture when the prompt has none."""
        if prompt and prompt.preview is not None:
            return [
                png_file(
                    await asyncio.to_thread(
                        self.kit.pictures.private, prompt.preview, names=list(self.scene.names)
                    ),
                    "prompt.png",
                )
            ]
        if prompt and prompt.shows_board:
            return [
                png_file(await self._drawn("board", self.kit.pictures.board, self.scene.public), "prompt.png")
            ]
        return [await self.private(seat)] if or_private else []


class Publisher:
    def __init__(self, bot: discord.Client, service: MatchService) -> None:
        self.bot = bot
        self.service = service
        self._publishing: dict[int, asyncio.Lock] = {}

    def lock(self, match_id: int) -> asyncio.Lock:
        """Held from applying an action until its messages are out, so boards appear in order."""
        return self._publishing.setdefault(match_id, asyncio.Lock())

    def moment(self, match: Match) -> Moment:
        return Moment(self.service.kit(match), match)

    def channel(self, channel_id: int, match: Match) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(channel_id, guild_id=match.guild_id)

    # --- invitations

    def lobby_text(self, match: Match) -> str:
        host = match.seats[0]
        kit = self.service.kit(match)
        invited = [f"<@{s.user_id}>" for s in match.seats[1:] if s.user_id and not s.accepted]
        open_seats = sum(1 for s in match.seats if s.is_open)
        computers = sum(1 for s in match.seats if s.computer)
        wanted = []
        if invited:
            wanted.append(", ".join(invited))
        if open_seats:
            wanted.append(f"anyone ({open_seats} open seat{'s' if open_seats > 1 else ''})")
        if computers:
            wanted.append(
                f"{computers} computer player{'s' if computers > 1 else ''} ({match.computer_level})"
            )
        seats = "  ".join(self._seat_mark(s) for s in match.seats)
        how = []
        if invited:
            how.append("Everyone invited must press **Accept**.")
        if open_seats:
            how.append("Press **Join** to take an open seat.")
        how.append(
            f"<@{host.user_id}> may press **Fill with computer players and start** at any time. "
            f"The invitation closes <t:{int(match.lobby_expires_at or 0)}:R>."
        )
        hints = " Hints: allowed (the record notes each one)." if match.hints_allowed else ""
        return (
            f"🔺 **{kit.title}** (match #{match.id}) — <@{host.user_id}> invites {' and '.join(wanted)} to play.\n"
            f"Options: {kit.presenter.options_text(match.options)}.{hints}\n{seats}\n" + " ".join(how)
        )

    @staticmethod
    def _seat_mark(seat: Seat) -> str:
        if seat.computer:
            return f"🤖 {seat.display_name}"
        if seat.is_open:
            return "🪑 open seat"
        return f"{'✅' if seat.accepted else '⏳'} {seat.display_name}"

    @staticmethod
    def lobby_view(match: Match) -> discord.ui.View | None:
        def button(kind: str, label: str, style: discord.ButtonStyle) -> MatchButton:
            return MatchButton(Claim(match.id, match.version, kind), label=label, style=style)

        items = []
        if any(s.user_id and not s.accepted for s in match.seats):
            items += [
                button("acc", "Accept", discord.ButtonStyle.success),
                button("dec", "Decline", discord.ButtonStyle.danger),
            ]
        if any(s.is_open for s in match.seats):
            items.append(button("join", "Join", discord.ButtonStyle.success))
        items.append(button("fill", "Fill with computer players and start", discord.ButtonStyle.secondary))
        return view_of(items)

    def closed_text(self, match: Match) -> str:
        reason, _, by_user = (match.end_reason or "").partition(":")
        if reason == "declined":
            why = f"<@{by_user}> declined."
        elif reason == "cancelled":
            why = f"<@{by_user}> cancelled it."
        elif any(seat.is_open for seat in match.seats):
            why = "not every seat was taken in time (the host could have filled them with computer players)."
        else:
            minutes = round(self.service.lobby_timeout / 60)
            why = f"not everyone accepted within {minutes} minutes."
        return (
            f"🔺 **{self.service.kit(match).title}** (match #{match.id}) — this invitation is closed: {why}"
        )

    async def show_closed(self, match: Match) -> None:
        """The invitation message says it is closed, and loses its buttons."""
        if match.lobby_message_id:
            lobby = self.channel(match.channel_id, match).get_partial_message(match.lobby_message_id)
            try:
                await lobby.edit(content=self.closed_text(match), view=None)
            except discord.HTTPException:
                log.info("Could not close the invitation message of match %s", match.id)

    # --- after an action

    async def action(
        self, result: ActionResult, moment: Moment, *, acted_in: int | None, going_on: bool
    ) -> None:
        """Retire used prompts, send owed private messages, post the new board.

        `going_on`: the actor's next prompt is already in the message they acted in."""
        match = result.match
        presenter = moment.presenter
        seat_prompt = match.seats[result.seat].prompt_message_id
        if seat_prompt and not (going_on and seat_prompt == acted_in):
            # the DM prompt the player didn't use (or used up) loses its buttons
            await self.retire_prompt(moment, result.seat, edit=seat_prompt != acted_in)
        if not match.state.is_over:
            for seat in self._owed_private_message(moment, result, going_on=going_on):
                await self.send_private(moment, seat)
        try:
            phrase = presenter.action_phrase(moment.scene, result.seat, result.action)
            lines = [f"{presenter.seat_label(moment.scene, result.seat)} {phrase}."]
            lines += presenter.describe_events(moment.scene, result.events)
        except Exception:  # the action is saved: a text we can't write must not hold back the board
            log.exception("Describing an action of match %s failed", match.id)
            lines = [f"{match.label(result.seat)} played {result.action}."]
        await self.board(moment, lines)

    @staticmethod
    def _owed_private_message(moment: Moment, result: ActionResult, *, going_on: bool) -> list[int]:
        match = moment.match
        if moment.presenter.public_controls:
            return []
        if moment.presenter.news_for_everyone(result.events):
            return [seat.seat for seat in match.people]
        owed = []
        for seat in match.people_to_move():
            if seat == result.seat and going_on:
                continue  # their next prompt is already in front of them
            if match.state.order_free and match.seats[seat].prompt_message_id:
                continue  # another seat's choice doesn't outdate their prompt
            owed.append(seat)
        return owed

    async def catch_up(self, match: Match, note: str = "") -> None:
        """Send what the players are owed privately and post the current board (hold `lock`).

        On the first board everyone gets their private message; later, only the seats to move."""
        moment = self.moment(match)
        first_board = match.board_message_id is None
        owed = [seat.seat for seat in match.people] if first_board else match.people_to_move()
        if moment.presenter.public_controls or match.status != "active" or match.vacancy:
            owed = []  # nothing private to send: no secrets, or the match has ended
        for seat in owed:
            await self.send_private(moment, seat)
        lines = [moment.presenter.start_line(moment.scene)] if first_board else [note]
        if first_board:
            lines.append(f"🔒 Seed commitment (SHA-256): `{commitment(match.seed)}`")
        await self.board(moment, lines)

    async def seat_taken_over(self, match: Match, seat: int) -> None:
        """A computer player now plays `seat`: its person's DM prompt loses its buttons, the match
        goes on (hold `lock`)."""
        moment = self.moment(match)
        if match.seats[seat].prompt_message_id:
            await self.retire_prompt(moment, seat)
            await self._record(moment)
        note = f"🤖 A computer player ({match.seats[seat].computer}) now plays **P{seat + 1}**; the match goes on."
        await self.catch_up(match, note)

    async def close_down(self, match: Match) -> None:
        """After a resignation, forfeit or cancellation: no prompt keeps its buttons; a last board says why."""
        moment = self.moment(match)
        for seat in match.seats:
            if seat.prompt_message_id:
                await self.retire_prompt(moment, seat.seat)
        await self.board(moment, [])

    # --- the board

    async def board(self, moment: Moment, lines: list[str]) -> None:
        match, presenter, scene = moment.match, moment.presenter, moment.scene
        channel = self.channel(match.play_channel_id, match)
        parts = [f"**{moment.kit.title}** · match #{match.id}", *[line for line in lines if line]]
        files = [await moment.board()]
        if match.status != "active":  # finished, resigned, forfeited or cancelled
            parts.append(presenter.final_text(scene) if match.state.is_over else self._early_end_text(match))
            record = f"match-{match.id}-record.txt"
            parts.append(
                f"🔓 Seed: `{match.seed}` (its SHA-256 commitment was posted at the start). "
                f"The attached record replays the whole match: `python -m games.replay {record}`."
            )
            files.append(await self._record_file(match, record))
            rematch = MatchButton(
                Claim(match.id, match.version, "rematch"), label="Rematch", style=discord.ButtonStyle.primary
            )
            view = view_of([rematch] if match.status == "finished" else [])
        elif match.vacancy:
            parts += self._vacancy_lines(match)
            view = view_of(self._vacancy_controls(match))
        else:
            parts.append(presenter.status_line(scene))
            parts += self._turn_lines(moment)
            view = view_of(self._board_controls(moment))
        try:
            message = await channel.send(
                "\n".join(parts)[:2000], files=files, view=view, allowed_mentions=MENTION_USERS
            )
        except discord.HTTPException:
            log.exception("Could not post the board of match %s", match.id)
            await self._record(moment)
            return
        previous = match.board_message_id
        moment.posted_board = (message.id, match.version)
        match.board_message_id, match.board_version = message.id, match.version
        await self._record(moment)
        if previous:
            try:
                await channel.get_partial_message(previous).edit(view=None)
            except discord.HTTPException:
                log.info("Could not clear the buttons of an old board of match %s", match.id)

    async def _record(self, moment: Moment) -> None:
        """Write where this moment's messages now live, in one go."""
        if moment.posted_board or moment.seat_changes:
            await self.service.record_messages(
                moment.match.id, board=moment.posted_board, seats=moment.seat_changes
            )
        moment.posted_board, moment.seat_changes = None, {}

    @staticmethod
    def _early_end_text(match: Match) -> str:
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

    async def _record_file(self, match: Match, filename: str) -> discord.File:
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
        notes = await self._record_notes(match)
        text = format_record(record) + "".join(f"# {note}\n" for note in notes)
        return discord.File(io.BytesIO(text.encode()), filename=filename)

    async def _record_notes(self, match: Match) -> list[str]:
        """What the record's lines can't say: seats computer players took over, and hints."""
        notes = []
        for seat in match.seats:
            if seat.computer and seat.left_user_id:
                notes.append(
                    f"P{seat.seat + 1}: its player (user {seat.left_user_id}) left; "
                    f"a computer player ({seat.computer}) played the seat from then on."
                )
        for ply, seat, suggestion in await self.service.hints_of(match.id):
            notes.append(f"Hint: P{seat + 1} asked before action {ply + 1} (suggested {suggestion}).")
        return notes

    @staticmethod
    def _board_controls(moment: Moment) -> list[discord.ui.Item]:
        """The move itself when the game has no secrets, else Play and the secrets button; a Hint
        button where the match allows hints and a person is to move."""
        match, presenter = moment.match, moment.presenter
        people = match.people_to_move()
        if presenter.public_controls:  # drawn from the public view: the board is for everyone
            items = presenter.prompt(moment.scene, people[0], moment.scene.public).items if people else []
        else:
            items = [
                MatchButton(
                    Claim(match.id, match.version, "play"), label="Play", style=discord.ButtonStyle.primary
                ),
                MatchButton(Claim(match.id, match.version, "hand"), label=presenter.hand_label or "Mine"),
            ]
        rows = [item.row for item in items if item.row is not None]
        if match.hints_allowed and people and len(items) < 25 and max(rows, default=0) < 4:
            row = max(rows) + 1 if rows else None
            items.append(MatchButton(Claim(match.id, match.version, "hint"), label="💡 Hint", row=row))
        return items

    @staticmethod
    def _turn_lines(moment: Moment) -> list[str]:
        match, presenter = moment.match, moment.presenter
        hand = presenter.hand_label
        lines = [f"🤖 **{match.label(seat)}** is thinking…" for seat in match.computers_to_move()]
        if presenter.public_controls:
            lines += [
                f"👉 <@{match.user_at(seat)}>, your turn: choose below." for seat in match.people_to_move()
            ]
            return lines
        for seat in match.people_to_move():
            player = match.seats[seat]
            if player.dm_closed:
                lines.append(
                    f"👉 <@{player.user_id}>, your turn! I can't DM you, so use **{hand}** and **Play** below."
                )
            else:
                lines.append(f"👉 <@{player.user_id}>, your turn! Play from your DMs or with **Play** below.")
        closed = [s.display_name for s in match.people if s.dm_closed and s.seat not in match.state.to_move]
        if closed:
            lines.append(f"⚠️ I can't DM {', '.join(closed)}: use **{hand}** and **Play** here instead.")
        return lines

    def _vacancy_lines(self, match: Match) -> list[str]:
        vacancy = match.vacancy
        left = match.label(vacancy["seat"])
        why = "ran out of time on the turn clock" if vacancy["reason"] == "timeout" else "resigned"
        voters = self.service.voters(match)
        votes = vacancy["votes"]
        tally = ", ".join(
            f"<@{user}> {'✅ computer' if votes[str(user)] == 'computer' else '🛑 end'}"
            for user in voters
            if str(user) in votes
        )
        return [
            f"🏳️ **{left}** {why}. Should a computer player ({match.computer_level}) take the seat, so the "
            "match goes on?",
            f"{' '.join(f'<@{user}>' for user in voters)}: a computer player takes it once at least half of "
            "you vote for it; the match ends (without a winner) once more than half vote to end it. "
            f"With no decision <t:{int(match.vacancy_due_at or 0)}:R>, a computer player takes it.",
            f"Votes so far: {tally}" if tally else "",
        ]

    @staticmethod
    def _vacancy_controls(match: Match) -> list[discord.ui.Item]:
        return [
            MatchButton(
                Claim(match.id, match.version, "sub"),
                label="A computer player takes the seat",
                style=discord.ButtonStyle.success,
            ),
            MatchButton(
                Claim(match.id, match.version, "end"), label="End the match", style=discord.ButtonStyle.danger
            ),
        ]

    # --- private messages

    async def send_private(self, moment: Moment, seat: int) -> None:
        """DM one player their secrets, with their move controls when it is their turn."""
        match, presenter = moment.match, moment.presenter
        player = match.seats[seat]
        guild = self.bot.get_guild(match.guild_id) if match.guild_id else None
        where = message_link(match.guild_id, match.play_channel_id)
        text = f"🔺 **{moment.kit.title}** · match #{match.id} in **{guild.name if guild else 'your server'}** ({where})"
        secret = presenter.private_text(moment.scene, seat, moment.mine(seat))
        if secret:
            text += "\n" + secret
        prompt = moment.prompt(seat) if seat in match.state.to_move else None
        items = prompt.items if prompt else []
        if prompt:
            text += "\n" + prompt.text
        (picture,) = await moment.prompt_files(prompt, seat, or_private=True)
        for attempt in range(DM_ATTEMPTS):
            try:
                channel = await self.bot.create_dm(discord.Object(player.user_id))
                message = await channel.send(text[:2000], file=picture, view=view_of(items))
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
                picture.reset()
                await asyncio.sleep(DM_RETRY_SECONDS)
        if player.dm_closed:
            moment.note_seat(seat, dm_closed=False)
        if items:
            if player.prompt_message_id:
                await self.retire_prompt(moment, seat)
            moment.note_seat(seat, prompt_message_id=message.id)

    async def retire_prompt(self, moment: Moment, seat: int, *, edit: bool = True) -> None:
        """Forget a DM prompt that is no longer current, removing its buttons (best effort)."""
        match = moment.match
        player = match.seats[seat]
        if edit:
            try:
                channel = await self.bot.create_dm(discord.Object(player.user_id or player.left_user_id))
                await channel.get_partial_message(player.prompt_message_id).edit(view=None)
            except discord.HTTPException:
                log.info("Could not clear an old DM prompt of match %s", match.id)
        moment.note_seat(seat, prompt_message_id=None)

    async def remind(self, match: Match, seat: int) -> None:
        """One reminder: by DM, else a mention in the match thread (people only)."""
        player = match.seats[seat]
        if not player.is_person:
            return
        board = message_link(match.guild_id, match.play_channel_id, match.board_message_id)
        title = self.service.kit(match).title
        try:
            channel = await self.bot.create_dm(discord.Object(player.user_id))
            await channel.send(f"⏰ Reminder: it's your turn in **{title}** #{match.id}: {board}")
            return
        except discord.HTTPException:
            pass
        try:
            await self.channel(match.play_channel_id, match).send(
                f"⏰ <@{player.user_id}>, it's still your turn in this match.", allowed_mentions=MENTION_USERS
            )
        except discord.HTTPException:
            log.info("Could not remind a player of match %s", match.id)
