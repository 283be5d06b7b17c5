"""How Martian Trickery looks and is played on Discord: texts and move controls.

A lead is built in two clicks without server-side memory: the prize select's choice comes back
in the card buttons' custom_ids (`act:L R3 7h`).
"""

from __future__ import annotations

import discord

from games.pieces import SUIT_NAMES, Card, Pyramid

from ..components import MatchButton, MatchSelect
from ..errors import MatchError
from .base import Presenter, Prompt, Scene
from .common import COLOUR_EMOJI, pyramid_text

RED_SUITS = "hd"
PYRAMID_SETS = {"rainbow": "Rainbow Treehouse", "xeno": "Xeno Treehouse", "mono": "two monochrome stashes"}


def card_text(card: str) -> str:
    return Card.parse(card).label


class TrickeryPresenter(Presenter):
    public_controls = False  # moves are made in private prompts
    hand_label = "My hand"

    def options_text(self, options) -> str:
        dealer = options.get("first_dealer", "random")
        first = "" if dealer == "random" else f"; P{dealer} deals first"
        return f"pyramids: {PYRAMID_SETS.get(options['pyramids'], options['pyramids'])}{first}"

    def start_line(self, scene: Scene) -> str:
        return "The cards are dealt — check your DMs."

    def chapter(self, scene: Scene) -> str:
        return f"hand {scene.public['hand_number']}"

    def news_for_everyone(self, events: list[str]) -> bool:
        """A new deal: every player gets their new cards privately."""
        return any(event.kind == "HAND" for event in events)

    def describe_events(self, scene: Scene, events: list[str]) -> list[str]:
        """The engine's events (`WIN P3 K2`, `BROKEN`, ...) as sentences for the board message."""
        lines = []
        for event in events:
            facts = event.facts
            if event.kind == "BROKEN":
                lines.append("♠ **Spades are broken!** They may be led from now on.")
            elif event.kind == "WIN":
                lines.append(
                    f"**{self.seat_label(scene, facts['seat'])}** won the trick and takes the "
                    f"{pyramid_text(facts['prize'])}."
                )
            elif event.kind == "SCORE":
                lines.append(
                    f"• {self.seat_label(scene, facts['seat'])}: {facts['score']:+d} this hand, total {facts['total']}"
                )
            elif event.kind == "HAND":
                lines.append(
                    f"**Hand {facts['number']}** — {self.seat_label(scene, facts['dealer'])} deals. "
                    "New cards are in your DMs."
                )
        kinds = [event.kind for event in events]
        if "SCORE" in kinds:
            lines.insert(kinds.index("SCORE"), "**Hand scores:**")
        return lines

    def _lead_line(self, scene: Scene, trick: dict) -> str:
        leader, card = trick["plays"][0]
        return (
            f"{self.seat_label(scene, leader)} led {card_text(card)} for the {pyramid_text(trick['prize'])}."
        )

    def status_line(self, scene: Scene) -> str:
        """Where the hand stands, for the board; repeats the lead once later cards follow it."""
        view = scene.public
        head = (
            f"Hand {view['hand_number']} · Trick {view['trick_number']}/{view['tricks_per_hand']} · spades "
            + ("broken" if view["spades_broken"] else "not broken")
        )
        plays = view["trick"]["plays"]
        return f"{head}\n{self._lead_line(scene, view['trick'])}" if len(plays) > 1 else head

    def prompt(self, scene: Scene, seat: int, mine: dict, choice: str = "") -> Prompt:
        """The seat's legal cards as buttons, and the prize choice when leading.

        `choice` is the prize picked in the select (empty until then)."""
        prize = choice or None
        legal = [Card.parse(c) for c in mine["legal"]]
        pool = sorted(set(mine["pool"]))
        items: list[discord.ui.Item] = []
        trick = mine["trick"]
        if trick["plays"]:
            lead = Card.parse(trick["plays"][0][1])
            must = (
                f"You must follow {SUIT_NAMES[lead.suit]}."
                if all(c.suit == lead.suit for c in legal)
                else f"You have no {SUIT_NAMES[lead.suit]}: play any card (a spade trumps)."
            )
            text = f"**Your turn.** {self._lead_line(scene, trick)}\n{must}"
            choices = [(str(card), card) for card in legal]
        elif len(pool) == 1:
            text = f"**Your lead — last trick.** The prize is the {pyramid_text(pool[0])}. Pick your card."
            choices = [(f"L {card}", card) for card in legal]
        else:
            spade_note = (
                "" if mine["spades_broken"] else " Spades aren't broken, so lead another suit if you can."
            )
            items.append(
                MatchSelect(
                    scene.claim("pick"),
                    placeholder="1. Choose the prize pyramid",
                    options=[
                        discord.SelectOption(
                            label=Pyramid.parse(p).label.capitalize() + f" ({p})",
                            value=p,
                            emoji=COLOUR_EMOJI.get(p[0]),
                            description="Penalty pyramid" if p[0] == mine["penalty_colour"] else None,
                            default=p == prize,
                        )
                        for p in pool
                    ],
                    row=0,
                )
            )
            if prize is None:
                text = f"**Your lead.** First choose the prize pyramid, then your card.{spade_note}"
                choices = []
            else:
                text = (
                    f"**Your lead.** Prize: the {pyramid_text(prize)}. Now pick the card to lead.{spade_note}"
                )
                choices = [(f"L {prize} {card}", card) for card in legal]
        first_row = 1 if items else 0
        for index, (action, card) in enumerate(choices):
            style = discord.ButtonStyle.danger if card.suit in RED_SUITS else discord.ButtonStyle.secondary
            items.append(
                MatchButton(
                    scene.claim("act", action), label=card.label, style=style, row=first_row + index // 5
                )
            )
        return Prompt(text, items)

    def check_pick(self, scene: Scene, seat: int, mine: dict, values: list[str], carried: str) -> str:
        """Validate the prize chosen in the select; returns it."""
        if len(values) != 1 or values[0] not in mine["pool"]:
            raise MatchError("That pyramid isn't in the pool any more.")
        if mine["trick"]["plays"]:
            raise MatchError("This trick has already been led.")
        return values[0]

    def private_text(self, scene: Scene, seat: int, mine: dict) -> str:
        return "Your cards: " + (" ".join(card_text(card) for card in mine["hand"]) or "no cards")

    def action_phrase(self, scene: Scene, seat: int, action: str, *, done: bool = True) -> str:
        """The action as a verb phrase: 'led 7♥ for the large red (R3)'."""
        words = action.split()
        if words[0] == "L" and len(words) == 3:
            return f"led {card_text(words[2])} for the {pyramid_text(words[1])}"
        if words[0] == "L":
            return f"led {card_text(words[1])}"
        return f"played {card_text(words[0])}"

    def final_text(self, scene: Scene) -> str:
        """Final standings: the winner and every hand's scores."""
        view = scene.public
        names = [f"P{i + 1} {name}"[:14] for i, name in enumerate(scene.names)]
        width = max(len(n) for n in names)
        lines = ["Hand  " + "  ".join(n.rjust(width) for n in names)]
        for number, row in enumerate(view["hand_scores"], start=1):
            lines.append(f"{number:<4}  " + "  ".join(f"{score:+d}".rjust(width) for score in row))
        lines.append("Total " + "  ".join(str(total).rjust(width) for total in view["totals"]))
        winner = view["winners"][0]
        return (
            f"🏆 **{self.seat_label(scene, winner)} wins Martian Trickery** with {view['totals'][winner]} points!\n"
            "```\n" + "\n".join(lines) + "\n```"
        )
