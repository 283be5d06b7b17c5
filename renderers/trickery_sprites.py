"""Martian Trickery's tiles, each made once and then pasted: card faces (plain, faded or framed), the
pyramids of the set on the panels they stand on, the outline of an empty place; and the pink of a
tutorial's suggested move."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from games.pieces import RANK_LABELS, Card, deck

from . import common
from .common import BACKGROUND, CARD_EDGE, CARD_FACE, PANEL, PANEL_ACTIVE, Colour, draw_text, mix, new_canvas
from .pieces import card_extent, draw_pyramid, draw_suit, suit_colour
from .trickery_layout import CARD_W, POOL_SCALE, TAKEN_SCALE

# A tutorial's suggested move (the view's `suggested`, the engine's marks): pink, which nothing else in
# these pictures is; a card in a frame twice as thick as the legal cards' yellow one, and lifted
# higher, with the prize of a lead on it; in the pool, a block under the prize.
SUGGESTED = (255, 104, 196)
SUGGESTED_FRAME = 12  # px around the suggested card: twice the legal cards' frame
SUGGESTED_LIFT = 22  # px: above the lifted legal cards, yet clear of the picture's top edge


@lru_cache(maxsize=8)
def pyramids_of_the_set(nests: tuple[str, ...], penalty_colour: str, mode: str) -> None:
    """Make every pyramid of the set at the board's scales, on the panels it stands on, the first
    time the set is drawn (each on a scratch canvas of that panel's colour), rather than a few in
    each new position."""

    def on(colour: Colour, code: str, scale: int, *, ghost: bool = False) -> None:
        scratch, _ = _blank(120, 200, colour)
        if ghost:
            draw_ghost(scratch, int(code[1]), 0, 190, scale)
        else:
            draw_pyramid(scratch, code, 0, 190, scale=scale, penalty_colour=penalty_colour)

    for colour in set(nests):
        for size in (1, 2, 3):
            code = f"{colour}{size}"
            on(PANEL, code, POOL_SCALE)
            on(PANEL, code, TAKEN_SCALE)
            on(PANEL_ACTIVE, code, TAKEN_SCALE)
            on(PANEL, code, POOL_SCALE, ghost=True)


def draw_ghost(image: Image.Image, size: int, x: float, baseline: float, scale: int) -> int:
    """The faint outline of a place with no pyramid: one sprite per size, whatever colour is missing."""
    return draw_pyramid(image, f"R{size}", x, baseline, scale=scale, ghost=True)


def _blank(width: int, height: int, colour: Colour) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A canvas like the picture's (palette or RGB reference), all `colour`: a tile to draw once."""
    tile, draw = new_canvas(width, height)
    draw.rectangle((0, 0, width, height), fill=colour)
    return tile, draw


# --- cards ----------------------------------------------------------------------------------

DIM = 0.62  # how far a card that can't be played fades into the background


def draw_card(
    image: Image.Image,
    code: str,
    xy: tuple[float, float],
    width: int,
    *,
    dim: bool = False,
    under: Colour = PANEL,
    frame: Colour | None = None,
    frame_width: int = 6,
) -> None:
    """A card whose top-left corner is at xy, on a background of colour `under`, in a frame of
    colour `frame` if given (`frame_width` px around it)."""
    _deck_made_once(common.CANVAS_MODE)
    margin = frame_width if frame else 0
    tile = _card_tile(code, width, dim, under, frame, margin, common.CANVAS_MODE)
    image.paste(tile, (round(xy[0]) - margin, round(xy[1]) - margin))


@lru_cache(maxsize=2)
def _deck_made_once(mode: str) -> None:
    """Make every card of the decks, plain and faded, the first time a card is drawn: their parts
    (ranks and suit signs in each ink) are then ready for any card tile."""
    for card in deck(range(3, 15)):
        for dim in (False, True):
            _card_tile(str(card), CARD_W, dim, PANEL, None, 0, mode)


@lru_cache(maxsize=512)
def _card_tile(
    code: str, width: int, dim: bool, under: Colour, frame: Colour | None, margin: int, mode: str
) -> Image.Image:
    """A card face made once per card, shade, background and frame (`margin` px wide) from shared
    parts (a panel, the rank, two suit signs): the deck is small, so after a few positions every card
    is a copy."""
    card = Card.parse(code)
    _, height = card_extent(width)
    tile, draw = _blank(width + 2 * margin, height + 2 * margin, under)
    if frame:
        draw.rounded_rectangle((0, 0, tile.width - 1, tile.height - 1), radius=12 + margin, fill=frame)
    face, edge, ink = CARD_FACE, CARD_EDGE, suit_colour(card.suit)
    if dim:
        face, edge, ink = (mix(colour, BACKGROUND, DIM) for colour in (face, edge, ink))
    x = y = margin
    draw.rounded_rectangle(
        (x, y, x + width, y + height), radius=round(width * 0.1), fill=face, outline=edge, width=2
    )
    rank_size = round(width * 0.34)
    rank = RANK_LABELS.get(card.rank, str(card.rank))
    draw_text(draw, (x + width * 0.09, y + width * 0.06), rank, size=rank_size, fill=ink, bold=True)
    small = round(width * 0.2)
    draw_suit(tile, card.suit, (x + width * 0.1, y + width * 0.06 + rank_size * 1.05), small, ink)
    big = round(width * 0.56)
    draw_suit(tile, card.suit, (x + width - big - width * 0.1, y + height - big - width * 0.1), big, ink)
    return tile
