"""Where things go on the Agents of M.A.R.S. pictures: the sizes that read on a phone, the board's
squares, and the objective picture's rows of slot cards (tests and click maps ask for these too)."""

from __future__ import annotations

from dataclasses import dataclass

from games.mars_views import MarsView

from .common import (
    MARGIN,
    WIDTH,
    Box,
    once_per_picture,
)
from .pieces import pyramid_extent

# Sizes that read on a phone: a picture 1000 px wide is shown about 325 px wide, so a word needs a
# font of 31 px or more to come out 10 px tall.
LABEL_SIZE = 32  # coordinates, status words, rule labels
NAME_SIZE = 36  # a slot's colour
VALUE_SIZE = 52  # a slot's value
EDGE = 14  # plain background around the board
GUTTER = 44  # rank numbers, left of the board
FOOT = 50  # file letters, under the board
RADIUS = 14
PAD = 16


# --- the board's squares --------------------------------------------------------------------------


def square_index(view: MarsView, square: str) -> tuple[int, int]:
    """(column from the left, row from the top) of a square like "c4"."""
    return ord(square[0].lower()) - ord("a"), view.ranks - int(square[1:])


def on_board(view: MarsView, square: str) -> bool:
    try:
        column, row = square_index(view, square)
    except (ValueError, IndexError):
        return False
    return 0 <= column < view.files and 0 <= row < view.ranks


@dataclass(frozen=True)
class MarsLayout:
    width: int
    height: int
    square: int  # side of one square, px
    board: Box  # the squares only


def square_size(view: MarsView) -> int:
    """As large as the picture's width allows: 134 px on 7x8, 117 px on 8x8."""
    return (WIDTH - 2 * EDGE - GUTTER) // view.files


@once_per_picture
def board_layout(view: MarsView) -> MarsLayout:
    square = square_size(view)
    left = (WIDTH - GUTTER - square * view.files) // 2 + GUTTER
    board = (left, EDGE, left + square * view.files, EDGE + square * view.ranks)
    return MarsLayout(WIDTH, board[3] + FOOT + EDGE, square, board)


def board_square_box(view: MarsView, square: str) -> Box:
    """The pixel box of a square on the board picture (for tests and click maps)."""
    layout = board_layout(view)
    column, row = square_index(view, square)
    x0 = layout.board[0] + column * layout.square
    y0 = layout.board[1] + row * layout.square
    return (x0, y0, x0 + layout.square, y0 + layout.square)


# --- the objective picture's cards ----------------------------------------------------------------

CARD_GAP = 10
CARD_PAD = 6  # between a card's edge and its words: five cards leave each about 187 px
OBJECTIVE_SCALE = 64  # px: a small pyramid's height; a card shows a large one
OTHER_SCALE = 44  # the other objective's cards (Blind Agents; P2 for a spectator) are shorter
HEADING_H = 56
STATUS_LINE_H = 40
STATUS_ROOM = 2 * STATUS_LINE_H  # who may see the slot, on one line or two


def card_height(scale: int) -> int:
    """Value, the pyramid, the colour's name and who may see it, one under another."""
    return 72 + pyramid_extent(3, scale)[1] + 8 + 44 + STATUS_ROOM + 10


def _card_row(top: int, count: int, height: int) -> list[Box]:
    count = max(1, count)
    width = min(230, (WIDTH - 2 * (MARGIN - 4) - CARD_GAP * (count - 1)) // count)
    left = (WIDTH - count * width - (count - 1) * CARD_GAP) // 2
    step = width + CARD_GAP
    return [(left + i * step, top, left + i * step + width, top + height) for i in range(count)]


def objectives_shown(view: MarsView) -> list[int]:
    """The seats whose objective the picture shows: the viewer's (P1's for a spectator) first, then
    the other, where the viewer sees some of its hidden colours (Blind Agents) or is a spectator."""
    seat = view.seat
    main = seat if seat is not None else 0
    others = [
        other
        for other in range(len(view.objectives))
        if other != main and (seat is None or any(s.colour for s in view.objectives[other].slots))
    ]
    return [main, *others]


SWAP_BAND = 60  # room above an objective's cards for the arrow of a suggested slot swap


def suggested_slot_swap(view: MarsView) -> tuple[int, list[int]] | None:
    """(whose objective, the two slot values) of a suggested objective swap, if one is suggested."""
    mark = view.suggested
    if not mark or mark.kind != "objective" or not mark.slots:
        return None
    return mark.owner, list(mark.slots)


@once_per_picture
def objective_layout(view: MarsView) -> list[tuple[int, Box | None, list[Box]]]:
    """(seat, its heading or None, its cards) for each objective shown: headings only when two are."""
    shown = objectives_shown(view)
    swap = suggested_slot_swap(view)
    y = MARGIN
    found = []
    for index, seat in enumerate(shown):
        heading = None
        if len(shown) > 1:
            heading = (MARGIN, y, WIDTH - MARGIN, y + HEADING_H)
            y += HEADING_H
        if swap and swap[0] == seat:
            y += SWAP_BAND
        height = card_height(OBJECTIVE_SCALE if index == 0 else OTHER_SCALE)
        found.append((seat, heading, _card_row(y, len(view.objectives[seat].slots), height)))
        y += height + 2 * MARGIN
    return found


def objective_card_boxes(view: MarsView) -> list[Box]:
    """Where render_mars_objective draws each slot of the viewing seat (or P1 for a spectator)."""
    return objective_layout(view)[0][2]
