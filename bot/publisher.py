"""The publisher: turns what the service decided into messages, as calmly as a good table.

A match has one live board, edited in place after every action; a new one is posted only when a
hand, round or phase begins, when other messages have buried it, or before Discord rate-limits
edits of old messages. Each person has one private message per hand or round, edited as it changes.
Nobody is pinged by a board: a player whose turn begins is pinged (or DMed) only when they have
been away, as they chose with /notify. Each picture of one moment of a match is drawn at most once
(`Moment`), off the event loop, and reused by every message that shows it.
"""

from __future__ import annotations

import asyncio
import io
import logging
from dataclasses import replace

import discord

from catalogue import listing, speaking, spoken, tr, trn
from games.core import with_suggestion
from games.record import format_record, record_for
from games.replay import spectator_views
from renderers.replay import frame_positions, render_replay
from tutor import LESSONS, Step

from .components import Claim, MatchButton, view_of
from .discord_io import MENTION_USERS, message_link, png_file
from .history import action_sentence
from .kits import GameKit
from .layout import board_layout, final_layout, without_controls
from .model import LiveBoard, Match, Seat, level_name
from .presenters.base import Prompt, Scene, leading_with
from .service import ActionResult, MatchService, decision_seed

log = logging.getLogger(__name__)

DM_CLOSED = 50007  # Discord: "Cannot send messages to this user"
DM_ATTEMPTS = 2
DM_RETRY_SECONDS = 2
NO_PINGS = discord.AllowedMentions.none()  # boards name players; edits and boards never ping
BOARD_LINES = 6  # the recent actions, in words, a board lists
EDIT_WINDOW = 50 * 60  # Discord rate-limits edits of messages older than an hour (30046): repost first
BURIED_AFTER = 5  # other messages below the live board before it is posted again at the bottom
UPLOAD_LIMIT = 10_000_000  # bytes: Discord refuses larger attachments
MESSAGE_LIMIT = 2000  # characters of a plain message's text
REPLAY_LIMIT = UPLOAD_LIMIT - 500_000  # the final board's picture and the record travel with the replay


