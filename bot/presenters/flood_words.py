"""Martian Flood's words on Discord, shared by its texts and its controls: the phrases said once per
pyramid size (languages inflect the size word), how cards, pyramids, ships and towers are named, and
the rules picture in words.
"""

from __future__ import annotations

from functools import reduce

from catalogue import N_, tr
from games.flood_views import FloodView
from games.pieces import Card
from renderers.flood_rules import (
    BUILD_EXAMPLE,
    DRAW_EXAMPLE,
    FLOOD_DICE,
    FLOODED_TOWER,
    INFILTRATE_EXAMPLE,
    RULE_ACTIONS,
    RULE_FLOOD,
    RULE_SCORING,
    RULE_STACKING,
    SCORING_EXAMPLES,
    SCRAP_EXAMPLE,
)
from renderers.words import size_name

from .base import Scene
from .common import COLOUR_EMOJI

LAST_TURN_BECAUSE = {  # (the deck ran out, the stash ran out)
    (True, False): N_("That empties the deck: this turn is the round's last"),
    (False, True): N_("That places the last pyramid of your stash: this turn is the round's last"),
    (True, True): N_("That empties the deck and your stash: this turn is the round's last"),
}
# What each panel of the rules picture shows (its title is the picture's own).
RULE_SHOWN = {
    "draw": N_("two cards drawn; a ship lies on the {kept} kept, and the {discarded} is discarded."),
    "scrap": N_("the ship on {card} stands up as a tower."),
    "build": N_("a small red pyramid goes on top of the tower on {card}."),
    "infiltrate": N_("the ship on {card} goes with its card to P2, framed in pink until it lands."),
}


def card_text(card: str) -> str:
    return Card.parse(card).label


def pyramids_text(pyramids: tuple[str, ...] | list[str]) -> str:
    return " ".join(f"{COLOUR_EMOJI[p[0]]}{p[1]}" for p in pyramids) or tr("nothing")


def where_text(view: FloodView, card: str) -> str:
    """A card as the prompts name it, with the piece on it."""
    spot = view.card_in_play(card)
    if spot and spot.tower:
        return tr("{card} (tower {pyramids})", card=card_text(card), pyramids=pyramids_text(spot.tower))
    if spot and spot.ship:
        return tr("{card} (ship {pyramids})", card=card_text(card), pyramids=pyramids_text([spot.ship]))
    return card_text(card)


def direction_text(direction: str) -> str:
    return tr("clockwise") if direction == "cw" else tr("counter-clockwise")


def joined(names: list[str]) -> str:
    """ "A and B and C", as the texts always joined winners (not `listing`'s "A, B and C")."""
    return reduce(lambda rest, last: tr("{rest} and {last}", rest=rest, last=last), names) if names else ""


def scrap_move(card: str, dest: str, *, then: bool = True) -> str:
    """One ship's part of a scrap, as a button or prompt says it."""
    if not then:
        if dest == "^":
            return tr("Stand it upright on its own card")
        return tr("Onto the tower on {where}", where=card_text(dest))
    if dest == "^":
        return tr("{card} stood upright", card=card_text(card))
    return tr("{card} onto {dest}", card=card_text(card), dest=card_text(dest))


def stash_text(view: FloodView, seat: int) -> str:
    small, medium, large = view.seats[seat].stash
    return tr("stash {small} small, {medium} medium, {large} large", small=small, medium=medium, large=large)


def sized_card(card: str, pyramid: str) -> str:
    """A ship by its card and size: "9♥ (medium)"."""
    return tr("{card} ({size})", card=card_text(card), size=size_name(int(pyramid[1])))


def drew_text(scene: Scene, view: FloodView) -> str:
    """Who drew which cards, to keep one."""
    return tr(
        "{player} drew {cards} and keeps one.",
        player=scene.label(view.current),
        cards=joined([card_text(drawn.card) for drawn in view.drawn]),
    )


def tower_height(view: FloodView, card: str | None) -> int:
    """How many pyramids stand on `card` (none if it is no card in play)."""
    spot = view.card_in_play(card) if card else None
    return len(spot.tower) if spot else 0


def rules_picture_words() -> str:
    """What the rules picture shows, panel by panel, in words: its alt text."""
    kept, discarded = (card_text(card) for card in DRAW_EXAMPLE)
    shown = {  # the diagrams' cards, as the picture has them
        "draw": {"kept": kept, "discarded": discarded},
        "scrap": {"card": card_text(SCRAP_EXAMPLE)},
        "build": {"card": card_text(BUILD_EXAMPLE)},
        "infiltrate": {"card": card_text(INFILTRATE_EXAMPLE)},
    }
    lines = [
        tr("{title}: {shown}", title=f"{number}. {tr(title)}", shown=tr(RULE_SHOWN[kind], **shown[kind]))
        for number, (kind, title) in enumerate(RULE_ACTIONS, start=1)
    ]
    lines.append(
        tr(
            "{title}: {shown}",
            title=tr(RULE_STACKING),
            shown=tr("smaller or equal pyramids on bigger ones are fine, a bigger one on top is not."),
        )
    )
    size = int(FLOODED_TOWER[0][1])
    lines.append(
        tr(
            "{title}: {shown}",
            title=tr(RULE_FLOOD),
            shown=tr(
                "dice {dice} make {sum}, less 1: sector {sector}. The tower {before} on a card {sector} "
                "loses its bottom size and keeps {after}.",
                dice=joined([str(die) for die in FLOOD_DICE]),
                sum=sum(FLOOD_DICE),
                sector=sum(FLOOD_DICE) - 1,
                before=" ".join(FLOODED_TOWER),
                after=" ".join(code for code in FLOODED_TOWER if int(code[1]) != size),
            ),
        )
    )
    (tallest, _), (singles, _), (sector, _) = SCORING_EXAMPLES
    lines.append(
        tr(
            "{title}: {shown}",
            title=tr(RULE_SCORING),
            shown=tr(
                "+{tallest} for the tallest tower, +{singles} for the most single-pyramid towers, "
                "+{sector} for a tower of 2 or more on a card {sector}.",
                tallest=tallest,
                singles=singles,
                sector=sector,
            ),
        )
    )
    return "\n".join(lines)
