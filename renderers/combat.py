"""Martian Combat pictures: the board (also the "hand": nothing in Combat is hidden) and the rules picture.

The board fills the picture: the 6x6 grid seen from the South side (files a-f left to right, ranks
1-6 bottom to top), its coordinates big beside it. Everything said in words (players, caps, whose
decision, the dice, the combat's rolls, the log and the key to these marks) is Discord's text,
worded by the presenter; the picture keeps what only a picture shows, each mark big enough for a
phone:
  - blocked squares are dark and hatched; an Advanced reserve nest stands on its blocked centre
    square inside an ice-blue frame with a snowflake, as a capped (finished) home tree does: both
    are frozen;
  - a player's home squares (their goal) are tinted in their colour and fly a flag with their
    letter; their start squares have a thick bar of their colour outside the board edge, and the
    rest of their starting row a thin one, like a seat at the table (grey once they are out);
  - a stack stands as on the table: a tree as a tower (each smaller pyramid perched on the bigger
    one), a nest as its outer pyramid with the pyramids it covers laid out small in a tray beneath;
    a black cap sits on a completed tree;
  - each pyramid has a letter badge of its colour (colour alone fails colour-blind players), with
    a padlock when an opponent's pyramid covers it (pinned or dug: it cannot move), and the corner
    chip gives the force of the top's owner: the pips of their unbroken run from the top;
  - the squares of the turn's last actions are tinted and framed in pink with arrows for moves,
    attacks, hops, swaps and digs; the combat opportunity being decided is framed in amber (solid:
    the force that arrived; dashed: the forces next to it), as is the square an Aim leg goes on from;
  - a tutorial's suggested move (the view's `suggested`, in the shape of a last action's marks) is
    framed in dashed white, its arrow white with a dashed shaft: what may happen, not what did.

Pictures are drawn in the kit's fixed palette, so marks reuse its colours.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from catalogue import N_, tr
from games.combat import BOARD_GEOMETRY, square_view
from games.combat_view import CombatView, Marks, Square

from .combat_sprites import (
    BADGE,
    BOARD_EDGE,
    CELL,
    CHIP,
    FROZEN,
    LAST,
    SQUARE_DARK,
    SQUARE_LIGHT,
    SQUARE_LINE,
    SUGGESTED,
    TRAY_FILL,
    colour_badge,
    draw_force_chip,
    goal_flag,
    hatch_tile,
    home_tint,
    last_tint,
    padlock_sprite,
    piece_rgb,
    scaled,
    snowflake_sprite,
)
from .common import (
    ACCENT,
    BACKGROUND,
    FAINT,
    MUTED,
    PANEL_EDGE,
    TEXT,
    WIDTH,
    Box,
    Colour,
    Pictures,
    dashed_frame,
    draw_arrow,
    draw_text,
    new_canvas,
    once_per_language,
    paste,
    to_png,
)
from .pieces import pyramid_extent, pyramid_sprite

__all__ = ["PICTURES", "colour_badge", "render_combat_board", "render_combat_rules_picture"]

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


def draw_stack(image: Image.Image, draw: ImageDraw.ImageDraw, placed: list[PlacedPyramid], box: Box) -> None:
    """The pyramids of a placed stack, and a nest's tray."""
    if any(piece.covered for piece in placed):
        draw.rounded_rectangle(tray_box(box), radius=12, fill=TRAY_FILL, outline=PANEL_EDGE, width=2)
    for piece in placed:  # bottom to top: a smaller pyramid covers the tip of the one under it
        width, _ = pyramid_extent(size_of(piece.code), piece.scale)
        sprite = pyramid_sprite(piece.code[0], size_of(piece.code), piece.scale, letter=False)
        paste(image, sprite, (piece.centre_x - width / 2, piece.baseline - sprite.height))


def padlock_box(piece: PlacedPyramid) -> Box:
    """Where a badge's padlock goes: over the badge's lower right edge."""
    lock = padlock_sprite(PADLOCK)
    half = piece.badge_size / 2
    x0 = round(piece.badge[0] + half - lock.width + 6)
    y0 = round(piece.badge[1] + half - lock.height + 7)
    return (x0, y0, x0 + lock.width, y0 + lock.height)


