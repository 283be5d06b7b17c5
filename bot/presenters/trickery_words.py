"""Martian Trickery in words: cards, pyramids and the trick on the table, as the texts and the
buttons write them."""

from __future__ import annotations

from catalogue import N_, listing, tr
from games.pieces import RANK_LABELS, Card
from games.trickery import Trick, TrickeryView
from renderers.words import colour_name, size_name

from .base import Presenter, Scene
from .common import pyramid_text

PYRAMID_SETS = {
    "rainbow": N_("Rainbow Treehouse"),
    "xeno": N_("Xeno Treehouse"),
    "mono": N_("two monochrome stashes"),
}
SUIT_WORDS = {"c": N_("clubs"), "d": N_("diamonds"), "h": N_("hearts"), "s": N_("spades")}
RANK_WORDS = {11: N_("jack"), 12: N_("queen"), 13: N_("king"), 14: N_("ace")}

# A card is written with the outline suit signs ♧ ♢ ♡ ♤: they are plain text, which Discord never
# turns into emoji, so they take the text's colour (white on every button; light on the dark
# theme, dark on the light one). The filled signs ♣♦♥♠ become emoji: a red ♥ on Discord's red
# button, or a near-black ♠ on its dark theme, can hardly be seen.
SUIT_SIGNS = {"c": "♧", "d": "♢", "h": "♡", "s": "♤"}


def card_text(card: str | Card) -> str:
    """'10♡': the rank and the suit's outline sign."""
    card = card if isinstance(card, Card) else Card.parse(card)
    return RANK_LABELS.get(card.rank, str(card.rank)) + SUIT_SIGNS[card.suit]


def card_words(card: str | Card) -> str:
    """'queen of hearts', for the pictures' descriptions (read aloud by screen readers)."""
    card = card if isinstance(card, Card) else Card.parse(card)
    rank = tr(RANK_WORDS[card.rank]) if card.rank in RANK_WORDS else str(card.rank)
    return tr("{rank} of {suit}", rank=rank, suit=tr(SUIT_WORDS[card.suit]))


def pyramid_groups(codes: tuple[str, ...], view: TrickeryView) -> str:
    """Pyramids by colour, given in the set's order as the view lists them and the pictures set
    them out: 'red: small, large; black (penalty): medium'."""
    groups: dict[str, list[str]] = {}
    for code in codes:
        groups.setdefault(code[0], []).append(size_name(int(code[1])))
    named = []
    for colour, sizes in groups.items():
        name = colour_name(colour)
        if colour == view.penalty_colour:
            name = tr("{colour} (penalty)", colour=name)
        named.append(tr("{colour}: {sizes}", colour=name, sizes=", ".join(sizes)))
    return "; ".join(named)


def capitalized(text: str) -> str:
    """The first letter upper-case and the rest as it is (`str.capitalize` would lower a German noun)."""
    return text[:1].upper() + text[1:]


def trick_line(presenter: Presenter, scene: Scene, trick: Trick) -> str:
    """'P2 Bob led 7♡ for the large red (R3). P3 Chen played 9♡. P3 Chen is ahead.'"""
    lead = trick.plays[0]
    line = tr(
        "{player} led {card} for the {pyramid}.",
        player=presenter.seat_label(scene, lead.seat),
        card=card_text(lead.card),
        pyramid=pyramid_text(trick.prize),
    )
    followers = [
        tr("{player} played {card}", player=presenter.seat_label(scene, play.seat), card=card_text(play.card))
        for play in trick.plays[1:]
    ]
    if followers:
        line += f" {listing(followers)}. "
        line += tr("{player} is ahead.", player=presenter.seat_label(scene, trick.winner))
    return line
