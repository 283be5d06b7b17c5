"""Where things go on the Martian Combat board picture: the grid seen from the South, the bars of
the starting rows, a square's chip, flag and tray, and each pyramid of a stack with its badge."""

from __future__ import annotations

import math
from dataclasses import dataclass

from games.combat import BOARD_GEOMETRY
from games.combat_views import Square

from .combat_sprites import BADGE, CELL, CHIP, goal_flag, padlock_sprite, scaled
from .common import Box
from .pieces import pyramid_extent

FILES = BOARD_GEOMETRY["files"]
RANKS = BOARD_GEOMETRY["ranks"]
SQUARES = tuple(f"{file}{rank}" for rank in range(1, RANKS + 1) for file in FILES)

# --- the picture's geometry -----------------------------------------------------------------------

COORD_SIZE = 32  # the squares' coordinates: 10.4 px at phone width
COORD_ROOM = 38  # the rank numbers' column, the file letters' row
EDGE = 5  # the board's frame
BAR_GAP = 4
BAR_W = 15  # a start square's bar outside the board
ROW_BAR_W = 6  # the rest of the starting row
BAR_ROOM = EDGE + BAR_GAP + BAR_W
SIDE = 6  # the picture's margin
BOARD_X0 = SIDE + COORD_ROOM + BAR_ROOM
BOARD_Y0 = SIDE + BAR_ROOM
BOARD_X1 = BOARD_X0 + 6 * CELL
BOARD_Y1 = BOARD_Y0 + 6 * CELL
HEIGHT = BOARD_Y1 + BAR_ROOM + COORD_ROOM + SIDE

# Inside a square: the force chip (or the frozen snowflake) top-left, a goal square's flag under it,
# the tower on an axis a little right of the middle, the badges in a column on the right, a nest's
# tray along the bottom.
INSET = scaled(8)
TOWER_SCALE = scaled(26)  # a small pyramid's height: a capped L-M-S tree just fits the square
TRAY_SCALE = scaled(15)
TRAY_H = scaled(28)
TRAY_BADGE = scaled(24)
TREE_LIFT = 0.55  # a smaller pyramid sits this far up the bigger one under it
TOWER_X = 0.52  # right of a goal flag; the badges still clear it
PADLOCK = scaled(15)
SMALL_FLAG = scaled(22)  # beside a stack: ends above a nest's tray
BIG_FLAG = scaled(52)  # alone on an empty goal square
ARROW_W = scaled(6)
FRAME_W = scaled(4)
SUGGESTED_W = scaled(6)  # the suggested move's dashed frame: wider than the others, seen first
SUGGESTED_DASH = scaled(14)


def square_index(square: str) -> tuple[int, int]:
    """(column from the left, row from the top) of a square like "c4"."""
    return FILES.index(square[0].lower()), RANKS - int(square[1])


def _box_of(square: str) -> Box:
    column, row = square_index(square)
    x0, y0 = BOARD_X0 + column * CELL, BOARD_Y0 + row * CELL
    return (x0, y0, x0 + CELL, y0 + CELL)


SQUARE_BOXES: dict[str, Box] = {square: _box_of(square) for square in SQUARES}  # worked out once


def square_box(square: str) -> Box:
    """The pixel box of a square on the board picture (the same for every view)."""
    return SQUARE_BOXES[square]


def start_bar_box(side: str, square: str, width: int = BAR_W) -> Box:
    """The bar outside the board edge beside a square of `side`'s starting row."""
    x0, y0, x1, y1 = square_box(square)
    near = EDGE + BAR_GAP
    if side == "S":
        return (x0 + 3, y1 + near, x1 - 3, y1 + near + width)
    if side == "N":
        return (x0 + 3, y0 - near - width, x1 - 3, y0 - near)
    if side == "W":
        return (x0 - near - width, y0 + 3, x0 - near, y1 - 3)
    return (x1 + near, y0 + 3, x1 + near + width, y1 - 3)


def chip_box(square: str) -> Box:
    """Where a square shows its force chip, or the snowflake of a frozen stack."""
    x0, y0, _, _ = square_box(square)
    return (x0 + INSET, y0 + INSET, x0 + INSET + CHIP, y0 + INSET + CHIP)


def goal_flag_box(box: Box, *, alone: bool) -> Box:
    """Where a goal square (its `box`) flies its owner's flag: big in the middle of an empty square;
    beside a stack on the left, under the force chip, clear of the tower's base and of a nest's tray."""
    x0, y0, x1, y1 = box
    flag = goal_flag("R", BIG_FLAG if alone else SMALL_FLAG)
    if alone:
        left, top = (x0 + x1 - flag.width) // 2, (y0 + y1 - flag.height) // 2
    else:
        left, top = x0 + INSET - 2, y0 + INSET + CHIP + 2
    return (left, top, left + flag.width, top + flag.height)


