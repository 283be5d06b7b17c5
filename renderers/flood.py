"""Martian Flood pictures: the board (also every seat's picture: nothing in Flood is hidden) and the rules.

A phone shows the board about 325 px wide, so the picture holds only what a picture shows best: the
cards in front of each player and the pieces on them. Everything in words (names, stashes, ships,
whose turn, the deck, the flood's rolls, the scores) is in the board message's text. One band per
seat across the full width, in seat order:
  - the seat's chip (P1 in its colour) on the left;
  - its cards in area order, each a low tile with its sector number and suit under its piece: a
    ship lying on its side, or a tower standing (its height in a dark badge beside it);
  - its empty cards as one grey tile with their count (nothing goes on them again);
  - infiltrated ships still waiting to land, framed in pink (the ship's colour says who sent it);
    the one being placed is framed in gold, and so are the towers it may go on;
  - while the seat to act chooses which drawn card to keep, the drawn cards, framed in gold.
The band of the seat to act is gold; at the end the winners' bands are green. A tutorial's suggested
move (`view.suggested`, the engine's marks) is framed in cyan: solid where a piece lands (a
tower built on, a ship stood up, the drawn card kept, the opponent infiltrated), dashed around a
ship that moves away.

Every band uses one scale, so towers compare across players: the largest that keeps the picture
within 1.2 times its width.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from catalogue import N_, tr
from games.flood import SECTOR_OF_CARD
from games.flood_views import CardInPlay, FloodView, LoggedAction

from .common import (
    ACCENT,
    CARD_EDGE,
    CARD_FACE,
    FAINT,
    GOOD,
    MARGIN,
    MINUS,
    MUTED,
    ON_GOOD,
    PANEL,
    PANEL_ACTIVE,
    PANEL_EDGE,
    PANEL_RADIUS,
    PENALTY,
    PYRAMID_COLOURS,
    SUIT_BLACK,
    SUPERSAMPLE,
    TEXT,
    WIDTH,
    Box,
    Colour,
    Pictures,
    dashed_frame,
    draw_on,
    draw_text,
    ink_on,
    mix,
    new_canvas,
    once_per_language,
    once_per_picture,
    paste,
    seat_tag,
    stamp,
    text_width,
    to_png,
)
from .common import panel_card as _panel
from .common import text_sprite as glyphs
from .pieces import (
    MIN_LETTER,
    colour_letter,
    draw_suit,
    letter_size,
    pyramid_extent,
    pyramid_sprite,
    suit_colour,
)

# --- layout ---------------------------------------------------------------------------------------

LABEL_SIZE = 32  # every number and word drawn: at least 10 px when a phone shows the picture 325 px wide
GAP = 10
PAD = 12
MAX_HEIGHT = round(WIDTH * 1.2)  # a phone shows the whole picture without scrolling past a screen
# the scales of every piece, largest first; from 30 up a small pyramid shows its letter
SCALES = (64, 56, 52, 48, 44, 40, 36, 33, 30, 28, 26, 24, 22, 20)
TILE_H = 52  # a card, seen as a low tile under its piece
TILE_SINK = 8  # a piece stands this far down into its tile: it is on the card, not behind it
TILE_TEXT_X = 8
SUIT_SIZE = 24
ITEM_GAP = 8
ROW_GAP = 10
CHIP_GAP = 14  # between a band's chip and its cards
BADGE_PAD = 5  # around a tower's height in its badge
FRAME = 6  # a pending ship's frame around its card and ship
FAN = 6  # how far the empty cards' grey tiles fan out behind the front one
TOWER_LIFT = 0.58  # a pyramid stands this far up the one below it (it sits on the tip)
BADGE_H = LABEL_SIZE + 2 * BADGE_PAD

PENDING = (255, 104, 196)  # infiltrated ships waiting: no seat colour is pink
SUGGESTED = (40, 222, 255)  # a suggested move: no piece and no other mark of this board is cyan
SUGGESTED_LINE = 8  # 3-4 px on a phone
SUGGESTED_TINT = 0.3  # of the cyan in the background where the suggested move puts a piece
SUGGESTED_GAP = 6  # between a framed thing and its frame: clear of the pieces, inside the item gap
EMPTY_FACE = mix(CARD_FACE, PANEL, 0.3)  # empty cards, so the ones with pieces stand out
HEIGHT_BADGE = (32, 36, 46)


def pyramid_size(code: str) -> int:
    return int(code[1])


@lru_cache(maxsize=2048)
def measure(text: str, size: int, bold: bool = False) -> float:
    """`text_width`, remembered: layout measures the same labels on every board."""
    return text_width(text, size, bold=bold)


def badge_width(height: int) -> int:
    return round(measure(str(height), LABEL_SIZE, True)) + 2 * BADGE_PAD


def tile_width(scale: int) -> int:
    """A card wide enough for its number and suit, a large pyramid with a height badge beside it,
    and a large ship lying down."""
    large_w, large_h = pyramid_extent(3, scale)
    number_w = TILE_TEXT_X + measure("10", LABEL_SIZE, True) + 3 + SUIT_SIZE + 6
    return max(round(number_w), badge_width(8) + 6 + large_w + 4, large_h + 8)


def empty_text(count: int) -> str:
    return f"×{count}"


def empty_width(count: int) -> int:
    return round(measure(empty_text(count), LABEL_SIZE, True)) + 2 * TILE_TEXT_X + FAN


def tower_height(codes: tuple[str, ...] | list[str], scale: int) -> float:
    heights = [pyramid_extent(pyramid_size(code), scale)[1] for code in codes]
    return sum(heights[:-1]) * TOWER_LIFT + (heights[-1] if heights else 0)


def piece_height(spot: CardInPlay, scale: int) -> float:
    """How tall the piece on a card stands: a ship lies as tall as its pyramid is wide."""
    if spot.ship:
        return pyramid_extent(pyramid_size(spot.ship), scale)[0]
    if spot.tower:
        return tower_height(spot.tower, scale)
    return 0


def empty_count(view: FloodView, seat: int) -> int:
    """How many of the seat's cards are empty: one grey tile stands for them all."""
    return sum(spot.is_empty for spot in view.seats[seat].cards)