class Moment:
    """One version of a match as players see it: the scene, the seats' views and the pictures,
    each made at most once."""

    def __init__(self, kit: GameKit, match: Match) -> None:
        self.kit = kit
        self.match = match
        self.presenter = kit.presenter
        self.scene = Scene(
            match.id, match.version, tuple(match.shown_names), match.options, match.state.view(None)
        )
        self._views: dict[int, dict] = {}
        self._pictures: dict[object, bytes] = {}
        self.posted_board: LiveBoard | None = None  # once posted or edited
        self.seat_changes: dict[int, dict] = {}  # what changed about each seat's messages
        self.step: Step | None = None  # a tutorial's step at this version (see `Publisher.tutored`)
        self.learners_board: dict | None = None  # in a game with secrets, the board the learner is shown
        self.tutored = match.purpose != "tutorial"  # whether `step` is known (nothing to know elsewhere)

    @property
    def chapter(self) -> str:
        """The hand, round or phase: a new one gets a new board and new private messages."""
        if self.match.vacancy:
            return "vacancy"
        return self.presenter.chapter(self.scene)

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

    def prompt(
        self, seat: int, choice: str = "", *, view: dict | None = None, suggest: bool = True
    ) -> Prompt:
        """`seat`'s move controls (from `view`, by default its own); in a tutorial the learner's
        first ones lead with the step and its suggested move: on a row of its own above the
        others, or, when they fill every row, beside an **Other moves** button that shows them."""
        prompt = self.presenter.prompt(self.scene, seat, self.mine(seat) if view is None else view, choice)
        step = self.step
        if step is None or not step.action or choice or seat != LESSONS[self.match.game_id].learner:
            return prompt
        prompt.text = f"{self.step_text()}\n{prompt.text}"
        if not suggest:
            return prompt
        suggested = self.suggestion_button(seat, step.action, prompt.items)
        led = leading_with(suggested, prompt.items)
        others = MatchButton(self.scene.claim("moves"), label=tr("Other moves…"))
        prompt.items = led if led is not None else [suggested, others]
        return prompt

    def suggestion_button(self, seat: int, action: str, items: list[discord.ui.Item] = ()) -> MatchButton:
        """A button that plays a suggested move (a tutorial's, a hint's), marked 👉: labelled like
        the move's own button among `items` if there is one, else with the move in words."""
        claim = self.scene.claim("act", action)
        same = next((item for item in items if getattr(item, "custom_id", None) == claim.custom_id), None)
        move = getattr(getattr(same, "item", same), "label", None) or self.presenter.action_phrase(
            self.scene, seat, action, done=False
        )
        return MatchButton(claim, label=tr("👉 {move}", move=move)[:80], style=discord.ButtonStyle.primary)

    def take_step(self, step: Step | None) -> None:
        """Show a tutorial's step: the pictures mark where its suggested move goes (the board, or,
        where moves are secret, the learner's own picture)."""
        self.step, self.tutored = step, True
        if step is None or not step.action:
            return
        learner = LESSONS[self.match.game_id].learner
        engine = self.kit.engine
        marks = engine.marks(self.match.state, learner, engine.parse_action(step.action))
        marked = with_suggestion(self.scene.public, marks)
        if self.presenter.public_controls:
            self.scene = replace(self.scene, public=marked)
        else:  # the marks may name a secret (an objective's slots): only the learner's prompt shows them
            self.learners_board = marked
        self._views[learner] = with_suggestion(self.mine(learner), marks)

    def prompt_board(self, seat: int) -> tuple[object, dict]:
        """The board a prompt of `seat` shows (its picture's cache key, and the view): the learner's
        marked with the suggested move."""
        if self.learners_board is not None and seat == LESSONS[self.match.game_id].learner:
            return "learner's board", self.learners_board
        return "board", self.scene.public

    def explanation(self, seat: int, action: str, seed: int) -> str:
        return explanation(self.kit, self.scene, self.match.state, seat, action, seed)

    def step_text(self) -> str:
        """The tutorial step in words: the rules it introduces, then the suggested move and why."""
        step, lesson = self.step, LESSONS[self.match.game_id]
        lines = [tr("🎓 **{game} tutorial**, step {number}", game=self.kit.title, number=step.number)]
        if step.number == 1 and step.action:
            lines.append(tr(lesson.welcome))
        lines += [f"• {tr(lesson.introductions[topic])}" for topic in step.topics]
        if step.action:
            seed = decision_seed(self.match.id, self.match.version, lesson.learner, "explain")
            why = self.explanation(lesson.learner, step.action, seed)
            lines.append(
                tr("👉 Suggested: {why}. It's the first button; any other move is fine too.", why=why)
            )
        else:
            met = len(lesson.game.topics) - len(step.missed)
            lines.append(
                tr(
                    "🎓 Tutorial finished: you met {met} of the {count} rules of {game}.",
                    met=met,
                    count=len(lesson.game.topics),
                    game=self.kit.title,
                )
            )
            if step.missed:
                lines.append(
                    trn(
                        "{count} rule didn't come up this time: `/rules` explains it.",
                        "{count} rules didn't come up this time: `/rules` explains them all.",
                        len(step.missed),
                        count=len(step.missed),
                    )
                )
            lines.append(tr("Next: `/play {game}` against people or the computer.", game=self.kit.id))
        return "\n".join(lines)

    async def _drawn(self, key: object, draw, view: dict) -> bytes:
        """The picture, drawn (in the language spoken now) once per language."""
        key = (key, spoken())
        if key not in self._pictures:
            self._pictures[key] = await asyncio.to_thread(draw, view, names=list(self.scene.names))
        return self._pictures[key]

    def alt(self, view: dict, seat: int | None = None) -> str:
        return self.presenter.describe(self.scene, view, seat)

    async def board(self) -> discord.File:
        public = self.scene.public
        return png_file(
            await self._drawn("board", self.kit.pictures.board, public), "board.png", self.alt(public)
        )

    async def private(self, seat: int) -> discord.File:
        mine = self.mine(seat)
        picture = await self._drawn(("private", seat), self.kit.pictures.private, mine)
        return png_file(picture, "hand.png", self.alt(mine, seat))

    async def prompt_files(self, prompt: Prompt | None, seat: int, *, or_private: bool) -> list[discord.File]:
        """The prompt's picture; with `or_private`, the seat's own picture when the prompt has none."""
        if prompt and prompt.preview is not None:
            picture = await asyncio.to_thread(
                self.kit.pictures.private, prompt.preview, names=list(self.scene.names)
            )
            return [png_file(picture, "prompt.png", self.alt(prompt.preview, seat))]
        if prompt and prompt.shows_board:
            key, board = self.prompt_board(seat)
            picture = await self._drawn(key, self.kit.pictures.board, board)
            return [png_file(picture, "prompt.png", self.alt(board))]
        return [await self.private(seat)] if or_private else []

    async def personal(
        self, style: str, text: str, prompt: Prompt | None, seat: int, *, or_private: bool
    ) -> tuple[str, list[discord.File]]:
        """A message for one person as they chose with /board (`style`): the prompt's picture (see
        `prompt_files`), the position in words instead, or both."""
        shows_picture = or_private or (
            prompt is not None and (prompt.preview is not None or prompt.shows_board)
        )
        if style == "picture" or not shows_picture:
            return text[:MESSAGE_LIMIT], await self.prompt_files(prompt, seat, or_private=or_private)
        if prompt and prompt.preview is not None:
            words = self.alt(prompt.preview, seat)
        elif prompt and prompt.shows_board:
            words = self.alt(self.prompt_board(seat)[1])
        else:
            words = self.alt(self.mine(seat), seat)
        files = [] if style == "words" else await self.prompt_files(prompt, seat, or_private=or_private)
        return with_words(text, words), files