def tray_box(box: Box) -> Box:
    """The strip at the bottom of a square where a nest's covered pyramids are laid out."""
    x0, _, x1, y1 = box
    return (x0 + INSET, y1 - INSET - TRAY_H, x1 - INSET, y1 - INSET)


def size_of(code: str) -> int:
    return int(code[1])


# --- a stack on its square ------------------------------------------------------------------------


@dataclass(frozen=True)
class PlacedPyramid:
    """Where one pyramid of a stack is drawn, with its badge."""

    code: str
    covered: bool  # inside a nest: drawn small in the tray
    trapped: bool  # a pyramid of another colour is above it
    cap: bool  # the black cap of a completed tree
    scale: int
    centre_x: float
    baseline: float
    badge: tuple[float, float] | None  # the badge's centre
    badge_size: int


def place_stack(box: Box, square: Square) -> list[PlacedPyramid]:
    """Lay out a square's stack in its `box`, bottom to top (a cap last).

    A tree stands as a tower, each smaller pyramid perched TREE_LIFT up the bigger one under it, its
    badges in a column at the square's right edge, each level with the part of its pyramid that
    shows. A nest shows its outer (top) pyramid standing on the tray and the pyramids it covers
    small in the tray, innermost first, each followed by its badge. A covered pyramid is trapped
    (its badge gets a padlock) unless the whole stack is frozen.
    """
    stack, capped, nest = square.stack, square.capped, square.nest
    x0, _, x1, y1 = box
    flags = [False] * len(stack) if square.frozen else square.covered
    placed: list[PlacedPyramid] = []
    tower = [len(stack) - 1] if nest else list(range(len(stack)))
    base = y1 - INSET
    if nest:
        tray = tray_box(box)
        base = tray[1] - 4
        inner = list(range(len(stack) - 1))
        widths = [pyramid_extent(size_of(stack[i]), TRAY_SCALE)[0] for i in inner]
        gap = 4
        total = sum(w + 1 + TRAY_BADGE for w in widths) + gap * (len(inner) - 1)
        x = (tray[0] + tray[2]) / 2 - total / 2
        for i, width in zip(inner, widths, strict=True):
            badge = (x + width + 1 + TRAY_BADGE / 2, (tray[1] + tray[3]) / 2)
            placed.append(
                PlacedPyramid(
                    stack[i], True, flags[i], False, TRAY_SCALE, x + width / 2, tray[3] - 4, badge, TRAY_BADGE
                )
            )
            x += width + 1 + TRAY_BADGE + gap
    centre_x = x0 + (x1 - x0) * TOWER_X
    badge_x = x1 - INSET - BADGE / 2
    last_badge_y = None
    codes = [stack[i] for i in tower] + (["K1"] if capped else [])
    for k, code in enumerate(codes):
        is_cap = capped and k == len(codes) - 1
        height = pyramid_extent(size_of(code), TOWER_SCALE)[1]
        badge = None
        if not is_cap:
            shown = height * (TREE_LIFT if k < len(codes) - 1 else 0.7)
            badge_y = base - min(shown, height * 0.7) / 2 - 6
            if last_badge_y is not None:
                badge_y = min(badge_y, last_badge_y - BADGE - 1)
            badge = (badge_x, badge_y)
            last_badge_y = badge_y
        index = tower[k] if k < len(tower) else None
        trapped = flags[index] if index is not None else False
        placed.append(PlacedPyramid(code, False, trapped, is_cap, TOWER_SCALE, centre_x, base, badge, BADGE))
        base -= height * TREE_LIFT
    return placed


def padlock_box(piece: PlacedPyramid) -> Box:
    """Where a badge's padlock goes: over the badge's lower right edge."""
    lock = padlock_sprite(PADLOCK)
    half = piece.badge_size / 2
    x0 = round(piece.badge[0] + half - lock.width + 6)
    y0 = round(piece.badge[1] + half - lock.height + 7)
    return (x0, y0, x0 + lock.width, y0 + lock.height)


def arrow_ends(
    a: str, b: str, start_cut: float = 0.2, end_cut: float = 0.4
) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """From near square a's centre to near square b's (cut by these fractions of a square): by
    default astride the border, the head ending just inside the target."""
    ax0, ay0, ax1, ay1 = square_box(a)
    bx0, by0, bx1, by1 = square_box(b)
    (ax, ay), (bx, by) = ((ax0 + ax1) / 2, (ay0 + ay1) / 2), ((bx0 + bx1) / 2, (by0 + by1) / 2)
    length = math.hypot(bx - ax, by - ay)
    if length < 1:
        return None
    ux, uy = (bx - ax) / length, (by - ay) / length
    start, end = CELL * start_cut, CELL * end_cut
    return (ax + ux * start, ay + uy * start), (bx - ux * end, by - uy * end)