def draw_badges(image: Image.Image, placed: list[PlacedPyramid]) -> None:
    """The colour badges of a placed stack, each with a padlock if an opponent covers its pyramid."""
    for piece in placed:
        if piece.badge is None:
            continue
        _paste_centred(image, colour_badge(piece.code[0], piece.badge_size), piece.badge)
        if piece.trapped:
            paste(image, padlock_sprite(PADLOCK), padlock_box(piece)[:2])


def _paste_centred(image: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    paste(image, sprite, (centre[0] - sprite.width / 2, centre[1] - sprite.height / 2))


def draw_square(
    image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, square: Square, goal: str | None
) -> None:
    """An occupied square's stack with its badges, a goal's small flag, and the force chip (or, when
    frozen, the ice frame and snowflake): on the board and in the rules picture alike."""
    placed = place_stack(box, square)
    draw_stack(image, draw, placed, box)
    x0, y0, x1, y1 = box
    if square.frozen:
        draw.rectangle((x0 + 4, y0 + 4, x1 - 5, y1 - 5), outline=FROZEN, width=FRAME_W)
    if goal:
        paste(image, goal_flag(goal, SMALL_FLAG), goal_flag_box(box, alone=False)[:2])
    draw_badges(image, placed)
    chip = (x0 + INSET, y0 + INSET)
    if square.frozen:
        paste(image, snowflake_sprite(), chip)
    else:
        draw_force_chip(draw, chip, square.force.colour, square.force.pips)


# --- arrows ---------------------------------------------------------------------------------------


def _arrow_ends(
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


def arrow_between(draw: ImageDraw.ImageDraw, a: str, b: str, *, both: bool = False) -> None:
    """A last action's arrow, from square a to square b (both ways: a swap)."""
    ends = _arrow_ends(a, b)
    if ends:
        draw_arrow(draw, *ends, colour=LAST, outline=BACKGROUND, width=ARROW_W, both=both)


def suggested_arrow(draw: ImageDraw.ImageDraw, a: str, b: str, *, both: bool = False) -> None:
    """The suggested move's arrow: white, its shaft dashed (a move not made yet), its heads solid.
    Drawn over the stacks, from the origin's edge, so a step to the next square shows too."""
    ends = _arrow_ends(a, b, 0.5, 0.3)
    if not ends:
        return
    (x0, y0), (x1, y1) = ends
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    head = ARROW_W * 2.6  # draw_arrow's
    shaft_start, shaft_end = (head if both else 0.0), length - head
    dash = SUGGESTED_DASH
    for grow, fill in ((3, BACKGROUND), (0, SUGGESTED)):
        at = shaft_start
        while at < shaft_end:
            stop = min(at + dash, shaft_end)
            draw.line(
                [(x0 + ux * at, y0 + uy * at), (x0 + ux * stop, y0 + uy * stop)],
                fill=fill,
                width=ARROW_W + 2 * grow,
            )
            at += 2 * dash
    # each head as an arrow of its own, too short for a shaft to show behind it
    for (tip_x, tip_y), (back_x, back_y) in (((x1, y1), (-ux, -uy)), ((x0, y0), (ux, uy)))[: 1 + both]:
        base = (tip_x + back_x * head, tip_y + back_y * head)
        draw_arrow(draw, base, (tip_x, tip_y), colour=SUGGESTED, outline=BACKGROUND, width=ARROW_W)


# --- the board ------------------------------------------------------------------------------------


def render_combat_board(view: CombatView, *, names: list[str] | None = None) -> bytes:
    """The board, filling the picture. `names` are not drawn: the board's text names the players."""
    homes = view.goals  # an eliminated player's goals are plain squares again, as their bars go grey
    bars = tuple((seat.side, seat.colour, seat.eliminated, seat.row, seat.start) for seat in view.seats)
    image, draw = new_canvas(WIDTH, HEIGHT)
    image.paste(_board_base(view.blocked, tuple(homes.items()), bars), (0, 0))
    board = view.board
    marks = view.last_marks
    for square in marks.squares:
        if square not in view.blocked:
            x0, y0, x1, y1 = square_box(square)
            draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=last_tint(_square_fill(square, homes)))
    # empty goals fly a big flag; then the frames and arrows; then the stacks with their marks, so no
    # frame or arrow hides a badge or a chip
    for square, colour in homes.items():
        if square not in board:
            paste(image, goal_flag(colour, BIG_FLAG), goal_flag_box(square_box(square), alone=True)[:2])
    if view.offer and not view.is_over:
        _frame(draw, view.offer.square)
        for target in view.offer.targets:
            x0, y0, x1, y1 = square_box(target.square)
            dashed_frame(draw, (x0 + 6, y0 + 6, x1 - 7, y1 - 7), colour=ACCENT, width=FRAME_W, dash=14)
    if view.aim and view.aim.leg and not view.is_over:
        _frame(draw, view.aim.leg)
    for square in marks.squares:
        x0, y0, x1, y1 = square_box(square)
        draw.rectangle((x0, y0, x1 - 1, y1 - 1), outline=LAST, width=FRAME_W)
    for arrow in marks.arrows:
        arrow_between(draw, arrow.origin, arrow.target, both=arrow.both)
    suggested = view.suggested or Marks()  # a tutorial's suggested move (the engine's `marks`)
    for square in suggested.squares:
        x0, y0, x1, y1 = square_box(square)
        dashed_frame(draw, (x0, y0, x1 - 1, y1 - 1), colour=SUGGESTED, width=SUGGESTED_W, dash=SUGGESTED_DASH)
    for square, spot in board.items():
        draw_square(image, draw, square_box(square), spot, homes.get(square))
    for arrow in suggested.arrows:
        suggested_arrow(draw, arrow.origin, arrow.target, both=arrow.both)
    return to_png(image)


@lru_cache(maxsize=16)
def _board_base(blocked: tuple[str, ...], homes: tuple[tuple[str, str], ...], bars: tuple) -> Image.Image:
    """What stays put through a match: squares, tints, blocked squares, coordinates and the sides'
    bars; drawn once and copied under every board."""
    image, draw = new_canvas(WIDTH, HEIGHT)
    draw.rectangle(
        (BOARD_X0 - EDGE, BOARD_Y0 - EDGE, BOARD_X1 + EDGE - 1, BOARD_Y1 + EDGE - 1), fill=BOARD_EDGE
    )
    tile = hatch_tile(CELL)
    for square in SQUARES:
        box = square_box(square)
        if square in blocked:
            paste(image, tile, box[:2])
        else:
            draw.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=_square_fill(square, dict(homes)))
    for i in range(1, 6):
        x, y = BOARD_X0 + i * CELL, BOARD_Y0 + i * CELL
        draw.line((x, BOARD_Y0, x, BOARD_Y1 - 1), fill=SQUARE_LINE, width=2)
        draw.line((BOARD_X0, y, BOARD_X1 - 1, y), fill=SQUARE_LINE, width=2)
    _draw_coordinates(draw)
    for side, colour, eliminated, row, start in bars:  # a thin bar along the starting row, thick at starts
        for square in row:
            width = BAR_W if square in start else ROW_BAR_W
            draw.rectangle(
                start_bar_box(side, square, width), fill=FAINT if eliminated else piece_rgb(colour)
            )
    return image