def explanation(kit: GameKit, scene: Scene, state, seat: int, action: str, seed: int) -> str:
    """What `action` would do for `seat` in `state`, in the game's words: tried on a copy in which
    what `seat` can't see, and every later die or draw, is made up (`seed`)."""
    copy = state.determinize(seat, seed)
    events = copy.apply(seat, kit.engine.parse_action(action))
    return kit.presenter.explain(scene, seat, action, events)


def with_words(text: str, words: str) -> str:
    """`text` and, below it, the position in words as a quote (cut to fit one message)."""
    text = text[:MESSAGE_LIMIT]
    if not words:
        return text
    quoted = "\n".join(f"> {line}" for line in words.strip().splitlines())
    room = MESSAGE_LIMIT - len(text) - 1
    if room < 20:
        return text
    return f"{text}\n{quoted if len(quoted) <= room else quoted[: room - 1] + '…'}"


def replay_file(match: Match, picture: bytes) -> discord.File:
    return discord.File(io.BytesIO(picture), filename=f"match-{match.id}-replay.gif")


def replay_picture(kit: GameKit, match: Match, log_rows: list[tuple[int, str]]) -> bytes:
    """(In a worker thread.) The replay: the spectator's view at evenly spread moments, drawn by the
    game's board picture, so nothing hidden appears in it."""
    positions = frame_positions(len(log_rows) + 1)
    views = spectator_views(kit.engine, len(match.seats), match.seed, match.options, log_rows, positions)
    return render_replay(views, names=list(match.shown_names), draw=kit.pictures.board)


