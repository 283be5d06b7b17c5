"""Martian Flood pictures: the board (also every seat's picture: nothing in Flood is hidden), and
`PICTURES`, with the rules picture (`renderers.flood_rules`).

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

Where things go is `renderers.flood_layout`'s, the pieces are `renderers.flood_sprites`'.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from games.flood_views import FloodView, LoggedAction

from .common import (
    ACCENT,
    GOOD,
    PANEL,
    PANEL_ACTIVE,
    PANEL_EDGE,
    PANEL_RADIUS,
    SUPERSAMPLE,
    Box,
    Colour,
    Pictures,
    dashed_frame,
    mix,
    new_canvas,
    paste,
    to_png,
)
from .flood_layout import (
    FRAME,
    ITEM_GAP,
    PAD,
    TILE_H,
    TILE_SINK,
    FloodLayout,
    board_layout,
    chip_extent,
    empty_count,
    piece_height,
)
from .flood_rules import render_flood_rules_picture
from .flood_sprites import PENDING, draw_flood_card, draw_tile, empty_sprite, seat_chip_sprite

SUGGESTED = (40, 222, 255)  # a suggested move: no piece and no other mark of this board is cyan
SUGGESTED_LINE = 8  # 3-4 px on a phone
SUGGESTED_TINT = 0.3  # of the cyan in the background where the suggested move puts a piece
SUGGESTED_GAP = 6  # between a framed thing and its frame: clear of the pieces, inside the item gap


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


# Nothing in Flood is hidden: a seat's picture is the board.
PICTURES = Pictures(board=render_flood_board, private=render_flood_board, rules=render_flood_rules_picture)