@lru_cache(maxsize=1)
def chip_extent() -> tuple[int, int]:
    """Every seat chip's size: as wide as the widest tag, so chips differ only in colour and tag."""
    width = max(measure(seat_tag(seat), LABEL_SIZE, True) for seat in range(4))
    return round(width) + 2 * round(LABEL_SIZE * 0.45), round(LABEL_SIZE * 1.4)


@dataclass(frozen=True)
class FloodLayout:
    width: int
    height: int
    scale: int  # of every piece on the board
    tile_width: int
    bands: tuple[Box, ...]  # per seat
    cards: dict[tuple[int, int], Box]  # (seat, index in the area) -> the card and the room above it
    tiles: dict[tuple[int, int], int]  # (seat, index in the area) -> the top of its tile
    pending: dict[tuple[int, int], Box]  # (seat, index in the pending queue) -> the card and room above
    empties: dict[int, Box]  # per seat with empty cards: their grey tile
    drawn: Box | None  # the drawn cards waiting for the keep choice, in the band of the seat to act


@dataclass
class Placed:
    """One thing in a band's row: a card with its piece, the empty cards, a pending ship, or the
    drawn cards."""

    kind: str  # "card", "empty", "pending" or "drawn"
    index: int  # into the area ("card") or the pending queue ("pending")
    x: int
    width: int
    above: int  # how far it rises above the top of the row's tiles
    below: int = 0  # how far it reaches below the bottom of the row's tiles


@dataclass(frozen=True)
class BandFlow:
    bottom: int  # of the last row
    cards: dict[tuple[int, int], Box]
    tiles: dict[tuple[int, int], int]
    pending: dict[tuple[int, int], Box]
    empties: dict[int, Box]
    drawn: Box | None


