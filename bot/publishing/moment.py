"""One moment of a match as its readers see it: the scene, each seat's view, its controls and its
pictures, each made at most once (off the event loop) and reused by every message that shows it."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import discord

from catalogue import speaking, spoken, tr, trn
from games.core import with_suggestion
from tutor import LESSONS, Step

from ..components import MatchButton
from ..computer_turns import decision_seed
from ..discord_io import png_file
from ..kits import GameKit
from ..model import LiveBoard, Match
from ..presenters.base import Prompt, Scene, leading_with
from ..service import MatchService
from .audience import Audience

MESSAGE_LIMIT = 2000  # characters of a plain message's text


class Moment:
    """One version of a match as players see it: the scene, the seats' views and the pictures,
    each made at most once."""

    def __init__(self, kit: GameKit, match: Match, audience: Audience | None = None) -> None:
        self.kit = kit
        self.match = match
        # who reads it, in which language (by default as if its server's Discord language were unknown)
        self.audience = audience or Audience.of(match, None)
        self.presenter = kit.presenter
        with speaking(self.audience.public):  # computer players named in the server's language
            names = tuple(match.shown_names)
        self.scene = Scene(match.id, match.version, names, match.options, match.state.view(None))
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


async def commit(service: MatchService, moment: Moment) -> None:
    """Write where this moment's messages now live, in one go."""
    if moment.posted_board or moment.seat_changes:
        await service.record_messages(moment.match.id, board=moment.posted_board, seats=moment.seat_changes)
    moment.posted_board, moment.seat_changes = None, {}
