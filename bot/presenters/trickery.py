"""How Martian Trickery looks and is played on Discord: texts and move controls.

A lead is built in two clicks without server-side memory: the prize select's choice comes back
in the card buttons' custom_ids (`act:L R3 7h`).
"""

from __future__ import annotations

import discord

from catalogue import N_, tr
from games.pieces import Card
from renderers.words import pyramid_name

from ..components import MatchButton, MatchSelect
from ..errors import MatchError
from .base import Presenter, Prompt, Scene
from .common import COLOUR_EMOJI, pyramid_text

RED_SUITS = "hd"
PYRAMID_SETS = {
    "rainbow": N_("Rainbow Treehouse"),
    "xeno": N_("Xeno Treehouse"),
    "mono": N_("two monochrome stashes"),
}
SUIT_WORDS = {"c": N_("clubs"), "d": N_("diamonds"), "h": N_("hearts"), "s": N_("spades")}


def card_text(card: str) -> str:
    return Card.parse(card).label


def capitalized(text: str) -> str:
    """The first letter upper-case and the rest as it is (`str.capitalize` would lower a German noun)."""
    return text[:1].upper() + text[1:]


class TrickeryPresenter(Presenter):
    public_controls = False  # moves are made in private prompts
    hand_label = N_("My hand")

    def options_text(self, options) -> str:
        dealer = options.get("first_dealer", "random")
        chosen = options["pyramids"]
        pyramids = tr(PYRAMID_SETS[chosen]) if chosen in PYRAMID_SETS else chosen
        if dealer == "random":
            return tr("pyramids: {pyramids}", pyramids=pyramids)
        return tr("pyramids: {pyramids}; P{dealer} deals first", pyramids=pyramids, dealer=dealer)

    def start_line(self, scene: Scene) -> str:
        return tr("The cards are dealt — check your DMs.")

    def chapter(self, scene: Scene) -> str:
        return f"hand {scene.public['hand_number']}"  # a stored key, never shown: not translated

    def news_for_everyone(self, events: list[str]) -> bool:
        """A new deal: every player gets their new cards privately."""
        return any(event.kind == "HAND" for event in events)

    def describe_events(self, scene: Scene, events: list[str]) -> list[str]:
        """The engine's events (`WIN P3 K2`, `BROKEN`, ...) as sentences for the board message."""
        lines = []
        for event in events:
            facts = event.facts
            if event.kind == "BROKEN":
                lines.append(tr("♠ **Spades are broken!** They may be led from now on."))
            elif event.kind == "WIN":
                lines.append(
                    tr(
                        "**{player}** won the trick and takes the {pyramid}.",
                        player=self.seat_label(scene, facts["seat"]),
                        pyramid=pyramid_text(facts["prize"]),
                    )
                )
            elif event.kind == "SCORE":
                lines.append(
                    tr(
                        "• {player}: {score:+d} this hand, total {total}",
                        player=self.seat_label(scene, facts["seat"]),
                        score=facts["score"],
                        total=facts["total"],
                    )
                )
            elif event.kind == "HAND":
                lines.append(
                    tr(
                        "**Hand {number}** — {player} deals. New cards are in your DMs.",
                        number=facts["number"],
                        player=self.seat_label(scene, facts["dealer"]),
                    )
                )
        kinds = [event.kind for event in events]
        if "SCORE" in kinds:
            lines.insert(kinds.index("SCORE"), tr("**Hand scores:**"))
        return lines

    def _lead_line(self, scene: Scene, trick: dict) -> str:
        leader, card = trick["plays"][0]
        return tr(
            "{player} led {card} for the {pyramid}.",
            player=self.seat_label(scene, leader),
            card=card_text(card),
            pyramid=pyramid_text(trick["prize"]),
        )

    def status_line(self, scene: Scene) -> str:
        """Where the hand stands, for the board; repeats the lead once later cards follow it."""
        view = scene.public
        where = {
            "hand": view["hand_number"],
            "trick": view["trick_number"],
            "tricks": view["tricks_per_hand"],
        }
        if view["spades_broken"]:
            head = tr("Hand {hand} · Trick {trick}/{tricks} · spades broken", **where)
        else:
            head = tr("Hand {hand} · Trick {trick}/{tricks} · spades not broken", **where)
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
            suit = tr(SUIT_WORDS[lead.suit])
            must = (
                tr("You must follow {suit}.", suit=suit)
                if all(c.suit == lead.suit for c in legal)
                else tr("You have no {suit}: play any card (a spade trumps).", suit=suit)
            )
            text = tr("**Your turn.** {lead}\n{must}", lead=self._lead_line(scene, trick), must=must)
            choices = [(str(card), card) for card in legal]
        elif len(pool) == 1:
            text = tr(
                "**Your lead — last trick.** The prize is the {pyramid}. Pick your card.",
                pyramid=pyramid_text(pool[0]),
            )
            choices = [(f"L {card}", card) for card in legal]
        else:
            spade_note = (
                "" if mine["spades_broken"] else tr("Spades aren't broken, so lead another suit if you can.")
            )
            items.append(
                MatchSelect(
                    scene.claim("pick"),
                    placeholder=tr("1. Choose the prize pyramid"),
                    options=[
                        discord.SelectOption(
                            label=f"{capitalized(pyramid_name(p))} ({p})",
                            value=p,
                            emoji=COLOUR_EMOJI.get(p[0]),
                            description=tr("Penalty pyramid") if p[0] == mine["penalty_colour"] else None,
                            default=p == prize,
                        )
                        for p in pool
                    ],
                    row=0,
                )
            )
            if prize is None:
                text = tr("**Your lead.** First choose the prize pyramid, then your card.")
                choices = []
            else:
                text = tr(
                    "**Your lead.** Prize: the {pyramid}. Now pick the card to lead.",
                    pyramid=pyramid_text(prize),
                )
                choices = [(f"L {prize} {card}", card) for card in legal]
            text = f"{text} {spade_note}" if spade_note else text
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
        cards = " ".join(card_text(card) for card in mine["hand"])
        return tr("Your cards: {cards}", cards=cards or tr("no cards"))

    def action_phrase(self, scene: Scene, seat: int, action: str, *, done: bool = True) -> str:
        """The action as a verb phrase: 'led 7♥ for the large red (R3)'."""
        words = action.split()
        if words[0] == "L" and len(words) == 3:
            return tr(
                "led {card} for the {pyramid}", card=card_text(words[2]), pyramid=pyramid_text(words[1])
            )
        if words[0] == "L":
            return tr("led {card}", card=card_text(words[1]))
        return tr("played {card}", card=card_text(words[0]))

    def final_text(self, scene: Scene) -> str:
        """Final standings: the winner and every hand's scores."""
        view = scene.public
        names = [f"P{i + 1} {name}"[:14] for i, name in enumerate(scene.names)]
        width = max(len(n) for n in names)
        hand_word, total_word = tr("Hand"), tr("Total")
        label_w = max(6, len(hand_word) + 2, len(total_word) + 1)  # the first column, as its words need
        lines = [hand_word.ljust(label_w) + "  ".join(n.rjust(width) for n in names)]
        for number, row in enumerate(view["hand_scores"], start=1):
            lines.append(
                f"{number:<{label_w - 2}}  " + "  ".join(f"{score:+d}".rjust(width) for score in row)
            )
        lines.append(
            total_word.ljust(label_w) + "  ".join(str(total).rjust(width) for total in view["totals"])
        )
        winner = view["winners"][0]
        head = tr(
            "🏆 **{player} wins Martian Trickery** with {points} points!",
            player=self.seat_label(scene, winner),
            points=view["totals"][winner],
        )
        return f"{head}\n```\n" + "\n".join(lines) + "\n```"