def _flow_band(
    view: FloodView, seat: int, left: int, right: int, top: int, scale: int, tile_w: int
) -> BandFlow:
    """A band's things in rows from `top`: its cards with pieces in area order, its empty cards,
    its pending ships, then any cards it drew. Each row is as tall as its tallest piece."""
    side = view.seats[seat]
    rows: list[list[Placed]] = [[]]

    def place(item: Placed) -> None:
        row = rows[-1]
        item.x = row[-1].x + row[-1].width + ITEM_GAP if row else left
        if row and item.x + item.width > right:
            rows.append([])
            item.x = left
        rows[-1].append(item)

    for i, spot in enumerate(side.cards):
        if not spot.is_empty:
            place(Placed("card", i, 0, tile_w, math.ceil(piece_height(spot, scale)) - TILE_SINK))
    empties = empty_count(view, seat)
    if empties:
        place(Placed("empty", -1, 0, empty_width(empties), FAN if empties > 1 else 0))
    for k, ship in enumerate(side.pending):
        above = math.ceil(piece_height(ship, scale)) - TILE_SINK + FRAME
        place(Placed("pending", k, 0, tile_w + 2 * FRAME, above, FRAME))
    if view.drawn and seat in view.to_move:
        count = len(view.drawn)
        place(Placed("drawn", -1, 0, count * (tile_w + ITEM_GAP) - ITEM_GAP + 2 * FRAME, FRAME, FRAME))

    cards: dict[tuple[int, int], Box] = {}
    tiles: dict[tuple[int, int], int] = {}
    pending: dict[tuple[int, int], Box] = {}
    empty_boxes: dict[int, Box] = {}
    drawn_box = None
    y = top
    bottom = top
    for row in rows:
        if not row:
            continue
        tile_top = y + max(max(placed.above for placed in row), 0)
        tile_bottom = tile_top + TILE_H
        for placed in row:
            x = placed.x
            if placed.kind == "card":
                cards[(seat, placed.index)] = (x, y, x + tile_w, tile_bottom)
                tiles[(seat, placed.index)] = tile_top
            elif placed.kind == "pending":
                pending[(seat, placed.index)] = (x + FRAME, y + FRAME, x + FRAME + tile_w, tile_bottom)
            elif placed.kind == "drawn":
                drawn_box = (x + FRAME, tile_top, x + placed.width - FRAME, tile_bottom)
            else:
                empty_boxes[seat] = (x, tile_top, x + placed.width - FAN, tile_bottom)
        bottom = tile_bottom + max(placed.below for placed in row)
        y = bottom + ROW_GAP
    return BandFlow(bottom, cards, tiles, pending, empty_boxes, drawn_box)


def _layout_at(view: FloodView, scale: int) -> FloodLayout:
    tile_w = tile_width(scale)
    chip_w, chip_h = chip_extent()
    bands: list[Box] = []
    cards: dict[tuple[int, int], Box] = {}
    tiles: dict[tuple[int, int], int] = {}
    pending: dict[tuple[int, int], Box] = {}
    empties: dict[int, Box] = {}
    drawn = None
    y = MARGIN
    for seat in range(len(view.seats)):
        x0, x1 = MARGIN, WIDTH - MARGIN
        flow = _flow_band(view, seat, x0 + PAD + chip_w + CHIP_GAP, x1 - PAD, y + PAD, scale, tile_w)
        bottom = max(flow.bottom, y + PAD + chip_h) + PAD
        bands.append((x0, y, x1, bottom))
        cards.update(flow.cards)
        tiles.update(flow.tiles)
        pending.update(flow.pending)
        empties.update(flow.empties)
        drawn = flow.drawn or drawn
        y = bottom + GAP
    return FloodLayout(
        WIDTH, y - GAP + MARGIN, scale, tile_w, tuple(bands), cards, tiles, pending, empties, drawn
    )


@once_per_picture
def board_layout(view: FloodView) -> FloodLayout:
    """Where everything goes (see the module's docstring), at the largest scale that fits the height."""
    for scale in SCALES:
        layout = _layout_at(view, scale)
        if layout.height <= MAX_HEIGHT:
            break
    return layout


def card_box(view: FloodView, seat: int, index: int) -> Box:
    """The box of card `index` of `seat`'s area (view.seats[seat].cards[index]) with the room above
    it where its piece stands."""
    return board_layout(view).cards[(seat, index)]


def pending_box(view: FloodView, seat: int, index: int) -> Box:
    """The box of the card of the `index`th ship pending on `seat` (view.seats[seat].pending[index])."""
    return board_layout(view).pending[(seat, index)]


def band_box(view: FloodView, seat: int) -> Box:
    return board_layout(view).bands[seat]


def badge_box(card: Box, tile_top: int, height: int) -> Box:
    """Where a tower's height badge goes: left of its bottom pyramid, just above the tile."""
    return (card[0] + 2, tile_top - BADGE_H + 6, card[0] + 2 + badge_width(height), tile_top + 6)


# --- sprites --------------------------------------------------------------------------------------


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


def _paste_pyramid(image: Image.Image, code: str, scale: int, centre_x: float, baseline: float) -> None:
    """A standing pyramid on `baseline`, centred on `centre_x`."""
    size = pyramid_size(code)
    width, _ = pyramid_extent(size, scale)
    sprite = pyramid_sprite(code[0], size, scale)
    paste(image, sprite, (centre_x - width / 2, baseline - sprite.height))


def draw_tower(image: Image.Image, codes: list[str], scale: int, centre_x: float, baseline: float) -> None:
    """Pyramids bottom to top, each standing partway up the one below (it rests on the tip)."""
    for code in codes:
        _paste_pyramid(image, code, scale, centre_x, baseline)
        baseline -= pyramid_extent(pyramid_size(code), scale)[1] * TOWER_LIFT


