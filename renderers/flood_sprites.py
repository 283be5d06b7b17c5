"""The pieces of the Martian Flood pictures, each drawn once and remembered where it can be: a
card as a low tile with its number and suit, the grey tile of a seat's empty cards, a seat's chip,
a ship lying on its side, a tower standing, and a card with its piece on it.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from games.flood_views import CardInPlay

from .common import (
    CARD_EDGE,
    CARD_FACE,
    FAINT,
    PANEL,
    PYRAMID_COLOURS,
    SUIT_BLACK,
    SUPERSAMPLE,
    TEXT,
    Box,
    Colour,
    draw_on,
    draw_text,
    ink_on,
    mix,
    paste,
    seat_tag,
    stamp,
)
from .common import text_sprite as glyphs
from .flood_layout import (
    FAN,
    LABEL_SIZE,
    SUIT_SIZE,
    TILE_H,
    TILE_SINK,
    TILE_TEXT_X,
    TOWER_LIFT,
    badge_box,
    chip_extent,
    empty_text,
    empty_width,
    measure,
    pyramid_size,
)
from .pieces import (
    MIN_LETTER,
    colour_letter,
    draw_suit,
    letter_size,
    pyramid_extent,
    pyramid_sprite,
    suit_colour,
)

PENDING = (255, 104, 196)  # infiltrated ships waiting: no seat colour is pink
EMPTY_FACE = mix(CARD_FACE, PANEL, 0.3)  # empty cards, so the ones with pieces stand out
HEIGHT_BADGE = (32, 36, 46)


def _tile_shape(width: int, height: int, face: Colour, edge: Colour) -> Image.Image:
    s = SUPERSAMPLE
    shape = Image.new("RGBA", (width * s, height * s), (0, 0, 0, 0))
    ImageDraw.Draw(shape).rounded_rectangle(
        (0, 0, width * s - 1, height * s - 1),
        radius=8 * s,
        fill=(*face, 255),
        outline=(*edge, 255),
        width=2 * s,
    )
    return shape.reduce(s)


@lru_cache(maxsize=16)
def tile_face(width: int) -> Image.Image:
    """A card's face as a low tile: one sprite per width, whatever the card."""
    return _tile_shape(width, TILE_H, CARD_FACE, CARD_EDGE)


def draw_tile(image: Image.Image, code: str, sector: int, x: float, top: float, width: int) -> None:
    """A card as a low tile at (x, top), under where a piece stands."""
    paste(image, tile_sprite(code, sector, width), (x, top))


@lru_cache(maxsize=256)
def tile_sprite(code: str, sector: int, width: int) -> Image.Image:
    """A card as a low tile: its number (an ace's is A, its sector 1) and suit stamped on the face
    of its width."""
    sprite = tile_face(width).copy()
    middle = (TILE_SINK + TILE_H) / 2  # of the part the piece leaves free
    suit = code[1].lower()
    ink = suit_colour(suit)
    number = "A" if code[0] == "A" else str(sector)  # as the buttons and texts name the card (A♣, 10♣)
    number_w = measure(number, LABEL_SIZE, True)
    cap = glyphs("0", LABEL_SIZE, True).top  # digits' height above the baseline (negative)
    draw_text(
        ImageDraw.Draw(sprite),
        (TILE_TEXT_X, middle - cap / 2),
        number,
        size=LABEL_SIZE,
        fill=ink,
        anchor="ls",
        bold=True,
    )
    # the suit beside the number, never over it ("10" is wide)
    suit_x = min(TILE_TEXT_X + number_w + 3, width - SUIT_SIZE - 4)
    draw_suit(sprite, suit, (suit_x, middle - SUIT_SIZE / 2), SUIT_SIZE, ink)
    return sprite


@lru_cache(maxsize=32)
def empty_sprite(count: int) -> Image.Image:
    """A seat's empty cards: grey tiles fanned behind one another, the front one saying how many."""
    width = empty_width(count) - FAN
    sprite = Image.new("RGBA", (width + FAN, TILE_H + FAN), (0, 0, 0, 0))
    front = _tile_shape(width, TILE_H, EMPTY_FACE, FAINT)
    if count > 1:
        sprite.alpha_composite(front, (FAN, 0))
    sprite.alpha_composite(front, (0, FAN if count > 1 else 0))
    draw_text(
        ImageDraw.Draw(sprite),
        (width / 2, (FAN if count > 1 else 0) + TILE_H / 2),
        empty_text(count),
        size=LABEL_SIZE,
        fill=SUIT_BLACK,
        anchor="mm",
        bold=True,
    )
    return sprite