class Publisher:
    def __init__(self, bot: discord.Client, service: MatchService) -> None:
        self.bot = bot
        self.service = service
        self._publishing: dict[int, asyncio.Lock] = {}
        self._live: dict[int, tuple[int, int]] = {}  # match id: (channel id, live board message id)
        self._buried: dict[int, int] = {}  # match id: messages posted below its live board since

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

    def public_language(self, match: Match) -> str:
        """The language of the match's public messages: its server's (chosen with /config, else
        Discord's server primary language; the settings are loaded with the match)."""
        guild = self.bot.get_guild(match.guild_id) if match.guild_id else None
        return match.settings.public_language(guild.preferred_locale if guild else None)

    async def private_language(self, match: Match, user_id: int) -> str:
        """The language of a player's private messages: the one they chose, else the server's."""
        return await self.service.language_for(user_id, self.public_language(match))

    async def tutored(self, moment: Moment) -> Moment:
        """The moment with its tutorial step worked out (once), if its match is a tutorial."""
        if not moment.tutored:
            try:
                moment.take_step(await self.service.tutorial_step(moment.match))
            except Exception:  # the match goes on without guidance rather than not at all
                log.exception("Working out the tutorial step of match %s failed", moment.match.id)
                moment.take_step(None)
        return moment

    def moment(self, match: Match) -> Moment:
        """The match as it stands; computer players named in the server's language."""
        with speaking(self.public_language(match)):
            return Moment(self.service.kit(match), match)

    def channel(self, channel_id: int, match: Match) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(channel_id, guild_id=match.guild_id)

    # --- invitations

    def lobby_text(self, match: Match) -> str:
        with speaking(self.public_language(match)):
            return self._lobby_text(match)

    def _lobby_text(self, match: Match) -> str:
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
            self._seat_mark(seat, shown) for seat, shown in zip(match.seats, match.shown_names, strict=True)
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

    @staticmethod
    def _seat_mark(seat: Seat, shown_name: str) -> str:
        if seat.computer:
            return f"🤖 {shown_name}"
        if seat.is_open:
            return tr("🪑 open seat")
        return f"{'✅' if seat.accepted else '⏳'} {seat.display_name}"

    def lobby_view(self, match: Match) -> discord.ui.View | None:
        def button(kind: str, label: str, style: discord.ButtonStyle) -> MatchButton:
            return MatchButton(Claim(match.id, match.version, kind), label=label, style=style)

        items = []
        with speaking(self.public_language(match)):
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

    def closed_text(self, match: Match) -> str:
        with speaking(self.public_language(match)):
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

    async def show_closed(self, match: Match) -> None:
        """The invitation message says it is closed, and loses its buttons; then the notice is no
        longer owed (a passing fault leaves it owed, for a later sweep; a message gone, not)."""
        if match.lobby_message_id:
            lobby = self.channel(match.channel_id, match).get_partial_message(match.lobby_message_id)
            try:
                await lobby.edit(content=self.closed_text(match), view=None)
            except (discord.NotFound, discord.Forbidden):
                log.info("The invitation message of match %s is gone or out of reach", match.id)
            except discord.HTTPException:
                log.info("Could not close the invitation message of match %s; trying again later", match.id)
                return
        await self.service.lobby_notice_shown(match.id)

    # --- after an action

    async def action(self, result: ActionResult, moment: Moment) -> None:
        """Bring the private messages that changed up to date, edit (or post) the board, and ping
        the players whose turn begins if they are away."""
        match = result.match
        presenter = moment.presenter
        if match.state.is_over:
            for seat in match.people:
                if seat.prompt_message_id:
                    await self.retire_prompt(moment, seat.seat)
        elif not presenter.public_controls:
            for seat in self._changed_private_messages(moment, result):
                await self.send_private(moment, seat)
        with speaking(self.public_language(match)):
            try:
                lines = [action_sentence(presenter, moment.scene, result.seat, result.action)]
                lines += presenter.describe_events(moment.scene, result.events)
            except Exception:  # the action is saved: a text we can't write must not hold back the board
                log.exception("Describing an action of match %s failed", match.id)
                lines = [
                    tr("{player} played {action}.", player=match.label(result.seat), action=result.action)
                ]
        await self.board(moment, lines, ping=await self.turn_notices(match, result.turns_begun))

    @staticmethod
    def _changed_private_messages(moment: Moment, result: ActionResult) -> list[int]:
        """The people whose private message no longer says the right thing: everyone after a new
        deal; else the actor (their hand, their call to act) and whoever must act now."""
        match = moment.match
        if moment.presenter.news_for_everyone(result.events):
            return [seat.seat for seat in match.people]
        changed = {result.seat, *result.turns_begun}
        return [seat for seat in sorted(changed) if match.seats[seat].is_person]

    async def catch_up(self, match: Match, note: str = "") -> None:
        """Bring everyone's private message up to date and show the current board (hold `lock`).

        On the first board everyone gets their private message; later, only the seats to move."""
        moment = self.moment(match)
        first_board = match.board_message_id is None
        owed = [seat.seat for seat in match.people] if first_board else match.people_to_move()
        if moment.presenter.public_controls or match.status != "active" or match.vacancy:
            owed = []  # nothing private to send: no secrets, or the match has ended
        for seat in owed:
            await self.send_private(moment, seat)
        with speaking(self.public_language(match)):
            lines = [moment.presenter.start_line(moment.scene)] if first_board else [note]
        ping = await self.turn_notices(match, match.people_to_move()) if first_board else []
        await self.board(moment, lines, fresh=True, ping=ping)

    async def seat_taken_over(self, match: Match, seat: int) -> None:
        """A computer player now plays `seat`: its person's private message loses its controls, the
        match goes on (hold `lock`)."""
        moment = self.moment(match)
        if match.seats[seat].prompt_message_id:
            await self.retire_prompt(moment, seat)
        if not moment.presenter.public_controls:
            for person in match.people:
                await self.send_private(moment, person.seat)
        with speaking(self.public_language(match)):
            note = tr(
                "🤖 A computer player ({level}) now plays **P{number}**; the match goes on.",
                level=level_name(match.seats[seat].computer),
                number=seat + 1,
            )
        await self.board(moment, [note], ping=await self.turn_notices(match, match.people_to_move()))

    async def taken_back(self, match: Match, note: str) -> None:
        """A decision was taken back: the board, and the private message of whoever is to move
        again, show the match as it was before it (hold `lock`)."""
        moment = self.moment(match)
        if not moment.presenter.public_controls:
            for seat in match.people_to_move():
                await self.send_private(moment, seat)
        await self.board(moment, [note], ping=await self.turn_notices(match, match.people_to_move()))

    async def close_down(self, match: Match) -> None:
        """After a resignation, forfeit or cancellation: no prompt keeps its buttons; a last board says why."""
        moment = self.moment(match)
        for seat in match.seats:
            if seat.prompt_message_id:
                await self.retire_prompt(moment, seat.seat)
        voters = [s.seat for s in match.people if not s.resigned] if match.vacancy else []
        await self.board(moment, [], ping=await self.turn_notices(match, voters))  # they must vote

    # --- the board

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

    async def board(
        self, moment: Moment, lines: list[str], *, fresh: bool = False, ping: list[int] = ()
    ) -> None:
        """Show the match as it now stands: edit the live board, or post a new one when it is due
        (`fresh`: after a restart, or when the board must come to the bottom). `ping`: users to
        notify; the board is then posted anew at the bottom, and its mention of them pings."""
        await self.tutored(moment)
        with speaking(self.public_language(moment.match)):
            await self._board(moment, lines, fresh=fresh, ping=ping)

    async def _board(self, moment: Moment, lines: list[str], *, fresh: bool, ping: list[int]) -> None:
        match, presenter, scene = moment.match, moment.presenter, moment.scene
        channel = self.channel(match.play_channel_id, match)
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
            files, layout = await self._final_board(moment, "\n".join([top, *last]))
        else:
            files = [await moment.board()]
            if match.vacancy:  # the vote alone
                below, items, extras = self._vacancy_lines(match), self._vacancy_controls(match), []
            else:
                below = [*recent, presenter.status_line(scene), *self._turn_lines(moment)]
                if moment.step is not None and presenter.public_controls:  # its controls are here
                    below.append(moment.step_text())
                items, extras = self._board_controls(moment), self._board_extras(moment)
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
                await self.commit(moment)
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
        await self.commit(moment)
        if previous and previous != message_id:  # the old board keeps its picture, loses its buttons
            try:
                old = await channel.fetch_message(previous)
                await old.edit(view=without_controls(old))
            except discord.HTTPException:
                log.info("Could not clear the buttons of an old board of match %s", match.id)

    async def _final_board(
        self, moment: Moment, top: str
    ) -> tuple[list[discord.File], discord.ui.LayoutView]:
        """The last board, short enough for a phone: the result and Rematch first, then one picture:
        the replay, whose still frame is the final position (or that position alone when no replay
        could be made), then the seed and the record in small print."""
        match, presenter, scene = moment.match, moment.presenter, moment.scene
        result = presenter.final_text(scene) if match.state.is_over else self._early_end_text(match)
        items = []
        if match.status == "finished":
            items.append(
                MatchButton(
                    Claim(match.id, match.version, "rematch"),
                    label=tr("Rematch"),
                    style=discord.ButtonStyle.primary,
                )
            )
        position = moment.alt(scene.public)
        replay = await self.replay(match)
        if replay is not None:
            picture = replay_file(match, replay)
            alt = tr("Replay of the match, opening on its final position. {position}", position=position)
        else:
            picture, alt = await moment.board(), position
        record = f"match-{match.id}-record.txt"
        again = (
            tr("`/match replay {id}` shows the replay again", id=match.id)
            if replay is not None
            else tr("`/match replay {id}` makes an animated replay", id=match.id)
        )
        small = tr(
            "🔓 Seed `{seed}` (its SHA-256 commitment was posted when the match started) · the record below "
            "replays every action · {again}",
            seed=match.seed,
            again=again,
        )
        layout = final_layout(f"{top}\n{result}", items, picture.filename, alt, small, record)
        return [picture, await self._record_file(match, record)], layout

    async def commit(self, moment: Moment) -> None:
        """Write where this moment's messages now live, in one go."""
        if moment.posted_board or moment.seat_changes:
            await self.service.record_messages(
                moment.match.id, board=moment.posted_board, seats=moment.seat_changes
            )
        moment.posted_board, moment.seat_changes = None, {}

    # --- pings

    async def turn_notices(self, match: Match, seats: list[int]) -> list[int]:
        """Tell the people whose turn just began, as the service decides: those who chose a DM get
        one now; returns the users to mention on the board (the others, and closed DMs)."""
        mention = []
        for player, by in await self.service.turn_notices(match, seats):
            if by == "dm" and await self._dm_notice(match, player):
                continue
            mention.append(player.user_id)
        return mention

    async def _dm_notice(self, match: Match, player: Seat) -> bool:
        title = self.service.kit(match).title
        board = message_link(match.guild_id, match.play_channel_id, match.board_message_id)
        with speaking(await self.private_language(match, player.user_id)):
            text = tr("🔔 Your turn in **{title}** #{id}: {board}", title=title, id=match.id, board=board)
            if await self.service.board_style(player.user_id) != "picture":  # the position, for who reads it
                moment = self.moment(match)
                text = with_words(text, moment.alt(moment.mine(player.seat), player.seat))
        try:
            channel = await self.bot.create_dm(discord.Object(player.user_id))
            await channel.send(text)
            return True
        except discord.HTTPException:
            return False  # closed DMs: a mention on the board instead

    @staticmethod
    def _early_end_text(match: Match) -> str:
        reason, _, user = (match.end_reason or "").partition(":")
        if reason == "draw":
            return tr("🤝 The players agreed to end the match here: a draw.")
        if reason == "cancelled":
            return tr("🛑 This match was cancelled by <@{user}>.", user=user)
        quitter = match.seat_of(int(user))
        others = [seat for seat in range(len(match.seats)) if seat != quitter]
        result = (
            tr("**{player}** wins.", player=match.label(others[0]))
            if len(others) == 1
            else tr("The match ends here without a winner; the others share a draw.")
        )
        if reason == "timeout":
            return tr(
                "⏱️ **{player}** ran out of time on the turn clock and forfeits. {result}",
                player=match.label(quitter),
                result=result,
            )
        return tr("🏳️ **{player}** resigned. {result}", player=match.label(quitter), result=result)

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

    async def replay(self, match: Match) -> bytes | None:
        """The match's animated replay (a GIF of its public boards), made in a worker thread; None
        when it can't be made or is too large to upload (logged: the messages go out without it)."""
        kit = self.service.kit(match)
        log_rows = await self.service.action_log(match.id)
        try:
            picture = await asyncio.to_thread(replay_picture, kit, match, log_rows)
        except Exception:
            log.exception("Making the replay of match %s failed", match.id)
            return None
        if len(picture) > REPLAY_LIMIT:
            log.warning("The replay of match %s is too large to upload (%d bytes)", match.id, len(picture))
            return None
        return picture

    async def _record_notes(self, match: Match) -> list[str]:
        """What the record's lines can't say: seats computer players took over, hints, and take-backs."""
        notes = []
        for seat in match.seats:
            if seat.computer and seat.left_user_id:
                notes.append(
                    tr(
                        "P{number}: its player (user {user}) left; "
                        "a computer player ({level}) played the seat from then on.",
                        number=seat.seat + 1,
                        user=seat.left_user_id,
                        level=level_name(seat.computer),
                    )
                )
        for ply, seat, suggestion in await self.service.hints_of(match.id):
            notes.append(
                tr(
                    "Hint: P{number} asked before action {action_number} (suggested {suggestion}).",
                    number=seat + 1,
                    action_number=ply + 1,
                    suggestion=suggestion,
                )
            )
        for ply, seat, action in await self.service.takebacks_of(match.id):
            notes.append(
                tr(
                    "Taken back, as the others agreed: P{number}'s action {action_number} ({action}).",
                    number=seat + 1,
                    action_number=ply + 1,
                    action=action,
                )
            )
        if match.end_reason == "draw":
            notes.append(tr("Ended here by the players' agreement: a draw."))
        return notes

    @staticmethod
    def _board_controls(moment: Moment) -> list[discord.ui.Item]:
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

    @staticmethod
    def _board_extras(moment: Moment) -> list[discord.ui.Item]:
        """Below the moves: the position in words, for anyone (privately), and a Hint where the match
        allows hints and a person is to move."""
        match = moment.match
        extras = [
            MatchButton(Claim(match.id, match.version, "words"), label=tr("📝 In words")),
        ]
        if match.hints_allowed and match.people_to_move():
            extras.insert(0, MatchButton(Claim(match.id, match.version, "hint"), label=tr("💡 Hint")))
        return extras

    @staticmethod
    def _turn_lines(moment: Moment) -> list[str]:
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

    def _vacancy_lines(self, match: Match) -> list[str]:
        vacancy = match.vacancy
        left = match.label(vacancy["seat"])
        why = tr("ran out of time on the turn clock") if vacancy["reason"] == "timeout" else tr("resigned")
        voters = self.service.voters(match)
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

    @staticmethod
    def _vacancy_controls(match: Match) -> list[discord.ui.Item]:
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

    # --- private messages

    def private_content(
        self, moment: Moment, seat: int, *, meanwhile: list[str] = ()
    ) -> tuple[str, Prompt | None]:
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

    async def send_private(self, moment: Moment, seat: int, *, meanwhile: list[str] = ()) -> None:
        """Bring one person's private message up to date, in their language: edit this hand's (or
        round's) message, or send the first one of a new hand."""
        await self.tutored(moment)
        with speaking(await self.private_language(moment.match, moment.match.seats[seat].user_id)):
            await self._send_private(moment, seat, meanwhile)

    async def _send_private(self, moment: Moment, seat: int, meanwhile: list[str]) -> None:
        match = moment.match
        player = match.seats[seat]
        text, prompt = self.private_content(moment, seat, meanwhile=meanwhile)
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
            await self.retire_prompt(moment, seat)
        moment.note_seat(seat, prompt_message_id=message.id, prompt_chapter=moment.chapter)

    async def retire_prompt(self, moment: Moment, seat: int) -> None:
        """An earlier private message keeps its picture but loses its controls and any call to act
        (best effort), and is forgotten."""
        match = moment.match
        player = match.seats[seat]
        user_id = player.user_id or player.left_user_id
        with speaking(await self.private_language(match, user_id)):
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

    async def remind(self, match: Match, seat: int) -> None:
        """One reminder: by DM, else a mention in the match thread (people only)."""
        player = match.seats[seat]
        if not player.is_person:
            return
        board = message_link(match.guild_id, match.play_channel_id, match.board_message_id)
        title = self.service.kit(match).title
        nonce = reminder_nonce(match, seat)
        with speaking(await self.private_language(match, player.user_id)):
            private = tr(
                "⏰ Reminder: it's your turn in **{title}** #{id}: {board}",
                title=title,
                id=match.id,
                board=board,
            )
        with speaking(self.public_language(match)):
            public = tr("⏰ <@{user}>, it's still your turn in this match.", user=player.user_id)
        try:
            channel = await self.bot.create_dm(discord.Object(player.user_id))
            await channel.send(private, nonce=nonce)
            return
        except discord.HTTPException:
            pass
        try:
            await self.channel(match.play_channel_id, match).send(
                public,
                allowed_mentions=MENTION_USERS,
                nonce=nonce,
            )
        except discord.HTTPException:
            log.info("Could not remind a player of match %s", match.id)


def hand_label(presenter) -> str:
    """The board's button that shows a player their secrets."""
    return tr(presenter.hand_label) if presenter.hand_label else tr("Mine")


def reminder_nonce(match: Match, seat: int) -> str:
    """The same for every attempt at one turn's reminder: if a process dies after sending it but
    before marking it sent, the process that takes it over sends with this nonce again, and
    Discord (discord.py sends nonces enforced) keeps the first message instead of posting twice."""
    return f"r{match.id}-{match.version}-{seat}"