def right_arrow(draw: ImageDraw.ImageDraw, x: float, y: float, length: float, colour: Colour) -> None:
    """An arrow pointing right (the font has no arrow glyphs)."""
    head = 12
    draw.line((x, y, x + length - head, y), fill=colour, width=5)
    draw.polygon(
        [(x + length, y), (x + length - head - 2, y - 10), (x + length - head - 2, y + 10)], fill=colour
    )


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


# --- the board ------------------------------------------------------------------------------------


def render_flood_board(view: FloodView, *, names: list[str] | None = None) -> bytes:
    """A band per seat with its cards and pieces (the names are in the message's text)."""
    layout = board_layout(view)
    image, draw = new_canvas(layout.width, layout.height)
    for seat in range(len(view.seats)):
        _draw_band(image, draw, layout, view, seat)
    if view.suggested:
        _draw_suggested(draw, view, view.suggested)
    return to_png(image)


def _card_with_piece(view: FloodView, layout: FloodLayout, seat: int, card: str | None) -> Box | None:
    """The box of `card` among `seat`'s own cards (not a pending ship's) with the piece on it."""
    for index, spot in enumerate(view.seats[seat].cards):
        if spot.card == card and (seat, index) in layout.cards:
            x0, _, x1, bottom = layout.cards[(seat, index)]
            top = bottom - TILE_H + TILE_SINK - piece_height(spot, layout.scale)
            return (x0, math.floor(top), x1, bottom)
    return None


def _drawn_card(view: FloodView, layout: FloodLayout, card: str | None) -> Box | None:
    """The box of one of the drawn cards waiting for the keep choice."""
    cards = [drawn.card for drawn in view.drawn]
    if not layout.drawn or card not in cards:
        return None
    x0, top, _, bottom = layout.drawn
    left = x0 + cards.index(card) * (layout.tile_width + ITEM_GAP)
    return (left, top, left + layout.tile_width, bottom)


def _chip_box(layout: FloodLayout, seat: int) -> Box:
    width, height = chip_extent()
    x0, y0 = layout.bands[seat][0] + PAD, layout.bands[seat][1] + PAD
    return (x0, y0, x0 + width, y0 + height)


@dataclass(frozen=True)
class SuggestedFrames:
    """Where a suggested move is marked: boxes of the board (before their frames' gap)."""

    lands: tuple[Box, ...]  # where a piece lands: a tower built on, a ship stood up, the kept card
    leaves: tuple[Box, ...]  # a ship that moves away from its card
    seats: tuple[Box, ...]  # the band of an opponent who is sent a ship


def suggested_frames(view: FloodView, mark: LoggedAction) -> SuggestedFrames:
    """The boxes to frame for a suggested move's facts (the engine's marks). A draw has nothing
    on the board to mark yet: its cards are still in the deck."""
    layout = board_layout(view)
    facts, seat = mark.facts, mark.seat
    lands: list[Box | None] = []
    leaves: list[Box | None] = []
    seats: list[Box] = []
    if facts.kind == "keep":
        lands.append(_drawn_card(view, layout, facts.card))
    elif facts.kind == "build":
        lands.append(_card_with_piece(view, layout, seat, facts.card))
    elif facts.kind == "resolve" and facts.dest:
        lands.append(_card_with_piece(view, layout, seat, facts.dest))
    elif facts.kind == "scrap":
        for move in facts.moves:
            if move.dest:
                leaves.append(_card_with_piece(view, layout, seat, move.card))
            lands.append(_card_with_piece(view, layout, seat, move.dest or move.card))
    elif facts.kind == "infiltrate":
        leaves.append(_card_with_piece(view, layout, seat, facts.card))
        lands.append(_chip_box(layout, facts.target))
        seats.append(layout.bands[facts.target])
    return SuggestedFrames(
        tuple(box for box in lands if box), tuple(box for box in leaves if box), tuple(seats)
    )


def _framed(box: Box) -> Box:
    gap = SUGGESTED_GAP
    return (box[0] - gap, box[1] - gap, box[2] + gap, box[3] + gap)


def _tint_landings(draw: ImageDraw.ImageDraw, view: FloodView, band: Box, fill: Colour) -> None:
    """The band's background tinted cyan where the suggested move puts a piece (or a card)."""
    for box in suggested_frames(view, view.suggested).lands:
        if band[1] <= box[1] <= band[3]:
            draw.rounded_rectangle(_framed(box), radius=10, fill=mix(fill, SUGGESTED, SUGGESTED_TINT))


