"""The Martian Trickery board: the trick on the table, the pool, and the pyramids each seat took.

It never reads a seat's hand: it is public, whatever view it is given.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.trickery import Trick, TrickeryView

from . import common
from .common import (
    ACCENT,
    BACKGROUND,
    FAINT,
    GOOD,
    ON_ACCENT,
    ON_GOOD,
    PANEL,
    PANEL_ACTIVE,
    PANEL_EDGE,
    TEXT,
    Box,
    Colour,
    draw_text,
    new_canvas,
    pill,
    seat_tag,
    to_png,
)
from .pieces import (
    badge_overhang,
    card_extent,
    draw_card_slot,
    draw_pyramid,
    draw_pyramid_row,
    pyramid_extent,
    row_width,
)
from .trickery_layout import (
    CARD_W,
    PAD,
    POOL_SCALE,
    PRIZE_COLUMN_W,
    PRIZE_SCALE,
    RADIUS,
    TAG_H,
    TAG_SIZE,
    TAKEN_SCALES,
    board_layout,
)
from .trickery_sprites import SUGGESTED, draw_card, draw_ghost, pyramids_of_the_set


def render_trickery_board(view: TrickeryView, *, names: list[str] | None = None) -> bytes:
    """The trick on the table, the pool and what each seat took. Names are Discord text, not drawn."""
    layout = board_layout(view)
    pyramids_of_the_set(view.nests, view.penalty_colour, common.CANVAS_MODE)
    image, draw = new_canvas(layout.width, layout.height)
    _draw_table(image, draw, layout.table, view)
    if layout.pool is not None:
        _draw_pool(image, draw, layout.pool, view)
    for seat, box in enumerate(layout.seats):
        _draw_seat(image, draw, box, view, seat)
    return to_png(image)


def _tag(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    seat: int,
    colours: tuple[Colour, Colour],
    anchor="m",
) -> Box:
    """A seat's tag as a pill; returns its box."""
    fill, ink = colours
    return pill(draw, centre, seat_tag(seat), size=TAG_SIZE, fill=fill, text_fill=ink, anchor=anchor)


PLAIN_TAG = (TEXT, BACKGROUND)
WAITING_TAG = (FAINT, BACKGROUND)
TURN_TAG = (ACCENT, ON_ACCENT)
WON_TAG = (GOOD, ON_GOOD)


def _draw_seat(
    image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: TrickeryView, seat: int
) -> None:
    """The seat's tag and the pyramids it took this hand (at the end: in the last hand), point
    pyramids first; framed in yellow while it must play, in green if it won the match."""
    to_move = seat in view.to_move
    won = seat in view.winners
    edge, edge_width = (ACCENT, 6) if to_move else ((GOOD, 6) if won else (PANEL_EDGE, 2))
    fill = PANEL_ACTIVE if to_move else PANEL
    draw.rounded_rectangle(box, radius=RADIUS, fill=fill, outline=edge, width=edge_width)
    x0, y0, x1, y1 = box
    colours = TURN_TAG if to_move else (WON_TAG if won else PLAIN_TAG)
    tag = _tag(draw, (x0 + PAD, (y0 + y1) / 2), seat, colours, anchor="l")
    taken = view.seats[seat].taken
    room = x1 - PAD - tag[2] - 18
    scale = next((s for s in TAKEN_SCALES if row_width(taken, s, 6) <= room), TAKEN_SCALES[-1])
    draw_pyramid_row(
        image, taken, tag[2] + 18, y1 - 12, scale=scale, gap=6, penalty_colour=view.penalty_colour
    )


# --- the pool -------------------------------------------------------------------------------


