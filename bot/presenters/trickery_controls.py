"""Martian Trickery's move controls, sent privately to the seat to move: a button per playable card
and, when leading, a button per pyramid of the pool. A lead is one tap: the card buttons lead for
the prize shown as chosen (at first the largest point pyramid left), and a tap on another pyramid
(a `step` button, its code carried in the custom_id) first chooses that one instead.
"""

from __future__ import annotations

import discord

from catalogue import N_, tr
from games.pieces import Card
from games.trickery import TrickerySeatView, TrickeryView
from renderers.words import pyramid_name

from ..components import MatchButton
from ..errors import MatchError
from .base import Presenter, Prompt, Scene
from .common import pyramid_text
from .trickery_words import SUIT_WORDS, capitalized, card_text, trick_line

# Card buttons by suit colour: never a red suit on the red (danger) button nor a black suit on the
# grey (secondary) one, which is nearly black on the dark theme. Red suits take blurple (primary),
# black suits green (success), so the two colours of suits stay apart on the buttons too; the
# prize buttons are grey, or red for the penalty colour, so cards and prizes differ at a glance.
CARD_STYLES = {
    "c": discord.ButtonStyle.success,
    "s": discord.ButtonStyle.success,
    "d": discord.ButtonStyle.primary,
    "h": discord.ButtonStyle.primary,
}
ROW_WIDTH = 5  # buttons in one row of a message's controls
MAX_ROWS = 5


def default_prize(pool: tuple[str, ...], view: TrickeryView) -> str:
    """The prize a lead is for until the leader picks another: the largest point pyramid left
    (of the first nest on a tie: the pool is in the set's order), else the largest penalty pyramid."""
    return min(pool, key=lambda code: (code[0] == view.penalty_colour, -int(code[1])))


class TrickeryControls(Presenter):
    """The prompts and the checks of what a seat tapped; `TrickeryPresenter` adds the texts."""

    public_controls = False  # moves are made in private prompts
    hand_label = N_("My hand")

    def prompt(self, scene: Scene, seat: int, mine: TrickerySeatView, choice: str = "") -> Prompt:
        """A button per legal card; when leading, a button per pyramid of the pool above them.

        `choice` is the prize the leader tapped (empty: the default prize)."""
        legal = [Card.parse(c) for c in mine.legal]
        trick = mine.trick
        if trick.plays:
            suit = tr(SUIT_WORDS[Card.parse(trick.plays[0].card).suit])
            must = (
                tr("You must follow {suit}.", suit=suit)
                if mine.must_follow
                else tr("You have no {suit}: play any card (a spade trumps).", suit=suit)
            )
            text = tr("**Your turn.** {lead}\n{must}", lead=trick_line(self, scene, trick), must=must)
            return Prompt(text, self._card_buttons(scene, [(str(card), card) for card in legal]))
        pool = tuple(dict.fromkeys(mine.pool))  # each pyramid once, as pictured
        if len(mine.pool) == 1:
            text = tr(
                "**Your lead — last trick.** The prize is the {pyramid}. Pick your card.",
                pyramid=pyramid_text(pool[0]),
            )
            return Prompt(text, self._card_buttons(scene, [(f"L {card}", card) for card in legal]))
        prize = choice if choice in pool else default_prize(pool, mine)
        text = tr(
            "**Your lead.** Prize: the {pyramid}; tap another pyramid to change it. Then tap your card.",
            pyramid=pyramid_text(prize),
        )
        if not mine.spades_broken:
            text += " " + tr("Spades aren't broken, so lead another suit if you can.")
        prizes = [
            MatchButton(
                scene.claim("step", code),
                label=("✓ " if code == prize else "") + capitalized(pyramid_name(code)),
                style=discord.ButtonStyle.danger
                if code[0] == mine.penalty_colour
                else discord.ButtonStyle.secondary,
            )
            for code in pool
        ]
        cards = self._card_buttons(scene, [(f"L {prize} {card}", card) for card in legal])
        return Prompt(text, in_rows(prizes, cards))

    @staticmethod
    def _card_buttons(scene: Scene, choices: list[tuple[str, Card]]) -> list[discord.ui.Item]:
        buttons = [
            MatchButton(scene.claim("act", action), label=card_text(card), style=CARD_STYLES[card.suit])
            for action, card in choices
        ]
        return in_rows(buttons)

    def check_step(self, scene: Scene, seat: int, mine: TrickerySeatView, carried: str) -> str:
        """The prize tapped: a pyramid of the pool, while the trick waits for its lead."""
        return self._checked_prize(mine, carried)

    def check_pick(
        self, scene: Scene, seat: int, mine: TrickerySeatView, values: list[str], carried: str
    ) -> str:
        """The prize chosen in the menu of a private message sent before prize buttons existed."""
        if len(values) != 1:
            raise MatchError("That pyramid isn't in the pool any more.")
        return self._checked_prize(mine, values[0])

    @staticmethod
    def _checked_prize(mine: TrickerySeatView, prize: str) -> str:
        if mine.trick.plays:
            raise MatchError("This trick has already been led.")
        if prize not in mine.pool:
            raise MatchError("That pyramid isn't in the pool any more.")
        return prize


def in_rows(*groups: list[discord.ui.Item]) -> list[discord.ui.Item]:
    """The groups' buttons in rows of five, each group starting a row of its own where the five
    rows a message allows leave room for that; else packed, one after the other."""
    own_rows = sum(-(-len(group) // ROW_WIDTH) for group in groups) <= MAX_ROWS
    index = 0
    for group in groups:
        if own_rows and index % ROW_WIDTH:
            index += ROW_WIDTH - index % ROW_WIDTH
        for item in group:
            item.row = index // ROW_WIDTH
            index += 1
    return [item for group in groups for item in group]