def _square_fill(square: str, homes: dict[str, str]) -> Colour:
    column, row = square_index(square)
    base = SQUARE_LIGHT if (column + row) % 2 == 0 else SQUARE_DARK
    return home_tint(homes[square], base) if square in homes else base


def _frame(draw: ImageDraw.ImageDraw, square: str) -> None:
    x0, y0, x1, y1 = square_box(square)
    draw.rectangle((x0 + 6, y0 + 6, x1 - 7, y1 - 7), outline=ACCENT, width=FRAME_W)


def _draw_coordinates(draw: ImageDraw.ImageDraw) -> None:
    """Files under the South bars, ranks left of the West bars: the names the buttons use."""
    for i, file in enumerate(FILES):
        x = BOARD_X0 + (i + 0.5) * CELL
        draw_text(
            draw,
            (x, BOARD_Y1 + BAR_ROOM + COORD_ROOM / 2),
            file,
            size=COORD_SIZE,
            fill=MUTED,
            anchor="mm",
            bold=True,
        )
    for rank in range(1, RANKS + 1):
        y = BOARD_Y0 + (RANKS - rank + 0.5) * CELL
        draw_text(
            draw, (SIDE + COORD_ROOM / 2, y), str(rank), size=COORD_SIZE, fill=MUTED, anchor="mm", bold=True
        )