def _draw_suggested(draw: ImageDraw.ImageDraw, view: FloodView, mark: LoggedAction) -> None:
    """The suggested move's frames, over everything else on the board: dashed around what leaves,
    solid around where it lands, and along the edge of the band of the opponent it is sent to."""
    frames = suggested_frames(view, mark)
    for box in frames.leaves:
        dashed_frame(draw, _framed(box), colour=SUGGESTED, width=SUGGESTED_LINE, dash=12)
    for box in frames.lands:
        draw.rounded_rectangle(_framed(box), radius=10, outline=SUGGESTED, width=SUGGESTED_LINE)
    for box in frames.seats:
        draw.rounded_rectangle(box, radius=PANEL_RADIUS, outline=SUGGESTED, width=SUGGESTED_LINE)


@lru_cache(maxsize=8)
def _band_ends(width: int, fill: Colour, edge: Colour, line: int) -> tuple[Image.Image, Image.Image]:
    """A band's rounded top and bottom, as `panel_card` draws a panel's, made once per colours: the
    straight middle is filled in between, so a band of a height never drawn before costs no new
    sprite."""
    s = SUPERSAMPLE
    shape = Image.new("RGBA", (width * s, 4 * PANEL_RADIUS * s), (0, 0, 0, 0))
    ImageDraw.Draw(shape).rounded_rectangle(
        (0, 0, width * s - 1, 4 * PANEL_RADIUS * s - 1),
        radius=PANEL_RADIUS * s,
        fill=(*fill, 255),
        outline=(*edge, 255),
        width=line * s,
    )
    ends = shape.reduce(s)
    return ends.crop((0, 0, width, 2 * PANEL_RADIUS)), ends.crop(
        (0, 2 * PANEL_RADIUS, width, 4 * PANEL_RADIUS)
    )


def band_panel(
    image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, fill: Colour, edge: Colour, line: int
) -> None:
    """A seat's band: a rounded panel with an edge `line` px wide."""
    x0, y0, x1, y1 = box
    top, bottom = _band_ends(x1 - x0 + 1, fill, edge, line)
    paste(image, top, (x0, y0))
    paste(image, bottom, (x0, y1 + 1 - bottom.height))
    middle = (y0 + top.height, y1 - bottom.height)
    if middle[1] >= middle[0]:
        draw.rectangle((x0, middle[0], x1, middle[1]), fill=edge)
        draw.rectangle((x0 + line, middle[0], x1 - line, middle[1]), fill=fill)


def _draw_band(
    image: Image.Image, draw: ImageDraw.ImageDraw, layout: FloodLayout, view: FloodView, seat: int
) -> None:
    box = layout.bands[seat]
    side = view.seats[seat]
    current = seat in view.to_move
    if current:
        fill, edge, line = PANEL_ACTIVE, ACCENT, 5
    elif seat in view.winners:
        fill, edge, line = mix(PANEL, GOOD, 0.16), GOOD, 5
    else:
        fill, edge, line = PANEL, PANEL_EDGE, 2
    band_panel(image, draw, box, fill, edge, line)
    if view.suggested:  # under the pieces, so the tint never hides one
        _tint_landings(draw, view, box, fill)
    paste(image, seat_chip_sprite(side.colour, seat), (box[0] + PAD, box[1] + PAD))

    resolving = view.resolving if current else None
    candidates = set(resolving.towers) if resolving else set()
    for index, spot in enumerate(side.cards):
        if (seat, index) not in layout.cards:
            continue
        card = layout.cards[(seat, index)]
        if spot.card in candidates:  # the towers the ship being placed may go on
            cx0, _, cx1, cy1 = card
            top = cy1 - TILE_H + TILE_SINK - piece_height(spot, layout.scale)
            dashed_frame(draw, (cx0 - 5, top - 6, cx1 + 4, cy1 + 4), colour=ACCENT, width=4)
        draw_flood_card(image, draw, spot, card, layout.tiles[(seat, index)], layout.scale)
    if seat in layout.empties:
        x0, tile_top, _, _ = layout.empties[seat]
        sprite = empty_sprite(empty_count(view, seat))
        paste(image, sprite, (x0, tile_top + TILE_H - sprite.height))
    for k, ship in enumerate(side.pending):
        cx0, _, cx1, cy1 = layout.pending[(seat, k)]
        placing = bool(resolving) and resolving.card == ship.card
        colour = ACCENT if placing else PENDING
        ship_top = cy1 - TILE_H + TILE_SINK - piece_height(ship, layout.scale)
        frame = (cx0 - FRAME, ship_top - FRAME, cx1 + FRAME, cy1 + FRAME)
        draw.rounded_rectangle(frame, radius=8, fill=mix(PANEL, colour, 0.22))
        dashed_frame(draw, frame, colour=colour, width=4)
        draw_flood_card(image, draw, ship, (cx0, 0, cx1, cy1), cy1 - TILE_H, layout.scale)
    if current and layout.drawn and view.drawn:
        x0, tile_top, x1, tile_bottom = layout.drawn
        dashed_frame(
            draw, (x0 - FRAME, tile_top - FRAME, x1 + FRAME, tile_bottom + FRAME), colour=ACCENT, width=4
        )
        for k, drawn in enumerate(view.drawn):
            draw_tile(
                image,
                drawn.card,
                drawn.sector,
                x0 + k * (layout.tile_width + ITEM_GAP),
                tile_top,
                layout.tile_width,
            )


