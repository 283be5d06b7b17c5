"""Where everything goes on the Martian Flood board: one band per seat across the full width, its
chip on the left and then, in rows, its cards with pieces in area order, one grey tile for its
empty cards, its pending ships and, for the seat choosing which to keep, the drawn cards. Every
band uses one scale, so towers compare across players: the largest that keeps the picture within
1.2 times its width. Also the sizes every Flood picture measures its pieces and labels with.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from games.flood_views import CardInPlay, FloodView

from .common import MARGIN, WIDTH, Box, once_per_picture, seat_tag, text_width
from .pieces import pyramid_extent

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