def _draw_pool(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: TrickeryView) -> None:
    """The nests side by side across the width; a taken pyramid, or the prize at stake, leaves a
    faint outline."""
    x0, _, x1, y1 = box
    draw.rounded_rectangle(box, radius=RADIUS, fill=PANEL, outline=PANEL_EDGE, width=2)
    nests = view.pool_nests
    gap = 10
    nest_w = sum(pyramid_extent(size, POOL_SCALE)[0] for size in (1, 2, 3)) + 2 * gap
    between = (x1 - x0 - 2 * PAD - len(nests) * nest_w) / (len(nests) + 1)
    baseline = y1 - 20
    x = x0 + PAD + between
    suggested = view.suggested.prize if view.suggested else None
    for nest in nests:
        for size, here in zip((1, 2, 3), nest.left, strict=True):
            code = f"{nest.colour}{size}"
            if here:
                if code == suggested:
                    _mark_suggested_pyramid(draw, x, baseline, int(size), POOL_SCALE)
                    suggested = None  # one mark, where the set has two nests of a colour
                x += draw_pyramid(
                    image, code, x, baseline, scale=POOL_SCALE, penalty_colour=view.penalty_colour
                )
            else:
                x += draw_ghost(image, size, x, baseline, POOL_SCALE)
            x += gap
        x += between - gap


def _mark_suggested_pyramid(
    draw: ImageDraw.ImageDraw, x: float, baseline: float, size: int, scale: int
) -> None:
    """Under the suggested prize (its base's left end at x, baseline), drawn before it: a pink
    block from the panel's foot to above its apex, as wide as the gaps to its neighbours allow."""
    width, height = pyramid_extent(size, scale)
    over = badge_overhang(scale)
    draw.rounded_rectangle(
        (x - 5, baseline - height - over - 8, x + width + over // 2 + 5, baseline + 12),
        radius=8,
        fill=SUGGESTED,
    )


# --- the trick ------------------------------------------------------------------------------


def _draw_table(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: TrickeryView) -> None:
    """The prize, then one slot per seat in play order with its tag above it: the leader's first.
    The winning card is framed in green; the slot of the seat to play next in yellow."""
    x0, y0, x1, _ = box
    draw.rounded_rectangle(box, radius=RADIUS, fill=PANEL, outline=PANEL_EDGE, width=2)
    trick = view.table
    over = trick.over
    card_w, card_h = card_extent(CARD_W)
    card_top = y0 + PAD + TAG_H + 12
    _draw_prize(image, draw, (x0 + PAD, card_top, x0 + PAD + PRIZE_COLUMN_W, card_top + card_h), trick, view)
    n = view.num_players
    start = x0 + PAD + PRIZE_COLUMN_W + 20
    step = min(card_w + 60, (x1 - PAD - start - card_w) / (n - 1))
    start += (x1 - PAD - start - (step * (n - 1) + card_w)) / 2  # centred in the room left
    plays = trick.plays
    winner = trick.winner
    for i in range(n):
        seat = (trick.leader + i) % n
        x = round(start + i * step)
        next_up = not over and seat in view.to_move
        if i < len(plays):
            frame = GOOD if seat == winner else None
            draw_card(image, plays[i].card, (x, card_top), card_w, dim=over and seat != winner, frame=frame)
        else:
            draw_card_slot(draw, (x, card_top), card_w, colour=ACCENT if next_up else FAINT)
        if seat == winner and i < len(plays):
            colours = WON_TAG
        elif next_up:
            colours = TURN_TAG
        else:
            colours = WAITING_TAG if over or i >= len(plays) else PLAIN_TAG
        _tag(draw, (x + card_w / 2, y0 + PAD + TAG_H / 2), seat, colours)


def _draw_prize(
    image: Image.Image, draw: ImageDraw.ImageDraw, column: Box, trick: Trick, view: TrickeryView
) -> None:
    """The prize pyramid standing level with the cards; before the lead, an empty outline."""
    x0, _, x1, bottom = column
    centre = (x0 + x1) / 2
    prize = trick.prize
    width, height = pyramid_extent(int(prize[1]) if prize else 3, PRIZE_SCALE)
    if prize:
        draw_pyramid(
            image,
            prize,
            centre - width / 2,
            bottom - 4,
            scale=PRIZE_SCALE,
            penalty_colour=view.penalty_colour,
        )
    else:
        draw_ghost(image, 3, centre - width / 2, bottom - 4, PRIZE_SCALE)
        draw_text(
            draw,
            (centre, bottom - 4 - height * 0.38),
            "?",
            size=TAG_SIZE + 8,
            fill=FAINT,
            anchor="mm",
            bold=True,
        )