@lru_cache(maxsize=8)
def seat_chip_sprite(colour: str, seat: int) -> Image.Image:
    """A seat's chip: its tag (P1) on its colour. Every chip is the same size, so where two seat
    colours look alike to a colour-blind eye the tags still tell them apart."""
    width, height = chip_extent()
    rgb = PYRAMID_COLOURS.get(colour, (200, 200, 200))
    s = SUPERSAMPLE
    shape = Image.new("RGBA", (width * s, height * s), (0, 0, 0, 0))
    ImageDraw.Draw(shape).rounded_rectangle(
        (0, 0, width * s - 1, height * s - 1), radius=height * s // 2, fill=(*rgb, 255)
    )
    sprite = shape.reduce(s)
    draw_text(
        ImageDraw.Draw(sprite),
        (width / 2, height / 2),
        seat_tag(seat),
        size=LABEL_SIZE,
        fill=ink_on(rgb, SUIT_BLACK),
        anchor="mm",
        bold=True,
    )
    return sprite


@lru_cache(maxsize=64)
def ship_sprite(colour: str, size: int, scale: int) -> Image.Image:
    """A pyramid lying on its side, apex to the right, with its colour's letter upright on it (the
    kit's letter would lie on its side with the piece)."""
    sprite = pyramid_sprite(colour, size, scale, letter=False)
    width, height = pyramid_extent(size, scale)
    over = sprite.height - height  # the room the kit leaves above for a penalty badge
    ship = sprite.crop((0, over, width, over + height)).rotate(-90, expand=True)
    size_px = letter_size(width)
    if size_px >= MIN_LETTER:
        rgb = PYRAMID_COLOURS.get(colour, (200, 200, 200))
        ink = SUIT_BLACK if colour == "L" else ink_on(rgb, SUIT_BLACK)
        mask = glyphs(colour_letter(colour), size_px, True)
        if mask.mask is not None:
            # centred across the ship, a little towards the base where the face is widest
            x = round(height * 0.42 - mask.advance / 2) + mask.left
            baseline = round(width / 2 - mask.top / 2)
            stamp(ImageDraw.Draw(ship), (x, baseline + mask.top), mask.mask, ink)
    return ship


def paste_pyramid(image: Image.Image, code: str, scale: int, centre_x: float, baseline: float) -> None:
    """A standing pyramid on `baseline`, centred on `centre_x`."""
    size = pyramid_size(code)
    width, _ = pyramid_extent(size, scale)
    sprite = pyramid_sprite(code[0], size, scale)
    paste(image, sprite, (centre_x - width / 2, baseline - sprite.height))


def draw_tower(image: Image.Image, codes: list[str], scale: int, centre_x: float, baseline: float) -> None:
    """Pyramids bottom to top, each standing partway up the one below (it rests on the tip)."""
    for code in codes:
        paste_pyramid(image, code, scale, centre_x, baseline)
        baseline -= pyramid_extent(pyramid_size(code), scale)[1] * TOWER_LIFT


def draw_flood_card(
    image: Image.Image, draw: ImageDraw.ImageDraw, spot: CardInPlay, box: Box, tile_top: int, scale: int
) -> None:
    """A card as a tile at `tile_top` with its piece: a ship lying down, or a tower standing (a
    stack's height in a dark badge beside it)."""
    x0, _, x1, _ = box
    width = x1 - x0
    ship, tower = spot.ship, spot.tower
    draw_tile(image, spot.card, spot.sector, x0, tile_top, width)
    baseline = tile_top + TILE_SINK
    if ship:
        sprite = ship_sprite(ship[0], pyramid_size(ship), scale)
        paste(image, sprite, (x0 + (width - sprite.width) / 2, baseline - sprite.height))
    elif tower:
        large_w = pyramid_extent(3, scale)[0]
        draw_tower(image, tower, scale, x1 - 4 - large_w / 2, baseline)  # right: the badge goes left
        if len(tower) >= 2:
            badge = badge_box(box, tile_top, len(tower))
            draw.rounded_rectangle(badge, radius=8, fill=HEIGHT_BADGE)
            draw_text(
                draw_on(image),
                ((badge[0] + badge[2]) / 2, (badge[1] + badge[3]) / 2),
                str(len(tower)),
                size=LABEL_SIZE,
                fill=TEXT,
                anchor="mm",
                bold=True,
            )