# --- the rules picture ----------------------------------------------------------------------------

RULE_SCALE = 40  # every pyramid shows its letter, as on the board
TITLE_LINE_H = 40
RULE_GAP = 10
TITLE_COLUMN = 300  # a full-width panel's title, left of its diagram
# The panels of the rules picture, each a diagram beside or under its title (the presenter's alt
# text names them with these titles and says what each diagram shows).
RULE_ACTIONS = (
    ("draw", N_("Draw")),
    ("scrap", N_("Scrap two ships")),
    ("build", N_("Build")),
    ("infiltrate", N_("Infiltrate")),
)
RULE_STACKING = N_("Stacking: never bigger on top")
RULE_FLOOD = N_("The flood: after each round, 3, 4, 5 rolls")
RULE_SCORING = N_("Scoring, after the flood of round 3")
# The cards of the action diagrams: drawn (kept, discarded), scrapped, built on, infiltrating P2
DRAW_EXAMPLE = ("7h", "3c")
SCRAP_EXAMPLE = "5d"
BUILD_EXAMPLE = "9s"
INFILTRATE_EXAMPLE = "6s"
STACKING_EXAMPLES = ((["G3", "R2", "G1"], True), (["B2", "B2"], True), (["R1", "R2"], False))
FLOODED_TOWER = ["R3", "B3", "R2", "G1"]  # the rules' flood example, on an 8 before sector 8 floods
FLOOD_DICE = (2, 3, 4)
SCORING_EXAMPLES = (  # points, then the cards earning them with their towers
    (15, (("2d", ("B3", "B2", "B2", "B1")),)),  # the tallest tower
    (10, (("5c", ("B1",)), ("9h", ("B2",)))),  # the most single-pyramid towers
    (7, (("7s", ("B3", "G1")),)),  # a tower of 2 or more on a 7
)


def title_lines(text: str, width: float) -> list[str]:
    """A title in the spoken language, wrapped to `width` at LABEL_SIZE in bold."""
    lines: list[str] = []
    for word in tr(text).split():
        attempt = f"{lines[-1]} {word}" if lines else word
        if lines and measure(attempt, LABEL_SIZE, True) <= width:
            lines[-1] = attempt
        else:
            lines.append(word)
    return lines


def _label(
    image: Image.Image, xy: tuple[float, float], text: str, *, fill: Colour = TEXT, anchor: str = "lm"
) -> float:
    return draw_text(draw_on(image), xy, text, size=LABEL_SIZE, fill=fill, anchor=anchor, bold=True)


def _draw_title(image: Image.Image, lines: list[str], x: float, top: float) -> None:
    for i, line in enumerate(lines):
        _label(image, (x, top + TITLE_LINE_H * (i + 0.5)), line, fill=ACCENT)


def _rule_card(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    code: str,
    x: float,
    tile_top: float,
    *,
    ship: str | None = None,
    tower: tuple[str, ...] | list[str] = (),
) -> Box:
    """A diagram card with a ship, a tower or nothing, its tile's top at `tile_top`; returns the
    tile's box."""
    width = tile_width(RULE_SCALE)
    spot = CardInPlay(card=code, sector=SECTOR_OF_CARD[code], ship=ship, tower=tuple(tower))
    box = (round(x), round(tile_top), round(x) + width, round(tile_top) + TILE_H)
    draw_flood_card(image, draw, spot, box, round(tile_top), RULE_SCALE)
    return box


def _mark(draw: ImageDraw.ImageDraw, centre: tuple[float, float], *, good: bool) -> None:
    """A tick (allowed) or a cross (not allowed) in a disc: the font has neither."""
    cx, cy = centre
    radius = 20
    draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=GOOD if good else PENALTY)
    ink = ON_GOOD if good else (255, 255, 255)
    if good:
        draw.line([(cx - 10, cy + 1), (cx - 3, cy + 9), (cx + 11, cy - 8)], fill=ink, width=5, joint="curve")
    else:
        draw.line((cx - 8, cy - 8, cx + 8, cy + 8), fill=ink, width=5)
        draw.line((cx - 8, cy + 8, cx + 8, cy - 8), fill=ink, width=5)


