"""How Martian Trickery looks and is played on Discord: texts and move controls.

Everything here is derived from the stored state and a seat; nothing is kept between clicks.
A lead is built in two clicks without server-side memory: the prize select's choice comes back
in the card buttons' custom_ids (`act:L R3 7h`).
"""

from __future__ import annotations

import discord

from games.pieces import SUIT_NAMES, Card, Pyramid

from ..components import Claim, MatchButton, MatchSelect, Prompt
from ..service import Match, MatchError
from .common import COLOUR_EMOJI, pyramid_text

PUBLIC_CONTROLS = False  # moves are made in private prompts
HAND_LABEL = "My hand"
RED_SUITS = "hd"
PYRAMID_SETS = {"rainbow": "Rainbow Treehouse", "xeno": "Xeno Treehouse", "mono": "two monochrome stashes"}


def card_text(card: str) -> str:
    return Card.parse(card).label


def seat_label(match: Match, seat: int) -> str:
    return match.label(seat)


def options_text(options: dict) -> str:
    return f"pyramids: {PYRAMID_SETS.get(options['pyramids'], options['pyramids'])}"


def start_line(match: Match) -> str:
    return "The cards are dealt — check your DMs."


def news_for_everyone(events: list[str]) -> bool:
    """A new deal: every player gets their new cards privately."""
    return any(event.startswith("HAND") for event in events)


def describe_events(match: Match, events: list[str]) -> list[str]:
    """The engine's events (`WIN P3 K2`, `BROKEN`, ...) as sentences for the board message."""
    lines = []
    for event in events:
        words = event.split()
        if words[0] == "BROKEN":
            lines.append("♠ **Spades are broken!** They may be led from now on.")
        elif words[0] == "WIN":
            seat = int(words[1][1:]) - 1
            lines.append(
                f"**{seat_label(match, seat)}** won the trick and takes the {pyramid_text(words[2])}."
            )
        elif words[0] == "SCORE":
            seat = int(words[1][1:]) - 1
            lines.append(f"• {seat_label(match, seat)}: {words[2]} this hand, total {words[3][1:]}")
        elif words[0] == "HAND":
            dealer = int(words[2][3:]) - 1
            lines.append(
                f"**Hand {words[1]}** — {seat_label(match, dealer)} deals. New cards are in your DMs."
            )
    if any(event.startswith("SCORE") for event in events):
        lines.insert(next(i for i, e in enumerate(events) if e.startswith("SCORE")), "**Hand scores:**")
    return lines


def _lead_line(match: Match, trick: dict) -> str:
    leader, card = trick["plays"][0]
    return f"{seat_label(match, leader)} led {card_text(card)} for the {pyramid_text(trick['prize'])}."


def status_line(match: Match) -> str:
    """Where the hand stands, for the board; repeats the lead once later cards follow it."""
    view = match.state.view(None)
    head = f"Hand {view['hand_number']} · Trick {view['trick_number']}/12 · spades " + (
        "broken" if view["spades_broken"] else "not broken"
    )
    plays = view["trick"]["plays"]
    return f"{head}\n{_lead_line(match, view['trick'])}" if len(plays) > 1 else head


def prompt(match: Match, seat: int, choice: str = "") -> Prompt:
    """The move controls for `seat`: its legal cards as buttons, and the prize choice when leading.

    `choice` is the prize picked in the select (empty until then)."""
    prize = choice or None
    state = match.state
    view = state.view(seat)
    claim = Claim(match.id, match.version, "act")
    legal = [Card.parse(c) for c in view["legal"]]
    pool = sorted(set(view["pool"]))
    items: list[discord.ui.Item] = []
    trick = view["trick"]
    if trick["plays"]:
        lead = Card.parse(trick["plays"][0][1])
        must = (
            f"You must follow {SUIT_NAMES[lead.suit]}."
            if all(c.suit == lead.suit for c in legal)
            else f"You have no {SUIT_NAMES[lead.suit]}: play any card (a spade trumps)."
        )
        text = f"**Your turn.** {_lead_line(match, trick)}\n{must}"
        choices = [(str(card), card) for card in legal]
    elif len(pool) == 1:
        text = f"**Your lead — last trick.** The prize is the {pyramid_text(pool[0])}. Pick your card."
        choices = [(f"L {card}", card) for card in legal]
    else:
        spade_note = (
            "" if view["spades_broken"] else " Spades aren't broken, so lead another suit if you can."
        )
        items.append(
            MatchSelect(
                Claim(match.id, match.version, "pick"),
                placeholder="1. Choose the prize pyramid",
                options=[
                    discord.SelectOption(
                        label=Pyramid.parse(p).label.capitalize() + f" ({p})",
                        value=p,
                        emoji=COLOUR_EMOJI.get(p[0]),
                        description="Penalty pyramid" if p[0] == view["penalty_colour"] else None,
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
            text = f"**Your lead.** Prize: the {pyramid_text(prize)}. Now pick the card to lead.{spade_note}"
            choices = [(f"L {prize} {card}", card) for card in legal]
    first_row = 1 if items else 0
    for index, (action, card) in enumerate(choices):
        style = discord.ButtonStyle.danger if card.suit in RED_SUITS else discord.ButtonStyle.secondary
        items.append(
            MatchButton(
                Claim(claim.match_id, claim.version, "act", action),
                label=card.label,
                style=style,
                row=first_row + index // 5,
            )
        )
    return Prompt(text, items)


def check_pick(match: Match, seat: int, values: list[str], carried: str) -> str:
    """Validate the prize chosen in the select; returns it."""
    pool = match.state.view(seat)["pool"]
    if len(values) != 1 or values[0] not in pool:
        raise MatchError("That pyramid isn't in the pool any more.")
    if match.state.view(seat)["trick"]["plays"]:
        raise MatchError("This trick has already been led.")
    return values[0]


def private_text(match: Match, seat: int) -> str:
    hand = match.state.view(seat)["hand"]
    return "Your cards: " + (" ".join(card_text(card) for card in hand) or "no cards")


def action_phrase(match: Match, seat: int, action: str, *, done: bool = True) -> str:
    """The action as a verb phrase: 'led 7♥ for the large red (R3)'."""
    words = action.split()
    if words[0] == "L" and len(words) == 3:
        return f"led {card_text(words[2])} for the {pyramid_text(words[1])}"
    if words[0] == "L":
        return f"led {card_text(words[1])}"
    return f"played {card_text(words[0])}"


def final_text(match: Match) -> str:
    """Final standings: the winner and every hand's scores."""
    view = match.state.view(None)
    names = [f"P{i + 1} {name}"[:14] for i, name in enumerate(match.names)]
    width = max(len(n) for n in names)
    lines = ["Hand  " + "  ".join(n.rjust(width) for n in names)]
    for number, row in enumerate(view["hand_scores"], start=1):
        lines.append(f"{number:<4}  " + "  ".join(f"{score:+d}".rjust(width) for score in row))
    lines.append("Total " + "  ".join(str(total).rjust(width) for total in view["totals"]))
    winner = view["winners"][0]
    return (
        f"🏆 **{seat_label(match, winner)} wins Martian Trickery** with {view['totals'][winner]} points!\n"
        "```\n" + "\n".join(lines) + "\n```"
    )
