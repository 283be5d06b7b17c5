"""Where things go in Martian Trickery's pictures: the sizes chosen for a phone, the board's panels
(the table, the pool, the seats) and the hand's cards."""

from __future__ import annotations

from dataclasses import dataclass

from games.trickery import TrickerySeatView, TrickeryView

from .common import MARGIN, WIDTH, Box, once_per_picture
from .pieces import card_extent, pyramid_extent

GAP = 12
PAD = 16
RADIUS = 16

# The only words drawn: seat tags, 11.7 px tall when the picture is shown 325 px wide.
TAG_SIZE = 36
TAG_H = round(TAG_SIZE * 1.45)  # a pill's height (renderers.common.pill)

# Sizes chosen for a phone: a card's rank (a third of its width) and a small pyramid's colour
# letter stay readable at 325 px.
CARD_W = 144  # on the table and in the hand alike: one set of card tiles
POOL_SCALE = 66
PRIZE_SCALE = POOL_SCALE  # one sprite for a pyramid in the pool and as the prize
TAKEN_SCALE = 54
TAKEN_SCALES = (TAKEN_SCALE, 44, 36, 29, 24)  # a long row shrinks in steps: few sprites to make
PRIZE_COLUMN_W = 150
TABLE_H = PAD + TAG_H + 12 + card_extent(CARD_W)[1] + 20
POOL_H = pyramid_extent(3, POOL_SCALE)[1] + 48
SEAT_H = pyramid_extent(3, TAKEN_SCALE)[1] + 30


@dataclass(frozen=True)
class BoardLayout:
    width: int
    height: int
    table: Box  # the trick: the prize, then a card slot per seat in play order
    pool: Box | None  # the pyramids still on offer (none once the match is over)
    seats: tuple[Box, ...]  # per seat, its tag and the pyramids it took this hand


@once_per_picture
def board_layout(view: TrickeryView) -> BoardLayout:
    """Top to bottom: the table, the pool, then the seats two to a row (P1 P2 / P3 P4)."""
    left, right = MARGIN, WIDTH - MARGIN
    table = (left, MARGIN, right, MARGIN + TABLE_H)
    y = table[3] + GAP
    pool = None
    if not view.is_over:
        pool = (left, y, right, y + POOL_H)
        y = pool[3] + GAP
    seat_w = (right - left - GAP) // 2
    seats = []
    for seat in range(view.num_players):
        row, column = divmod(seat, 2)
        x = left + column * (seat_w + GAP)
        top = y + row * (SEAT_H + GAP)
        seats.append((x, top, x + seat_w, top + SEAT_H))
    return BoardLayout(WIDTH, seats[-1][3] + MARGIN, table, pool, tuple(seats))


# --- the hand -------------------------------------------------------------------------------

HAND_PER_ROW = 6  # twelve cards make two rows
HAND_CARD_GAP = 20
HAND_LIFT = 14


def hand_card_boxes(view: TrickerySeatView) -> list[Box]:
    """Where render_trickery_hand puts each card before lifting it: rows of up to six, halves of
    the hand when it has more (for tests and click maps)."""
    cards = view.hand
    per_row = (len(cards) + 1) // 2 if len(cards) > HAND_PER_ROW else len(cards)
    rows = [cards[i : i + per_row] for i in range(0, len(cards), per_row)] if cards else []
    card_w, card_h = card_extent(CARD_W)
    boxes = []
    for r, row in enumerate(rows):
        top = MARGIN + HAND_LIFT + 6 + r * (card_h + HAND_CARD_GAP + 6)
        left = (WIDTH - len(row) * card_w - (len(row) - 1) * HAND_CARD_GAP) / 2
        for i in range(len(row)):
            x = round(left + i * (card_w + HAND_CARD_GAP))
            boxes.append((x, top, x + card_w, top + card_h))
    return boxes