DIE_SPOTS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


def _die(draw: ImageDraw.ImageDraw, value: int, x: float, y: float, size: int) -> None:
    draw.rounded_rectangle(
        (x, y, x + size, y + size), radius=size // 6, fill=CARD_FACE, outline=CARD_EDGE, width=2
    )
    radius = size * 0.1
    for px, py in DIE_SPOTS[value]:
        cx, cy = x + px * size, y + py * size
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=SUIT_BLACK)


def _diagram_height(*towers: list[str] | tuple[str, ...]) -> int:
    """How tall a diagram of cards with these towers stands, from its tallest piece to its tiles' bottom."""
    return round(max(tower_height(list(tower), RULE_SCALE) for tower in towers)) - TILE_SINK + TILE_H


def _action_diagram(
    image: Image.Image, draw: ImageDraw.ImageDraw, kind: str, x: float, tile_top: float
) -> None:
    """The picture of one action, its left end at x and its cards' tiles at `tile_top`."""
    card_w = tile_width(RULE_SCALE)
    middle = tile_top + TILE_H / 2
    after = x + card_w + 100  # where the card stands after the action
    if kind == "draw":  # two cards face up; one keeps a ship, the other is discarded
        kept, discarded = DRAW_EXAMPLE
        draw_tile(image, discarded, SECTOR_OF_CARD[discarded], x, tile_top - 40, card_w)
        draw_tile(image, kept, SECTOR_OF_CARD[kept], x + 16, tile_top, card_w)
        right_arrow(draw, x + card_w + 34, middle, 50, MUTED)
        _rule_card(image, draw, kept, after + 16, tile_top, ship="R2")
    elif kind == "scrap":
        _rule_card(image, draw, SCRAP_EXAMPLE, x, tile_top, ship="R2")
        right_arrow(draw, x + card_w + 25, middle, 50, MUTED)
        _rule_card(image, draw, SCRAP_EXAMPLE, after, tile_top, tower=["R2"])
    elif kind == "build":
        _rule_card(image, draw, BUILD_EXAMPLE, x, tile_top, tower=["R3", "B2"])
        _paste_pyramid(image, "R1", RULE_SCALE, x + card_w + 50, middle - 20)
        right_arrow(draw, x + card_w + 25, middle, 50, MUTED)
        _rule_card(image, draw, BUILD_EXAMPLE, after, tile_top, tower=["R3", "B2", "R1"])
    else:  # the ship goes with its card to P2, framed pink until it lands
        _rule_card(image, draw, INFILTRATE_EXAMPLE, x, tile_top, ship="R2")
        right_arrow(draw, x + card_w + 25, middle, 50, MUTED)
        ship_top = tile_top + TILE_SINK - pyramid_extent(2, RULE_SCALE)[0]
        frame = (after - FRAME, ship_top - FRAME, after + card_w + FRAME, tile_top + TILE_H + FRAME)
        draw.rounded_rectangle(frame, radius=8, fill=mix(PANEL, PENDING, 0.22))
        dashed_frame(draw, frame, colour=PENDING, width=4)
        _rule_card(image, draw, INFILTRATE_EXAMPLE, after, tile_top, ship="R2")
        chip = seat_chip_sprite("B", 1)
        paste(image, chip, (frame[2] + 14, tile_top + TILE_H - chip.height))


ACTION_DIAGRAM_H = {
    "draw": TILE_H + 40,
    "scrap": _diagram_height(["R2"]),
    "build": _diagram_height(["R3", "B2", "R1"]),
    "infiltrate": TILE_H + FRAME + pyramid_extent(2, RULE_SCALE)[0] - TILE_SINK + FRAME,
}