# --- the rules picture ----------------------------------------------------------------------------

# The rules picture's few words: each names a mark drawn beside it (the presenter's alt text says
# them too). /rules sends the rules themselves as text.
RULE_KEY = (
    ("start", N_("Start")),
    ("goal", N_("Goal")),
    ("blocked", N_("Blocked")),
    ("force", N_("Force")),
)
RULE_STACKS = (  # squares as views give them, and their names
    (square_view(["R3", "R2", "R1"]), N_("Tree")),
    (square_view(["R1", "R2", "R3"]), N_("Nest")),
    (square_view(["R3", "B1"]), N_("Pinned")),
    (square_view(["R3", "R2", "R1"], capped=True), N_("Capped")),
)
RULE_SIZE = 36  # 11.7 px at phone width
RULE_CELL = 76  # the small board's squares
RULE_MARGIN = 16
RULE_BOARD_X0 = RULE_MARGIN + BAR_ROOM
RULE_BOARD_Y0 = RULE_MARGIN + BAR_ROOM
RULE_KEY_X = RULE_BOARD_X0 + 6 * RULE_CELL + BAR_ROOM + 40
RULE_KEY_ROW = (6 * RULE_CELL) // len(RULE_KEY)
RULE_STACKS_Y = RULE_BOARD_Y0 + 6 * RULE_CELL + BAR_ROOM + 28
RULE_HEIGHT = RULE_STACKS_Y + 56 + CELL + RULE_MARGIN


def _rule_box(square: str) -> Box:
    column, row = square_index(square)
    x0, y0 = RULE_BOARD_X0 + column * RULE_CELL, RULE_BOARD_Y0 + row * RULE_CELL
    return (x0, y0, x0 + RULE_CELL, y0 + RULE_CELL)


def _rule_bar(side: str, box: Box, width: int) -> Box:
    x0, y0, x1, y1 = box
    near = EDGE + BAR_GAP
    return {
        "S": (x0 + 2, y1 + near, x1 - 2, y1 + near + width),
        "N": (x0 + 2, y0 - near - width, x1 - 2, y0 - near),
        "W": (x0 - near - width, y0 + 2, x0 - near, y1 - 2),
        "E": (x1 + near, y0 + 2, x1 + near + width, y1 - 2),
    }[side]


def _rule_board(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
    """The 4-player board: goals flagged, starting rows barred, blocked squares hatched."""
    x0, y0 = RULE_BOARD_X0, RULE_BOARD_Y0
    x1, y1 = x0 + 6 * RULE_CELL, y0 + 6 * RULE_CELL
    draw.rectangle((x0 - EDGE, y0 - EDGE, x1 + EDGE - 1, y1 + EDGE - 1), fill=BOARD_EDGE)
    sides = BOARD_GEOMETRY["sides"]
    homes = {square: side["colour"] for side in sides.values() for square in side["home"]}
    blocked = BOARD_GEOMETRY["corners"] + BOARD_GEOMETRY["centre"]
    tile = hatch_tile(RULE_CELL)
    for square in SQUARES:
        box = _rule_box(square)
        if square in blocked:
            paste(image, tile, box[:2])
        else:
            draw.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=_square_fill(square, homes))
    for i in range(1, 6):
        draw.line((x0 + i * RULE_CELL, y0, x0 + i * RULE_CELL, y1 - 1), fill=SQUARE_LINE, width=2)
        draw.line((x0, y0 + i * RULE_CELL, x1 - 1, y0 + i * RULE_CELL), fill=SQUARE_LINE, width=2)
    for side, info in sides.items():
        for square in info["row"]:
            width = BAR_W if square in info["start"] else ROW_BAR_W
            draw.rectangle(_rule_bar(side, _rule_box(square), width), fill=piece_rgb(info["colour"]))
    for square, colour in homes.items():
        box = _rule_box(square)
        _paste_centred(image, goal_flag(colour, SMALL_FLAG), ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2))


