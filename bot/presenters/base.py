"""What every presenter receives and returns, and the defaults they share.

A presenter turns views into texts and controls. It never sees the engine state: it gets a
`Scene` (the match's ids, names, options and the spectator's view) and, where a seat is
concerned, that seat's own view. Hidden information can't reach a public text because the
public texts are only ever given the public view.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

import discord

from catalogue import listing, tr
from games import Game, View

from ..components import Claim, MatchButton
from ..errors import MatchError


@dataclass(frozen=True)
class Scene:
    """A match as texts may know it: everything public, nothing private."""

    id: int
    version: int
    names: tuple[str, ...]
    options: Mapping[str, Any]
    public: View  # state.view(None)

    def label(self, seat: int) -> str:
        """'P1 Alice': how texts name a seat unless the game names seats its own way."""
        return tr("P{number} {name}", number=seat + 1, name=self.names[seat])

    def claim(self, kind: str, argument: str = "") -> Claim:
        """A claim on this version of the match, for a button or select."""
        return Claim(self.id, self.version, kind, argument)


@dataclass
class Prompt:
    """What a player is shown to make their move: text, controls, and which picture goes with it.

    `shows_board`: the public board as it stands (drawn once per turn by the publisher);
    `preview`: a private view to draw as the seat's picture instead of its current one (a draft).
    Neither: the message keeps the picture it has, or shows the seat's own private picture."""

    text: str
    items: list[discord.ui.Item] = field(default_factory=list)
    shows_board: bool = False
    preview: View | None = None


ROWS, ROW_WIDTH = 5, 5  # a message's component rows, and a row's width (a select fills one)


def leading_with(first: discord.ui.Item, items: list[discord.ui.Item]) -> list[discord.ui.Item] | None:
    """`items` led by `first` (a suggested move) on a row of its own, the others one row down; an
    item with the same custom_id (the same move) gives way. None when no row is free: moving items
    along would scramble a prompt whose rows mean something (a grid of squares)."""
    custom_id = getattr(first, "custom_id", None)
    items = [item for item in items if getattr(item, "custom_id", None) != custom_id]
    rows = [row_of(item) for item in items]
    if None in rows:  # laid out in order by discord.py: first comes first
        first.row = None
        return [first, *items]
    if ROWS - 1 in rows:
        return None
    for item, row in zip(items, rows, strict=True):
        item.row = row + 1
    first.row = 0
    return [first, *items]


def row_of(item: discord.ui.Item) -> int | None:
    """An item's row (a dynamic item's, read from the item it wraps: a select keeps it there)."""
    return getattr(item, "item", item).row


class Presenter:
    """The defaults; a game overrides what it words differently."""

    public_controls: ClassVar[bool] = True  # no secrets: moves sit on the board, nothing goes by DM
    hand_label: ClassVar[str | None] = None  # the button that shows a seat its secrets

    def __init__(self, game: Game) -> None:
        self.game = game

    # --- texts

    def seat_label(self, scene: Scene, seat: int) -> str:
        return scene.label(seat)

    def options_text(self, options: Mapping[str, Any]) -> str:
        chosen = [
            tr(
                "{option}: {choice}",
                option=option.name.replace("_", " "),
                choice=tr(option.label(options[option.name])),
            )
            for option in self.game.options
        ]
        return ", ".join(chosen) or tr("standard rules")

    def start_line(self, scene: Scene) -> str:
        return ""

    def seat_lines(self, scene: Scene) -> list[str]:
        """One line per seat for the board's text, above the picture: the seat's name and what the
        table knows of it (score, cards or pieces held, dealer, whose turn). Words live here, in
        Discord's text, rather than in the picture, where a phone shrinks them."""
        return [self.seat_label(scene, seat) for seat in range(len(scene.names))]

    def legend(self, scene: Scene) -> str:
        """The key to the picture's symbols, in words (shown as small print under the board)."""
        return ""

    def describe(self, scene: Scene, view: View, seat: int | None = None) -> str:
        """The picture drawn from `view` in words: its alt text, and the text board of those who
        asked for one. `view` is the public view (`seat` None) or `seat`'s own, so nothing hidden
        from the reader reaches the words. Plain lines, no Markdown."""
        return ""

    def status_line(self, scene: Scene) -> str:
        return ""

    def private_text(self, scene: Scene, seat: int, mine: View) -> str:
        """What `seat` holds privately (its view is `mine`), for its own eyes."""
        return ""

    def chapter(self, scene: Scene) -> str:
        """The hand, round or phase the match is in: a new one gets a new board message (and new
        private messages); within one, both are edited in place."""
        return ""

    def news_for_everyone(self, events: list[str]) -> bool:
        """Whether every seat needs a fresh private message (a new deal)."""
        return False

    def action_phrase(self, scene: Scene, seat: int, action: str, *, done: bool = True) -> str:
        """The action as a verb phrase; `done`: the scene already shows its result."""
        return tr("played {action}", action=action)

    def describe_events(self, scene: Scene, events: list[str]) -> list[str]:
        return []

    def explain(self, scene: Scene, seat: int, action: str, events: list[str]) -> str:
        """What `action` does and why it matters, in the game's words, from the engine's facts: the
        hint's and the tutorial's explanation of a suggested move (the scene is before it). `events`
        are what applying it gave on a copy where everything hidden from `seat` and every later die
        or draw is made up: word only what the move itself decides ("bears off your large pyramid
        from Perfect", "wins the trick and takes the large blue"), never a die's or a draw's doing.
        A phrase that starts in lower case, a sentence may follow; no final full stop (the caller
        ends it: "💡 Suggested: {why}."), no notation."""
        return self.action_phrase(scene, seat, action, done=False)

    def final_text(self, scene: Scene) -> str:
        winners = listing([f"**{self.seat_label(scene, seat)}**" for seat in scene.public.winners])
        return tr("🏆 {winners} won {game}!", winners=winners or tr("Nobody"), game=self.game.title)

    # --- controls

    def prompt(self, scene: Scene, seat: int, mine: View, choice: str = "") -> Prompt:
        """`seat`'s move controls; `choice` is what an earlier select of a multi-step action picked."""
        items = [
            MatchButton(
                scene.claim("act", action), label=action[:80], style=discord.ButtonStyle.success, row=i // 5
            )
            for i, action in enumerate(getattr(mine, "legal", ())[:25])  # a view listing its moves
        ]
        return Prompt(tr("Choose your move."), items)

    def rules_alt(self) -> str:
        """What the rules picture (`/rules`) shows, in words: its alt text."""
        return ""

    def check_pick(self, scene: Scene, seat: int, mine: View, values: list[str], carried: str) -> str:
        """Validate a select's values (and the argument its custom_id carried); returns the choice."""
        raise MatchError("There is nothing to pick here; use the buttons.")

    def check_step(self, scene: Scene, seat: int, mine: View, carried: str) -> str:
        """Validate a `step` button's argument (the first part of a two-step action, e.g. the piece
        before its square); returns the choice `prompt` then shows the next step for."""
        raise MatchError("There is nothing to pick here; use the buttons.")