def _rule_actions(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> int:
    """The four actions two by two, each its title over its diagram."""
    column_w = (WIDTH - 2 * MARGIN - RULE_GAP) // 2
    for row in range(2):
        pair = RULE_ACTIONS[2 * row : 2 * row + 2]
        titles = [
            title_lines(f"{2 * row + k + 1}. {tr(title)}", column_w - 2 * PAD)
            for k, (_, title) in enumerate(pair)
        ]
        title_h = TITLE_LINE_H * max(len(lines) for lines in titles)
        box_h = PAD + title_h + 12 + max(ACTION_DIAGRAM_H[kind] for kind, _ in pair) + PAD
        for column, ((kind, _), lines) in enumerate(zip(pair, titles, strict=True)):
            x0 = MARGIN + column * (column_w + RULE_GAP)
            _panel(draw, (x0, top, x0 + column_w, top + box_h))
            _draw_title(image, lines, x0 + PAD + 4, top + PAD)
            _action_diagram(image, draw, kind, x0 + PAD + 8, top + box_h - PAD - TILE_H)
        top += box_h + RULE_GAP
    return top - RULE_GAP


def _wide_panel(image: Image.Image, draw: ImageDraw.ImageDraw, top: int, title: str, diagram_h: int) -> Box:
    """A full-width panel, its title on the left and room for a diagram `diagram_h` tall beside it;
    returns the diagram's box."""
    lines = title_lines(title, TITLE_COLUMN - PAD)
    height = 2 * PAD + max(diagram_h, TITLE_LINE_H * len(lines))
    _panel(draw, (MARGIN, top, WIDTH - MARGIN, top + height))
    _draw_title(image, lines, MARGIN + PAD + 4, top + PAD)
    return (MARGIN + TITLE_COLUMN + PAD, top + PAD, WIDTH - MARGIN - PAD, top + height - PAD)


def _rule_stacking(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> int:
    """Three towers: bigger under smaller and equal sizes are fine, bigger on top is not."""
    diagram = _wide_panel(
        image, draw, top, RULE_STACKING, _diagram_height(*(tower for tower, _ in STACKING_EXAMPLES))
    )
    x, tile_top = diagram[0], diagram[3] - TILE_H
    for tower, good in STACKING_EXAMPLES:
        card = _rule_card(image, draw, "4c", x, tile_top, tower=tower)
        _mark(draw, (card[2] + 32, tile_top - 30), good=good)
        x = card[2] + 90
    return diagram[3] + PAD


def _rule_flood(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> int:
    """Three dice naming sector 8, and the tower on an 8 losing all pyramids of its bottom size."""
    diagram = _wide_panel(image, draw, top, RULE_FLOOD, _diagram_height(FLOODED_TOWER))
    tile_top = diagram[3] - TILE_H
    middle = tile_top + TILE_H / 2
    x = diagram[0]
    die = 40
    for value in FLOOD_DICE:
        _die(draw, value, x, middle - die / 2, die)
        x += die + 6
    x += 6 + _label(image, (x + 6, middle), f"{MINUS}1 = {sum(FLOOD_DICE) - 1}")
    right_arrow(draw, x + 14, middle, 44, MUTED)
    before = _rule_card(image, draw, "8h", x + 72, tile_top, tower=FLOODED_TOWER)
    right_arrow(draw, before[2] + 14, middle, 44, MUTED)
    bottom = pyramid_size(FLOODED_TOWER[0])
    kept = [code for code in FLOODED_TOWER if pyramid_size(code) != bottom]
    _rule_card(image, draw, "8h", before[2] + 72, tile_top, tower=kept)
    return diagram[3] + PAD


def _rule_scoring(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> int:
    """The tallest tower +15, the most single towers +10, a tower of 2 or more on a 7 +7."""
    towers = [tower for _, cards in SCORING_EXAMPLES for _, tower in cards]
    diagram = _wide_panel(image, draw, top, RULE_SCORING, _diagram_height(*towers))
    tile_top = diagram[3] - TILE_H
    card_w = tile_width(RULE_SCALE)
    x = diagram[0]
    for points, cards in SCORING_EXAMPLES:
        for code, tower in cards:
            _rule_card(image, draw, code, x, tile_top, tower=tower)
            x += card_w + 6
        x += _label(image, (x, tile_top + TILE_H / 2), f"+{points}", fill=GOOD) + 26
    return diagram[3] + PAD


@once_per_language
def render_flood_rules_picture() -> bytes:
    """The /rules picture: the four actions, the stacking rule, the flood and the scoring, as
    diagrams with their titles (the rules themselves are in the /rules text).

    It never changes, so it is drawn once per process and language.
    """
    height = MAX_HEIGHT  # cropped to the content below
    image, draw = new_canvas(WIDTH, height)
    y = _rule_actions(image, draw, MARGIN)
    y = _rule_stacking(image, draw, y + RULE_GAP)
    y = _rule_flood(image, draw, y + RULE_GAP)
    y = _rule_scoring(image, draw, y + RULE_GAP)
    return to_png(image.crop((0, 0, WIDTH, min(height, y + MARGIN))))


# Nothing in Flood is hidden: a seat's picture is the board.
PICTURES = Pictures(board=render_flood_board, private=render_flood_board, rules=render_flood_rules_picture)