def _rule_key(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
    """Beside the small board, each of its marks and the force chip, named."""
    sample_w = 64
    for row, (mark, label) in enumerate(RULE_KEY):
        middle = RULE_BOARD_Y0 + RULE_KEY_ROW * (row + 0.5)
        x0 = RULE_KEY_X
        sample = (x0, round(middle - sample_w / 2), x0 + sample_w, round(middle + sample_w / 2))
        if mark == "start":
            draw.rectangle(sample, fill=SQUARE_LIGHT, outline=SQUARE_LINE)
            draw.rectangle((sample[0], sample[3] + 4, sample[2], sample[3] + 4 + BAR_W), fill=piece_rgb("R"))
        elif mark == "goal":
            draw.rectangle(sample, fill=home_tint("R"), outline=SQUARE_LINE)
            _paste_centred(image, goal_flag("R", SMALL_FLAG), (x0 + sample_w / 2, middle))
        elif mark == "blocked":
            paste(image, hatch_tile(RULE_CELL).crop((0, 0, sample_w, sample_w)), sample[:2])
        else:
            draw_force_chip(draw, (x0 + (sample_w - CHIP) / 2, middle - CHIP / 2), "R", 5)
        draw_text(
            draw, (x0 + sample_w + 24, middle), tr(label), size=RULE_SIZE, fill=TEXT, anchor="lm", bold=True
        )


def _rule_stacks(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
    """A row of squares drawn as on the board, each named above."""
    column_w = (WIDTH - 2 * RULE_MARGIN) // len(RULE_STACKS)
    for i, (square, name) in enumerate(RULE_STACKS):
        middle = RULE_MARGIN + column_w * (i + 0.5)
        draw_text(
            draw, (middle, RULE_STACKS_Y + 20), tr(name), size=RULE_SIZE, fill=TEXT, anchor="mm", bold=True
        )
        x0, y0 = round(middle - CELL / 2), RULE_STACKS_Y + 48
        box = (x0, y0, x0 + CELL, y0 + CELL)
        capped = square.capped
        draw.rectangle((x0 - EDGE, y0 - EDGE, box[2] + EDGE - 1, box[3] + EDGE - 1), fill=BOARD_EDGE)
        draw.rectangle((x0, y0, box[2] - 1, box[3] - 1), fill=home_tint("R") if capped else SQUARE_LIGHT)
        draw_square(image, draw, box, square, "R" if capped else None)


@once_per_language
def render_combat_rules_picture() -> bytes:
    """The /rules picture: the board with the sides' starts and goals, and four stacks (tree, nest,
    pin, capped goal), each named in a word. It never changes: drawn once per process and language."""
    image, draw = new_canvas(WIDTH, RULE_HEIGHT)
    _rule_board(image, draw)
    _rule_key(image, draw)
    _rule_stacks(image, draw)
    return to_png(image)


def rule_words() -> list[str]:
    """The rules picture's words, in the language spoken, in the order drawn."""
    return [tr(label) for _, label in RULE_KEY] + [tr(name) for _, name in RULE_STACKS]


# Nothing in Combat is hidden: a seat's picture is the board.
PICTURES = Pictures(board=render_combat_board, private=render_combat_board, rules=render_combat_rules_picture)
